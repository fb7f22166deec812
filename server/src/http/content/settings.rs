//! The shop's settings (docs/DESIGN.md §10 and §15): the console's form (`GET`/`PUT
//! /admin/settings`, with its version) and what the storefront reads of them (`GET
//! /shop`: the currency and the pickup point).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::currency::{Currency, CURRENCY_RULE};
use crate::domain::shop::{check_pickup, Pickup, ShopSettings};
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::actor_of;
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::settings::{SettingsChange, StaleSettings};

#[derive(OpenApi)]
#[openapi(paths(shop, settings, save_settings))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/shop", get(shop))
        .route("/admin/settings", get(settings).put(save_settings))
}

/// The codes `currency` takes: those the formatter knows (`domain::currency`), any case.
pub const CURRENCY_PATTERN: &str = "^[ \\t\\n\\r]*(?:[Gg][Bb][Pp]|[Ee][Uu][Rr]|[Uu][Ss][Dd]|\
    [Ii][Nn][Rr]|[Aa][Uu][Dd]|[Cc][Aa][Dd]|[Nn][Zz][Dd]|[Hh][Kk][Dd]|[Mm][Xx][Nn]|[Bb][Rr][Ll]|\
    [Cc][Hh][Ff]|[Ss][Ee][Kk]|[Nn][Oo][Kk]|[Dd][Kk][Kk]|[Pp][Ll][Nn]|[Cc][Zz][Kk]|[Zz][Aa][Rr]|\
    [Ss][Gg][Dd]|[Aa][Ee][Dd])[ \\t\\n\\r]*$";

/// Where and when pickup orders are collected; text with its line breaks.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupPoint {
    pub name: String,
    pub address: String,
    /// Empty when not given.
    pub opening_hours: String,
    /// Empty when not given.
    pub instructions: String,
}

impl From<Pickup> for PickupPoint {
    fn from(p: Pickup) -> Self {
        PickupPoint {
            name: p.name,
            address: p.address,
            opening_hours: p.opening_hours,
            instructions: p.instructions,
        }
    }
}

/// What the storefront shows of the settings.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopFacts {
    /// The ISO 4217 code every amount is shown in, or null: the spec's two readings
    /// (dollars on product pages and cards, the rupee in the cart and orders).
    pub currency: Option<String>,
    /// Where pickup orders are collected, or null when the shop has not said.
    pub pickup: Option<PickupPoint>,
}

#[derive(Serialize, ToSchema)]
pub struct ShopData {
    pub shop: ShopFacts,
}

/// The settings as the console's form edits them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    pub currency: Option<String>,
    pub pickup: Option<PickupPoint>,
    /// Bumped by each save: a `PUT` sends the one it loaded (docs/DESIGN.md §15).
    pub version: i64,
}

#[derive(Serialize, ToSchema)]
pub struct SettingsData {
    pub settings: SettingsView,
}

impl From<ShopSettings> for SettingsData {
    fn from(s: ShopSettings) -> Self {
        SettingsData {
            settings: SettingsView {
                currency: s.currency.map(|c| c.code().to_string()),
                pickup: s.pickup.map(PickupPoint::from),
                version: s.version,
            },
        }
    }
}

/// The pickup block as the form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupRequest {
    /// 1 to 120 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// 1 to 1,000 characters once trimmed; line breaks kept.
    #[serde(default)]
    #[schema(required = true)]
    pub address: String,
    /// At most 1,000 characters; line breaks kept.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub opening_hours: String,
    /// At most 1,000 characters; line breaks kept.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub instructions: String,
}

/// A save: only the fields sent change; `null` clears one.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsRequest {
    /// An ISO 4217 code the shop can show (GBP, EUR, USD, INR, AUD, CAD, NZD, HKD, MXN,
    /// BRL, CHF, SEK, NOK, DKK, PLN, CZK, ZAR, SGD, AED), or null for the spec's two
    /// readings. Amounts are never converted.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<String>)]
    pub currency: Option<Option<String>>,
    /// The pickup point, replaced whole, or null for none.
    #[serde(default, deserialize_with = "sent")]
    #[schema(value_type = Option<PickupRequest>)]
    pub pickup: Option<Option<PickupRequest>>,
    /// The settings' `version` when the form was loaded; settings saved since are
    /// refused with 409 and the settings as they now are. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A field that is in the body, null or not (`None` when it is left out).
fn sent<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The shop's currency and pickup point, for every page.
#[utoipa::path(get, path = "/api/shop", tag = "catalogue",
    responses((status = 200, description = "The shop's currency and pickup point", body = Envelope<ShopData>)))]
pub async fn shop(State(state): State<AppState>) -> Result<Json<Envelope<ShopData>>, AppError> {
    let settings = state.shop_settings.get().await?;
    Ok(ok(
        "Shop",
        ShopData {
            shop: ShopFacts {
                currency: settings.currency.map(|c| c.code().to_string()),
                pickup: settings.pickup.map(PickupPoint::from),
            },
        },
    ))
}

/// The settings as the console's form loads them.
#[utoipa::path(get, path = "/api/admin/settings", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "'Settings'", body = Envelope<SettingsData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn settings(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<SettingsData>>, AppError> {
    let settings = state.shop_settings.read().await?;
    Ok(ok("Settings", settings.into()))
}

/// Changes the fields sent; a refused save changes nothing.
#[utoipa::path(put, path = "/api/admin/settings", tag = "admin", request_body = SettingsRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Settings saved'", body = Envelope<SettingsData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (`currency`, `pickup.name`, `pickup.address`, `pickup.openingHours`, `pickup.instructions`, `version`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest': `version` is not the settings', `data` holds `{settings}` as they now are, and nothing was written", body = ErrorBody),
    ))]
pub async fn save_settings(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<SettingsRequest>,
) -> Result<Json<Envelope<SettingsData>>, AppError> {
    check_version(body.version)?;
    let change = check(&body)?;
    let saved = state
        .shop_settings
        .update(&change, body.version, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|StaleSettings(now)| AppError::stale(SettingsData::from(*now)))?;
    Ok(ok("Settings saved", saved.into()))
}

/// The save's fields, checked: every refusal at once.
fn check(body: &SettingsRequest) -> Result<SettingsChange, AppError> {
    let mut errors = BTreeMap::new();
    let currency = match &body.currency {
        None => None,
        Some(None) => Some(None),
        Some(Some(code)) => match Currency::parse(code) {
            Some(currency) => Some(Some(currency)),
            None => {
                errors.insert("currency".to_string(), CURRENCY_RULE.to_string());
                None
            }
        },
    };
    let pickup = match &body.pickup {
        None => None,
        Some(None) => Some(None),
        Some(Some(p)) => {
            match check_pickup(&p.name, &p.address, &p.opening_hours, &p.instructions) {
                Ok(pickup) => Some(Some(pickup)),
                Err(refusals) => {
                    errors.extend(refusals);
                    None
                }
            }
        }
    };
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    Ok(SettingsChange { currency, pickup })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The OpenAPI document's pattern names exactly the codes the formatter knows.
    #[test]
    fn the_currency_pattern_is_the_formatters_list() {
        let pattern = regex::Regex::new(CURRENCY_PATTERN).unwrap();
        for code in Currency::codes() {
            assert!(pattern.is_match(code), "{code}");
            assert!(pattern.is_match(&code.to_lowercase()), "{code}");
        }
        for refused in ["JPY", "XYZ", "", "GBPX", "GB"] {
            assert!(!pattern.is_match(refused), "{refused}");
        }
    }
}
