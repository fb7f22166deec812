//! Customer groups' SQL (docs/DESIGN.md §11): the console's groups with their category
//! discounts, each group's prices per variant, and quantity breaks per variant for
//! everyone or one group. Every group write takes one lock first, so the limit on how
//! many groups there are, and deleting only a group without members, hold under races.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{lock_subject, placeholders, Db};
use crate::domain::id::Id;
use crate::domain::price_resolver::PriceBreak;
use crate::domain::time::Clock;
use crate::domain::trade::{group_name_key, GroupRules, MAX_GROUPS};
use crate::domain::Money;

mod price_list;

pub use price_list::{PriceFileLine, PriceListLine, PriceOutcome};

/// A group as the console shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub id: String,
    pub rules: GroupRules,
    /// Trade accounts in it.
    pub members: i64,
    pub version: i64,
}

/// A group's price for one variant, with the variant's SKU and product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupPrice {
    pub variant_id: String,
    pub sku: String,
    pub product_name: String,
    pub price: Money,
}

/// Why a group write did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupRefusal {
    NotFound,
    TooMany,
    /// Another group has the name.
    NameTaken,
    /// The indexes (in the request's list) of discounts naming no category.
    UnknownCategories(Vec<usize>),
    /// Trade accounts are in it: it cannot be deleted.
    HasMembers(i64),
    /// The form was loaded at an older version: the group as it now is.
    Stale(Box<Group>),
    /// The indexes of prices or breaks naming no variant.
    UnknownVariants(Vec<usize>),
}

/// A category discount as the `category_discounts` column holds it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredDiscount {
    category_id: String,
    percent: i64,
}

const COLUMNS: &str = "g.id, g.name, g.category_discounts, g.cart_discount, g.version, \
     (SELECT COUNT(*) FROM trade_accounts t WHERE t.group_id = g.id) AS members";

#[derive(Clone, Debug)]
pub struct CustomerGroups {
    db: Db,
    clock: Clock,
}

impl CustomerGroups {
    pub fn new(db: Db, clock: Clock) -> Self {
        CustomerGroups { db, clock }
    }

    /// Every group, by name (a shop has at most [`MAX_GROUPS`]).
    pub async fn list(&self) -> Result<Vec<Group>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT {COLUMNS} FROM customer_groups g ORDER BY g.name_key, g.id LIMIT {MAX_GROUPS}"
        ))
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(group)
        .collect()
    }

    /// Group `id`.
    pub async fn get(&self, id: &str) -> Result<Option<Group>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        group_in(&mut conn, id).await
    }

    pub async fn create(
        &self,
        rules: &GroupRules,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Group, GroupRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM customer_groups")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if count >= MAX_GROUPS {
            return Ok(Err(GroupRefusal::TooMany));
        }
        if let Err(refusal) = check_in(&mut tx, None, rules).await? {
            return Ok(Err(refusal));
        }
        let id = Id::generate().into_string();
        let now = self.clock.now_ms();
        sqlx::query(
            "INSERT INTO customer_groups (id, name, name_key, category_discounts, cart_discount, \
             version, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $6)",
        )
        .bind(&id)
        .bind(&rules.name)
        .bind(group_name_key(&rules.name))
        .bind(discounts_json(&rules.category_discounts))
        .bind(i64::from(rules.cart_discount))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let entry = Entry {
            actor,
            object_type: "customer_group",
            object_id: &id,
            object_name: &rules.name,
            action: "created",
            changes: changes_between(None, rules),
        };
        activity.record(&mut tx, entry).await?;
        let created = group_in(&mut tx, &id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(Ok(created))
    }

    /// Replaces group `id`'s fields; with `version`, one changed since is refused.
    pub async fn update(
        &self,
        id: &str,
        version: Option<i64>,
        rules: &GroupRules,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Group, GroupRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let Some(before) = group_in(&mut tx, id).await? else {
            return Ok(Err(GroupRefusal::NotFound));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(GroupRefusal::Stale(Box::new(before))));
        }
        if let Err(refusal) = check_in(&mut tx, Some(id), rules).await? {
            return Ok(Err(refusal));
        }
        let changes = changes_between(Some(&before.rules), rules);
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        sqlx::query(
            "UPDATE customer_groups SET name = $2, name_key = $3, category_discounts = $4, \
             cart_discount = $5, version = version + 1, updated_at = $6 WHERE id = $1",
        )
        .bind(id)
        .bind(&rules.name)
        .bind(group_name_key(&rules.name))
        .bind(discounts_json(&rules.category_discounts))
        .bind(i64::from(rules.cart_discount))
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?;
        let entry = Entry {
            actor,
            object_type: "customer_group",
            object_id: id,
            object_name: &rules.name,
            action: "updated",
            changes,
        };
        activity.record(&mut tx, entry).await?;
        let updated = group_in(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(Ok(updated))
    }

    /// Deletes group `id` with its prices and breaks, unless accounts are in it.
    pub async fn delete(
        &self,
        id: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), GroupRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let Some(before) = group_in(&mut tx, id).await? else {
            return Ok(Err(GroupRefusal::NotFound));
        };
        // Approving into a group takes this lock too (`Trade::approve`): no account
        // joins between this count and the delete.
        if before.members > 0 {
            return Ok(Err(GroupRefusal::HasMembers(before.members)));
        }
        for sql in [
            "DELETE FROM price_breaks WHERE group_id = $1",
            "DELETE FROM group_prices WHERE group_id = $1",
            "DELETE FROM customer_groups WHERE id = $1",
        ] {
            sqlx::query(sql).bind(id).execute(&mut *tx).await?;
        }
        let entry = Entry {
            actor,
            object_type: "customer_group",
            object_id: id,
            object_name: &before.rules.name,
            action: "deleted",
            changes: Changes::new(),
        };
        activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Group `id`'s prices, by SKU, a page of them; and how many there are. With
    /// `search`, only the variants whose SKU starts with it or whose product's name holds
    /// it (case ignored).
    pub async fn prices(
        &self,
        id: &str,
        search: &str,
        limit: i64,
        offset: i64,
    ) -> Result<Option<(Vec<GroupPrice>, i64)>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        if group_in(&mut conn, id).await?.is_none() {
            return Ok(None);
        }
        let from = "FROM group_prices gp JOIN product_variants v ON v.id = gp.variant_id \
             JOIN products p ON p.id = v.product_id WHERE gp.group_id = $1 \
             AND ($2 = '' OR lower(v.sku) LIKE $3 ESCAPE '\\' OR lower(p.name) LIKE $4 ESCAPE '\\')";
        let search = search.to_lowercase();
        let escaped = search
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        let (starts, holds) = (format!("{escaped}%"), format!("%{escaped}%"));
        let rows = sqlx::query(&format!(
            "SELECT gp.variant_id, v.sku, p.name AS product_name, gp.price_cents {from} \
             ORDER BY v.sku, gp.variant_id LIMIT {limit} OFFSET {offset}"
        ))
        .bind(id)
        .bind(&search)
        .bind(&starts)
        .bind(&holds)
        .fetch_all(&mut *conn)
        .await?;
        let total: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n {from}"))
            .bind(id)
            .bind(&search)
            .bind(&starts)
            .bind(&holds)
            .fetch_one(&mut *conn)
            .await?
            .try_get("n")?;
        let prices = rows
            .iter()
            .map(|row| {
                Ok(GroupPrice {
                    variant_id: row.try_get("variant_id")?,
                    sku: row.try_get("sku")?,
                    product_name: row.try_get("product_name")?,
                    price: Money::from_cents(row.try_get("price_cents")?),
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(Some((prices, total)))
    }

    /// Sets group `id`'s price of each variant (`None` removes it), all or none.
    pub async fn set_prices(
        &self,
        id: &str,
        prices: &[(String, Option<Money>)],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), GroupRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let Some(group) = group_in(&mut tx, id).await? else {
            return Ok(Err(GroupRefusal::NotFound));
        };
        let ids: Vec<&str> = prices.iter().map(|(v, _)| v.as_str()).collect();
        let unknown = unknown_variants(&mut tx, &ids).await?;
        if !unknown.is_empty() {
            return Ok(Err(GroupRefusal::UnknownVariants(unknown)));
        }
        let (set, removed) = price_list::write_prices(&mut tx, id, prices).await?;
        let entry = Entry {
            actor,
            object_type: "customer_group",
            object_id: id,
            object_name: &group.rules.name,
            action: "prices_set",
            changes: Changes::new()
                .field("pricesSet", 0, set)
                .field("pricesRemoved", 0, removed),
        };
        activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Variant `variant_id`'s breaks, by audience (everyone first as `None`, then each
    /// group's); `None` when there is no such variant.
    pub async fn breaks(
        &self,
        variant_id: &str,
    ) -> Result<Option<Vec<(Option<String>, Vec<PriceBreak>)>>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let exists = sqlx::query("SELECT id FROM product_variants WHERE id = $1")
            .bind(variant_id)
            .fetch_optional(&mut *conn)
            .await?
            .is_some();
        if !exists {
            return Ok(None);
        }
        Ok(Some(breaks_of(&mut conn, variant_id).await?))
    }

    /// Replaces variant `variant_id`'s breaks for `group_id` (`None`: everyone).
    pub async fn set_breaks(
        &self,
        variant_id: &str,
        group_id: Option<&str>,
        breaks: &[PriceBreak],
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Vec<(Option<String>, Vec<PriceBreak>)>, GroupRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "customer-groups", "all").await?;
        let variant = sqlx::query(
            "SELECT v.sku, v.product_id, p.name FROM product_variants v \
             JOIN products p ON p.id = v.product_id WHERE v.id = $1",
        )
        .bind(variant_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(variant) = variant else {
            return Ok(Err(GroupRefusal::UnknownVariants(vec![0])));
        };
        let sku: String = variant.try_get("sku")?;
        let product_id: String = variant.try_get("product_id")?;
        let product_name: String = variant.try_get("name")?;
        let audience = match group_id {
            Some(group_id) => match group_in(&mut tx, group_id).await? {
                Some(group) => group.rules.name,
                None => return Ok(Err(GroupRefusal::NotFound)),
            },
            None => "everyone".to_string(),
        };
        let stored = group_id.unwrap_or("");
        let before: Vec<(i64, i64)> = sqlx::query(
            "SELECT min_quantity, price_cents FROM price_breaks \
             WHERE variant_id = $1 AND group_id = $2 ORDER BY min_quantity",
        )
        .bind(variant_id)
        .bind(stored)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("min_quantity")?, row.try_get("price_cents")?)))
        .collect::<Result<_, sqlx::Error>>()?;
        sqlx::query("DELETE FROM price_breaks WHERE variant_id = $1 AND group_id = $2")
            .bind(variant_id)
            .bind(stored)
            .execute(&mut *tx)
            .await?;
        for b in breaks {
            sqlx::query(
                "INSERT INTO price_breaks (variant_id, group_id, min_quantity, price_cents) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(variant_id)
            .bind(stored)
            .bind(b.min_quantity)
            .bind(b.price.cents())
            .execute(&mut *tx)
            .await?;
        }
        let shown = |list: &mut dyn Iterator<Item = (i64, f64)>| -> serde_json::Value {
            list.map(|(q, p)| serde_json::json!({"minQuantity": q, "price": p}))
                .collect()
        };
        let entry = Entry {
            actor,
            object_type: "product",
            object_id: &product_id,
            object_name: &product_name,
            action: "updated",
            changes: Changes::new().field(
                &format!("priceBreaks {sku} ({audience})"),
                shown(
                    &mut before
                        .iter()
                        .map(|(q, c)| (*q, Money::from_cents(*c).as_f64())),
                ),
                shown(&mut breaks.iter().map(|b| (b.min_quantity, b.price.as_f64()))),
            ),
        };
        activity.record(&mut tx, entry).await?;
        if group_id.is_none() {
            // Everyone's breaks show on the product's page.
            crate::store::shown::changed();
        }
        let after = breaks_of(&mut tx, variant_id).await?;
        tx.commit().await?;
        Ok(Ok(after))
    }
}

/// Refuses `rules` when another group (than `id`) has its name, or a discount names no
/// category or sub-category.
async fn check_in(
    tx: &mut Transaction<'static, Any>,
    id: Option<&str>,
    rules: &GroupRules,
) -> Result<Result<(), GroupRefusal>, sqlx::Error> {
    let taken = sqlx::query("SELECT id FROM customer_groups WHERE name_key = $1 AND id <> $2")
        .bind(group_name_key(&rules.name))
        .bind(id.unwrap_or(""))
        .fetch_optional(&mut **tx)
        .await?;
    if taken.is_some() {
        return Ok(Err(GroupRefusal::NameTaken));
    }
    if rules.category_discounts.is_empty() {
        return Ok(Ok(()));
    }
    let ids: Vec<&str> = rules
        .category_discounts
        .iter()
        .map(|(c, _)| c.as_str())
        .collect();
    let list = placeholders(ids.len());
    let sql = format!(
        "SELECT id FROM categories WHERE id IN ({list}) \
         UNION SELECT id FROM sub_categories WHERE id IN ({list})"
    );
    let mut query = sqlx::query(&sql);
    for id in &ids {
        query = query.bind(*id);
    }
    let found: Vec<String> = query
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|row| row.try_get("id"))
        .collect::<Result<_, _>>()?;
    let unknown = missing(&ids, &found);
    if unknown.is_empty() {
        Ok(Ok(()))
    } else {
        Ok(Err(GroupRefusal::UnknownCategories(unknown)))
    }
}

/// The indexes of `ids` that name no variant.
async fn unknown_variants(
    tx: &mut Transaction<'static, Any>,
    ids: &[&str],
) -> Result<Vec<usize>, sqlx::Error> {
    let mut found: Vec<String> = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let sql = format!(
            "SELECT id FROM product_variants WHERE id IN ({})",
            placeholders(chunk.len())
        );
        let mut query = sqlx::query(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&mut **tx).await? {
            found.push(row.try_get("id")?);
        }
    }
    Ok(missing(ids, &found))
}

/// The indexes of `ids` that are not among `found`.
fn missing(ids: &[&str], found: &[String]) -> Vec<usize> {
    let found: std::collections::HashSet<&str> = found.iter().map(String::as_str).collect();
    ids.iter()
        .enumerate()
        .filter(|(_, id)| !found.contains(**id))
        .map(|(i, _)| i)
        .collect()
}

async fn group_in(conn: &mut AnyConnection, id: &str) -> Result<Option<Group>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM customer_groups g WHERE g.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    .as_ref()
    .map(group)
    .transpose()
}

async fn breaks_of(
    conn: &mut AnyConnection,
    variant_id: &str,
) -> Result<Vec<(Option<String>, Vec<PriceBreak>)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT group_id, min_quantity, price_cents FROM price_breaks WHERE variant_id = $1 \
         ORDER BY group_id, min_quantity",
    )
    .bind(variant_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut by_audience: BTreeMap<String, Vec<PriceBreak>> = BTreeMap::new();
    for row in rows {
        by_audience
            .entry(row.try_get("group_id")?)
            .or_default()
            .push(PriceBreak {
                min_quantity: row.try_get("min_quantity")?,
                price: Money::from_cents(row.try_get("price_cents")?),
            });
    }
    // '' (everyone) sorts first.
    Ok(by_audience
        .into_iter()
        .map(|(group, breaks)| ((!group.is_empty()).then_some(group), breaks))
        .collect())
}

/// A group row's `category_discounts` column, as (category id, percent).
pub(super) fn category_discounts(row: &AnyRow) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let json: String = row.try_get("category_discounts")?;
    let stored: Vec<StoredDiscount> =
        serde_json::from_str(&json).map_err(|e| sqlx::Error::ColumnDecode {
            index: "category_discounts".into(),
            source: Box::new(e),
        })?;
    Ok(stored
        .into_iter()
        .map(|d| (d.category_id, d.percent))
        .collect())
}

fn group(row: &AnyRow) -> Result<Group, sqlx::Error> {
    Ok(Group {
        id: row.try_get("id")?,
        rules: GroupRules {
            name: row.try_get("name")?,
            category_discounts: category_discounts(row)?,
            cart_discount: row.try_get::<i64, _>("cart_discount")? != 0,
        },
        members: row.try_get("members")?,
        version: row.try_get("version")?,
    })
}

/// `discounts` as the `category_discounts` column holds them.
pub(crate) fn discounts_json(discounts: &[(String, i64)]) -> String {
    let stored: Vec<StoredDiscount> = discounts
        .iter()
        .map(|(category_id, percent)| StoredDiscount {
            category_id: category_id.clone(),
            percent: *percent,
        })
        .collect();
    serde_json::to_string(&stored).unwrap_or_else(|_| "[]".into())
}

/// The fields an edit changed, in the API's names.
fn changes_between(before: Option<&GroupRules>, after: &GroupRules) -> Changes {
    Changes::between(before, after, |rules| {
        let discounts: Vec<serde_json::Value> = rules
            .category_discounts
            .iter()
            .map(|(c, p)| serde_json::json!({"categoryId": c, "percent": p}))
            .collect();
        vec![
            ("name", rules.name.clone().into()),
            ("categoryDiscounts", discounts.into()),
            ("cartDiscount", rules.cart_discount.into()),
        ]
    })
}
