//! Time as Unix milliseconds in storage, ISO 8601 UTC strings on the wire.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch, now, by the system's clock. Rules about time
/// ask a [`Clock`] instead, so tests can move it.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Where the shop's time comes from: the system's clock when serving, a clock a test
/// sets and moves (so no test waits for time to pass). Clones share one time.
#[derive(Clone, Debug)]
pub struct Clock(Option<Arc<AtomicI64>>);

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock(None)
    }

    /// A clock that stands at `ms` until it is set or moved.
    pub fn manual(ms: i64) -> Clock {
        Clock(Some(Arc::new(AtomicI64::new(ms))))
    }

    /// Milliseconds since the Unix epoch, now.
    pub fn now_ms(&self) -> i64 {
        match &self.0 {
            None => now_ms(),
            Some(ms) => ms.load(Ordering::SeqCst),
        }
    }

    /// Seconds since the Unix epoch, now (what signed tokens and URLs count in).
    pub fn now_secs(&self) -> i64 {
        self.now_ms().div_euclid(1000)
    }

    /// Moves a manual clock on by `by`.
    ///
    /// # Panics
    /// On the system clock, which no one may move.
    pub fn advance(&self, by: Duration) {
        let by = i64::try_from(by.as_millis()).expect("a duration a clock can move by");
        self.manual_time().fetch_add(by, Ordering::SeqCst);
    }

    /// Sets a manual clock to `ms`.
    ///
    /// # Panics
    /// On the system clock, which no one may set.
    pub fn set(&self, ms: i64) {
        self.manual_time().store(ms, Ordering::SeqCst);
    }

    fn manual_time(&self) -> &AtomicI64 {
        self.0
            .as_deref()
            .expect("only a manual clock can be set or moved")
    }
}

/// `2026-11-21T09:05:03.120Z` for Unix milliseconds.
pub fn iso8601(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let millis = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The (year, month) of Unix milliseconds, in UTC: what a card's expiry is compared with.
pub fn year_month(ms: i64) -> (i64, i64) {
    let (y, m, _) = civil_from_days(ms.div_euclid(1000).div_euclid(86_400));
    (y, i64::from(m))
}

/// Howard Hinnant's `civil_from_days`: days since 1970-01-01 to (year, month, day).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso8601(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(iso8601(1_677_628_800_123), "2023-03-01T00:00:00.123Z");
        assert_eq!(iso8601(1_795_258_503_000), "2026-11-21T10:55:03.000Z");
    }

    #[test]
    fn a_manual_clock_stands_still_until_moved_and_clones_share_it() {
        let clock = Clock::manual(1_000);
        let shared = clock.clone();
        assert_eq!(clock.now_ms(), 1_000);
        shared.advance(Duration::from_millis(2_500));
        assert_eq!(clock.now_ms(), 3_500);
        assert_eq!(clock.now_secs(), 3);
        clock.set(-1);
        assert_eq!(shared.now_secs(), -1);
    }

    #[test]
    fn the_system_clock_follows_the_system() {
        let before = now_ms();
        let read = Clock::system().now_ms();
        assert!(before <= read && read <= now_ms());
    }

    #[test]
    fn formats_instants_before_the_epoch() {
        assert_eq!(iso8601(-1), "1969-12-31T23:59:59.999Z");
    }
}
