//! Delivery methods' SQL (docs/DESIGN.md §10): the console's list and edits, and the
//! methods a quote or an order reads inside its own transaction. Every write takes one
//! lock first, so moving the default and the limit on how many methods there are hold
//! however many saves race.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{lock_subject, Db};
use crate::domain::delivery::{Band, DeliveryMethod, MethodRules, MAX_METHODS};
use crate::domain::id::new_id;
use crate::domain::time::Clock;
use crate::domain::Money;

const COLUMNS: &str = "id, name, description, postcode_prefixes, rates, free_over_cents, \
     active, position, is_default, version";

/// Why a console write did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MethodRefusal {
    NotFound,
    /// The shop has as many methods as it may.
    TooMany,
    /// The default cannot stop being it, nor be deleted: another must become it.
    KeepDefault,
    /// The form was loaded at an older version: the method as it now is.
    Stale(Box<DeliveryMethod>),
}

#[derive(Clone, Debug)]
pub struct DeliveryMethods {
    db: Db,
    clock: Clock,
}

/// A weight band as the `rates` column holds it.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredBand {
    up_to_grams: Option<i64>,
    price_cents: i64,
}

impl DeliveryMethods {
    pub fn new(db: Db, clock: Clock) -> Self {
        DeliveryMethods { db, clock }
    }

    /// Every method, in the console's order (at most [`MAX_METHODS`]).
    pub async fn list(&self) -> Result<Vec<DeliveryMethod>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        all_methods(&mut conn).await
    }

    /// A new method; with `make_default` it becomes the default.
    pub async fn create(
        &self,
        rules: &MethodRules,
        make_default: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<DeliveryMethod, MethodRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "delivery-methods", "all").await?;
        let count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM delivery_methods")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if count >= MAX_METHODS {
            return Ok(Err(MethodRefusal::TooMany));
        }
        let id = new_id();
        if make_default {
            move_default(&mut tx, &id, actor, activity).await?;
        }
        let now = self.clock.now_ms();
        written(INSERT, &id, rules, make_default, now)
            .execute(&mut *tx)
            .await?;
        let entry = Entry {
            actor,
            object_type: "delivery_method",
            object_id: &id,
            object_name: &rules.name,
            action: "created",
            changes: changes_between(None, (rules, make_default)),
        };
        activity.record(&mut tx, entry).await?;
        let created = method_in(&mut tx, &id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(Ok(created))
    }

    /// Replaces method `id` whole. With `version`, the one the form was loaded at, a
    /// method changed since is refused. `make_default` moves the default to it; the
    /// default cannot be unmade but by making another one the default.
    pub async fn update(
        &self,
        id: &str,
        version: Option<i64>,
        rules: &MethodRules,
        make_default: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<DeliveryMethod, MethodRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "delivery-methods", "all").await?;
        let Some(before) = method_in(&mut tx, id).await? else {
            return Ok(Err(MethodRefusal::NotFound));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(MethodRefusal::Stale(Box::new(before))));
        }
        if before.is_default && !make_default {
            return Ok(Err(MethodRefusal::KeepDefault));
        }
        let changes = changes_between(
            Some((&before.rules, before.is_default)),
            (rules, make_default),
        );
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        if make_default && !before.is_default {
            move_default(&mut tx, id, actor, activity).await?;
        }
        let update =
            "UPDATE delivery_methods SET name = $2, description = $3, postcode_prefixes = $4, \
             rates = $5, free_over_cents = $6, active = $7, position = $8, is_default = $9, \
             version = version + 1, updated_at = $10 WHERE id = $1";
        written(update, id, rules, make_default, self.clock.now_ms())
            .execute(&mut *tx)
            .await?;
        let entry = Entry {
            actor,
            object_type: "delivery_method",
            object_id: id,
            object_name: &rules.name,
            action: "updated",
            changes,
        };
        activity.record(&mut tx, entry).await?;
        let updated = method_in(&mut tx, id)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
        tx.commit().await?;
        Ok(Ok(updated))
    }

    /// Deletes method `id`, unless it is the default. Orders keep the name they went by.
    pub async fn delete(
        &self,
        id: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(), MethodRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "delivery-methods", "all").await?;
        let Some(before) = method_in(&mut tx, id).await? else {
            return Ok(Err(MethodRefusal::NotFound));
        };
        if before.is_default {
            return Ok(Err(MethodRefusal::KeepDefault));
        }
        sqlx::query("DELETE FROM delivery_methods WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let entry = Entry {
            actor,
            object_type: "delivery_method",
            object_id: id,
            object_name: &before.rules.name,
            action: "deleted",
            changes: Changes::new(),
        };
        activity.record(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Adds each of `methods` (with its stable id) that the shop does not have yet,
    /// keeping the default as it is: the demo's seed. Returns how many it added.
    pub async fn add_missing(&self, methods: &[(String, MethodRules)]) -> Result<u64, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        lock_subject(&mut tx, self.db.dialect, "delivery-methods", "all").await?;
        let now = self.clock.now_ms();
        let sql = format!("{INSERT} ON CONFLICT (id) DO NOTHING");
        let mut count: i64 = sqlx::query("SELECT COUNT(*) AS n FROM delivery_methods")
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        let mut added = 0;
        // As many as the shop's limit leaves room for.
        for (id, rules) in methods {
            if count >= MAX_METHODS {
                break;
            }
            let made = written(&sql, id, rules, false, now)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            count += made as i64;
            added += made;
        }
        tx.commit().await?;
        Ok(added)
    }
}

/// A new method's row, written as `written` binds it.
const INSERT: &str = "INSERT INTO delivery_methods (id, name, description, postcode_prefixes, \
     rates, free_over_cents, active, position, is_default, version, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $10)";

/// `sql` (an insert or an update of one method) with its parameters: $1 the id, $2 to $8
/// the rules' columns in the table's order, $9 whether it is the default, $10 the time.
fn written<'q>(
    sql: &'q str,
    id: &'q str,
    rules: &'q MethodRules,
    is_default: bool,
    now: i64,
) -> Query<'q, Any, AnyArguments<'q>> {
    sqlx::query(sql)
        .bind(id)
        .bind(&rules.name)
        .bind(&rules.description)
        .bind(prefixes_json(&rules.postcode_prefixes))
        .bind(rates_json(&rules.rates))
        .bind(rules.free_over.map(Money::cents))
        .bind(i64::from(rules.active))
        .bind(rules.position)
        .bind(i64::from(is_default))
        .bind(now)
}

/// Every method, in the console's order: what a quote or an order chooses among.
pub async fn all_methods(conn: &mut AnyConnection) -> Result<Vec<DeliveryMethod>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM delivery_methods ORDER BY position, id LIMIT {MAX_METHODS}"
    ))
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(method)
    .collect()
}

async fn method_in(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<DeliveryMethod>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM delivery_methods WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    .as_ref()
    .map(method)
    .transpose()
}

/// The default stops being it, for `next`: the activity log says so under its name.
async fn move_default(
    tx: &mut Transaction<'static, Any>,
    next: &str,
    actor: &Actor,
    activity: &Activity,
) -> Result<(), sqlx::Error> {
    let before: Option<(String, String)> = sqlx::query(
        "UPDATE delivery_methods SET is_default = 0, version = version + 1 \
         WHERE is_default = 1 AND id <> $1 RETURNING id, name",
    )
    .bind(next)
    .fetch_optional(&mut **tx)
    .await?
    .map(|row| Ok::<_, sqlx::Error>((row.try_get("id")?, row.try_get("name")?)))
    .transpose()?;
    if let Some((id, name)) = before {
        let entry = Entry {
            actor,
            object_type: "delivery_method",
            object_id: &id,
            object_name: &name,
            action: "updated",
            changes: Changes::new().field("isDefault", true, false),
        };
        activity.record(tx, entry).await?;
    }
    Ok(())
}

fn method(row: &AnyRow) -> Result<DeliveryMethod, sqlx::Error> {
    let decode = |column: &str, e: serde_json::Error| sqlx::Error::ColumnDecode {
        index: column.into(),
        source: Box::new(e),
    };
    let prefixes: String = row.try_get("postcode_prefixes")?;
    let rates: String = row.try_get("rates")?;
    let bands: Vec<StoredBand> = serde_json::from_str(&rates).map_err(|e| decode("rates", e))?;
    Ok(DeliveryMethod {
        id: row.try_get("id")?,
        rules: MethodRules {
            name: row.try_get("name")?,
            description: row.try_get("description")?,
            postcode_prefixes: serde_json::from_str(&prefixes)
                .map_err(|e| decode("postcode_prefixes", e))?,
            rates: bands
                .into_iter()
                .map(|b| Band {
                    up_to_grams: b.up_to_grams,
                    price: Money::from_cents(b.price_cents),
                })
                .collect(),
            free_over: row
                .try_get::<Option<i64>, _>("free_over_cents")?
                .map(Money::from_cents),
            active: row.try_get::<i64, _>("active")? != 0,
            position: row.try_get("position")?,
        },
        is_default: row.try_get::<i64, _>("is_default")? != 0,
        version: row.try_get("version")?,
    })
}

fn prefixes_json(prefixes: &[String]) -> String {
    serde_json::to_string(prefixes).unwrap_or_else(|_| "[]".into())
}

fn rates_json(rates: &[Band]) -> String {
    let stored: Vec<StoredBand> = rates
        .iter()
        .map(|b| StoredBand {
            up_to_grams: b.up_to_grams,
            price_cents: b.price.cents(),
        })
        .collect();
    serde_json::to_string(&stored).unwrap_or_else(|_| "[]".into())
}

/// The fields an edit changed, in the API's names and units.
fn changes_between(before: Option<(&MethodRules, bool)>, after: (&MethodRules, bool)) -> Changes {
    Changes::between(before.as_ref(), &after, |(rules, is_default)| {
        let bands: Vec<Value> = rules
            .rates
            .iter()
            .map(|b| serde_json::json!({"upToGrams": b.up_to_grams, "price": b.price.as_f64()}))
            .collect();
        vec![
            ("name", rules.name.clone().into()),
            ("description", rules.description.clone().into()),
            ("postcodePrefixes", rules.postcode_prefixes.clone().into()),
            ("rates", bands.into()),
            ("freeOver", rules.free_over.map(Money::as_f64).into()),
            ("active", rules.active.into()),
            ("position", rules.position.into()),
            ("isDefault", (*is_default).into()),
        ]
    })
}
