//! What staff arrange around the products, and the shop reads as it is: the category
//! tree (`categories.rs`), the home page's banners (`banners.rs`), the shop's own pages
//! (`pages.rs`) and its settings, the currency and pickup point (`settings.rs`). Each
//! file holds both sides of its part, the shop's read and the console's changes, so a
//! change to what the shop shows of it and to how staff edit it land in one place.

pub mod banners;
pub mod categories;
pub mod pages;
pub mod settings;

use axum::Router;

use super::AppState;

/// The content's calls with the API's usual body limit (a banner's upload has its own:
/// `banners::upload_router`).
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(categories::router())
        .merge(banners::router())
        .merge(pages::router())
        .merge(settings::router())
}
