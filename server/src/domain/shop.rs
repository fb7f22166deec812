//! The shop's own settings (docs/DESIGN.md §10 and §15) and their rules: the currency it
//! names, if any, where shoppers collect their orders, who the shop is on its invoices,
//! how it taxes, and how long goods may be returned.

use std::collections::BTreeMap;

use super::country::{parse_country, COUNTRY_RULE};
use super::currency::Currency;
use super::tax::TaxSettings;

/// The longest pickup point's name.
pub const MAX_PICKUP_NAME: usize = 120;
/// The longest address, opening hours or instructions (line breaks count as one each).
pub const MAX_PICKUP_TEXT: usize = 1_000;

/// Where and when a pickup order is collected: text as staff wrote it, line breaks kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pickup {
    pub name: String,
    pub address: String,
    pub opening_hours: String,
    pub instructions: String,
}

/// The settings as the shop keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopSettings {
    /// Null: the spec's two readings (docs/DESIGN.md §5).
    pub currency: Option<Currency>,
    /// Null: the spec's 'Collect your order from our store' alone.
    pub pickup: Option<Pickup>,
    /// The shop's name, address and tax number, as its invoices print them.
    pub identity: ShopIdentity,
    pub tax: TaxSettings,
    /// Days after completion within which goods may be returned; 0: no returns.
    pub return_window_days: i64,
    /// Bumped by each administrator's save (docs/DESIGN.md §15).
    pub version: i64,
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings {
            currency: None,
            pickup: None,
            identity: ShopIdentity::default(),
            tax: TaxSettings::default(),
            return_window_days: 30,
            version: 1,
        }
    }
}

/// Who sells, as the invoices say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopIdentity {
    pub name: String,
    pub address: ShopAddress,
    /// Empty until the shop gives one.
    pub tax_number: String,
}

impl Default for ShopIdentity {
    fn default() -> Self {
        ShopIdentity {
            name: "Shop".to_string(),
            address: ShopAddress {
                country: "GB".to_string(),
                ..ShopAddress::default()
            },
            tax_number: String::new(),
        }
    }
}

/// The shop's postal address; the lines may be empty until the shop gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShopAddress {
    pub street_address: String,
    pub town_city: String,
    pub postcode: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
}

/// The longest shop name.
pub const MAX_SHOP_NAME: usize = 120;
/// The longest address line, postcode or tax number.
pub const MAX_ADDRESS_LINE: usize = 200;
/// The longest tax label ('VAT', 'GST', 'Sales tax').
pub const MAX_TAX_LABEL: usize = 20;
/// The longest return window.
pub const MAX_RETURN_WINDOW_DAYS: i64 = 365;

/// The refusals of a settings save, keyed by the API's field names.
pub type Refusals = BTreeMap<String, String>;

/// `text` trimmed, when it has 1 to `max` characters (0 allowed unless `required`);
/// else a refusal naming `label`, filed under `key`.
pub fn check_text(
    errors: &mut Refusals,
    key: &str,
    label: &str,
    text: &str,
    required: bool,
    max: usize,
) -> String {
    let text = text.trim();
    if required && text.is_empty() {
        errors.insert(key.to_string(), format!("{label} is required"));
    } else if text.chars().count() > max {
        errors.insert(
            key.to_string(),
            format!("{label} must be at most {max} characters"),
        );
    }
    text.to_string()
}

/// A country code, uppercased, or a refusal filed under `key`.
pub fn check_country(errors: &mut Refusals, key: &str, text: &str) -> String {
    parse_country(text).unwrap_or_else(|| {
        errors.insert(key.to_string(), COUNTRY_RULE.to_string());
        String::new()
    })
}

/// The shop's address as sent: every line optional, the country required.
pub fn check_address(errors: &mut Refusals, address: &ShopAddress) -> ShopAddress {
    let mut line = |field: &str, label: &str, text: &str| {
        check_text(
            errors,
            &format!("address.{field}"),
            label,
            text,
            false,
            MAX_ADDRESS_LINE,
        )
    };
    let street_address = line("streetAddress", "Street address", &address.street_address);
    let town_city = line("townCity", "Town / City", &address.town_city);
    let postcode = line("postcode", "Postcode", &address.postcode);
    ShopAddress {
        street_address,
        town_city,
        postcode,
        country: check_country(errors, "address.country", &address.country),
    }
}

/// A return window in days, or a refusal under `returnWindowDays`.
pub fn check_return_window(errors: &mut Refusals, days: i64) -> i64 {
    if !(0..=MAX_RETURN_WINDOW_DAYS).contains(&days) {
        errors.insert(
            "returnWindowDays".to_string(),
            format!("The return window is 0 to {MAX_RETURN_WINDOW_DAYS} days"),
        );
    }
    days
}

/// The pickup block as sent: each text trimmed of the blank lines and spaces around it,
/// line breaks inside kept (`\r\n` read as `\n`). Name and address are required; the
/// refusals are keyed `pickup.<field>`.
pub fn check_pickup(
    name: &str,
    address: &str,
    opening_hours: &str,
    instructions: &str,
) -> Result<Pickup, BTreeMap<String, String>> {
    let tidy = |text: &str| text.replace("\r\n", "\n");
    let mut errors = BTreeMap::new();
    let mut text = |field: &str, label: &str, value: &str, required: bool, max: usize| {
        let key = format!("pickup.{field}");
        check_text(&mut errors, &key, label, &tidy(value), required, max)
    };
    let pickup = Pickup {
        name: text("name", "Name", name, true, MAX_PICKUP_NAME),
        address: text("address", "Address", address, true, MAX_PICKUP_TEXT),
        opening_hours: text(
            "openingHours",
            "Opening hours",
            opening_hours,
            false,
            MAX_PICKUP_TEXT,
        ),
        instructions: text(
            "instructions",
            "Instructions",
            instructions,
            false,
            MAX_PICKUP_TEXT,
        ),
    };
    if errors.is_empty() {
        Ok(pickup)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pickup_block_keeps_its_line_breaks_and_needs_a_name_and_an_address() {
        let pickup = check_pickup(
            " Main branch ",
            "1 Example Street\r\nTown\n",
            "Mon–Fri 8–17",
            "",
        )
        .unwrap();
        assert_eq!(pickup.name, "Main branch");
        assert_eq!(pickup.address, "1 Example Street\nTown");
        assert_eq!(pickup.instructions, "");

        let errors = check_pickup("", "  ", "", "").unwrap_err();
        assert_eq!(errors["pickup.name"], "Name is required");
        assert_eq!(errors["pickup.address"], "Address is required");
        assert_eq!(errors.len(), 2);

        let long = "x".repeat(MAX_PICKUP_NAME + 1);
        let errors = check_pickup(&long, "a", "", &"y".repeat(MAX_PICKUP_TEXT + 1)).unwrap_err();
        assert_eq!(errors["pickup.name"], "Name must be at most 120 characters");
        assert_eq!(
            errors["pickup.instructions"],
            "Instructions must be at most 1000 characters"
        );
    }

    #[test]
    fn an_address_needs_a_country_code_and_lines_of_at_most_200_characters() {
        let mut errors = Refusals::new();
        let sent = ShopAddress {
            street_address: " 1 Pipe Lane ".to_string(),
            town_city: String::new(),
            postcode: "x".repeat(201),
            country: "gb".to_string(),
        };
        let address = check_address(&mut errors, &sent);
        assert_eq!(address.street_address, "1 Pipe Lane");
        assert_eq!(address.country, "GB");
        assert_eq!(
            errors["address.postcode"],
            "Postcode must be at most 200 characters"
        );
        assert_eq!(errors.len(), 1);

        let mut errors = Refusals::new();
        check_address(&mut errors, &ShopAddress::default());
        assert_eq!(errors["address.country"], COUNTRY_RULE);
        check_return_window(&mut errors, 366);
        check_return_window(&mut errors, -1);
        assert_eq!(
            errors["returnWindowDays"],
            "The return window is 0 to 365 days"
        );
        let mut none = Refusals::new();
        assert_eq!(check_return_window(&mut none, 0), 0);
        assert_eq!(
            check_text(&mut none, "taxLabel", "Tax label", " GST ", true, 20),
            "GST"
        );
        assert!(none.is_empty());
    }
}
