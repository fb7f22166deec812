//! Refunds owed on cancelled card orders that the provider did not take at once
//! (migration 0020). The cancellation writes a row; the refund worker claims due rows
//! as the mail outbox's worker does (for [`CLAIM_MS`], skipping rows another node is
//! claiming), and each try either finishes the row or moves it back by
//! [`backoff_ms`], until [`MAX_ATTEMPTS`] marks it failed for staff to see.

use sqlx::Row;

use super::Orders;
use crate::domain::id::Id;
use crate::store::activity::Actor;
use crate::store::outbox::{backoff_ms, CLAIM_MS, MAX_ATTEMPTS};
use crate::store::Dialect;

/// How many rows one pass claims.
const BATCH: i64 = 20;

/// A refund waiting for its next try.
#[derive(Clone, Debug)]
pub struct RefundRetry {
    pub order_id: Id,
    /// The administrator who cancelled, when one did.
    pub actor: Option<Actor>,
    /// Tries so far, this one included.
    pub attempts: i64,
}

/// A refund the provider has not taken yet, as staff see it on the order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundIssue {
    /// What the provider (or the way to it) said at the last try.
    pub reason: String,
    pub attempts: i64,
    /// The worker gave up: staff must refund by hand.
    pub failed: bool,
}

impl Orders {
    /// Records that the refund of the cancelled order `order_id` failed at the
    /// cancellation (its first try), or a later refund of it did, and what is left must
    /// be tried again. An order has one row: one that finished is opened again, one
    /// still trying (or given up) is left as it is.
    pub async fn queue_refund_retry(
        &self,
        order_id: &Id,
        by: Option<&Actor>,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let now = self.clock.now_ms();
        sqlx::query(
            "INSERT INTO refund_retries (order_id, actor_id, actor_email, created_at, attempts, next_attempt_at, last_error) \
             VALUES ($1, $2, $3, $4, 1, $5, $6) \
             ON CONFLICT (order_id) DO UPDATE SET done_at = NULL, failed_at = NULL, claimed_until = NULL, \
                 attempts = 1, next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error \
             WHERE refund_retries.done_at IS NOT NULL",
        )
        .bind(order_id)
        .bind(by.map(|a| a.id.clone()))
        .bind(by.map(|a| a.email.clone()))
        .bind(now)
        .bind(now + backoff_ms(1))
        .bind(error)
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// Claims up to a batch of refunds due for a try and not claimed by a live worker.
    pub async fn claim_refund_retries(&self) -> Result<Vec<RefundRetry>, sqlx::Error> {
        let now = self.clock.now_ms();
        let skip_locked = match self.db.dialect {
            Dialect::Postgres => " FOR UPDATE SKIP LOCKED",
            Dialect::Sqlite => "",
        };
        let sql = format!(
            "UPDATE refund_retries SET claimed_until = $1, attempts = attempts + 1 \
             WHERE order_id IN (SELECT order_id FROM refund_retries \
                 WHERE done_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $2 \
                 AND (claimed_until IS NULL OR claimed_until <= $2) \
                 ORDER BY next_attempt_at, created_at LIMIT $3{skip_locked}) \
             RETURNING order_id, actor_id, actor_email, attempts"
        );
        let mut tx = self.db.begin_write().await?;
        let rows = sqlx::query(&sql)
            .bind(now + CLAIM_MS)
            .bind(now)
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        rows.iter()
            .map(|row| {
                let id: Option<Id> = row.try_get("actor_id")?;
                let email: Option<String> = row.try_get("actor_email")?;
                Ok(RefundRetry {
                    order_id: row.try_get("order_id")?,
                    actor: id.zip(email).map(|(id, email)| Actor {
                        id,
                        email,
                        role: None,
                    }),
                    attempts: row.try_get("attempts")?,
                })
            })
            .collect()
    }

    /// The refund went through at last.
    pub async fn refund_retried(&self, order_id: &Id) -> Result<(), sqlx::Error> {
        sqlx::query(
            "UPDATE refund_retries SET done_at = $2, claimed_until = NULL WHERE order_id = $1",
        )
        .bind(order_id)
        .bind(self.clock.now_ms())
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// Another try failed: the row waits [`backoff_ms`] more, or is marked failed
    /// after [`MAX_ATTEMPTS`].
    pub async fn refund_retry_failed(
        &self,
        retry: &RefundRetry,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let now = self.clock.now_ms();
        let failed_at = (retry.attempts >= MAX_ATTEMPTS).then_some(now);
        sqlx::query(
            "UPDATE refund_retries SET claimed_until = NULL, next_attempt_at = $2, failed_at = $3, last_error = $4 \
             WHERE order_id = $1",
        )
        .bind(&retry.order_id)
        .bind(now + backoff_ms(retry.attempts))
        .bind(failed_at)
        .bind(error)
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// The refund the order `order_id` still owes, if one failed: retrying or given up.
    pub async fn refund_issue(&self, order_id: &Id) -> Result<Option<RefundIssue>, sqlx::Error> {
        sqlx::query(
            "SELECT last_error, attempts, failed_at FROM refund_retries \
             WHERE order_id = $1 AND done_at IS NULL",
        )
        .bind(order_id)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|row| {
            Ok(RefundIssue {
                reason: row.try_get("last_error")?,
                attempts: row.try_get("attempts")?,
                failed: row.try_get::<Option<i64>, _>("failed_at")?.is_some(),
            })
        })
        .transpose()
    }
}
