//! The demo's delivery methods (docs/DESIGN.md §10): the migration's 'Standard delivery'
//! stays the default at the spec's fee, and three more show what methods can do.

use crate::domain::delivery::{check_method, MethodDraft, MethodRules};
use crate::domain::id::stable_id;
use crate::store::delivery::DeliveryMethods;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// 'Next-day' (everywhere, up to 30 kg: 250), 'Pallet' (everywhere, any weight: 900) and
/// 'Highlands and islands' (HS, IV, KW and ZE postcodes, any weight: 300), each with
/// its stable id, as the console would save them.
pub fn methods() -> Vec<(String, MethodRules)> {
    let method = |name: &str, about: &str, prefixes: &[&str], band: (Option<i64>, f64), at| {
        let draft = MethodDraft {
            name: name.into(),
            description: about.into(),
            postcode_prefixes: prefixes.iter().map(|p| p.to_string()).collect(),
            rates: vec![(band.0, Some(band.1))],
            free_over: None,
            active: true,
            position: at,
        };
        let rules = check_method(&draft).expect("the demo's methods keep the rules");
        (stable_id("delivery_method", name), rules)
    };
    vec![
        method(
            "Next-day",
            "Order by 2pm on a working day; parcels up to 30 kg.",
            &[],
            (Some(30_000), 250.0),
            1,
        ),
        method(
            "Pallet",
            "Boilers, cylinders and bulk orders on a pallet, any weight.",
            &[],
            (None, 900.0),
            2,
        ),
        method(
            "Highlands and islands",
            "For HS, IV, KW and ZE postcodes.",
            &["HS", "IV", "KW", "ZE"],
            (None, 300.0),
            3,
        ),
    ]
}

/// Adds the demo's methods the shop does not have yet. Returns how many it added.
pub async fn seed_delivery(store: &DeliveryMethods) -> Result<u64, BoxError> {
    Ok(store.add_missing(&methods()).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Money;

    #[test]
    fn the_demo_methods_are_the_designs() {
        let methods = methods();
        let names: Vec<&str> = methods.iter().map(|(_, m)| m.name.as_str()).collect();
        assert_eq!(names, ["Next-day", "Pallet", "Highlands and islands"]);
        let next_day = &methods[0].1.rates[0];
        assert_eq!(
            (next_day.up_to_grams, next_day.price),
            (Some(30_000), Money::from_cents(25_000))
        );
        assert_eq!(methods[2].1.postcode_prefixes, ["HS", "IV", "KW", "ZE"]);
    }
}
