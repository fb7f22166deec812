//! Moving an order along the status machine (a cancellation restocks it), and the
//! administrators' cash and notes, each with its activity entry in its transaction.

use crate::domain::webhook::EventType as WebhookEvent;
use std::collections::BTreeMap;

use sqlx::{Any, Row, Transaction};

use super::documents;
use super::rows::{add_event, load, parse_fulfilment, parse_status};
use super::{MailFor, MoveRefusal, OrderRow, Orders};
use crate::domain::id::Id;
use crate::domain::order::{EventType, PaymentStatus, Status};
use crate::domain::payment::{TxnKind, TxnStatus};
use crate::domain::Money;
use crate::store::activity::{Actor, Changes, Entry};
use crate::store::outbox;
use crate::store::payments;
use crate::store::stock;

/// The payment statuses of an order nobody has paid for.
const UNPAID: [&str; 2] = ["unpaid", "failed"];

impl Orders {
    /// Moves the order to `next` if the status machine allows it from where it stands
    /// now. Cancelling puts every line's units back on the shelf. `mail` writes the
    /// letter the shopper gets about it, queued in the same transaction.
    pub async fn move_to(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        self.move_as(id, next, note, mail, None).await
    }

    /// [`Orders::move_to`] by an administrator: the move is written to the activity
    /// log (the status before and after, and the note) in the same transaction.
    pub async fn move_by_admin(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
        admin: &Actor,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        self.move_as(id, next, note, mail, Some(admin)).await
    }

    async fn move_as(
        &self,
        id: &Id,
        next: Status,
        note: Option<&str>,
        mail: MailFor<'_>,
        admin: Option<&Actor>,
    ) -> Result<Result<OrderRow, MoveRefusal>, sqlx::Error> {
        // A member of staff who may cancel only what nobody paid for (docs/DESIGN.md
        // §13): checked against the order as it stands in this transaction.
        let unpaid_only = next == Status::Cancelled
            && admin
                .and_then(|admin| admin.role)
                .is_some_and(|role| !role.may_cancel(true));
        let mut tx = self.db.begin_write().await?;
        let row =
            sqlx::query("SELECT status, fulfilment, payment_status FROM orders WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(row) = row else {
            return Ok(Err(MoveRefusal::NoSuchOrder));
        };
        let current = parse_status(&row.try_get::<String, _>("status")?)?;
        let fulfilment = parse_fulfilment(&row.try_get::<String, _>("fulfilment")?)?;
        if !current.may_become(next, fulfilment) {
            return Ok(Err(MoveRefusal::NotAllowed(current)));
        }
        let payment: String = row.try_get("payment_status")?;
        if unpaid_only && !UNPAID.contains(&payment.as_str()) {
            return Ok(Err(MoveRefusal::Paid));
        }
        let now = self.clock.now_ms();
        // Conditional on the status read above: of two racing moves, the second finds
        // the status changed (PostgreSQL re-reads the row once the first commits) and
        // changes nothing. One who may cancel only unpaid orders also finds a payment
        // that came meanwhile; for everyone else the payment does not matter.
        let moved = sqlx::query(
            "UPDATE orders SET status = $1, updated_at = $2 WHERE id = $3 AND status = $4 \
             AND ($5 = 0 OR payment_status IN ('unpaid', 'failed'))",
        )
        .bind(next.as_str())
        .bind(now)
        .bind(id)
        .bind(current.as_str())
        .bind(i64::from(unpaid_only))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if moved == 0 {
            let now_row = sqlx::query("SELECT status FROM orders WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
            let status = parse_status(&now_row.try_get::<String, _>("status")?)?;
            // Same status: what moved was the payment, paid meanwhile.
            return Ok(Err(if unpaid_only && status == current {
                MoveRefusal::Paid
            } else {
                MoveRefusal::NotAllowed(status)
            }));
        }
        add_event(&mut tx, id, next.event(), now, note).await?;
        let mut back_in_stock = Vec::new();
        if next == Status::Cancelled {
            let number: String = sqlx::query("SELECT number FROM orders WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?
                .try_get("number")?;
            let (returned, back) = restock(&mut tx, id).await?;
            back_in_stock = back;
            stock::record(&mut tx, &returned, stock::Cause::Cancelled(&number), now).await?;
            add_event(&mut tx, id, EventType::Restocked, now, None).await?;
            documents::credit_cancelled(&mut tx, id, now).await?;
        }
        let order = load(&mut tx, id).await?.ok_or(sqlx::Error::RowNotFound)?;
        outbox::enqueue(&mut tx, &order.contact.email_address, &mail(&order), now).await?;
        // A cancellation is told as itself alone (docs/DESIGN.md §13).
        let told = if next == Status::Cancelled {
            WebhookEvent::OrderCancelled
        } else {
            WebhookEvent::OrderStatusChanged
        };
        crate::store::webhooks::emit(&mut tx, told, &order.number, now).await?;
        if let Some(admin) = admin {
            let changes = Changes::new()
                .field("status", current.as_str(), next.as_str())
                .field("note", None::<String>, note.map(str::to_string));
            self.activity
                .record(
                    &mut tx,
                    order_entry(admin, &order.number, "status_changed", changes),
                )
                .await?;
        }
        tx.commit().await?;
        self.outbox.wake();
        let back: Vec<&str> = back_in_stock.iter().map(String::as_str).collect();
        crate::store::catalogue::stock_crossed_zero(&self.db, &back).await;
        Ok(Ok(order))
    }

    /// Adds an administrator's internal note to the order's history: an event the
    /// shopper never sees, logged in the activity log with it. `None` when there is no
    /// such order.
    pub async fn add_note(
        &self,
        id: &Id,
        note: &str,
        admin: &Actor,
    ) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let number: Option<String> = sqlx::query("SELECT number FROM orders WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| row.try_get("number"))
            .transpose()?;
        let Some(number) = number else {
            return Ok(None);
        };
        let now = self.clock.now_ms();
        add_event(&mut tx, id, EventType::Note, now, Some(note)).await?;
        let changes = Changes::new().field("note", None::<String>, note);
        self.activity
            .record(&mut tx, order_entry(admin, &number, "note_added", changes))
            .await?;
        let order = load(&mut tx, id).await?;
        tx.commit().await?;
        Ok(order)
    }

    /// Records that the order's cash (or an account's payment) was received: a capture
    /// transaction of the manual provider, from which the order's status is derived
    /// (paid); an account order's credit is free again at once. `Ok(None)` when it is
    /// not an unpaid cash or account order (paid already, or by card) or it was cancelled.
    /// The administrator who recorded it is logged with the payment status before and
    /// after, in the same transaction.
    pub async fn mark_paid(&self, id: &Id, admin: &Actor) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        // A write, so it holds the order's row: a cancellation racing it either finds it
        // paid or has cancelled it first, when this finds nothing to mark.
        let row = sqlx::query(
            "UPDATE orders SET updated_at = $4 \
             WHERE id = $1 AND payment_method IN ('cod', 'account') AND payment_status = $2 \
             AND status <> $3 RETURNING user_id, total_cents",
        )
        .bind(id)
        .bind(PaymentStatus::Unpaid.as_str())
        .bind(Status::Cancelled.as_str())
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let user_id: Option<Id> = row.try_get("user_id")?;
        // One cash capture per order: its reference is the order's id.
        let recorded = payments::insert_transaction(
            &mut tx,
            &payments::NewTransaction {
                order_id: Some(id),
                user_id: user_id.as_ref(),
                kind: TxnKind::Capture,
                status: TxnStatus::Succeeded,
                amount: Money::from_cents(row.try_get("total_cents")?),
                provider: "manual",
                provider_ref: id.as_str(),
                brand: None,
                last4: None,
                error: None,
            },
            now,
        )
        .await?;
        if !recorded {
            return Ok(None);
        }
        payments::rederive(&mut tx, id, now).await?;
        let order = load(&mut tx, id).await?.ok_or(sqlx::Error::RowNotFound)?;
        let changes = Changes::new().field(
            "paymentStatus",
            PaymentStatus::Unpaid.as_str(),
            order.payment_status.as_str(),
        );
        self.activity
            .record(
                &mut tx,
                order_entry(admin, &order.number, "marked_paid", changes),
            )
            .await?;
        tx.commit().await?;
        Ok(Some(order))
    }
}

/// An activity entry about the order `number` (the console finds orders by number).
fn order_entry<'a>(
    admin: &'a Actor,
    number: &'a str,
    action: &'a str,
    changes: Changes,
) -> Entry<'a> {
    Entry {
        actor: admin,
        object_type: "order",
        object_id: number,
        // The console knows an order by its number.
        object_name: number,
        action,
        changes,
    }
}

/// Puts a cancelled order's units back (see [`put_back`]).
async fn restock(
    tx: &mut Transaction<'static, Any>,
    id: &Id,
) -> Result<(Vec<stock::Movement>, Vec<String>), sqlx::Error> {
    let lines = sqlx::query(
        "SELECT product_id, quantity, COALESCE(variant_id, (SELECT v.id FROM product_variants v \
         WHERE v.product_id = order_lines.product_id ORDER BY v.position, v.id LIMIT 1)) AS variant \
         FROM order_lines WHERE order_id = $1",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut lines = lines
        .iter()
        .map(|line| {
            Ok((
                line.try_get::<Option<String>, _>("variant")?,
                line.try_get::<String, _>("product_id")?,
                line.try_get::<i64, _>("quantity")?,
            ))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    lines.sort();
    put_back(tx, lines).await
}

/// Adds each `(variant, product, units)` back to its variant's stock, and to its
/// product's derived stock when the variant is still in the shop (an archived one
/// counts in no product's stock); a variant deleted since takes nothing back. The
/// movements to record, and the products whose stock this brought back from 0.
pub(super) async fn put_back(
    tx: &mut Transaction<'static, Any>,
    lines: Vec<(Option<String>, String, i64)>,
) -> Result<(Vec<stock::Movement>, Vec<String>), sqlx::Error> {
    let mut returned = Vec::new();
    let mut per_product: BTreeMap<String, i64> = BTreeMap::new();
    for (variant, product, quantity) in lines {
        let Some(variant) = variant else {
            continue;
        };
        let row = sqlx::query(
            "UPDATE product_variants SET stock = stock + $1 WHERE id = $2 \
             RETURNING stock, archived_at",
        )
        .bind(quantity)
        .bind(&variant)
        .fetch_optional(&mut **tx)
        .await?;
        let Some(row) = row else {
            continue;
        };
        let held: i64 = row.try_get("stock")?;
        if row.try_get::<Option<i64>, _>("archived_at")?.is_none() {
            *per_product.entry(product.clone()).or_default() += quantity;
        }
        returned.push(stock::Movement {
            product_id: product,
            variant_id: Some(variant),
            change: quantity,
            stock_after: held,
        });
    }
    let mut back_in_stock = Vec::new();
    for (product, quantity) in per_product {
        let held: Option<i64> =
            sqlx::query("UPDATE products SET stock = stock + $1 WHERE id = $2 RETURNING stock")
                .bind(quantity)
                .bind(&product)
                .fetch_optional(&mut **tx)
                .await?
                .map(|row| row.try_get("stock"))
                .transpose()?;
        if quantity > 0 && held == Some(quantity) {
            back_in_stock.push(product);
        }
    }
    Ok((returned, back_in_stock))
}
