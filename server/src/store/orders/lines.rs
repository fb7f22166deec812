//! Which variant each line of a quote or an order means, read with its product in one
//! go (docs/DESIGN.md §9): a line names its variant, or leaves it out for a product
//! with one; its quantity must be one the product is sold in. Lines that come to the
//! same variant become one line.

use std::collections::BTreeMap;

use sqlx::{AnyConnection, Row};

use super::{Buyer, LineAsk, PlaceRefusal};
use crate::domain::cart::MAX_QUANTITY;
use crate::domain::id::Id;
use crate::domain::price_resolver::CustomerPricing;
use crate::domain::sale_unit::{check_quantity, choose_message, choose_variant, ChoiceRefusal};
use crate::store::catalogue::variants::{variants_of, VariantRow};
use crate::store::catalogue::{products_with_ids, ProductRow};
use crate::store::prices::pricing_for;
use crate::store::Dialect;

const QUANTITY_RANGE: &str = "Quantity must be a whole number from 1 to 99";

/// One line as it will be quoted or ordered.
#[derive(Clone, Debug)]
pub(super) struct Line {
    /// What a refusal of this line is keyed by: the `variantId` it named, else its
    /// `productId`.
    pub key: String,
    pub product_id: String,
    pub quantity: i64,
    /// The product and the variant meant; `None` when either is gone or archived.
    pub found: Option<(ProductRow, VariantRow)>,
    /// For a line of the server cart: the sale unit's refusal of its quantity (the
    /// product's rules changed since it was added). A guest's line is refused instead.
    pub rule: Option<String>,
    /// Where a guest's line is in the request (`items[2]`); `None` for the cart's.
    field: Option<String>,
}

impl Line {
    /// The variant's id, once found.
    pub fn variant_id(&self) -> Option<&str> {
        self.found.as_ref().map(|(_, v)| v.id.as_str())
    }
}

/// The lines `asks` mean, in their order (those coming to one variant merged into the
/// first), or the field errors of the lines that cannot be read: a variant left out of
/// a product with several (`{field}.variantId`), a quantity the product is not sold
/// in (`{field}.quantity`).
pub(super) async fn resolve(
    conn: &mut AnyConnection,
    dialect: Dialect,
    asks: &[LineAsk],
) -> Result<Result<Vec<Line>, BTreeMap<String, String>>, sqlx::Error> {
    let mut ids: Vec<Id> = asks.iter().map(|a| a.product_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let products: BTreeMap<String, ProductRow> = products_with_ids(&mut *conn, dialect, &ids)
        .await?
        .into_iter()
        .map(|p| (p.id.clone(), p))
        .collect();
    let in_shop: Vec<&str> = products.keys().map(String::as_str).collect();
    let variants = variants_of(&mut *conn, &in_shop, false).await?;

    let mut errors = BTreeMap::new();
    let mut lines: Vec<Line> = Vec::with_capacity(asks.len());
    for ask in asks {
        let key = ask
            .variant_id
            .clone()
            .unwrap_or_else(|| ask.product_id.as_str().to_string());
        let product = products.get(ask.product_id.as_str());
        let offered: Vec<&VariantRow> = variants
            .get(ask.product_id.as_str())
            .map(|v| v.iter().collect())
            .unwrap_or_default();
        let ids: Vec<&str> = offered.iter().map(|v| v.id.as_str()).collect();
        let chosen = match (product, choose_variant(ask.variant_id.as_deref(), &ids)) {
            (None, _) | (_, Err(ChoiceRefusal::NoLongerAvailable)) => None,
            (Some(product), Err(ChoiceRefusal::MustChoose)) => {
                let field = ask.field.as_deref().unwrap_or(&key);
                errors.insert(
                    format!("{field}.variantId"),
                    choose_message(&product.options),
                );
                continue;
            }
            (Some(product), Ok(id)) => offered
                .iter()
                .find(|v| v.id == id)
                .map(|v| (product.clone(), (*v).clone())),
        };
        // Lines coming to one variant are one line.
        let same = chosen.as_ref().and_then(|(_, v)| {
            lines
                .iter_mut()
                .find(|l| l.variant_id() == Some(v.id.as_str()))
        });
        match same {
            Some(line) => line.quantity += ask.quantity,
            None => lines.push(Line {
                key,
                product_id: ask.product_id.as_str().to_string(),
                quantity: ask.quantity,
                found: chosen,
                rule: None,
                field: ask.field.clone(),
            }),
        }
    }
    for line in &mut lines {
        let Some((product, _)) = &line.found else {
            continue;
        };
        let refusal = if line.quantity > MAX_QUANTITY {
            Some(QUANTITY_RANGE.to_string())
        } else {
            check_quantity(&product.sale, line.quantity)
                .err()
                .map(|r| r.message())
        };
        match (refusal, &line.field) {
            (None, _) => {}
            (Some(message), Some(field)) => {
                errors.insert(format!("{field}.quantity"), message);
            }
            (Some(message), None) => line.rule = Some(message),
        }
    }
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    Ok(Ok(lines))
}

/// The lines of the customer's server cart, oldest first, each naming its variant.
pub(super) async fn cart_asks(
    conn: &mut AnyConnection,
    user_id: &Id,
) -> Result<Vec<LineAsk>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT product_id, variant_id, quantity FROM user_items \
         WHERE user_id = $1 AND list = 'cart' ORDER BY created_at, id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(LineAsk {
                product_id: row.try_get("product_id")?,
                variant_id: Some(row.try_get("variant_id")?),
                quantity: row.try_get("quantity")?,
                field: None,
            })
        })
        .collect()
}

/// The lines a buyer asks for: those sent, else a signed-in customer's server cart.
pub(super) async fn asks_of(
    conn: &mut AnyConnection,
    buyer: &Buyer,
) -> Result<Vec<LineAsk>, sqlx::Error> {
    Ok(match (buyer.given_lines(), buyer) {
        (Some(given), _) => given.to_vec(),
        (None, Buyer::Customer(user_id)) => cart_asks(conn, user_id).await?,
        (None, _) => Vec::new(),
    })
}

/// What an order is placed from: its lines as they stand, and what the buyer pays for
/// them.
#[derive(Debug)]
pub(super) struct Ready {
    pub lines: Vec<Line>,
    pub pricing: CustomerPricing,
}

/// `asks` resolved for an order, or why it cannot be placed: no lines, lines that
/// cannot be read, or a cart line whose quantity the product is no longer sold in.
pub(super) async fn ready(
    conn: &mut AnyConnection,
    dialect: Dialect,
    customer: Option<&Id>,
    asks: &[LineAsk],
) -> Result<Result<Ready, PlaceRefusal>, sqlx::Error> {
    if asks.is_empty() {
        return Ok(Err(PlaceRefusal::Empty));
    }
    let lines = match resolve(&mut *conn, dialect, asks).await? {
        Ok(lines) => lines,
        Err(errors) => return Ok(Err(PlaceRefusal::Invalid(errors))),
    };
    let broken: BTreeMap<String, String> = lines
        .iter()
        .filter_map(|l| l.rule.clone().map(|rule| (l.key.clone(), rule)))
        .collect();
    if !broken.is_empty() {
        return Ok(Err(PlaceRefusal::Invalid(broken)));
    }
    let ids: Vec<&str> = lines.iter().filter_map(Line::variant_id).collect();
    let pricing = pricing_for(conn, customer, &ids).await?;
    Ok(Ok(Ready { lines, pricing }))
}
