//! The test payment provider (`SHOP_PAYMENTS=test`): an outside payment service that
//! happens to live inside the binary, so the shop can take card payments offline and
//! in tests exactly as it would with a real one (DESIGN.md §7).
//!
//! It keeps its own tables (`testpsp_*`) and serves its own routes under `/testpsp/`
//! (routes.rs): the storefront's card fields post the card to its tokenize endpoint,
//! as Stripe.js does, and get back a `pm_test_…` token; only the token reaches the
//! shop. Charging a token does what Stripe's published test card of the same number
//! does. Every payment event is delivered to the shop as a signed webhook (HMAC-SHA256
//! over `{timestamp}.{body}`, Stripe's scheme), and on purpose some are delivered twice
//! and in shuffled order, so the shop's handler has to cope. Even here no card number
//! is stored: a method remembers only what charging it will do.

pub mod routes;

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::Sha256;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};
use tokio::sync::Notify;
use tower::ServiceExt;

use crate::domain::payment::{card_digits, Brand};
use crate::domain::time::Clock;
use crate::security::{hex, random_bytes};
use crate::store::Db;

/// Where the shop receives this provider's webhooks.
pub const WEBHOOK_PATH: &str = "/api/payment/webhook/test";
/// The header carrying `t={unix seconds},v1={hex hmac}`.
pub const SIGNATURE_HEADER: &str = "testpsp-signature";
/// A webhook is delivered at most this many times before it is given up.
const MAX_ATTEMPTS: i64 = 20;

/// A refusal, as the provider words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PspError {
    pub code: &'static str,
    pub message: String,
}

impl PspError {
    fn new(code: &'static str, message: &str) -> PspError {
        PspError {
            code,
            message: message.to_string(),
        }
    }
}

/// What charging a method does: Stripe's test cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Behaviour {
    Succeed,
    Declined,
    InsufficientFunds,
    Expired,
    IncorrectCvc,
    ThreeDSecure,
    /// Saves, then fails whenever it is charged.
    FailsWhenCharged,
}

impl Behaviour {
    fn of(digits: &str) -> Behaviour {
        match digits {
            "4000000000000002" => Behaviour::Declined,
            "4000000000009995" => Behaviour::InsufficientFunds,
            "4000000000000069" => Behaviour::Expired,
            "4000000000000127" => Behaviour::IncorrectCvc,
            "4000000000003220" => Behaviour::ThreeDSecure,
            "4000000000000341" => Behaviour::FailsWhenCharged,
            _ => Behaviour::Succeed,
        }
    }

    const ALL: [Behaviour; 7] = [
        Behaviour::Succeed,
        Behaviour::Declined,
        Behaviour::InsufficientFunds,
        Behaviour::Expired,
        Behaviour::IncorrectCvc,
        Behaviour::ThreeDSecure,
        Behaviour::FailsWhenCharged,
    ];

    fn as_str(self) -> &'static str {
        match self {
            Behaviour::Succeed => "succeed",
            Behaviour::Declined => "declined",
            Behaviour::InsufficientFunds => "insufficient_funds",
            Behaviour::Expired => "expired_card",
            Behaviour::IncorrectCvc => "incorrect_cvc",
            Behaviour::ThreeDSecure => "three_d_secure",
            Behaviour::FailsWhenCharged => "fails_when_charged",
        }
    }

    fn parse(text: &str) -> Option<Behaviour> {
        Behaviour::ALL.into_iter().find(|b| b.as_str() == text)
    }

    /// The refusal charging it meets, if any.
    fn refusal(self) -> Option<PspError> {
        let (code, message) = match self {
            Behaviour::Succeed | Behaviour::ThreeDSecure => return None,
            Behaviour::Declined => ("card_declined", "Your card was declined."),
            Behaviour::InsufficientFunds => {
                ("insufficient_funds", "Your card has insufficient funds.")
            }
            Behaviour::Expired => ("expired_card", "Your card has expired."),
            Behaviour::IncorrectCvc => ("incorrect_cvc", "Your card's security code is incorrect."),
            Behaviour::FailsWhenCharged => ("processing_error", "Your card could not be charged."),
        };
        Some(PspError::new(code, message))
    }
}

/// What the tokenize endpoint is given: the card as typed. Its `Debug` shows no more
/// of the number than a receipt does, and nothing of the security code, so no log line
/// or error can carry them.
#[derive(Clone)]
pub struct CardInput {
    pub number: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub cvc: String,
    pub holder_name: String,
}

impl std::fmt::Debug for CardInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits: Vec<char> = self.number.chars().filter(char::is_ascii_digit).collect();
        let last4: String = digits[digits.len().saturating_sub(4)..].iter().collect();
        f.debug_struct("CardInput")
            .field("number", &format_args!("•••• {last4}"))
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .field("cvc", &"•••")
            .field("holder_name", &self.holder_name)
            .finish()
    }
}

/// A tokenized card: what anyone but the provider may know of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Method {
    pub id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub holder_name: String,
    pub detached: bool,
}

/// Where a payment stands at the provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentState {
    RequiresAction,
    Authorized,
    Captured,
    Failed,
    Canceled,
    Refunded,
}

impl PaymentState {
    const ALL: [PaymentState; 6] = [
        PaymentState::RequiresAction,
        PaymentState::Authorized,
        PaymentState::Captured,
        PaymentState::Failed,
        PaymentState::Canceled,
        PaymentState::Refunded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentState::RequiresAction => "requires_action",
            PaymentState::Authorized => "authorized",
            PaymentState::Captured => "captured",
            PaymentState::Failed => "failed",
            PaymentState::Canceled => "canceled",
            PaymentState::Refunded => "refunded",
        }
    }

    fn parse(text: &str) -> Option<PaymentState> {
        PaymentState::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

#[derive(Clone, Debug)]
pub struct Payment {
    pub id: String,
    pub method_id: String,
    pub amount_cents: i64,
    pub state: PaymentState,
    pub error: Option<PspError>,
    pub return_url: String,
}

/// A capture, refund or void the provider made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub id: String,
    pub payment_id: String,
    pub amount_cents: i64,
}

/// The provider. Cheap to clone.
#[derive(Clone)]
pub struct Psp {
    db: Db,
    clock: Clock,
    webhook_secret: Arc<[u8; 32]>,
    /// The shop's app, which webhooks are delivered to (set once the router is built).
    shop: Arc<OnceLock<Router>>,
    wake: Arc<Notify>,
}

impl std::fmt::Debug for Psp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Psp(..)")
    }
}

fn new_ref(prefix: &str) -> String {
    format!("{prefix}_{}", hex(&random_bytes::<12>()))
}

impl Psp {
    pub fn new(db: Db, clock: Clock, webhook_secret: [u8; 32]) -> Psp {
        Psp {
            db,
            clock,
            webhook_secret: Arc::new(webhook_secret),
            shop: Arc::new(OnceLock::new()),
            wake: Arc::new(Notify::new()),
        }
    }

    /// Where webhooks go: the shop's whole app, called in process as a client would.
    pub fn deliver_to(&self, shop: Router) {
        let _ = self.shop.set(shop);
    }

    /// Checks the card and keeps a token for it. Luhn failures and impossible expiry
    /// dates or security codes are refused here; a test card's outcome comes later,
    /// when it is charged.
    pub async fn tokenize(&self, card: CardInput) -> Result<Result<Method, PspError>, sqlx::Error> {
        let Some(digits) = card_digits(&card.number) else {
            return Ok(Err(PspError::new(
                "invalid_number",
                "Your card number is invalid.",
            )));
        };
        if !(1..=12).contains(&card.exp_month) {
            return Ok(Err(PspError::new(
                "invalid_expiry_month",
                "Your card's expiration month is invalid.",
            )));
        }
        let (year, month) = crate::domain::time::year_month(self.clock.now_ms());
        if !(2000..=2100).contains(&card.exp_year) {
            return Ok(Err(PspError::new(
                "invalid_expiry_year",
                "Your card's expiration year is invalid.",
            )));
        }
        if (card.exp_year, card.exp_month) < (year, month) {
            return Ok(Err(PspError::new(
                "invalid_expiry_year",
                "Your card's expiration date is in the past.",
            )));
        }
        let cvc_ok =
            (3..=4).contains(&card.cvc.len()) && card.cvc.bytes().all(|b| b.is_ascii_digit());
        if !cvc_ok {
            return Ok(Err(PspError::new(
                "invalid_cvc",
                "Your card's security code is invalid.",
            )));
        }
        let holder_name = card.holder_name.trim();
        if holder_name.is_empty() || holder_name.chars().count() > 100 {
            return Ok(Err(PspError::new(
                "invalid_name",
                "Enter the name on the card.",
            )));
        }
        let method = Method {
            id: new_ref("pm_test"),
            brand: Brand::of(&digits).as_str().to_string(),
            last4: digits[digits.len() - 4..].to_string(),
            exp_month: card.exp_month,
            exp_year: card.exp_year,
            holder_name: holder_name.to_string(),
            detached: false,
        };
        sqlx::query(
            "INSERT INTO testpsp_methods (id, behaviour, brand, last4, exp_month, exp_year, holder_name, detached, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)",
        )
        .bind(&method.id)
        .bind(Behaviour::of(&digits).as_str())
        .bind(&method.brand)
        .bind(&method.last4)
        .bind(method.exp_month)
        .bind(method.exp_year)
        .bind(&method.holder_name)
        .bind(self.clock.now_ms())
        .execute(&self.db.pool)
        .await?;
        Ok(Ok(method))
    }

    pub async fn method(&self, id: &str) -> Result<Option<Method>, sqlx::Error> {
        sqlx::query(
            "SELECT id, brand, last4, exp_month, exp_year, holder_name, detached FROM testpsp_methods WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|row| {
            Ok(Method {
                id: row.try_get("id")?,
                brand: row.try_get("brand")?,
                last4: row.try_get("last4")?,
                exp_month: row.try_get("exp_month")?,
                exp_year: row.try_get("exp_year")?,
                holder_name: row.try_get("holder_name")?,
                detached: row.try_get::<i64, _>("detached")? == 1,
            })
        })
        .transpose()
    }

    /// The method can no longer be charged.
    pub async fn detach(&self, id: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE testpsp_methods SET detached = 1 WHERE id = $1")
            .bind(id)
            .execute(&self.db.pool)
            .await
            .map(drop)
    }

    /// Sets `amount_cents` aside on the method's card. The same idempotency key with
    /// the same request answers the same payment; with another request, a refusal.
    pub async fn authorize(
        &self,
        method_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
        return_url: &str,
    ) -> Result<Result<Payment, PspError>, sqlx::Error> {
        let digest = crate::security::token_digest(&format!("{method_id}\n{amount_cents}"));
        if let Some(earlier) = self.payment_by_key(idempotency_key).await? {
            return Ok(if earlier.1 == digest {
                Ok(earlier.0)
            } else {
                Err(idempotency_refusal())
            });
        }
        let behaviour: Option<String> =
            sqlx::query("SELECT behaviour FROM testpsp_methods WHERE id = $1 AND detached = 0")
                .bind(method_id)
                .fetch_optional(&self.db.pool)
                .await?
                .map(|row| row.try_get("behaviour"))
                .transpose()?;
        let Some(behaviour) = behaviour.as_deref().and_then(Behaviour::parse) else {
            return Ok(Err(PspError::new(
                "resource_missing",
                "No such payment method.",
            )));
        };
        let (state, error) = match (behaviour, behaviour.refusal()) {
            (_, Some(refusal)) => (PaymentState::Failed, Some(refusal)),
            (Behaviour::ThreeDSecure, None) => (PaymentState::RequiresAction, None),
            _ => (PaymentState::Authorized, None),
        };
        let now = self.clock.now_ms();
        let id = new_ref("pi_test");
        let mut tx = self.db.begin_write().await?;
        let inserted = sqlx::query(
            "INSERT INTO testpsp_payments (id, idempotency_key, request_digest, method_id, amount_cents, status, \
                 error_code, error_message, return_url, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(&id)
        .bind(idempotency_key)
        .bind(&digest)
        .bind(method_id)
        .bind(amount_cents)
        .bind(state.as_str())
        .bind(error.as_ref().map(|e| e.code))
        .bind(error.as_ref().map(|e| e.message.clone()))
        .bind(return_url)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            // The same key, authorized a moment ago by a request running beside this one.
            drop(tx);
            let (earlier, earlier_digest) = self
                .payment_by_key(idempotency_key)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            return Ok(if earlier_digest == digest {
                Ok(earlier)
            } else {
                Err(idempotency_refusal())
            });
        }
        let event = match state {
            PaymentState::Failed => "payment.failed",
            PaymentState::RequiresAction => "payment.requires_action",
            _ => "payment.authorized",
        };
        self.enqueue_event(&mut tx, event, &id, now).await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(Ok(Payment {
            id,
            method_id: method_id.to_string(),
            amount_cents,
            state,
            error,
            return_url: return_url.to_string(),
        }))
    }

    pub async fn payment(&self, id: &str) -> Result<Option<Payment>, sqlx::Error> {
        Ok(self
            .payment_where("id = $1", id)
            .await?
            .map(|(payment, _)| payment))
    }

    async fn payment_by_key(&self, key: &str) -> Result<Option<(Payment, String)>, sqlx::Error> {
        self.payment_where("idempotency_key = $1", key).await
    }

    async fn payment_where(
        &self,
        filter: &str,
        value: &str,
    ) -> Result<Option<(Payment, String)>, sqlx::Error> {
        let sql = format!(
            "SELECT id, method_id, amount_cents, status, error_code, error_message, return_url, request_digest \
             FROM testpsp_payments WHERE {filter}"
        );
        sqlx::query(&sql)
            .bind(value)
            .fetch_optional(&self.db.pool)
            .await?
            .map(|row| Ok((payment_from_row(&row)?, row.try_get("request_digest")?)))
            .transpose()
    }

    /// Takes the authorized amount. Once per payment: the same key answers the same
    /// capture again, and a payment no longer authorized is refused.
    pub async fn capture(
        &self,
        payment_id: &str,
        idempotency_key: &str,
    ) -> Result<Result<Operation, PspError>, sqlx::Error> {
        self.operate(
            payment_id,
            idempotency_key,
            "capture",
            &[PaymentState::Authorized],
            PaymentState::Captured,
            "payment.captured",
        )
        .await
    }

    /// Releases an authorization (or a payment still waiting for 3-D Secure).
    pub async fn void(
        &self,
        payment_id: &str,
        idempotency_key: &str,
    ) -> Result<Result<Operation, PspError>, sqlx::Error> {
        self.operate(
            payment_id,
            idempotency_key,
            "void",
            &[PaymentState::Authorized, PaymentState::RequiresAction],
            PaymentState::Canceled,
            "payment.canceled",
        )
        .await
    }

    /// Gives the captured amount back.
    pub async fn refund(
        &self,
        payment_id: &str,
        idempotency_key: &str,
    ) -> Result<Result<Operation, PspError>, sqlx::Error> {
        self.operate(
            payment_id,
            idempotency_key,
            "refund",
            &[PaymentState::Captured],
            PaymentState::Refunded,
            "payment.refunded",
        )
        .await
    }

    async fn operate(
        &self,
        payment_id: &str,
        idempotency_key: &str,
        kind: &str,
        from: &[PaymentState],
        to: PaymentState,
        event: &str,
    ) -> Result<Result<Operation, PspError>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        if let Some(done) = operation_by_key(&mut tx, idempotency_key).await? {
            return Ok(check_same(done, payment_id));
        }
        let now = self.clock.now_ms();
        let mut moved = 0;
        for state in from {
            moved += sqlx::query(
                "UPDATE testpsp_payments SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4",
            )
            .bind(to.as_str())
            .bind(now)
            .bind(payment_id)
            .bind(state.as_str())
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        if moved == 0 {
            // Perhaps the same key's request beside this one did it a moment ago.
            if let Some(done) = operation_by_key(&mut tx, idempotency_key).await? {
                return Ok(check_same(done, payment_id));
            }
            return Ok(Err(PspError::new(
                "payment_unexpected_state",
                &format!("This payment cannot be {}.", past_tense(kind)),
            )));
        }
        let amount: i64 = sqlx::query("SELECT amount_cents FROM testpsp_payments WHERE id = $1")
            .bind(payment_id)
            .fetch_one(&mut *tx)
            .await?
            .try_get("amount_cents")?;
        let operation = Operation {
            id: new_ref(match kind {
                "capture" => "ch_test",
                "refund" => "re_test",
                _ => "vo_test",
            }),
            payment_id: payment_id.to_string(),
            amount_cents: amount,
        };
        sqlx::query(
            "INSERT INTO testpsp_operations (idempotency_key, id, payment_id, kind, amount_cents, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(idempotency_key)
        .bind(&operation.id)
        .bind(payment_id)
        .bind(kind)
        .bind(amount)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        self.enqueue_event(&mut tx, event, payment_id, now).await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(Ok(operation))
    }

    /// The capture, refund or void of `kind` the payment had, if any.
    pub async fn operation_of(
        &self,
        payment_id: &str,
        kind: &str,
    ) -> Result<Option<Operation>, sqlx::Error> {
        sqlx::query(
            "SELECT id, payment_id, amount_cents FROM testpsp_operations WHERE payment_id = $1 AND kind = $2",
        )
        .bind(payment_id)
        .bind(kind)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(operation_from_row)
        .transpose()
    }

    /// How many operations of `kind` the provider ever made on the payment: what a
    /// test counts to prove a capture or refund happened once.
    pub async fn count_operations(&self, payment_id: &str, kind: &str) -> Result<i64, sqlx::Error> {
        sqlx::query(
            "SELECT COUNT(*) AS n FROM testpsp_operations WHERE payment_id = $1 AND kind = $2",
        )
        .bind(payment_id)
        .bind(kind)
        .fetch_one(&self.db.pool)
        .await?
        .try_get("n")
    }

    /// The shopper's answer on the 3-D Secure page. Returns where to send the browser
    /// back to, or `None` for a payment not waiting for one.
    pub async fn finish_challenge(
        &self,
        payment_id: &str,
        passed: bool,
    ) -> Result<Option<String>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let (state, error, event) = if passed {
            (PaymentState::Authorized, None, "payment.authorized")
        } else {
            (
                PaymentState::Failed,
                Some(PspError::new(
                    "authentication_failed",
                    "Your card's 3-D Secure check failed.",
                )),
                "payment.failed",
            )
        };
        let moved = sqlx::query(
            "UPDATE testpsp_payments SET status = $1, error_code = $2, error_message = $3, updated_at = $4 \
             WHERE id = $5 AND status = 'requires_action'",
        )
        .bind(state.as_str())
        .bind(error.as_ref().map(|e| e.code))
        .bind(error.as_ref().map(|e| e.message.clone()))
        .bind(now)
        .bind(payment_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let return_url: Option<String> =
            sqlx::query("SELECT return_url FROM testpsp_payments WHERE id = $1")
                .bind(payment_id)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("return_url"))
                .transpose()?;
        if moved == 1 {
            self.enqueue_event(&mut tx, event, payment_id, now).await?;
        }
        tx.commit().await?;
        self.wake.notify_one();
        Ok(return_url.map(|url| with_payment(&url, payment_id)))
    }

    async fn enqueue_event(
        &self,
        conn: &mut AnyConnection,
        kind: &str,
        payment_id: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let id = new_ref("evt_test");
        let body = json!({
            "id": id,
            "type": kind,
            "created": now / 1000,
            "data": { "payment": payment_id },
        })
        .to_string();
        sqlx::query("INSERT INTO testpsp_events (id, body, delivered, attempts, created_at) VALUES ($1, $2, 0, 0, $3)")
            .bind(&id)
            .bind(body)
            .bind(now)
            .execute(&mut *conn)
            .await
            .map(drop)
    }

    /// The signature header for `body` sent at `unix_seconds`.
    pub fn sign(&self, unix_seconds: i64, body: &str) -> String {
        format!(
            "t={unix_seconds},v1={}",
            signature(&self.webhook_secret, unix_seconds, body)
        )
    }

    /// Delivers the webhooks waiting, in shuffled order, some of them twice; returns
    /// how many were delivered. Each is retried later until the shop takes it.
    pub async fn deliver_webhooks(&self) -> Result<usize, sqlx::Error> {
        let Some(shop) = self.shop.get() else {
            return Ok(0);
        };
        let rows = sqlx::query(
            "SELECT id, body FROM testpsp_events WHERE delivered = 0 AND attempts < $1 ORDER BY created_at LIMIT 100",
        )
        .bind(MAX_ATTEMPTS)
        .fetch_all(&self.db.pool)
        .await?;
        let mut events: Vec<(String, String)> = rows
            .iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("body")?)))
            .collect::<Result<_, sqlx::Error>>()?;
        // Out of order on purpose: a Fisher–Yates shuffle.
        let noise = random_bytes::<100>();
        for i in (1..events.len()).rev() {
            events.swap(i, usize::from(noise[i]) % (i + 1));
        }
        let mut delivered = 0;
        for (i, (id, body)) in events.iter().enumerate() {
            // About one in four goes twice.
            let times = if noise[(i + 50) % 100] < 64 { 2 } else { 1 };
            let mut taken = false;
            for _ in 0..times {
                taken |= self.send(shop, body).await;
            }
            sqlx::query(
                "UPDATE testpsp_events SET delivered = $1, attempts = attempts + 1 WHERE id = $2",
            )
            .bind(i64::from(taken))
            .bind(id)
            .execute(&self.db.pool)
            .await?;
            delivered += usize::from(taken);
        }
        Ok(delivered)
    }

    async fn send(&self, shop: &Router, body: &str) -> bool {
        let now = self.clock.now_ms() / 1000;
        let request = Request::post(WEBHOOK_PATH)
            .header("content-type", "application/json")
            .header(SIGNATURE_HEADER, self.sign(now, body))
            .body(Body::from(body.to_string()));
        let Ok(request) = request else {
            return false;
        };
        match shop.clone().oneshot(request).await {
            Ok(response) => response.status().is_success(),
            Err(never) => match never {},
        }
    }

    /// Delivers webhooks as they are made (and retries every few seconds), until the
    /// task is aborted.
    pub async fn run_webhooks(self) {
        loop {
            if let Err(e) = self.deliver_webhooks().await {
                tracing::warn!(error = %e, "test payment provider: delivering webhooks failed");
            }
            tokio::select! {
                () = self.wake.notified() => {}
                () = tokio::time::sleep(Duration::from_secs(3)) => {}
            }
        }
    }
}

/// Checks a webhook's signature header against `body` with the shared secret, and
/// that it was made within `tolerance_s` of `now_s`. The event's id and payment.
pub fn verify_webhook(
    secret: &[u8; 32],
    header: &str,
    body: &str,
    now_s: i64,
    tolerance_s: i64,
) -> Result<(String, String), WebhookRefusal> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => signatures.push(v.to_string()),
            _ => {}
        }
    }
    let Some(timestamp) = timestamp else {
        return Err(WebhookRefusal::BadSignature);
    };
    let expected = signature(secret, timestamp, body);
    if !signatures
        .iter()
        .any(|s| crate::security::same_secret(s, &expected))
    {
        return Err(WebhookRefusal::BadSignature);
    }
    if (now_s - timestamp).abs() > tolerance_s {
        return Err(WebhookRefusal::Stale);
    }
    let event: serde_json::Value =
        serde_json::from_str(body).map_err(|_| WebhookRefusal::Malformed)?;
    let id = event["id"].as_str().ok_or(WebhookRefusal::Malformed)?;
    let payment = event["data"]["payment"]
        .as_str()
        .ok_or(WebhookRefusal::Malformed)?;
    Ok((id.to_string(), payment.to_string()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebhookRefusal {
    BadSignature,
    Stale,
    Malformed,
}

fn signature(secret: &[u8; 32], unix_seconds: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("any key length");
    mac.update(format!("{unix_seconds}.{body}").as_bytes());
    hex(&mac.finalize().into_bytes())
}

fn idempotency_refusal() -> PspError {
    PspError::new(
        "idempotency_error",
        "Keys for idempotent requests can only be used with the same parameters.",
    )
}

fn past_tense(kind: &str) -> &'static str {
    match kind {
        "capture" => "captured",
        "refund" => "refunded",
        _ => "voided",
    }
}

fn check_same(done: Operation, payment_id: &str) -> Result<Operation, PspError> {
    if done.payment_id == payment_id {
        Ok(done)
    } else {
        Err(idempotency_refusal())
    }
}

async fn operation_by_key(
    conn: &mut AnyConnection,
    key: &str,
) -> Result<Option<Operation>, sqlx::Error> {
    sqlx::query(
        "SELECT id, payment_id, amount_cents FROM testpsp_operations WHERE idempotency_key = $1",
    )
    .bind(key)
    .fetch_optional(&mut *conn)
    .await?
    .as_ref()
    .map(operation_from_row)
    .transpose()
}

fn operation_from_row(row: &AnyRow) -> Result<Operation, sqlx::Error> {
    Ok(Operation {
        id: row.try_get("id")?,
        payment_id: row.try_get("payment_id")?,
        amount_cents: row.try_get("amount_cents")?,
    })
}

fn payment_from_row(row: &AnyRow) -> Result<Payment, sqlx::Error> {
    let status: String = row.try_get("status")?;
    let code: Option<String> = row.try_get("error_code")?;
    let message: Option<String> = row.try_get("error_message")?;
    Ok(Payment {
        id: row.try_get("id")?,
        method_id: row.try_get("method_id")?,
        amount_cents: row.try_get("amount_cents")?,
        state: PaymentState::parse(&status)
            .ok_or_else(|| sqlx::Error::Decode(format!("testpsp status {status:?}").into()))?,
        error: code.map(|code| PspError {
            code: static_code(&code),
            message: message.unwrap_or_default(),
        }),
        return_url: row.try_get("return_url")?,
    })
}

/// The stored error code as one of the provider's own.
fn static_code(code: &str) -> &'static str {
    [
        "card_declined",
        "insufficient_funds",
        "expired_card",
        "incorrect_cvc",
        "processing_error",
        "authentication_failed",
    ]
    .into_iter()
    .find(|c| *c == code)
    .unwrap_or("card_declined")
}

/// `url` with `payment={id}` added to its query.
fn with_payment(url: &str, payment_id: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}payment={payment_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_shown_for_debugging_keeps_its_number_and_code_to_itself() {
        let card = CardInput {
            number: "4242 4242 4242 4242".into(),
            exp_month: 12,
            exp_year: 2030,
            cvc: "987".into(),
            holder_name: "Ada Lovelace".into(),
        };
        let shown = format!("{card:?}");
        assert!(shown.contains("•••• 4242"), "{shown}");
        assert!(shown.contains("Ada Lovelace"), "{shown}");
        assert!(!shown.replace(' ', "").contains("42424242"), "{shown}");
        assert!(!shown.contains("987"), "{shown}");
        // A number too short to have four digits shows what it has, and nothing panics.
        let short = CardInput {
            number: "42".into(),
            ..card
        };
        assert!(format!("{short:?}").contains("•••• 42"));
    }

    #[test]
    fn a_webhook_signature_holds_only_for_its_body_secret_and_time() {
        let secret = [7u8; 32];
        let body =
            r#"{"id":"evt_1","type":"payment.captured","created":1,"data":{"payment":"pi_1"}}"#;
        let header = format!("t=1000,v1={}", signature(&secret, 1000, body));
        assert_eq!(
            verify_webhook(&secret, &header, body, 1010, 300),
            Ok(("evt_1".to_string(), "pi_1".to_string()))
        );
        assert_eq!(
            verify_webhook(&secret, &header, &body.replace("pi_1", "pi_2"), 1010, 300),
            Err(WebhookRefusal::BadSignature)
        );
        assert_eq!(
            verify_webhook(&[8u8; 32], &header, body, 1010, 300),
            Err(WebhookRefusal::BadSignature)
        );
        assert_eq!(
            verify_webhook(&secret, &header, body, 1400, 300),
            Err(WebhookRefusal::Stale)
        );
        assert_eq!(
            verify_webhook(&secret, "v1=abc", body, 1000, 300),
            Err(WebhookRefusal::BadSignature)
        );
    }

    #[test]
    fn stripe_test_numbers_choose_the_outcome() {
        assert_eq!(Behaviour::of("4242424242424242").refusal(), None);
        assert_eq!(
            Behaviour::of("4000000000000002").refusal().unwrap().message,
            "Your card was declined."
        );
        assert_eq!(
            Behaviour::of("4000000000009995").refusal().unwrap().code,
            "insufficient_funds"
        );
        assert_eq!(
            Behaviour::of("4000000000000069").refusal().unwrap().code,
            "expired_card"
        );
        assert_eq!(
            Behaviour::of("4000000000000127").refusal().unwrap().code,
            "incorrect_cvc"
        );
        assert_eq!(Behaviour::of("4000000000003220"), Behaviour::ThreeDSecure);
        assert_eq!(
            Behaviour::of("4000000000000341"),
            Behaviour::FailsWhenCharged
        );
        for behaviour in Behaviour::ALL {
            assert_eq!(Behaviour::parse(behaviour.as_str()), Some(behaviour));
        }
    }
}
