//! The shopper's order calls (DESIGN.md §6): the checkout's quote, placing an order
//! with an `Idempotency-Key`, the customer's orders, one order (its owner, or whoever
//! holds the mailed link), cancelling, and 'Track your order'.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::{subject, Empty};
use super::error::{AppError, ErrorBody};
use super::extract::{ApiJson, ApiPath, ApiQuery};
use super::identity::{CurrentUser, MaybeUser};
use super::paging::Paging;
use super::{ok, AppState, Envelope};
use crate::domain::account::Email;
use crate::domain::account_policy::AttemptKind;
use crate::domain::currency::Currency;
use crate::domain::id::Id;
use crate::domain::order::{
    self, check_contact, collect_lines, ContactInput, EventType, Fulfilment, PaymentStatus, Status,
    ORDER_LINK_LIFETIME_MS,
};
use crate::domain::payment::TxnStatus;
use crate::domain::promo::{self, PromoRefusal};
use crate::domain::time::iso8601;
use crate::domain::Money;
use crate::mail::templates;
use crate::payments::provider::PaymentStanding;
use crate::payments::Settled;
use crate::store::activity::Actor;
use crate::store::orders::{
    Buyer, CardCharge, MoveRefusal, NewOrder, OrderRow, PlaceRefusal, Quote as QuoteRow,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order", get(list_orders).post(place_order))
        .route("/order/quote", post(quote))
        .route("/order/track", post(track))
        .route("/order/{number}", get(get_order))
        .route("/order/{number}/cancel", post(cancel_order))
        .route("/user/address", get(saved_address))
}

pub const ORDER_NOT_FOUND: &str = "Order not found";
const KEY_REQUIRED: &str = "Idempotency-Key header is required";
const KEY_IN_USE: &str = "This order is still being placed";
const KEY_REUSED: &str = "Idempotency key reused with a different request";
const SHORT: &str = "Some items are no longer available";
const AMOUNT_CHANGED: &str =
    "Prices changed while you were paying. Please check your order and try again.";
const NOT_CANCELLABLE: &str = "This order can no longer be cancelled";
const TRACK_SENT: &str = "If that order exists, we have e-mailed a link to it to that address.";
/// The longest `Idempotency-Key` kept.
const MAX_KEY_CHARS: usize = 200;

// ---- What the calls read ----

/// A line of the cart as a guest's browser holds it.
#[derive(Deserialize, Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct LineRequest {
    #[serde(default)]
    pub product_id: String,
    #[serde(default)]
    pub quantity: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    #[serde(default)]
    #[schema(required = true, value_type = crate::domain::order::Fulfilment)]
    pub fulfilment: String,
    /// A guest's lines; ignored when signed in (the server cart counts).
    #[serde(default)]
    pub items: Option<Vec<LineRequest>>,
    /// A promo code, case-insensitive; blank for none.
    #[serde(default)]
    pub promo_code: Option<String>,
}

/// The checkout's contact form (spec §3).
#[derive(Deserialize, Serialize, ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct Contact {
    pub first_name: String,
    pub company_name: String,
    pub street_address: String,
    pub apartment: String,
    pub town_city: String,
    pub phone_number: String,
    pub email_address: String,
}

impl From<ContactInput> for Contact {
    fn from(c: ContactInput) -> Self {
        Contact {
            first_name: c.first_name,
            company_name: c.company_name,
            street_address: c.street_address,
            apartment: c.apartment,
            town_city: c.town_city,
            phone_number: c.phone_number,
            email_address: c.email_address,
        }
    }
}

impl From<Contact> for ContactInput {
    fn from(c: Contact) -> Self {
        ContactInput {
            first_name: c.first_name,
            company_name: c.company_name,
            street_address: c.street_address,
            apartment: c.apartment,
            town_city: c.town_city,
            phone_number: c.phone_number,
            email_address: c.email_address,
        }
    }
}

/// How the order is paid.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    /// `cod` (cash on delivery or at pickup) or `card`.
    #[serde(default)]
    pub method: String,
    /// For `card`: one of the customer's saved cards (its `_id`), or a fresh token
    /// from the provider's tokenize URL (`pm_test_…`).
    #[serde(default)]
    pub payment_method_id: Option<String>,
    /// For a fresh token, signed in: keep the card in Payment Methods too.
    #[serde(default)]
    pub save_card: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceRequest {
    #[serde(default)]
    #[schema(required = true, value_type = crate::domain::order::Fulfilment)]
    pub fulfilment: String,
    #[serde(default)]
    pub contact: Contact,
    /// Keep the contact details for the next checkout (signed-in customers).
    #[serde(default)]
    pub save_address: bool,
    pub payment: Payment,
    /// A guest's lines; ignored when signed in (the server cart is ordered).
    #[serde(default)]
    pub items: Option<Vec<LineRequest>>,
    #[serde(default)]
    pub promo_code: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The `token` of the order's mailed link.
    pub token: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub number: String,
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
}

// ---- What the calls answer ----

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteLine {
    pub product_id: String,
    pub quantity: i64,
    /// What one unit costs now; `null` for a product that is gone.
    pub unit_price: Option<f64>,
    /// Unit price × quantity; `null` for a product that is gone.
    pub line_total: Option<f64>,
    /// Whether the stock meets the line now.
    pub available: bool,
    /// Why not: 'Only N left in stock', 'This product is out of stock', 'This product
    /// is no longer available'.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub subtotal: f64,
    pub discount: f64,
    /// What the promo code takes off, after the shop's discount (0 without one).
    pub promo_discount: f64,
    pub delivery_fee: f64,
    pub total: f64,
    pub lines: Vec<QuoteLine>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_id: String,
    pub name: String,
    /// The product's first image when it was ordered.
    pub image: Option<String>,
    /// What was paid per unit.
    pub unit_price: f64,
    /// The list price then, before any discount.
    pub list_price: f64,
    pub quantity: i64,
    pub line_total: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEvent {
    #[serde(rename = "type")]
    pub kind: EventType,
    pub at: String,
    pub note: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    #[serde(rename = "_id")]
    pub id: String,
    pub number: String,
    pub status: Status,
    pub payment_status: PaymentStatus,
    pub fulfilment: Fulfilment,
    pub lines: Vec<OrderLine>,
    pub subtotal: f64,
    pub discount: f64,
    /// What the promo code took off (0 without one).
    pub promo_discount: f64,
    pub delivery_fee: f64,
    pub total: f64,
    pub contact: Contact,
    pub promo_code: Option<String>,
    /// Oldest first: the timeline.
    pub events: Vec<OrderEvent>,
    /// `cod` or `card`.
    pub payment_method: String,
    /// The card paid with, for a card order.
    pub card: Option<CardUsed>,
    /// Whether the shopper may still cancel it.
    pub cancellable: bool,
    pub created_at: String,
}

impl Order {
    /// The order as the shopper sees it: public events only.
    pub fn for_shopper(row: OrderRow) -> Order {
        Order::new(row, false)
    }

    /// The order with every event, for administrators.
    pub fn for_admin(row: OrderRow) -> Order {
        Order::new(row, true)
    }

    fn new(row: OrderRow, all_events: bool) -> Order {
        Order {
            id: row.id.into_string(),
            number: row.number,
            status: row.status,
            payment_status: row.payment_status,
            fulfilment: row.fulfilment,
            lines: row
                .lines
                .into_iter()
                .map(|l| OrderLine {
                    product_id: l.product_id,
                    name: l.name,
                    image: l.image,
                    unit_price: l.unit_price.as_f64(),
                    list_price: l.list_price.as_f64(),
                    quantity: l.quantity,
                    line_total: l.line_total.as_f64(),
                })
                .collect(),
            subtotal: row.totals.subtotal.as_f64(),
            discount: row.totals.discount.as_f64(),
            promo_discount: row.totals.promo_discount.as_f64(),
            delivery_fee: row.totals.delivery_fee.as_f64(),
            total: row.totals.total.as_f64(),
            contact: row.contact.into(),
            promo_code: row.promo_code,
            events: row
                .events
                .into_iter()
                .filter(|e| all_events || e.public)
                .map(|e| OrderEvent {
                    kind: e.kind,
                    at: iso8601(e.at),
                    note: e.note,
                })
                .collect(),
            cancellable: row.status.cancellable(),
            payment_method: row.payment_method,
            card: match (row.card_brand, row.card_last4) {
                (Some(brand), Some(last4)) => Some(CardUsed { brand, last4 }),
                _ => None,
            },
            created_at: iso8601(row.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CardUsed {
    pub brand: String,
    pub last4: String,
}

/// What the shopper must do before a card order is paid.
#[derive(Serialize, ToSchema)]
pub struct NextAction {
    /// Always `redirect`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The bank's 3-D Secure page; it sends the browser back to the order's page.
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct OrderData {
    pub order: Order,
}

#[derive(Serialize, ToSchema)]
pub struct PlacedOrder {
    pub order: Order,
    /// Opens the order at `/orders/{number}?token=…` for 90 days, signed in or not.
    pub token: String,
    /// For a card that asks for 3-D Secure: where to send the shopper now.
    #[serde(rename = "nextAction", skip_serializing_if = "Option::is_none")]
    pub next_action: Option<NextAction>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderList {
    pub orders: Vec<Order>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AddressData {
    /// `null` until an address is saved at checkout.
    pub address: Option<Contact>,
}

// ---- Handlers ----

/// The totals the current cart would be charged with `fulfilment`, each line flagged
/// when the stock cannot meet it. Signed in: the server cart; guest: `items`.
#[utoipa::path(post, path = "/api/order/quote", tag = "orders", request_body = QuoteRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The figures", body = Envelope<Quote>),
        (status = 400, description = "'Your cart is empty', an unknown fulfilment, bad lines", body = ErrorBody),
        (status = 422, description = "A promo code that does not apply, in `errors.promoCode`: 'This promo code is not valid', 'This promo code is not active yet', 'This promo code has expired', 'This promo code has been used up', 'Spend at least ₹N to use this promo code' (N in the shop's currency when it names one), 'You have already used this promo code'", body = ErrorBody),
    ))]
pub async fn quote(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiJson(body): ApiJson<QuoteRequest>,
) -> Result<Json<Envelope<Quote>>, AppError> {
    let fulfilment = parse_fulfilment(&body.fulfilment)?;
    let promo = promo_code(body.promo_code.as_deref())?;
    let buyer = buyer(user.map(|u| u.id), body.items.as_deref())?;
    let currency = state.shop_settings.get().await?.currency;
    let quote: QuoteRow = state
        .orders
        .quote(&buyer, fulfilment, promo.as_deref())
        .await?
        .map_err(|refusal| quote_refused(refusal, currency))?;
    let t = quote.totals;
    Ok(ok(
        "Quote",
        Quote {
            subtotal: t.subtotal.as_f64(),
            discount: t.discount.as_f64(),
            promo_discount: t.promo_discount.as_f64(),
            delivery_fee: t.delivery_fee.as_f64(),
            total: t.total.as_f64(),
            lines: quote
                .lines
                .into_iter()
                .map(|l| QuoteLine {
                    product_id: l.product_id,
                    quantity: l.quantity,
                    unit_price: l.unit_price.map(Money::as_f64),
                    line_total: l.line_total.map(Money::as_f64),
                    available: l.problem.is_none(),
                    message: l.problem,
                })
                .collect(),
        },
    ))
}

/// Places the order: the stock of every line is taken, or none (DESIGN.md §6). The
/// same `Idempotency-Key` with the same body answers the same order again.
#[utoipa::path(post, path = "/api/order", tag = "orders", request_body = PlaceRequest,
    security((), ("bearer" = [])),
    params(("Idempotency-Key" = String, Header, max_length = 200, pattern = "^[ -~]*[!-~][ -~]*$",
        description = "One per checkout attempt, of visible ASCII (a header's text); a retry sends it again")),
    responses(
        (status = 201, description = "'Order placed'", body = Envelope<PlacedOrder>),
        (status = 200, description = "The order this key placed before", body = Envelope<PlacedOrder>),
        (status = 400, description = "'Your cart is empty', a missing key, contact fields (`errors` by field)", body = ErrorBody),
        (status = 409, description = "Lines short of stock (`errors` by product id); the prices moved while the card was authorized (`errors.total`: nothing placed, the key not spent); or the key's first request still running (no `errors`: ask again with the same key)", body = ErrorBody),
        (status = 422, description = "'Idempotency key reused with a different request', or card payment", body = ErrorBody),
    ))]
pub async fn place_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    ApiJson(raw): ApiJson<serde_json::Value>,
) -> Result<(StatusCode, Json<Envelope<PlacedOrder>>), AppError> {
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .ok_or_else(|| AppError::bad_request(KEY_REQUIRED))?;
    if key.chars().count() > MAX_KEY_CHARS {
        return Err(AppError::bad_request(format!(
            "Idempotency-Key must be at most {MAX_KEY_CHARS} characters"
        )));
    }
    // Keys in the JSON object are sorted, so the digest is the request's, not its layout's.
    let request_digest = crate::security::token_digest(&raw.to_string());
    let body: PlaceRequest = serde_json::from_value(raw)
        .map_err(|e| AppError::bad_request(format!("Invalid JSON body: {e}")))?;
    let fulfilment = parse_fulfilment(&body.fulfilment)?;
    let (payment_method, card_id) = match body.payment.method.as_str() {
        "cod" => ("cod", None),
        "card" => {
            if !state.payments.takes_cards() {
                return Err(crate::payments::ProviderError::Unavailable.into());
            }
            let id = body
                .payment
                .payment_method_id
                .as_deref()
                .map(str::trim)
                .filter(|id| !id.is_empty() && id.len() <= 100)
                .ok_or_else(|| AppError::field("payment", "Choose a card"))?;
            ("card", Some(id.to_string()))
        }
        _ => return Err(AppError::field("payment", "Choose a payment method")),
    };
    let promo = promo_code(body.promo_code.as_deref())?;
    let contact = check_contact(&body.contact.into(), fulfilment).map_err(AppError::fields)?;
    let user_id = user.map(|u| u.id);
    let buyer = buyer(user_id.clone(), body.items.as_deref())?;
    let scope = user_id.as_ref().map_or("guest", Id::as_str).to_string();
    let mut chosen = None;
    let mut card = None;
    let mut next_action = None;
    if let Some(card_id) = &card_id {
        // A key that placed an order before answers it, without asking the card again.
        if !state.orders.key_taken(&scope, key).await? {
            let picked = state
                .payments
                .choose_card(user_id.as_ref(), card_id)
                .await?
                .map_err(super::payments::card_problem)?;
            let authorized = authorize_order(
                &state,
                &buyer,
                fulfilment,
                promo.as_deref(),
                &picked,
                &scope,
                key,
                &request_digest,
                user_id.as_ref(),
            )
            .await;
            // Refusals before the card is asked (stock, promo code) are not its outcomes.
            let outcome = match &authorized {
                Ok((_, Some(_))) => Some("action_required"),
                Ok(_) => Some("authorized"),
                Err(AppError::PaymentRefused(_)) => Some("declined"),
                Err(_) => None,
            };
            if let Some(outcome) = outcome {
                state.metrics.outcome("payment", outcome);
            }
            let authorized = authorized?;
            next_action = authorized.1;
            card = Some(authorized.0);
            chosen = Some(picked);
        }
    }
    let new = NewOrder {
        buyer,
        fulfilment,
        contact,
        save_address: body.save_address,
        payment_method,
        card: card.clone(),
        idempotency_key: key.to_string(),
        request_digest,
        promo_code: promo,
    };
    let shop = state.shop_settings.get().await?;
    let confirmation = |order: &OrderRow| {
        templates::order_placed(order, &order_link(&state, &order.number), &shop)
    };
    let refusal = match state.orders.place(new, &confirmation).await? {
        Ok(placed) => Ok(placed),
        Err(PlaceRefusal::Empty) => Err(AppError::bad_request(order::CART_EMPTY)),
        Err(PlaceRefusal::Short(errors)) => Err(AppError::ConflictFields {
            message: SHORT.into(),
            errors,
        }),
        // The first request holds the same authorization: it is not released here.
        Err(PlaceRefusal::KeyInUse) => return Err(AppError::Conflict(KEY_IN_USE.into())),
        Err(PlaceRefusal::KeyReused) => Err(AppError::unprocessable(KEY_REUSED)),
        // `errors.total` tells it from 'still being placed': this attempt is over, and
        // the shopper should see the new figures before paying under a new key.
        Err(PlaceRefusal::AmountChanged) => Err(AppError::ConflictFields {
            message: AMOUNT_CHANGED.into(),
            errors: BTreeMap::from([("total".to_string(), AMOUNT_CHANGED.to_string())]),
        }),
        Err(PlaceRefusal::Promo(refusal)) => Err(promo_refused(&refusal, shop.currency)),
    };
    let placed = match refusal {
        Ok(placed) => placed,
        Err(error) => {
            if let Some(card) = &card {
                state.payments.release(&card.payment_ref).await?;
            }
            return Err(error);
        }
    };
    let (status, message) = if placed.repeat {
        (StatusCode::OK, "Order already placed")
    } else {
        state.metrics.outcome("order", payment_method);
        (StatusCode::CREATED, "Order placed")
    };
    let mut order = placed.order;
    if card.is_some() && !placed.repeat {
        // Captured now (the webhook or a retry would otherwise do it).
        order = settle_order(&state, order).await?;
        if let (Some(user_id), Some(picked)) = (&user_id, &chosen) {
            if body.payment.save_card && !picked.saved {
                if let Err(e) =
                    super::payments::save_token(&state, user_id, &picked.token, false).await
                {
                    tracing::info!(error = %e, "the card paid with was not saved");
                }
            }
        }
    }
    let token = order_token(&state, &order.number);
    Ok((
        status,
        ok(
            message,
            PlacedOrder {
                order: Order::for_shopper(order),
                token,
                next_action,
            },
        ),
    ))
}

/// Asks the provider to set the order's total aside on the card, before the order is
/// written: a refused card leaves no order, no stock taken and the cart as it was
/// (a 402 with the provider's words). The charge to record with the order, and where
/// to send the shopper first when the bank asks for 3-D Secure.
#[allow(clippy::too_many_arguments)]
async fn authorize_order(
    state: &AppState,
    buyer: &Buyer,
    fulfilment: Fulfilment,
    promo: Option<&str>,
    card: &crate::payments::ChosenCard,
    scope: &str,
    key: &str,
    request_digest: &str,
    user_id: Option<&Id>,
) -> Result<(CardCharge, Option<NextAction>), AppError> {
    let currency = state.shop_settings.get().await?.currency;
    let quote = state
        .orders
        .quote(buyer, fulfilment, promo)
        .await?
        .map_err(|refusal| quote_refused(refusal, currency))?;
    let short: BTreeMap<String, String> = quote
        .lines
        .iter()
        .filter_map(|l| l.problem.clone().map(|p| (l.product_id.clone(), p)))
        .collect();
    if !short.is_empty() {
        return Err(AppError::ConflictFields {
            message: SHORT.into(),
            errors: short,
        });
    }
    let amount = quote.totals.total;
    // One payment per attempt: the same key and request authorize the same payment.
    let payment_key = format!(
        "order:{}",
        crate::security::token_digest(&format!("{scope}\n{key}\n{request_digest}"))
    );
    let return_url = format!(
        "{}/api/payment/return",
        state.settings.public_url.trim_end_matches('/')
    );
    let payments = &state.payments;
    let payment = match payments
        .authorize(card, amount, payment_key, return_url)
        .await?
    {
        Ok(payment) => payment,
        Err(refusal) => return Err(AppError::PaymentRefused(refusal.message)),
    };
    let (authorization, next_action) = match &payment.standing {
        PaymentStanding::Authorized
        | PaymentStanding::Captured { .. }
        | PaymentStanding::Refunded { .. } => (TxnStatus::Succeeded, None),
        PaymentStanding::RequiresAction { redirect_url } => (
            TxnStatus::Pending,
            Some(NextAction {
                kind: "redirect".into(),
                url: redirect_url.clone(),
            }),
        ),
        PaymentStanding::Failed(refusal) => {
            payments
                .record_refusal(user_id, card, amount, &payment.id, refusal)
                .await?;
            return Err(AppError::PaymentRefused(refusal.message.clone()));
        }
        PaymentStanding::Canceled => {
            return Err(AppError::PaymentRefused(
                "This payment was cancelled. Please try again.".into(),
            ))
        }
    };
    Ok((
        CardCharge {
            provider: payments.provider().name(),
            payment_ref: payment.id,
            brand: card.details.brand.clone(),
            last4: card.details.last4.clone(),
            amount: payment.amount,
            authorization,
        },
        next_action,
    ))
}

/// Records where the order's card payment stands at the provider (capturing an
/// authorization once); a card refused after the order was placed cancels it.
pub(crate) async fn settle_order(state: &AppState, order: OrderRow) -> Result<OrderRow, AppError> {
    if let Settled::Refused(refusal) = state.payments.settle(&order).await? {
        let shop = state.shop_settings.get().await?;
        let mail = |o: &OrderRow| templates::order_moved(o, &order_link(state, &o.number), &shop);
        state
            .payments
            .cancel_refused(&state.orders, &order, &refusal, &mail)
            .await?;
    }
    Ok(state.orders.by_id(&order.id).await?.unwrap_or(order))
}

/// The signed-in customer's orders, newest first.
#[utoipa::path(get, path = "/api/order", tag = "orders", params(PageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of orders", body = Envelope<OrderList>),
        (status = 400, description = "A bad `page` or `perPage`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn list_orders(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<OrderList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state
        .orders
        .of_customer(&user.id, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Orders",
        OrderList {
            orders: rows.into_iter().map(Order::for_shopper).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One order, for its owner or whoever holds its mailed link (`?token=`). Anyone
/// else hears it does not exist.
#[utoipa::path(get, path = "/api/order/{number}", tag = "orders", params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The order", body = Envelope<OrderData>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn get_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order =
        reachable_order(&state, user.map(|u| u.id), &number, query.token.as_deref()).await?;
    Ok(ok(
        "Order",
        OrderData {
            order: Order::for_shopper(order),
        },
    ))
}

/// Cancels the order while it is placed or ready for pickup: its units go back on the
/// shelf and the shopper is mailed.
#[utoipa::path(post, path = "/api/order/{number}/cancel", tag = "orders", params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "'Order cancelled'", body = Envelope<OrderData>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "'This order can no longer be cancelled'", body = ErrorBody),
    ))]
pub async fn cancel_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order =
        reachable_order(&state, user.map(|u| u.id), &number, query.token.as_deref()).await?;
    let moved = move_order(&state, &order.id, Status::Cancelled, None, None)
        .await
        .map_err(|e| match e {
            AppError::Conflict(_) => AppError::Conflict(NOT_CANCELLABLE.into()),
            other => other,
        })?;
    Ok(ok(
        "Order cancelled",
        OrderData {
            order: Order::for_shopper(moved),
        },
    ))
}

/// 'Track your order': mails the order's link to its address when the number and the
/// address belong together. The answer is the same either way, and at most 5 mails
/// per address are sent per hour.
#[utoipa::path(post, path = "/api/order/track", tag = "orders", request_body = TrackRequest,
    responses(
        (status = 200, description = "Always the same message", body = Envelope<Empty>),
        (status = 400, description = "No number, or not an e-mail address", body = ErrorBody),
    ))]
pub async fn track(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TrackRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let number = body.number.trim().trim_start_matches('#');
    if number.is_empty() {
        return Err(AppError::field("number", "Order number is required"));
    }
    let email =
        Email::parse(&body.email_address).map_err(|m| AppError::field("emailAddress", m))?;
    let now = state.clock.now_ms();
    let within_limit = state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::TrackMail,
                &subject(AttemptKind::TrackMail, email.as_str()),
            )],
            now,
        )
        .await?
        .is_ok();
    if within_limit && plausible_number(number) {
        if let Some((number, to)) = state
            .orders
            .find_for_tracking(number, email.as_str())
            .await?
        {
            let letter = templates::order_link(&number, &order_link(&state, &number));
            state.outbox.queue(&to, &letter).await?;
        }
    } else if !within_limit {
        tracing::warn!("order link limit reached for an address; no mail sent");
    }
    Ok(ok(TRACK_SENT, Empty {}))
}

/// The address the customer saved at checkout, to fill the form again.
#[utoipa::path(get, path = "/api/user/address", tag = "orders",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The saved address, or null", body = Envelope<AddressData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn saved_address(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Envelope<AddressData>>, AppError> {
    let address = state
        .orders
        .saved_address(&user.id)
        .await?
        .map(Contact::from);
    Ok(ok("Saved address", AddressData { address }))
}

// ---- Shared with the administrators' calls ----

/// Moves an order on, mailing the shopper; a move the status machine refuses is a 409.
/// An administrator's move (`by`) is written to the activity log with it.
pub async fn move_order(
    state: &AppState,
    id: &Id,
    next: Status,
    note: Option<&str>,
    by: Option<&Actor>,
) -> Result<OrderRow, AppError> {
    let shop = state.shop_settings.get().await?;
    let mail =
        |order: &OrderRow| templates::order_moved(order, &order_link(state, &order.number), &shop);
    let moved = match by {
        Some(admin) => {
            state
                .orders
                .move_by_admin(id, next, note, &mail, admin)
                .await?
        }
        None => state.orders.move_to(id, next, note, &mail).await?,
    };
    match moved {
        Ok(order) if next == Status::Cancelled && order.payment_ref.is_some() => {
            // A card order gives its money back (or releases it) once cancelled.
            let refund_mail = |order: &OrderRow| {
                templates::order_refunded(order, &order_link(state, &order.number), &shop)
            };
            let logged = by.map(|admin| (admin, &state.activity));
            let settled = state
                .payments
                .settle_cancelled(&order, &refund_mail, logged)
                .await;
            if let Err(e) = settled {
                tracing::error!(order = %order.number, error = %e, "refunding a cancelled order failed");
            }
            Ok(state.orders.by_id(id).await?.unwrap_or(order))
        }
        Ok(order) => Ok(order),
        Err(MoveRefusal::NoSuchOrder) => Err(AppError::NotFound(ORDER_NOT_FOUND.into())),
        Err(MoveRefusal::NotAllowed(current)) => Err(AppError::Conflict(format!(
            "An order that is {} cannot become {}",
            current.as_str(),
            next.as_str()
        ))),
    }
}

/// The order `number`, whoever asks; a number of no plausible shape is not looked up.
pub async fn order_by_number(state: &AppState, number: &str) -> Result<OrderRow, AppError> {
    let not_found = || AppError::NotFound(ORDER_NOT_FOUND.into());
    if !plausible_number(number) {
        return Err(not_found());
    }
    state.orders.by_number(number).await?.ok_or_else(not_found)
}

/// Whether `number` could be one of ours: digits, not too many.
fn plausible_number(number: &str) -> bool {
    !number.is_empty() && number.len() <= 18 && number.bytes().all(|b| b.is_ascii_digit())
}

pub fn parse_paging(page: Option<&str>, per_page: Option<&str>) -> Result<Paging, AppError> {
    let mut errors = BTreeMap::new();
    let paging = Paging::parse(page, per_page, 10, 100, &mut errors);
    if errors.is_empty() {
        Ok(paging)
    } else {
        Err(AppError::fields(errors))
    }
}

/// The order `number` if the caller may see it: its owner, or a valid link token.
pub(crate) async fn reachable_order(
    state: &AppState,
    user_id: Option<Id>,
    number: &str,
    token: Option<&str>,
) -> Result<OrderRow, AppError> {
    let order = order_by_number(state, number).await?;
    let by_token = token.is_some_and(|t| {
        state
            .keys
            .order_token_holds(&order.number, t, state.clock.now_ms())
    });
    let by_owner = user_id.is_some() && order.user_id == user_id;
    if by_token || by_owner {
        Ok(order)
    } else {
        Err(AppError::NotFound(ORDER_NOT_FOUND.into()))
    }
}

fn order_token(state: &AppState, number: &str) -> String {
    state
        .keys
        .sign_order(number, state.clock.now_ms() + ORDER_LINK_LIFETIME_MS)
}

/// The order's page with its token, from the site's root.
pub(crate) fn order_link_path(state: &AppState, number: &str) -> String {
    format!("/orders/{number}?token={}", order_token(state, number))
}

/// The link in an order's mails, built from the configured public URL.
fn order_link(state: &AppState, number: &str) -> String {
    format!(
        "{}/orders/{number}?token={}",
        state.settings.public_url.trim_end_matches('/'),
        order_token(state, number)
    )
}

fn parse_fulfilment(text: &str) -> Result<Fulfilment, AppError> {
    Fulfilment::parse(text)
        .ok_or_else(|| AppError::field("fulfilment", "Choose pickup or delivery"))
}

/// A promo code as sent: none when blank, uppercased, and refused when it could not
/// be one (too long) without asking the store.
fn promo_code(code: Option<&str>) -> Result<Option<String>, AppError> {
    match code.map(promo::normalise) {
        None => Ok(None),
        Some(code) if code.is_empty() => Ok(None),
        Some(code) if code.chars().count() > promo::MAX_CODE_CHARS => {
            Err(promo_refused(&PromoRefusal::NotValid, None))
        }
        Some(code) => Ok(Some(code)),
    }
}

/// A promo code that does not apply: 422 with the reason, also in `errors.promoCode`.
fn promo_refused(refusal: &PromoRefusal, currency: Option<Currency>) -> AppError {
    let message = refusal.message(currency);
    AppError::Unprocessable {
        message: message.clone(),
        errors: BTreeMap::from([("promoCode".to_string(), message)]),
    }
}

/// Why the store would not quote: an empty cart, or the promo code.
fn quote_refused(refusal: PlaceRefusal, currency: Option<Currency>) -> AppError {
    match refusal {
        PlaceRefusal::Promo(refusal) => promo_refused(&refusal, currency),
        _ => AppError::bad_request(order::CART_EMPTY),
    }
}

/// The signed-in customer (their server cart), or a guest with the lines sent.
fn buyer(user_id: Option<Id>, items: Option<&[LineRequest]>) -> Result<Buyer, AppError> {
    if let Some(user_id) = user_id {
        return Ok(Buyer::Customer(user_id));
    }
    let items = items.unwrap_or_default();
    let mut lines = Vec::with_capacity(items.len());
    for item in items {
        let id = Id::parse(item.product_id.trim())
            .ok_or_else(|| AppError::field("items", "Invalid product id"))?;
        lines.push((id, item.quantity));
    }
    collect_lines(&lines)
        .map(Buyer::Guest)
        .map_err(|e| AppError::bad_request(e.message()))
}
