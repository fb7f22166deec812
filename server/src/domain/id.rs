//! Identifiers: 24 lowercase hex characters, time-ordered (like a MongoDB ObjectId,
//! which the storefront's `_id` fields were designed around).

use super::time::now_ms;

/// A new identifier: 8 hex digits of seconds, then 16 of randomness from the OS.
pub fn new_id() -> String {
    let mut random = [0u8; 8];
    getrandom::fill(&mut random).expect("the operating system's random source is unavailable");
    let secs = (now_ms() / 1000) as u32;
    format!("{secs:08x}{}", hex(&random))
}

/// A stable identifier for seeded records, so seeding twice writes the same rows.
pub fn stable_id(kind: &str, key: &str) -> String {
    let a = fnv1a(0xcbf2_9ce4_8422_2325, kind.as_bytes(), key.as_bytes());
    let b = fnv1a(a ^ 0x9e37_79b9_7f4a_7c15, key.as_bytes(), kind.as_bytes());
    format!("{:08x}{:016x}", (a >> 32) as u32, b)
}

/// 12 hex digits that change whenever `bytes` do (FNV-1a; not for security).
pub fn content_tag(bytes: &[u8]) -> String {
    format!("{:012x}", fnv1a(0xcbf2_9ce4_8422_2325, bytes, &[]) >> 16)
}

/// Whether `text` looks like an identifier this shop issues.
pub fn is_valid(text: &str) -> bool {
    text.len() == 24
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// An identifier of the shop's shape, checked once where it enters (a path, a query,
/// a body) so the store is never asked about text that cannot name a record.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Id(String);

impl Id {
    /// `text` as an identifier, if it has the shape of one this shop issues.
    pub fn parse(text: &str) -> Option<Id> {
        is_valid(text).then(|| Id(text.to_string()))
    }

    /// A new identifier (see [`new_id`]).
    pub fn generate() -> Id {
        Id(new_id())
    }

    /// The stable identifier of a seeded record (see [`stable_id`]).
    pub fn stable(kind: &str, key: &str) -> Id {
        Id(stable_id(kind, key))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Display for Id {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Id {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Id {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

fn fnv1a(mut hash: u64, first: &[u8], second: &[u8]) -> u64 {
    for &byte in first.iter().chain([0u8].iter()).chain(second) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_ids_are_valid_and_distinct() {
        let (a, b) = (new_id(), new_id());
        assert!(is_valid(&a), "{a}");
        assert_ne!(a, b);
    }

    #[test]
    fn stable_ids_repeat_for_the_same_key_only() {
        assert_eq!(stable_id("product", "tap-1"), stable_id("product", "tap-1"));
        assert_ne!(stable_id("product", "tap-1"), stable_id("product", "tap-2"));
        assert_ne!(stable_id("product", "x"), stable_id("category", "x"));
        assert!(is_valid(&stable_id("banner", "winter")));
    }

    #[test]
    fn content_tags_follow_the_content() {
        assert_eq!(content_tag(b"<svg/>"), content_tag(b"<svg/>"));
        assert_ne!(content_tag(b"<svg/>"), content_tag(b"<svg />"));
        assert_eq!(content_tag(b"x").len(), 12);
    }

    #[test]
    fn ids_parse_only_from_the_shape_the_shop_issues() {
        let id = Id::generate();
        assert_eq!(Id::parse(id.as_str()), Some(id.clone()));
        assert_eq!(id.to_string().len(), 24);
        assert_eq!(Id::parse("not-an-id"), None);
        assert_eq!(Id::parse("' OR 1=1"), None);
        assert_eq!(Id::parse(&format!(" {id}")), None);
    }

    #[test]
    fn rejects_foreign_shapes() {
        assert!(!is_valid("not-an-id"));
        assert!(!is_valid("0123456789ABCDEF01234567"));
        assert!(!is_valid(""));
    }
}
