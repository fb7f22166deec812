//! Which options, variants, SKUs and sale units a product may have (docs/DESIGN.md §9),
//! whoever sets them (the console's form, a CSV import, the seeders), and what a
//! product's own price and stock are, derived from its variants. Errors are keyed by
//! the path of the field that breaks a rule, as the console maps them: `options.0.name`,
//! `options.1.values`, `variants.2.sku`, `variants.0.options`, `unit`, `packSize`,
//! `minQuantity`, `quantityStep`.

use std::collections::BTreeMap;

use super::variant::{ProductOption, SaleUnit, Unit, VariantOptions};
use super::Money;

/// The most options a product has.
pub const MAX_OPTIONS: usize = 3;
/// The most values one option has.
pub const MAX_OPTION_VALUES: usize = 50;
/// An option's name and each of its values: 1 to this many characters once trimmed.
pub const MAX_OPTION_CHARS: usize = 40;
/// A SKU: 1 to this many of `A–Z a–z 0–9 - _ . /`.
pub const MAX_SKU_CHARS: usize = 64;
/// The most variants one product has: every combination of three options of up to 50
/// values would be far more than anyone stocks, so a save is bounded here.
pub const MAX_VARIANTS: usize = 250;
/// The largest minimum quantity or quantity step.
pub const MAX_QUANTITY_RULE: i64 = 10_000;
/// A variant's weight: 0 to this many grams.
pub const MAX_WEIGHT_GRAMS: i64 = 10_000_000;

/// Field path → what to do about it.
pub type RuleErrors = BTreeMap<String, String>;

/// `options` trimmed, with every rule they break in `errors`: 0–3 options, names 1–40
/// characters and unique ignoring case, each with 1–50 values of 1–40 characters,
/// unique within the option (ignoring case).
pub fn check_options(options: &[ProductOption], errors: &mut RuleErrors) -> Vec<ProductOption> {
    if options.len() > MAX_OPTIONS {
        errors.insert(
            "options".into(),
            format!("A product has at most {MAX_OPTIONS} options"),
        );
    }
    let mut checked: Vec<ProductOption> = Vec::with_capacity(options.len());
    for (i, option) in options.iter().enumerate() {
        let name = option.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_OPTION_CHARS {
            errors.insert(
                format!("options.{i}.name"),
                format!("Name the option in 1 to {MAX_OPTION_CHARS} characters"),
            );
        } else if checked
            .iter()
            .any(|earlier| earlier.name.to_lowercase() == name.to_lowercase())
        {
            errors.insert(
                format!("options.{i}.name"),
                format!("The product already has an option named '{name}'"),
            );
        }
        let values: Vec<String> = option.values.iter().map(|v| v.trim().to_string()).collect();
        let key = format!("options.{i}.values");
        if values.is_empty() || values.len() > MAX_OPTION_VALUES {
            errors.insert(key, format!("Give 1 to {MAX_OPTION_VALUES} values"));
        } else if values
            .iter()
            .any(|v| v.is_empty() || v.chars().count() > MAX_OPTION_CHARS)
        {
            errors.insert(
                key,
                format!("Each value must be 1 to {MAX_OPTION_CHARS} characters"),
            );
        } else if let Some(twice) = values.iter().enumerate().find_map(|(j, v)| {
            values[..j]
                .iter()
                .any(|earlier| earlier.to_lowercase() == v.to_lowercase())
                .then_some(v)
        }) {
            errors.insert(key, format!("'{twice}' is there twice"));
        }
        checked.push(ProductOption { name, values });
    }
    checked
}

/// Whether `sku` has the shape of a SKU: 1–64 of `A–Z a–z 0–9 - _ . /`.
pub fn sku_is_valid(sku: &str) -> bool {
    !sku.is_empty()
        && sku.len() <= MAX_SKU_CHARS
        && sku
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
}

/// What to do about a SKU of the wrong shape.
pub const SKU_RULE: &str = "A SKU is 1 to 64 letters, digits, '-', '_', '.' or '/'";

/// Each variant's options (as sent) in the spelling of the product's `options`, with
/// every rule they break in `errors` by `variants.<i>.options` (or `variants`): each
/// names one value of every option and nothing else (names and values matched ignoring
/// case), no two name the same values, there is at least one, and a product without
/// options has exactly one, with no values.
pub fn check_combinations(
    options: &[ProductOption],
    variants: &[VariantOptions],
    errors: &mut RuleErrors,
) -> Vec<VariantOptions> {
    if variants.is_empty() {
        errors.insert(
            "variants".into(),
            "A product has at least one variant".into(),
        );
    } else if options.is_empty() && variants.len() > 1 {
        errors.insert(
            "variants".into(),
            "A product without options has exactly one variant".into(),
        );
    } else if variants.len() > MAX_VARIANTS {
        errors.insert(
            "variants".into(),
            format!("A product has at most {MAX_VARIANTS} variants"),
        );
    }
    let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
    let mut seen: Vec<VariantOptions> = Vec::with_capacity(variants.len());
    for (i, given) in variants.iter().enumerate() {
        let key = format!("variants.{i}.options");
        let mut canonical = VariantOptions::new();
        let mut problem = None;
        for (name, value) in given {
            let Some(option) = options
                .iter()
                .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            else {
                problem = Some(format!("The product has no option named '{}'", name.trim()));
                break;
            };
            let Some(known) = option
                .values
                .iter()
                .find(|v| v.to_lowercase() == value.trim().to_lowercase())
            else {
                problem = Some(format!(
                    "'{}' is not a value of {}",
                    value.trim(),
                    option.name
                ));
                break;
            };
            if canonical
                .insert(option.name.clone(), known.clone())
                .is_some()
            {
                problem = Some(format!("Choose one value of {}", option.name));
                break;
            }
        }
        if problem.is_none() && canonical.len() != options.len() {
            problem = Some(format!(
                "Choose a value of each option: {}",
                names.join(", ")
            ));
        }
        if problem.is_none() && seen.contains(&canonical) {
            problem = Some("Another variant has the same values".into());
        }
        if let Some(problem) = problem {
            errors.insert(key, problem);
        }
        seen.push(canonical);
    }
    seen
}

/// A product's sale unit as sent (each field left out: its default), with every rule
/// it breaks in `errors`: `unit` each, m or pack; `packSize` 2 or more for a pack and
/// null otherwise; `minQuantity` and `quantityStep` 1 or more, the minimum a multiple
/// of the step.
pub fn check_sale_unit(
    unit: Option<&str>,
    pack_size: Option<i64>,
    min_quantity: Option<i64>,
    quantity_step: Option<i64>,
    errors: &mut RuleErrors,
) -> SaleUnit {
    let unit = match unit.map(str::trim) {
        None | Some("") => Unit::Each,
        Some(text) => Unit::parse(text).unwrap_or_else(|| {
            errors.insert("unit".into(), "The unit must be each, m or pack".into());
            Unit::Each
        }),
    };
    let pack_size = match (unit, pack_size) {
        (Unit::Pack, Some(size)) if (2..=MAX_QUANTITY_RULE).contains(&size) => Some(size),
        (Unit::Pack, _) => {
            errors.insert(
                "packSize".into(),
                format!("A pack holds 2 to {MAX_QUANTITY_RULE} pieces"),
            );
            None
        }
        (_, None) => None,
        (_, Some(_)) => {
            errors.insert("packSize".into(), "Only a pack has a pack size".into());
            None
        }
    };
    let mut whole = |value: Option<i64>, field: &str, what: &str| match value {
        None => 1,
        Some(n) if (1..=MAX_QUANTITY_RULE).contains(&n) => n,
        Some(_) => {
            errors.insert(
                field.into(),
                format!("{what} must be a whole number from 1 to {MAX_QUANTITY_RULE}"),
            );
            1
        }
    };
    let min_quantity = whole(min_quantity, "minQuantity", "The minimum quantity");
    let quantity_step = whole(quantity_step, "quantityStep", "The quantity step");
    if min_quantity % quantity_step != 0 && !errors.contains_key("minQuantity") {
        errors.insert(
            "minQuantity".into(),
            format!(
                "The minimum quantity must be a multiple of the quantity step ({quantity_step})"
            ),
        );
    }
    SaleUnit {
        unit,
        pack_size,
        min_quantity,
        quantity_step,
    }
}

/// A product's own price and stock, derived from its variants in the shop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derived {
    /// The cheapest variant's price: the discount applies to each variant alike, so it
    /// is also the one with the lowest price paid.
    pub price: Money,
    /// The dearest variant's price.
    pub max_price: Money,
    /// The sum of their stock.
    pub stock: i64,
}

/// What `variants` (each price and stock, archived ones left out) make of their
/// product; none when there are none, and the product keeps its price.
pub fn derive(variants: impl IntoIterator<Item = (Money, i64)>) -> Option<Derived> {
    variants
        .into_iter()
        .fold(None, |derived: Option<Derived>, (price, stock)| {
            Some(match derived {
                None => Derived {
                    price,
                    max_price: price,
                    stock,
                },
                Some(d) => Derived {
                    price: d.price.min(price),
                    max_price: d.max_price.max(price),
                    stock: d.stock + stock,
                },
            })
        })
}

/// The range of prices paid a product shows, from its cheapest and dearest variants':
/// only when they differ.
pub fn price_range(lowest: Money, highest: Money) -> Option<(Money, Money)> {
    (lowest != highest).then_some((lowest.min(highest), lowest.max(highest)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(name: &str, values: &[&str]) -> ProductOption {
        ProductOption {
            name: name.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    fn values(pairs: &[(&str, &str)]) -> VariantOptions {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn options_are_trimmed_and_checked_by_path() {
        let mut errors = RuleErrors::new();
        let checked = check_options(
            &[
                option(" Size ", &["15 mm", " 22 mm"]),
                option("size", &["A"]),
                option("Finish", &[]),
                option("", &["x".repeat(41).as_str()]),
            ],
            &mut errors,
        );
        assert_eq!(checked[0], option("Size", &["15 mm", "22 mm"]));
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            [
                "options",
                "options.1.name",
                "options.2.values",
                "options.3.name",
                "options.3.values"
            ]
        );
        assert_eq!(errors["options"], "A product has at most 3 options");
        assert_eq!(
            errors["options.1.name"],
            "The product already has an option named 'size'"
        );
    }

    #[test]
    fn values_are_unique_within_an_option_ignoring_case_and_at_most_fifty() {
        let mut errors = RuleErrors::new();
        check_options(&[option("Finish", &["Brass", "brass"])], &mut errors);
        assert_eq!(errors["options.0.values"], "'brass' is there twice");
        let many: Vec<String> = (0..51).map(|i| format!("{i} mm")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let mut errors = RuleErrors::new();
        check_options(&[option("Size", &many[..50])], &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        check_options(&[option("Size", &many)], &mut errors);
        assert_eq!(errors["options.0.values"], "Give 1 to 50 values");
    }

    #[test]
    fn a_sku_is_one_to_sixty_four_of_letters_digits_and_four_marks() {
        assert!(sku_is_valid("CPF-15/BR_2.0"));
        assert!(sku_is_valid(&"A".repeat(64)));
        assert!(!sku_is_valid(&"A".repeat(65)));
        assert!(!sku_is_valid(""));
        assert!(!sku_is_valid("HAS SPACE"));
        assert!(!sku_is_valid("ÄBC"));
    }

    #[test]
    fn every_variant_names_one_value_of_every_option_in_the_options_spelling() {
        let options = [
            option("Size", &["15 mm", "22 mm"]),
            option("Finish", &["Brass", "Chrome"]),
        ];
        let mut errors = RuleErrors::new();
        let checked = check_combinations(
            &options,
            &[
                values(&[("size", "15 MM"), ("Finish", "Brass")]),
                values(&[("Size", "15 mm"), ("Finish", "brass")]),
                values(&[("Size", "22 mm")]),
                values(&[("Size", "28 mm"), ("Finish", "Brass")]),
                values(&[("Size", "22 mm"), ("Finish", "Brass"), ("Length", "1 m")]),
            ],
            &mut errors,
        );
        assert_eq!(
            checked[0],
            values(&[("Finish", "Brass"), ("Size", "15 mm")])
        );
        assert_eq!(
            errors["variants.1.options"],
            "Another variant has the same values"
        );
        assert_eq!(
            errors["variants.2.options"],
            "Choose a value of each option: Size, Finish"
        );
        assert_eq!(
            errors["variants.3.options"],
            "'28 mm' is not a value of Size"
        );
        assert_eq!(
            errors["variants.4.options"],
            "The product has no option named 'Length'"
        );
        assert!(!errors.contains_key("variants.0.options"));
    }

    #[test]
    fn a_product_without_options_has_exactly_one_variant_with_no_values() {
        let mut errors = RuleErrors::new();
        check_combinations(&[], &[VariantOptions::new()], &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        check_combinations(
            &[],
            &[VariantOptions::new(), VariantOptions::new()],
            &mut errors,
        );
        assert_eq!(
            errors["variants"],
            "A product without options has exactly one variant"
        );
        let mut errors = RuleErrors::new();
        check_combinations(&[], &[], &mut errors);
        assert_eq!(errors["variants"], "A product has at least one variant");
        let mut errors = RuleErrors::new();
        check_combinations(&[], &[values(&[("Size", "15 mm")])], &mut errors);
        assert_eq!(
            errors["variants.0.options"],
            "The product has no option named 'Size'"
        );
    }

    #[test]
    fn a_sale_unit_defaults_to_one_of_each() {
        let mut errors = RuleErrors::new();
        assert_eq!(
            check_sale_unit(None, None, None, None, &mut errors),
            SaleUnit::default()
        );
        let pack = check_sale_unit(Some("pack"), Some(10), Some(20), Some(10), &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(pack.pack_size, Some(10));
        assert_eq!(pack.min_quantity, 20);
    }

    #[test]
    fn a_sale_unit_breaking_a_rule_is_named_by_field() {
        let mut errors = RuleErrors::new();
        check_sale_unit(Some("metre"), None, Some(0), Some(0), &mut errors);
        assert_eq!(errors["unit"], "The unit must be each, m or pack");
        assert!(errors["minQuantity"].starts_with("The minimum quantity must be a whole number"));
        assert!(errors["quantityStep"].starts_with("The quantity step must be a whole number"));

        let mut errors = RuleErrors::new();
        check_sale_unit(Some("pack"), Some(1), None, None, &mut errors);
        assert_eq!(errors["packSize"], "A pack holds 2 to 10000 pieces");
        let mut errors = RuleErrors::new();
        check_sale_unit(Some("m"), Some(5), None, None, &mut errors);
        assert_eq!(errors["packSize"], "Only a pack has a pack size");
        let mut errors = RuleErrors::new();
        check_sale_unit(Some("m"), None, Some(3), Some(2), &mut errors);
        assert_eq!(
            errors["minQuantity"],
            "The minimum quantity must be a multiple of the quantity step (2)"
        );
    }

    #[test]
    fn a_product_is_as_cheap_as_its_cheapest_variant_and_holds_their_sum() {
        let c = Money::from_cents;
        assert_eq!(derive([]), None);
        assert_eq!(
            derive([(c(500), 2), (c(300), 0), (c(900), 7)]),
            Some(Derived {
                price: c(300),
                max_price: c(900),
                stock: 9
            })
        );
        assert_eq!(price_range(c(300), c(300)), None);
        assert_eq!(price_range(c(300), c(900)), Some((c(300), c(900))));
    }
}
