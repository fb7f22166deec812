//! Refunds' rules (docs/DESIGN.md §12): what can still be refunded on an order, and what
//! a refund staff ask for must be. The store enforces the same limit under concurrency
//! with one conditional write; these say it once for the answers and the checks.

use super::Money;

/// The longest reason staff may give for a refund.
pub const MAX_REASON_CHARS: usize = 500;

/// Why a refund of some amount cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundRefusal {
    /// Nothing was ever paid on the order (or it is all given back and was never
    /// more than nothing).
    NothingPaid,
    /// More than is left: at most `left` can be refunded (0 once all is back).
    TooMuch { left: Money },
}

/// What is left to refund: what was paid less what was refunded, never below 0.
pub fn refundable(paid: Money, refunded: Money) -> Money {
    Money::from_cents((paid.cents() - refunded.cents()).max(0))
}

/// Whether `amount` (more than 0) can be refunded on an order with `paid` taken and
/// `refunded` already given back.
pub fn check_amount(amount: Money, paid: Money, refunded: Money) -> Result<(), RefundRefusal> {
    if paid.cents() <= 0 {
        return Err(RefundRefusal::NothingPaid);
    }
    let left = refundable(paid, refunded);
    if amount.cents() > left.cents() {
        return Err(RefundRefusal::TooMuch { left });
    }
    Ok(())
}

/// The amount staff typed for a refund, in money: more than 0, at most
/// [`MAX_CENTS`](super::money::MAX_CENTS), with at most two decimals.
pub fn typed_amount(value: f64) -> Result<Money, &'static str> {
    match super::money::hundredths(value) {
        Some(cents) if cents > 0 && cents <= super::money::MAX_CENTS => {
            Ok(Money::from_cents(cents))
        }
        _ => Err("Amount must be more than 0 with at most two decimals"),
    }
}

/// Staff's reason, trimmed: 1 to [`MAX_REASON_CHARS`] characters.
pub fn check_reason(reason: &str) -> Result<&str, &'static str> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err("A reason is required");
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err("A reason may be at most 500 characters");
    }
    Ok(reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn m(cents: i64) -> Money {
        Money::from_cents(cents)
    }

    #[test]
    fn a_typed_amount_is_more_than_0_with_two_decimals_at_most() {
        assert_eq!(typed_amount(12.5), Ok(m(1_250)));
        assert_eq!(typed_amount(0.01), Ok(m(1)));
        for refused in [0.0, -1.0, 0.001, 12.345, f64::NAN] {
            assert_eq!(
                typed_amount(refused),
                Err("Amount must be more than 0 with at most two decimals"),
                "{refused}"
            );
        }
    }

    #[test]
    fn what_is_left_is_what_was_paid_less_what_went_back() {
        assert_eq!(refundable(m(10_000), m(2_500)), m(7_500));
        assert_eq!(refundable(m(10_000), m(10_000)), m(0));
        assert_eq!(refundable(m(0), m(0)), m(0));
    }

    #[test]
    fn a_refund_never_passes_what_is_left() {
        assert_eq!(check_amount(m(7_500), m(10_000), m(2_500)), Ok(()));
        assert_eq!(
            check_amount(m(7_501), m(10_000), m(2_500)),
            Err(RefundRefusal::TooMuch { left: m(7_500) })
        );
        assert_eq!(
            check_amount(m(1), m(10_000), m(10_000)),
            Err(RefundRefusal::TooMuch { left: m(0) })
        );
        assert_eq!(
            check_amount(m(1), m(0), m(0)),
            Err(RefundRefusal::NothingPaid)
        );
    }

    #[test]
    fn a_reason_is_trimmed_and_bounded() {
        assert_eq!(check_reason("  Wrong size  "), Ok("Wrong size"));
        assert_eq!(check_reason("   "), Err("A reason is required"));
        assert!(check_reason(&"x".repeat(500)).is_ok());
        assert_eq!(
            check_reason(&"x".repeat(501)),
            Err("A reason may be at most 500 characters")
        );
    }
}
