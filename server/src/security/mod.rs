//! Secrets: password hashing, signed access tokens, signed media URLs, one-time
//! codes and reset tokens. Every key derives from one secret (`SHOP_JWT_SECRET`, or a
//! file generated once in the data folder), so all nodes that share it agree.

pub mod password;
pub mod token;

use std::io::Write;
use std::path::Path;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::BoxError;

type HmacSha256 = Hmac<Sha256>;

/// The keys derived from the shop's secret, one per use, so a value signed for one
/// purpose can never pass as another.
#[derive(Clone)]
pub struct Keys {
    access_token: [u8; 32],
    media_url: [u8; 32],
    one_time_code: [u8; 32],
    order_link: [u8; 32],
    payment_webhook: [u8; 32],
}

// Keys never appear in logs.
impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(..)")
    }
}

/// The shortest secret accepted from configuration.
pub const MIN_SECRET_BYTES: usize = 32;
/// Where the generated secret is kept inside the data folder.
pub const SECRET_FILE: &str = "jwt-secret";

impl Keys {
    pub fn from_secret(secret: &[u8]) -> Keys {
        let derive = |purpose: &str| -> [u8; 32] { mac(secret, purpose.as_bytes()) };
        Keys {
            access_token: derive("shop/access-token/v1"),
            media_url: derive("shop/signed-media-url/v1"),
            one_time_code: derive("shop/one-time-code/v1"),
            order_link: derive("shop/order-link/v1"),
            payment_webhook: derive("shop/test-payment-webhook/v1"),
        }
    }

    /// Fresh random keys: for tests, where nothing outlives the process.
    pub fn random() -> Keys {
        Keys::from_secret(&random_bytes::<32>())
    }

    /// The configured secret, else the one kept in `data_dir`, created (mode 0600) the
    /// first time.
    pub fn load(configured: Option<&str>, data_dir: &Path) -> Result<Keys, BoxError> {
        if let Some(secret) = configured {
            if secret.len() < MIN_SECRET_BYTES {
                return Err(format!(
                    "SHOP_JWT_SECRET must be at least {MIN_SECRET_BYTES} characters long"
                )
                .into());
            }
            return Ok(Keys::from_secret(secret.as_bytes()));
        }
        let file = data_dir.join(SECRET_FILE);
        match std::fs::read_to_string(&file) {
            Ok(secret) if secret.trim().len() >= MIN_SECRET_BYTES => {
                return Ok(Keys::from_secret(secret.trim().as_bytes()))
            }
            Ok(_) => {
                return Err(format!(
                    "{} is too short: delete it or set SHOP_JWT_SECRET",
                    file.display()
                )
                .into())
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot read {}: {e}", file.display()).into()),
        }
        std::fs::create_dir_all(data_dir)?;
        let secret = hex(&random_bytes::<32>());
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.open(&file) {
            Ok(mut handle) => {
                handle.write_all(secret.as_bytes())?;
                handle.sync_all()?;
                tracing::info!("generated the token signing secret in {}", file.display());
                Ok(Keys::from_secret(secret.as_bytes()))
            }
            // Another process made it first: use theirs.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Keys::load(None, data_dir),
            Err(e) => Err(format!("cannot create {}: {e}", file.display()).into()),
        }
    }

    /// The signature of a private media path valid until `expires` (Unix seconds).
    pub fn sign_media(&self, path: &str, expires: i64) -> String {
        URL_SAFE_NO_PAD.encode(mac(
            &self.media_url,
            format!("{path}\n{expires}").as_bytes(),
        ))
    }

    /// Whether `signature` was made by [`Keys::sign_media`] for this path and expiry.
    pub fn media_signature_holds(&self, path: &str, expires: i64, signature: &str) -> bool {
        let Ok(given) = URL_SAFE_NO_PAD.decode(signature) else {
            return false;
        };
        let mut check = HmacSha256::new_from_slice(&self.media_url).expect("any key length");
        check.update(format!("{path}\n{expires}").as_bytes());
        check.verify_slice(&given).is_ok()
    }

    /// The token of an order's link, valid until `expires` (Unix ms): whoever holds
    /// the mail can open the order, and no other order.
    pub fn sign_order(&self, number: &str, expires: i64) -> String {
        let signature = mac(&self.order_link, format!("{number}\n{expires}").as_bytes());
        format!("{expires}.{}", URL_SAFE_NO_PAD.encode(signature))
    }

    /// Whether `token` was made by [`Keys::sign_order`] for this order and has not
    /// expired at `now` (Unix ms).
    pub fn order_token_holds(&self, number: &str, token: &str, now: i64) -> bool {
        let Some((expires, signature)) = token.split_once('.') else {
            return false;
        };
        let (Ok(expires), Ok(given)) = (expires.parse::<i64>(), URL_SAFE_NO_PAD.decode(signature))
        else {
            return false;
        };
        let mut check = HmacSha256::new_from_slice(&self.order_link).expect("any key length");
        check.update(format!("{number}\n{expires}").as_bytes());
        check.verify_slice(&given).is_ok() && now < expires
    }

    /// The secret the test payment provider signs its webhooks with, and the shop
    /// checks them with: every node sharing SHOP_JWT_SECRET agrees on it.
    pub fn payment_webhook_secret(&self) -> [u8; 32] {
        self.payment_webhook
    }

    /// What is stored for a one-time code: keyed, so a copy of the database alone
    /// cannot be searched for the six digits.
    pub fn code_digest(&self, user_id: &str, code: &str) -> String {
        hex(&mac(
            &self.one_time_code,
            format!("{user_id}\n{code}").as_bytes(),
        ))
    }
}

fn mac(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(key).expect("any key length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// Bytes from the operating system's cryptographic random source.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system's random source is unavailable");
    bytes
}

/// A six-digit code, uniform over 000000..=999999.
pub fn six_digit_code() -> String {
    // 4_294_000_000 is the largest multiple of 10^6 below 2^32: rejecting what lies
    // above it keeps every code equally likely.
    loop {
        let n = u32::from_le_bytes(random_bytes::<4>());
        if n < 4_294_000_000 {
            return format!("{:06}", n % 1_000_000);
        }
    }
}

/// A reset token (256 random bits, URL-safe) and the digest stored in its place.
pub fn reset_token() -> (String, String) {
    let token = URL_SAFE_NO_PAD.encode(random_bytes::<32>());
    let digest = token_digest(&token);
    (token, digest)
}

/// What is stored for a high-entropy token: its SHA-256.
pub fn token_digest(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Compares two strings in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_token_opens_its_order_until_it_expires() {
        let keys = Keys::random();
        let token = keys.sign_order("100001", 5_000);
        assert!(keys.order_token_holds("100001", &token, 4_999));
        assert!(!keys.order_token_holds("100001", &token, 5_000), "expired");
        assert!(
            !keys.order_token_holds("100002", &token, 0),
            "another order"
        );
        let later = token.replacen("5000.", "9000.", 1);
        assert!(
            !keys.order_token_holds("100001", &later, 0),
            "a moved expiry"
        );
        assert!(
            !Keys::random().order_token_holds("100001", &token, 0),
            "another shop"
        );
        assert!(!keys.order_token_holds("100001", "garbage", 0));
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..1000 {
            let code = six_digit_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn reset_tokens_carry_256_bits_and_are_stored_as_digests() {
        let (token, digest) = reset_token();
        assert_eq!(token.len(), 43);
        assert_eq!(digest, token_digest(&token));
        assert_ne!(reset_token().0, token);
    }

    #[test]
    fn media_signatures_bind_path_expiry_and_key() {
        let keys = Keys::from_secret(b"0123456789abcdef0123456789abcdef");
        let signature = keys.sign_media("private/a.jpg", 100);
        assert!(keys.media_signature_holds("private/a.jpg", 100, &signature));
        assert!(!keys.media_signature_holds("private/b.jpg", 100, &signature));
        assert!(!keys.media_signature_holds("private/a.jpg", 101, &signature));
        assert!(!keys.media_signature_holds("private/a.jpg", 100, "not base64!"));
        assert!(!Keys::random().media_signature_holds("private/a.jpg", 100, &signature));
    }

    #[test]
    fn code_digests_depend_on_user_and_code() {
        let keys = Keys::random();
        assert_eq!(
            keys.code_digest("u1", "123456"),
            keys.code_digest("u1", "123456")
        );
        assert_ne!(
            keys.code_digest("u1", "123456"),
            keys.code_digest("u2", "123456")
        );
        assert_ne!(
            keys.code_digest("u1", "123456"),
            keys.code_digest("u1", "123457")
        );
    }

    #[test]
    fn a_generated_secret_is_kept_private_and_reused() {
        let dir = std::env::temp_dir().join(format!("shop-secret-{}", crate::domain::new_id()));
        let first = Keys::load(None, &dir).unwrap();
        let second = Keys::load(None, &dir).unwrap();
        assert_eq!(first.access_token, second.access_token);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(SECRET_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(Keys::load(Some("short"), &dir).is_err());
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abc", "abd"));
        assert!(!same_secret("abc", "abcd"));
    }
}
