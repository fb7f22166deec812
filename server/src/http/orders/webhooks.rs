//! What the payment provider sends the shop: its signed webhooks, and the shopper's
//! browser on its way back from a 3-D Secure check. Each names only a payment; the
//! order flows ask the provider where it stands and record it.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::IntoParams;

use super::refusals::ORDER_NOT_FOUND;
use crate::http::auth::Empty;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiQuery;
use crate::http::{ok, AppState, Envelope};
use crate::payments::provider::WebhookProblem;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment/webhook/test", post(webhook))
        .route("/payment/return", get(back_from_bank))
}

/// The test provider's webhooks, signed `Testpsp-Signature: t={unix s},v1={hex
/// HMAC-SHA256 of "{t}.{body}"}`. Each only says which payment changed; the shop then
/// asks the provider where it stands, so duplicates and any order are harmless.
#[utoipa::path(post, path = "/api/payment/webhook/test", tag = "payments",
    responses(
        (status = 200, description = "'Webhook received'", body = Envelope<Empty>),
        (status = 400, description = "'Invalid signature', 'Webhook timestamp is too old', or not an event", body = ErrorBody),
    ))]
pub async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let signature = state
        .payments
        .provider()
        .signature_header()
        .and_then(|name| headers.get(name))
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let body =
        std::str::from_utf8(&body).map_err(|_| AppError::bad_request("Invalid signature"))?;
    let provider = state.payments.provider();
    let event = provider
        .parse_webhook(signature, body, state.clock.now_ms())
        .map_err(|problem| {
            AppError::bad_request(match problem {
                WebhookProblem::BadSignature => "Invalid signature",
                WebhookProblem::Stale => "Webhook timestamp is too old",
                WebhookProblem::Malformed => "Not a payment event",
            })
        })?;
    let store = state.payments.store();
    if !store
        .first_sight_of_event(provider.name(), &event.id, state.clock.now_ms())
        .await?
    {
        return Ok(ok("Webhook already received", Empty {}));
    }
    state.order_service.settle_payment(&event.payment).await?;
    Ok(ok("Webhook received", Empty {}))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnQuery {
    /// The provider's payment id it adds to the way back.
    pub payment: Option<String>,
}

/// Where the provider sends the shopper's browser after a 3-D Secure check: the shop
/// asks where the payment stands, records it, and opens the order's page.
#[utoipa::path(get, path = "/api/payment/return", tag = "payments", params(ReturnQuery),
    responses(
        (status = 303, description = "To the order's page (`/orders/{number}?token=…&placed=1`)"),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn back_from_bank(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ReturnQuery>,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound(ORDER_NOT_FOUND.into());
    let payment = query
        .payment
        .filter(|p| !p.is_empty() && p.len() <= 100)
        .ok_or_else(not_found)?;
    let order = state
        .order_service
        .settle_payment(&payment)
        .await?
        .ok_or_else(not_found)?;
    Ok(Redirect::to(&format!(
        "{}&placed=1",
        state.order_service.links().path(&order.number)
    ))
    .into_response())
}
