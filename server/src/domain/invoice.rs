//! Invoices and credit notes (docs/DESIGN.md §10): their numbers, one gapless sequence of
//! each per shop, and what a credit note may credit.

use super::Money;

/// The two kinds of tax document and their sequences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DocumentKind {
    Invoice,
    CreditNote,
}

impl DocumentKind {
    /// The sequence's name where the counters are kept.
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::Invoice => "invoice",
            DocumentKind::CreditNote => "credit_note",
        }
    }

    /// The `n`th document's number: `INV-000001`, `CN-000001` (more digits past a million).
    pub fn number(self, n: i64) -> String {
        let prefix = match self {
            DocumentKind::Invoice => "INV",
            DocumentKind::CreditNote => "CN",
        };
        format!("{prefix}-{n:06}")
    }
}

/// What a cancellation credits: what the order came to, less what its earlier credit
/// notes credited together, never below 0.
pub fn left_to_credit(total: Money, credited: Money) -> Money {
    Money::from_cents((total.cents() - credited.cents()).max(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_six_digits_at_least_and_their_kinds_prefix() {
        assert_eq!(DocumentKind::Invoice.number(1), "INV-000001");
        assert_eq!(DocumentKind::CreditNote.number(42), "CN-000042");
        assert_eq!(DocumentKind::Invoice.number(1_234_567), "INV-1234567");
    }

    #[test]
    fn a_cancellation_credits_what_is_left() {
        let total = Money::from_cents(10_000);
        assert_eq!(left_to_credit(total, Money::from_cents(0)), total);
        assert_eq!(
            left_to_credit(total, Money::from_cents(2_500)),
            Money::from_cents(7_500)
        );
        assert_eq!(
            left_to_credit(total, Money::from_cents(10_001)),
            Money::from_cents(0)
        );
    }
}
