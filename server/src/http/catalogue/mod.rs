//! The catalogue's calls: the products and how shoppers find them, and the console's
//! work on products. The shop's side: `product.rs` (a product as every answer shows it,
//! and its own page), `listing.rs` (the listing and the home page's top products),
//! `search.rs` (suggestions, and staff's synonyms every search expands), `alerts.rs`
//! (back-in-stock alerts), `related.rs` ('You'll also need'). The console's
//! side: `admin.rs` (the products table, one product, creating, editing, bulk changes,
//! archiving), with the product form's rules in `form.rs` (its options, variants and
//! sale unit in `variant_form.rs`), `sku.rs` (a variant found by its SKU), a product's photos in
//! `photos.rs`, its stock and history in `stock.rs`, and the CSV files in `csv/`.
//!
//! One folder per area, as `auth/` is: a capability that touches products (variants,
//! trade prices, a new column in the CSV) lands here, in the shop's file and the
//! console's file of the same area, and the store it calls is `store::catalogue`.
//! What staff arrange around the products (the category tree, banners, pages, the
//! shop's settings) is in `content/`; reviews, shopper and moderation, in `reviews/`.

pub mod admin;
pub mod alerts;
pub mod csv;
pub mod form;
pub mod listing;
pub mod photos;
pub mod product;
mod refusals;
pub mod related;
pub mod resolved;
pub mod search;
pub mod sku;
pub mod stock;
pub mod variant_form;

use axum::routing::get;
use axum::Router;

pub use self::product::{Product, ProductDetail, ProductId};
use super::AppState;

/// The catalogue's calls with the API's usual body limit (photo uploads and CSV imports
/// have their own: `photos::upload_router`, `csv::import_router`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/home-page", get(listing::home_page))
        .route("/product", get(listing::list_products))
        .route("/product/{id}", get(product::product))
        .route("/product/{id}/related", get(related::related))
        .route("/sku/{sku}", get(sku::by_sku))
        .merge(alerts::router())
        .merge(search::router())
        .merge(admin::router())
        .merge(stock::router())
        .merge(photos::router())
        .merge(csv::router())
}
