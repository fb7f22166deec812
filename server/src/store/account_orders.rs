//! A trade account's open orders (docs/DESIGN.md §11): the statement the account area
//! shows, and the reminders the background worker mails once an order is overdue, each
//! exactly once (the order is claimed in the transaction that queues its letter).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::outbox::enqueue;
use super::Db;
use crate::domain::id::Id;
use crate::domain::time::Clock;
use crate::domain::Money;
use crate::mail::Letter;

/// An open order on account: placed, not paid, not cancelled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenOrder {
    pub id: Id,
    pub number: String,
    pub email: String,
    pub total: Money,
    pub po_number: String,
    pub due_date: String,
    pub created_at: i64,
}

const COLUMNS: &str = "id, number, email_address, total_cents, po_number, due_date, created_at";
const OPEN: &str = "payment_method = 'account' AND payment_status = 'unpaid' \
     AND status <> 'cancelled'";
/// Reminders one pass mails at most.
const BATCH: i64 = 50;

#[derive(Clone, Debug)]
pub struct AccountOrders {
    db: Db,
    clock: Clock,
}

impl AccountOrders {
    pub fn new(db: Db, clock: Clock) -> Self {
        AccountOrders { db, clock }
    }

    /// `user`'s open account orders, soonest due first, a page of them; and how many.
    pub async fn statement(
        &self,
        user: &Id,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OpenOrder>, i64), sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM orders WHERE user_id = $1 AND {OPEN} \
             ORDER BY due_date, seq LIMIT {limit} OFFSET {offset}"
        ))
        .bind(user)
        .fetch_all(&self.db.pool)
        .await?;
        let total: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) AS n FROM orders WHERE user_id = $1 AND {OPEN}"
        ))
        .bind(user)
        .fetch_one(&self.db.pool)
        .await?
        .try_get("n")?;
        let orders = rows.iter().map(open_order).collect::<Result<_, _>>()?;
        Ok((orders, total))
    }

    /// Mails one reminder for each open account order due before `today` (`YYYY-MM-DD`)
    /// that has had none, `letter` writing it; a pass takes at most [`BATCH`]. How many
    /// were queued.
    pub async fn remind_overdue(
        &self,
        today: &str,
        letter: impl Fn(&OpenOrder) -> Letter,
    ) -> Result<usize, sqlx::Error> {
        let due = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM orders WHERE {OPEN} AND due_date < $1 \
             AND reminded_at IS NULL ORDER BY due_date, seq LIMIT {BATCH}"
        ))
        .bind(today)
        .fetch_all(&self.db.pool)
        .await?;
        let mut queued = 0;
        for row in &due {
            let order = open_order(row)?;
            let now = self.clock.now_ms();
            let mut tx = self.db.begin_write().await?;
            // Claimed here: another node's pass, or a paid order, leaves it.
            let claimed = sqlx::query(&format!(
                "UPDATE orders SET reminded_at = $2 WHERE id = $1 AND reminded_at IS NULL \
                 AND {OPEN}"
            ))
            .bind(&order.id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if claimed == 1 {
                enqueue(&mut tx, &order.email, &letter(&order), now).await?;
                queued += 1;
            }
            tx.commit().await?;
        }
        Ok(queued)
    }
}

fn open_order(row: &AnyRow) -> Result<OpenOrder, sqlx::Error> {
    Ok(OpenOrder {
        id: row.try_get("id")?,
        number: row.try_get("number")?,
        email: row.try_get("email_address")?,
        total: Money::from_cents(row.try_get("total_cents")?),
        po_number: row
            .try_get::<Option<String>, _>("po_number")?
            .unwrap_or_default(),
        due_date: row
            .try_get::<Option<String>, _>("due_date")?
            .unwrap_or_default(),
        created_at: row.try_get("created_at")?,
    })
}
