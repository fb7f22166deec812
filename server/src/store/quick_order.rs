//! Quick order's and buy again's SQL (docs/DESIGN.md §11): lines of SKUs put in a
//! customer's cart in one transaction under the lock every change to their lists takes,
//! each with its own answer; with an idempotency key, the answer is kept with the key so
//! the same request answers it again and adds nothing.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sqlx::{Any, Row, Transaction};

use super::catalogue::variants::{variants_of, VariantRow};
use super::catalogue::{products_with_ids, ProductRow};
use super::{lock_subject, placeholders, Db};
use crate::domain::cart::List;
use crate::domain::id::Id;
use crate::domain::quick_order::{decide, Asked, Status};
use crate::domain::time::Clock;
use crate::store::prices::{priced_line, pricing_for};

/// One line's answer, as the call sends it and as a key keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineAnswer {
    pub sku: String,
    /// `added`, `short`, `unknown` or `invalid`.
    pub status: String,
    /// Units added.
    pub quantity: i64,
    pub message: Option<String>,
    pub variant_id: Option<String>,
    /// Buy again: (the unit price ordered at, today's) in cents, when they differ; kept
    /// with a key so a repeated request words it again.
    #[serde(default)]
    pub price_change: Option<(i64, i64)>,
}

/// Why a keyed request was not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyReused;

#[derive(Clone, Debug)]
pub struct QuickOrders {
    db: Db,
    clock: Clock,
}

impl QuickOrders {
    pub fn new(db: Db, clock: Clock) -> Self {
        QuickOrders { db, clock }
    }

    /// Puts `asked` in `user`'s cart. With `key` (the `Idempotency-Key` and a digest of
    /// the request), a key seen before answers its first answer again when the request
    /// is the same, and is refused when it is not.
    pub async fn add(
        &self,
        user: &Id,
        asked: &[Asked],
        key: Option<(&str, &str)>,
    ) -> Result<Result<Vec<LineAnswer>, KeyReused>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        // The lock of every change to the customer's lists (store::items).
        lock_subject(&mut tx, self.db.dialect, "items", user.as_str()).await?;
        if let Some((key, digest)) = key {
            let earlier = sqlx::query(
                "SELECT request_digest, answer FROM quick_order_requests \
                 WHERE user_id = $1 AND idempotency_key = $2",
            )
            .bind(user)
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = earlier {
                let kept: String = row.try_get("request_digest")?;
                if kept != digest {
                    return Ok(Err(KeyReused));
                }
                let answer: String = row.try_get("answer")?;
                return serde_json::from_str(&answer)
                    .map(Ok)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)));
            }
        }
        let answers = self.add_in(&mut tx, user, asked).await?;
        if let Some((key, digest)) = key {
            let answer =
                serde_json::to_string(&answers).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
            sqlx::query(
                "INSERT INTO quick_order_requests (user_id, idempotency_key, request_digest, \
                 answer, created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(user)
            .bind(key)
            .bind(digest)
            .bind(answer)
            .bind(self.clock.now_ms())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(answers))
    }

    async fn add_in(
        &self,
        tx: &mut Transaction<'static, Any>,
        user: &Id,
        asked: &[Asked],
    ) -> Result<Vec<LineAnswer>, sqlx::Error> {
        let found = by_sku(tx, self.db.dialect, asked).await?;
        let held_rows = sqlx::query(
            "SELECT id, variant_id, quantity FROM user_items WHERE user_id = $1 AND list = $2",
        )
        .bind(user)
        .bind(List::Cart.as_str())
        .fetch_all(&mut **tx)
        .await?;
        let mut held: HashMap<String, (Id, i64)> = HashMap::new();
        for row in held_rows {
            held.insert(
                row.try_get("variant_id")?,
                (row.try_get("id")?, row.try_get("quantity")?),
            );
        }
        let now = self.clock.now_ms();
        let ids: Vec<&str> = found.values().map(|(_, v)| v.id.as_str()).collect();
        let pricing = pricing_for(tx, Some(user), &ids).await?;
        let mut answers = Vec::with_capacity(asked.len());
        for line in asked {
            let Some((product, variant)) = found.get(&line.sku.to_lowercase()) else {
                answers.push(LineAnswer {
                    sku: line.sku.clone(),
                    status: Status::Unknown.as_str().into(),
                    quantity: 0,
                    message: Some("No product has this SKU".into()),
                    variant_id: None,
                    price_change: None,
                });
                continue;
            };
            let entry = held.get(&variant.id).cloned();
            let decision = decide(
                &product.sale,
                line.quantity,
                entry.as_ref().map(|(_, q)| *q),
                held.len(),
                variant.stock,
            );
            if let Some(hold) = decision.hold {
                match &entry {
                    Some((id, _)) => {
                        sqlx::query("UPDATE user_items SET quantity = $2 WHERE id = $1")
                            .bind(id)
                            .bind(hold)
                            .execute(&mut **tx)
                            .await?;
                        held.insert(variant.id.clone(), (id.clone(), hold));
                    }
                    None => {
                        let id = Id::generate();
                        sqlx::query(
                            "INSERT INTO user_items (id, user_id, list, product_id, variant_id, \
                             quantity, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        )
                        .bind(&id)
                        .bind(user)
                        .bind(List::Cart.as_str())
                        .bind(&product.id)
                        .bind(&variant.id)
                        .bind(hold)
                        .bind(now)
                        .execute(&mut **tx)
                        .await?;
                        held.insert(variant.id.clone(), (id, hold));
                    }
                }
            }
            let today = line.was.map(|was| {
                let quantity = line.quantity.unwrap_or(1).max(1);
                (
                    was,
                    priced_line(&pricing, product, variant, quantity, now).unit_price,
                )
            });
            answers.push(LineAnswer {
                sku: variant.sku.clone(),
                status: decision.status.as_str().into(),
                quantity: decision.quantity,
                message: decision.message,
                variant_id: Some(variant.id.clone()),
                price_change: today
                    .filter(|(was, now)| was != now)
                    .map(|(was, now)| (was.cents(), now.cents())),
            });
        }
        Ok(answers)
    }
}

/// The product and variant in the shop of each SKU asked, by SKU in lower case.
async fn by_sku(
    tx: &mut Transaction<'static, Any>,
    dialect: super::Dialect,
    asked: &[Asked],
) -> Result<HashMap<String, (ProductRow, VariantRow)>, sqlx::Error> {
    let mut found = HashMap::new();
    if asked.is_empty() {
        return Ok(found);
    }
    let keys: Vec<String> = asked.iter().map(|a| a.sku.to_lowercase()).collect();
    let sql = format!(
        "SELECT product_id FROM product_variants WHERE lower(sku) IN ({}) AND archived_at IS NULL",
        placeholders(keys.len())
    );
    let mut query = sqlx::query(&sql);
    for key in &keys {
        query = query.bind(key);
    }
    let mut product_ids: Vec<Id> = Vec::new();
    for row in query.fetch_all(&mut **tx).await? {
        product_ids.push(row.try_get("product_id")?);
    }
    product_ids.sort();
    product_ids.dedup();
    // Products in the shop only: an archived product's SKUs are unknown.
    let products = products_with_ids(&mut **tx, dialect, &product_ids).await?;
    let ids: Vec<&str> = products.iter().map(|p| p.id.as_str()).collect();
    let mut variants = variants_of(&mut **tx, &ids, false).await?;
    for product in &products {
        for variant in variants.remove(product.id.as_str()).unwrap_or_default() {
            let key = variant.sku.to_lowercase();
            if keys.contains(&key) {
                found.insert(key, (product.clone(), variant));
            }
        }
    }
    Ok(found)
}
