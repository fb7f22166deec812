//! Access tokens: compact JWTs signed with HMAC-SHA256. Each carries the user's
//! token version; bumping the version in the database (password change or reset,
//! account deletion) revokes every token issued before, on every node.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::Mac;
use serde::{Deserialize, Serialize};

use super::{HmacSha256, Keys};
use crate::domain::account_policy::TOKEN_LIFETIME_SECS;

/// `{"alg":"HS256","typ":"JWT"}`: the only header this shop issues or accepts, so no
/// token can pick its own algorithm.
const HEADER: &str = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// The user's id.
    pub sub: String,
    /// The user's token version when the token was issued.
    pub ver: i64,
    /// Issued at, Unix seconds.
    pub iat: i64,
    /// Expires at, Unix seconds.
    pub exp: i64,
}

impl Keys {
    /// A token for `user_id` at `version`, valid from `now` (Unix seconds) for
    /// [`TOKEN_LIFETIME_SECS`].
    pub fn issue_token(&self, user_id: &str, version: i64, now: i64) -> String {
        let claims = Claims {
            sub: user_id.to_string(),
            ver: version,
            iat: now,
            exp: now + TOKEN_LIFETIME_SECS,
        };
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims).expect("claims serialise"));
        let signed = format!("{HEADER}.{body}");
        let signature = URL_SAFE_NO_PAD.encode(self.token_mac(&signed).finalize().into_bytes());
        format!("{signed}.{signature}")
    }

    /// The claims of a token this shop signed and that has not expired at `now`.
    /// Whether its version is still current is for the caller to check.
    pub fn verify_token(&self, token: &str, now: i64) -> Option<Claims> {
        let (signed, signature) = token.rsplit_once('.')?;
        let (header, body) = signed.split_once('.')?;
        if header != HEADER {
            return None;
        }
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        self.token_mac(signed).verify_slice(&signature).ok()?;
        let claims: Claims = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(body).ok()?).ok()?;
        (claims.exp > now).then_some(claims)
    }

    fn token_mac(&self, signed: &str) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.access_token).expect("any key length");
        mac.update(signed.as_bytes());
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    #[test]
    fn a_token_verifies_until_it_expires() {
        let keys = Keys::random();
        let token = keys.issue_token("user-1", 3, NOW);
        let claims = keys.verify_token(&token, NOW + 60).expect("valid");
        assert_eq!((claims.sub.as_str(), claims.ver), ("user-1", 3));
        assert!(keys
            .verify_token(&token, NOW + TOKEN_LIFETIME_SECS)
            .is_none());
    }

    #[test]
    fn forged_and_foreign_tokens_fail() {
        let keys = Keys::random();
        let token = keys.issue_token("user-1", 0, NOW);
        assert!(Keys::random().verify_token(&token, NOW).is_none());
        let (signed, _) = token.rsplit_once('.').unwrap();
        let claims = URL_SAFE_NO_PAD.encode(br#"{"sub":"admin","ver":0,"iat":0,"exp":9999999999}"#);
        let (header, _) = signed.split_once('.').unwrap();
        let swapped = format!("{header}.{claims}.{}", token.rsplit_once('.').unwrap().1);
        assert!(keys.verify_token(&swapped, NOW).is_none());
        let none_alg = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#),
            claims
        );
        assert!(keys.verify_token(&none_alg, NOW).is_none());
        assert!(keys.verify_token("", NOW).is_none());
        assert!(keys.verify_token("a.b.c", NOW).is_none());
    }
}
