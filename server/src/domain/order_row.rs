//! An order as written: its head, its lines as bought and its events, made of the
//! order's domain types. The store reads and writes it, the mails and answers are
//! built from it; it lives here so that neither has to reach the other for it.

use super::id::Id;
use super::order::{ContactInput, EventType, Fulfilment, PaymentStatus, Status, Totals};
use super::variant::VariantOptions;
use super::Money;

/// An order as it stands, with its lines and every event.
#[derive(Clone, Debug)]
pub struct OrderRow {
    pub id: Id,
    pub number: String,
    pub user_id: Option<Id>,
    pub fulfilment: Fulfilment,
    pub status: Status,
    pub payment_status: PaymentStatus,
    pub payment_method: String,
    /// The provider's payment, for a card order.
    pub payment_ref: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub totals: Totals,
    pub contact: ContactInput,
    pub promo_code: Option<String>,
    pub created_at: i64,
    pub lines: Vec<OrderLine>,
    /// Oldest first, public and not.
    pub events: Vec<OrderEvent>,
}

/// A line as bought: a copy of the product and its variant at the instant of ordering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderLine {
    pub product_id: String,
    /// The variant sold (docs/DESIGN.md §9); `None` only for a line whose variant the
    /// migration could not name.
    pub variant_id: Option<String>,
    /// The variant's SKU then.
    pub sku: Option<String>,
    /// The variant's option values then (`{}` without options).
    pub options: VariantOptions,
    pub name: String,
    pub image: Option<String>,
    pub unit_price: Money,
    pub list_price: Money,
    pub discount_bp: i64,
    pub quantity: i64,
    pub line_total: Money,
}

#[derive(Clone, Debug)]
pub struct OrderEvent {
    pub kind: EventType,
    pub at: i64,
    pub note: Option<String>,
    pub public: bool,
}
