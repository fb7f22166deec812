//! Refunds of any amount (docs/DESIGN.md §12, migration 31). A refund is started by
//! adding its amount to `orders.refunded_cents` with one conditional UPDATE that
//! cannot pass what the order's captures took: two refunds racing on any node queue
//! for the order's row (PostgreSQL's row lock; SQLite has one writer), and the second
//! finds the first's amount there. Only then is the provider asked; what it says
//! finishes the refund (its transaction, credit note, activity entry and mail in one
//! transaction) or fails it, which frees its amount again.

use sqlx::{AnyConnection, Row};

use super::documents;
use super::rows::load;
use super::{MailFor, OrderRow, Orders};
use crate::domain::id::Id;
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::refund::{check_amount, refundable, RefundRefusal};
use crate::domain::Money;
use crate::store::activity::{Actor, Changes, Entry};
use crate::store::outbox;
use crate::store::payments::{self, NewTransaction};

/// A refund whose amount is held on its order while the provider is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartedRefund {
    pub id: Id,
    pub order_id: Id,
    pub amount: Money,
    /// Staff's reason, kept with it and logged.
    pub reason: String,
}

/// What starting a refund came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reserved {
    Started(StartedRefund),
    Refused(RefundRefusal),
    NoSuchOrder,
}

/// What the order's captures took: card captures and cash recorded as received.
async fn paid(conn: &mut AnyConnection, order_id: &Id) -> Result<Money, sqlx::Error> {
    let cents: i64 = sqlx::query(
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS paid FROM payment_transactions \
         WHERE order_id = $1 AND kind = 'capture' AND status = 'succeeded'",
    )
    .bind(order_id)
    .fetch_one(&mut *conn)
    .await?
    .try_get("paid")?;
    Ok(Money::from_cents(cents))
}

impl Orders {
    /// What is left to refund on the order: what was paid less what was refunded (or is
    /// being refunded this moment).
    pub async fn left_to_refund(&self, order_id: &Id) -> Result<Money, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let refunded: Option<i64> = sqlx::query("SELECT refunded_cents FROM orders WHERE id = $1")
            .bind(order_id)
            .fetch_optional(&mut *conn)
            .await?
            .map(|row| row.try_get("refunded_cents"))
            .transpose()?;
        let Some(refunded) = refunded else {
            return Ok(Money::from_cents(0));
        };
        Ok(refundable(
            paid(&mut conn, order_id).await?,
            Money::from_cents(refunded),
        ))
    }

    /// Holds `amount` of the order's payment for a refund made through `provider`, if
    /// that much is left: never more than was paid, whoever refunds at once.
    pub async fn start_refund(
        &self,
        order_id: &Id,
        amount: Money,
        reason: &str,
        provider: &str,
        by: Option<&Actor>,
    ) -> Result<Reserved, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let held = sqlx::query(
            "UPDATE orders SET refunded_cents = refunded_cents + $2, updated_at = $3 \
             WHERE id = $1 AND refunded_cents + $2 <= (SELECT COALESCE(SUM(amount_cents), 0) \
                 FROM payment_transactions WHERE order_id = $1 AND kind = 'capture' AND status = 'succeeded')",
        )
        .bind(order_id)
        .bind(amount.cents())
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if held == 0 {
            let refunded: Option<i64> =
                sqlx::query("SELECT refunded_cents FROM orders WHERE id = $1")
                    .bind(order_id)
                    .fetch_optional(&mut *tx)
                    .await?
                    .map(|row| row.try_get("refunded_cents"))
                    .transpose()?;
            let Some(refunded) = refunded else {
                return Ok(Reserved::NoSuchOrder);
            };
            let paid = paid(&mut tx, order_id).await?;
            let refunded = Money::from_cents(refunded);
            return Ok(Reserved::Refused(
                check_amount(amount, paid, refunded)
                    .err()
                    .unwrap_or(RefundRefusal::TooMuch {
                        left: refundable(paid, refunded),
                    }),
            ));
        }
        let id = Id::generate();
        sqlx::query(
            "INSERT INTO order_refunds (id, order_id, amount_cents, reason, status, provider, actor_id, actor_email, \
                 created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $8)",
        )
        .bind(&id)
        .bind(order_id)
        .bind(amount.cents())
        .bind(reason)
        .bind(provider)
        .bind(by.map(|a| a.id.clone()))
        .bind(by.map(|a| a.email.clone()))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Reserved::Started(StartedRefund {
            id,
            order_id: order_id.clone(),
            amount,
            reason: reason.to_string(),
        }))
    }

    /// The refund went through (`provider_ref` is the provider's id of it, or the
    /// refund's own for one recorded by hand): its transaction, the order's payment
    /// status derived again, its credit note (for an order not cancelled), staff's
    /// activity entry and the shopper's letter, in one transaction. The order then.
    pub async fn finish_refund(
        &self,
        refund: &StartedRefund,
        provider: &str,
        provider_ref: &str,
        mail: MailFor<'_>,
        by: Option<&Actor>,
    ) -> Result<OrderRow, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        // The order's row first: refunds of one order finishing at once queue here, so
        // each reads the credit notes the one before wrote (their positions, what is
        // left to credit).
        sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1")
            .bind(&refund.order_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let finished = sqlx::query(
            "UPDATE order_refunds SET status = 'succeeded', provider_ref = $2, updated_at = $3 \
             WHERE id = $1 AND status = 'pending'",
        )
        .bind(&refund.id)
        .bind(provider_ref)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let before = load(&mut tx, &refund.order_id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        if finished == 0 {
            return Ok(before);
        }
        payments::insert_transaction(
            &mut tx,
            &NewTransaction {
                order_id: Some(&refund.order_id),
                user_id: before.user_id.as_ref(),
                kind: TxnKind::Refund,
                status: TxnStatus::Succeeded,
                amount: refund.amount,
                provider,
                provider_ref,
                brand: before.card_brand.as_deref(),
                last4: before.card_last4.as_deref(),
                error: None,
            },
            now,
        )
        .await?;
        let derived = payments::rederive(&mut tx, &refund.order_id, now).await?;
        if before.status != crate::domain::order::Status::Cancelled {
            documents::credit_refund(&mut tx, &refund.order_id, refund.amount, now).await?;
        }
        if let Some(admin) = by {
            let changes = Changes::new()
                .field("refunded", None::<f64>, refund.amount.as_f64())
                .field(
                    "paymentStatus",
                    before.payment_status.as_str(),
                    derived.as_str(),
                )
                .field("reason", None::<String>, refund.reason.clone());
            let entry = Entry {
                actor: admin,
                object_type: "order",
                object_id: &before.number,
                object_name: &before.number,
                action: "refunded",
                changes,
            };
            self.activity.record(&mut tx, entry).await?;
        }
        let order = load(&mut tx, &refund.order_id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        outbox::enqueue(&mut tx, &order.contact.email_address, &mail(&order), now).await?;
        tx.commit().await?;
        self.outbox.wake();
        Ok(order)
    }

    /// The provider did not take the refund: it is kept as failed with what was said,
    /// and its amount is free to refund again.
    pub async fn fail_refund(
        &self,
        refund: &StartedRefund,
        error: &str,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let failed = sqlx::query(
            "UPDATE order_refunds SET status = 'failed', error = $2, updated_at = $3 \
             WHERE id = $1 AND status = 'pending'",
        )
        .bind(&refund.id)
        .bind(error)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if failed == 1 {
            sqlx::query("UPDATE orders SET refunded_cents = refunded_cents - $2 WHERE id = $1")
                .bind(&refund.order_id)
                .bind(refund.amount.cents())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }
}
