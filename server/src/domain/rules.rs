//! The shop's rules the storefront and the console apply before asking the server:
//! product limits, the cart's limits, the cart totals' constants, delivery methods'
//! limits and the country codes the shop knows, as one JSON
//! document built from the constants the server checks. It is committed as
//! `web/src/api/rules.json`, which `web/src/lib/rules.ts` reads, so no number is copied
//! by hand; a test rewrites the file and fails when the committed one was stale.

use serde_json::{json, Value};

use super::cart::{MAX_ITEMS, MAX_QUANTITY};
use super::country::country_codes;
use super::delivery::{self, MAX_POSTCODE_CHARS};
use super::order::{DELIVERY_FEE, ORDER_DISCOUNT_BP};
use super::product_rules::{
    LOW_STOCK, MAX_BULK, MAX_DESCRIPTION_CHARS, MAX_DISCOUNT_BP, MAX_LABEL_CHARS, MAX_NAME_CHARS,
    MAX_PHOTOS, MAX_PRICE, MAX_PRICE_CHANGE_PERCENT, MAX_STOCK, MAX_STOCK_REASON_CHARS, MIN_PRICE,
    MIN_PRICE_CHANGE_PERCENT,
};
use super::staff::StaffRole;
use super::variant_rules::MAX_WEIGHT_GRAMS;
use super::Money;

/// The rules as `web/src/api/rules.json` holds them. Amounts are in the shop's currency
/// (as the API's prices are), percentages in percent.
pub fn rules() -> Value {
    json!({
        "product": {
            "maxNameChars": MAX_NAME_CHARS,
            "maxDescriptionChars": MAX_DESCRIPTION_CHARS,
            "maxLabelChars": MAX_LABEL_CHARS,
            "minPrice": amount(MIN_PRICE),
            "maxPrice": amount(MAX_PRICE),
            "maxDiscountPercent": whole(MAX_DISCOUNT_BP as f64 / 100.0),
            "maxStock": MAX_STOCK,
            "maxStockReasonChars": MAX_STOCK_REASON_CHARS,
            "lowStock": LOW_STOCK,
            "maxPhotos": MAX_PHOTOS,
        },
        "bulk": {
            "maxProducts": MAX_BULK,
            "minPriceChangePercent": whole(MIN_PRICE_CHANGE_PERCENT),
            "maxPriceChangePercent": whole(MAX_PRICE_CHANGE_PERCENT),
        },
        "cart": {
            "maxItems": MAX_ITEMS,
            "maxQuantity": MAX_QUANTITY,
        },
        "totals": {
            "discountPercent": whole(ORDER_DISCOUNT_BP as f64 / 100.0),
            "deliveryFee": amount(DELIVERY_FEE),
        },
        "delivery": {
            "maxPostcodeChars": MAX_POSTCODE_CHARS,
            "maxMethodNameChars": delivery::MAX_NAME_CHARS,
            "maxMethodDescriptionChars": delivery::MAX_DESCRIPTION_CHARS,
            "maxPrefixChars": delivery::MAX_PREFIX_CHARS,
            "maxBands": delivery::MAX_BANDS,
            "maxPosition": delivery::MAX_POSITION,
            "maxWeightGrams": MAX_WEIGHT_GRAMS,
        },
        "countries": country_codes().collect::<Vec<_>>(),
        // What each staff role may do (docs/DESIGN.md §13): the console's tests sign in
        // as each role with these, so they never keep a table of their own.
        "staff": {
            "permissions": StaffRole::ALL
                .iter()
                .map(|role| (role.as_str().to_string(), json!(role.permissions())))
                .collect::<serde_json::Map<String, Value>>(),
        },
    })
}

/// The document as committed: pretty JSON with a final newline.
pub fn rules_json() -> String {
    let mut text = serde_json::to_string_pretty(&rules()).expect("the rules serialise");
    text.push('\n');
    text
}

/// An amount as the API writes it.
fn amount(money: Money) -> Value {
    whole(money.as_f64())
}

/// `value`, without a fraction when it has none (`100`, not `100.0`).
fn whole(value: f64) -> Value {
    if value.fract() == 0.0 {
        json!(value as i64)
    } else {
        json!(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rewrites `web/src/api/rules.json` when it differs from the rules, and then fails,
    /// so a changed constant cannot pass until the file that carries it is committed.
    #[test]
    fn the_committed_rules_json_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/api/rules.json");
        let current = rules_json();
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        if committed != current {
            std::fs::write(path, &current).expect("web/src/api/rules.json is writable");
            panic!("web/src/api/rules.json was stale: it has been rewritten, commit it");
        }
    }

    #[test]
    fn amounts_and_percentages_are_written_as_the_api_writes_them() {
        let rules = rules();
        assert_eq!(rules["product"]["minPrice"], json!(0.01));
        assert_eq!(rules["product"]["maxPrice"], json!(1_000_000));
        assert_eq!(rules["product"]["maxDiscountPercent"], json!(95));
        assert_eq!(rules["bulk"]["minPriceChangePercent"], json!(-90));
        assert_eq!(rules["totals"]["deliveryFee"], json!(100));
        assert_eq!(rules["totals"]["discountPercent"], json!(20));
    }
}
