//! The shop's settings row (docs/DESIGN.md §10 and §15): read by every page that shows money
//! or the pickup point, written by the console's settings form with its version.
//!
//! Reads come from a copy kept in memory for up to [`FRESH_MS`], so serving a page or
//! placing an order does not ask the database each time; a save on this node is seen
//! at once, a save on another node within about that.

use std::sync::{Mutex, PoisonError};

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{Db, Dialect};
use crate::domain::currency::Currency;
use crate::domain::shop::{Pickup, ShopSettings};
use crate::domain::time::Clock;

/// How long a copy of the settings may be used without reading them again.
pub const FRESH_MS: i64 = 1_000;

const COLUMNS: &str = "currency, pickup_name, pickup_address, pickup_opening_hours, \
     pickup_instructions, version";

/// What a save changes: a field left `None` keeps its value; `Some(None)` clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub currency: Option<Option<Currency>>,
    pub pickup: Option<Option<Pickup>>,
}

/// A save that was not made: the form was loaded at an older version. The settings as
/// they now are; nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleSettings(pub Box<ShopSettings>);

#[derive(Debug)]
pub struct Settings {
    db: Db,
    clock: Clock,
    kept: Mutex<Option<(ShopSettings, i64)>>,
}

impl Settings {
    pub fn new(db: Db, clock: Clock) -> Self {
        Settings {
            db,
            clock,
            kept: Mutex::new(None),
        }
    }

    /// The settings, from the copy in memory while it is fresh.
    pub async fn get(&self) -> Result<ShopSettings, sqlx::Error> {
        let now = self.clock.now_ms();
        if let Some((settings, at)) = self.kept().as_ref() {
            if now - at < FRESH_MS && now >= *at {
                return Ok(settings.clone());
            }
        }
        let settings = self.read().await?;
        self.keep(&settings, now);
        Ok(settings)
    }

    /// The settings as the database has them now (what the console's form loads).
    pub async fn read(&self) -> Result<ShopSettings, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM shop_settings WHERE id = 1"))
            .fetch_optional(&mut *conn)
            .await?;
        row.as_ref()
            .map(settings_of)
            .transpose()
            .map(Option::unwrap_or_default)
    }

    /// Saves `change`. With `version`, the one the form was loaded at, settings saved
    /// since are refused. The activity log names what changed.
    pub async fn update(
        &self,
        change: &SettingsChange,
        version: Option<i64>,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ShopSettings, StaleSettings>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let before = settings_in(&mut tx, self.db.dialect).await?;
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(StaleSettings(Box::new(before))));
        }
        let after = ShopSettings {
            currency: change.currency.unwrap_or(before.currency),
            pickup: change.pickup.clone().unwrap_or(before.pickup.clone()),
            version: before.version,
        };
        let changes = Changes::between(Some(&before), &after, logged_fields);
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        let pickup = after.pickup.clone().unwrap_or_default();
        let set = after.pickup.is_some();
        let text = |value: &str| set.then(|| value.to_string());
        sqlx::query(
            "UPDATE shop_settings SET currency = $1, pickup_name = $2, pickup_address = $3, \
             pickup_opening_hours = $4, pickup_instructions = $5, version = version + 1, \
             updated_at = $6 WHERE id = 1",
        )
        .bind(after.currency.map(Currency::code))
        .bind(text(&pickup.name))
        .bind(text(&pickup.address))
        .bind(text(&pickup.opening_hours))
        .bind(text(&pickup.instructions))
        .bind(self.clock.now_ms())
        .execute(&mut *tx)
        .await?;
        let entry = Entry {
            actor,
            object_type: "settings",
            object_id: "shop",
            object_name: "Shop settings",
            action: "updated",
            changes,
        };
        activity.record(&mut tx, entry).await?;
        let saved = settings_in(&mut tx, self.db.dialect).await?;
        tx.commit().await?;
        self.keep(&saved, self.clock.now_ms());
        Ok(Ok(saved))
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Option<(ShopSettings, i64)>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn keep(&self, settings: &ShopSettings, at: i64) {
        *self.kept() = Some((settings.clone(), at));
    }
}

/// The row, read in a write's transaction (SQLite's write lock or PostgreSQL's row lock
/// keeps two saves of one version from both passing).
async fn settings_in(
    tx: &mut Transaction<'static, Any>,
    dialect: Dialect,
) -> Result<ShopSettings, sqlx::Error> {
    let lock = match dialect {
        Dialect::Postgres => " FOR UPDATE",
        Dialect::Sqlite => "",
    };
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM shop_settings WHERE id = 1{lock}"
    ))
    .fetch_optional(&mut **tx)
    .await?;
    match row {
        Some(row) => settings_of(&row),
        None => Ok(ShopSettings::default()),
    }
}

fn settings_of(row: &AnyRow) -> Result<ShopSettings, sqlx::Error> {
    let currency: Option<String> = row.try_get("currency")?;
    let name: Option<String> = row.try_get("pickup_name")?;
    let pickup = match name {
        Some(name) => Some(Pickup {
            name,
            address: row
                .try_get::<Option<String>, _>("pickup_address")?
                .unwrap_or_default(),
            opening_hours: row
                .try_get::<Option<String>, _>("pickup_opening_hours")?
                .unwrap_or_default(),
            instructions: row
                .try_get::<Option<String>, _>("pickup_instructions")?
                .unwrap_or_default(),
        }),
        None => None,
    };
    Ok(ShopSettings {
        currency: currency.as_deref().and_then(Currency::parse),
        pickup,
        version: row.try_get("version")?,
    })
}

/// The fields the activity log shows, in the API's names.
fn logged_fields(settings: &ShopSettings) -> Vec<(&'static str, Value)> {
    let pickup = settings.pickup.as_ref();
    let text = |value: Option<&String>| value.map_or(Value::Null, |v| Value::from(v.as_str()));
    vec![
        (
            "currency",
            settings.currency.map_or(Value::Null, |c| c.code().into()),
        ),
        ("pickup.name", text(pickup.map(|p| &p.name))),
        ("pickup.address", text(pickup.map(|p| &p.address))),
        (
            "pickup.openingHours",
            text(pickup.map(|p| &p.opening_hours)),
        ),
        ("pickup.instructions", text(pickup.map(|p| &p.instructions))),
    ]
}
