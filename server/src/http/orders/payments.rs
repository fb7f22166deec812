//! Card payments' calls (docs/DESIGN.md §7): the provider's settings for the storefront,
//! saved cards, the transaction history, and the order page's refresh of a pending
//! payment. Placing and cancelling card orders is in shop.rs, the provider's calls
//! back in webhooks.rs.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::answers::{Order, OrderData, TokenQuery};
use super::refusals::{card_not_saved, CARD_NOT_FOUND};
use crate::domain::id::Id;
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::time::iso8601;
use crate::http::auth::Empty;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::{CurrentUser, MaybeUser};
use crate::http::paging::{parse_paging, PageQuery};
use crate::http::{ok, AppState, Envelope};
use crate::store::payments::{SavedCard, TransactionRow};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/payment/config", get(config))
        .route("/payment-method", get(list_cards).post(add_card))
        .route(
            "/payment-method/{id}",
            patch(update_card).delete(remove_card),
        )
        .route("/transaction", get(transactions))
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
    let card = state
        .payments
        .save_card(&user.id, body.token.trim(), body.set_primary)
        .await?
        .map_err(card_not_saved)?;
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
    let order = state
        .order_service
        .refresh(user.map(|u| u.id).as_ref(), &number, query.token.as_deref())
        .await?;
    Ok(ok(
        "Order",
        OrderData {
            order: Order::for_shopper(order),
        },
    ))
}
