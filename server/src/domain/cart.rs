//! The rules of a customer's cart and wishlist (spec §5, §9; docs/DESIGN.md §5): how many
//! entries a list holds, how many of one product a cart holds, and what adding,
//! changing and merging decide. The store reads the facts (stock, what is held) inside
//! its transaction and asks these functions; the HTTP layer words the refusals.

use super::sale_unit::{check_quantity, most_within, QuantityRefusal};
use super::variant::SaleUnit;

/// At most this many products in one list (spec §9).
pub const MAX_ITEMS: usize = 100;
/// At most this many of one product in the cart (spec §5).
pub const MAX_QUANTITY: i64 = 99;

/// Which of a customer's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Cart,
    Wishlist,
}

impl List {
    /// The name the API and the database use.
    pub fn as_str(self) -> &'static str {
        match self {
            List::Cart => "cart",
            List::Wishlist => "wishlist",
        }
    }

    pub fn parse(text: &str) -> Option<List> {
        match text {
            "cart" => Some(List::Cart),
            "wishlist" => Some(List::Wishlist),
            _ => None,
        }
    }
}

/// Whether a cart line may be asked to hold `quantity` (before the stock is known).
pub fn quantity_allowed(quantity: i64) -> bool {
    (1..=MAX_QUANTITY).contains(&quantity)
}

/// Why a list refuses a change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The product does not exist.
    NoSuchProduct,
    /// The variant named is not one of the product's in the shop (docs/DESIGN.md §9).
    NoSuchVariant,
    /// No variant named, and the product has several: what to choose ('Choose a Size
    /// and Finish', [`crate::domain::sale_unit::choose_message`]).
    ChooseVariant(String),
    /// The cart line would hold a quantity the product is not sold in.
    Quantity(QuantityRefusal),
    /// The customer has no such entry.
    NoSuchItem,
    AlreadyInWishlist,
    /// The list holds [`MAX_ITEMS`] entries already.
    ListFull,
    /// The cart would hold more than [`MAX_QUANTITY`]; it holds `in_cart` now.
    OverMaximum {
        in_cart: i64,
    },
    /// The cart would hold more than the stock; it holds `in_cart` now.
    OverStock {
        stock: i64,
        in_cart: i64,
    },
    /// The entry is on the wishlist, which has no quantities.
    NotInCart,
}

/// What adding `adding` of a product with `stock` left to `list` decides: the quantity
/// the entry holds afterwards (1 on the wishlist), or why not. `held` is what the list
/// holds of the product already, if it holds it; `entries` how many entries it has
/// (only a new entry needs it).
pub fn decide_add(
    list: List,
    held: Option<i64>,
    entries: usize,
    stock: i64,
    adding: i64,
) -> Result<i64, Refusal> {
    match (list, held) {
        (List::Wishlist, Some(_)) => Err(Refusal::AlreadyInWishlist),
        (List::Cart, Some(in_cart)) => {
            let wanted = in_cart + adding;
            if wanted > MAX_QUANTITY {
                Err(Refusal::OverMaximum { in_cart })
            } else if wanted > stock {
                Err(Refusal::OverStock { stock, in_cart })
            } else {
                Ok(wanted)
            }
        }
        (_, None) if entries >= MAX_ITEMS => Err(Refusal::ListFull),
        (List::Wishlist, None) => Ok(1),
        (List::Cart, None) if adding > stock => Err(Refusal::OverStock { stock, in_cart: 0 }),
        (List::Cart, None) => Ok(adding),
    }
}

/// What setting an entry of `list` to `quantity` decides, the product having `stock`
/// left. The caller has checked [`quantity_allowed`].
pub fn decide_update(list: List, stock: i64, quantity: i64) -> Result<i64, Refusal> {
    if list != List::Cart {
        Err(Refusal::NotInCart)
    } else if quantity > stock {
        Err(Refusal::OverStock { stock, in_cart: 0 })
    } else {
        Ok(quantity)
    }
}

/// The quantity a cart line may be asked to hold, by the product's sale unit: checked
/// on what the line holds afterwards (`held` + `adding`), unless that is over
/// [`MAX_QUANTITY`], which [`decide_add`] refuses in its own words.
pub fn check_cart_quantity(sale: &SaleUnit, held: Option<i64>, adding: i64) -> Result<(), Refusal> {
    let wanted = held.unwrap_or(0).saturating_add(adding);
    if wanted > MAX_QUANTITY {
        return Ok(());
    }
    check_quantity(sale, wanted).map_err(Refusal::Quantity)
}

/// What merging one line of a browser's cart decides (docs/DESIGN.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CartMerge {
    /// The entry holds `quantity` afterwards; `capped` when that is less than the two
    /// lists held together (the stock or 99 stood in the way).
    Hold {
        quantity: i64,
        capped: bool,
    },
    OutOfStock,
    /// A new entry, and the cart holds [`MAX_ITEMS`] already.
    OverLimit,
}

/// Merges `adding` of a variant with `stock` left into a cart that holds `held` of it
/// (if it holds it) among `entries` entries: quantities add up, capped at the stock and
/// at [`MAX_QUANTITY`], and lowered to what the product is sold in (a multiple of its
/// step, at least its minimum; out of stock when the cap allows no such quantity).
pub fn merge_cart_line(
    sale: &SaleUnit,
    held: Option<i64>,
    entries: usize,
    stock: i64,
    adding: i64,
) -> CartMerge {
    if most_within(sale, stock.min(MAX_QUANTITY)).is_none() {
        return CartMerge::OutOfStock;
    }
    let together = match held {
        Some(in_cart) => in_cart.saturating_add(adding),
        None if entries >= MAX_ITEMS => return CartMerge::OverLimit,
        None => adding,
    };
    let Some(quantity) = most_within(sale, together.min(stock).min(MAX_QUANTITY)) else {
        return CartMerge::OutOfStock;
    };
    CartMerge::Hold {
        quantity,
        capped: quantity < together,
    }
}

/// What a merge of a browser's lists could not take over, and why.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Products that no longer exist.
    pub unknown: usize,
    /// Cart entries of products out of stock.
    pub out_of_stock: usize,
    /// Cart entries whose quantity was lowered to the stock or to 99.
    pub capped: usize,
    /// Entries beyond the 100 a list holds.
    pub over_limit: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_the_api_names_them() {
        for list in [List::Cart, List::Wishlist] {
            assert_eq!(List::parse(list.as_str()), Some(list));
        }
        assert_eq!(List::parse("Cart"), None);
        assert_eq!(List::parse(""), None);
    }

    #[test]
    fn a_cart_line_asks_for_1_to_99() {
        assert!(!quantity_allowed(0));
        assert!(quantity_allowed(1));
        assert!(quantity_allowed(99));
        assert!(!quantity_allowed(100));
        assert!(!quantity_allowed(-1));
    }

    #[test]
    fn adding_to_a_held_cart_line_adds_the_quantities() {
        assert_eq!(decide_add(List::Cart, Some(2), 5, 10, 3), Ok(5));
        assert_eq!(decide_add(List::Cart, Some(2), 5, 5, 3), Ok(5));
    }

    #[test]
    fn adding_past_the_stock_says_what_is_left_and_held() {
        assert_eq!(
            decide_add(List::Cart, Some(2), 5, 4, 3),
            Err(Refusal::OverStock {
                stock: 4,
                in_cart: 2
            })
        );
        assert_eq!(
            decide_add(List::Cart, None, 5, 2, 3),
            Err(Refusal::OverStock {
                stock: 2,
                in_cart: 0
            })
        );
        assert_eq!(
            decide_add(List::Cart, None, 5, 0, 1),
            Err(Refusal::OverStock {
                stock: 0,
                in_cart: 0
            })
        );
    }

    #[test]
    fn the_99_per_line_limit_comes_before_the_stock() {
        assert_eq!(
            decide_add(List::Cart, Some(98), 1, 50, 2),
            Err(Refusal::OverMaximum { in_cart: 98 })
        );
        assert_eq!(decide_add(List::Cart, Some(98), 1, 500, 1), Ok(99));
    }

    #[test]
    fn a_full_list_takes_no_new_product_but_a_held_one_still_adds_up() {
        assert_eq!(
            decide_add(List::Cart, None, 100, 10, 1),
            Err(Refusal::ListFull)
        );
        assert_eq!(
            decide_add(List::Wishlist, None, 100, 10, 1),
            Err(Refusal::ListFull)
        );
        assert_eq!(decide_add(List::Cart, Some(1), 100, 10, 1), Ok(2));
        assert_eq!(decide_add(List::Cart, None, 99, 10, 1), Ok(1));
    }

    #[test]
    fn the_wishlist_holds_a_product_once_whatever_its_stock() {
        assert_eq!(decide_add(List::Wishlist, None, 0, 0, 7), Ok(1));
        assert_eq!(
            decide_add(List::Wishlist, Some(1), 1, 10, 1),
            Err(Refusal::AlreadyInWishlist)
        );
    }

    #[test]
    fn an_update_sets_the_cart_quantity_up_to_the_stock() {
        assert_eq!(decide_update(List::Cart, 5, 5), Ok(5));
        assert_eq!(
            decide_update(List::Cart, 5, 6),
            Err(Refusal::OverStock {
                stock: 5,
                in_cart: 0
            })
        );
        assert_eq!(decide_update(List::Wishlist, 5, 1), Err(Refusal::NotInCart));
    }

    #[test]
    fn merging_adds_up_and_caps_at_the_stock_and_99() {
        let each = SaleUnit::default();
        assert_eq!(
            merge_cart_line(&each, Some(2), 3, 10, 3),
            CartMerge::Hold {
                quantity: 5,
                capped: false
            }
        );
        assert_eq!(
            merge_cart_line(&each, Some(2), 3, 4, 3),
            CartMerge::Hold {
                quantity: 4,
                capped: true
            }
        );
        assert_eq!(
            merge_cart_line(&each, None, 3, 500, 120),
            CartMerge::Hold {
                quantity: 99,
                capped: true
            }
        );
        assert_eq!(
            merge_cart_line(&each, Some(i64::MAX), 3, 500, 1),
            CartMerge::Hold {
                quantity: 99,
                capped: true
            }
        );
    }

    #[test]
    fn merging_lowers_a_held_line_the_stock_no_longer_covers() {
        let each = SaleUnit::default();
        assert_eq!(
            merge_cart_line(&each, Some(8), 3, 5, 1),
            CartMerge::Hold {
                quantity: 5,
                capped: true
            }
        );
    }

    #[test]
    fn merging_skips_what_is_out_of_stock_or_over_the_list_limit() {
        let each = SaleUnit::default();
        assert_eq!(
            merge_cart_line(&each, Some(1), 3, 0, 1),
            CartMerge::OutOfStock
        );
        assert_eq!(
            merge_cart_line(&each, None, 100, 0, 1),
            CartMerge::OutOfStock
        );
        assert_eq!(
            merge_cart_line(&each, None, 100, 10, 1),
            CartMerge::OverLimit
        );
        assert_eq!(
            merge_cart_line(&each, Some(1), 100, 10, 1),
            CartMerge::Hold {
                quantity: 2,
                capped: false
            }
        );
    }

    fn packs(min_quantity: i64, quantity_step: i64) -> SaleUnit {
        SaleUnit {
            min_quantity,
            quantity_step,
            ..SaleUnit::default()
        }
    }

    #[test]
    fn merging_keeps_to_the_sale_unit() {
        let sale = packs(10, 5);
        assert_eq!(
            merge_cart_line(&sale, Some(10), 1, 23, 15),
            CartMerge::Hold {
                quantity: 20,
                capped: true
            }
        );
        assert_eq!(
            merge_cart_line(&sale, None, 1, 9, 10),
            CartMerge::OutOfStock
        );
        assert_eq!(
            merge_cart_line(&sale, None, 1, 100, 15),
            CartMerge::Hold {
                quantity: 15,
                capped: false
            }
        );
    }

    #[test]
    fn a_cart_quantity_is_checked_on_what_the_line_holds_afterwards() {
        let sale = packs(10, 5);
        assert_eq!(
            check_cart_quantity(&sale, None, 5),
            Err(Refusal::Quantity(QuantityRefusal::BelowMinimum(10)))
        );
        assert_eq!(check_cart_quantity(&sale, Some(10), 5), Ok(()));
        assert_eq!(
            check_cart_quantity(&sale, Some(10), 3),
            Err(Refusal::Quantity(QuantityRefusal::NotAStep(5)))
        );
        // Past 99 the cart's own limit speaks (decide_add).
        assert_eq!(check_cart_quantity(&sale, Some(95), 7), Ok(()));
    }
}
