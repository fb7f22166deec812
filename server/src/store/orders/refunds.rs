//! Refunds of any amount (docs/DESIGN.md §12, migration 31). A refund is started by
//! adding its amount to `orders.refunded_cents` with one conditional UPDATE that
//! cannot pass what the order's captures took: two refunds racing on any node queue
//! for the order's row (PostgreSQL's row lock; SQLite has one writer), and the second
//! finds the first's amount there. Only then is the provider asked; what it says
//! finishes the refund (its transaction, credit note, activity entry and mail in one
//! transaction) or fails it, which frees its amount again. A refund no one could finish
//! (the provider unreachable, or its yes not recorded) stays pending, its amount held,
//! until the refund worker asks again with the same key.

use sqlx::{AnyConnection, Row};

use super::documents;
use super::returns::add_return_event;
use super::rows::load;
use super::{MailFor, OrderRow, Orders};
use crate::domain::id::Id;
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::refund::{check_amount, refundable, RefundRefusal};
use crate::domain::returns::Status as ReturnStatus;
use crate::domain::Money;
use crate::store::activity::{Actor, Changes, Entry};
use crate::store::outbox;
use crate::store::payments::{self, NewTransaction};
use crate::store::Dialect;

/// A refund whose amount is held on its order while the provider is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartedRefund {
    pub id: Id,
    pub order_id: Id,
    pub amount: Money,
    /// Staff's reason, kept with it and logged.
    pub reason: String,
    /// The return it refunds (docs/DESIGN.md §12): finishing it moves the return to
    /// `refunded`; failing it frees the return for another try.
    pub return_id: Option<Id>,
}

/// How much a refund holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    /// This much, if that much is left.
    Exactly(Money),
    /// All that is left, whatever it is then (a cancellation's refund).
    AllLeft,
}

/// What starting a refund came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reserved {
    Started(StartedRefund),
    Refused(RefundRefusal),
    /// [`Amount::AllLeft`] of an order with nothing left.
    NothingLeft,
    NoSuchOrder,
    /// The return is not one to refund: where it stands.
    ReturnNotReceived(ReturnStatus),
    /// The return's refund is being made already.
    ReturnBeingRefunded,
    /// Another return's refund gave the delivery fee back already.
    DeliveryRefunded,
}

/// A refund left pending (the provider could not be reached, or its yes was not
/// recorded), claimed for another try with its own key.
#[derive(Clone, Debug)]
pub struct StuckRefund {
    pub refund: StartedRefund,
    pub provider: String,
    pub actor: Option<Actor>,
}

/// A refund of an order as staff see it in the console's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundEntry {
    pub amount: Money,
    pub reason: String,
    /// `pending`, `succeeded` or `failed`.
    pub status: String,
    /// Who made it; `None` for the refund a shopper's cancellation made.
    pub by: Option<String>,
    /// The return it refunded, if any.
    pub return_number: Option<String>,
    pub created_at: i64,
}

/// The most refunds the console's order lists (each needs staff to make it).
const MAX_LISTED: i64 = 200;

/// How long a refund may stay pending before the refund worker asks again: far longer
/// than a provider's answer takes.
pub const STUCK_AFTER_MS: i64 = 2 * 60 * 1000;

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

/// A refund of a return: which, and whether it gives the order's delivery fee back too.
#[derive(Clone, Copy, Debug)]
pub struct ForReturn<'a> {
    pub id: &'a Id,
    pub with_delivery: bool,
}

/// Holds the return of the order for the refund `refund_id`: `None` when it is held,
/// else why not. Called under the order's row lock, so a second refund of it, or of the
/// order's delivery fee by another return, reads this one.
async fn hold_return(
    conn: &mut AnyConnection,
    ret: ForReturn<'_>,
    order_id: &Id,
    refund_id: &Id,
) -> Result<Option<Reserved>, sqlx::Error> {
    let return_id = ret.id;
    let row =
        sqlx::query("SELECT status, refund_id FROM order_returns WHERE id = $1 AND order_id = $2")
            .bind(return_id)
            .bind(order_id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(row) = row else {
        return Ok(Some(Reserved::NoSuchOrder));
    };
    let status: String = row.try_get("status")?;
    let status = ReturnStatus::parse(&status).ok_or_else(|| {
        sqlx::Error::Decode(format!("order_returns.status holds '{status}'").into())
    })?;
    if status != ReturnStatus::Received {
        return Ok(Some(Reserved::ReturnNotReceived(status)));
    }
    if row.try_get::<Option<String>, _>("refund_id")?.is_some() {
        return Ok(Some(Reserved::ReturnBeingRefunded));
    }
    if ret.with_delivery {
        let given = sqlx::query(
            "SELECT 1 AS one FROM order_refunds WHERE order_id = $1 AND with_delivery = 1 AND status <> 'failed'",
        )
        .bind(order_id)
        .fetch_optional(&mut *conn)
        .await?;
        if given.is_some() {
            return Ok(Some(Reserved::DeliveryRefunded));
        }
    }
    sqlx::query("UPDATE order_returns SET refund_id = $2 WHERE id = $1")
        .bind(return_id)
        .bind(refund_id)
        .execute(&mut *conn)
        .await?;
    Ok(None)
}

impl Orders {
    /// Holds `amount` of the order's payment for a refund made through `provider`, if
    /// that much is left: never more than was paid, whoever refunds at once. The order's
    /// row is taken first (PostgreSQL's row lock; SQLite has one writer), so what is
    /// left is read after every refund before this one. A refund of the return
    /// `for_return` holds that return too (received, and no refund of it under way).
    pub async fn start_refund(
        &self,
        order_id: &Id,
        amount: Amount,
        reason: &str,
        provider: &str,
        by: Option<&Actor>,
        for_return: Option<ForReturn<'_>>,
    ) -> Result<Reserved, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let refunded: Option<i64> =
            sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1 RETURNING refunded_cents")
                .bind(order_id)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("refunded_cents"))
                .transpose()?;
        let Some(refunded) = refunded.map(Money::from_cents) else {
            return Ok(Reserved::NoSuchOrder);
        };
        // A return's refund holds the return first: a second refund of it hears so,
        // whatever is left. Nothing is written unless the whole refund is.
        let id = Id::generate();
        if let Some(ret) = for_return {
            if let Some(refused) = hold_return(&mut tx, ret, order_id, &id).await? {
                return Ok(refused);
            }
        }
        let paid = paid(&mut tx, order_id).await?;
        let amount = match amount {
            Amount::Exactly(amount) => match check_amount(amount, paid, refunded) {
                Ok(()) => amount,
                Err(refusal) => return Ok(Reserved::Refused(refusal)),
            },
            Amount::AllLeft => match refundable(paid, refunded) {
                left if left.cents() > 0 => left,
                _ => return Ok(Reserved::NothingLeft),
            },
        };
        sqlx::query("UPDATE orders SET refunded_cents = refunded_cents + $2 WHERE id = $1")
            .bind(order_id)
            .bind(amount.cents())
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO order_refunds (id, order_id, amount_cents, reason, status, provider, actor_id, actor_email, \
                 created_at, updated_at, return_id, with_delivery) \
             VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $8, $9, $10)",
        )
        .bind(&id)
        .bind(order_id)
        .bind(amount.cents())
        .bind(reason)
        .bind(provider)
        .bind(by.map(|a| a.id.clone()))
        .bind(by.map(|a| a.email.clone()))
        .bind(now)
        .bind(for_return.map(|r| r.id))
        .bind(i64::from(for_return.is_some_and(|r| r.with_delivery)))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Reserved::Started(StartedRefund {
            id,
            order_id: order_id.clone(),
            amount,
            reason: reason.to_string(),
            return_id: for_return.map(|r| r.id.clone()),
        }))
    }

    /// The order's refunds, first first: each refund made, held or refused.
    pub async fn refunds_of(&self, order_id: &Id) -> Result<Vec<RefundEntry>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT r.amount_cents, r.reason, r.status, r.actor_email, r.created_at, ret.number AS return_number \
             FROM order_refunds r LEFT JOIN order_returns ret ON ret.id = r.return_id \
             WHERE r.order_id = $1 ORDER BY r.created_at, r.id LIMIT {MAX_LISTED}"
        ))
        .bind(order_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(RefundEntry {
                    amount: Money::from_cents(row.try_get("amount_cents")?),
                    reason: row.try_get("reason")?,
                    status: row.try_get("status")?,
                    by: row.try_get("actor_email")?,
                    return_number: row.try_get("return_number")?,
                    created_at: row.try_get("created_at")?,
                })
            })
            .collect()
    }

    /// Claims refunds pending for [`STUCK_AFTER_MS`] and more, a batch at a time, each for
    /// another try (its `updated_at` moves on, so another worker leaves it meanwhile).
    pub async fn claim_stuck_refunds(&self) -> Result<Vec<StuckRefund>, sqlx::Error> {
        let now = self.clock.now_ms();
        let skip_locked = match self.db.dialect {
            Dialect::Postgres => " FOR UPDATE SKIP LOCKED",
            Dialect::Sqlite => "",
        };
        let sql = format!(
            "UPDATE order_refunds SET updated_at = $1 WHERE id IN (SELECT id FROM order_refunds \
                 WHERE status = 'pending' AND updated_at <= $2 ORDER BY updated_at, id LIMIT 20{skip_locked}) \
             RETURNING id, order_id, amount_cents, reason, provider, actor_id, actor_email, return_id"
        );
        let mut tx = self.db.begin_write().await?;
        let rows = sqlx::query(&sql)
            .bind(now)
            .bind(now - STUCK_AFTER_MS)
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        rows.iter()
            .map(|row| {
                let id: Option<Id> = row.try_get("actor_id")?;
                let email: Option<String> = row.try_get("actor_email")?;
                Ok(StuckRefund {
                    refund: StartedRefund {
                        id: row.try_get("id")?,
                        order_id: row.try_get("order_id")?,
                        amount: Money::from_cents(row.try_get("amount_cents")?),
                        reason: row.try_get("reason")?,
                        return_id: row.try_get("return_id")?,
                    },
                    provider: row.try_get("provider")?,
                    actor: id.zip(email).map(|(id, email)| Actor {
                        id,
                        email,
                        role: None,
                    }),
                })
            })
            .collect()
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
        crate::store::webhooks::emit(
            &mut tx,
            crate::domain::webhook::EventType::OrderRefunded,
            &before.number,
            now,
        )
        .await?;
        // All of it back: a cancellation's refund staff may have been told to make by
        // hand is owed no more. (`refunded` held this refund since it started, and the
        // order's row is held here.)
        let paid = paid(&mut tx, &refund.order_id).await?;
        if refundable(paid, before.refunded).cents() == 0 {
            sqlx::query(
                "UPDATE refund_retries SET done_at = $2, claimed_until = NULL \
                 WHERE order_id = $1 AND done_at IS NULL",
            )
            .bind(&refund.order_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        if before.status != crate::domain::order::Status::Cancelled {
            documents::credit_refund(&mut tx, &refund.order_id, refund.amount, now).await?;
        }
        if let Some(return_id) = &refund.return_id {
            let closed = sqlx::query(
                "UPDATE order_returns SET status = 'refunded', refunded_cents = $2, updated_at = $3 \
                 WHERE id = $1 AND status = 'received'",
            )
            .bind(return_id)
            .bind(refund.amount.cents())
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if closed == 1 {
                add_return_event(&mut tx, return_id, ReturnStatus::Refunded, now, None).await?;
            }
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
            if let Some(return_id) = &refund.return_id {
                sqlx::query(
                    "UPDATE order_returns SET refund_id = NULL WHERE id = $1 AND refund_id = $2",
                )
                .bind(return_id)
                .bind(&refund.id)
                .execute(&mut *tx)
                .await?;
            }
        }
        tx.commit().await
    }
}
