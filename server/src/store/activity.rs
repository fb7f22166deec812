//! The administrators' activity log (docs/DESIGN.md §8): every change an administrator
//! makes, written in the same transaction as the change itself, so a change is never
//! without its entry, nor an entry without its change.

use std::collections::BTreeMap;

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::{value_rows, Db};
use crate::domain::id::{new_id, Id};
use crate::domain::staff::StaffRole;
use crate::domain::time::Clock;
use crate::domain::webhook::EventType;

/// Who made a change: the administrator as they were when they made it.
#[derive(Clone, Debug)]
pub struct Actor {
    pub id: Id,
    pub email: String,
    /// Their staff role then; `None` where it was not kept (a refund retried later).
    pub role: Option<StaffRole>,
}

/// The fields a change touched, each with its value before and after. A field whose
/// value stayed the same is left out, so an entry says only what changed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Changes(BTreeMap<String, (Value, Value)>);

impl Changes {
    pub fn new() -> Self {
        Changes::default()
    }

    /// Adds `field` when `before` and `after` differ.
    pub fn field(mut self, field: &str, before: impl Into<Value>, after: impl Into<Value>) -> Self {
        let (before, after) = (before.into(), after.into());
        if before != after {
            self.0.insert(field.to_string(), (before, after));
        }
        self
    }

    /// The fields that differ between `before` and `after`, as `fields` names and
    /// shows them (in the API's names and units). A new object (`before` is `None`)
    /// has every field changed from null.
    pub fn between<T>(
        before: Option<&T>,
        after: &T,
        fields: impl Fn(&T) -> Vec<(&'static str, Value)>,
    ) -> Changes {
        let after = fields(after);
        let before = match before {
            Some(before) => fields(before),
            None => after
                .iter()
                .map(|(field, _)| (*field, Value::Null))
                .collect(),
        };
        before
            .into_iter()
            .zip(after)
            .fold(Changes::new(), |changes, ((field, was), (_, now))| {
                changes.field(field, was, now)
            })
    }

    /// The same fields the other way round: a deletion is a creation reversed.
    pub fn reversed(self) -> Changes {
        Changes(
            self.0
                .into_iter()
                .map(|(field, (before, after))| (field, (after, before)))
                .collect(),
        )
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn fields(&self) -> &BTreeMap<String, (Value, Value)> {
        &self.0
    }

    fn to_json(&self) -> String {
        let object: serde_json::Map<String, Value> = self
            .0
            .iter()
            .map(|(field, (before, after))| {
                (
                    field.clone(),
                    Value::Array(vec![before.clone(), after.clone()]),
                )
            })
            .collect();
        Value::Object(object).to_string()
    }

    fn from_json(text: &str) -> Changes {
        let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) else {
            return Changes::default();
        };
        Changes(
            object
                .into_iter()
                .filter_map(|(field, pair)| match pair {
                    Value::Array(mut pair) if pair.len() == 2 => {
                        let after = pair.pop()?;
                        let before = pair.pop()?;
                        Some((field, (before, after)))
                    }
                    _ => None,
                })
                .collect(),
        )
    }
}

/// One change to record: `action` done to the `object_type` whose id is `object_id`.
#[derive(Clone, Debug)]
pub struct Entry<'a> {
    pub actor: &'a Actor,
    /// product, category, sub_category, banner, order, customer, review, promo_code,
    /// delivery_method, settings, page, search_synonyms, trade_application, customer_group,
    /// return
    pub object_type: &'a str,
    pub object_id: &'a str,
    /// What the object is called now, as the change leaves it (a product's name, a
    /// category's title, a promo code, an order's number, a customer's name): the log
    /// keeps it, so an entry still reads once the object is renamed or gone.
    pub object_name: &'a str,
    /// created, updated, archived, deleted, refunded, …
    pub action: &'a str,
    pub changes: Changes,
}

/// A recorded change, as the Activity page lists it.
#[derive(Clone, Debug)]
pub struct ActivityRow {
    pub id: String,
    pub admin_id: String,
    pub admin_email: String,
    /// Their staff role then; null for entries written before roles were kept.
    pub admin_role: Option<String>,
    pub object_type: String,
    pub object_id: String,
    /// Null for entries written before names were kept whose object has gone.
    pub object_name: Option<String>,
    pub action: String,
    pub changes: Changes,
    pub created_at: i64,
}

/// Which entries to list: all, or only one administrator's, one kind of object's, or
/// one object's.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub admin_id: Option<Id>,
    pub object_type: Option<String>,
    pub object_id: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Activity {
    db: Db,
    clock: Clock,
}

impl Activity {
    pub fn new(db: Db, clock: Clock) -> Self {
        Activity { db, clock }
    }

    /// Writes `entry` inside `tx`, the transaction that makes the change.
    pub async fn record(
        &self,
        tx: &mut Transaction<'static, Any>,
        entry: Entry<'_>,
    ) -> Result<(), sqlx::Error> {
        self.record_all(tx, std::slice::from_ref(&entry)).await
    }

    /// Writes `entries` inside `tx`, a few hundred to a statement: an import of
    /// thousands of products logs them all in a few round trips.
    pub async fn record_all(
        &self,
        tx: &mut Transaction<'static, Any>,
        entries: &[Entry<'_>],
    ) -> Result<(), sqlx::Error> {
        const PER_ROW: usize = 10;
        let now = self.clock.now_ms();
        // Every logged change to a product is told to the shop's other systems
        // (docs/DESIGN.md §13), whichever path made it: the form, a bulk change, an
        // import, archiving, prices, stock.
        let products: Vec<(EventType, &str)> = entries
            .iter()
            .filter(|e| e.object_type == "product" && e.action != "deleted")
            .map(|e| {
                let event = if e.action == "created" {
                    EventType::ProductCreated
                } else {
                    EventType::ProductUpdated
                };
                (event, e.object_id)
            })
            .collect();
        super::webhook_events::emit_all(tx, &products, now).await?;
        for batch in entries.chunks(500) {
            let sql = format!(
                "INSERT INTO admin_activity \
                 (id, admin_id, admin_email, admin_role, object_type, object_id, object_name, action, changes, created_at) \
                 VALUES {}",
                value_rows(batch.len(), PER_ROW)
            );
            let mut query = sqlx::query(&sql);
            for entry in batch {
                query = query
                    .bind(new_id())
                    .bind(entry.actor.id.as_str())
                    .bind(entry.actor.email.as_str())
                    .bind(entry.actor.role.map(StaffRole::as_str))
                    .bind(entry.object_type)
                    .bind(entry.object_id)
                    .bind(entry.object_name)
                    .bind(entry.action)
                    .bind(entry.changes.to_json())
                    .bind(now);
            }
            query.execute(&mut **tx).await?;
        }
        Ok(())
    }

    /// A page of entries, newest first, and how many match in all.
    pub async fn list(
        &self,
        filter: &Filter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ActivityRow>, i64), sqlx::Error> {
        let mut conditions = Vec::new();
        let mut binds: Vec<String> = Vec::new();
        if let Some(admin) = &filter.admin_id {
            binds.push(admin.as_str().to_string());
            conditions.push(format!("admin_id = ${}", binds.len()));
        }
        if let Some(object_type) = &filter.object_type {
            binds.push(object_type.clone());
            conditions.push(format!("object_type = ${}", binds.len()));
        }
        if let Some(object_id) = &filter.object_id {
            binds.push(object_id.clone());
            conditions.push(format!("object_id = ${}", binds.len()));
        }
        let clause = if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        };
        let page_sql = format!(
            "SELECT id, admin_id, admin_email, admin_role, object_type, object_id, object_name, action, changes, created_at \
             FROM admin_activity {clause} ORDER BY created_at DESC, id DESC LIMIT ${} OFFSET ${}",
            binds.len() + 1,
            binds.len() + 2
        );
        let mut page = sqlx::query(&page_sql);
        for bind in &binds {
            page = page.bind(bind);
        }
        let rows = page
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.db.pool)
            .await?;
        let count_sql = format!("SELECT COUNT(*) AS n FROM admin_activity {clause}");
        let mut count = sqlx::query(&count_sql);
        for bind in &binds {
            count = count.bind(bind);
        }
        let total: i64 = count.fetch_one(&self.db.pool).await?.try_get("n")?;
        let rows = rows.iter().map(activity).collect::<Result<_, _>>()?;
        Ok((rows, total))
    }
}

fn activity(row: &AnyRow) -> Result<ActivityRow, sqlx::Error> {
    let changes: String = row.try_get("changes")?;
    Ok(ActivityRow {
        id: row.try_get("id")?,
        admin_id: row.try_get("admin_id")?,
        admin_email: row.try_get("admin_email")?,
        admin_role: row.try_get("admin_role")?,
        object_type: row.try_get("object_type")?,
        object_id: row.try_get("object_id")?,
        object_name: row.try_get("object_name")?,
        action: row.try_get("action")?,
        changes: Changes::from_json(&changes),
        created_at: row.try_get("created_at")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn changes_keep_only_the_fields_that_changed_and_read_back_as_written() {
        let changes = Changes::new()
            .field("price", 12.5, 14.0)
            .field("name", "Tap", "Tap")
            .field("featured", false, true);
        assert_eq!(
            changes.fields().keys().collect::<Vec<_>>(),
            ["featured", "price"]
        );
        assert_eq!(Changes::from_json(&changes.to_json()), changes);
        assert_eq!(
            serde_json::from_str::<Value>(&changes.to_json()).unwrap(),
            json!({"featured": [false, true], "price": [12.5, 14.0]})
        );
        assert!(Changes::new().field("stock", 3, 3).is_empty());
        assert_eq!(Changes::from_json("not json"), Changes::default());
    }
}
