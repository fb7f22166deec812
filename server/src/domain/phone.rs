//! Phone numbers as people type them (docs/DESIGN.md §15): every phone field
//! strips spaces, dashes, dots and brackets first, then checks its own rule from the
//! spec (the checkout's at checkout and for trade applications, the profile's on the
//! profile), says the format it wants when it refuses, and keeps the stripped form.

/// The format every phone field asks for, beside the field and in its refusal.
pub const PHONE_HINT: &str = "Include the country code, e.g. +44 7700 900123";
pub const PHONE_REQUIRED: &str = "Phone number is required";
/// The spec's refusal, then the format it wants.
pub const PHONE_INVALID: &str =
    "Please enter a valid phone number. Include the country code, e.g. +44 7700 900123";

/// `raw` without the separators people type: white space, dashes, dots and brackets.
pub fn strip(raw: &str) -> String {
    raw.chars()
        .filter(|c| !matches!(c, '-' | '(' | ')' | '.') && !c.is_whitespace())
        .collect()
}

/// A checkout phone number (spec §5), stripped: an optional leading plus, a first digit
/// 1-9, then up to 15 more digits.
pub fn checkout(raw: &str) -> Result<String, &'static str> {
    let number = strip(raw);
    if number.is_empty() {
        return Err(PHONE_REQUIRED);
    }
    let digits = number.strip_prefix('+').unwrap_or(&number);
    let mut chars = digits.chars();
    let fits = matches!(chars.next(), Some('1'..='9'))
        && digits.len() <= 16
        && chars.all(|c| c.is_ascii_digit());
    if fits {
        Ok(number)
    } else {
        Err(PHONE_INVALID)
    }
}

/// Text that is no phone number, for the tests of [`Phone::parse`] and of what the
/// OpenAPI document says of it.
#[cfg(test)]
pub const NOT_PHONES: [&str; 8] = [
    "123456",
    "0123456",
    "+0123456789",
    "12345678901234567",
    "phone me",
    "+44",
    "++441234567890",
    "12a4567",
];

/// A profile's phone number (spec §5), with its spaces, dashes, brackets and dots taken out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phone(String);

impl Phone {
    /// Accepts a UK number (`+44` or `0`, then 1-9 and 8 or 9 more digits), an
    /// international one (`+`, country code 1-9, 6 to 14 more digits) or 7 to 15
    /// digits starting with 1-9; always at least 7 digits.
    pub fn parse(raw: &str) -> Result<Phone, &'static str> {
        let number = strip(raw);
        if number.is_empty() {
            return Err(PHONE_REQUIRED);
        }
        let (plus, digits) = match number.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, number.as_str()),
        };
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() < 7 {
            return Err(PHONE_INVALID);
        }
        let starts_1_to_9 = |s: &str| s.bytes().next().is_some_and(|b| (b'1'..=b'9').contains(&b));
        let uk = |national: &str| starts_1_to_9(national) && (9..=10).contains(&national.len());
        let is_uk = if plus {
            digits.strip_prefix("44").is_some_and(uk)
        } else {
            digits.strip_prefix('0').is_some_and(uk)
        };
        let is_international = plus && starts_1_to_9(digits) && (7..=15).contains(&digits.len());
        let is_plain = !plus && starts_1_to_9(digits) && (7..=15).contains(&digits.len());
        if is_uk || is_international || is_plain {
            Ok(Phone(number))
        } else {
            Err(PHONE_INVALID)
        }
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_stripped_then_matched() {
        for (raw, kept) in [
            ("020 7946 0958", "02079460958"),
            ("+44 (20) 7946-0958", "+442079460958"),
            ("07911.123456", "07911123456"),
            ("+1 415 555 2671", "+14155552671"),
            ("4155552671", "4155552671"),
            ("1234567", "1234567"),
        ] {
            assert_eq!(Phone::parse(raw).unwrap().into_inner(), kept, "{raw}");
        }
        assert_eq!(Phone::parse(" - "), Err(PHONE_REQUIRED));
        for bad in NOT_PHONES {
            assert_eq!(Phone::parse(bad), Err(PHONE_INVALID), "{bad}");
        }
    }

    #[derive(serde::Deserialize)]
    struct PhoneExample {
        raw: String,
        checkout: Option<String>,
        profile: Option<String>,
    }

    #[derive(serde::Deserialize)]
    struct PhoneExamples {
        examples: Vec<PhoneExample>,
    }

    #[test]
    fn phones_shared_with_the_storefront_get_the_answers_in_its_table() {
        let table: PhoneExamples =
            serde_json::from_str(include_str!("../../../web/src/lib/phone-examples.json"))
                .expect("phone-examples.json parses");
        assert!(table.examples.len() >= 20, "the table lost its examples");
        for example in &table.examples {
            assert_eq!(
                checkout(&example.raw).ok(),
                example.checkout,
                "checkout {:?}",
                example.raw
            );
            assert_eq!(
                Phone::parse(&example.raw).ok().map(Phone::into_inner),
                example.profile,
                "profile {:?}",
                example.raw
            );
        }
    }

    #[test]
    fn checkout_numbers_are_stripped_then_matched_by_the_checkout_rule() {
        for (raw, kept) in [
            ("+44 7700 900123", "+447700900123"),
            ("+44 (0)7700-900.123", "+4407700900123"),
            ("+447946095800", "+447946095800"),
            ("+1234567890123456", "+1234567890123456"),
            ("1 415 555 2671", "14155552671"),
        ] {
            assert_eq!(checkout(raw), Ok(kept.to_string()), "{raw}");
        }
        assert_eq!(checkout(" ( ) - "), Err(PHONE_REQUIRED));
        // The checkout's rule wants the country code: a national 0 is refused, with
        // the format it wants.
        for bad in [
            "07700 900123",
            "12345678901234567",
            "794-609x",
            "+",
            "++44 7700",
        ] {
            assert_eq!(checkout(bad), Err(PHONE_INVALID), "{bad}");
        }
        assert!(PHONE_INVALID.starts_with("Please enter a valid phone number"));
        assert!(PHONE_INVALID.ends_with(PHONE_HINT));
    }
}
