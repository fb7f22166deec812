//! The durable mail outbox (docs/DESIGN.md §6). A change that must be mailed about writes
//! its letter here in its own transaction, so the mail exists exactly when the change
//! does; each node's worker (`jobs/mail.rs`) delivers it, with retries.
//!
//! A row is claimed for [`CLAIM_MS`] before it is sent: another node, or this one's
//! next pass, leaves it alone meanwhile. On PostgreSQL the claim skips rows another
//! node is claiming at the same instant (`FOR UPDATE SKIP LOCKED`); SQLite lets one
//! writer in at a time. A node that dies mid-send leaves its claim to expire, and the
//! row is sent again then: at least once, and never twice while its sender lives.

use std::sync::Arc;

use sqlx::{Any, Row, Transaction};
use tokio::sync::Notify;

use super::{placeholders, Db, Dialect};
use crate::domain::id::Id;
use crate::domain::time::Clock;
use crate::mail::Letter;

/// How long a claimed row is left to its sender: far longer than an SMTP exchange.
pub const CLAIM_MS: i64 = 5 * 60 * 1000;
/// Attempts before a row is given up and left for an operator.
pub const MAX_ATTEMPTS: i64 = 12;
/// How many rows one pass claims.
pub const BATCH: i64 = 20;

/// A letter waiting in the outbox.
#[derive(Clone, Debug)]
pub struct Queued {
    pub id: Id,
    pub to: String,
    pub letter: Letter,
    /// Attempts so far, this one included.
    pub attempts: i64,
}

#[derive(Clone, Debug)]
pub struct Outbox {
    db: Db,
    clock: Clock,
    /// Woken after a commit that queued mail on this node, so it leaves at once.
    wake: Arc<Notify>,
}

/// Queues `letter` to `to`, inside `tx`: it is sent if and only if `tx` commits.
pub async fn enqueue(
    tx: &mut Transaction<'static, Any>,
    to: &str,
    letter: &Letter,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO mail_outbox (id, recipient, subject, body_text, body_html, hint, list_unsubscribe, created_at, \
             next_attempt_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
    )
    .bind(Id::generate())
    .bind(to)
    .bind(&letter.subject)
    .bind(&letter.text)
    .bind(&letter.html)
    .bind(&letter.hint)
    .bind(letter.unsubscribe.as_deref())
    .bind(now)
    .execute(&mut **tx)
    .await
    .map(drop)
}

/// Staff mailed about something waiting for them (a trade application, a return), at most.
const MAX_STAFF_MAILED: i64 = 20;

/// Queues `letter` to each administrator (the first [`MAX_STAFF_MAILED`] who can sign
/// in), inside `tx`.
pub async fn enqueue_to_staff(
    tx: &mut Transaction<'static, Any>,
    letter: &Letter,
    now: i64,
) -> Result<(), sqlx::Error> {
    let admins = sqlx::query(&format!(
        "SELECT email FROM users WHERE role = 'admin' AND disabled_at IS NULL \
         ORDER BY created_at LIMIT {MAX_STAFF_MAILED}"
    ))
    .fetch_all(&mut **tx)
    .await?;
    for admin in admins {
        let email: String = sqlx::Row::try_get(&admin, "email")?;
        enqueue(tx, &email, letter, now).await?;
    }
    Ok(())
}

/// The wait before attempt `attempts + 1`: 30 s, doubling, at most an hour.
pub fn backoff_ms(attempts: i64) -> i64 {
    let doublings = attempts.clamp(1, 8) - 1;
    (30_000_i64 << doublings).min(60 * 60 * 1000)
}

impl Outbox {
    pub fn new(db: Db, clock: Clock) -> Self {
        Outbox {
            db,
            clock,
            wake: Arc::default(),
        }
    }

    /// Queues a letter that goes with no other change, and wakes the worker.
    pub async fn queue(&self, to: &str, letter: &Letter) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        enqueue(&mut tx, to, letter, self.clock.now_ms()).await?;
        tx.commit().await?;
        self.wake();
        Ok(())
    }

    /// Tells this node's worker that mail was just committed.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Completes when [`Outbox::wake`] is called (or was, since the last wait).
    pub async fn woken(&self) {
        self.wake.notified().await;
    }

    /// Claims up to a batch ([`BATCH`]) of rows that are due and not claimed by a live
    /// sender.
    pub async fn claim(&self) -> Result<Vec<Queued>, sqlx::Error> {
        let now = self.clock.now_ms();
        let skip_locked = match self.db.dialect {
            Dialect::Postgres => " FOR UPDATE SKIP LOCKED",
            Dialect::Sqlite => "",
        };
        let sql = format!(
            "UPDATE mail_outbox SET claimed_until = $1, attempts = attempts + 1 \
             WHERE id IN (SELECT id FROM mail_outbox \
                 WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $2 \
                 AND (claimed_until IS NULL OR claimed_until <= $2) \
                 ORDER BY next_attempt_at, created_at LIMIT $3{skip_locked}) \
             RETURNING id, recipient, subject, body_text, body_html, hint, list_unsubscribe, attempts"
        );
        // One statement, atomic by itself: one turn of the writer, not three.
        let rows = sqlx::query(&sql)
            .bind(now + CLAIM_MS)
            .bind(now)
            .bind(BATCH)
            .fetch_all(self.db.writes())
            .await?;
        rows.iter()
            .map(|row| {
                Ok(Queued {
                    id: row.try_get("id")?,
                    to: row.try_get("recipient")?,
                    letter: Letter {
                        subject: row.try_get("subject")?,
                        text: row.try_get("body_text")?,
                        html: row.try_get("body_html")?,
                        hint: row.try_get("hint")?,
                        unsubscribe: row.try_get("list_unsubscribe")?,
                    },
                    attempts: row.try_get("attempts")?,
                })
            })
            .collect()
    }

    /// Records that these rows were sent, in one statement (one write for a batch).
    pub async fn mark_sent(&self, ids: &[Id]) -> Result<(), sqlx::Error> {
        if ids.is_empty() {
            return Ok(());
        }
        let sql = format!(
            "UPDATE mail_outbox SET sent_at = ${}, claimed_until = NULL, last_error = NULL WHERE id IN ({})",
            ids.len() + 1,
            placeholders(ids.len())
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(id);
        }
        query
            .bind(self.clock.now_ms())
            .execute(self.db.writes())
            .await
            .map(drop)
    }

    /// Records a failed attempt: the row is retried after [`backoff_ms`], or given up
    /// after [`MAX_ATTEMPTS`].
    pub async fn mark_failed(&self, queued: &Queued, error: &str) -> Result<(), sqlx::Error> {
        let now = self.clock.now_ms();
        let failed_at = (queued.attempts >= MAX_ATTEMPTS).then_some(now);
        sqlx::query(
            "UPDATE mail_outbox SET claimed_until = NULL, next_attempt_at = $2, failed_at = $3, last_error = $4 \
             WHERE id = $1",
        )
        .bind(&queued.id)
        .bind(now + backoff_ms(queued.attempts))
        .bind(failed_at)
        .bind(error)
        .execute(self.db.writes())
        .await
        .map(drop)
    }

    /// Rows not yet sent and not given up.
    pub async fn unsent(&self) -> Result<i64, sqlx::Error> {
        sqlx::query(
            "SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL",
        )
        .fetch_one(&self.db.pool)
        .await?
        .try_get("n")
    }

    /// Rows given up after every retry (kept until an operator removes them).
    pub async fn given_up(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM mail_outbox WHERE failed_at IS NOT NULL")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")
    }

    /// Forgets rows sent before `before`.
    pub async fn sweep(&self, before: i64) -> Result<u64, sqlx::Error> {
        Ok(
            sqlx::query("DELETE FROM mail_outbox WHERE sent_at IS NOT NULL AND sent_at < $1")
                .bind(before)
                .execute(self.db.writes())
                .await?
                .rows_affected(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_from_half_a_minute_to_an_hour() {
        assert_eq!(backoff_ms(1), 30_000);
        assert_eq!(backoff_ms(2), 60_000);
        assert_eq!(backoff_ms(3), 120_000);
        assert_eq!(backoff_ms(8), 3_600_000);
        assert_eq!(backoff_ms(50), 3_600_000);
    }
}
