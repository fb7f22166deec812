//! What a shopper pays: the list price less a discount that may have an end date.

use super::Money;

/// A discount in basis points (hundredths of a percent), so 12.5 % is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discount {
    pub basis_points: i64,
    /// Unix milliseconds after which the discount no longer applies; `None` never ends.
    pub ends_at: Option<i64>,
}

/// The price as it stands at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PriceNow {
    pub price: Money,
    /// 0 when no discount applies now.
    pub discount_percentage: f64,
    pub discounted_price: Money,
}

impl Discount {
    pub const NONE: Discount = Discount {
        basis_points: 0,
        ends_at: None,
    };

    /// Whether the discount applies at `now` (Unix ms). It stops at its end date (docs/DESIGN.md §5).
    pub fn active_at(self, now: i64) -> bool {
        self.basis_points > 0 && self.ends_at.is_none_or(|end| now < end)
    }
}

/// The price reduced by the discount percentage, rounded to the nearest cent (spec §9).
pub fn discounted(price: Money, basis_points: i64) -> Money {
    let kept = 10_000 - basis_points.clamp(0, 10_000);
    // Round half up in integer arithmetic: (price * kept + 5000) / 10000.
    Money::from_cents((price.cents() * kept + 5_000) / 10_000)
}

/// The price a shopper pays at `now`: the discount counts only while it is active.
pub fn price_at(price: Money, discount: Discount, now: i64) -> PriceNow {
    if discount.active_at(now) {
        PriceNow {
            price,
            discount_percentage: discount.basis_points as f64 / 100.0,
            discounted_price: discounted(price, discount.basis_points),
        }
    } else {
        PriceNow {
            price,
            discount_percentage: 0.0,
            discounted_price: price,
        }
    }
}

/// One line of a quote or an order, priced at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinePrice {
    /// What one unit costs now.
    pub unit_price: Money,
    /// The list price, before any discount.
    pub list_price: Money,
    /// The discount that applies now, in basis points (0 when none does).
    pub discount_bp: i64,
    /// Unit price × quantity.
    pub line_total: Money,
}

/// What `quantity` units of a product listed at `price` with `discount` cost at `now`:
/// the one rule the checkout's quote and the order it places both price lines with.
pub fn price_line(price: Money, discount: Discount, quantity: i64, now: i64) -> LinePrice {
    let unit_price = price_at(price, discount, now).discounted_price;
    LinePrice {
        unit_price,
        list_price: price,
        discount_bp: if discount.active_at(now) {
            discount.basis_points
        } else {
            0
        },
        line_total: Money::from_cents(unit_price.cents() * quantity),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_priced_with_the_discount_only_while_it_lasts() {
        let discount = Discount {
            basis_points: 1_250,
            ends_at: Some(1_000),
        };
        let now = price_line(Money::from_cents(2_000), discount, 3, 999);
        assert_eq!(now.unit_price, Money::from_cents(1_750));
        assert_eq!(now.discount_bp, 1_250);
        assert_eq!(now.line_total, Money::from_cents(5_250));
        let later = price_line(Money::from_cents(2_000), discount, 3, 1_000);
        assert_eq!(later.unit_price, Money::from_cents(2_000));
        assert_eq!(later.list_price, Money::from_cents(2_000));
        assert_eq!(later.discount_bp, 0);
        assert_eq!(later.line_total, Money::from_cents(6_000));
    }

    #[test]
    fn a_discount_reduces_the_price_to_the_nearest_cent() {
        assert_eq!(
            discounted(Money::from_cents(10_000), 2_000),
            Money::from_cents(8_000)
        );
        assert_eq!(
            discounted(Money::from_cents(999), 1_250),
            Money::from_cents(874)
        ); // 874.125
        assert_eq!(
            discounted(Money::from_cents(1_001), 5_000),
            Money::from_cents(501)
        ); // 500.5 rounds up
        assert_eq!(
            discounted(Money::from_cents(1_000), 0),
            Money::from_cents(1_000)
        );
    }

    #[test]
    fn an_expired_discount_reports_zero_and_the_full_price() {
        let d = Discount {
            basis_points: 2_500,
            ends_at: Some(1_000),
        };
        let before = price_at(Money::from_cents(4_000), d, 999);
        assert_eq!(before.discount_percentage, 25.0);
        assert_eq!(before.discounted_price, Money::from_cents(3_000));
        let after = price_at(Money::from_cents(4_000), d, 1_000);
        assert_eq!(after.discount_percentage, 0.0);
        assert_eq!(after.discounted_price, Money::from_cents(4_000));
    }

    #[test]
    fn a_discount_without_end_date_always_applies() {
        let d = Discount {
            basis_points: 1_000,
            ends_at: None,
        };
        assert!(d.active_at(i64::MAX));
        assert!(!Discount::NONE.active_at(0));
    }
}
