//! Back-in-stock alerts' SQL (docs/DESIGN.md §12, migration 32). Asking is one write
//! transaction under a lock on the address, so its limit holds however many ask at
//! once. Every stock movement goes through `store::stock::record`, which calls
//! [`mark_due`] in the movement's own transaction when a variant goes from 0 to more:
//! no path that brings stock back can miss its alerts. The alert worker then takes due
//! alerts, and mails each once: the alert is marked mailed in the transaction that
//! queues its letter in the outbox.

use std::collections::BTreeMap;

use sqlx::{Any, Row, Transaction};

use super::{lock_subject, Db, Dialect};
use crate::domain::id::Id;
use crate::domain::time::Clock;
use crate::mail::Letter;
use crate::security::{reset_token, token_digest};
use crate::store::outbox;

/// At most this many pending alerts an address.
pub const MAX_PENDING: i64 = 20;
/// How many due alerts one pass mails.
const BATCH: i64 = 50;

/// What asking for an alert came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    /// A new pending alert.
    Added,
    /// The address already waits for this variant: nothing added.
    Already,
    /// The address has [`MAX_PENDING`] alerts waiting.
    TooMany,
    /// The variant is in stock: nothing to wait for.
    InStock,
    /// No such product in the shop (unknown or archived).
    NoProduct,
    /// No such variant of the product in the shop.
    NoVariant,
    /// The product has several variants and none was named.
    ChooseVariant,
}

/// A due alert, as its letter needs it.
#[derive(Clone, Debug)]
pub struct DueAlert {
    pub email: String,
    pub product_id: String,
    pub product_name: String,
    /// The variant's options as JSON text (`{}` without options).
    pub options: String,
    /// The new unsubscribe token (only its digest is kept).
    pub token: String,
}

#[derive(Clone, Debug)]
pub struct Alerts {
    db: Db,
    clock: Clock,
}

/// Marks due, inside the transaction that moved stock, the pending alerts of these
/// variants (and of these products, for a movement that named no variant: a product
/// with one variant), which have just come back from 0.
pub(crate) async fn mark_due(
    tx: &mut Transaction<'static, Any>,
    variants: &[&str],
    products: &[&str],
    at: i64,
) -> Result<(), sqlx::Error> {
    // A movement that names no variant is its product's first variant in the shop's
    // (store::stock records it so).
    let first_variant = "variant_id = (SELECT v.id FROM product_variants v \
         WHERE v.product_id = stock_alerts.product_id AND v.archived_at IS NULL ORDER BY v.position LIMIT 1) \
         AND product_id";
    for (column, ids) in [("variant_id", variants), (first_variant, products)] {
        for batch in ids.chunks(500) {
            let ids_from_2: Vec<String> = (2..=batch.len() + 1).map(|n| format!("${n}")).collect();
            let sql = format!(
                "UPDATE stock_alerts SET due_at = $1 \
                 WHERE mailed_at IS NULL AND due_at IS NULL AND {column} IN ({})",
                ids_from_2.join(", ")
            );
            let mut query = sqlx::query(&sql).bind(at);
            for id in batch {
                query = query.bind(*id);
            }
            query.execute(&mut **tx).await?;
        }
    }
    Ok(())
}

impl Alerts {
    pub fn new(db: Db, clock: Clock) -> Alerts {
        Alerts { db, clock }
    }

    /// `email` (lower-cased already) asks to hear when the variant `variant` of the
    /// product `product` is back; `variant` may be left out for a product with one.
    pub async fn ask(
        &self,
        product: &Id,
        variant: Option<&str>,
        email: &str,
    ) -> Result<Asked, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "stock-alert", email).await?;
        let in_shop =
            sqlx::query("SELECT 1 AS x FROM products WHERE id = $1 AND archived_at IS NULL")
                .bind(product)
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
        if !in_shop {
            return Ok(Asked::NoProduct);
        }
        // On PostgreSQL the variant's row is held until the alert is written: a restock
        // at the same moment either comes first (this reads the stock it left: in stock)
        // or waits, and then finds the alert to mark due.
        let hold = match self.db.dialect {
            Dialect::Postgres => " FOR SHARE",
            Dialect::Sqlite => "",
        };
        let sql = format!(
            "SELECT id, stock FROM product_variants WHERE product_id = $1 AND archived_at IS NULL \
             AND ($2 = '' OR id = $2) ORDER BY position LIMIT 2{hold}"
        );
        let variants = sqlx::query(&sql)
            .bind(product)
            .bind(variant.unwrap_or(""))
            .fetch_all(&mut *tx)
            .await?;
        let (variant_id, stock): (String, i64) = match (variants.as_slice(), variant) {
            ([one], _) => (one.try_get("id")?, one.try_get("stock")?),
            ([], Some(_)) => return Ok(Asked::NoVariant),
            ([], None) => return Ok(Asked::NoProduct),
            _ => return Ok(Asked::ChooseVariant),
        };
        if stock > 0 {
            return Ok(Asked::InStock);
        }
        let waiting = sqlx::query(
            "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(CASE WHEN variant_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT) AS same \
             FROM stock_alerts WHERE email_address = $1 AND mailed_at IS NULL",
        )
        .bind(email)
        .bind(&variant_id)
        .fetch_one(&mut *tx)
        .await?;
        if waiting.try_get::<i64, _>("same")? > 0 {
            return Ok(Asked::Already);
        }
        if waiting.try_get::<i64, _>("n")? >= MAX_PENDING {
            return Ok(Asked::TooMany);
        }
        // A token no one is given: the mail's link gets one of its own when it is sent.
        let (_, digest) = reset_token();
        sqlx::query(
            "INSERT INTO stock_alerts (id, email_address, product_id, variant_id, token_digest, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(Id::generate())
        .bind(email)
        .bind(product)
        .bind(&variant_id)
        .bind(digest)
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Asked::Added)
    }

    /// Mails a batch of due alerts: each is marked mailed, given a fresh unsubscribe
    /// token and its letter (`write`) queued, all in one transaction. How many. An
    /// alert whose variant or product left the shop waits (its link would lead nowhere).
    pub async fn mail_due(
        &self,
        write: &(dyn Fn(&DueAlert) -> Letter + Send + Sync),
    ) -> Result<usize, sqlx::Error> {
        let now = self.clock.now_ms();
        let skip_locked = match self.db.dialect {
            Dialect::Postgres => " FOR UPDATE SKIP LOCKED",
            Dialect::Sqlite => "",
        };
        let mut tx = self.db.begin_write().await?;
        let sql = format!(
            "UPDATE stock_alerts SET mailed_at = $1 WHERE id IN (SELECT a.id FROM stock_alerts a \
                 WHERE a.mailed_at IS NULL AND a.due_at IS NOT NULL \
                 AND EXISTS (SELECT 1 FROM product_variants v JOIN products p ON p.id = v.product_id \
                     WHERE v.id = a.variant_id AND v.archived_at IS NULL AND p.archived_at IS NULL) \
                 ORDER BY a.due_at, a.id LIMIT $2{skip_locked}) \
             RETURNING id"
        );
        let ids: Vec<String> = sqlx::query(&sql)
            .bind(now)
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| row.try_get("id"))
            .collect::<Result<_, _>>()?;
        for id in &ids {
            let (token, digest) = reset_token();
            let row = sqlx::query(
                "UPDATE stock_alerts SET token_digest = $1 WHERE id = $2 \
                 RETURNING email_address, product_id, variant_id",
            )
            .bind(&digest)
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            let variant_id: String = row.try_get("variant_id")?;
            let named = sqlx::query(
                "SELECT p.name, v.options FROM products p JOIN product_variants v ON v.product_id = p.id \
                 WHERE v.id = $1",
            )
            .bind(&variant_id)
            .fetch_one(&mut *tx)
            .await?;
            let alert = DueAlert {
                email: row.try_get("email_address")?,
                product_id: row.try_get("product_id")?,
                product_name: named.try_get("name")?,
                options: named.try_get("options")?,
                token,
            };
            outbox::enqueue(&mut tx, &alert.email, &write(&alert), now).await?;
        }
        tx.commit().await?;
        Ok(ids.len())
    }

    /// The address the unsubscribe `token` was mailed to stops every alert it has
    /// waiting. `None` for a token no mail carried.
    pub async fn unsubscribe(&self, token: &str) -> Result<Option<u64>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let email: Option<String> = sqlx::query(
            "SELECT email_address FROM stock_alerts WHERE token_digest = $1 AND mailed_at IS NOT NULL",
        )
        .bind(token_digest(token))
        .fetch_optional(&mut *tx)
        .await?
        .map(|row| row.try_get("email_address"))
        .transpose()?;
        let Some(email) = email else {
            return Ok(None);
        };
        let removed =
            sqlx::query("DELETE FROM stock_alerts WHERE email_address = $1 AND mailed_at IS NULL")
                .bind(&email)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        tx.commit().await?;
        Ok(Some(removed))
    }

    /// How many alerts wait for each of the product's variants (variants none waits
    /// for are left out).
    pub async fn waiting(&self, product: &str) -> Result<BTreeMap<String, i64>, sqlx::Error> {
        sqlx::query(
            "SELECT variant_id, COUNT(*) AS n FROM stock_alerts WHERE product_id = $1 AND mailed_at IS NULL \
             GROUP BY variant_id",
        )
        .bind(product)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("variant_id")?, row.try_get("n")?)))
        .collect()
    }
}
