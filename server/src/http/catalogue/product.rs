//! A product as the shop shows it, on its own page and in every list (the listing,
//! the home page, the cart's details, the console's table), and `GET /product/{id}`.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::request::Parts;
use axum::Json;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::resolved::{money, resolve, PriceBreakAnswer};
use crate::domain::price_resolver::{CustomerPricing, Priced};
use crate::domain::pricing::{price_at, Discount};
use crate::domain::time::iso8601;
use crate::domain::variant::{Unit, VariantOptions};
use crate::domain::variant_rules::price_range;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{Missing, PathId};
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::{product_with_variants, ProductRow, ShopProduct, VariantRow};
use crate::store::prices::{card_variants, deals_for, has_everyones_breaks};

/// A reference to a category or sub-category.
#[derive(Serialize, ToSchema)]
pub struct TitleRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
}

/// A product as the storefront shows it. Prices are in the shop's currency with two decimals.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub price: f64,
    /// 0 when no discount applies now (none, or it has ended).
    pub discount_percentage: f64,
    /// The price the shopper pays now.
    pub discounted_price: f64,
    /// Media paths, the first shown on cards.
    pub images: Vec<String>,
    pub stock: i64,
    pub category: TitleRef,
    pub sub_category: TitleRef,
    /// When the current discount ends (ISO 8601), or null.
    pub discount_end_date: Option<String>,
    pub created_at: String,
    /// Average review rating, one decimal; 0 without reviews.
    pub rating: f64,
    pub review_count: i64,
    pub size: Option<String>,
    pub color: Option<String>,
    /// Its options (docs/DESIGN.md §9), `[]` for a product with one variant: a card
    /// offers a picker when there are some.
    pub options: Vec<OptionAnswer>,
    /// `each`, `m` (whole metres) or `pack`.
    #[schema(pattern = "^(?:each|m|pack)$")]
    pub unit: String,
    /// Pieces in a pack; null unless `unit` is `pack`.
    pub pack_size: Option<i64>,
    /// The least quantity a line may hold.
    pub min_quantity: i64,
    /// A line's quantity is a multiple of this.
    pub quantity_step: i64,
    /// The cheapest and dearest variants' `discountedPrice`: only when they differ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price_range: Option<PriceRange>,
    /// Which of the shop's tax rates its price carries (docs/DESIGN.md §10).
    #[schema(pattern = "^(?:standard|reduced|zero)$")]
    pub tax_class: String,
    /// Its variants in the shop, by `position`: on the product's own page
    /// (`GET /product/{id}`, `GET /sku/{sku}`) and in the console, not on cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variants: Option<Vec<VariantAnswer>>,
    /// Only for a signed-in trade customer: the public `discountedPrice` (theirs is in
    /// `discountedPrice`), of the cheapest variant (docs/DESIGN.md §11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price: Option<f64>,
    /// The quantity breaks the asker meets on the cheapest variant, by quantity: a
    /// guest's or a retail customer's are everyone's.
    pub price_breaks: Vec<PriceBreakAnswer>,
}

/// One option of a product: 'Size' with its values, in the order they are offered.
#[derive(Serialize, ToSchema)]
pub struct OptionAnswer {
    pub name: String,
    pub values: Vec<String>,
}

/// The prices a product's variants are paid at now, when they differ.
#[derive(Serialize, ToSchema)]
pub struct PriceRange {
    pub min: f64,
    pub max: f64,
}

/// A variant as the shop shows it: what is stocked, priced and put in a cart. The
/// product's discount applies to its own price.
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VariantAnswer {
    #[serde(rename = "_id")]
    pub id: String,
    pub sku: String,
    /// One value of every option of the product, by option name (`{}` without options).
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub options: VariantOptions,
    pub price: f64,
    pub discount_percentage: f64,
    pub discounted_price: f64,
    pub stock: i64,
    pub weight_grams: Option<i64>,
    /// One of the product's images, or null.
    pub image: Option<String>,
    pub position: i64,
    /// Only in the console: left out of a save while an order names it, so gone from
    /// the shop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub archived: Option<bool>,
    /// Only for a signed-in trade customer: the public `discountedPrice`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price: Option<f64>,
    /// The quantity breaks the asker meets, by quantity.
    pub price_breaks: Vec<PriceBreakAnswer>,
}

impl VariantAnswer {
    /// `variant` of a product discounted by `discount`, as the shop shows it now; with
    /// `archived` for the console.
    pub fn new(variant: VariantRow, discount: Discount, now: i64, console: bool) -> VariantAnswer {
        let price = price_at(variant.price, discount, now);
        VariantAnswer {
            archived: console.then_some(variant.archived_at.is_some()),
            id: variant.id,
            sku: variant.sku,
            options: variant.options,
            price: price.price.as_f64(),
            discount_percentage: price.discount_percentage,
            discounted_price: price.discounted_price.as_f64(),
            stock: variant.stock,
            weight_grams: variant.weight_grams,
            image: variant.image,
            position: variant.position,
            list_price: None,
            price_breaks: Vec::new(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ProductDetail {
    pub product: Product,
}

impl Product {
    pub fn from_row(row: ProductRow, now: i64) -> Product {
        let price = price_at(row.price, row.discount, now);
        let dearest = price_at(row.max_price, row.discount, now);
        let price_range =
            price_range(price.discounted_price, dearest.discounted_price).map(|(min, max)| {
                PriceRange {
                    min: min.as_f64(),
                    max: max.as_f64(),
                }
            });
        let rating = if row.review_count > 0 {
            (row.rating_sum as f64 / row.review_count as f64 * 10.0).round() / 10.0
        } else {
            0.0
        };
        Product {
            discount_end_date: row
                .discount
                .ends_at
                .filter(|_| row.discount.active_at(now))
                .map(iso8601),
            id: row.id,
            name: row.name,
            description: row.description,
            price: price.price.as_f64(),
            discount_percentage: price.discount_percentage,
            discounted_price: price.discounted_price.as_f64(),
            images: row.images,
            stock: row.stock,
            category: TitleRef {
                id: row.category.0,
                title: row.category.1,
            },
            sub_category: TitleRef {
                id: row.sub_category.0,
                title: row.sub_category.1,
            },
            created_at: iso8601(row.created_at),
            rating,
            review_count: row.review_count,
            size: row.size,
            color: row.color,
            options: row
                .options
                .into_iter()
                .map(|option| OptionAnswer {
                    name: option.name,
                    values: option.values,
                })
                .collect(),
            unit: row.sale.unit.as_str().to_string(),
            pack_size: row.sale.pack_size.filter(|_| row.sale.unit == Unit::Pack),
            min_quantity: row.sale.min_quantity,
            quantity_step: row.sale.quantity_step,
            price_range,
            tax_class: row.tax_class.as_str().to_string(),
            variants: None,
            list_price: None,
            price_breaks: Vec::new(),
        }
    }

    /// `row` with its `variants` (those in the shop, in position order), as its own
    /// page shows it.
    pub fn with_variants(row: ProductRow, variants: Vec<VariantRow>, now: i64) -> Product {
        let discount = row.discount;
        Product {
            variants: Some(
                variants
                    .into_iter()
                    .map(|v| VariantAnswer::new(v, discount, now, false))
                    .collect(),
            ),
            ..Product::from_row(row, now)
        }
    }
}

pub(super) fn products(rows: Vec<ProductRow>, now: i64) -> Vec<Product> {
    rows.into_iter()
        .map(|row| Product::from_row(row, now))
        .collect()
}

fn no_product() -> AppError {
    AppError::NotFound("Product not found".into())
}

/// The `{id}` of a product (`GET /product/{id}`).
pub struct ProductId;

impl Missing for ProductId {
    fn error(_: &Parts) -> AppError {
        no_product()
    }
}

/// One product.
#[utoipa::path(get, path = "/api/product/{id}", tag = "catalogue", params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ProductDetail>), (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)"),
              (status = 404, description = "'Product not found'", body = ErrorBody)))]
pub(super) async fn product(
    State(state): State<AppState>,
    shopper: Shopper,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<ProductDetail>>, AppError> {
    // The product, its variants and their prices on one connection.
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let shop = product_with_variants(&mut conn, state.catalogue.db().dialect, &id)
        .await?
        .ok_or_else(no_product)?;
    let product = price_shop_product(&mut conn, &shopper, shop, state.clock.now_ms()).await?;
    Ok(ok(
        "Product fetched successfully",
        ProductDetail { product },
    ))
}

/// Prices `products` (cards, or a product with its variants) for `shopper`.
pub async fn price_products(
    state: &AppState,
    shopper: &Shopper,
    products: &mut [Product],
) -> Result<(), AppError> {
    price_page(state, shopper, products, None).await
}

/// [`price_products`], told whether everyone has breaks on `products` when that was
/// read with them (a listing's page; `None`: asked here). A guest's or a retail
/// customer's answer changes only where everyone has breaks.
pub async fn price_page(
    state: &AppState,
    shopper: &Shopper,
    products: &mut [Product],
    everyones_breaks: Option<bool>,
) -> Result<(), AppError> {
    let trade = shopper.is_trade();
    if products.is_empty() || (!trade && everyones_breaks == Some(false)) {
        return Ok(());
    }
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let ids: Vec<String> = products.iter().map(|p| p.id.clone()).collect();
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    if !trade && everyones_breaks.is_none() && !has_everyones_breaks(&mut conn, &ids).await? {
        return Ok(());
    }
    price_for(&mut conn, shopper, products, &ids).await
}

/// Prices `shop` read as one product (a product page, a SKU's) for `shopper`: asks
/// nothing more of a guest or a retail customer when nobody has breaks on it.
pub async fn price_shop_product(
    conn: &mut AnyConnection,
    shopper: &Shopper,
    shop: ShopProduct,
    now: i64,
) -> Result<Product, AppError> {
    let mut product = Product::with_variants(shop.product, shop.variants, now);
    if shopper.is_trade() || shop.everyones_breaks {
        let id = product.id.clone();
        price_for(conn, shopper, std::slice::from_mut(&mut product), &[&id]).await?;
    }
    Ok(product)
}

/// Prices `products` (whose ids are `ids`) for `shopper`, breaks and deals included.
async fn price_for(
    conn: &mut AnyConnection,
    shopper: &Shopper,
    products: &mut [Product],
    ids: &[&str],
) -> Result<(), AppError> {
    let cards: BTreeMap<String, String> = card_variants(conn, ids).await?;
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
        deals: deals_for(conn, group, &asked).await?,
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
