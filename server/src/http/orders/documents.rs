//! An order's tax invoice and credit notes as PDF (docs/DESIGN.md §10), for whoever may
//! see the order: its owner, the mailed link's `?token=`, and staff. Anyone else hears
//! the order does not exist.

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::answers::TokenQuery;
use crate::documents::{credit_note_pdf, invoice_pdf};
use crate::domain::order_row::OrderRow;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiPath, ApiQuery};
use crate::http::identity::MaybeUser;
use crate::http::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order/{number}/invoice", get(invoice))
        .route("/order/{number}/credit-note/{n}", get(credit_note))
}

const NO_INVOICE: &str = "This order has no invoice";
const NO_CREDIT_NOTE: &str = "Credit note not found";

/// The order `number` for its owner, the link's token, or staff.
async fn order_for(
    state: &AppState,
    user: MaybeUser,
    number: &str,
    token: Option<&str>,
) -> Result<OrderRow, AppError> {
    let service = &state.order_service;
    let found = match user.0 {
        Some(user) if user.role.is_staff() => service.by_number(number).await,
        user => {
            service
                .reachable(user.map(|u| u.id).as_ref(), number, token)
                .await
        }
    };
    Ok(found?)
}

fn pdf(bytes: Result<Vec<u8>, String>, filename: &str) -> Result<Response, AppError> {
    let bytes = bytes.map_err(|e| AppError::Internal(format!("a PDF was not made: {e}").into()))?;
    let disposition = HeaderValue::from_str(&format!("inline; filename=\"{filename}.pdf\""))
        .map_err(|e| AppError::Internal(Box::new(e)))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/pdf"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-store"),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// The order's tax invoice: the shop, the buyer, each line with its quantity, unit
/// price, tax rate, tax and amount, the totals per rate and the payment status.
#[utoipa::path(get, path = "/api/order/{number}/invoice", tag = "orders",
    params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "`INV-000001.pdf`", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "'Order not found' (also another customer's order, a tampered or expired token); 'This order has no invoice' (placed before invoices were issued)", body = ErrorBody),
    ))]
pub async fn invoice(
    State(state): State<AppState>,
    user: MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Response, AppError> {
    let order = order_for(&state, user, &number, query.token.as_deref()).await?;
    let shop = state.shop_settings.get().await?;
    let filename = order.invoice_number.clone().unwrap_or_default();
    let bytes = invoice_pdf(&order, &shop).ok_or(AppError::NotFound(NO_INVOICE.into()))?;
    pdf(bytes, &filename)
}

/// The order's `n`th credit note (1, 2, … in the order's `creditNotes`).
#[utoipa::path(get, path = "/api/order/{number}/credit-note/{n}", tag = "orders",
    params(("number" = String, Path), ("n" = i64, Path, minimum = 1), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "`CN-000001.pdf`", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "'Order not found' as for the invoice; 'Credit note not found' (the order has fewer)", body = ErrorBody),
    ))]
pub async fn credit_note(
    State(state): State<AppState>,
    user: MaybeUser,
    ApiPath((number, n)): ApiPath<(String, i64)>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Response, AppError> {
    let order = order_for(&state, user, &number, query.token.as_deref()).await?;
    let note = usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| order.credit_notes.get(i))
        .ok_or(AppError::NotFound(NO_CREDIT_NOTE.into()))?;
    let shop = state.shop_settings.get().await?;
    pdf(credit_note_pdf(&order, note, &shop), &note.number)
}
