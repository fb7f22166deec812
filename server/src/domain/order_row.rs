//! An order as written: its head, its lines as bought and its events, made of the
//! order's domain types. The store reads and writes it, the mails and answers are
//! built from it; it lives here so that neither has to reach the other for it.

use super::contact::ContactInput;
use super::id::Id;
use super::order::{EventType, Fulfilment, PaymentStatus, Status, Totals};
use super::tax::{TaxEntry, Taxed, TaxedLine};
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
    /// What has been refunded, or is being refunded this moment (docs/DESIGN.md §12).
    pub refunded: Money,
    /// The tax it was charged; `None` for an order placed before tax was kept.
    pub tax: Option<OrderTax>,
    pub contact: ContactInput,
    pub promo_code: Option<String>,
    pub created_at: i64,
    /// Its tax invoice's number; `None` for an order placed before invoices were issued.
    pub invoice_number: Option<String>,
    /// The delivery method it went by, as named then; `None` for pickup, and for an
    /// order placed before methods were kept.
    pub delivery_method: Option<MethodUsed>,
    /// Its credit notes, first first.
    pub credit_notes: Vec<CreditNote>,
    /// Paid on account (docs/DESIGN.md §11): the purchase-order number and due date.
    pub account: Option<AccountTerms>,
    pub lines: Vec<OrderLine>,
    /// Oldest first, public and not.
    pub events: Vec<OrderEvent>,
}

/// How an order paid on account is to be paid: the buyer's purchase-order number and
/// the day it is due (`YYYY-MM-DD`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountTerms {
    pub po_number: String,
    pub due_date: String,
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
    /// Its class, rate, share of the discounts, amount and tax; `None` for a line of an
    /// order placed before tax was kept.
    pub tax: Option<TaxedLine>,
}

/// The tax an order was charged, as worked out when it was placed (docs/DESIGN.md §10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderTax {
    pub prices_include_tax: bool,
    /// The delivery fee's, at the standard rate (part of `taxes`' standard entry).
    pub delivery_tax: Money,
    /// Per class present, plus standard when there is a fee.
    pub taxes: Vec<TaxEntry>,
    pub tax_total: Money,
}

impl OrderTax {
    pub fn of(taxed: &Taxed, prices_include_tax: bool) -> OrderTax {
        OrderTax {
            prices_include_tax,
            delivery_tax: taxed.delivery_tax,
            taxes: taxed.taxes.clone(),
            tax_total: taxed.tax_total,
        }
    }
}

/// The delivery method an order went by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodUsed {
    pub id: String,
    pub name: String,
}

/// A credit note against the order's invoice (docs/DESIGN.md §10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CreditNote {
    /// `CN-000001`.
    pub number: String,
    pub amount: Money,
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct OrderEvent {
    pub kind: EventType,
    pub at: i64,
    pub note: Option<String>,
    pub public: bool,
}
