//! Payments: authorizing, capturing, voiding and refunding, once per idempotency key,
//! and the 3-D Secure challenge's answer.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::methods::Behaviour;
use super::{new_ref, Psp, PspError};

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

impl Psp {
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

    /// Gives `amount_cents` of a captured payment back, as often as what is left
    /// allows: the payment is refunded once its refunds reach what was captured. The
    /// same key answers the same refund again; with another amount, a refusal.
    pub async fn refund(
        &self,
        payment_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<Result<Operation, PspError>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        if let Some(done) = operation_by_key(&mut tx, idempotency_key).await? {
            return Ok(same_refund(done, payment_id, amount_cents));
        }
        let now = self.clock.now_ms();
        // Holds the payment's row until this refund is written: refunds racing on one
        // payment are counted one after another.
        let captured: Option<i64> = sqlx::query(
            "UPDATE testpsp_payments SET updated_at = $1 WHERE id = $2 AND status = 'captured' \
             RETURNING amount_cents",
        )
        .bind(now)
        .bind(payment_id)
        .fetch_optional(&mut *tx)
        .await?
        .map(|row| row.try_get("amount_cents"))
        .transpose()?;
        let Some(captured) = captured else {
            if let Some(done) = operation_by_key(&mut tx, idempotency_key).await? {
                return Ok(same_refund(done, payment_id, amount_cents));
            }
            return Ok(Err(PspError::new(
                "payment_unexpected_state",
                "This payment cannot be refunded.",
            )));
        };
        let refunded: i64 = sqlx::query(
            "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS refunded FROM testpsp_operations \
             WHERE payment_id = $1 AND kind = 'refund'",
        )
        .bind(payment_id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("refunded")?;
        if amount_cents <= 0 || refunded + amount_cents > captured {
            return Ok(Err(PspError::new(
                "amount_too_large",
                "The refund is more than what is left of the payment.",
            )));
        }
        let operation = Operation {
            id: new_ref("re_test"),
            payment_id: payment_id.to_string(),
            amount_cents,
        };
        let inserted = sqlx::query(
            "INSERT INTO testpsp_operations (idempotency_key, id, payment_id, kind, amount_cents, created_at) \
             VALUES ($1, $2, $3, 'refund', $4, $5) ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(idempotency_key)
        .bind(&operation.id)
        .bind(payment_id)
        .bind(amount_cents)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if inserted == 0 {
            // The same key, refunded a moment ago by a request beside this one.
            drop(tx);
            let mut conn = self.db.pool.acquire().await?;
            let done = operation_by_key(&mut conn, idempotency_key)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            return Ok(same_refund(done, payment_id, amount_cents));
        }
        if refunded + amount_cents == captured {
            sqlx::query("UPDATE testpsp_payments SET status = 'refunded' WHERE id = $1")
                .bind(payment_id)
                .execute(&mut *tx)
                .await?;
        }
        self.enqueue_event(&mut tx, "payment.refunded", payment_id, now)
            .await?;
        tx.commit().await?;
        self.wake.notify_one();
        Ok(Ok(operation))
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

    /// The capture, refund or void of `kind` the payment had, if any (its first refund).
    pub async fn operation_of(
        &self,
        payment_id: &str,
        kind: &str,
    ) -> Result<Option<Operation>, sqlx::Error> {
        sqlx::query(
            "SELECT id, payment_id, amount_cents FROM testpsp_operations WHERE payment_id = $1 AND kind = $2 \
         ORDER BY created_at, id LIMIT 1",
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
        _ => "voided",
    }
}

/// A refund's key used again: the same refund, if it was for the same payment and amount.
fn same_refund(
    done: Operation,
    payment_id: &str,
    amount_cents: i64,
) -> Result<Operation, PspError> {
    if done.amount_cents == amount_cents {
        check_same(done, payment_id)
    } else {
        Err(idempotency_refusal())
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
pub(super) fn with_payment(url: &str, payment_id: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}payment={payment_id}")
}
