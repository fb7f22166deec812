//! The checkout's contact details (spec §3, Checkout contact form; docs/DESIGN.md §10):
//! what each fulfilment needs, and how every field is kept.

use std::collections::BTreeMap;

use super::account::Email;
use super::country::{parse_country, COUNTRY_RULE};
use super::delivery::MAX_POSTCODE_CHARS;
use super::order::Fulfilment;
use super::phone;

/// The checkout's contact form as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContactInput {
    pub first_name: String,
    pub company_name: String,
    pub street_address: String,
    pub apartment: String,
    pub town_city: String,
    /// Where a delivery goes: it chooses the delivery methods (docs/DESIGN.md §10).
    pub postcode: String,
    /// An ISO 3166-1 code; empty until the shop's own is filled in.
    pub country: String,
    pub phone_number: String,
    pub email_address: String,
}

/// Contact details that hold the checkout's rules: trimmed, the e-mail lowercased, the
/// country upper case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact(ContactInput);

impl Contact {
    pub fn get(&self) -> &ContactInput {
        &self.0
    }

    pub fn email(&self) -> &str {
        &self.0.email_address
    }

    /// These details, in `country` (the shop's) when the shopper named none.
    pub fn or_country(mut self, country: &str) -> Contact {
        if self.0.country.is_empty() {
            self.0.country = country.to_string();
        }
        self
    }
}

/// The longest any contact field may be.
const CONTACT_FIELD_MAX: usize = 200;

pub const POSTCODE_RULE: &str = "A postcode is letters, digits, spaces or hyphens";

/// A postcode as typed, trimmed, when it can be one: letters, digits, spaces and
/// hyphens, at most [`MAX_POSTCODE_CHARS`]; blank is none.
pub fn check_postcode(text: &str) -> Result<String, String> {
    // Spaces, tabs and line breaks around it only: any other character is refused below.
    let postcode = text.trim_matches([' ', '\t', '\n', '\r']);
    if postcode.chars().count() > MAX_POSTCODE_CHARS {
        Err(format!("At most {MAX_POSTCODE_CHARS} characters"))
    } else if !postcode
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
    {
        Err(POSTCODE_RULE.into())
    } else {
        Ok(postcode.to_string())
    }
}

/// A destination's country code, upper case; blank stays blank (the shop's, later).
pub fn check_country(text: &str) -> Result<String, &'static str> {
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    parse_country(text).ok_or(COUNTRY_RULE)
}

/// Checks contact details against the spec's checkout rules (§5): delivery needs the
/// whole form but the postcode and country (without a postcode only the methods that
/// deliver everywhere apply); pickup a name, a phone number and an e-mail. The error
/// names each field with its message, keyed as the form's fields are.
pub fn check_contact(
    input: &ContactInput,
    fulfilment: Fulfilment,
) -> Result<Contact, BTreeMap<&'static str, String>> {
    let mut errors = BTreeMap::new();
    let t = |s: &str| s.trim().to_string();
    let contact = ContactInput {
        first_name: t(&input.first_name),
        company_name: t(&input.company_name),
        street_address: t(&input.street_address),
        apartment: t(&input.apartment),
        town_city: t(&input.town_city),
        // Trimmed as the quote trims it (check_postcode), so both read one postcode alike.
        postcode: input.postcode.clone(),
        country: t(&input.country),
        phone_number: t(&input.phone_number),
        email_address: t(&input.email_address),
    };
    let delivery = fulfilment == Fulfilment::Delivery;
    let fields = [
        (
            "firstName",
            &contact.first_name,
            true,
            "First name is required",
        ),
        ("companyName", &contact.company_name, false, ""),
        (
            "streetAddress",
            &contact.street_address,
            delivery,
            "Street address is required",
        ),
        ("apartment", &contact.apartment, false, ""),
        (
            "townCity",
            &contact.town_city,
            delivery,
            "Town/City is required",
        ),
        (
            "phoneNumber",
            &contact.phone_number,
            true,
            "Phone number is required",
        ),
        (
            "emailAddress",
            &contact.email_address,
            true,
            "Email is required",
        ),
    ];
    for (name, value, required, missing) in fields {
        if required && value.is_empty() {
            errors.insert(name, missing.to_string());
        } else if value.chars().count() > CONTACT_FIELD_MAX {
            errors.insert(name, format!("At most {CONTACT_FIELD_MAX} characters"));
        }
    }
    let postcode = check_postcode(&contact.postcode).unwrap_or_else(|message| {
        errors.insert("postcode", message);
        String::new()
    });
    let country = check_country(&contact.country).unwrap_or_else(|message| {
        errors.insert("country", message.into());
        String::new()
    });
    // Stored as typed but for its separators (docs/DESIGN.md §15).
    let phone_number = match phone::checkout(&contact.phone_number) {
        Ok(number) => number,
        Err(message) => {
            if !contact.phone_number.is_empty() {
                errors.insert("phoneNumber", message.into());
            }
            String::new()
        }
    };
    let email = if contact.email_address.is_empty() {
        None
    } else {
        match Email::parse(&contact.email_address) {
            Ok(email) => Some(email),
            Err(_) => {
                errors.insert("emailAddress", "Please enter a valid email address".into());
                None
            }
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Contact(ContactInput {
        email_address: email.map(|e| e.as_str().to_string()).unwrap_or_default(),
        phone_number,
        postcode,
        country,
        ..contact
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pickup_needs_name_phone_and_email_delivery_the_whole_form() {
        let empty = ContactInput::default();
        let pickup = check_contact(&empty, Fulfilment::Pickup).unwrap_err();
        assert_eq!(
            pickup.keys().copied().collect::<Vec<_>>(),
            ["emailAddress", "firstName", "phoneNumber"]
        );
        let delivery = check_contact(&empty, Fulfilment::Delivery).unwrap_err();
        assert_eq!(delivery["streetAddress"], "Street address is required");
        assert_eq!(delivery["townCity"], "Town/City is required");
        assert_eq!(delivery["firstName"], "First name is required");

        let typed = ContactInput {
            first_name: " Ada ".into(),
            phone_number: " +44 (7946) 095-800 ".into(),
            email_address: " Ada@Example.COM ".into(),
            ..ContactInput::default()
        };
        let contact = check_contact(&typed, Fulfilment::Pickup).unwrap();
        assert_eq!(contact.get().first_name, "Ada");
        assert_eq!(contact.get().phone_number, "+447946095800", "kept stripped");
        assert_eq!(contact.email(), "ada@example.com");
        let bad = ContactInput {
            phone_number: "07946095800".into(),
            email_address: "ada@".into(),
            ..typed
        };
        let errors = check_contact(&bad, Fulfilment::Pickup).unwrap_err();
        assert_eq!(errors["phoneNumber"], phone::PHONE_INVALID);
        assert_eq!(errors["emailAddress"], "Please enter a valid email address");
    }

    #[test]
    fn a_postcode_and_a_country_are_checked_and_kept_as_typed() {
        let typed = ContactInput {
            first_name: "Ada".into(),
            street_address: "1 High Street".into(),
            town_city: "Inverness".into(),
            postcode: " IV2 3AB ".into(),
            country: " gb ".into(),
            phone_number: "+447946095800".into(),
            email_address: "ada@example.com".into(),
            ..ContactInput::default()
        };
        let contact = check_contact(&typed, Fulfilment::Delivery).unwrap();
        assert_eq!(contact.get().postcode, "IV2 3AB");
        assert_eq!(contact.get().country, "GB");
        assert_eq!(contact.clone().or_country("IE").get().country, "GB");
        let no_country = ContactInput {
            country: String::new(),
            postcode: String::new(),
            ..typed.clone()
        };
        let contact = check_contact(&no_country, Fulfilment::Delivery).unwrap();
        assert_eq!(contact.or_country("IE").get().country, "IE", "the shop's");
        let bad = ContactInput {
            postcode: "IV2/3AB".into(),
            country: "XX".into(),
            ..typed.clone()
        };
        let errors = check_contact(&bad, Fulfilment::Delivery).unwrap_err();
        assert_eq!(errors["postcode"], POSTCODE_RULE);
        assert_eq!(errors["country"], COUNTRY_RULE);
        let long = ContactInput {
            postcode: "1".repeat(MAX_POSTCODE_CHARS + 1),
            ..typed
        };
        assert_eq!(
            check_contact(&long, Fulfilment::Delivery).unwrap_err()["postcode"],
            "At most 16 characters"
        );
    }
}
