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

/// The UTC calendar date `YYYY-MM-DD` of Unix milliseconds.
pub fn date_of(ms: i64) -> String {
    let (y, m, d) = civil_from_days(ms.div_euclid(1000).div_euclid(86_400));
    format!("{y:04}-{m:02}-{d:02}")
}

/// The (year, month) of Unix milliseconds, in UTC: what a card's expiry is compared with.
pub fn year_month(ms: i64) -> (i64, i64) {
    let (y, m, _) = civil_from_days(ms.div_euclid(1000).div_euclid(86_400));
    (y, i64::from(m))
}

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;

/// The first millisecond (UTC) of the calendar date `YYYY-MM-DD`; `None` for any other
/// shape or a date that does not exist (2025-02-30). Administrators filter by dates
/// in this form, and the shop keeps its days in UTC.
pub fn parse_date(text: &str) -> Option<i64> {
    let digits = |from: usize, to: usize| -> Option<i64> {
        let part = text.get(from..to)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0, 4)?, digits(5, 7)?, digits(8, 10)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let days = days_from_civil(y, m, d);
    // A day past the month's end rolls into the next month: refuse it.
    (civil_from_days(days) == (y, m as u32, d as u32)).then_some(days * DAY_MS)
}

/// The first millisecond of the UTC day that holds `ms`.
pub fn start_of_day(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS) * DAY_MS
}

/// The first millisecond of the ISO week (Monday 00:00 UTC) that holds `ms`.
pub fn start_of_week(ms: i64) -> i64 {
    let days = ms.div_euclid(DAY_MS);
    // 1970-01-01 was a Thursday: three days after a Monday.
    (days - (days + 3).rem_euclid(7)) * DAY_MS
}

/// Howard Hinnant's `days_from_civil`: (year, month, day) to days since 1970-01-01.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
    fn reads_calendar_dates_and_refuses_the_rest() {
        assert_eq!(parse_date("1970-01-01"), Some(0));
        assert_eq!(parse_date("2000-02-29"), Some(951_782_400_000));
        assert_eq!(parse_date("2023-03-01"), Some(1_677_628_800_000));
        for bad in [
            "2023-02-29",
            "2023-13-01",
            "2023-00-10",
            "2023-04-31",
            "2023-4-01",
            "20230401",
            "2023-04-01T00:00",
            "yesterday",
            "",
            "+123-04-01",
            "2023-04-0a",
        ] {
            assert_eq!(parse_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn days_and_weeks_start_at_midnight_utc_and_on_mondays() {
        // Wednesday 2023-03-01 12:00:00.5 UTC.
        let wednesday = 1_677_628_800_000 + 12 * 3_600_000 + 500;
        assert_eq!(start_of_day(wednesday), 1_677_628_800_000);
        // Monday 2023-02-27.
        assert_eq!(
            iso8601(start_of_week(wednesday)),
            "2023-02-27T00:00:00.000Z"
        );
        let monday = parse_date("2023-02-27").unwrap();
        assert_eq!(start_of_week(monday), monday);
        assert_eq!(start_of_week(monday - 1), parse_date("2023-02-20").unwrap());
        assert_eq!(iso8601(start_of_week(0)), "1969-12-29T00:00:00.000Z");
    }

    #[test]
    fn formats_instants_before_the_epoch() {
        assert_eq!(iso8601(-1), "1969-12-31T23:59:59.999Z");
    }
}
