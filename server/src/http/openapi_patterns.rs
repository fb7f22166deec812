//! The patterns the OpenAPI document gives text fields, each written from the rule the
//! server reads that text by, so a schema-valid value is one the server takes: a day, a
//! link, a country, a postcode, trimmed text of a length.

use crate::domain::account::CONTROL_CLASS;
use crate::domain::country::country_codes;
use crate::domain::delivery::MAX_POSTCODE_CHARS;
use crate::domain::trade;

/// A day as `time::parse_date` reads it, `YYYY-MM-DD`: every day of every month, and
/// the 29th of February in leap years (but for the year 0).
pub(super) const DATE: &str = concat!(
    "(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)",
    "|(?:0[13578]|1[02])-31)",
    "|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)"
);

/// Where a banner may link (`admin_banners::check_url`): a path in the shop, or an
/// `https://` address, without spaces, backslashes or control characters.
pub(super) fn link() -> String {
    let part = format!("[^\\s\\\\{ALL_CONTROL}]");
    let around = "[ \\t\\n\\r]*";
    format!("^{around}(?:/(?:[^/\\s\\\\{ALL_CONTROL}]{part}*)?|https://[A-Za-z0-9.:-]+(?:[/?#]{part}*)?){around}$")
}

/// A country code as `country::parse_country` reads it: an assigned one, any case, white
/// space around it free.
pub(super) fn country() -> String {
    let either = |c: char| format!("[{}{}]", c, c.to_ascii_lowercase());
    let codes: Vec<String> = country_codes()
        .map(|code| code.chars().map(either).collect())
        .collect();
    format!("^[ \\t\\n\\r]*(?:{})[ \\t\\n\\r]*$", codes.join("|"))
}

/// A postcode as `contact::check_postcode` reads it: up to [`MAX_POSTCODE_CHARS`]
/// letters, digits, spaces or hyphens once trimmed; blank is none.
pub(super) fn postcode() -> String {
    format!("^[ \\t\\n\\r]*[A-Za-z0-9 -]{{0,{MAX_POSTCODE_CHARS}}}[ \\t\\n\\r]*$")
}

/// A postcode that must be given: one to [`MAX_POSTCODE_CHARS`] letters, digits, spaces
/// or hyphens once trimmed, not all of them spaces.
pub(super) fn postcode_required() -> String {
    format!(
        "^[ \\t\\n\\r]*[A-Za-z0-9-][A-Za-z0-9 -]{{0,{}}}[ \\t\\n\\r]*$",
        MAX_POSTCODE_CHARS - 1
    )
}

/// `pattern` (anchored at both ends), or blank.
pub(super) fn blank_or(pattern: &str) -> String {
    let inner = pattern.trim_start_matches('^').trim_end_matches('$');
    format!("^(?:[ \\t\\n\\r]*|{inner})$")
}

/// Every control character, tab and line breaks too: a one-line field's.
pub(super) const ALL_CONTROL: &str = r"\x00-\x1f\x7f-\x9f";

/// Text of `min` to `max` characters once trimmed (blank when `min` is 0), none of them in
/// the regex class body `refused`; white space around it is free.
pub(super) fn trimmed(min: usize, max: usize, refused: &str) -> String {
    let edge = format!("[^{refused}\\s]");
    let inner = format!("[^{refused}]");
    let around = "[ \\t\\n\\r]*";
    let body = if min == 0 {
        return format!(
            "^{around}(?:{edge}(?:{inner}{{0,{}}}{edge})?)?{around}$",
            max - 2
        );
    } else if min == 1 {
        format!("{edge}(?:{inner}{{0,{}}}{edge})?", max - 2)
    } else {
        format!("{edge}{inner}{{{},{}}}{edge}", min - 2, max - 2)
    };
    format!("^{around}{body}{around}$")
}

/// The trade forms' text rules (docs/DESIGN.md §11), as `trade::check_application`,
/// `check_reason`, `check_group` and `check_po_number` read them: (schema, field, pattern).
pub(super) fn trade_text_rules() -> Vec<(&'static str, &'static str, String)> {
    // The same, never blank: an application's (`trade::check_application`).
    let phone_required = {
        let gap = "[ ().-]*";
        format!(
            "^{gap}(?:(?:\\+{gap})?[1-9](?:{gap}[0-9]){{6,14}}|0{gap}[1-9](?:{gap}[0-9]){{8,9}}){gap}$"
        )
    };
    vec![
        (
            "ApplicationRequest",
            "companyName",
            trimmed(1, trade::MAX_COMPANY_CHARS, CONTROL_CLASS),
        ),
        (
            "ApplicationRequest",
            "taxNumber",
            trimmed(0, trade::MAX_TAX_NUMBER_CHARS, CONTROL_CLASS),
        ),
        ("ApplicationRequest", "phoneNumber", phone_required.clone()),
        (
            "BusinessAddress",
            "streetAddress",
            trimmed(1, trade::MAX_ADDRESS_CHARS, CONTROL_CLASS),
        ),
        (
            "BusinessAddress",
            "townCity",
            trimmed(1, trade::MAX_ADDRESS_CHARS, CONTROL_CLASS),
        ),
        ("BusinessAddress", "postcode", postcode_required()),
        ("BusinessAddress", "country", blank_or(&country())),
        ("ApproveRequest", "groupId", trimmed(1, 100, CONTROL_CLASS)),
        (
            "RejectRequest",
            "reason",
            trimmed(1, trade::MAX_REASON_CHARS, CONTROL_CLASS),
        ),
        (
            "GroupRequest",
            "name",
            trimmed(1, trade::MAX_GROUP_NAME_CHARS, CONTROL_CLASS),
        ),
        (
            "Payment",
            "poNumber",
            trimmed(1, trade::MAX_PO_CHARS, CONTROL_CLASS),
        ),
    ]
}
