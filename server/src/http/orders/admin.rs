//! The administrators' order calls (docs/DESIGN.md §8): every order (filtered and
//! searched), one order with its whole history, moving an order along the status
//! machine, recording cash, and internal notes. Every change is written to the
//! activity log in the change's own transaction (store::orders), through the
//! order flows (crate::orders).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::answers::{Order, OrderData, OrderList};
use crate::domain::order::{Fulfilment, PaymentStatus, Status};
use crate::domain::refund::{check_reason, typed_amount};
use crate::domain::staff::Action;
use crate::domain::time::{parse_date, DAY_MS};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::AdminUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::orders::OrderFilter;

#[derive(OpenApi)]
#[openapi(paths(list, one, set_status, mark_paid, add_note, refund))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/order", get(list))
        .route("/admin/order/{number}", get(one))
        .route("/admin/order/{number}/status", post(set_status))
        .route("/admin/order/{number}/paid", post(mark_paid))
        .route("/admin/order/{number}/note", post(add_note))
        .route("/admin/order/{number}/refund", post(refund))
}

/// The longest note an administrator may add to a status change, or on its own.
const MAX_NOTE_CHARS: usize = 500;
/// The longest search text: longer names no order number, e-mail or first name.
const MAX_QUERY_CHARS: usize = 200;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminListQuery {
    /// Only orders standing at this status.
    #[param(pattern = "^(?:placed|ready_for_pickup|shipped|completed|cancelled)?$")]
    pub status: Option<String>,
    /// Only orders whose payment stands here: unpaid, pending, paid,
    /// partially_refunded, refunded, failed.
    #[serde(rename = "paymentStatus")]
    #[param(pattern = "^(?:unpaid|pending|paid|partially_refunded|refunded|failed)?$")]
    pub payment_status: Option<String>,
    /// Only `pickup` or only `delivery` orders.
    #[param(pattern = "^(?:pickup|delivery)?$")]
    pub fulfilment: Option<String>,
    /// Placed on or after this day (`YYYY-MM-DD`, UTC); blank: any.
    pub from: Option<String>,
    /// Placed on or before this day (`YYYY-MM-DD`, UTC, the whole day), not before
    /// `from`; blank: any.
    pub to: Option<String>,
    /// The order's number (`#` optional), or the beginning of its e-mail address or
    /// first name, case-insensitively.
    pub q: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct NoteRequest {
    /// For the shop's eyes only: 1 to 500 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub note: String,
}

#[derive(Deserialize, ToSchema)]
pub struct RefundRequest {
    /// What to give back, more than 0 with at most two decimals, and at most what is
    /// left of what was paid.
    #[schema(required = true, value_type = f64, minimum = 0.01, maximum = 10000000, multiple_of = 0.01)]
    pub amount: Option<f64>,
    /// Why, for the shop's records and the activity log: 1 to 500 characters once
    /// trimmed.
    #[serde(default)]
    #[schema(required = true, max_length = 500)]
    pub reason: String,
}

#[derive(Deserialize, ToSchema)]
pub struct StatusRequest {
    /// `ready_for_pickup`, `shipped`, `completed` or `cancelled`, as the status
    /// machine allows from where the order stands.
    #[serde(default)]
    #[schema(required = true, value_type = crate::domain::order::Status)]
    pub status: String,
    /// Shown to the shopper on the timeline (a tracking number, say): at most 500
    /// characters.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

/// Every order, newest first, narrowed by any of the filters and the search. Empty
/// parameters count as absent; each bad one is a 400 naming it.
#[utoipa::path(get, path = "/api/admin/order", tag = "admin", params(AdminListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of orders", body = Envelope<OrderList>),
        (status = 400, description = "An unknown status, payment status or fulfilment, a date not `YYYY-MM-DD`, `to` before `from`, a search over 200 characters, a bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<AdminListQuery>,
) -> Result<Json<Envelope<OrderList>>, AppError> {
    let (filter, paging) = parse_filter(&query)?;
    let (rows, total) = state
        .orders
        .search(&filter, paging.per_page, paging.offset())
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

/// The list's filters and page, every problem named under its parameter.
fn parse_filter(query: &AdminListQuery) -> Result<(OrderFilter, Paging), AppError> {
    fn present(value: &Option<String>) -> Option<&str> {
        value.as_deref().map(str::trim).filter(|v| !v.is_empty())
    }
    let mut errors = BTreeMap::new();
    let mut filter = OrderFilter::default();
    if let Some(text) = present(&query.status) {
        match Status::parse(text) {
            Some(status) => filter.status = Some(status),
            None => {
                errors.insert("status", STATUS_VALUES.to_string());
            }
        }
    }
    if let Some(text) = present(&query.payment_status) {
        match PaymentStatus::parse(text) {
            Some(payment) => filter.payment_status = Some(payment),
            None => {
                errors.insert(
                    "paymentStatus",
                    "paymentStatus must be one of unpaid, pending, paid, partially_refunded, refunded, failed".into(),
                );
            }
        }
    }
    if let Some(text) = present(&query.fulfilment) {
        match Fulfilment::parse(text) {
            Some(fulfilment) => filter.fulfilment = Some(fulfilment),
            None => {
                errors.insert("fulfilment", "fulfilment must be pickup or delivery".into());
            }
        }
    }
    let mut date = |name: &'static str, value: &Option<String>| {
        let text = present(value)?;
        let day = parse_date(text);
        if day.is_none() {
            errors.insert(name, format!("{name} must be a date like 2025-03-01"));
        }
        day
    };
    let from = date("from", &query.from);
    let to = date("to", &query.to);
    if let (Some(from), Some(to)) = (from, to) {
        if to < from {
            errors.insert("to", "to must not be before from".into());
        }
    }
    filter.from = from;
    // `to` names a whole day: everything before the next one.
    filter.until = to.map(|day| day + DAY_MS);
    if let Some(text) = present(&query.q) {
        if text.chars().count() > MAX_QUERY_CHARS {
            errors.insert(
                "q",
                format!("q must be at most {MAX_QUERY_CHARS} characters"),
            );
        }
        filter.query = Some(text.to_string());
    }
    let paging = Paging::parse(
        query.page.as_deref(),
        query.per_page.as_deref(),
        10,
        100,
        &mut errors,
    );
    if errors.is_empty() {
        Ok((filter, paging))
    } else {
        Err(AppError::fields(errors))
    }
}

/// One order with every event, the shopper's and the shop's own, and for a cancelled
/// card order whose refund the provider did not take, `refundFailure`.
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
    let order = state.order_service.by_number(&number).await?;
    Ok(ok(
        "Order",
        OrderData {
            order: for_staff(&state, order).await?,
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
    admin: AdminUser,
    ApiPath(number): ApiPath<String>,
    ApiJson(body): ApiJson<StatusRequest>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let next = parse_status(body.status.trim())?;
    // The gate let in whoever may move or cancel orders; which of those this move is
    // decides now (a paid order support may not cancel is refused as the move is made).
    if next == Status::Cancelled {
        if !admin.role().may_cancel(false) {
            admin.require(Action::CancelOrders)?;
        }
    } else {
        admin.require(Action::MoveOrders)?;
    }
    let note = body
        .note
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    if let Some(note) = note {
        check_note_length(note)?;
    }
    let moved = state
        .order_service
        .move_by_admin(&number, next, note, &admin.actor())
        .await?;
    Ok(ok(
        "Order updated",
        OrderData {
            order: for_staff(&state, moved).await?,
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
    admin: AdminUser,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let paid = state
        .order_service
        .mark_paid(&number, &admin.actor())
        .await?
        .ok_or_else(|| AppError::Conflict("This order is not awaiting payment".into()))?;
    Ok(ok(
        "Payment recorded",
        OrderData {
            order: for_staff(&state, paid).await?,
        },
    ))
}

/// Adds an internal note to the order's history: administrators see it on the
/// timeline, the shopper never does, and no mail is sent.
#[utoipa::path(post, path = "/api/admin/order/{number}/note", tag = "admin", params(("number" = String, Path)),
    request_body = NoteRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Note added': the order with every event", body = Envelope<OrderData>),
        (status = 400, description = "'Note is required', 'A note may be at most 500 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn add_note(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(number): ApiPath<String>,
    ApiJson(body): ApiJson<NoteRequest>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let note = body.note.trim();
    if note.is_empty() {
        return Err(AppError::field("note", "Note is required"));
    }
    check_note_length(note)?;
    let noted = state
        .order_service
        .add_note(&number, note, &admin.actor())
        .await?;
    Ok(ok(
        "Note added",
        OrderData {
            order: for_staff(&state, noted).await?,
        },
    ))
}

/// Gives part or all of what an order paid back, without a return: through the
/// payment provider for a card order, recorded by hand for cash and account orders.
/// Everything refunded on an order never passes what was paid, however many refunds
/// race. The refund is a transaction (`kind: refund`) in the shopper's history, a
/// credit note against the invoice, an activity entry and a mail to the shopper.
#[utoipa::path(post, path = "/api/admin/order/{number}/refund", tag = "admin", params(("number" = String, Path)),
    request_body = RefundRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Refund recorded': the order with `refunded` and its payment status (`partially_refunded` or `refunded`)", body = Envelope<OrderData>),
        (status = 400, description = "'Amount is required', 'Amount must be more than 0 with at most two decimals' (`errors.amount`); 'A reason is required', 'A reason may be at most 500 characters' (`errors.reason`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "'Nothing has been paid on this order'; 'The payment provider did not refund: …' with the provider's words (nothing was refunded); 'The payment provider did not answer. The refund is held and will be checked again in a few minutes.' (its amount stays held until the provider answers the same refund)", body = ErrorBody),
        (status = 422, description = "'At most ₹N can be refunded' (`errors.amount`); a card order while the shop takes no cards: 'Card payments are not available'", body = ErrorBody),
    ))]
pub async fn refund(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(number): ApiPath<String>,
    ApiJson(body): ApiJson<RefundRequest>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let mut errors = BTreeMap::new();
    let amount = match body.amount.map(typed_amount) {
        None => {
            errors.insert("amount", "Amount is required".to_string());
            None
        }
        Some(Ok(amount)) => Some(amount),
        Some(Err(problem)) => {
            errors.insert("amount", problem.to_string());
            None
        }
    };
    let reason = check_reason(&body.reason)
        .map_err(|problem| errors.insert("reason", problem.to_string()))
        .ok();
    let (Some(amount), Some(reason)) = (amount, reason) else {
        return Err(AppError::fields(errors));
    };
    let refunded = state
        .order_service
        .refund(&number, amount, reason, &admin.actor())
        .await?;
    Ok(ok(
        "Refund recorded",
        OrderData {
            order: for_staff(&state, refunded).await?,
        },
    ))
}

/// One order as staff see it: every event, its refunds, and the refund a cancelled
/// card order still owes.
pub(crate) async fn for_staff(
    state: &AppState,
    order: crate::domain::order_row::OrderRow,
) -> Result<Order, AppError> {
    let owed = state.order_service.refund_issue(&order).await?;
    let refunds = state.orders.refunds_of(&order.id).await?;
    Ok(Order::for_admin(order)
        .with_refund(owed)
        .with_refunds(refunds))
}

fn check_note_length(note: &str) -> Result<(), AppError> {
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(AppError::field(
            "note",
            format!("A note may be at most {MAX_NOTE_CHARS} characters"),
        ));
    }
    Ok(())
}

const STATUS_VALUES: &str =
    "Status must be one of placed, ready_for_pickup, shipped, completed, cancelled";

fn parse_status(text: &str) -> Result<Status, AppError> {
    Status::parse(text).ok_or_else(|| AppError::field("status", STATUS_VALUES))
}
