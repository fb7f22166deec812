//! The administrators' order calls (DESIGN.md §8): every order, one order with its
//! whole history, moving an order along the status machine, and recording cash.
//! The console's screens come later; the timeline needs these now.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::error::{AppError, ErrorBody};
use super::extract::{ApiJson, ApiPath, ApiQuery};
use super::identity::AdminUser;
use super::orders::{move_order, order_by_number, parse_paging, Order, OrderData, OrderList};
use super::{ok, AppState, Envelope};
use crate::domain::order::Status;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/order", get(list))
        .route("/admin/order/{number}", get(one))
        .route("/admin/order/{number}/status", post(set_status))
        .route("/admin/order/{number}/paid", post(mark_paid))
}

/// The longest note an administrator may add to a status change.
const MAX_NOTE_CHARS: usize = 500;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminListQuery {
    /// Only orders standing at this status.
    pub status: Option<String>,
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    pub per_page: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct StatusRequest {
    /// `ready_for_pickup`, `shipped`, `completed` or `cancelled`, as the status
    /// machine allows from where the order stands.
    #[serde(default)]
    pub status: String,
    /// Shown to the shopper on the timeline (a tracking number, say).
    #[serde(default)]
    pub note: Option<String>,
}

/// Every order, newest first, optionally only those at one status.
#[utoipa::path(get, path = "/api/admin/order", tag = "admin", params(AdminListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of orders", body = Envelope<OrderList>),
        (status = 400, description = "An unknown status, a bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<AdminListQuery>,
) -> Result<Json<Envelope<OrderList>>, AppError> {
    let status = match query.status.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(parse_status(text)?),
    };
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state
        .orders
        .all(status, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Orders",
        OrderList {
            orders: rows.into_iter().map(Order::for_admin).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One order with every event, the shopper's and the shop's own.
#[utoipa::path(get, path = "/api/admin/order/{number}", tag = "admin", params(("number" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The order", body = Envelope<OrderData>),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn one(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order = order_by_number(&state, &number).await?;
    Ok(ok(
        "Order",
        OrderData {
            order: Order::for_admin(order),
        },
    ))
}

/// Moves the order along the status machine; the shopper is mailed. Cancelling puts
/// the units back on the shelf.
#[utoipa::path(post, path = "/api/admin/order/{number}/status", tag = "admin", params(("number" = String, Path)),
    request_body = StatusRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "The order at its new status", body = Envelope<OrderData>),
        (status = 400, description = "An unknown status, a note too long", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "A move the status machine does not allow", body = ErrorBody),
    ))]
pub async fn set_status(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(number): ApiPath<String>,
    ApiJson(body): ApiJson<StatusRequest>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let next = parse_status(body.status.trim())?;
    let note = body
        .note
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    if note.is_some_and(|n| n.chars().count() > MAX_NOTE_CHARS) {
        return Err(AppError::field(
            "note",
            format!("A note may be at most {MAX_NOTE_CHARS} characters"),
        ));
    }
    let order = order_by_number(&state, &number).await?;
    let moved = move_order(&state, &order.id, next, note).await?;
    Ok(ok(
        "Order updated",
        OrderData {
            order: Order::for_admin(moved),
        },
    ))
}

/// Records that the cash of an unpaid order was received.
#[utoipa::path(post, path = "/api/admin/order/{number}/paid", tag = "admin", params(("number" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The order, paid", body = Envelope<OrderData>),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "Not awaiting cash: paid already, or cancelled", body = ErrorBody),
    ))]
pub async fn mark_paid(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order = order_by_number(&state, &number).await?;
    let paid = state
        .orders
        .mark_paid(&order.id)
        .await?
        .ok_or_else(|| AppError::Conflict("This order is not awaiting payment".into()))?;
    Ok(ok(
        "Payment recorded",
        OrderData {
            order: Order::for_admin(paid),
        },
    ))
}

fn parse_status(text: &str) -> Result<Status, AppError> {
    Status::parse(text).ok_or_else(|| {
        AppError::field(
            "status",
            "Status must be one of placed, ready_for_pickup, shipped, completed, cancelled",
        )
    })
}
