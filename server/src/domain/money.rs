//! Money as integer cents. The API speaks JSON numbers with two decimals; the
//! database stores whole cents so sums and comparisons are exact.

use std::fmt;

/// An amount in the shop's currency, in whole cents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// Why a price given as text could not be read.
#[derive(Debug, PartialEq, Eq)]
pub enum MoneyError {
    NotANumber,
    Negative,
    TooManyDecimals,
    TooLarge,
}

/// The largest amount the shop accepts anywhere: 10 million in the shop's currency.
pub const MAX_CENTS: i64 = 1_000_000_000;

impl Money {
    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// The JSON reading: a number with (at most) two decimals.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    /// Reads a non-negative decimal such as `12`, `12.5` or `12.50`.
    /// Exact: no floating point is involved, so `0.1` is ten cents.
    pub fn parse(text: &str) -> Result<Money, MoneyError> {
        let text = text.trim();
        if text.starts_with('-') {
            return Err(MoneyError::Negative);
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !(fraction.is_empty() && !text.ends_with('.') || digits(fraction)) {
            return Err(MoneyError::NotANumber);
        }
        if fraction.len() > 2 {
            return Err(MoneyError::TooManyDecimals);
        }
        let whole: i64 =
            whole
                .trim_start_matches('0')
                .parse()
                .or_else(|e: std::num::ParseIntError| match e.kind() {
                    std::num::IntErrorKind::Empty => Ok(0),
                    _ => Err(MoneyError::TooLarge),
                })?;
        let mut cents: i64 = fraction.parse().unwrap_or(0);
        if fraction.len() == 1 {
            cents *= 10;
        }
        let total = whole
            .checked_mul(100)
            .and_then(|w| w.checked_add(cents))
            .ok_or(MoneyError::TooLarge)?;
        if total > MAX_CENTS {
            return Err(MoneyError::TooLarge);
        }
        Ok(Money(total))
    }
}

/// `value` in hundredths (cents, basis points), if it has at most two decimals: how an
/// amount the API reads as a JSON number becomes whole cents.
pub fn hundredths(value: f64) -> Option<i64> {
    let scaled = value * 100.0;
    let rounded = scaled.round();
    (value.is_finite() && (scaled - rounded).abs() < 1e-6 && rounded.abs() < 1e15)
        .then_some(rounded as i64)
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_whole_and_decimal_amounts_exactly() {
        assert_eq!(Money::parse("12"), Ok(Money(1200)));
        assert_eq!(Money::parse("12.5"), Ok(Money(1250)));
        assert_eq!(Money::parse("12.05"), Ok(Money(1205)));
        assert_eq!(Money::parse("0.1"), Ok(Money(10)));
        assert_eq!(Money::parse("0"), Ok(Money(0)));
        assert_eq!(Money::parse("007.00"), Ok(Money(700)));
    }

    #[test]
    fn refuses_what_is_not_a_plain_amount() {
        assert_eq!(Money::parse("-1"), Err(MoneyError::Negative));
        assert_eq!(Money::parse("abc"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse(""), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse("1e3"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse("12."), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse(".5"), Err(MoneyError::NotANumber));
        assert_eq!(Money::parse("1.234"), Err(MoneyError::TooManyDecimals));
        assert_eq!(
            Money::parse("99999999999999999999"),
            Err(MoneyError::TooLarge)
        );
        assert_eq!(Money::parse("10000000.01"), Err(MoneyError::TooLarge));
    }

    #[test]
    fn hundredths_take_two_decimals_and_no_more() {
        assert_eq!(hundredths(12.5), Some(1_250));
        assert_eq!(hundredths(0.01), Some(1));
        assert_eq!(hundredths(19.99), Some(1_999));
        assert_eq!(hundredths(1.005), None);
        assert_eq!(hundredths(f64::NAN), None);
        assert_eq!(hundredths(f64::INFINITY), None);
    }

    #[test]
    fn displays_two_decimals() {
        assert_eq!(Money(1205).to_string(), "12.05");
        assert_eq!(Money(7).to_string(), "0.07");
    }
}
