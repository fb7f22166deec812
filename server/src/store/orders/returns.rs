//! Returns' SQL (docs/DESIGN.md §12, migration 33): asking for one, reading them back
//! (a page in a handful of queries) and their photos. A return is asked inside its
//! order's row lock (PostgreSQL's row lock; SQLite has one writer), so the units open
//! returns hold are read after every return asked before: however many ask at once, a
//! line is never returned beyond what was ordered. Moves are in `return_moves.rs`; a
//! return's refund is a refund of its order naming it (`refunds.rs`).

use std::collections::BTreeMap;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::rows::{fill_details, order_head, ORDER_COLUMNS};
use super::{OrderLine, OrderRow, Orders};
use crate::domain::id::Id;
use crate::domain::order::Status as OrderStatus;
use crate::domain::returns::{self, line_paid, line_refund, Reason, Status, MAX_PHOTOS};
pub use crate::domain::returns::{ReturnEvent, ReturnLine, ReturnRow};
use crate::domain::Money;
use crate::mail::Letter;
use crate::store::{outbox, placeholders};

/// The letter a return's change sends, built from the return as it leaves it.
pub type ReturnMail<'a> = &'a (dyn Fn(&ReturnRow) -> Letter + Send + Sync);

/// One line a shopper asks to return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReturnAsk {
    pub variant_id: String,
    pub quantity: i64,
    pub reason: Reason,
}

/// Why a return cannot be asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AskRefusal {
    NoSuchOrder,
    NotCompleted,
    WindowClosed,
    /// The order has had [`returns::MAX_RETURNS`] returns already.
    TooManyReturns,
    /// The asks (by position) that name no line of the order.
    NotInOrder(Vec<usize>),
    /// Each line asked for beyond what it can still return: at most how many can.
    TooMany(BTreeMap<String, i64>),
}

/// What of an order can still be returned, and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Returnable {
    /// The last moment a return can be asked (Unix ms); `None` for an order not
    /// completed, or in a shop that takes no returns.
    pub until: Option<i64>,
    /// Per line of the order with a variant: how many units can still be returned.
    pub lines: Vec<(String, i64)>,
}

/// What adding a photo came to.
#[derive(Clone, Debug)]
pub enum PhotoAdded {
    Added(Box<ReturnRow>),
    NoSuchReturn,
    /// The return is past taking photos: where it stands.
    Closed(Status),
    Full,
}

const RETURN_COLUMNS: &str =
    "r.id, r.number, r.order_id, r.status, r.note, r.reject_reason, r.refund_id, r.refunded_cents, r.created_at";

fn corrupt(what: &str, value: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("{what} holds '{value}'").into())
}

/// When the order was completed (its last `completed` event), if it was.
async fn completed_at(conn: &mut AnyConnection, order_id: &Id) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query("SELECT MAX(at) AS at FROM order_events WHERE order_id = $1 AND type = 'completed'")
        .bind(order_id)
        .fetch_one(&mut *conn)
        .await?
        .try_get("at")
}

/// How many units of each variant of the order its open returns hold.
async fn held_units(
    conn: &mut AnyConnection,
    order_id: &Id,
) -> Result<BTreeMap<String, i64>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT l.variant_id, CAST(SUM(l.quantity) AS BIGINT) AS held FROM return_lines l \
         JOIN order_returns r ON r.id = l.return_id \
         WHERE r.order_id = $1 AND r.status NOT IN ('cancelled', 'rejected') GROUP BY l.variant_id",
    )
    .bind(order_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("variant_id")?, row.try_get("held")?)))
        .collect()
}

/// What of `order` can still be returned, with the shop's window of `window_days`.
async fn returnable_of(
    conn: &mut AnyConnection,
    order: &OrderRow,
    window_days: i64,
) -> Result<Returnable, sqlx::Error> {
    let until = if order.status == OrderStatus::Completed {
        completed_at(conn, &order.id)
            .await?
            .and_then(|at| returns::window_closes(at, window_days))
    } else {
        None
    };
    let held = held_units(conn, &order.id).await?;
    let lines = order
        .lines
        .iter()
        .filter_map(|line| {
            let variant = line.variant_id.clone()?;
            let held = held.get(&variant).copied().unwrap_or(0);
            Some((variant, returns::returnable(line.quantity, held)))
        })
        .collect();
    Ok(Returnable { until, lines })
}

/// What a line of `order` paid, tax included, after its share of the discounts.
fn paid_for(order: &OrderRow, line: &OrderLine) -> Money {
    match (&line.tax, &order.tax) {
        (Some(tax), Some(order_tax)) => {
            line_paid(tax.line_amount, tax.line_tax, order_tax.prices_include_tax)
        }
        _ => line.line_total,
    }
}

/// The returns `heads` with their lines, photos and events, and what their orders say
/// of them (names, what each line paid): six queries however many.
async fn fill(conn: &mut AnyConnection, heads: Vec<AnyRow>) -> Result<Vec<ReturnRow>, sqlx::Error> {
    if heads.is_empty() {
        return Ok(Vec::new());
    }
    let mut order_ids: Vec<String> = heads
        .iter()
        .map(|row| row.try_get("order_id"))
        .collect::<Result<_, _>>()?;
    order_ids.sort();
    order_ids.dedup();
    let sql = format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE id IN ({})",
        placeholders(order_ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in &order_ids {
        query = query.bind(id.as_str());
    }
    let mut orders = query
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(order_head)
        .collect::<Result<Vec<_>, _>>()?;
    fill_details(conn, &mut orders).await?;
    let orders: BTreeMap<String, OrderRow> = orders
        .into_iter()
        .map(|o| (o.id.as_str().to_string(), o))
        .collect();
    let ids: Vec<String> = heads
        .iter()
        .map(|row| row.try_get("id"))
        .collect::<Result<_, _>>()?;
    let marks = placeholders(ids.len());
    let lines = bound(
        &format!(
            "SELECT return_id, variant_id, product_id, quantity, reason, received, restocked FROM return_lines \
             WHERE return_id IN ({marks}) ORDER BY return_id, position"
        ),
        &ids,
        conn,
    )
    .await?;
    let photos = bound(
        &format!("SELECT return_id, path FROM return_photos WHERE return_id IN ({marks}) ORDER BY return_id, position"),
        &ids,
        conn,
    )
    .await?;
    let events = bound(
        &format!(
            "SELECT return_id, type, at, note FROM return_events WHERE return_id IN ({marks}) \
             ORDER BY return_id, position"
        ),
        &ids,
        conn,
    )
    .await?;
    let mut out = Vec::with_capacity(heads.len());
    for head in &heads {
        let id: String = head.try_get("id")?;
        let order_id: String = head.try_get("order_id")?;
        let order = orders.get(&order_id).ok_or(sqlx::Error::RowNotFound)?;
        let status: String = head.try_get("status")?;
        let mut row = ReturnRow {
            id: head.try_get("id")?,
            number: head.try_get("number")?,
            order_id: head.try_get("order_id")?,
            order_number: order.number.clone(),
            user_id: order.user_id.clone(),
            email: order.contact.email_address.clone(),
            status: Status::parse(&status)
                .ok_or_else(|| corrupt("order_returns.status", &status))?,
            note: head.try_get("note")?,
            reject_reason: head.try_get("reject_reason")?,
            refund_id: head.try_get("refund_id")?,
            refunded: head
                .try_get::<Option<i64>, _>("refunded_cents")?
                .map(Money::from_cents),
            lines: Vec::new(),
            photos: Vec::new(),
            events: Vec::new(),
            estimate: Money::from_cents(0),
            delivery_fee: order.totals.delivery_fee,
            created_at: head.try_get("created_at")?,
        };
        let mut estimate = 0;
        for line in lines
            .iter()
            .filter(|l| l.try_get::<String, _>("return_id").ok().as_ref() == Some(&id))
        {
            let variant_id: String = line.try_get("variant_id")?;
            let reason: String = line.try_get("reason")?;
            let bought = order
                .lines
                .iter()
                .find(|l| l.variant_id.as_deref() == Some(variant_id.as_str()));
            let quantity: i64 = line.try_get("quantity")?;
            let received: Option<i64> = line.try_get("received")?;
            if let Some(bought) = bought {
                let units = received.unwrap_or(quantity);
                estimate += line_refund(paid_for(order, bought), units, bought.quantity).cents();
            }
            row.lines.push(ReturnLine {
                variant_id,
                product_id: line.try_get("product_id")?,
                sku: bought.and_then(|b| b.sku.clone()),
                name: bought.map(|b| b.name.clone()).unwrap_or_default(),
                options: bought.map(|b| b.options.clone()).unwrap_or_default(),
                quantity,
                reason: Reason::parse(&reason)
                    .ok_or_else(|| corrupt("return_lines.reason", &reason))?,
                received,
                restocked: line.try_get("restocked")?,
            });
        }
        row.estimate = Money::from_cents(estimate);
        for photo in photos
            .iter()
            .filter(|p| p.try_get::<String, _>("return_id").ok().as_ref() == Some(&id))
        {
            row.photos.push(photo.try_get("path")?);
        }
        for event in events
            .iter()
            .filter(|e| e.try_get::<String, _>("return_id").ok().as_ref() == Some(&id))
        {
            let kind: String = event.try_get("type")?;
            row.events.push(ReturnEvent {
                kind: Status::parse(&kind).ok_or_else(|| corrupt("return_events.type", &kind))?,
                at: event.try_get("at")?,
                note: event.try_get("note")?,
            });
        }
        out.push(row);
    }
    Ok(out)
}

/// Runs `sql` with `ids` bound in turn.
async fn bound(
    sql: &str,
    ids: &[String],
    conn: &mut AnyConnection,
) -> Result<Vec<AnyRow>, sqlx::Error> {
    let mut query = sqlx::query(sql);
    for id in ids {
        query = query.bind(id.as_str());
    }
    query.fetch_all(&mut *conn).await
}

/// The return `id` as it stands.
pub(super) async fn load_return(
    conn: &mut AnyConnection,
    id: &Id,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    let heads = sqlx::query(&format!(
        "SELECT {RETURN_COLUMNS} FROM order_returns r WHERE r.id = $1"
    ))
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(fill(conn, heads).await?.pop())
}

/// Adds the `kind` step to the return's timeline.
pub(super) async fn add_return_event(
    conn: &mut AnyConnection,
    return_id: &Id,
    kind: Status,
    at: i64,
    note: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO return_events (return_id, position, type, at, note) \
         SELECT $1, COALESCE(MAX(position), 0) + 1, $2, $3, $4 FROM return_events WHERE return_id = $1",
    )
    .bind(return_id)
    .bind(kind.as_str())
    .bind(at)
    .bind(note)
    .execute(&mut *conn)
    .await
    .map(drop)
}

impl Orders {
    /// The return `id`.
    pub async fn return_by_id(&self, id: &Id) -> Result<Option<ReturnRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        load_return(&mut conn, id).await
    }

    /// The order's returns, newest first, and what of it can still be returned.
    pub async fn returns_of_order(
        &self,
        order: &OrderRow,
        window_days: i64,
    ) -> Result<(Vec<ReturnRow>, Returnable), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let heads = sqlx::query(&format!(
            "SELECT {RETURN_COLUMNS} FROM order_returns r WHERE r.order_id = $1 \
             ORDER BY r.created_at DESC, r.number DESC LIMIT 100"
        ))
        .bind(&order.id)
        .fetch_all(&mut *conn)
        .await?;
        let returns = fill(&mut conn, heads).await?;
        let returnable = returnable_of(&mut conn, order, window_days).await?;
        Ok((returns, returnable))
    }

    /// A page of every return, newest first, of one status or any; and how many there
    /// are in all.
    pub async fn list_returns(
        &self,
        status: Option<Status>,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<ReturnRow>, i64), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let (filter, status) = match status {
            Some(s) => ("WHERE r.status = $1", s.as_str()),
            None => ("WHERE $1 = ''", ""),
        };
        let total: i64 = sqlx::query(&format!(
            "SELECT COUNT(*) AS n FROM order_returns r {filter}"
        ))
        .bind(status)
        .fetch_one(&mut *conn)
        .await?
        .try_get("n")?;
        let heads = sqlx::query(&format!(
            "SELECT {RETURN_COLUMNS} FROM order_returns r {filter} \
             ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3"
        ))
        .bind(status)
        .bind(per_page)
        .bind((page - 1) * per_page)
        .fetch_all(&mut *conn)
        .await?;
        Ok((fill(&mut conn, heads).await?, total))
    }

    /// The shopper asks to return `asks` of `order_id`, with `note`, in a shop that
    /// takes returns for `window_days` after completion. The return, its first step, the
    /// shopper's letter and staff's are written together; the units are checked under
    /// the order's row lock.
    pub async fn ask_return(
        &self,
        order_id: &Id,
        asks: &[ReturnAsk],
        note: &str,
        window_days: i64,
        shopper: ReturnMail<'_>,
        staff: ReturnMail<'_>,
    ) -> Result<Result<ReturnRow, AskRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let locked = sqlx::query("UPDATE orders SET updated_at = $2 WHERE id = $1 RETURNING id")
            .bind(order_id)
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
        if locked.is_none() {
            return Ok(Err(AskRefusal::NoSuchOrder));
        }
        let order = super::rows::load(&mut tx, order_id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        if order.status != OrderStatus::Completed {
            return Ok(Err(AskRefusal::NotCompleted));
        }
        let returnable = returnable_of(&mut tx, &order, window_days).await?;
        if returnable.until.is_none_or(|until| now > until) {
            return Ok(Err(AskRefusal::WindowClosed));
        }
        let asked: i64 = sqlx::query("SELECT COUNT(*) AS n FROM order_returns WHERE order_id = $1")
            .bind(order_id)
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if asked >= returns::MAX_RETURNS {
            return Ok(Err(AskRefusal::TooManyReturns));
        }
        let left: BTreeMap<&str, i64> = returnable
            .lines
            .iter()
            .map(|(variant, n)| (variant.as_str(), *n))
            .collect();
        let missing: Vec<usize> = asks
            .iter()
            .enumerate()
            .filter(|(_, ask)| !left.contains_key(ask.variant_id.as_str()))
            .map(|(i, _)| i)
            .collect();
        if !missing.is_empty() {
            return Ok(Err(AskRefusal::NotInOrder(missing)));
        }
        let over: BTreeMap<String, i64> = asks
            .iter()
            .filter(|ask| ask.quantity > left[ask.variant_id.as_str()])
            .map(|ask| (ask.variant_id.clone(), left[ask.variant_id.as_str()]))
            .collect();
        if !over.is_empty() {
            return Ok(Err(AskRefusal::TooMany(over)));
        }
        let id = Id::generate();
        let taken: i64 =
            sqlx::query("UPDATE return_numbers SET last = last + 1 WHERE id = 1 RETURNING last")
                .fetch_one(&mut *tx)
                .await?
                .try_get("last")?;
        let number = returns::number(taken);
        sqlx::query(
            "INSERT INTO order_returns (id, number, order_id, status, note, created_at, updated_at) \
             VALUES ($1, $2, $3, 'requested', $4, $5, $5)",
        )
        .bind(&id)
        .bind(&number)
        .bind(order_id)
        .bind(note)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for (position, ask) in asks.iter().enumerate() {
            let product = order
                .lines
                .iter()
                .find(|l| l.variant_id.as_deref() == Some(ask.variant_id.as_str()))
                .map(|l| l.product_id.clone())
                .unwrap_or_default();
            sqlx::query(
                "INSERT INTO return_lines (return_id, position, variant_id, product_id, quantity, reason) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&id)
            .bind(position as i64)
            .bind(&ask.variant_id)
            .bind(product)
            .bind(ask.quantity)
            .bind(ask.reason.as_str())
            .execute(&mut *tx)
            .await?;
        }
        add_return_event(&mut tx, &id, Status::Requested, now, None).await?;
        let row = load_return(&mut tx, &id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        outbox::enqueue(&mut tx, &row.email, &shopper(&row), now).await?;
        outbox::enqueue_to_staff(&mut tx, &staff(&row), now).await?;
        crate::store::webhooks::emit(
            &mut tx,
            crate::domain::webhook::EventType::ReturnRequested,
            id.as_str(),
            now,
        )
        .await?;
        tx.commit().await?;
        self.outbox.wake();
        Ok(Ok(row))
    }

    /// Adds the photo stored at `path` to the return `id`, if it still takes photos
    /// and has fewer than [`MAX_PHOTOS`]: counted under the return's row lock.
    pub async fn add_return_photo(&self, id: &Id, path: &str) -> Result<PhotoAdded, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        let status: Option<String> =
            sqlx::query("UPDATE order_returns SET updated_at = $2 WHERE id = $1 RETURNING status")
                .bind(id)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await?
                .map(|row| row.try_get("status"))
                .transpose()?;
        let Some(status) = status else {
            return Ok(PhotoAdded::NoSuchReturn);
        };
        let status =
            Status::parse(&status).ok_or_else(|| corrupt("order_returns.status", &status))?;
        if !status.takes_photos() {
            return Ok(PhotoAdded::Closed(status));
        }
        let count: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM return_photos WHERE return_id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?
                .try_get("n")?;
        if count >= MAX_PHOTOS as i64 {
            return Ok(PhotoAdded::Full);
        }
        sqlx::query("INSERT INTO return_photos (return_id, position, path) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(count + 1)
            .bind(path)
            .execute(&mut *tx)
            .await?;
        let row = load_return(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(PhotoAdded::Added(Box::new(row)))
    }
}
