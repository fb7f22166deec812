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
use crate::domain::Money;
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
    params(("Idempotency-Key" = Option<String>, Header, max_length = 100, pattern = "^[ -~]*[!-~][ -~]*$",
        description = "Visible ASCII, at most 100 characters")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Lines added to cart': each line's answer, in the order first named", body = Envelope<QuickOrderAnswer>),
        (status = 400, description = "`errors.lines` 'Send at least one line' or 'At most 200 lines' (nothing added); a key that is blank, not visible ASCII or over 100 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "'Idempotency key reused with a different request'", body = ErrorBody),
    ))]
pub async fn bulk(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    ApiJson(raw): ApiJson<serde_json::Value>,
) -> Result<Json<Envelope<QuickOrderAnswer>>, AppError> {
    let key = idempotency_key(&headers)?;
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
    params(("number" = String, Path),
        ("Idempotency-Key" = Option<String>, Header, max_length = 100, pattern = "^[ -~]*[!-~][ -~]*$",
            description = "Visible ASCII, at most 100 characters: the same key answers its first answer again and adds nothing")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Lines added to cart': each line's answer (a variant no longer in the shop `unknown`)", body = Envelope<QuickOrderAnswer>),
        (status = 400, description = "A key that is blank, not visible ASCII or over 100 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Order not found' (also another customer's)", body = ErrorBody),
        (status = 422, description = "'Idempotency key reused with a different request' (another order's number)", body = ErrorBody),
    ))]
pub async fn reorder(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    headers: HeaderMap,
    ApiPath(number): ApiPath<String>,
) -> Result<Json<Envelope<QuickOrderAnswer>>, AppError> {
    let key = idempotency_key(&headers)?;
    let not_found = || AppError::NotFound("Order not found".into());
    // The service's look-up: a number no order can have is not found without asking.
    let order = state
        .order_service
        .by_number(number.trim())
        .await
        .map_err(AppError::from)?;
    if order.user_id.as_ref() != Some(&user.id) {
        return Err(not_found());
    }
    let digest = crate::security::token_digest(&format!("reorder\n{}", order.number));
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
        .add(&user.id, &asked, key.map(|k| (k, digest.as_str())))
        .await?
        .map_err(|KeyReused| {
            AppError::unprocessable("Idempotency key reused with a different request")
        })?;
    let shop = state.shop_settings.get().await?;
    let money = |cents| currency::format(Money::from_cents(cents), shop.currency, Reading::Rupees);
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

/// The request's `Idempotency-Key`, if it sent one: 400 for one that is blank, not
/// visible ASCII, or over [`MAX_KEY_CHARS`] (a key that cannot be read must not be taken
/// for none, or a retry would add its lines again).
fn idempotency_key(headers: &HeaderMap) -> Result<Option<&str>, AppError> {
    let Some(raw) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let key = raw.to_str().map(str::trim).unwrap_or_default();
    if key.is_empty() || key.chars().count() > MAX_KEY_CHARS {
        return Err(AppError::bad_request(format!(
            "Idempotency-Key must be 1 to {MAX_KEY_CHARS} visible characters"
        )));
    }
    Ok(Some(key))
}

fn answered(answers: Vec<LineAnswer>) -> Json<Envelope<QuickOrderAnswer>> {
    ok(
        "Lines added to cart",
        QuickOrderAnswer {
            lines: answers.into_iter().map(Into::into).collect(),
        },
    )
}
