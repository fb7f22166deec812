//! Trade accounts' rules (docs/DESIGN.md §11): what an application must say, what staff
//! decide it with, and what a customer group may hold. Prices themselves are the price
//! resolver's (`price_resolver.rs`).

use std::collections::{BTreeMap, BTreeSet};

use super::contact::{check_country, check_postcode};
use super::money::{hundredths, MAX_CENTS};
use super::phone::Phone;
use super::price_resolver::MAX_CATEGORY_PERCENT;
use super::Money;

/// Longest company name, in characters.
pub const MAX_COMPANY_CHARS: usize = 120;
/// Longest tax number, in characters.
pub const MAX_TAX_NUMBER_CHARS: usize = 40;
/// Longest street or town, in characters.
pub const MAX_ADDRESS_CHARS: usize = 200;
/// Longest rejection reason, in characters.
pub const MAX_REASON_CHARS: usize = 500;
/// Longest payment terms, in days.
pub const MAX_TERMS_DAYS: i64 = 120;
/// Longest group name, in characters.
pub const MAX_GROUP_NAME_CHARS: usize = 80;
/// Most category discounts one group may have.
pub const MAX_CATEGORY_DISCOUNTS: usize = 200;
/// Most groups a shop may have.
pub const MAX_GROUPS: i64 = 100;

/// The trades an applicant may name, as the API spells them.
pub const TRADES: [&str; 5] = [
    "plumber",
    "heating_engineer",
    "builder",
    "electrician",
    "other",
];

/// Where an application stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Open,
    Approved,
    Rejected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Approved => "approved",
            Status::Rejected => "rejected",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        match text {
            "open" => Some(Status::Open),
            "approved" => Some(Status::Approved),
            "rejected" => Some(Status::Rejected),
            _ => None,
        }
    }
}

/// An application's form as sent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ApplicationInput {
    pub company_name: String,
    pub tax_number: String,
    pub trade: String,
    pub phone_number: String,
    pub street_address: String,
    pub town_city: String,
    pub postcode: String,
    pub country: String,
}

/// An application's form that keeps every rule: trimmed, the phone number's spacing
/// dropped, the country an ISO code (the shop's when left blank).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Application(ApplicationInput);

impl Application {
    pub fn get(&self) -> &ApplicationInput {
        &self.0
    }
}

/// Checks an application; `shop_country` fills a blank country. The errors are keyed as
/// the request's fields are (`address.postcode`).
pub fn check_application(
    input: &ApplicationInput,
    shop_country: &str,
) -> Result<Application, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let mut fail = |key: &str, text: String| {
        errors.insert(key.to_string(), text);
    };
    let company_name = input.company_name.trim().to_string();
    if company_name.is_empty() {
        fail("companyName", "Company name is required".into());
    } else if company_name.chars().count() > MAX_COMPANY_CHARS {
        fail(
            "companyName",
            format!("At most {MAX_COMPANY_CHARS} characters"),
        );
    }
    let tax_number = input.tax_number.trim().to_string();
    if tax_number.chars().count() > MAX_TAX_NUMBER_CHARS {
        fail(
            "taxNumber",
            format!("At most {MAX_TAX_NUMBER_CHARS} characters"),
        );
    }
    if !TRADES.contains(&input.trade.as_str()) {
        fail("trade", format!("Choose one of: {}", TRADES.join(", ")));
    }
    let phone_number = match Phone::parse(&input.phone_number) {
        Ok(phone) => phone.into_inner(),
        Err(text) => {
            fail("phoneNumber", text.into());
            String::new()
        }
    };
    let required = [
        (
            "address.streetAddress",
            &input.street_address,
            "Street address is required",
        ),
        (
            "address.townCity",
            &input.town_city,
            "Town/City is required",
        ),
    ];
    for (key, value, missing) in required {
        let value = value.trim();
        if value.is_empty() {
            fail(key, missing.into());
        } else if value.chars().count() > MAX_ADDRESS_CHARS {
            fail(key, format!("At most {MAX_ADDRESS_CHARS} characters"));
        }
    }
    let postcode = match check_postcode(&input.postcode) {
        Ok(postcode) if postcode.is_empty() => {
            fail("address.postcode", "Postcode is required".into());
            postcode
        }
        Ok(postcode) => postcode,
        Err(text) => {
            fail("address.postcode", text);
            String::new()
        }
    };
    let country = match check_country(&input.country) {
        Ok(country) if country.is_empty() => shop_country.to_string(),
        Ok(country) => country,
        Err(text) => {
            fail("address.country", text.into());
            String::new()
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Application(ApplicationInput {
        company_name,
        tax_number,
        trade: input.trade.clone(),
        phone_number,
        street_address: input.street_address.trim().to_string(),
        town_city: input.town_city.trim().to_string(),
        postcode,
        country,
    }))
}

/// What staff approve an application with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    pub group_id: String,
    pub credit_limit: Money,
    pub terms_days: i64,
}

/// Checks an approval's terms as sent: a group, a credit limit of 0 or more (two
/// decimals at most) and 0 to [`MAX_TERMS_DAYS`] days.
pub fn check_terms(
    group_id: &str,
    credit_limit: Option<f64>,
    terms_days: Option<i64>,
) -> Result<Terms, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let group_id = group_id.trim();
    if group_id.is_empty() {
        errors.insert("groupId".to_string(), "Choose a customer group".to_string());
    }
    let credit_limit = credit_limit
        .and_then(hundredths)
        .filter(|cents| (0..=MAX_CENTS).contains(cents))
        .map(Money::from_cents);
    if credit_limit.is_none() {
        errors.insert(
            "creditLimit".to_string(),
            format!(
                "Credit limit must be from 0 to {}, with at most two decimals",
                Money::from_cents(MAX_CENTS).as_f64()
            ),
        );
    }
    let terms = terms_days.filter(|days| (0..=MAX_TERMS_DAYS).contains(days));
    if terms.is_none() {
        errors.insert(
            "termsDays".to_string(),
            format!("Payment terms are 0 to {MAX_TERMS_DAYS} days"),
        );
    }
    match (credit_limit, terms) {
        (Some(credit_limit), Some(terms_days)) if errors.is_empty() => Ok(Terms {
            group_id: group_id.to_string(),
            credit_limit,
            terms_days,
        }),
        _ => Err(errors),
    }
}

/// A rejection's reason, trimmed: 1 to [`MAX_REASON_CHARS`] characters.
pub fn check_reason(reason: &str) -> Result<String, String> {
    let reason = reason.trim();
    if reason.is_empty() {
        Err("A reason is required".into())
    } else if reason.chars().count() > MAX_REASON_CHARS {
        Err(format!(
            "The reason must be at most {MAX_REASON_CHARS} characters"
        ))
    } else {
        Ok(reason.to_string())
    }
}

/// A customer group's own fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupRules {
    pub name: String,
    /// (category or sub-category id, percent), each category once.
    pub category_discounts: Vec<(String, i64)>,
    /// Whether the shop's cart discount applies to the group's members.
    pub cart_discount: bool,
}

/// Checks a group as sent: a name of 1 to [`MAX_GROUP_NAME_CHARS`] characters, at most
/// [`MAX_CATEGORY_DISCOUNTS`] discounts, each a category named once with 1 to 90
/// percent. Whether each category exists is the store's to check.
pub fn check_group(
    name: &str,
    discounts: &[(String, Option<i64>)],
    cart_discount: bool,
) -> Result<GroupRules, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let name = name.trim();
    if name.is_empty() {
        errors.insert("name".to_string(), "Name is required".to_string());
    } else if name.chars().count() > MAX_GROUP_NAME_CHARS {
        errors.insert(
            "name".to_string(),
            format!("At most {MAX_GROUP_NAME_CHARS} characters"),
        );
    }
    if discounts.len() > MAX_CATEGORY_DISCOUNTS {
        errors.insert(
            "categoryDiscounts".to_string(),
            format!("At most {MAX_CATEGORY_DISCOUNTS} category discounts"),
        );
    }
    let mut seen = BTreeSet::new();
    let mut kept = Vec::with_capacity(discounts.len());
    for (i, (category_id, percent)) in discounts.iter().enumerate() {
        let category_id = category_id.trim();
        if category_id.is_empty() {
            errors.insert(
                format!("categoryDiscounts[{i}].categoryId"),
                "Choose a category".into(),
            );
        } else if !seen.insert(category_id) {
            errors.insert(
                format!("categoryDiscounts[{i}].categoryId"),
                "Each category may have one discount".into(),
            );
        }
        match percent.filter(|p| (1..=MAX_CATEGORY_PERCENT).contains(p)) {
            Some(p) => kept.push((category_id.to_string(), p)),
            None => {
                errors.insert(
                    format!("categoryDiscounts[{i}].percent"),
                    format!("A discount is 1 to {MAX_CATEGORY_PERCENT} percent"),
                );
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(GroupRules {
        name: name.to_string(),
        category_discounts: kept,
        cart_discount,
    })
}

/// Longest purchase-order number, in characters.
pub const MAX_PO_CHARS: usize = 40;
/// What anyone but an approved account with credit hears when choosing to pay on account.
pub const NEEDS_TRADE_ACCOUNT: &str = "Pay on account needs an approved trade account";

/// A purchase-order number, trimmed: 1 to [`MAX_PO_CHARS`] characters.
pub fn check_po_number(text: &str) -> Result<String, String> {
    let po = text.trim();
    if po.is_empty() {
        Err("Enter your purchase order number".into())
    } else if po.chars().count() > MAX_PO_CHARS {
        Err(format!("At most {MAX_PO_CHARS} characters"))
    } else {
        Ok(po.to_string())
    }
}

/// What an account may still order on credit: its limit less what it owes, never
/// below 0.
pub fn available(credit_limit: Money, outstanding: Money) -> Money {
    Money::from_cents((credit_limit.cents() - outstanding.cents()).max(0))
}

/// Whether an order of `total` fits the account's credit: what it owes and the order
/// together stay within the limit.
pub fn within_credit(credit_limit: Money, outstanding: Money, total: Money) -> bool {
    outstanding.cents() + total.cents() <= credit_limit.cents()
}

/// The refusal of an order past the credit limit; `available` in the shop's money.
pub fn credit_exceeded(available: &str) -> String {
    format!("This order would exceed your credit limit ({available} available)")
}

/// The day an account order placed at `now_ms` is due: the UTC date `terms_days` on.
pub fn due_date(now_ms: i64, terms_days: i64) -> String {
    super::time::date_of(now_ms + terms_days * super::time::DAY_MS)
}

/// Where an open account order stands on `today` (both `YYYY-MM-DD`, which sort as
/// dates): `open` before its due date, `due` on it, `overdue` after.
pub fn standing(due_date: &str, today: &str) -> &'static str {
    match due_date.cmp(today) {
        std::cmp::Ordering::Greater => "open",
        std::cmp::Ordering::Equal => "due",
        std::cmp::Ordering::Less => "overdue",
    }
}

/// A group's name as two names are compared: trimmed, lower case.
pub fn group_name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> ApplicationInput {
        ApplicationInput {
            company_name: "  Pipe & Co ".into(),
            tax_number: "GB123".into(),
            trade: "plumber".into(),
            phone_number: "+44 7700 900123".into(),
            street_address: "1 High St".into(),
            town_city: "Inverness".into(),
            postcode: " IV2 3AB ".into(),
            country: String::new(),
        }
    }

    #[test]
    fn an_application_is_kept_trimmed_in_the_shops_country_when_none_is_named() {
        let kept = check_application(&form(), "GB").unwrap();
        assert_eq!(kept.get().company_name, "Pipe & Co");
        assert_eq!(kept.get().phone_number, "+447700900123");
        assert_eq!(kept.get().postcode, "IV2 3AB");
        assert_eq!(kept.get().country, "GB");
    }

    #[test]
    fn every_broken_rule_of_an_application_is_named() {
        let input = ApplicationInput {
            company_name: " ".into(),
            tax_number: "x".repeat(41),
            trade: "pilot".into(),
            phone_number: "12".into(),
            street_address: String::new(),
            town_city: "y".repeat(201),
            postcode: "IV2 #".into(),
            country: "XX".into(),
        };
        let errors = check_application(&input, "GB").unwrap_err();
        let keys: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "address.country",
                "address.postcode",
                "address.streetAddress",
                "address.townCity",
                "companyName",
                "phoneNumber",
                "taxNumber",
                "trade"
            ]
        );
        assert_eq!(errors["companyName"], "Company name is required");
    }

    #[test]
    fn terms_need_a_group_a_limit_of_zero_or_more_and_at_most_120_days() {
        let terms = check_terms(" g1 ", Some(1500.5), Some(30)).unwrap();
        assert_eq!(terms.group_id, "g1");
        assert_eq!(terms.credit_limit, Money::from_cents(150_050));
        assert!(check_terms("g1", Some(0.0), Some(0)).is_ok());
        let errors = check_terms("", Some(-1.0), Some(121)).unwrap_err();
        assert_eq!(errors.len(), 3);
        assert!(check_terms("g1", Some(1.005), Some(30)).is_err());
        assert!(check_terms("g1", None, None).is_err());
    }

    #[test]
    fn credit_holds_to_the_cent_and_due_dates_count_utc_days() {
        let limit = Money::from_cents(100_000);
        assert!(within_credit(
            limit,
            Money::from_cents(60_000),
            Money::from_cents(40_000)
        ));
        assert!(!within_credit(
            limit,
            Money::from_cents(60_000),
            Money::from_cents(40_001)
        ));
        assert_eq!(
            available(limit, Money::from_cents(120_000)),
            Money::default()
        );
        assert_eq!(
            available(limit, Money::from_cents(25_050)),
            Money::from_cents(74_950)
        );
        // 2026-11-26T23:59:59.999Z plus 30 days.
        assert_eq!(due_date(1_795_737_599_999, 30), "2026-12-26");
        assert_eq!(due_date(1_795_737_599_999, 0), "2026-11-26");
        assert_eq!(standing("2026-12-26", "2026-12-25"), "open");
        assert_eq!(standing("2026-12-26", "2026-12-26"), "due");
        assert_eq!(standing("2026-12-26", "2026-12-27"), "overdue");
        assert_eq!(check_po_number("  PO-1 ").unwrap(), "PO-1");
        assert!(check_po_number(" ").is_err());
        assert!(check_po_number(&"p".repeat(41)).is_err());
    }

    #[test]
    fn a_reason_is_one_to_500_characters() {
        assert_eq!(check_reason("  No VAT number ").unwrap(), "No VAT number");
        assert_eq!(check_reason(" ").unwrap_err(), "A reason is required");
        assert!(check_reason(&"r".repeat(500)).is_ok());
        assert!(check_reason(&"r".repeat(501)).is_err());
    }

    #[test]
    fn a_group_names_each_category_once_with_one_to_90_percent() {
        let ok = check_group(
            " Trade ",
            &[("c1".into(), Some(10)), ("s1".into(), Some(90))],
            false,
        )
        .unwrap();
        assert_eq!(ok.name, "Trade");
        assert_eq!(
            ok.category_discounts,
            [("c1".into(), 10), ("s1".into(), 90)]
        );
        let errors = check_group(
            "",
            &[
                ("c1".into(), Some(0)),
                ("c1".into(), Some(91)),
                (" ".into(), None),
            ],
            true,
        )
        .unwrap_err();
        assert_eq!(errors["name"], "Name is required");
        assert_eq!(
            errors["categoryDiscounts[0].percent"],
            "A discount is 1 to 90 percent"
        );
        assert_eq!(
            errors["categoryDiscounts[1].categoryId"],
            "Each category may have one discount"
        );
        assert_eq!(
            errors["categoryDiscounts[2].categoryId"],
            "Choose a category"
        );
        assert_eq!(group_name_key(" Trade "), "trade");
    }
}
