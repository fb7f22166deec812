//! Quick order and buy again (docs/DESIGN.md §11): lines of 'SKU quantity' put in the
//! cart at once, each with its own answer. SKUs match ignoring case and one SKU twice in
//! a call is summed; each line then adds what the stock, the cart's caps and the
//! product's sale unit allow.

use std::collections::BTreeMap;

use super::cart::{merge_cart_line, CartMerge, MAX_ITEMS};
use super::sale_unit::check_quantity;
use super::variant::SaleUnit;

/// Most lines one call may send.
pub const MAX_LINES: usize = 200;
pub const TOO_MANY_LINES: &str = "At most 200 lines";

/// What became of one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// All of it is in the cart.
    Added,
    /// Less could be added (the stock or the cart's caps): `quantity` says how many, 0
    /// when none.
    Short,
    /// No such SKU in the shop (or it is archived).
    Unknown,
    /// The quantity is not one the product is sold in; nothing was added.
    Invalid,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Added => "added",
            Status::Short => "short",
            Status::Unknown => "unknown",
            Status::Invalid => "invalid",
        }
    }
}

/// A line as asked: the SKU as typed (first spelling kept), its quantity summed.
#[derive(Clone, Debug, PartialEq)]
pub struct Asked {
    pub sku: String,
    /// `None` when a part of it was not a whole number of at least 1.
    pub quantity: Option<i64>,
    /// Buy again: the unit price the line was ordered at, to say when today's differs.
    pub was: Option<super::Money>,
}

/// The lines of a call, one per SKU ignoring case, in the order first named. A quantity
/// that is not a whole number of at least 1 makes the SKU's line invalid.
pub fn merge_lines(lines: &[(String, f64)]) -> Vec<Asked> {
    let mut order: Vec<String> = Vec::new();
    let mut merged: BTreeMap<String, Asked> = BTreeMap::new();
    for (sku, quantity) in lines {
        let sku = sku.trim();
        let key = sku.to_lowercase();
        let whole = (quantity.fract() == 0.0 && *quantity >= 1.0 && *quantity <= 1e9)
            .then_some(*quantity as i64);
        match merged.get_mut(&key) {
            Some(asked) => {
                asked.quantity = asked.quantity.zip(whole).map(|(a, b)| a + b);
            }
            None => {
                order.push(key.clone());
                merged.insert(
                    key,
                    Asked {
                        sku: sku.to_string(),
                        quantity: whole,
                        was: None,
                    },
                );
            }
        }
    }
    order
        .into_iter()
        .filter_map(|key| merged.remove(&key))
        .collect()
}

/// The answer to one line, and what the cart's entry holds afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub status: Status,
    /// Units added now.
    pub quantity: i64,
    pub message: Option<String>,
    /// What the cart's entry holds afterwards, when it changes.
    pub hold: Option<i64>,
}

/// What adding `quantity` of a variant with `stock` left, sold by `sale`, to a cart that
/// holds `held` of it among `entries` entries does.
pub fn decide(
    sale: &SaleUnit,
    quantity: Option<i64>,
    held: Option<i64>,
    entries: usize,
    stock: i64,
) -> Decision {
    let refuse = |message: String| Decision {
        status: Status::Invalid,
        quantity: 0,
        message: Some(message),
        hold: None,
    };
    let Some(quantity) = quantity else {
        return refuse("Quantity must be a whole number of at least 1".into());
    };
    if let Err(refusal) = check_quantity(sale, quantity) {
        return refuse(refusal.message());
    }
    let short = |added: i64, message: String, hold: Option<i64>| Decision {
        status: Status::Short,
        quantity: added,
        message: Some(message),
        hold,
    };
    match merge_cart_line(sale, held, entries, stock, quantity) {
        CartMerge::OutOfStock => short(0, "This product is out of stock".into(), None),
        CartMerge::OverLimit => short(
            0,
            format!("Maximum {MAX_ITEMS} items allowed in cart"),
            None,
        ),
        CartMerge::Hold {
            quantity: total,
            capped: false,
        } => Decision {
            status: Status::Added,
            quantity,
            message: None,
            hold: Some(total),
        },
        CartMerge::Hold {
            quantity: total, ..
        } => {
            let before = held.unwrap_or(0);
            let added = (total - before).max(0);
            let hold = (total > before).then_some(total);
            short(added, format!("Only {added} could be added"), hold)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::variant::Unit;

    fn sale(min: i64, step: i64) -> SaleUnit {
        SaleUnit {
            unit: Unit::Each,
            pack_size: None,
            min_quantity: min,
            quantity_step: step,
        }
    }

    #[test]
    fn one_sku_twice_is_summed_ignoring_case_in_the_order_first_named() {
        let lines = vec![
            ("cf-22".to_string(), 2.0),
            ("PTFE".to_string(), 1.0),
            ("CF-22 ".to_string(), 3.0),
            ("bad".to_string(), 1.5),
        ];
        let merged = merge_lines(&lines);
        assert_eq!(
            merged,
            [
                Asked {
                    sku: "cf-22".into(),
                    quantity: Some(5),
                    was: None
                },
                Asked {
                    sku: "PTFE".into(),
                    quantity: Some(1),
                    was: None
                },
                Asked {
                    sku: "bad".into(),
                    quantity: None,
                    was: None
                },
            ]
        );
    }

    #[test]
    fn a_line_adds_what_the_stock_the_caps_and_the_sale_unit_allow() {
        let each = sale(1, 1);
        let added = decide(&each, Some(3), None, 0, 10);
        assert_eq!(
            (added.status, added.quantity, added.hold),
            (Status::Added, 3, Some(3))
        );
        let short = decide(&each, Some(8), Some(5), 1, 10);
        assert_eq!(
            (short.status, short.quantity, short.hold),
            (Status::Short, 5, Some(10))
        );
        assert_eq!(short.message.as_deref(), Some("Only 5 could be added"));
        let gone = decide(&each, Some(1), None, 0, 0);
        assert_eq!((gone.status, gone.quantity), (Status::Short, 0));
        let full = decide(&each, Some(1), None, MAX_ITEMS, 10);
        assert_eq!(
            (full.status, full.quantity, full.hold),
            (Status::Short, 0, None)
        );
        let at_cap = decide(&each, Some(5), Some(99), 1, 500);
        assert_eq!(
            (at_cap.status, at_cap.quantity, at_cap.hold),
            (Status::Short, 0, None)
        );
        let packs = sale(10, 5);
        let invalid = decide(&packs, Some(12), None, 0, 100);
        assert_eq!(invalid.status, Status::Invalid);
        assert_eq!(invalid.message.as_deref(), Some("Sold in multiples of 5"));
        assert_eq!(
            decide(&packs, Some(5), None, 0, 100).message.as_deref(),
            Some("Order at least 10")
        );
        // 23 in stock: the most in fives is 20.
        let stepped = decide(&packs, Some(25), None, 0, 23);
        assert_eq!((stepped.status, stepped.quantity), (Status::Short, 20));
        assert_eq!(decide(&each, None, None, 0, 5).status, Status::Invalid);
    }
}
