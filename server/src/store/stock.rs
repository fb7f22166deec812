//! The stock history (docs/DESIGN.md §15): every movement of a product's stock, written in
//! the transaction that moves it, so the history and the stock never disagree. Stock
//! moves only by named paths: orders, cancellations, the staff's changes with a reason,
//! the bulk 'Set stock' action and a CSV import; never by a form saving the number it
//! loaded.

use sqlx::{Any, Row, Transaction};

use super::activity::Actor;
use super::{value_rows, Db};
use crate::domain::product_rules::LOW_STOCK;
use crate::domain::staff::StaffRole;
use crate::domain::webhook::EventType;

/// Why stock moved: an order's path, or a member of staff with their reason.
#[derive(Clone, Copy, Debug)]
pub enum Cause<'a> {
    /// Order `number` took the units.
    Order(&'a str),
    /// Order `number` was cancelled and gave its units back.
    Cancelled(&'a str),
    /// Units of order `number` came back in a return, received by a member of staff.
    Returned { order: &'a str, actor: &'a Actor },
    /// A member of staff moved it, saying why.
    Staff { actor: &'a Actor, reason: &'a str },
    /// The shop itself moved it (a seeder's starting stock), saying why.
    System(&'a str),
}

impl Cause<'_> {
    fn reason(&self) -> &str {
        match self {
            Cause::Order(_) => "Order",
            Cause::Cancelled(_) => "Cancelled",
            Cause::Returned { .. } => "Returned",
            Cause::Staff { reason, .. } | Cause::System(reason) => reason,
        }
    }

    fn order_number(&self) -> Option<&str> {
        match self {
            Cause::Order(number)
            | Cause::Cancelled(number)
            | Cause::Returned { order: number, .. } => Some(number),
            Cause::Staff { .. } | Cause::System(_) => None,
        }
    }

    fn actor(&self) -> Option<&Actor> {
        match self {
            Cause::Staff { actor, .. } | Cause::Returned { actor, .. } => Some(actor),
            Cause::Order(_) | Cause::Cancelled(_) | Cause::System(_) => None,
        }
    }
}

/// One product's stock moved by `change` units, leaving `stock_after`: of its variant
/// `variant_id`, or, when that is not given, of its one variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    pub product_id: String,
    pub variant_id: Option<String>,
    pub change: i64,
    pub stock_after: i64,
}

/// Writes `movements` (a change of 0 is no movement, and is left out) with their
/// `cause`, at `at` (Unix ms), inside `tx`: a few hundred to a statement.
pub async fn record(
    tx: &mut Transaction<'static, Any>,
    movements: &[Movement],
    cause: Cause<'_>,
    at: i64,
) -> Result<(), sqlx::Error> {
    const PER_ROW: usize = 10;
    let moved: Vec<&Movement> = movements.iter().filter(|m| m.change != 0).collect();
    let actor = cause.actor();
    for batch in moved.chunks(500) {
        let sql = format!(
            "INSERT INTO stock_movements (product_id, at, delta, stock_after, reason, \
             actor_id, actor_email, actor_role, order_number, variant_id) SELECT x.column1, \
             x.column2, x.column3, x.column4, x.column5, x.column6, x.column7, x.column8, x.column9, \
             COALESCE(x.column10, (SELECT v.id FROM product_variants v WHERE v.product_id = x.column1 \
             AND v.archived_at IS NULL ORDER BY v.position LIMIT 1)) FROM (VALUES {}) x",
            value_rows(batch.len(), PER_ROW)
        );
        let mut query = sqlx::query(&sql);
        for movement in batch {
            query = query
                .bind(movement.product_id.as_str())
                .bind(at)
                .bind(movement.change)
                .bind(movement.stock_after)
                .bind(cause.reason())
                .bind(actor.map(|a| a.id.as_str()))
                .bind(actor.map(|a| a.email.as_str()))
                .bind(actor.and_then(|actor| actor.role).map(StaffRole::as_str))
                .bind(cause.order_number())
                .bind(movement.variant_id.as_deref());
        }
        query.execute(&mut **tx).await?;
    }
    // What the shop shows moved (`shown.rs`): a member of staff's count at once
    // everywhere on this node; an order's, a cancellation's or a return's on the
    // products' own pages here at once, and on listings within a second.
    match cause {
        Cause::Staff { .. } | Cause::System(_) => super::shown::changed(),
        Cause::Order(_) | Cause::Cancelled(_) | Cause::Returned { .. } => {
            super::shown::stock_moved(moved.iter().map(|m| m.product_id.as_str()));
        }
    }
    // Down past the low-stock line: the shop's other systems hear (docs/DESIGN.md §13).
    for low in moved.iter().filter(|m| {
        m.change < 0 && m.stock_after < LOW_STOCK && m.stock_after - m.change >= LOW_STOCK
    }) {
        super::webhooks::emit(tx, EventType::StockLow, &low.product_id, at).await?;
    }
    // Back from nothing: the variant's back-in-stock alerts are due, whatever moved it.
    let back: Vec<&&Movement> = moved
        .iter()
        .filter(|m| m.change > 0 && m.stock_after == m.change)
        .collect();
    if !back.is_empty() {
        let variants: Vec<&str> = back
            .iter()
            .filter_map(|m| m.variant_id.as_deref())
            .collect();
        let products: Vec<&str> = back
            .iter()
            .filter(|m| m.variant_id.is_none())
            .map(|m| m.product_id.as_str())
            .collect();
        super::alerts::mark_due(tx, &variants, &products, at).await?;
    }
    Ok(())
}

/// Forgets product `id`'s history: it is being deleted.
pub async fn forget(tx: &mut Transaction<'static, Any>, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM stock_movements WHERE product_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Who moved stock by hand, as they were then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffRef {
    pub id: String,
    pub email: String,
    pub role: String,
}

/// One entry of a product's stock history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub at: i64,
    pub change: i64,
    pub stock_after: i64,
    pub reason: String,
    pub actor: Option<StaffRef>,
    pub order_number: Option<String>,
    /// The variant that moved, and its SKU (none once it is deleted).
    pub variant_id: Option<String>,
    pub sku: Option<String>,
}

/// Page `page` (from 1) of product `id`'s history, `per_page` entries, newest first,
/// and how many entries it has in all.
pub async fn history(
    db: &Db,
    id: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<Entry>, i64), sqlx::Error> {
    let total: i64 = sqlx::query("SELECT COUNT(*) AS n FROM stock_movements WHERE product_id = $1")
        .bind(id)
        .fetch_one(&db.pool)
        .await?
        .try_get("n")?;
    let rows = sqlx::query(
        "SELECT m.at, m.delta, m.stock_after, m.reason, m.actor_id, m.actor_email, m.actor_role, \
         m.order_number, m.variant_id, v.sku FROM stock_movements m \
         LEFT JOIN product_variants v ON v.id = m.variant_id \
         WHERE m.product_id = $1 ORDER BY m.seq DESC LIMIT $2 OFFSET $3",
    )
    .bind(id)
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&db.pool)
    .await?;
    let entries = rows
        .iter()
        .map(|row| {
            let actor = match row.try_get::<Option<String>, _>("actor_id")? {
                Some(id) => Some(StaffRef {
                    id,
                    email: row.try_get("actor_email")?,
                    role: row.try_get("actor_role")?,
                }),
                None => None,
            };
            Ok(Entry {
                at: row.try_get("at")?,
                change: row.try_get("delta")?,
                stock_after: row.try_get("stock_after")?,
                reason: row.try_get("reason")?,
                actor,
                order_number: row.try_get("order_number")?,
                variant_id: row.try_get("variant_id")?,
                sku: row.try_get("sku")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok((entries, total))
}
