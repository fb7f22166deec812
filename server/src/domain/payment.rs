//! Card payments' pure rules (docs/DESIGN.md §7): the card number checks a tokenizer makes,
//! the brand a number belongs to, and the order's payment status, derived from its
//! recorded transactions and never set by hand.

use super::order::PaymentStatus;
use super::Money;

/// What a recorded transaction did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TransactionKind)]
pub enum TxnKind {
    /// The provider set the amount aside on the card (or refused to).
    Authorization,
    /// The amount set aside was taken: the money moved.
    Capture,
    /// Captured money went back to the card.
    Refund,
    /// An authorization was released without taking anything.
    Void,
}

impl TxnKind {
    pub const ALL: [TxnKind; 4] = [
        TxnKind::Authorization,
        TxnKind::Capture,
        TxnKind::Refund,
        TxnKind::Void,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TxnKind::Authorization => "authorization",
            TxnKind::Capture => "capture",
            TxnKind::Refund => "refund",
            TxnKind::Void => "void",
        }
    }

    pub fn parse(text: &str) -> Option<TxnKind> {
        TxnKind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// Where a transaction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TransactionStatus)]
pub enum TxnStatus {
    Succeeded,
    Failed,
    /// Waiting on the shopper (3-D Secure) or on the provider.
    Pending,
}

impl TxnStatus {
    pub const ALL: [TxnStatus; 3] = [TxnStatus::Succeeded, TxnStatus::Failed, TxnStatus::Pending];

    pub fn as_str(self) -> &'static str {
        match self {
            TxnStatus::Succeeded => "succeeded",
            TxnStatus::Failed => "failed",
            TxnStatus::Pending => "pending",
        }
    }

    pub fn parse(text: &str) -> Option<TxnStatus> {
        TxnStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// An order's payment status from its transactions (kind, status, amount), in any
/// order: refunds that went through make it refunded once they reach what was captured,
/// partially refunded before; else a capture makes it paid; else the newest
/// authorization decides (pending while it waits or is set aside uncaptured, failed
/// when refused); a released authorization and no transaction at all leave it unpaid.
pub fn derive_status(transactions: &[(TxnKind, TxnStatus, Money)]) -> PaymentStatus {
    let has = |kind: TxnKind, status: TxnStatus| {
        transactions
            .iter()
            .any(|&(k, s, _)| k == kind && s == status)
    };
    let succeeded = |kind: TxnKind| -> i64 {
        transactions
            .iter()
            .filter(|&&(k, s, _)| k == kind && s == TxnStatus::Succeeded)
            .map(|(_, _, amount)| amount.cents())
            .sum()
    };
    if has(TxnKind::Refund, TxnStatus::Succeeded) {
        return if succeeded(TxnKind::Refund) < succeeded(TxnKind::Capture) {
            PaymentStatus::PartiallyRefunded
        } else {
            PaymentStatus::Refunded
        };
    }
    if has(TxnKind::Capture, TxnStatus::Succeeded) {
        return PaymentStatus::Paid;
    }
    if has(TxnKind::Void, TxnStatus::Succeeded) {
        return PaymentStatus::Unpaid;
    }
    match transactions
        .iter()
        .rev()
        .find(|(kind, _, _)| *kind == TxnKind::Authorization)
    {
        Some((_, TxnStatus::Failed, _)) => PaymentStatus::Failed,
        Some(_) => PaymentStatus::Pending,
        None if has(TxnKind::Capture, TxnStatus::Failed) => PaymentStatus::Failed,
        None => PaymentStatus::Unpaid,
    }
}

/// The card networks the shop shows a logo for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Unknown,
}

impl Brand {
    /// The brand of a card number (digits only), from its leading digits.
    pub fn of(digits: &str) -> Brand {
        let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
        match (prefix(1), prefix(2), prefix(4)) {
            (Some(4), _, _) => Brand::Visa,
            (_, Some(34 | 37), _) => Brand::Amex,
            (_, Some(51..=55), _) | (_, _, Some(2221..=2720)) => Brand::Mastercard,
            (_, Some(65), _) | (_, _, Some(6011)) => Brand::Discover,
            _ => Brand::Unknown,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Brand::Visa => "visa",
            Brand::Mastercard => "mastercard",
            Brand::Amex => "amex",
            Brand::Discover => "discover",
            Brand::Unknown => "unknown",
        }
    }
}

/// A card number's digits, when it has 12 to 19 of them (spaces and dashes between
/// groups allowed) and passes the Luhn check.
pub fn card_digits(number: &str) -> Option<String> {
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if !(12..=19).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    luhn(&digits).then_some(digits)
}

/// The Luhn checksum every card number carries in its last digit.
pub fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 {
                    doubled - 9
                } else {
                    doubled
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use PaymentStatus::{Paid, PartiallyRefunded, Refunded, Unpaid};
    use TxnKind::*;
    use TxnStatus::{Failed, Pending, Succeeded};

    #[test]
    fn the_status_comes_from_the_transactions_whatever_their_order() {
        let cases: &[(&[(TxnKind, TxnStatus)], PaymentStatus)] = &[
            (&[], Unpaid),
            (&[(Authorization, Pending)], PaymentStatus::Pending),
            (&[(Authorization, Succeeded)], PaymentStatus::Pending),
            (&[(Authorization, Failed)], PaymentStatus::Failed),
            (&[(Authorization, Succeeded), (Capture, Succeeded)], Paid),
            // A capture recorded before its authorization (a webhook that came first).
            (&[(Capture, Succeeded), (Authorization, Succeeded)], Paid),
            (&[(Capture, Succeeded), (Refund, Succeeded)], Refunded),
            (&[(Refund, Succeeded), (Capture, Succeeded)], Refunded),
            (&[(Capture, Succeeded), (Refund, Failed)], Paid),
            (&[(Authorization, Succeeded), (Void, Succeeded)], Unpaid),
            (
                &[(Authorization, Failed), (Authorization, Succeeded)],
                PaymentStatus::Pending,
            ),
            // Cash marked paid: a capture with no authorization.
            (&[(Capture, Succeeded)], Paid),
        ];
        for (transactions, expected) in cases {
            let priced: Vec<_> = transactions
                .iter()
                .map(|&(kind, status)| (kind, status, Money::from_cents(1_000)))
                .collect();
            assert_eq!(derive_status(&priced), *expected, "{transactions:?}");
        }
    }

    #[test]
    fn refunds_below_what_was_captured_leave_it_partially_refunded() {
        let cents = Money::from_cents;
        let paid = (Capture, Succeeded, cents(10_000));
        assert_eq!(
            derive_status(&[paid, (Refund, Succeeded, cents(2_500))]),
            PartiallyRefunded
        );
        assert_eq!(
            derive_status(&[
                paid,
                (Refund, Succeeded, cents(2_500)),
                (Refund, Failed, cents(7_500))
            ]),
            PartiallyRefunded
        );
        assert_eq!(
            derive_status(&[
                (Refund, Succeeded, cents(2_500)),
                paid,
                (Refund, Succeeded, cents(7_500))
            ]),
            Refunded
        );
    }

    #[test]
    fn card_numbers_are_checked_and_branded() {
        assert_eq!(
            card_digits("4242 4242 4242 4242").as_deref(),
            Some("4242424242424242")
        );
        assert_eq!(
            card_digits("4000-0000-0000-0002").as_deref(),
            Some("4000000000000002")
        );
        assert_eq!(card_digits("4242 4242 4242 4241"), None);
        assert_eq!(card_digits("4242"), None);
        assert_eq!(card_digits("4242 4242 4242 424x"), None);
        for (number, brand) in [
            ("4242424242424242", Brand::Visa),
            ("5555555555554444", Brand::Mastercard),
            ("2223003122003222", Brand::Mastercard),
            ("378282246310005", Brand::Amex),
            ("6011111111111117", Brand::Discover),
            ("3056930009020004", Brand::Unknown),
        ] {
            assert!(card_digits(number).is_some(), "{number} passes Luhn");
            assert_eq!(Brand::of(number), brand, "{number}");
        }
    }
}
