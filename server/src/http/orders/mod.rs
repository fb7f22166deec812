//! The order and payment calls, by whom they serve: the shopper's (checkout, their
//! orders, 'Track your order': `shop.rs`; their invoices and credit notes as PDF:
//! `documents.rs`), the console's (orders: `admin.rs`; delivery methods: `delivery.rs`),
//! card payments'
//! (saved cards, transactions: `payments.rs`) and the provider's calls back (webhooks,
//! the way back from the bank: `webhooks.rs`). Each handler extracts its input, calls
//! one function of the order flows (`crate::orders`) or a store, and shapes the answer
//! from `answers.rs`; `refusals.rs` words every refusal once.

pub mod admin;
pub mod answers;
pub mod delivery;
pub mod documents;
pub mod payments;
mod refusals;
pub mod shop;
pub mod webhooks;

use axum::Router;
use utoipa::OpenApi;

use super::AppState;
pub use answers::Order;

/// The calls of orders and payments, with their annotations (the console's list its own).
#[derive(OpenApi)]
#[openapi(paths(
    shop::quote,
    shop::place_order,
    shop::list_orders,
    shop::get_order,
    shop::cancel_order,
    shop::track,
    shop::saved_address,
    documents::invoice,
    documents::credit_note,
    payments::config,
    payments::list_cards,
    payments::add_card,
    payments::update_card,
    payments::remove_card,
    payments::transactions,
    webhooks::webhook,
    webhooks::back_from_bank,
    payments::refresh,
))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(shop::router())
        .merge(documents::router())
        .merge(admin::router())
        .merge(delivery::router())
        .merge(payments::router())
        .merge(webhooks::router())
}
