//! Quick order and buy again (docs/DESIGN.md §11): lines of SKUs, or a past order's
//! lines, put in the signed-in customer's cart at today's prices, each line answered
//! `added`, `short`, `unknown` or `invalid`.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::currency::{self, Reading};
use crate::domain::quick_order::{merge_lines, Asked, MAX_LINES, TOO_MANY_LINES};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath};
use crate::http::identity::CurrentUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::quick_order::{KeyReused, LineAnswer};

#[derive(OpenApi)]
#[openapi(paths(bulk, reorder))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/item/bulk", post(bulk))
        .route("/order/{number}/reorder", post(reorder))
}

/// Longest `Idempotency-Key`, in characters.
const MAX_KEY_CHARS: usize = 100;

/// One line of a quick order.
#[derive(Deserialize, ToSchema)]
pub struct QuickOrderLine {
    /// Any case; one no variant has (however long) is answered `unknown`.
    pub sku: String,
    /// A whole number of at least 1 (summed with the SKU's other lines); any other
    /// number is answered `invalid`.
    pub quantity: f64,
}

#[derive(Deserialize, ToSchema)]
pub struct QuickOrderRequest {
    /// 1 to 200 lines.
    #[serde(default)]
    #[schema(required = true, max_items = 200)]
    pub lines: Vec<QuickOrderLine>,
}

/// One line's answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuickOrderLineAnswer {
    pub sku: String,
    /// `added` (all of it), `short` (less could be: `quantity` says how many, 0 when
    /// none), `unknown` (no such SKU in the shop) or `invalid` (a quantity the product
    /// is not sold in; nothing added).
    #[schema(pattern = "^(?:added|short|unknown|invalid)$")]
    pub status: String,
    /// Units added.
    pub quantity: i64,
    pub message: Option<String>,
    pub variant_id: Option<String>,
}

impl From<LineAnswer> for QuickOrderLineAnswer {
    fn from(a: LineAnswer) -> Self {
        QuickOrderLineAnswer {
            sku: a.sku,
            status: a.status,
            quantity: a.quantity,
            message: a.message,
            variant_id: a.variant_id,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct QuickOrderAnswer {
    pub lines: Vec<QuickOrderLineAnswer>,
}

/// Puts lines of SKUs in the signed-in customer's cart.
///
/// With an `Idempotency-Key` the same key and body answer the first answer again and
/// add nothing; the same key with another body is refused.
#[utoipa::path(post, path = "/api/user/item/bulk", tag = "items", request_body = QuickOrderRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "At most 100 characters")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Lines added to cart': each line's answer, in the order first named", body = Envelope<QuickOrderAnswer>),
        (status = 400, description = "`errors.lines` 'Send at least one line' or 'At most 200 lines' (nothing added); a key over 100 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "'Idempotency key reused with a different request'", body = ErrorBody),
    ))]
pub async fn bulk(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    ApiJson(raw): ApiJson<serde_json::Value>,
) -> Result<Json<Envelope<QuickOrderAnswer>>, AppError> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty());
    if key.is_some_and(|k| k.chars().count() > MAX_KEY_CHARS) {
        return Err(AppError::bad_request(format!(
            "Idempotency-Key must be at most {MAX_KEY_CHARS} characters"
        )));
    }
    let digest = crate::security::token_digest(&raw.to_string());
    let body: QuickOrderRequest = serde_json::from_value(raw)
        .map_err(|e| AppError::bad_request(format!("Invalid JSON body: {e}")))?;
    if body.lines.is_empty() {
        return Err(AppError::field("lines", "Send at least one line"));
    }
    if body.lines.len() > MAX_LINES {
        return Err(AppError::field("lines", TOO_MANY_LINES));
    }
    let lines: Vec<(String, f64)> = body
        .lines
        .into_iter()
        .map(|l| (l.sku, l.quantity))
        .collect();
    let asked = merge_lines(&lines);
    let answers = state
        .quick_orders
        .add(&user.id, &asked, key.map(|k| (k, digest.as_str())))
        .await?
        .map_err(|KeyReused| {
            AppError::unprocessable("Idempotency key reused with a different request")
        })?;
    Ok(answered(answers))
}

/// Puts a past order's lines in the cart again, at today's prices; a line whose unit
/// price changed since says so in `message` ('The price is now ₹88.00 (was ₹90.00)').
#[utoipa::path(post, path = "/api/order/{number}/reorder", tag = "orders",
    params(("number" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Lines added to cart': each line's answer (a variant no longer in the shop `unknown`)", body = Envelope<QuickOrderAnswer>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Order not found' (also another customer's)", body = ErrorBody),
    ))]
pub async fn reorder(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<Envelope<QuickOrderAnswer>>, AppError> {
    let not_found = || AppError::NotFound("Order not found".into());
    let order = state
        .orders
        .by_number(number.trim())
        .await?
        .filter(|o| o.user_id.as_ref() == Some(&user.id))
        .ok_or_else(not_found)?;
    let asked: Vec<Asked> = order
        .lines
        .iter()
        .map(|line| Asked {
            // A line from before SKUs names no variant to find: it is `unknown`.
            sku: line.sku.clone().unwrap_or_else(|| line.name.clone()),
            quantity: Some(line.quantity),
            was: Some(line.unit_price),
        })
        .collect();
    let mut answers = state
        .quick_orders
        .add(&user.id, &asked, None)
        .await?
        .map_err(|KeyReused| AppError::Internal("no key was sent".into()))?;
    let shop = state.shop_settings.get().await?;
    let money = |m| currency::format(m, shop.currency, Reading::Rupees);
    for answer in &mut answers {
        if let Some((was, now)) = answer.price_change {
            let change = format!("The price is now {} (was {})", money(now), money(was));
            answer.message = Some(match answer.message.take() {
                Some(message) => format!("{message}. {change}"),
                None => change,
            });
        }
    }
    Ok(answered(answers))
}

fn answered(answers: Vec<LineAnswer>) -> Json<Envelope<QuickOrderAnswer>> {
    ok(
        "Lines added to cart",
        QuickOrderAnswer {
            lines: answers.into_iter().map(Into::into).collect(),
        },
    )
}
