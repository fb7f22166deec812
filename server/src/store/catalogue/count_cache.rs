//! Listing totals and facets, each kept for a few seconds so repeated page views do not
//! count every match again (docs/ARCHITECTURE.md, "Totals").

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use super::filter::ProductFilter;

/// Listing totals (or facets) by filter, each kept for `ttl`. Bounded: when full it starts afresh.
///
/// When a total expires, the first caller recounts while the others keep getting the
/// old total: otherwise every request in flight at that moment would count at once.
/// Callers say what time it is (the catalogue's clock, in milliseconds), so tests move
/// time instead of waiting for it.
#[derive(Debug)]
pub(super) struct CountCache<V = i64> {
    ttl_ms: i64,
    capacity: usize,
    entries: Mutex<Entries<V>>,
}

#[derive(Debug)]
struct Entries<V> {
    totals: HashMap<ProductFilter, CountEntry<V>>,
    /// Moves on at every [`CountCache::clear`]: a total counted before a clear (from
    /// rows as they were before the change) is not kept after it.
    generation: u64,
}

impl<V> Default for Entries<V> {
    fn default() -> Self {
        Entries {
            totals: HashMap::new(),
            generation: 0,
        }
    }
}

#[derive(Debug)]
struct CountEntry<V> {
    total: V,
    counted_at: i64,
    /// When a caller set out to recount it; another may try after `RECOUNT_GRACE_MS`.
    recounting_since: Option<i64>,
}

/// How long a recount may take before another caller tries (the first may have failed).
const RECOUNT_GRACE_MS: i64 = 2_000;

impl<V: Clone> CountCache<V> {
    pub(super) fn new(ttl: Duration, capacity: usize) -> Self {
        CountCache {
            ttl_ms: i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX),
            capacity,
            entries: Mutex::new(Entries::default()),
        }
    }

    /// The total for `filter` while it is fresh, or while another caller recounts it.
    /// Otherwise this caller is to count, and [`CountCache::put`] the result with the
    /// generation given here.
    pub(super) fn get(&self, filter: &ProductFilter, now: i64) -> Result<V, u64> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let generation = entries.generation;
        let Some(entry) = entries.totals.get_mut(filter) else {
            return Err(generation);
        };
        if now - entry.counted_at < self.ttl_ms {
            return Ok(entry.total.clone());
        }
        match entry.recounting_since {
            Some(since) if now - since < RECOUNT_GRACE_MS => Ok(entry.total.clone()),
            _ => {
                entry.recounting_since = Some(now);
                Err(generation)
            }
        }
    }

    /// Keeps `total`, counted from `generation` on, unless the cache was cleared since.
    pub(super) fn put(&self, filter: ProductFilter, total: V, now: i64, generation: u64) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.generation != generation {
            return;
        }
        let totals = &mut entries.totals;
        if totals.len() >= self.capacity && !totals.contains_key(&filter) {
            totals.clear();
        }
        totals.insert(
            filter,
            CountEntry {
                total,
                counted_at: now,
                recounting_since: None,
            },
        );
    }

    pub(super) fn clear(&self) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.totals.clear();
        entries.generation += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::id::Id;

    #[test]
    fn an_expired_count_is_recounted_by_one_caller_while_the_others_get_the_old_one() {
        let cache = CountCache::new(Duration::from_millis(30), 8);
        let filter = ProductFilter::default();
        cache.put(filter.clone(), 7, 1_000, 0);
        assert_eq!(cache.get(&filter, 1_029), Ok(7), "fresh for 30 ms");
        assert_eq!(
            cache.get(&filter, 1_040),
            Err(0),
            "the first caller after expiry recounts"
        );
        assert_eq!(
            cache.get(&filter, 1_040),
            Ok(7),
            "the others keep the old total meanwhile"
        );
        assert_eq!(
            cache.get(&filter, 3_039),
            Ok(7),
            "while the recount may still run"
        );
        assert_eq!(
            cache.get(&filter, 3_040),
            Err(0),
            "a recount that has not come back in 2 s is tried again"
        );
        cache.put(filter.clone(), 8, 3_050, 0);
        assert_eq!(cache.get(&filter, 3_050), Ok(8));
    }

    #[test]
    fn count_cache_forgets_after_its_ttl_and_when_full() {
        let cache = CountCache::new(Duration::from_millis(30), 2);
        let a = ProductFilter {
            category_ids: vec![Id::stable("category", "a")],
            ..Default::default()
        };
        let b = ProductFilter {
            category_ids: vec![Id::stable("category", "b")],
            ..Default::default()
        };
        cache.put(a.clone(), 7, 0, 0);
        assert_eq!(cache.get(&a, 0), Ok(7));
        cache.put(b.clone(), 3, 0, 0);
        cache.put(ProductFilter::default(), 1, 0, 0); // full: starts afresh
        assert!(cache.get(&a, 0).is_err());
        assert_eq!(cache.get(&ProductFilter::default(), 29), Ok(1));
        assert!(cache.get(&ProductFilter::default(), 40).is_err());
    }

    #[test]
    fn a_total_counted_before_a_clear_is_not_kept_after_it() {
        let cache = CountCache::new(Duration::from_secs(10), 8);
        let filter = ProductFilter::default();
        let Err(generation) = cache.get(&filter, 0) else {
            panic!("nothing kept yet")
        };
        // The catalogue changes while this caller counts the rows as they were.
        cache.clear();
        cache.put(filter.clone(), 7, 0, generation);
        let Err(after) = cache.get(&filter, 0) else {
            panic!("the count from before the change was kept")
        };
        cache.put(filter.clone(), 8, 0, after);
        assert_eq!(cache.get(&filter, 0), Ok(8));
    }
}
