//! Recent public catalogue answers, kept in memory: a repeated listing
//! page, product or review page is sent from here instead of being computed again.
//!
//! An answer is kept under its path, its query normalized (empty values dropped, pairs
//! sorted) and the client's `Accept-Encoding` (the bytes kept are the bytes sent,
//! compressed or not), and is sent again only while all of these hold:
//! - the catalogue's version this node has caught up with is the one it was computed at
//!   (every catalogue change, on any node, within about a second);
//! - no request that changed what the catalogue shows has finished on this node since
//!   it was computed: a member of staff's change to a product, category, banner, price
//!   or stock, or a review, shows at once on the node that made it. The store reports
//!   what each request changed (`store/shown.rs`); a cart, a wishlist, a sign-in or a
//!   profile changes nothing kept, and an order, a cancellation or a return only its
//!   products' own pages ([`ResponseCache::forget_products`]);
//! - it is less than [`FRESH_MS`] old: what changes without a report here (the stock
//!   orders move on listings, anything another node changes without a catalogue
//!   version) shows within about that. (Once it is older, the first request computes it
//!   again; the others in flight meanwhile still get it.)
//!
//! Answers that depend on who asks (a trade customer's prices) are never kept
//! (`validators.rs`).
//!
//! The generation and version are read before the answer is computed, so an answer
//! computed while a change went on is kept under the generation the change then moves
//! on from, and never sent again. Memory is bounded: at most [`MAX_BYTES`] of bodies and
//! [`MAX_ENTRIES`] answers, the oldest forgotten first.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::{HeaderMap, HeaderValue};
use bytes::Bytes;

/// How long an answer may be sent again at most.
pub const FRESH_MS: i64 = 1_000;
/// The most bytes of bodies kept.
pub const MAX_BYTES: usize = 16 * 1024 * 1024;
/// The most answers kept.
pub const MAX_ENTRIES: usize = 4_096;
/// The largest body kept (a listing of 100 products is about 60 KB).
const MAX_BODY_BYTES: usize = 512 * 1024;
/// The longest key kept: a longer query is answered, not kept.
const MAX_KEY_BYTES: usize = 2_048;

/// A kept answer: a 200's headers and body, and its tag.
#[derive(Debug)]
pub struct Kept {
    pub headers: HeaderMap,
    pub body: Bytes,
    pub tag: HeaderValue,
}

/// When an answer was computed: this node's generation and catalogue version,
/// read before computing it, and the time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    pub generation: u64,
    pub version: i64,
    pub at_ms: i64,
}

#[derive(Debug)]
struct Entry {
    kept: Arc<Kept>,
    stamp: Stamp,
    /// When a caller set out to compute it again, once it was a second old.
    refreshing_since: Option<i64>,
}

/// How long the others keep getting an answer a caller is computing again, before
/// another tries (the first may have failed).
const REFRESH_GRACE_MS: i64 = 2_000;

#[derive(Debug, Default)]
struct Entries {
    by_key: HashMap<String, Entry>,
    /// Keys in the order they were kept, oldest first (a key kept again appears twice;
    /// its older place is skipped when reached).
    order: VecDeque<(String, Stamp)>,
    bytes: usize,
}

#[derive(Debug, Default)]
pub struct ResponseCache {
    entries: Mutex<Entries>,
    generation: AtomicU64,
}

impl ResponseCache {
    /// This node's generation: moves on when a request that changed what the catalogue
    /// shows finishes.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// A request that changed what the catalogue shows has finished: nothing kept
    /// before is sent again.
    pub fn shown_changed(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The answer kept under `key`, if it may still be sent at `now` (the generation
    /// and version as they are now). Once it is a second old the first caller is told to
    /// compute it again while the others keep getting it meanwhile, so a popular answer
    /// is not computed by every request in flight at that moment.
    pub fn get(&self, key: &str, now: Stamp) -> Option<Arc<Kept>> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.by_key.get_mut(key)?;
        if entry.stamp.generation != now.generation || entry.stamp.version != now.version {
            return None;
        }
        if now.at_ms - entry.stamp.at_ms < FRESH_MS {
            return Some(entry.kept.clone());
        }
        match entry.refreshing_since {
            Some(since) if now.at_ms - since < REFRESH_GRACE_MS => Some(entry.kept.clone()),
            _ => {
                entry.refreshing_since = Some(now.at_ms);
                None
            }
        }
    }

    /// Keeps `kept` under `key`, computed at `stamp`, forgetting the oldest answers to
    /// stay within the bounds.
    pub fn put(&self, key: String, kept: Kept, stamp: Stamp) {
        let size = kept.body.len() + key.len();
        if kept.body.len() > MAX_BODY_BYTES || key.len() > MAX_KEY_BYTES {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entries = &mut *entries;
        if let Some(old) = entries.by_key.remove(&key) {
            entries.bytes -= old.kept.body.len() + key.len();
        }
        while entries.bytes + size > MAX_BYTES || entries.by_key.len() >= MAX_ENTRIES {
            let Some((oldest, stamp)) = entries.order.pop_front() else {
                break;
            };
            // Only the place the key was last kept at removes it.
            if entries
                .by_key
                .get(&oldest)
                .is_some_and(|e| e.stamp == stamp)
            {
                let gone = entries.by_key.remove(&oldest).expect("just seen");
                entries.bytes -= gone.kept.body.len() + oldest.len();
            }
        }
        entries.bytes += size;
        entries.order.push_back((key.clone(), stamp));
        entries.by_key.insert(
            key,
            Entry {
                kept: Arc::new(kept),
                stamp,
                refreshing_since: None,
            },
        );
        // Places of keys kept again pile up; start the queue afresh when it is mostly those.
        if entries.order.len() > 2 * MAX_ENTRIES {
            let mut order: Vec<(String, Stamp)> = entries
                .by_key
                .iter()
                .map(|(key, entry)| (key.clone(), entry.stamp))
                .collect();
            order.sort_by_key(|(_, stamp)| stamp.at_ms);
            entries.order = order.into();
        }
    }

    /// Forgets the kept pages of these products (`/api/product/{id}`, every query and
    /// encoding): their stock moved. (A page computed while the move was committing may
    /// be kept after; it is at most a second old, as any kept answer.)
    pub fn forget_products(&self, ids: &[String]) {
        let prefixes: Vec<String> = ids.iter().map(|id| format!("/api/product/{id}?")).collect();
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entries = &mut *entries;
        let mut freed = 0;
        entries.by_key.retain(|key, entry| {
            let forget = prefixes
                .iter()
                .any(|prefix| key.starts_with(prefix.as_str()));
            if forget {
                freed += entry.kept.body.len() + key.len();
            }
            !forget
        });
        entries.bytes -= freed;
    }

    /// How many answers and bytes of bodies are kept.
    pub fn size(&self) -> (usize, usize) {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        (entries.by_key.len(), entries.bytes)
    }
}

/// The key an answer is kept under: the path, the query's non-empty pairs sorted, and
/// the encodings the client accepts. `None` for a query that is not `name=value` pairs
/// (the handler refuses it; nothing is kept).
pub fn key(
    path: &str,
    query: Option<&str>,
    accept_encoding: Option<&HeaderValue>,
) -> Option<String> {
    let mut pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(query.unwrap_or_default()).ok()?;
    pairs.retain(|(_, value)| !value.trim().is_empty());
    pairs.sort();
    let query = serde_urlencoded::to_string(&pairs).ok()?;
    let encoding = accept_encoding
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    Some(format!("{path}?{query}\n{encoding}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(bytes: usize) -> Kept {
        Kept {
            headers: HeaderMap::new(),
            body: Bytes::from(vec![b'x'; bytes]),
            tag: HeaderValue::from_static("\"t\""),
        }
    }

    fn stamp(generation: u64, version: i64, at_ms: i64) -> Stamp {
        Stamp {
            generation,
            version,
            at_ms,
        }
    }

    #[test]
    fn keys_ignore_the_order_and_empty_values_of_a_query_but_not_its_values_or_encoding() {
        let gzip = HeaderValue::from_static("gzip");
        let a = key(
            "/api/product",
            Some("page=2&keyword=brass+tap&minPrice="),
            Some(&gzip),
        );
        let b = key(
            "/api/product",
            Some("keyword=brass%20tap&page=2"),
            Some(&gzip),
        );
        assert!(a.is_some());
        assert_eq!(a, b);
        assert_ne!(
            a,
            key(
                "/api/product",
                Some("keyword=brass%20tap&page=3"),
                Some(&gzip)
            )
        );
        assert_ne!(
            a,
            key("/api/product", Some("keyword=brass%20tap&page=2"), None)
        );
        assert_ne!(
            key("/api/product", Some("keyword=a%26page%3D2"), None),
            key("/api/product", Some("keyword=a&page=2"), None),
            "an escaped & or = stays apart"
        );
        assert_eq!(
            key("/api/product", None, None).as_deref(),
            Some("/api/product?\n")
        );
    }

    #[test]
    fn an_answer_is_sent_again_at_one_generation_and_version_and_computed_again_by_one_after_a_second(
    ) {
        let cache = ResponseCache::default();
        cache.put("k".into(), kept(10), stamp(0, 7, 1_000));
        assert!(cache.get("k", stamp(0, 7, 1_999)).is_some());
        assert!(
            cache.get("k", stamp(1, 7, 1_000)).is_none(),
            "a change here since"
        );
        assert!(
            cache.get("k", stamp(0, 8, 1_000)).is_none(),
            "the catalogue changed"
        );
        assert!(cache.get("other", stamp(0, 7, 1_000)).is_none());
        assert!(
            cache.get("k", stamp(0, 7, 2_000)).is_none(),
            "a second old: this caller computes it again"
        );
        assert!(
            cache.get("k", stamp(0, 7, 2_100)).is_some(),
            "the others meanwhile get it"
        );
        assert!(
            cache.get("k", stamp(0, 7, 4_000)).is_none(),
            "a computation not back in 2 s is tried again"
        );
        cache.put("k".into(), kept(10), stamp(0, 7, 4_050));
        assert!(cache.get("k", stamp(0, 7, 4_060)).is_some());
    }

    #[test]
    fn a_products_pages_are_forgotten_alone_and_their_bytes_given_back() {
        let cache = ResponseCache::default();
        let now = stamp(0, 0, 0);
        let page = |id: &str, query: &str, encoding: &str| {
            key(
                &format!("/api/product/{id}"),
                Some(query),
                Some(&HeaderValue::from_str(encoding).unwrap()),
            )
            .unwrap()
        };
        let kept_keys = [
            page("a1", "", "gzip"),
            page("a1", "variant=v1", "identity"),
            page("a12", "", "gzip"),
            "/api/product/a1/related?\ngzip".to_string(),
            "/api/product?page=1\ngzip".to_string(),
        ];
        for k in &kept_keys {
            cache.put(k.clone(), kept(10), now);
        }
        let bytes = cache.size().1;
        cache.forget_products(&["a1".to_string()]);
        assert!(cache.get(&kept_keys[0], now).is_none());
        assert!(cache.get(&kept_keys[1], now).is_none());
        for k in &kept_keys[2..] {
            assert!(cache.get(k, now).is_some(), "{k}");
        }
        assert_eq!(
            cache.size(),
            (3, bytes - 20 - kept_keys[0].len() - kept_keys[1].len())
        );
        // Its place in the queue is skipped when reached; kept again, it is kept.
        cache.put(kept_keys[0].clone(), kept(10), stamp(0, 0, 1));
        assert!(cache.get(&kept_keys[0], stamp(0, 0, 1)).is_some());
    }

    #[test]
    fn memory_stays_bounded_forgetting_the_oldest_first() {
        let cache = ResponseCache::default();
        let body = MAX_BODY_BYTES;
        let fits = MAX_BYTES / (body + 2);
        for i in 0..fits + 3 {
            cache.put(format!("{i:02}"), kept(body), stamp(0, 0, i as i64));
        }
        let (count, bytes) = cache.size();
        assert!(bytes <= MAX_BYTES, "{bytes}");
        assert_eq!(count, fits);
        assert!(
            cache.get("00", stamp(0, 0, 0)).is_none(),
            "the oldest went first"
        );
        let last = format!("{:02}", fits + 2);
        assert!(cache.get(&last, stamp(0, 0, (fits + 2) as i64)).is_some());
        // Kept again, a key takes its new place and its old bytes are given back.
        cache.put(last.clone(), kept(1), stamp(0, 0, 100));
        assert!(cache.size().1 < bytes);
        cache.put("big".into(), kept(MAX_BODY_BYTES + 1), stamp(0, 0, 0));
        assert!(
            cache.get("big", stamp(0, 0, 0)).is_none(),
            "too big to keep"
        );
        for i in 0..3 * MAX_ENTRIES {
            cache.put(format!("small{}", i % 10), kept(1), stamp(0, 0, i as i64));
        }
        assert!(cache.size().0 <= MAX_ENTRIES);
    }
}
