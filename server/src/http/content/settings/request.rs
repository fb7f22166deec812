//! The settings form's body and its checks: every refusal at once, keyed by the field's
//! name in the API, nothing kept of a body with one.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};
use utoipa::ToSchema;

use crate::domain::currency::{Currency, CURRENCY_RULE};
use crate::domain::shop::{
    check_address, check_country, check_pickup, check_return_window, check_text, Refusals,
    ShopAddress, MAX_ADDRESS_LINE, MAX_SHOP_NAME, MAX_TAX_LABEL,
};
use crate::domain::tax::{rate_bp, TaxClass, TaxRates, MAX_COUNTRY_RATES, RATE_RULE};
use crate::http::error::AppError;
use crate::store::settings::SettingsChange;

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
    /// The shop's name on invoices and mails: 1 to 120 characters.
    pub name: Option<String>,
    /// The shop's address on invoices, replaced whole.
    pub address: Option<AddressRequest>,
    /// The tax registration number invoices print; at most 200 characters, empty for none.
    pub tax_number: Option<String>,
    /// Where the shop is (ISO 3166-1 alpha-2, any case): its rates are `rates`.
    pub country: Option<String>,
    /// What the tax is called ('VAT', 'GST'): 1 to 20 characters.
    pub tax_label: Option<String>,
    /// True: catalogue prices and the delivery fee include tax; false: they are net.
    pub prices_include_tax: Option<bool>,
    /// The rates in the shop's country, in percent, replaced whole.
    pub rates: Option<RatesRequest>,
    /// Other countries' rates by code (at most 60), replaced whole; `{}` for none.
    #[schema(value_type = Option<std::collections::BTreeMap<String, RatesRequest>>)]
    pub country_rates: Option<BTreeMap<String, RatesRequest>>,
    /// Days after completion within which goods may be returned, 0 to 365; 0: no returns.
    #[schema(minimum = 0, maximum = 365)]
    pub return_window_days: Option<i64>,
    /// The settings' `version` when the form was loaded; settings saved since are
    /// refused with 409 and the settings as they now are. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A field that is in the body, null or not (`None` when it is left out).
fn sent<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The shop's address as the form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressRequest {
    /// At most 200 characters.
    #[serde(default)]
    pub street_address: String,
    /// At most 200 characters.
    #[serde(default)]
    pub town_city: String,
    /// At most 200 characters.
    #[serde(default)]
    pub postcode: String,
    /// ISO 3166-1 alpha-2, any case.
    #[serde(default)]
    #[schema(required = true)]
    pub country: String,
}

/// One country's rates in percent: 0 to 100 with at most two decimals (17.5, 8.25).
#[derive(Deserialize, ToSchema)]
pub struct RatesRequest {
    #[schema(required = true, minimum = 0, maximum = 100, multiple_of = 0.01)]
    pub standard: Option<f64>,
    #[schema(required = true, minimum = 0, maximum = 100, multiple_of = 0.01)]
    pub reduced: Option<f64>,
    #[schema(required = true, minimum = 0, maximum = 100, multiple_of = 0.01)]
    pub zero: Option<f64>,
}

/// The save's fields, checked: every refusal at once.
pub(super) fn check(body: &SettingsRequest) -> Result<SettingsChange, AppError> {
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
    // Each text as sent, checked; the tax number alone may be empty.
    let name = body
        .name
        .as_deref()
        .map(|name| check_text(&mut errors, "name", "Shop name", name, true, MAX_SHOP_NAME));
    let tax_number = body.tax_number.as_deref().map(|number| {
        let max = MAX_ADDRESS_LINE;
        check_text(&mut errors, "taxNumber", "Tax number", number, false, max)
    });
    let tax_label = body.tax_label.as_deref().map(|label| {
        check_text(
            &mut errors,
            "taxLabel",
            "Tax label",
            label,
            true,
            MAX_TAX_LABEL,
        )
    });
    let address = body.address.as_ref().map(|a| {
        let sent = ShopAddress {
            street_address: a.street_address.clone(),
            town_city: a.town_city.clone(),
            postcode: a.postcode.clone(),
            country: a.country.clone(),
        };
        check_address(&mut errors, &sent)
    });
    let country = body
        .country
        .as_deref()
        .map(|code| check_country(&mut errors, "country", code));
    let rates = body
        .rates
        .as_ref()
        .map(|rates| check_rates(&mut errors, "rates", rates));
    let country_rates = body.country_rates.as_ref().map(|all| {
        if all.len() > MAX_COUNTRY_RATES {
            errors.insert(
                "countryRates".to_string(),
                format!("At most {MAX_COUNTRY_RATES} countries have rates of their own"),
            );
        }
        all.iter()
            .map(|(code, rates)| {
                let key = format!("countryRates.{code}");
                let parsed = check_country(&mut errors, &key, code);
                (parsed, check_rates(&mut errors, &key, rates))
            })
            .collect::<BTreeMap<_, _>>()
    });
    let return_window_days = body
        .return_window_days
        .map(|days| check_return_window(&mut errors, days));
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    Ok(SettingsChange {
        currency,
        pickup,
        name,
        address,
        tax_number,
        country,
        tax_label,
        prices_include_tax: body.prices_include_tax,
        rates,
        country_rates,
        return_window_days,
    })
}

/// One country's rates, each refused under `<key>.<class>`.
fn check_rates(errors: &mut Refusals, key: &str, sent: &RatesRequest) -> TaxRates {
    let mut rate = |class: TaxClass, value: Option<f64>| {
        let bp = value.and_then(rate_bp);
        if bp.is_none() {
            errors.insert(format!("{key}.{}", class.as_str()), RATE_RULE.to_string());
        }
        bp.unwrap_or(0)
    };
    TaxRates {
        standard: rate(TaxClass::Standard, sent.standard),
        reduced: rate(TaxClass::Reduced, sent.reduced),
        zero: rate(TaxClass::Zero, sent.zero),
    }
}
