//! Moving a return along its status machine (docs/DESIGN.md §12): each move is one
//! conditional update of its status (from the statuses the move may leave), so two
//! racing moves cannot both happen, written with its timeline step, staff's activity
//! entry and the shopper's letter. Receiving puts the units staff say are fit to sell
//! back on the variant's stock in the same transaction, through `store::stock` (which
//! marks back-in-stock alerts due).

use sqlx::{AnyConnection, Row};

use super::moves::put_back;
use super::returns::{add_return_event, load_return, ReturnMail, ReturnRow};
use super::Orders;
use crate::domain::id::Id;
use crate::domain::returns::Status;
use crate::store::activity::{Actor, Changes, Entry};
use crate::store::{outbox, stock};

/// How many of a return line's units came back, and how many of those go back on sale.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    pub variant_id: String,
    pub received: i64,
    pub restocked: i64,
}

/// Why a return did not move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReturnMoveRefusal {
    NoSuchReturn,
    /// The machine does not allow it from where the return stands.
    NotAllowed(Status),
    /// A refund of it is under way (or held while the provider has not answered).
    BeingRefunded,
}

/// Moves the return to `next` if it stands where `next` may come from: `Ok(previous)`,
/// or where it stands. Its row is taken first (PostgreSQL's row lock; SQLite has one
/// writer), so the status read is the one the move leaves.
async fn take(
    conn: &mut AnyConnection,
    id: &Id,
    next: Status,
    reject_reason: Option<&str>,
    now: i64,
) -> Result<Result<Status, ReturnMoveRefusal>, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE order_returns SET updated_at = $2 WHERE id = $1 RETURNING status, refund_id",
    )
    .bind(id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(Err(ReturnMoveRefusal::NoSuchReturn));
    };
    let status: String = row.try_get("status")?;
    let Some(current) = Status::parse(&status) else {
        return Err(sqlx::Error::Decode(
            format!("order_returns.status holds '{status}'").into(),
        ));
    };
    if !next.comes_from().contains(&current) {
        return Ok(Err(ReturnMoveRefusal::NotAllowed(current)));
    }
    // Refunded without a refund (nothing came back to pay for) only while no refund
    // of it is under way: that one closes it when it is made.
    let refunding = row.try_get::<Option<String>, _>("refund_id")?.is_some();
    if next == Status::Refunded && refunding {
        return Ok(Err(ReturnMoveRefusal::BeingRefunded));
    }
    let refunded = (next == Status::Refunded).then_some(0_i64);
    sqlx::query(
        "UPDATE order_returns SET status = $1, reject_reason = COALESCE($2, reject_reason), \
         refunded_cents = COALESCE($3, refunded_cents) WHERE id = $4",
    )
    .bind(next.as_str())
    .bind(reject_reason)
    .bind(refunded)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(Ok(current))
}

fn return_entry<'a>(
    admin: &'a Actor,
    number: &'a str,
    action: &'a str,
    changes: Changes,
) -> Entry<'a> {
    Entry {
        actor: admin,
        object_type: "return",
        object_id: number,
        object_name: number,
        action,
        changes,
    }
}

impl Orders {
    /// Moves the return `id` to `next` (approved, rejected with staff's `reason`, or
    /// cancelled by its shopper), with its step, staff's entry (`by`) and the letter.
    pub async fn move_return(
        &self,
        id: &Id,
        next: Status,
        reason: Option<&str>,
        by: Option<&Actor>,
        mail: ReturnMail<'_>,
    ) -> Result<Result<ReturnRow, ReturnMoveRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let previous = match take(&mut tx, id, next, reason, now).await? {
            Ok(previous) => previous,
            Err(refusal) => return Ok(Err(refusal)),
        };
        add_return_event(&mut tx, id, next, now, reason).await?;
        let row = load_return(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        if let Some(admin) = by {
            let changes = Changes::new()
                .field("status", previous.as_str(), next.as_str())
                .field("reason", None::<String>, reason.map(str::to_string));
            self.activity
                .record(
                    &mut tx,
                    return_entry(admin, &row.number, next.as_str(), changes),
                )
                .await?;
        }
        outbox::enqueue(&mut tx, &row.email, &mail(&row), now).await?;
        tx.commit().await?;
        self.outbox.wake();
        Ok(Ok(row))
    }

    /// Staff received the approved return `id`: per line, how many came back and how
    /// many of those go back on sale, added to each variant's stock in this transaction.
    /// `lines` has been checked against the return's (each line once, within its units).
    pub async fn receive_return(
        &self,
        id: &Id,
        lines: &[Received],
        admin: &Actor,
        mail: ReturnMail<'_>,
    ) -> Result<Result<ReturnRow, ReturnMoveRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        if let Err(refusal) = take(&mut tx, id, Status::Received, None, now).await? {
            return Ok(Err(refusal));
        }
        for line in lines {
            sqlx::query(
                "UPDATE return_lines SET received = $3, restocked = $4 WHERE return_id = $1 AND variant_id = $2",
            )
            .bind(id)
            .bind(&line.variant_id)
            .bind(line.received)
            .bind(line.restocked)
            .execute(&mut *tx)
            .await?;
        }
        let before = load_return(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        let mut back: Vec<(Option<String>, String, i64)> = before
            .lines
            .iter()
            .filter(|l| l.restocked.unwrap_or(0) > 0)
            .map(|l| {
                (
                    Some(l.variant_id.clone()),
                    l.product_id.clone(),
                    l.restocked.unwrap_or(0),
                )
            })
            .collect();
        back.sort();
        let (movements, back_in_stock) = put_back(&mut tx, back).await?;
        let cause = stock::Cause::Returned {
            order: &before.order_number,
            actor: admin,
        };
        stock::record(&mut tx, &movements, cause, now).await?;
        let came_back: i64 = lines.iter().map(|l| l.received).sum();
        let restocked: i64 = lines.iter().map(|l| l.restocked).sum();
        let note = format!("{came_back} came back, {restocked} back on sale");
        add_return_event(&mut tx, id, Status::Received, now, Some(&note)).await?;
        let changes = Changes::new()
            .field(
                "status",
                Status::Approved.as_str(),
                Status::Received.as_str(),
            )
            .field("received", None::<i64>, Some(came_back))
            .field("restocked", None::<i64>, Some(restocked));
        self.activity
            .record(
                &mut tx,
                return_entry(admin, &before.number, "received", changes),
            )
            .await?;
        let row = load_return(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        outbox::enqueue(&mut tx, &row.email, &mail(&row), now).await?;
        tx.commit().await?;
        self.outbox.wake();
        let back: Vec<&str> = back_in_stock.iter().map(String::as_str).collect();
        crate::store::catalogue::stock_crossed_zero(&self.db, &back).await;
        Ok(Ok(row))
    }
}
