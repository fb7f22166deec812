//! The console's return calls (docs/DESIGN.md §12): every return by status, one return,
//! and its moves: approve, reject with a reason, receive (per line, how many came back
//! and how many go back on sale) and refund. Each move is logged in the activity log in
//! its own transaction (store::orders).

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{return_id, Return, ReturnData};
use crate::domain::refund::{check_reason, typed_amount};
use crate::domain::returns::Status;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::AdminUser;
use crate::http::paging::parse_paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::orders::Received;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/return", get(list))
        .route("/admin/return/{id}", get(one))
        .route("/admin/return/{id}/approve", post(approve))
        .route("/admin/return/{id}/reject", post(reject))
        .route("/admin/return/{id}/receive", post(receive))
        .route("/admin/return/{id}/refund", post(refund))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReturnListQuery {
    /// Only returns standing here; blank: every return.
    #[param(pattern = "^(?:requested|approved|rejected|cancelled|received|refunded)?$")]
    pub status: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnList {
    pub returns: Vec<Return>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct RejectRequest {
    /// Told to the shopper: 1 to 500 characters once trimmed.
    #[serde(default)]
    #[schema(required = true, max_length = 500)]
    pub reason: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedLine {
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    pub variant_id: String,
    /// How many came back: 0 to the line's quantity.
    #[serde(default)]
    #[schema(required = true, minimum = 0, maximum = 999)]
    pub received: i64,
    /// How many of those go back on sale: 0 to `received`.
    #[serde(default)]
    #[schema(required = true, minimum = 0, maximum = 999)]
    pub restocked: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct ReceiveRequest {
    /// Every line of the return, once.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    pub lines: Vec<ReceivedLine>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnRefundRequest {
    /// Less than the estimate, if staff say so; left out: the estimate (with delivery
    /// when `includeDelivery`), which closes a return none of which came back with
    /// nothing refunded.
    #[schema(required = false, value_type = f64, minimum = 0.01, maximum = 10000000, multiple_of = 0.01)]
    pub amount: Option<f64>,
    /// Refund the order's delivery fee too.
    #[serde(default)]
    pub include_delivery: bool,
}

/// Every return, newest first, of one status or all.
#[utoipa::path(get, path = "/api/admin/return", tag = "admin", operation_id = "admin_list_returns", params(ReturnListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of returns", body = Envelope<ReturnList>),
        (status = 400, description = "An unknown status, a bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<ReturnListQuery>,
) -> Result<Json<Envelope<ReturnList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let status = match query.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(Status::parse(text).ok_or_else(|| {
            AppError::field(
                "status",
                "status must be one of requested, approved, rejected, cancelled, received, refunded",
            )
        })?),
    };
    let (rows, total) = state
        .orders
        .list_returns(status, paging.page, paging.per_page)
        .await?;
    Ok(ok(
        "Returns",
        ReturnList {
            returns: rows
                .into_iter()
                .map(|r| Return::from_row(&state, r))
                .collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One return with its photos and timeline.
#[utoipa::path(get, path = "/api/admin/return/{id}", tag = "admin", operation_id = "admin_get_return", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The return", body = Envelope<ReturnData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
    ))]
pub async fn one(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    let row = state
        .order_service
        .return_for(crate::orders::returns::Viewer::Staff, &id)
        .await?;
    Ok(ok("Return", Return::data(&state, row)))
}

/// Approves a requested return: the shopper is mailed to send the items back.
#[utoipa::path(post, path = "/api/admin/return/{id}/approve", tag = "admin", operation_id = "approve_return", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Return approved'", body = Envelope<ReturnData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'This return is <status>': only a requested return can be approved", body = ErrorBody),
    ))]
pub async fn approve(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    let row = state
        .order_service
        .approve_return(&id, &admin.actor())
        .await?;
    Ok(ok("Return approved", Return::data(&state, row)))
}

/// Rejects a requested or approved return, with the reason the shopper is told.
#[utoipa::path(post, path = "/api/admin/return/{id}/reject", tag = "admin", operation_id = "reject_return", params(("id" = String, Path)),
    request_body = RejectRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Return rejected'", body = Envelope<ReturnData>),
        (status = 400, description = "'A reason is required', 'A reason may be at most 500 characters' (`errors.reason`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'This return is <status>': only a requested or approved return can be rejected", body = ErrorBody),
    ))]
pub async fn reject(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<RejectRequest>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let reason =
        check_reason(&body.reason).map_err(|problem| AppError::field("reason", problem))?;
    let id = return_id(&id)?;
    let row = state
        .order_service
        .reject_return(&id, reason, &admin.actor())
        .await?;
    Ok(ok("Return rejected", Return::data(&state, row)))
}

/// Receives an approved return: per line how many came back and how many of those go
/// back on sale, added to the variant's stock at once (back-in-stock alerts follow).
#[utoipa::path(post, path = "/api/admin/return/{id}/receive", tag = "admin", operation_id = "receive_return", params(("id" = String, Path)),
    request_body = ReceiveRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Return received'", body = Envelope<ReturnData>),
        (status = 400, description = "`errors`: `lines.<variantId>.received` ('At most N came back'), `lines.<variantId>.restocked` ('At most what came back goes back on sale'), `lines` (not every line of the return once)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'This return is <status>': only an approved return can be received", body = ErrorBody),
    ))]
pub async fn receive(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ReceiveRequest>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    if body.lines.is_empty() || body.lines.len() > 100 {
        return Err(AppError::field(
            "lines",
            "Say for every line of the return what came back",
        ));
    }
    let lines: Vec<Received> = body
        .lines
        .iter()
        .map(|l| Received {
            variant_id: l.variant_id.trim().to_string(),
            received: l.received,
            restocked: l.restocked,
        })
        .collect();
    let row = state
        .order_service
        .receive_return(&id, &lines, &admin.actor())
        .await?;
    Ok(ok("Return received", Return::data(&state, row)))
}

/// Refunds a received return: its estimate (with the delivery fee when
/// `includeDelivery`) or less, through the payment provider for a card order, recorded
/// by hand otherwise; never more than is left of what the order paid. A credit note is
/// issued and the shopper mailed.
#[utoipa::path(post, path = "/api/admin/return/{id}/refund", tag = "admin", operation_id = "refund_return", params(("id" = String, Path)),
    request_body = ReturnRefundRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Return refunded'", body = Envelope<ReturnData>),
        (status = 400, description = "'Amount must be more than 0 with at most two decimals' (`errors.amount`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'This return is <status>' (only a received return is refunded); 'This return is being refunded'; 'Nothing has been paid on this order'; 'The payment provider did not refund: …'; 'The payment provider did not answer. The refund is held and will be checked again in a few minutes.'", body = ErrorBody),
        (status = 422, description = "'At most ₹N can be refunded' (`errors.amount`): more than the estimate (with delivery if included) or than is left of what was paid; a card order while the shop takes no cards: 'Card payments are not available'", body = ErrorBody),
    ))]
pub async fn refund(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ReturnRefundRequest>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let amount = body
        .amount
        .map(typed_amount)
        .transpose()
        .map_err(|problem| AppError::field("amount", problem))?;
    let id = return_id(&id)?;
    let row = state
        .order_service
        .refund_return(&id, amount, body.include_delivery, &admin.actor())
        .await?;
    Ok(ok("Return refunded", Return::data(&state, row)))
}
