//! The price resolver in the answers (docs/DESIGN.md §11): every product, variant, card
//! and cart line carries `priceBreaks`, the breaks the asker meets (for a guest or a
//! retail customer, everyone's); for a trade customer `discountedPrice` is their own unit
//! price and `listPrice` the public one. Here: what one resolved price puts in an
//! answer; `product::price_products` and `items::price_items` apply it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::money::hundredths;
use crate::domain::price_resolver::{CustomerPricing, PriceBreak, Priced};
use crate::domain::Money;

/// From `minQuantity` units a line, one unit costs `price` (for the one asking).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreakAnswer {
    pub min_quantity: i64,
    pub price: f64,
}

/// What a resolved price puts in an answer.
pub struct Resolved {
    pub discounted_price: f64,
    pub list_price: Option<f64>,
    pub price_breaks: Vec<PriceBreakAnswer>,
}

pub fn resolve(pricing: &CustomerPricing, variant: Priced<'_>, quantity: i64) -> Resolved {
    let ask = pricing.ask(variant);
    let answers = |breaks: Vec<PriceBreak>| {
        breaks
            .into_iter()
            .map(|b| PriceBreakAnswer {
                min_quantity: b.min_quantity,
                price: b.price.as_f64(),
            })
            .collect()
    };
    Resolved {
        discounted_price: ask.unit_price(quantity).as_f64(),
        list_price: pricing.is_trade().then(|| variant.public.as_f64()),
        price_breaks: answers(ask.breaks_shown()),
    }
}

pub fn money(value: f64) -> Money {
    Money::from_cents(hundredths(value).unwrap_or(0))
}
