//! The rules a product keeps, whoever changes it: what its fields may hold (the
//! console's form, a CSV import's line), how many photos it shows, when its stock is
//! low, and what the console's changes to many products at once may do. The HTTP
//! layer checks requests against these, the store filters by them, the OpenAPI
//! document publishes them and the console reads them from `web/src/api/rules.json`
//! (`domain::rules`), so each number is written here once.

use super::Money;

/// A product's name: 1 to this many characters once trimmed.
pub const MAX_NAME_CHARS: usize = 200;
/// A product's description: 1 to this many characters once trimmed.
pub const MAX_DESCRIPTION_CHARS: usize = 5_000;
/// A product's size or colour: at most this many characters once trimmed.
pub const MAX_LABEL_CHARS: usize = 50;
/// The lowest list price.
pub const MIN_PRICE: Money = Money::from_cents(1);
/// The highest list price.
pub const MAX_PRICE: Money = Money::from_cents(100_000_000);
/// The largest discount, in basis points (95 %).
pub const MAX_DISCOUNT_BP: i64 = 9_500;
/// The most units a product may hold, and so the most one stock change moves either way.
pub const MAX_STOCK: i64 = 1_000_000;
/// A stock change's reason: 1 to this many characters once trimmed.
pub const MAX_STOCK_REASON_CHARS: usize = 200;
/// Under this many units (and above none) a product is low on stock.
pub const LOW_STOCK: i64 = 10;
/// Most photos one product shows.
pub const MAX_PHOTOS: usize = 8;
/// Most products one bulk change may name.
pub const MAX_BULK: usize = 100;
/// Most products staff link to one as 'You'll also need' (docs/DESIGN.md §12).
pub const MAX_RELATED: usize = 12;
/// How many of its sub-category's best sellers stand in for a product's related ones
/// when none is in the shop and in stock.
pub const RELATED_FALLBACK: usize = 8;
/// The furthest a bulk price change lowers prices, in percent.
pub const MIN_PRICE_CHANGE_PERCENT: f64 = -90.0;
/// The furthest a bulk price change raises prices, in percent.
pub const MAX_PRICE_CHANGE_PERCENT: f64 = 500.0;

/// Whether a bulk price change of `percent` may be made: within the bounds, and not 0.
pub fn price_change_allowed(percent: f64) -> bool {
    (MIN_PRICE_CHANGE_PERCENT..=MAX_PRICE_CHANGE_PERCENT).contains(&percent) && percent != 0.0
}

/// `price` up or down by `percent`, to the nearest cent, never below one cent.
pub fn adjusted(price: Money, percent: f64) -> Money {
    let cents = (price.cents() as f64 * (100.0 + percent) / 100.0).round() as i64;
    Money::from_cents(cents.max(MIN_PRICE.cents()))
}

/// A product's related products as staff list them (`relatedProductIds`): at most
/// [`MAX_RELATED`] product ids, each once, in their order; else what is wrong.
pub fn check_related(ids: &[String]) -> Result<Vec<String>, String> {
    if ids.len() > MAX_RELATED {
        return Err(format!("At most {MAX_RELATED} related products"));
    }
    let mut kept: Vec<String> = Vec::with_capacity(ids.len());
    for id in ids {
        let id = id.trim();
        if crate::domain::id::Id::parse(id).is_none() {
            return Err("Choose products from the shop".into());
        }
        if kept.iter().any(|k| k == id) {
            return Err("Each related product once".into());
        }
        kept.push(id.to_string());
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_price_moves_by_a_percentage_to_the_cent_and_never_to_nothing() {
        assert_eq!(
            adjusted(Money::from_cents(1_000), 10.0),
            Money::from_cents(1_100)
        );
        assert_eq!(
            adjusted(Money::from_cents(999), -10.0),
            Money::from_cents(899)
        );
        assert_eq!(
            adjusted(Money::from_cents(1_005), 12.5),
            Money::from_cents(1_131)
        );
        assert_eq!(adjusted(Money::from_cents(1), -90.0), Money::from_cents(1));
    }

    #[test]
    fn a_price_change_is_minus_ninety_to_five_hundred_percent_and_not_nothing() {
        assert!(price_change_allowed(-90.0));
        assert!(price_change_allowed(500.0));
        assert!(price_change_allowed(0.5));
        assert!(!price_change_allowed(0.0));
        assert!(!price_change_allowed(-90.01));
        assert!(!price_change_allowed(500.01));
        assert!(!price_change_allowed(f64::NAN));
    }

    #[test]
    fn related_products_are_at_most_twelve_distinct_ids_in_order() {
        let id = |n: usize| format!("{n:024x}");
        let twelve: Vec<String> = (1..=12).map(id).collect();
        assert_eq!(check_related(&twelve), Ok(twelve.clone()));
        let thirteen: Vec<String> = (1..=13).map(id).collect();
        assert_eq!(
            check_related(&thirteen),
            Err("At most 12 related products".into())
        );
        assert_eq!(
            check_related(&[id(1), format!(" {} ", id(1))]),
            Err("Each related product once".into())
        );
        assert_eq!(
            check_related(&["tap".into()]),
            Err("Choose products from the shop".into())
        );
        assert_eq!(check_related(&[]), Ok(vec![]));
    }
}
