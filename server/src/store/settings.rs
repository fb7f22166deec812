//! The shop's settings row (docs/DESIGN.md §10 and §15): read by every page that shows money
//! or the pickup point, written by the console's settings form with its version.
//!
//! Reads come from a copy kept in memory for up to [`FRESH_MS`], so serving a page or
//! placing an order does not ask the database each time; a save on this node is seen
//! at once, a save on another node within about that.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::activity::{Activity, Actor, Changes, Entry};
use super::{Db, Dialect};
use crate::domain::currency::Currency;
use crate::domain::shop::{Pickup, ShopAddress, ShopIdentity, ShopSettings};
use crate::domain::tax::{rate_percent, TaxRates, TaxSettings};
use crate::domain::time::Clock;

/// How long a copy of the settings may be used without reading them again.
pub const FRESH_MS: i64 = 1_000;

const COLUMNS: &str = "currency, pickup_name, pickup_address, pickup_opening_hours, \
     pickup_instructions, shop_name, street_address, town_city, postcode, address_country, \
     tax_number, country, tax_label, prices_include_tax, rate_standard_bp, rate_reduced_bp, \
     rate_zero_bp, country_rates, return_window_days, version";

/// What a save changes: a field left `None` keeps its value; `Some(None)` clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub currency: Option<Option<Currency>>,
    pub pickup: Option<Option<Pickup>>,
    pub name: Option<String>,
    pub address: Option<ShopAddress>,
    pub tax_number: Option<String>,
    pub country: Option<String>,
    pub tax_label: Option<String>,
    pub prices_include_tax: Option<bool>,
    pub rates: Option<TaxRates>,
    pub country_rates: Option<BTreeMap<String, TaxRates>>,
    pub return_window_days: Option<i64>,
}

impl SettingsChange {
    /// `before` with this change's fields.
    fn apply(&self, before: &ShopSettings) -> ShopSettings {
        let keep = |field: &Option<String>, was: &String| field.clone().unwrap_or(was.clone());
        let identity = &before.identity;
        let tax = &before.tax;
        ShopSettings {
            currency: self.currency.unwrap_or(before.currency),
            pickup: self.pickup.clone().unwrap_or(before.pickup.clone()),
            identity: ShopIdentity {
                name: keep(&self.name, &identity.name),
                address: self.address.clone().unwrap_or(identity.address.clone()),
                tax_number: keep(&self.tax_number, &identity.tax_number),
            },
            tax: TaxSettings {
                country: keep(&self.country, &tax.country),
                label: keep(&self.tax_label, &tax.label),
                prices_include_tax: self.prices_include_tax.unwrap_or(tax.prices_include_tax),
                rates: self.rates.unwrap_or(tax.rates),
                country_rates: self
                    .country_rates
                    .clone()
                    .unwrap_or(tax.country_rates.clone()),
            },
            return_window_days: self.return_window_days.unwrap_or(before.return_window_days),
            version: before.version,
        }
    }
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
        let after = change.apply(&before);
        let changes = Changes::between(Some(&before), &after, logged_fields);
        if changes.is_empty() {
            return Ok(Ok(before));
        }
        let pickup = after.pickup.clone().unwrap_or_default();
        let set = after.pickup.is_some();
        let text = |value: &str| set.then(|| value.to_string());
        let identity = &after.identity;
        let tax = &after.tax;
        sqlx::query(
            "UPDATE shop_settings SET currency = $1, pickup_name = $2, pickup_address = $3, \
             pickup_opening_hours = $4, pickup_instructions = $5, shop_name = $6, \
             street_address = $7, town_city = $8, postcode = $9, address_country = $10, \
             tax_number = $11, country = $12, tax_label = $13, prices_include_tax = $14, \
             rate_standard_bp = $15, rate_reduced_bp = $16, rate_zero_bp = $17, \
             country_rates = $18, return_window_days = $19, version = version + 1, \
             updated_at = $20 WHERE id = 1",
        )
        .bind(after.currency.map(Currency::code))
        .bind(text(&pickup.name))
        .bind(text(&pickup.address))
        .bind(text(&pickup.opening_hours))
        .bind(text(&pickup.instructions))
        .bind(&identity.name)
        .bind(&identity.address.street_address)
        .bind(&identity.address.town_city)
        .bind(&identity.address.postcode)
        .bind(&identity.address.country)
        .bind(&identity.tax_number)
        .bind(&tax.country)
        .bind(&tax.label)
        .bind(i64::from(tax.prices_include_tax))
        .bind(tax.rates.standard)
        .bind(tax.rates.reduced)
        .bind(tax.rates.zero)
        .bind(country_rates_json(&tax.country_rates).to_string())
        .bind(after.return_window_days)
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
    let text = |column: &str| row.try_get::<String, _>(column);
    let country_rates: String = row.try_get("country_rates")?;
    Ok(ShopSettings {
        currency: currency.as_deref().and_then(Currency::parse),
        pickup,
        identity: ShopIdentity {
            name: text("shop_name")?,
            address: ShopAddress {
                street_address: text("street_address")?,
                town_city: text("town_city")?,
                postcode: text("postcode")?,
                country: text("address_country")?,
            },
            tax_number: text("tax_number")?,
        },
        tax: TaxSettings {
            country: text("country")?,
            label: text("tax_label")?,
            prices_include_tax: row.try_get::<i64, _>("prices_include_tax")? != 0,
            rates: TaxRates {
                standard: row.try_get("rate_standard_bp")?,
                reduced: row.try_get("rate_reduced_bp")?,
                zero: row.try_get("rate_zero_bp")?,
            },
            country_rates: country_rates_of(&country_rates),
        },
        return_window_days: row.try_get("return_window_days")?,
        version: row.try_get("version")?,
    })
}

/// Other countries' rates as the row keeps them: `{"DE": {"standard": 1900, …}}`.
fn country_rates_json(rates: &BTreeMap<String, TaxRates>) -> Value {
    rates
        .iter()
        .map(|(code, r)| {
            let rates =
                serde_json::json!({"standard": r.standard, "reduced": r.reduced, "zero": r.zero});
            (code.clone(), rates)
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// The row's other countries' rates; a malformed entry (never written) is left out.
fn country_rates_of(text: &str) -> BTreeMap<String, TaxRates> {
    let parsed: BTreeMap<String, BTreeMap<String, i64>> =
        serde_json::from_str(text).unwrap_or_default();
    parsed
        .into_iter()
        .filter_map(|(code, rates)| {
            let rate = |class: &str| rates.get(class).copied();
            Some((
                code,
                TaxRates {
                    standard: rate("standard")?,
                    reduced: rate("reduced")?,
                    zero: rate("zero")?,
                },
            ))
        })
        .collect()
}

/// The fields the activity log shows, in the API's names.
fn logged_fields(settings: &ShopSettings) -> Vec<(&'static str, Value)> {
    let pickup = settings.pickup.as_ref();
    let address = &settings.identity.address;
    let tax = &settings.tax;
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
        ("name", settings.identity.name.as_str().into()),
        (
            "address.streetAddress",
            address.street_address.as_str().into(),
        ),
        ("address.townCity", address.town_city.as_str().into()),
        ("address.postcode", address.postcode.as_str().into()),
        ("address.country", address.country.as_str().into()),
        ("taxNumber", settings.identity.tax_number.as_str().into()),
        ("country", tax.country.as_str().into()),
        ("taxLabel", tax.label.as_str().into()),
        ("pricesIncludeTax", tax.prices_include_tax.into()),
        ("rates.standard", rate_percent(tax.rates.standard).into()),
        ("rates.reduced", rate_percent(tax.rates.reduced).into()),
        ("rates.zero", rate_percent(tax.rates.zero).into()),
        ("countryRates", country_rates_json(&tax.country_rates)),
        ("returnWindowDays", settings.return_window_days.into()),
    ]
}
