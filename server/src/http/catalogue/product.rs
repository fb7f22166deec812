//! A product as the shop shows it, on its own page and in every list (the listing,
//! the home page, the cart's details, the console's table), and `GET /product/{id}`.

use axum::extract::State;
use axum::http::request::Parts;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::pricing::price_at;
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{Missing, PathId};
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::ProductRow;

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
}

#[derive(Serialize, ToSchema)]
pub struct ProductDetail {
    pub product: Product,
}

impl Product {
    pub fn from_row(row: ProductRow, now: i64) -> Product {
        let price = price_at(row.price, row.discount, now);
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
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<ProductDetail>>, AppError> {
    let row = state.catalogue.product(&id).await?.ok_or_else(no_product)?;
    Ok(ok(
        "Product fetched successfully",
        ProductDetail {
            product: Product::from_row(row, state.clock.now_ms()),
        },
    ))
}
