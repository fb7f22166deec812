//! Listing totals, each kept for a few seconds so repeated page views do not count
//! every match again (docs/ARCHITECTURE.md, "Totals").

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::ProductFilter;

/// Listing totals by filter, each kept for `ttl`. Bounded: when full it starts afresh.
///
/// When a total expires, the first caller recounts while the others keep getting the
/// old total: otherwise every request in flight at that moment would count at once.
#[derive(Debug)]
pub(super) struct CountCache {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<ProductFilter, CountEntry>>,
}

#[derive(Debug)]
struct CountEntry {
    total: i64,
    counted_at: Instant,
    /// When a caller set out to recount it; another may try after `RECOUNT_GRACE`.
    recounting_since: Option<Instant>,
}

/// How long a recount may take before another caller tries (the first may have failed).
const RECOUNT_GRACE: Duration = Duration::from_secs(2);

impl CountCache {
    pub(super) fn new(ttl: Duration, capacity: usize) -> Self {
        CountCache {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The total for `filter` while it is fresh, or while another caller recounts it.
    /// `None` asks this caller to count and [`CountCache::put`] the result.
    pub(super) fn get(&self, filter: &ProductFilter) -> Option<i64> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get_mut(filter)?;
        if entry.counted_at.elapsed() < self.ttl {
            return Some(entry.total);
        }
        match entry.recounting_since {
            Some(since) if since.elapsed() < RECOUNT_GRACE => Some(entry.total),
            _ => {
                entry.recounting_since = Some(Instant::now());
                None
            }
        }
    }

    pub(super) fn put(&self, filter: ProductFilter, total: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.capacity && !entries.contains_key(&filter) {
            entries.clear();
        }
        entries.insert(
            filter,
            CountEntry {
                total,
                counted_at: Instant::now(),
                recounting_since: None,
            },
        );
    }

    pub(super) fn clear(&self) {
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expired_count_is_recounted_by_one_caller_while_the_others_get_the_old_one() {
        let cache = CountCache::new(Duration::from_millis(30), 8);
        let filter = ProductFilter::default();
        cache.put(filter.clone(), 7);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(
            cache.get(&filter),
            None,
            "the first caller after expiry recounts"
        );
        assert_eq!(
            cache.get(&filter),
            Some(7),
            "the others keep the old total meanwhile"
        );
        assert_eq!(cache.get(&filter), Some(7));
        cache.put(filter.clone(), 8);
        assert_eq!(cache.get(&filter), Some(8));
    }

    #[test]
    fn count_cache_forgets_after_its_ttl_and_when_full() {
        let cache = CountCache::new(Duration::from_millis(30), 2);
        let a = ProductFilter {
            category_ids: vec!["a".into()],
            ..Default::default()
        };
        let b = ProductFilter {
            category_ids: vec!["b".into()],
            ..Default::default()
        };
        cache.put(a.clone(), 7);
        assert_eq!(cache.get(&a), Some(7));
        cache.put(b.clone(), 3);
        cache.put(ProductFilter::default(), 1); // full: starts afresh
        assert_eq!(cache.get(&a), None);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(cache.get(&ProductFilter::default()), None);
    }
}
