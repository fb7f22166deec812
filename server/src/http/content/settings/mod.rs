//! The shop's settings (docs/DESIGN.md §10 and §15): the console's form (`GET`/`PUT
//! /admin/settings`, with its version; the body and its checks in `request.rs`) and what
//! the storefront reads of them (`GET /shop`: the currency, the pickup point, the shop's
//! name and how it shows tax).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::domain::shop::{Pickup, ShopAddress, ShopSettings};
use crate::domain::tax::{rate_percent, TaxRates};
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::actor_of;
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::settings::StaleSettings;

mod request;

use request::check;
pub use request::{AddressRequest, PickupRequest, RatesRequest, SettingsRequest};

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
    pub name: String,
    /// Where the shop is (ISO 3166-1 alpha-2): the country a delivery defaults to.
    pub country: String,
    /// What the tax is called ('VAT'): the price switch's label.
    pub tax_label: String,
    /// Whether catalogue prices include tax (docs/DESIGN.md §10).
    pub prices_include_tax: bool,
    /// The shop's country's rates, in percent.
    pub rates: RatesView,
}

/// One country's rates, in percent (20, 17.5).
#[derive(Serialize, ToSchema)]
pub struct RatesView {
    pub standard: f64,
    pub reduced: f64,
    pub zero: f64,
}

impl From<TaxRates> for RatesView {
    fn from(rates: TaxRates) -> Self {
        RatesView {
            standard: rate_percent(rates.standard),
            reduced: rate_percent(rates.reduced),
            zero: rate_percent(rates.zero),
        }
    }
}

/// The shop's address on its invoices.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressView {
    pub street_address: String,
    pub town_city: String,
    pub postcode: String,
    pub country: String,
}

impl From<ShopAddress> for AddressView {
    fn from(a: ShopAddress) -> Self {
        AddressView {
            street_address: a.street_address,
            town_city: a.town_city,
            postcode: a.postcode,
            country: a.country,
        }
    }
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
    pub name: String,
    pub address: AddressView,
    /// Empty when the shop has none.
    pub tax_number: String,
    pub country: String,
    pub tax_label: String,
    pub prices_include_tax: bool,
    pub rates: RatesView,
    /// Other countries' rates, by code.
    #[schema(value_type = std::collections::BTreeMap<String, RatesView>)]
    pub country_rates: BTreeMap<String, RatesView>,
    pub return_window_days: i64,
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
                name: s.identity.name,
                address: s.identity.address.into(),
                tax_number: s.identity.tax_number,
                country: s.tax.country,
                tax_label: s.tax.label,
                prices_include_tax: s.tax.prices_include_tax,
                rates: s.tax.rates.into(),
                country_rates: s
                    .tax
                    .country_rates
                    .into_iter()
                    .map(|(code, rates)| (code, rates.into()))
                    .collect(),
                return_window_days: s.return_window_days,
                version: s.version,
            },
        }
    }
}

/// The shop's currency, pickup point, name and tax reading, for every page.
#[utoipa::path(get, path = "/api/shop", tag = "catalogue",
    responses((status = 200, description = "The shop's currency, pickup point, name and tax reading", body = Envelope<ShopData>)))]
pub async fn shop(State(state): State<AppState>) -> Result<Json<Envelope<ShopData>>, AppError> {
    let settings = state.shop_settings.get().await?;
    Ok(ok(
        "Shop",
        ShopData {
            shop: ShopFacts {
                currency: settings.currency.map(|c| c.code().to_string()),
                pickup: settings.pickup.map(PickupPoint::from),
                name: settings.identity.name,
                country: settings.tax.country,
                tax_label: settings.tax.label,
                prices_include_tax: settings.tax.prices_include_tax,
                rates: settings.tax.rates.into(),
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
        (status = 400, description = "Fields that break a rule, named in `errors` (`currency`, `pickup.name`, `pickup.address`, `pickup.openingHours`, `pickup.instructions`, `name`, `address.streetAddress`, `address.townCity`, `address.postcode`, `address.country`, `taxNumber`, `country`, `taxLabel`, `rates.standard`, `rates.reduced`, `rates.zero`, `countryRates`, `countryRates.<code>`, `countryRates.<code>.<class>`, `returnWindowDays`, `version`)", body = ErrorBody),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::currency::Currency;

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
