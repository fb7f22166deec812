//! Pure types and rules of the shop: no I/O, no database, no HTTP.
//! Handlers turn raw input into these types at the edge, so the rest of the code
//! works with values that cannot be invalid.

pub mod account;
pub mod account_policy;
pub mod cart;
pub mod contact;
pub mod country;
pub mod currency;
pub mod delivery;
pub mod id;
pub mod invoice;
pub mod listing;
pub mod money;
pub mod option_filter;
pub mod order;
pub mod order_row;
pub mod page;
pub mod payment;
pub mod phone;
pub mod price_resolver;
pub mod pricing;
pub mod product_rules;
pub mod promo;
pub mod quick_order;
#[cfg(test)]
pub(crate) mod random;
pub mod refund;
pub mod returns;
pub mod rules;
pub mod sale_unit;
pub mod search_terms;
pub mod shop;
pub mod staff;
pub mod synonyms;
pub mod tax;
pub mod time;
pub mod trade;
pub mod variant;
pub mod variant_rules;
pub mod webhook;

pub use id::new_id;
pub use money::Money;
pub use pricing::{Discount, PriceNow};
