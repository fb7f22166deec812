//! The shop's own settings (docs/DESIGN.md §10 and §15) and their rules: the currency it
//! names, if any, and where shoppers collect their orders.

use std::collections::BTreeMap;

use super::currency::Currency;

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
    /// Bumped by each administrator's save (docs/DESIGN.md §15).
    pub version: i64,
}

impl Default for ShopSettings {
    fn default() -> Self {
        ShopSettings {
            currency: None,
            pickup: None,
            version: 1,
        }
    }
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
    let tidy = |text: &str| text.replace("\r\n", "\n").trim().to_string();
    let pickup = Pickup {
        name: tidy(name),
        address: tidy(address),
        opening_hours: tidy(opening_hours),
        instructions: tidy(instructions),
    };
    let mut errors = BTreeMap::new();
    let mut limit = |field: &str, label: &str, text: &str, required: bool, max: usize| {
        let key = format!("pickup.{field}");
        if required && text.is_empty() {
            errors.insert(key, format!("{label} is required"));
        } else if text.chars().count() > max {
            errors.insert(key, format!("{label} must be at most {max} characters"));
        }
    };
    limit("name", "Name", &pickup.name, true, MAX_PICKUP_NAME);
    limit("address", "Address", &pickup.address, true, MAX_PICKUP_TEXT);
    let hours = &pickup.opening_hours;
    limit(
        "openingHours",
        "Opening hours",
        hours,
        false,
        MAX_PICKUP_TEXT,
    );
    let instructions = &pickup.instructions;
    limit(
        "instructions",
        "Instructions",
        instructions,
        false,
        MAX_PICKUP_TEXT,
    );
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
}
