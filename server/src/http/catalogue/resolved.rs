//! The price resolver in the catalogue's answers (docs/DESIGN.md §11): every product,
//! variant, card and cart line carries `priceBreaks`, the breaks the asker meets (for a
//! guest or a retail customer, everyone's); for a trade customer `discountedPrice` is
//! their own unit price and `listPrice` the public one. A card shows its cheapest
//! variant's; a cart line its price at the line's quantity.

use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::product::Product;
use crate::domain::money::hundredths;
use crate::domain::price_resolver::{CustomerPricing, PriceBreak, Priced};
use crate::domain::Money;
use crate::http::error::AppError;
use crate::http::items::Item;
use crate::http::trade::shopper::Shopper;
use crate::http::AppState;
use crate::store::prices::{card_variants, deals_for, has_everyones_breaks};

/// From `minQuantity` units a line, one unit costs `price` (for the one asking).
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreakAnswer {
    pub min_quantity: i64,
    pub price: f64,
}

/// What a resolved price puts in an answer.
struct Resolved {
    discounted_price: f64,
    list_price: Option<f64>,
    price_breaks: Vec<PriceBreakAnswer>,
}

fn resolve(pricing: &CustomerPricing, variant: Priced<'_>, quantity: i64) -> Resolved {
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

fn money(value: f64) -> Money {
    Money::from_cents(hundredths(value).unwrap_or(0))
}

/// Prices `products` (cards, or a product with its variants) for `shopper`.
pub async fn price_products(
    state: &AppState,
    shopper: &Shopper,
    products: &mut [Product],
) -> Result<(), AppError> {
    if products.is_empty() {
        return Ok(());
    }
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let ids: Vec<&str> = products.iter().map(|p| p.id.as_str()).collect();
    // A guest's or a retail customer's answer changes only where everyone has breaks.
    if !shopper.is_trade() && !has_everyones_breaks(&mut conn, &ids).await? {
        return Ok(());
    }
    let cards: BTreeMap<String, String> = card_variants(&mut conn, &ids).await?;
    let mut variant_ids: Vec<String> = cards.values().cloned().collect();
    for product in products.iter() {
        for variant in product.variants.iter().flatten() {
            variant_ids.push(variant.id.clone());
        }
    }
    let asked: Vec<&str> = variant_ids.iter().map(String::as_str).collect();
    let group = shopper.group.as_ref().map(|g| g.group_id.as_str());
    let pricing = CustomerPricing {
        group: shopper.group.clone(),
        deals: deals_for(&mut conn, group, &asked).await?,
    };
    for product in products.iter_mut() {
        let (category, sub) = (product.category.id.clone(), product.sub_category.id.clone());
        for variant in product.variants.iter_mut().flatten() {
            let priced = Priced {
                variant_id: &variant.id,
                public: money(variant.discounted_price),
                category_id: &category,
                sub_category_id: &sub,
            };
            let resolved = resolve(&pricing, priced, 1);
            variant.discounted_price = resolved.discounted_price;
            variant.list_price = resolved.list_price;
            variant.price_breaks = resolved.price_breaks;
        }
        let Some(card) = cards.get(&product.id) else {
            continue;
        };
        let priced = Priced {
            variant_id: card,
            public: money(product.discounted_price),
            category_id: &category,
            sub_category_id: &sub,
        };
        let resolved = resolve(&pricing, priced, 1);
        product.discounted_price = resolved.discounted_price;
        product.list_price = resolved.list_price;
        product.price_breaks = resolved.price_breaks;
    }
    Ok(())
}

/// Prices cart or wishlist `items` for `shopper`, each at its quantity.
pub async fn price_items(
    state: &AppState,
    shopper: &Shopper,
    items: &mut [Item],
) -> Result<(), AppError> {
    if items.is_empty() {
        return Ok(());
    }
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let asked: Vec<&str> = items.iter().map(|i| i.variant_id.as_str()).collect();
    let group = shopper.group.as_ref().map(|g| g.group_id.as_str());
    let deals = deals_for(&mut conn, group, &asked).await?;
    if deals.is_empty() && !shopper.is_trade() {
        return Ok(());
    }
    let pricing = CustomerPricing {
        group: shopper.group.clone(),
        deals,
    };
    for item in items.iter_mut() {
        let priced = Priced {
            variant_id: &item.variant_id,
            public: money(item.discounted_price),
            category_id: &item.category.0,
            sub_category_id: &item.category.1,
        };
        let resolved = resolve(&pricing, priced, item.quantity.max(1));
        item.discounted_price = resolved.discounted_price;
        item.list_price = resolved.list_price;
        item.price_breaks = resolved.price_breaks;
    }
    Ok(())
}
