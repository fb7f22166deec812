//! A customer group's price list as a file (docs/DESIGN.md §11): read a page at a time
//! for the export, and imported from lines of SKU and price, checked line by line (a
//! dry run) and written in one transaction or not at all.

use std::collections::HashMap;

use sqlx::{Any, AnyConnection, Row, Transaction};

use super::{group_in, CustomerGroups, GroupRefusal};
use crate::domain::Money;
use crate::store::activity::{Activity, Actor, Changes, Entry};
use crate::store::lock_subject;

/// A line of the exported price list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriceListLine {
    pub variant_id: String,
    pub sku: String,
    pub product_name: String,
    /// The variant's own price in the shop, before a product discount.
    pub shop_price: Money,
    /// The group's price.
    pub price: Money,
}

/// A line of an imported price list whose cells were read: a SKU (any case) and the
/// group's price, `None` to remove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PriceFileLine {
    pub sku: String,
    pub price: Option<Money>,
}

/// What importing a line does, or would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PriceOutcome {
    /// The group's price becomes `to` (`from`: the price it replaces, if any).
    Set {
        from: Option<Money>,
        to: Money,
        shop_price: Money,
    },
    /// The group's price `from` is removed.
    Removed { from: Money },
    /// The group has this price already, or has none to remove.
    Unchanged,
    /// No variant in the shop has the SKU (archived variants and those of archived
    /// products are not in it).
    UnknownSku,
}

impl CustomerGroups {
    /// Group `id`'s prices of variants in the shop, by variant id after `after`, at most
    /// `limit`; `None` when there is no such group.
    pub async fn price_list_after(
        &self,
        id: &str,
        after: &str,
        limit: i64,
    ) -> Result<Option<Vec<PriceListLine>>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        if group_in(&mut conn, id).await?.is_none() {
            return Ok(None);
        }
        let rows = sqlx::query(&format!(
            "SELECT gp.variant_id, v.sku, p.name AS product_name, v.price_cents AS shop_cents, \
             gp.price_cents FROM group_prices gp \
             JOIN product_variants v ON v.id = gp.variant_id \
             JOIN products p ON p.id = v.product_id \
             WHERE gp.group_id = $1 AND gp.variant_id > $2 AND v.archived_at IS NULL \
             AND p.archived_at IS NULL \
             ORDER BY gp.variant_id LIMIT {limit}"
        ))
        .bind(id)
        .bind(after)
        .fetch_all(&mut *conn)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(PriceListLine {
                    variant_id: row.try_get("variant_id")?,
                    sku: row.try_get("sku")?,
                    product_name: row.try_get("product_name")?,
                    shop_price: Money::from_cents(row.try_get("shop_cents")?),
                    price: Money::from_cents(row.try_get("price_cents")?),
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map(Some)
    }

    /// What each of `lines` does to group `id`'s prices; with `apply`, and when no line
    /// names an unknown SKU, writes them all in one transaction (under the groups' lock)
    /// and says so with `true`. The SKUs are each in `lines` once.
    pub async fn import_prices(
        &self,
        id: &str,
        lines: &[PriceFileLine],
        apply: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(Vec<PriceOutcome>, bool), GroupRefusal>, sqlx::Error> {
        // A dry run only reads: it takes neither the writer nor the groups' lock.
        let mut tx = if apply {
            let mut tx = self.db.begin_write().await?;
            lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
            tx
        } else {
            self.db.pool.begin().await?
        };
        let Some(group) = group_in(&mut tx, id).await? else {
            return Ok(Err(GroupRefusal::NotFound));
        };
        let known = variants_by_sku(&mut tx, id, lines).await?;
        let outcomes: Vec<PriceOutcome> = lines
            .iter()
            .map(|line| match known.get(&line.sku.to_lowercase()) {
                None => PriceOutcome::UnknownSku,
                Some(found) => match (found.group_price, line.price) {
                    (from, Some(to)) if from != Some(to) => PriceOutcome::Set {
                        from,
                        to,
                        shop_price: found.shop_price,
                    },
                    (Some(from), None) => PriceOutcome::Removed { from },
                    _ => PriceOutcome::Unchanged,
                },
            })
            .collect();
        if !apply || outcomes.contains(&PriceOutcome::UnknownSku) {
            tx.rollback().await?;
            return Ok(Ok((outcomes, false)));
        }
        let writes: Vec<(String, Option<Money>)> = lines
            .iter()
            .zip(&outcomes)
            .filter(|(_, outcome)| **outcome != PriceOutcome::Unchanged)
            .map(|(line, _)| (known[&line.sku.to_lowercase()].id.clone(), line.price))
            .collect();
        if writes.is_empty() {
            // Every line as the group has it: nothing to write or to log.
            tx.rollback().await?;
            return Ok(Ok((outcomes, true)));
        }
        let (set, removed) = write_prices(&mut tx, id, &writes).await?;
        let entry = Entry {
            actor,
            object_type: "customer_group",
            object_id: id,
            object_name: &group.rules.name,
            action: "prices_imported",
            changes: Changes::new()
                .field("pricesSet", 0, set)
                .field("pricesRemoved", 0, removed),
        };
        activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok((outcomes, true)))
    }
}

/// A variant a line of the file names.
struct Known {
    id: String,
    shop_price: Money,
    /// The group's price of it now.
    group_price: Option<Money>,
}

/// The variants in the shop that `lines` name, by lower-case SKU, with group `id`'s
/// price of each.
async fn variants_by_sku(
    conn: &mut AnyConnection,
    id: &str,
    lines: &[PriceFileLine],
) -> Result<HashMap<String, Known>, sqlx::Error> {
    let mut known = HashMap::with_capacity(lines.len());
    for chunk in lines.chunks(500) {
        let sql = format!(
            "SELECT v.id, lower(v.sku) AS sku_key, v.price_cents, gp.price_cents AS group_cents \
             FROM product_variants v JOIN products p ON p.id = v.product_id \
             LEFT JOIN group_prices gp ON gp.variant_id = v.id AND gp.group_id = $1 \
             WHERE lower(v.sku) IN ({}) AND v.archived_at IS NULL AND p.archived_at IS NULL",
            placeholders_from(2, chunk.len())
        );
        let mut query = sqlx::query(&sql).bind(id);
        for line in chunk {
            query = query.bind(line.sku.to_lowercase());
        }
        for row in query.fetch_all(&mut *conn).await? {
            let group_cents: Option<i64> = row.try_get("group_cents")?;
            known.insert(
                row.try_get("sku_key")?,
                Known {
                    id: row.try_get("id")?,
                    shop_price: Money::from_cents(row.try_get("price_cents")?),
                    group_price: group_cents.map(Money::from_cents),
                },
            );
        }
    }
    Ok(known)
}

/// `$from, $from+1, …`, `count` of them.
fn placeholders_from(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Sets group `id`'s price of each variant (`None` removes it): how many were set and
/// how many removed.
pub(super) async fn write_prices(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    prices: &[(String, Option<Money>)],
) -> Result<(u64, u64), sqlx::Error> {
    let (mut set, mut removed) = (0, 0);
    for (variant_id, price) in prices {
        match price {
            Some(price) => {
                sqlx::query(
                    "INSERT INTO group_prices (group_id, variant_id, price_cents) \
                     VALUES ($1, $2, $3) ON CONFLICT (group_id, variant_id) \
                     DO UPDATE SET price_cents = excluded.price_cents",
                )
                .bind(id)
                .bind(variant_id)
                .bind(price.cents())
                .execute(&mut **tx)
                .await?;
                set += 1;
            }
            None => {
                removed +=
                    sqlx::query("DELETE FROM group_prices WHERE group_id = $1 AND variant_id = $2")
                        .bind(id)
                        .bind(variant_id)
                        .execute(&mut **tx)
                        .await?
                        .rows_affected();
            }
        }
    }
    Ok((set, removed))
}
