//! Variants, options and sale units (docs/DESIGN.md §9): the types every part shares.
//! A product has 0–3 options; each of its variants names one value of every option,
//! and is what is stocked, priced, put in a cart and ordered. The rules over them live
//! beside: `variant_rules.rs` (which variants a product may have, SKUs) and
//! `sale_unit.rs` (valid quantities).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One option of a product: 'Size' with '15 mm', '22 mm', '28 mm'.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductOption {
    pub name: String,
    pub values: Vec<String>,
}

/// A variant's value of every option of its product, by option name. Kept sorted by
/// name, so two variants with the same values are stored as the same text.
pub type VariantOptions = BTreeMap<String, String>;

/// How a product is sold: by the piece, by the whole metre, or by the pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Unit {
    #[default]
    Each,
    Metre,
    Pack,
}

impl Unit {
    /// As stored and as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Unit::Each => "each",
            Unit::Metre => "m",
            Unit::Pack => "pack",
        }
    }

    pub fn parse(text: &str) -> Option<Unit> {
        match text {
            "each" => Some(Unit::Each),
            "m" => Some(Unit::Metre),
            "pack" => Some(Unit::Pack),
            _ => None,
        }
    }
}

/// A product's sale unit and the quantities it is sold in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaleUnit {
    pub unit: Unit,
    /// Pieces in a pack: set (≥ 2) only for [`Unit::Pack`].
    pub pack_size: Option<i64>,
    pub min_quantity: i64,
    pub quantity_step: i64,
}

impl Default for SaleUnit {
    fn default() -> Self {
        SaleUnit {
            unit: Unit::Each,
            pack_size: None,
            min_quantity: 1,
            quantity_step: 1,
        }
    }
}

/// The SKU a product's one variant gets when nobody chose one (the migration's rule,
/// migration 0021): its product's id in capitals, unique as ids are.
pub fn generated_sku(product_id: &str) -> String {
    product_id.to_ascii_uppercase()
}

/// Options as stored: a JSON object with its keys in sorted order.
pub fn options_text(options: &VariantOptions) -> String {
    serde_json::to_string(options).expect("a map of strings serialises")
}

/// Options as stored, read back; `{}` for anything unreadable (never written).
pub fn options_from_text(text: &str) -> VariantOptions {
    serde_json::from_str(text).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_stored_in_name_order_whatever_order_they_came_in() {
        let mut a = VariantOptions::new();
        a.insert("Size".into(), "22 mm".into());
        a.insert("Finish".into(), "Chrome".into());
        assert_eq!(options_text(&a), r#"{"Finish":"Chrome","Size":"22 mm"}"#);
        assert_eq!(options_from_text(&options_text(&a)), a);
        assert_eq!(options_from_text("not json"), VariantOptions::new());
    }

    #[test]
    fn units_read_back_as_written() {
        for unit in [Unit::Each, Unit::Metre, Unit::Pack] {
            assert_eq!(Unit::parse(unit.as_str()), Some(unit));
        }
        assert_eq!(Unit::parse("metre"), None);
        assert_eq!(
            generated_sku("65a1f0c2e4b0a1b2c3d4e5f6"),
            "65A1F0C2E4B0A1B2C3D4E5F6"
        );
    }
}
