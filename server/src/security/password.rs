//! Password hashing with Argon2id (19 MiB, 2 passes, 1 lane: OWASP's minimum), on
//! the blocking pool so hashing never stalls the request threads.

use std::sync::LazyLock;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use super::random_bytes;
use crate::BoxError;

/// Each hash holds 19 MiB: at most this many run at once, the rest wait their turn.
static HASHING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(4));

fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid Argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) for `password`.
pub async fn hash(password: &str) -> Result<String, BoxError> {
    let password = password.to_owned();
    let _permit = HASHING.acquire().await?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::encode_b64(&random_bytes::<16>())?;
        Ok(argon2()
            .hash_password(password.as_bytes(), &salt)?
            .to_string())
    })
    .await?
    .map_err(|e: argon2::password_hash::Error| e.to_string().into())
}

/// Whether `password` matches `stored`. With no stored hash (no such account) a
/// stand-in is checked instead, so the answer takes as long either way.
pub async fn verify(password: &str, stored: Option<&str>) -> Result<bool, BoxError> {
    static STAND_IN: LazyLock<String> = LazyLock::new(|| {
        let salt = SaltString::encode_b64(&random_bytes::<16>()).expect("16 bytes encode");
        argon2()
            .hash_password(b"a password nobody has", &salt)
            .expect("hashing works")
            .to_string()
    });
    let exists = stored.is_some();
    let stored = stored.map_or_else(|| STAND_IN.clone(), str::to_owned);
    let password = password.to_owned();
    let _permit = HASHING.acquire().await?;
    let matches = tokio::task::spawn_blocking(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        argon2()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await?;
    Ok(exists && matches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_are_argon2id_with_the_minimum_cost_and_verify() {
        let stored = hash("Secret12").await.unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("Secret12", Some(&stored)).await.unwrap());
        assert!(!verify("Secret13", Some(&stored)).await.unwrap());
        assert_ne!(hash("Secret12").await.unwrap(), stored, "salted");
    }

    #[tokio::test]
    async fn no_account_never_verifies() {
        assert!(!verify("a password nobody has", None).await.unwrap());
        assert!(!verify("x", Some("not a hash")).await.unwrap());
    }
}
