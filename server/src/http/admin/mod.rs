//! The console's areas that have no shop side: the activity log (`activity.rs`), the
//! dashboard (`dashboard.rs`), customers (`customers.rs`) and promo codes (`promo.rs`,
//! which shoppers only apply through an order). An area the shop also shows keeps its
//! console calls in its own folder (`catalogue/admin.rs`, `content/`,
//! `reviews/moderation.rs`), so each capability has one place.

pub mod activity;
pub mod customers;
pub mod dashboard;
pub mod promo;

use axum::Router;

use super::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(promo::router())
        .merge(dashboard::router())
        .merge(customers::router())
        .merge(activity::router())
}
