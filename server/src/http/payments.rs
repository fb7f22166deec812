//! Card payments' calls (DESIGN.md §7): the provider's settings for the storefront,
//! saved cards, the transaction history, the provider's webhooks, and the way back
//! from a 3-D Secure check. Placing and cancelling card orders is in orders.rs.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::auth::Empty;
use super::error::{AppError, ErrorBody, ErrorCode};
use super::extract::{ApiJson, ApiPath, ApiQuery};
use super::identity::{CurrentUser, MaybeUser};
use super::orders::{
    order_link_path, parse_paging, reachable_order, settle_order, Order, OrderData, PageQuery,
    TokenQuery,
};
use super::{ok, AppState, Envelope};
use crate::domain::id::Id;
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::time::iso8601;
use crate::payments::provider::WebhookProblem;
use crate::payments::CardProblem;
use crate::store::payments::{SaveRefusal, SavedCard, TransactionRow, MAX_SAVED_CARDS};

pub const CARD_NOT_FOUND: &str = "Payment method not found";
pub const UNKNOWN_TOKEN: &str = "This card could not be found. Please enter it again.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment/config", get(config))
        .route("/payment-method", get(list_cards).post(add_card))
        .route(
            "/payment-method/{id}",
            patch(update_card).delete(remove_card),
        )
        .route("/transaction", get(transactions))
        .route("/payment/webhook/test", post(webhook))
        .route("/payment/return", get(back_from_bank))
        .route("/order/{number}/payment/refresh", post(refresh))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentConfig {
    /// `test` or `manual`.
    pub provider: String,
    /// No real money moves: the storefront says 'Test mode: no real money moves'.
    pub test_mode: bool,
    /// Where the card fields post the card (never to `/api`); `null` when cards are
    /// not taken.
    pub tokenize_url: Option<String>,
}

/// How the storefront takes cards.
#[utoipa::path(get, path = "/api/payment/config", tag = "payments",
    responses((status = 200, description = "The provider's settings", body = Envelope<PaymentConfig>)))]
pub async fn config(State(state): State<AppState>) -> Json<Envelope<PaymentConfig>> {
    let provider = state.payments.provider();
    ok(
        "Payment settings",
        PaymentConfig {
            provider: provider.name().to_string(),
            test_mode: provider.test_mode(),
            tokenize_url: provider.tokenize_url(),
        },
    )
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    #[serde(rename = "_id")]
    pub id: String,
    /// visa, mastercard, amex, discover or unknown.
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub holder_name: String,
    pub primary: bool,
    pub created_at: String,
}

impl From<SavedCard> for PaymentMethod {
    fn from(card: SavedCard) -> Self {
        PaymentMethod {
            id: card.id.into_string(),
            brand: card.brand,
            last4: card.last4,
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            holder_name: card.holder_name,
            primary: card.primary,
            created_at: iso8601(card.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethodData {
    pub payment_method: PaymentMethod,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPaymentMethod {
    /// The provider's token (`pm_test_…`) the card fields got at its tokenize URL.
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub set_primary: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct PaymentMethodChange {
    /// `true` makes it the primary card.
    pub primary: bool,
}

/// The signed-in customer's saved cards: the primary first, then the newest.
#[utoipa::path(get, path = "/api/payment-method", tag = "payments", security(("bearer" = [])),
    responses(
        (status = 200, description = "Saved cards", body = Envelope<Vec<PaymentMethod>>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn list_cards(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Envelope<Vec<PaymentMethod>>>, AppError> {
    let cards = state.payments.store().cards(&user.id).await?;
    Ok(ok(
        "Payment methods",
        cards.into_iter().map(PaymentMethod::from).collect(),
    ))
}

/// Saves a card the storefront tokenized at the provider. The first card saved is
/// the primary one.
#[utoipa::path(post, path = "/api/payment-method", tag = "payments", request_body = NewPaymentMethod,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Payment method added'", body = Envelope<PaymentMethodData>),
        (status = 400, description = "An unknown token (`errors.token`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "'This card is already saved'", body = ErrorBody),
        (status = 422, description = "'You can save at most 10 cards', or cards not taken", body = ErrorBody),
    ))]
pub async fn add_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<NewPaymentMethod>,
) -> Result<(StatusCode, Json<Envelope<PaymentMethodData>>), AppError> {
    let card = save_token(&state, &user.id, body.token.trim(), body.set_primary).await?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Payment method added",
            PaymentMethodData {
                payment_method: card.into(),
            },
        ),
    ))
}

/// Keeps a tokenized card for the customer (Payment Methods, or 'Save this card' at
/// checkout).
pub async fn save_token(
    state: &AppState,
    user_id: &Id,
    token: &str,
    primary: bool,
) -> Result<SavedCard, AppError> {
    let provider = state.payments.provider();
    if token.is_empty() || token.len() > 100 {
        return Err(AppError::field("token", UNKNOWN_TOKEN));
    }
    let Some(details) = provider.attach_method(token).await? else {
        return Err(AppError::field("token", UNKNOWN_TOKEN));
    };
    let card = SavedCard {
        id: Id::generate(),
        provider: provider.name().to_string(),
        token: token.to_string(),
        brand: details.brand,
        last4: details.last4,
        exp_month: details.exp_month,
        exp_year: details.exp_year,
        holder_name: details.holder_name,
        primary,
        created_at: state.clock.now_ms(),
    };
    match state
        .payments
        .store()
        .save_card(user_id, card, primary)
        .await?
    {
        Ok(card) => Ok(card),
        Err(SaveRefusal::AlreadySaved) => {
            Err(AppError::Conflict("This card is already saved".into()))
        }
        Err(SaveRefusal::TooMany) => Err(AppError::unprocessable(format!(
            "You can save at most {MAX_SAVED_CARDS} cards"
        ))),
    }
}

/// Makes the card the primary one.
#[utoipa::path(patch, path = "/api/payment-method/{id}", tag = "payments", params(("id" = String, Path)),
    request_body = PaymentMethodChange, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Primary payment method updated'", body = Envelope<PaymentMethodData>),
        (status = 400, description = "`primary` is not `true`", body = ErrorBody),
        (status = 404, description = "'Payment method not found' (also another customer's)", body = ErrorBody),
    ))]
pub async fn update_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PaymentMethodChange>,
) -> Result<Json<Envelope<PaymentMethodData>>, AppError> {
    let id = Id::parse(&id).ok_or_else(|| AppError::NotFound(CARD_NOT_FOUND.into()))?;
    if !body.primary {
        return Err(AppError::field(
            "primary",
            "Choose another card as primary instead",
        ));
    }
    let card = state
        .payments
        .store()
        .make_primary(&user.id, &id)
        .await?
        .ok_or_else(|| AppError::NotFound(CARD_NOT_FOUND.into()))?;
    Ok(ok(
        "Primary payment method updated",
        PaymentMethodData {
            payment_method: card.into(),
        },
    ))
}

/// Removes the card here and at the provider.
#[utoipa::path(delete, path = "/api/payment-method/{id}", tag = "payments", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Payment method removed'", body = Envelope<Empty>),
        (status = 404, description = "'Payment method not found' (also another customer's)", body = ErrorBody),
    ))]
pub async fn remove_card(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let id = Id::parse(&id).ok_or_else(|| AppError::NotFound(CARD_NOT_FOUND.into()))?;
    let removed = state
        .payments
        .store()
        .remove_card(&user.id, &id)
        .await?
        .ok_or_else(|| AppError::NotFound(CARD_NOT_FOUND.into()))?;
    state
        .payments
        .provider()
        .detach_method(&removed.token)
        .await?;
    Ok(ok("Payment method removed", Empty {}))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    #[serde(rename = "_id")]
    pub id: String,
    pub kind: TxnKind,
    pub status: TxnStatus,
    pub amount: f64,
    /// `null` for cash.
    pub brand: Option<String>,
    pub last4: Option<String>,
    /// `null` for a card refused before an order was placed.
    pub order_number: Option<String>,
    pub created_at: String,
    /// The provider's message for a refused one.
    pub message: Option<String>,
}

impl From<TransactionRow> for Transaction {
    fn from(t: TransactionRow) -> Self {
        Transaction {
            id: t.id.into_string(),
            kind: t.kind,
            status: t.status,
            amount: t.amount.as_f64(),
            brand: t.brand,
            last4: t.last4,
            order_number: t.order_number,
            created_at: iso8601(t.created_at),
            message: t.message,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionList {
    pub transactions: Vec<Transaction>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// The signed-in customer's transactions, newest first.
#[utoipa::path(get, path = "/api/transaction", tag = "payments", params(PageQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of transactions", body = Envelope<TransactionList>),
        (status = 400, description = "A bad `page` or `perPage`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn transactions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<TransactionList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state
        .payments
        .store()
        .transactions(&user.id, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Transactions",
        TransactionList {
            transactions: rows.into_iter().map(Transaction::from).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
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
    if let Some(order_id) = store.order_of_payment(&event.payment).await? {
        if let Some(order) = state.orders.by_id(&order_id).await? {
            settle_order(&state, order).await?;
        }
    }
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
    let not_found = || AppError::NotFound(super::orders::ORDER_NOT_FOUND.into());
    let payment = query
        .payment
        .filter(|p| !p.is_empty() && p.len() <= 100)
        .ok_or_else(not_found)?;
    let order_id = state
        .payments
        .store()
        .order_of_payment(&payment)
        .await?
        .ok_or_else(not_found)?;
    let order = state.orders.by_id(&order_id).await?.ok_or_else(not_found)?;
    let order = settle_order(&state, order).await?;
    Ok(Redirect::to(&format!(
        "{}&placed=1",
        order_link_path(&state, &order.number)
    ))
    .into_response())
}

/// Asks the provider where the order's payment stands and records it: the order's
/// page calls it while the payment is pending (back from 3-D Secure).
#[utoipa::path(post, path = "/api/order/{number}/payment/refresh", tag = "payments",
    params(("number" = String, Path), TokenQuery), security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The order as it stands now", body = Envelope<OrderData>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn refresh(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderData>>, AppError> {
    let order =
        reachable_order(&state, user.map(|u| u.id), &number, query.token.as_deref()).await?;
    let order = settle_order(&state, order).await?;
    Ok(ok(
        "Order",
        OrderData {
            order: Order::for_shopper(order),
        },
    ))
}

/// Turns a provider's refusal of a card chosen for an order into the answer.
pub fn card_problem(problem: CardProblem) -> AppError {
    match problem {
        CardProblem::NotFound => {
            AppError::NotFound(CARD_NOT_FOUND.into()).with_code(ErrorCode::PaymentMethodNotFound)
        }
        CardProblem::UnknownToken => {
            AppError::field("payment", UNKNOWN_TOKEN).with_code(ErrorCode::PaymentInvalid)
        }
    }
}
