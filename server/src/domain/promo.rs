//! Promo codes' rules (docs/DESIGN.md §8): when a code applies, and what it takes off.

use super::currency::{self, Currency, Reading};
use super::Money;

/// Most characters a code has.
pub const MAX_CODE_CHARS: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromoKind {
    /// `amount` is in basis points of the order.
    Percent,
    /// `amount` is in cents.
    Fixed,
}

impl PromoKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PromoKind::Percent => "percent",
            PromoKind::Fixed => "fixed",
        }
    }

    pub fn parse(text: &str) -> Option<PromoKind> {
        match text {
            "percent" => Some(PromoKind::Percent),
            "fixed" => Some(PromoKind::Fixed),
            _ => None,
        }
    }
}

/// A promo code as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promo {
    pub id: String,
    /// Uppercased.
    pub code: String,
    pub kind: PromoKind,
    pub amount: i64,
    pub starts_at: Option<i64>,
    /// The first moment the code no longer applies.
    pub ends_at: Option<i64>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub min_subtotal: Money,
    pub active: bool,
    pub used_count: i64,
    /// Bumped by each administrator's write, never by its uses: a console save naming
    /// an older one is refused (docs/DESIGN.md §15).
    pub version: i64,
}

/// Why a code does not apply, in the words the shopper reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromoRefusal {
    /// No such code, or switched off.
    NotValid,
    NotYet,
    Expired,
    UsedUp,
    MinimumNotMet(Money),
    AlreadyUsed,
}

impl PromoRefusal {
    /// The refusal as the shopper reads it; a minimum in the shop's `currency` when it
    /// names one, else in the cart's rupees.
    pub fn message(&self, currency: Option<Currency>) -> String {
        match self {
            PromoRefusal::NotValid => "This promo code is not valid".into(),
            PromoRefusal::NotYet => "This promo code is not active yet".into(),
            PromoRefusal::Expired => "This promo code has expired".into(),
            PromoRefusal::UsedUp => "This promo code has been used up".into(),
            PromoRefusal::MinimumNotMet(minimum) => format!(
                "Spend at least {} to use this promo code",
                currency::format(*minimum, currency, Reading::Rupees)
            ),
            PromoRefusal::AlreadyUsed => "You have already used this promo code".into(),
        }
    }
}

/// A code as a shopper types it, the way it is stored: trimmed and uppercased.
pub fn normalise(code: &str) -> String {
    code.trim().to_uppercase()
}

impl Promo {
    /// Whether the code applies at `now` to an order whose subtotal (before any
    /// discount) is `subtotal`, leaving aside the limits counted at the order.
    pub fn check(&self, now: i64, subtotal: Money) -> Result<(), PromoRefusal> {
        if !self.active {
            return Err(PromoRefusal::NotValid);
        }
        if self.starts_at.is_some_and(|start| now < start) {
            return Err(PromoRefusal::NotYet);
        }
        if self.ends_at.is_some_and(|end| now >= end) {
            return Err(PromoRefusal::Expired);
        }
        if self
            .usage_limit
            .is_some_and(|limit| self.used_count >= limit)
        {
            return Err(PromoRefusal::UsedUp);
        }
        if subtotal < self.min_subtotal {
            return Err(PromoRefusal::MinimumNotMet(self.min_subtotal));
        }
        Ok(())
    }

    /// What the code takes off `goods`, the order's goods after the shop's own
    /// discount: a percentage of it rounded half up to the cent, or a fixed amount,
    /// and never more than it, so the total never falls below the delivery fee.
    pub fn discount_on(&self, goods: Money) -> Money {
        let off = match self.kind {
            PromoKind::Percent => (goods.cents() * self.amount + 5_000) / 10_000,
            PromoKind::Fixed => self.amount,
        };
        Money::from_cents(off.clamp(0, goods.cents().max(0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promo(kind: PromoKind, amount: i64) -> Promo {
        Promo {
            id: "p".into(),
            code: "SAVE".into(),
            kind,
            amount,
            starts_at: Some(1_000),
            ends_at: Some(2_000),
            usage_limit: Some(3),
            per_customer_limit: None,
            min_subtotal: Money::from_cents(5_000),
            active: true,
            used_count: 0,
            version: 1,
        }
    }

    #[test]
    fn a_code_applies_inside_its_window_under_its_limit_above_its_minimum() {
        let p = promo(PromoKind::Percent, 1_000);
        let enough = Money::from_cents(5_000);
        assert_eq!(p.check(1_000, enough), Ok(()));
        assert_eq!(p.check(999, enough), Err(PromoRefusal::NotYet));
        assert_eq!(p.check(2_000, enough), Err(PromoRefusal::Expired));
        assert_eq!(
            p.check(1_500, Money::from_cents(4_999)),
            Err(PromoRefusal::MinimumNotMet(enough))
        );
        let used_up = Promo {
            used_count: 3,
            ..p.clone()
        };
        assert_eq!(used_up.check(1_500, enough), Err(PromoRefusal::UsedUp));
        let off = Promo { active: false, ..p };
        assert_eq!(off.check(1_500, enough), Err(PromoRefusal::NotValid));
        assert_eq!(
            PromoRefusal::MinimumNotMet(enough).message(None),
            "Spend at least \u{20b9}50.00 to use this promo code"
        );
        assert_eq!(
            PromoRefusal::MinimumNotMet(Money::from_cents(123_450)).message(Currency::parse("GBP")),
            "Spend at least \u{a3}1,234.50 to use this promo code"
        );
    }

    #[test]
    fn a_discount_is_rounded_to_the_cent_and_never_more_than_the_goods() {
        assert_eq!(
            promo(PromoKind::Percent, 1_250).discount_on(Money::from_cents(1_001)),
            Money::from_cents(125)
        );
        assert_eq!(
            promo(PromoKind::Fixed, 2_000).discount_on(Money::from_cents(8_000)),
            Money::from_cents(2_000)
        );
        assert_eq!(
            promo(PromoKind::Fixed, 20_000).discount_on(Money::from_cents(8_000)),
            Money::from_cents(8_000),
            "capped at the goods: the total keeps the delivery fee"
        );
        assert_eq!(
            promo(PromoKind::Percent, 10_000).discount_on(Money::from_cents(8_000)),
            Money::from_cents(8_000)
        );
    }

    #[test]
    fn codes_are_trimmed_and_uppercased() {
        assert_eq!(normalise("  save10 "), "SAVE10");
    }
}
