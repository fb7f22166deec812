//! Delivery methods (docs/DESIGN.md §10): which methods serve a postcode, what each
//! charges for a parcel's weight and goods, which one an order or a quote uses, and
//! the rules a method the console saves must keep.

use std::collections::BTreeMap;

use super::money::hundredths;
use super::product_rules::MAX_PRICE;
use super::variant_rules::MAX_WEIGHT_GRAMS;
use super::Money;

/// The method a fresh shop has: the spec's fee for any weight, everywhere.
pub const DEFAULT_METHOD_NAME: &str = "Standard delivery";
pub const MAX_NAME_CHARS: usize = 80;
pub const MAX_DESCRIPTION_CHARS: usize = 300;
/// Postcode prefixes one method may list, and the longest one.
pub const MAX_PREFIXES: usize = 200;
pub const MAX_PREFIX_CHARS: usize = 8;
/// Weight bands one method may have.
pub const MAX_BANDS: usize = 20;
/// Methods a shop may have.
pub const MAX_METHODS: i64 = 50;
/// The furthest down the checkout's list a method may be put.
pub const MAX_POSITION: i64 = 1_000_000;
/// The longest postcode a checkout sends.
pub const MAX_POSTCODE_CHARS: usize = 16;

pub const NOT_DELIVERED: &str = "We do not deliver to this postcode";
pub const NONE_CAN_CARRY: &str = "No delivery method can carry this order";
pub const TOO_HEAVY: &str = "Too heavy for this method";
pub const CHOOSE_METHOD: &str = "Choose a delivery method";
pub const NOT_AVAILABLE: &str = "This delivery method is not available";

/// A weight band: up to `up_to_grams` (inclusive; `None`: any weight) costs `price`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    pub up_to_grams: Option<i64>,
    pub price: Money,
}

/// What a method charges and where it goes, as the console sets it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodRules {
    pub name: String,
    pub description: String,
    /// Normalised (see [`normalise_postcode`]); empty: everywhere.
    pub postcode_prefixes: Vec<String>,
    /// Ascending by weight; only the last may take any weight.
    pub rates: Vec<Band>,
    /// The goods after discounts at which the method costs nothing.
    pub free_over: Option<Money>,
    pub active: bool,
    pub position: i64,
}

/// A method as the shop keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryMethod {
    pub id: String,
    pub rules: MethodRules,
    /// Used when the shopper does not choose; exactly one method is.
    pub is_default: bool,
    pub version: i64,
}

/// A postcode as methods compare it: no spaces, upper case.
pub fn normalise_postcode(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

impl MethodRules {
    /// Whether the method delivers to `postcode` (normalised). Without a postcode only
    /// methods that go everywhere do.
    pub fn serves(&self, postcode: Option<&str>) -> bool {
        if self.postcode_prefixes.is_empty() {
            return true;
        }
        postcode.is_some_and(|code| self.postcode_prefixes.iter().any(|p| code.starts_with(p)))
    }

    /// What the method charges for a parcel, or why it cannot carry it.
    pub fn price(&self, parcel: &Parcel) -> Result<Money, &'static str> {
        let band = self
            .rates
            .iter()
            .find(|b| b.up_to_grams.is_none_or(|most| parcel.weight_grams <= most))
            .ok_or(TOO_HEAVY)?;
        match self.free_over {
            Some(threshold) if parcel.goods >= threshold => Ok(Money::from_cents(0)),
            _ => Ok(band.price),
        }
    }
}

/// What is being sent: where to, how heavy, and the goods after discounts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parcel {
    /// Normalised; `None` when the shopper gave none.
    pub postcode: Option<String>,
    pub weight_grams: i64,
    pub goods: Money,
}

/// A method that serves the parcel's postcode: its price, or why it cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryOption {
    pub id: String,
    pub name: String,
    pub is_default: bool,
    pub price: Result<Money, &'static str>,
}

impl DeliveryOption {
    pub fn available(&self) -> bool {
        self.price.is_ok()
    }
}

/// Every active method that serves the parcel's postcode, in the console's order.
pub fn options(methods: &[DeliveryMethod], parcel: &Parcel) -> Vec<DeliveryOption> {
    let mut serving: Vec<&DeliveryMethod> = methods
        .iter()
        .filter(|m| m.rules.active && m.rules.serves(parcel.postcode.as_deref()))
        .collect();
    serving.sort_by(|a, b| (a.rules.position, &a.id).cmp(&(b.rules.position, &b.id)));
    serving
        .into_iter()
        .map(|m| DeliveryOption {
            id: m.id.clone(),
            name: m.rules.name.clone(),
            is_default: m.is_default,
            price: m.rules.price(parcel),
        })
        .collect()
}

/// Why no method was chosen; each names the field it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeliveryRefusal {
    /// No active method serves the postcode.
    NotDelivered,
    /// Methods serve it, but none can carry the weight.
    NoneCanCarry,
    /// Several could be used and the shopper named none.
    Choose,
    /// The method named cannot be used, and why.
    Unavailable(&'static str),
}

impl DeliveryRefusal {
    pub fn field(&self) -> &'static str {
        match self {
            DeliveryRefusal::NotDelivered => "postcode",
            _ => "deliveryMethodId",
        }
    }

    pub fn message(&self) -> &'static str {
        match self {
            DeliveryRefusal::NotDelivered => NOT_DELIVERED,
            DeliveryRefusal::NoneCanCarry => NONE_CAN_CARRY,
            DeliveryRefusal::Choose => CHOOSE_METHOD,
            DeliveryRefusal::Unavailable(reason) => reason,
        }
    }
}

/// The refusal that holds whatever is chosen: nothing serves the postcode, or nothing
/// can carry the parcel.
fn nothing_usable(options: &[DeliveryOption]) -> Option<DeliveryRefusal> {
    if options.is_empty() {
        Some(DeliveryRefusal::NotDelivered)
    } else if !options.iter().any(DeliveryOption::available) {
        Some(DeliveryRefusal::NoneCanCarry)
    } else {
        None
    }
}

/// The method an order uses: the one named, which must be available; else the default
/// when available, else the only available one.
pub fn for_order<'a>(
    options: &'a [DeliveryOption],
    named: Option<&str>,
) -> Result<&'a DeliveryOption, DeliveryRefusal> {
    if let Some(refusal) = nothing_usable(options) {
        return Err(refusal);
    }
    if let Some(id) = named {
        let option = options
            .iter()
            .find(|o| o.id == id)
            .ok_or(DeliveryRefusal::Unavailable(NOT_AVAILABLE))?;
        return match option.price {
            Ok(_) => Ok(option),
            Err(reason) => Err(DeliveryRefusal::Unavailable(reason)),
        };
    }
    let available: Vec<&DeliveryOption> = options.iter().filter(|o| o.available()).collect();
    match available.iter().find(|o| o.is_default) {
        Some(default) => Ok(default),
        None if available.len() == 1 => Ok(available[0]),
        None => Err(DeliveryRefusal::Choose),
    }
}

/// The method a quote prices: the one named when it is available; else the default
/// when available; else the cheapest available (the earlier on a tie). A quote never
/// refuses a choice, so the checkout can show the options again when the postcode or
/// the cart changes.
pub fn for_quote<'a>(
    options: &'a [DeliveryOption],
    named: Option<&str>,
) -> Result<&'a DeliveryOption, DeliveryRefusal> {
    if let Some(refusal) = nothing_usable(options) {
        return Err(refusal);
    }
    let available = || options.iter().filter(|o| o.available());
    named
        .and_then(|id| available().find(|o| o.id == id))
        .or_else(|| available().find(|o| o.is_default))
        .or_else(|| available().min_by_key(|o| o.price.unwrap_or_default()))
        .ok_or(DeliveryRefusal::NoneCanCarry)
}

/// A method as the console sends it, amounts in the shop's currency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MethodDraft {
    pub name: String,
    pub description: String,
    pub postcode_prefixes: Vec<String>,
    pub rates: Vec<(Option<i64>, Option<f64>)>,
    pub free_over: Option<f64>,
    pub active: bool,
    pub position: i64,
}

/// `draft` as a method's rules, or every field that breaks one, keyed as the request's
/// fields are (`rates[1].upToGrams`).
pub fn check_method(draft: &MethodDraft) -> Result<MethodRules, BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    let name = draft.name.trim().to_string();
    if name.is_empty() {
        errors.insert("name".into(), "Name is required".into());
    } else if name.chars().count() > MAX_NAME_CHARS {
        errors.insert(
            "name".into(),
            format!("At most {MAX_NAME_CHARS} characters"),
        );
    }
    let description = draft.description.trim().to_string();
    if description.chars().count() > MAX_DESCRIPTION_CHARS {
        errors.insert(
            "description".into(),
            format!("At most {MAX_DESCRIPTION_CHARS} characters"),
        );
    }
    let mut prefixes: Vec<String> = Vec::new();
    for (i, prefix) in draft.postcode_prefixes.iter().enumerate() {
        let p = normalise_postcode(prefix);
        if p.is_empty()
            || p.chars().count() > MAX_PREFIX_CHARS
            || !p.chars().all(|c| c.is_ascii_alphanumeric())
        {
            errors.insert(
                format!("postcodePrefixes[{i}]"),
                format!("A prefix is 1 to {MAX_PREFIX_CHARS} letters or digits"),
            );
        } else if !prefixes.contains(&p) {
            prefixes.push(p);
        }
    }
    if draft.postcode_prefixes.len() > MAX_PREFIXES {
        errors.insert(
            "postcodePrefixes".into(),
            format!("At most {MAX_PREFIXES} prefixes"),
        );
    }
    let rates = check_bands(&draft.rates, &mut errors);
    let free_over = match draft.free_over {
        None => None,
        Some(amount) => match amount_of(amount) {
            Some(money) => Some(money),
            None => {
                errors.insert("freeOver".into(), amount_rule());
                None
            }
        },
    };
    if !(0..=MAX_POSITION).contains(&draft.position) {
        errors.insert(
            "position".into(),
            format!("A position from 0 to {MAX_POSITION}"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(MethodRules {
        name,
        description,
        postcode_prefixes: prefixes,
        rates,
        free_over,
        active: draft.active,
        position: draft.position,
    })
}

fn check_bands(
    drafts: &[(Option<i64>, Option<f64>)],
    errors: &mut BTreeMap<String, String>,
) -> Vec<Band> {
    if drafts.is_empty() || drafts.len() > MAX_BANDS {
        errors.insert(
            "rates".into(),
            format!("Give 1 to {MAX_BANDS} weight bands"),
        );
        return Vec::new();
    }
    let mut bands = Vec::with_capacity(drafts.len());
    let mut lightest = 0;
    for (i, (up_to, price)) in drafts.iter().enumerate() {
        let last = i + 1 == drafts.len();
        match up_to {
            None if !last => {
                errors.insert(
                    format!("rates[{i}].upToGrams"),
                    "Only the last band may take any weight".into(),
                );
            }
            Some(grams) if !(1..=MAX_WEIGHT_GRAMS).contains(grams) => {
                errors.insert(
                    format!("rates[{i}].upToGrams"),
                    format!("A weight from 1 to {MAX_WEIGHT_GRAMS} grams"),
                );
            }
            Some(grams) if *grams <= lightest => {
                errors.insert(
                    format!("rates[{i}].upToGrams"),
                    "Each band must be heavier than the one before".into(),
                );
            }
            Some(grams) => lightest = *grams,
            None => {}
        }
        match price.and_then(amount_of) {
            Some(price) => bands.push(Band {
                up_to_grams: *up_to,
                price,
            }),
            None => {
                errors.insert(format!("rates[{i}].price"), amount_rule());
            }
        }
    }
    bands
}

/// `amount` (in the shop's currency) as money, if it is one a price may be: 0 to the
/// largest price, two decimals at most.
fn amount_of(amount: f64) -> Option<Money> {
    hundredths(amount)
        .filter(|cents| (0..=MAX_PRICE.cents()).contains(cents))
        .map(Money::from_cents)
}

fn amount_rule() -> String {
    format!(
        "An amount from 0 to {}, two decimals at most",
        MAX_PRICE.as_f64()
    )
}

#[cfg(test)]
mod tests;
