//! The console's stock calls (docs/DESIGN.md §15): a product's stock moves by a change with
//! a reason, never by a form saving the number it loaded, and every movement (orders,
//! cancellations, the staff's changes, the bulk action, imports) is in its history.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::admin::{admin_answer, refused, AdminProductData};
use super::product::ProductId;
use crate::domain::product_rules::{MAX_STOCK, MAX_STOCK_REASON_CHARS};
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, Missing, PathId};
use crate::http::identity::{actor_of, AdminUser};
use crate::http::paging::parse_paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::stock;

#[derive(OpenApi)]
#[openapi(paths(change_stock, change_variant_stock, stock_history))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/product/{id}/stock", post(change_stock))
        .route("/admin/variant/{id}/stock", post(change_variant_stock))
        .route("/admin/product/{id}/stock-history", get(stock_history))
}

/// The most units one change moves, either way: the most a product may hold.
const MAX_CHANGE: f64 = MAX_STOCK as f64;

/// A change to a product's stock.
#[derive(Deserialize, ToSchema)]
pub struct StockChangeRequest {
    /// Units to add (positive) or take away (negative): a whole number, not 0, at most
    /// 1,000,000 either way.
    #[schema(required = true, value_type = i64)]
    pub change: Option<f64>,
    /// Why: 1 to 200 characters once trimmed ('Delivery from supplier', 'Damaged').
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub reason: String,
}

/// Who moved stock by hand.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockActor {
    #[serde(rename = "_id")]
    pub id: String,
    pub email_address: String,
    pub role: String,
}

/// One movement of a product's stock.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockEntry {
    pub at: String,
    /// Units added (positive) or taken (negative).
    pub change: i64,
    pub stock_after: i64,
    /// 'Order', 'Cancelled', or what the member of staff gave.
    pub reason: String,
    /// The member of staff, or null for an order's movement.
    pub actor: Option<StockActor>,
    /// The order that moved it, or null for the staff's.
    pub order_number: Option<String>,
    /// The variant whose stock moved, and its SKU (null once it is deleted).
    pub variant_id: Option<String>,
    pub sku: Option<String>,
}

impl From<stock::Entry> for StockEntry {
    fn from(entry: stock::Entry) -> Self {
        StockEntry {
            at: iso8601(entry.at),
            change: entry.change,
            stock_after: entry.stock_after,
            reason: entry.reason,
            actor: entry.actor.map(|actor| StockActor {
                id: actor.id,
                email_address: actor.email,
                role: actor.role,
            }),
            order_number: entry.order_number,
            variant_id: entry.variant_id,
            sku: entry.sku,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockHistory {
    pub entries: Vec<StockEntry>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// Moves a product's stock by a change with a reason: a conditional increment that
/// never leaves fewer than no units, written to the stock history. Its one variant's
/// stock: a product with several variants is refused (`errors.variantId`), each
/// variant's stock moving by `POST /admin/variant/{id}/stock`.
#[utoipa::path(post, path = "/api/admin/product/{id}/stock", tag = "admin",
    params(("id" = String, Path)),
    request_body = StockChangeRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Stock changed', the product as it now is", body = Envelope<AdminProductData>),
        (status = 400, description = "`errors.change` (a whole number, not 0) or `errors.reason` (1 to 200 characters); `errors.variantId` for a product with several variants", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 409, description = "'Only N in stock': the change would leave fewer than none; nothing changed", body = ErrorBody),
    ))]
pub async fn change_stock(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
    ApiJson(body): ApiJson<StockChangeRequest>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let (change, reason) = check_change(&body)?;
    let row = state
        .catalogue
        .change_stock(&id, change, &reason, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    let product = admin_answer(&state, row).await?;
    Ok(ok("Stock changed", AdminProductData { product }))
}

/// Moves one variant's stock by a change with a reason, as a product's: a conditional
/// increment that never leaves fewer than no units, written to its product's stock
/// history with its SKU. The product's stock (the sum) follows.
#[utoipa::path(post, path = "/api/admin/variant/{id}/stock", tag = "admin",
    params(("id" = String, Path, description = "The variant's `_id`")),
    request_body = StockChangeRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Stock changed', the product as it now is, with its variants", body = Envelope<AdminProductData>),
        (status = 400, description = "`errors.change` (a whole number, not 0) or `errors.reason` (1 to 200 characters)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Variant not found' (archived variants too)", body = ErrorBody),
        (status = 409, description = "'Only N in stock': the change would leave the variant fewer than none; nothing changed", body = ErrorBody),
    ))]
pub async fn change_variant_stock(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<VariantId>,
    ApiJson(body): ApiJson<StockChangeRequest>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let (change, reason) = check_change(&body)?;
    let row = state
        .catalogue
        .change_variant_stock(
            id.as_str(),
            change,
            &reason,
            &actor_of(&admin),
            &state.activity,
        )
        .await?
        .map_err(refused)?;
    let product = admin_answer(&state, row).await?;
    Ok(ok("Stock changed", AdminProductData { product }))
}

/// The `{id}` of a variant.
pub struct VariantId;

impl Missing for VariantId {
    fn error(_: &axum::http::request::Parts) -> AppError {
        AppError::NotFound("Variant not found".into())
    }
}

/// A product's stock movements, newest first.
#[utoipa::path(get, path = "/api/admin/product/{id}/stock-history", tag = "admin",
    params(("id" = String, Path), HistoryQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Stock history'", body = Envelope<StockHistory>),
        (status = 400, description = "A bad page, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
    ))]
pub async fn stock_history(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<ProductId>,
    ApiQuery(query): ApiQuery<HistoryQuery>,
) -> Result<Json<Envelope<StockHistory>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (entries, total) = state
        .catalogue
        .stock_history(&id, paging.page, paging.per_page)
        .await?
        .ok_or_else(|| AppError::NotFound("Product not found".into()))?;
    Ok(ok(
        "Stock history",
        StockHistory {
            entries: entries.into_iter().map(StockEntry::from).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// The change in whole units and the trimmed reason, or each field's problem.
fn check_change(body: &StockChangeRequest) -> Result<(i64, String), AppError> {
    let mut errors = BTreeMap::new();
    let change = match body.change {
        Some(change) if change.fract() == 0.0 && change != 0.0 && change.abs() <= MAX_CHANGE => {
            change as i64
        }
        _ => {
            errors.insert(
                "change",
                format!("The change must be a whole number of units, not 0 (at most {MAX_STOCK} either way)"),
            );
            0
        }
    };
    let reason = body.reason.trim().to_string();
    if reason.is_empty() {
        errors.insert("reason", "Say why the stock changes".to_string());
    } else if reason.chars().count() > MAX_STOCK_REASON_CHARS {
        errors.insert(
            "reason",
            format!("The reason must be at most {MAX_STOCK_REASON_CHARS} characters"),
        );
    }
    if errors.is_empty() {
        Ok((change, reason))
    } else {
        Err(AppError::fields(errors))
    }
}
