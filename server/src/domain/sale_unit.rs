//! The quantities a product is sold in, and which of its variants a line means
//! (docs/DESIGN.md §9). Every call that takes a quantity (the wishlist aside) asks
//! [`check_quantity`]; every call that takes a line asks [`choose_variant`]. The HTTP
//! layer words the refusals with the messages here and keys them by its own fields.

use super::variant::{ProductOption, SaleUnit};

/// Why a quantity is not one the product is sold in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantityRefusal {
    /// Below the product's `minQuantity` (checked first).
    BelowMinimum(i64),
    /// Not a multiple of the product's `quantityStep`.
    NotAStep(i64),
}

impl QuantityRefusal {
    /// What the shopper reads: 'Order at least 10', 'Sold in multiples of 5'.
    pub fn message(self) -> String {
        match self {
            QuantityRefusal::BelowMinimum(n) => format!("Order at least {n}"),
            QuantityRefusal::NotAStep(n) => format!("Sold in multiples of {n}"),
        }
    }
}

/// Whether `quantity` (whole units of the sale unit) is one the product is sold in: at
/// least its minimum, and a multiple of its step.
pub fn check_quantity(sale: &SaleUnit, quantity: i64) -> Result<(), QuantityRefusal> {
    let step = sale.quantity_step.max(1);
    if quantity < sale.min_quantity {
        Err(QuantityRefusal::BelowMinimum(sale.min_quantity))
    } else if quantity % step != 0 {
        Err(QuantityRefusal::NotAStep(step))
    } else {
        Ok(())
    }
}

/// The most units, at most `cap`, that the product is sold in: the largest multiple of
/// its step not above `cap`, or `None` when that is below its minimum (a merge then
/// cannot hold the line at all).
pub fn most_within(sale: &SaleUnit, cap: i64) -> Option<i64> {
    let step = sale.quantity_step.max(1);
    let most = cap.max(0) / step * step;
    (most >= sale.min_quantity.max(1)).then_some(most)
}

/// What a line that names no variant of a product with several is refused with: 'Choose
/// a ' and the product's option names in order ('Size', 'Size and Finish', 'Size, Finish
/// and Length').
pub fn choose_message(options: &[ProductOption]) -> String {
    let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
    let named = match names.as_slice() {
        [] => "variant".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("Choose a {named}")
}

/// Why a line names no variant that can be sold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceRefusal {
    /// No variant named, and the product has several: [`choose_message`].
    MustChoose,
    /// The variant named is not one of the product's in the shop (unknown, another
    /// product's, or archived), or the product has none left.
    NoLongerAvailable,
}

/// The variant a line means: the one it names, if that is one of `in_shop` (the
/// product's variants that are not archived); else, naming none, the product's only
/// variant.
pub fn choose_variant<'a>(
    asked: Option<&str>,
    in_shop: &[&'a str],
) -> Result<&'a str, ChoiceRefusal> {
    match (asked, in_shop) {
        (Some(asked), _) => in_shop
            .iter()
            .find(|id| **id == asked)
            .copied()
            .ok_or(ChoiceRefusal::NoLongerAvailable),
        (None, [only]) => Ok(only),
        (None, []) => Err(ChoiceRefusal::NoLongerAvailable),
        (None, _) => Err(ChoiceRefusal::MustChoose),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::variant::Unit;

    fn sold(min_quantity: i64, quantity_step: i64) -> SaleUnit {
        SaleUnit {
            unit: Unit::Pack,
            pack_size: Some(10),
            min_quantity,
            quantity_step,
        }
    }

    fn option(name: &str) -> ProductOption {
        ProductOption {
            name: name.into(),
            values: vec!["a".into()],
        }
    }

    #[test]
    fn any_whole_quantity_is_valid_by_default() {
        let each = SaleUnit::default();
        for quantity in [1, 2, 7, 99] {
            assert_eq!(check_quantity(&each, quantity), Ok(()));
        }
    }

    #[test]
    fn the_minimum_is_told_before_the_step() {
        let sale = sold(10, 5);
        assert_eq!(
            check_quantity(&sale, 3),
            Err(QuantityRefusal::BelowMinimum(10))
        );
        assert_eq!(check_quantity(&sale, 12), Err(QuantityRefusal::NotAStep(5)));
        assert_eq!(check_quantity(&sale, 10), Ok(()));
        assert_eq!(check_quantity(&sale, 15), Ok(()));
        assert_eq!(
            QuantityRefusal::BelowMinimum(10).message(),
            "Order at least 10"
        );
        assert_eq!(
            QuantityRefusal::NotAStep(5).message(),
            "Sold in multiples of 5"
        );
    }

    #[test]
    fn a_step_alone_refuses_what_is_between_its_multiples() {
        let sale = sold(1, 3);
        assert_eq!(check_quantity(&sale, 1), Err(QuantityRefusal::NotAStep(3)));
        assert_eq!(check_quantity(&sale, 3), Ok(()));
    }

    #[test]
    fn the_most_within_a_cap_rounds_down_to_a_step_and_keeps_the_minimum() {
        assert_eq!(most_within(&sold(10, 5), 23), Some(20));
        assert_eq!(most_within(&sold(10, 5), 9), None);
        assert_eq!(most_within(&sold(1, 1), 0), None);
        assert_eq!(most_within(&SaleUnit::default(), 99), Some(99));
    }

    #[test]
    fn the_choice_message_names_the_options_in_order() {
        assert_eq!(choose_message(&[option("Size")]), "Choose a Size");
        assert_eq!(
            choose_message(&[option("Size"), option("Finish")]),
            "Choose a Size and Finish"
        );
        assert_eq!(
            choose_message(&[option("Size"), option("Finish"), option("Length")]),
            "Choose a Size, Finish and Length"
        );
    }

    #[test]
    fn a_line_may_leave_out_the_variant_only_of_a_product_with_one() {
        assert_eq!(choose_variant(None, &["v1"]), Ok("v1"));
        assert_eq!(
            choose_variant(None, &["v1", "v2"]),
            Err(ChoiceRefusal::MustChoose)
        );
        assert_eq!(
            choose_variant(None, &[]),
            Err(ChoiceRefusal::NoLongerAvailable)
        );
        assert_eq!(choose_variant(Some("v2"), &["v1", "v2"]), Ok("v2"));
        assert_eq!(
            choose_variant(Some("v3"), &["v1", "v2"]),
            Err(ChoiceRefusal::NoLongerAvailable)
        );
        assert_eq!(
            choose_variant(Some("v1"), &[]),
            Err(ChoiceRefusal::NoLongerAvailable)
        );
    }
}
