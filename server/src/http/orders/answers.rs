//! What the order calls read and answer, shared by the shopper's calls, the console's
//! and the payment calls that answer an order: the checkout's forms, the quote, an
//! order as the shopper or staff see it, and pages of them.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::contact::ContactInput;
use crate::domain::delivery::DeliveryOption;
use crate::domain::order::{EventType, Fulfilment, PaymentStatus, Status};
use crate::domain::order_row::{OrderRow, OrderTax};
use crate::domain::tax::{rate_percent, TaxEntry, TaxedLine};
use crate::domain::time::iso8601;
use crate::domain::Money;
use crate::store::orders::{RefundEntry, RefundIssue};

// ---- What the calls read ----

/// A line of the cart as a guest's browser holds it.
#[derive(Deserialize, Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct LineRequest {
    #[serde(default)]
    pub product_id: String,
    /// The variant (docs/DESIGN.md §9); may be left out only for a product with one.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub variant_id: Option<String>,
    #[serde(default)]
    pub quantity: i64,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequest {
    #[serde(default)]
    #[schema(required = true, value_type = crate::domain::order::Fulfilment)]
    pub fulfilment: String,
    /// A guest's lines; signed in, the lines to quote instead of the server cart (left
    /// out or empty: the cart).
    #[serde(default)]
    pub items: Option<Vec<LineRequest>>,
    /// A promo code, case-insensitive; blank for none.
    #[serde(default)]
    pub promo_code: Option<String>,
    /// Where a delivery goes (docs/DESIGN.md §10): without one only the methods that
    /// deliver everywhere apply.
    #[serde(default)]
    pub postcode: String,
    /// The delivery's country (ISO 3166-1); blank: the shop's.
    #[serde(default)]
    pub country: String,
    /// The delivery method to price; one that cannot be used is not refused here:
    /// the default (else the cheapest) is priced instead, and `deliveryMethodId` says so.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub delivery_method_id: Option<String>,
}

/// The checkout's contact form (spec §3).
#[derive(Deserialize, Serialize, ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct Contact {
    pub first_name: String,
    pub company_name: String,
    pub street_address: String,
    pub apartment: String,
    pub town_city: String,
    /// Chooses the delivery methods (docs/DESIGN.md §10); may be blank.
    pub postcode: String,
    /// ISO 3166-1; blank on an order: the shop's. An order answers the one it used
    /// (blank on orders placed before delivery methods).
    pub country: String,
    pub phone_number: String,
    pub email_address: String,
}

impl From<ContactInput> for Contact {
    fn from(c: ContactInput) -> Self {
        Contact {
            first_name: c.first_name,
            company_name: c.company_name,
            street_address: c.street_address,
            apartment: c.apartment,
            town_city: c.town_city,
            postcode: c.postcode,
            country: c.country,
            phone_number: c.phone_number,
            email_address: c.email_address,
        }
    }
}

impl From<Contact> for ContactInput {
    fn from(c: Contact) -> Self {
        ContactInput {
            first_name: c.first_name,
            company_name: c.company_name,
            street_address: c.street_address,
            apartment: c.apartment,
            town_city: c.town_city,
            postcode: c.postcode,
            country: c.country,
            phone_number: c.phone_number,
            email_address: c.email_address,
        }
    }
}

/// How the order is paid.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    /// `cod` (cash on delivery or at pickup), `card`, or `account` (an approved trade
    /// account with credit: docs/DESIGN.md §11).
    #[serde(default)]
    pub method: String,
    /// For `account`: the buyer's purchase-order number, 1 to 40 characters.
    #[serde(default)]
    pub po_number: Option<String>,
    /// For `card`: one of the customer's saved cards (its `_id`), or a fresh token
    /// from the provider's tokenize URL (`pm_test_…`).
    #[serde(default)]
    pub payment_method_id: Option<String>,
    /// For a fresh token, signed in: keep the card in Payment Methods too.
    #[serde(default)]
    pub save_card: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceRequest {
    #[serde(default)]
    #[schema(required = true, value_type = crate::domain::order::Fulfilment)]
    pub fulfilment: String,
    #[serde(default)]
    pub contact: Contact,
    /// Keep the contact details for the next checkout (signed-in customers).
    #[serde(default)]
    pub save_address: bool,
    pub payment: Payment,
    /// A guest's lines; signed in, the lines to order instead of the server cart, which
    /// then stays as it is (left out or empty: the cart is ordered and emptied).
    #[serde(default)]
    pub items: Option<Vec<LineRequest>>,
    #[serde(default)]
    pub promo_code: Option<String>,
    /// For a delivery (docs/DESIGN.md §10): left out, the default method when it can
    /// take the order, else the only one that can.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub delivery_method_id: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The `token` of the order's mailed link.
    pub token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub number: String,
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
}

// ---- What the calls answer ----

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteLine {
    pub product_id: String,
    /// The variant the line prices; `null` when the product or variant is gone.
    pub variant_id: Option<String>,
    pub quantity: i64,
    /// What one unit costs now; `null` for a product that is gone.
    pub unit_price: Option<f64>,
    /// Unit price × quantity; `null` for a product that is gone.
    pub line_total: Option<f64>,
    /// Its tax (docs/DESIGN.md §10); `null` fields for a product that is gone.
    #[serde(flatten)]
    pub tax: LineTaxFields,
    /// Whether the stock meets the line now.
    pub available: bool,
    /// Why not: 'Only N left in stock', 'This product is out of stock', 'This product
    /// is no longer available'.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub subtotal: f64,
    pub discount: f64,
    /// What the promo code takes off, after the shop's discount (0 without one).
    pub promo_discount: f64,
    pub delivery_fee: f64,
    pub total: f64,
    /// The tax in the total (docs/DESIGN.md §10); added to it when prices are net.
    pub tax_total: f64,
    /// Per class present among the lines, plus `standard` when there is a fee.
    pub taxes: Vec<TaxAmount>,
    /// Whether the amounts include tax (the shop's setting then).
    pub prices_include_tax: bool,
    pub lines: Vec<QuoteLine>,
    /// For a delivery: every active method that serves the postcode, in the console's
    /// order (docs/DESIGN.md §10); empty for pickup.
    pub delivery_options: Vec<DeliveryOptionView>,
    /// The method `deliveryFee` is that of; `null` for pickup.
    pub delivery_method_id: Option<String>,
}

/// A delivery method a quote offers.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOptionView {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// What it costs this order; `null` when it cannot take it.
    pub price: Option<f64>,
    pub available: bool,
    /// Why not, such as 'Too heavy for this method'; `null` when available.
    pub reason: Option<String>,
}

impl From<&DeliveryOption> for DeliveryOptionView {
    fn from(o: &DeliveryOption) -> Self {
        DeliveryOptionView {
            id: o.id.clone(),
            name: o.name.clone(),
            price: o.price.ok().map(Money::as_f64),
            available: o.available(),
            reason: o.price.err().map(str::to_string),
        }
    }
}

/// The delivery method an order went by, as it was named then.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryMethodUsed {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// One class's tax (docs/DESIGN.md §10): Σ `net` + Σ `tax` = the total.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxAmount {
    /// `standard`, `reduced` or `zero`.
    pub tax_class: String,
    /// In percent.
    pub rate: f64,
    /// What the class's lines (and for `standard` the delivery fee) come to without tax.
    pub net: f64,
    pub tax: f64,
}

impl From<&TaxEntry> for TaxAmount {
    fn from(t: &TaxEntry) -> Self {
        TaxAmount {
            tax_class: t.class.as_str().to_string(),
            rate: rate_percent(t.rate_bp),
            net: t.net.as_f64(),
            tax: t.tax.as_f64(),
        }
    }
}

/// A line's tax as the answers spell it: five fields, all `null` without one.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineTaxFields {
    /// `standard`, `reduced` or `zero`.
    pub tax_class: Option<String>,
    /// The class's rate, in percent.
    pub tax_rate: Option<f64>,
    /// The line's share of the cart's discounts.
    pub line_discount: Option<f64>,
    /// `lineTotal` − `lineDiscount`.
    pub line_amount: Option<f64>,
    /// The tax in (or, with net prices, on) `lineAmount`.
    pub line_tax: Option<f64>,
}

impl From<Option<TaxedLine>> for LineTaxFields {
    fn from(t: Option<TaxedLine>) -> Self {
        LineTaxFields {
            tax_class: t.map(|t| t.class.as_str().to_string()),
            tax_rate: t.map(|t| rate_percent(t.rate_bp)),
            line_discount: t.map(|t| t.line_discount.as_f64()),
            line_amount: t.map(|t| t.line_amount.as_f64()),
            line_tax: t.map(|t| t.line_tax.as_f64()),
        }
    }
}

/// An order's or a quote's tax as the answers spell it.
pub struct OrderTaxFields {
    pub tax_total: Option<f64>,
    pub taxes: Vec<TaxAmount>,
    pub prices_include_tax: Option<bool>,
}

impl From<Option<&OrderTax>> for OrderTaxFields {
    fn from(t: Option<&OrderTax>) -> Self {
        OrderTaxFields {
            tax_total: t.map(|t| t.tax_total.as_f64()),
            taxes: t.map_or_else(Vec::new, |t| t.taxes.iter().map(TaxAmount::from).collect()),
            prices_include_tax: t.map(|t| t.prices_include_tax),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub product_id: String,
    /// The variant sold, its SKU and option values as they were when ordered
    /// (docs/DESIGN.md §9).
    pub variant_id: Option<String>,
    pub sku: Option<String>,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub options: crate::domain::variant::VariantOptions,
    pub name: String,
    /// The product's first image when it was ordered.
    pub image: Option<String>,
    /// What was paid per unit.
    pub unit_price: f64,
    /// The list price then, before any discount.
    pub list_price: f64,
    pub quantity: i64,
    pub line_total: f64,
    /// Its tax then (docs/DESIGN.md §10); `null` fields on an order placed before tax
    /// was kept.
    #[serde(flatten)]
    pub tax: LineTaxFields,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderEvent {
    #[serde(rename = "type")]
    pub kind: EventType,
    pub at: String,
    pub note: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    #[serde(rename = "_id")]
    pub id: String,
    pub number: String,
    pub status: Status,
    pub payment_status: PaymentStatus,
    pub fulfilment: Fulfilment,
    pub lines: Vec<OrderLine>,
    pub subtotal: f64,
    pub discount: f64,
    /// What the promo code took off (0 without one).
    pub promo_discount: f64,
    pub delivery_fee: f64,
    pub total: f64,
    /// What has been given back of what was paid (docs/DESIGN.md §12); 0 until a refund.
    pub refunded: f64,
    /// The tax in the total (docs/DESIGN.md §10); `null` on an order placed before tax
    /// was kept.
    pub tax_total: Option<f64>,
    /// Per class present among the lines, plus `standard` when there is a fee; empty on
    /// an order placed before tax was kept.
    pub taxes: Vec<TaxAmount>,
    /// Whether its prices included tax; `null` on an order placed before tax was kept.
    pub prices_include_tax: Option<bool>,
    pub contact: Contact,
    /// The delivery method it went by; `null` for pickup and for orders placed before
    /// delivery methods.
    pub delivery_method: Option<DeliveryMethodUsed>,
    pub promo_code: Option<String>,
    /// Its tax invoice (`INV-000001`; the PDF at `GET /order/{number}/invoice`); `null`
    /// for an order placed before invoices were issued.
    pub invoice_number: Option<String>,
    /// Its credit notes, first first (the PDF of the nth at
    /// `GET /order/{number}/credit-note/{n}`).
    pub credit_notes: Vec<CreditNoteView>,
    /// Oldest first: the timeline.
    pub events: Vec<OrderEvent>,
    /// `cod`, `card` or `account`.
    pub payment_method: String,
    /// For an order on account: the buyer's purchase-order number.
    pub po_number: Option<String>,
    /// For an order on account: the day it is due (`YYYY-MM-DD`).
    pub due_date: Option<String>,
    /// The card paid with, for a card order.
    pub card: Option<CardUsed>,
    /// Whether the shopper may still cancel it.
    pub cancellable: bool,
    pub created_at: String,
    /// Staff's view of one order only: the refund a cancelled card order still owes
    /// because the provider did not take it. Absent otherwise, and never in the
    /// shopper's answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refund_failure: Option<RefundFailure>,
    /// Staff's view of one order only: each refund of it, first first (docs/DESIGN.md
    /// §12). Absent from lists and from the shopper's answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refunds: Option<Vec<RefundView>>,
}

/// A refund of the order, as the console lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundView {
    pub amount: f64,
    /// Staff's reason, 'Order cancelled', or 'Return R-000001'.
    pub reason: String,
    /// `succeeded`; `pending` while the provider has not answered (its amount held);
    /// `failed` when the provider said no (nothing was refunded).
    pub status: String,
    /// The member of staff who made it; `null` for a shopper's cancellation.
    pub by: Option<String>,
    /// The return it refunded, if any.
    pub return_number: Option<String>,
    pub created_at: String,
}

/// A credit note against the order's invoice (docs/DESIGN.md §10).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditNoteView {
    /// `CN-000001`.
    pub number: String,
    pub amount: f64,
    pub created_at: String,
}

/// A cancelled card order's refund that did not go through.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundFailure {
    /// `retrying` while the shop tries again (with growing waits), `failed` once it
    /// gave up: then staff must refund it by hand.
    pub status: RefundFailureStatus,
    /// What the provider said at the last try.
    pub reason: String,
    /// Tries so far, the cancellation's own included.
    pub attempts: i64,
}

#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RefundFailureStatus {
    Retrying,
    Failed,
}

impl Order {
    /// The order as the shopper sees it: public events only.
    pub fn for_shopper(row: OrderRow) -> Order {
        Order::new(row, false)
    }

    /// The order with every event, for administrators.
    pub fn for_admin(row: OrderRow) -> Order {
        Order::new(row, true)
    }

    fn new(row: OrderRow, all_events: bool) -> Order {
        let tax = OrderTaxFields::from(row.tax.as_ref());
        Order {
            id: row.id.into_string(),
            number: row.number,
            status: row.status,
            payment_status: row.payment_status,
            fulfilment: row.fulfilment,
            lines: row
                .lines
                .into_iter()
                .map(|l| OrderLine {
                    product_id: l.product_id,
                    variant_id: l.variant_id,
                    sku: l.sku,
                    options: l.options,
                    name: l.name,
                    image: l.image,
                    unit_price: l.unit_price.as_f64(),
                    list_price: l.list_price.as_f64(),
                    quantity: l.quantity,
                    line_total: l.line_total.as_f64(),
                    tax: l.tax.into(),
                })
                .collect(),
            subtotal: row.totals.subtotal.as_f64(),
            discount: row.totals.discount.as_f64(),
            promo_discount: row.totals.promo_discount.as_f64(),
            delivery_fee: row.totals.delivery_fee.as_f64(),
            total: row.totals.total.as_f64(),
            refunded: row.refunded.as_f64(),
            tax_total: tax.tax_total,
            taxes: tax.taxes,
            prices_include_tax: tax.prices_include_tax,
            contact: row.contact.into(),
            delivery_method: row.delivery_method.map(|m| DeliveryMethodUsed {
                id: m.id,
                name: m.name,
            }),
            promo_code: row.promo_code,
            invoice_number: row.invoice_number,
            credit_notes: row
                .credit_notes
                .into_iter()
                .map(|note| CreditNoteView {
                    number: note.number,
                    amount: note.amount.as_f64(),
                    created_at: iso8601(note.created_at),
                })
                .collect(),
            events: row
                .events
                .into_iter()
                .filter(|e| all_events || e.public)
                .map(|e| OrderEvent {
                    kind: e.kind,
                    at: iso8601(e.at),
                    note: e.note,
                })
                .collect(),
            cancellable: row.status.cancellable(),
            payment_method: row.payment_method,
            po_number: row.account.as_ref().map(|a| a.po_number.clone()),
            due_date: row.account.map(|a| a.due_date),
            card: match (row.card_brand, row.card_last4) {
                (Some(brand), Some(last4)) => Some(CardUsed { brand, last4 }),
                _ => None,
            },
            created_at: iso8601(row.created_at),
            refund_failure: None,
            refunds: None,
        }
    }

    /// The order with its refunds, for staff's view of one order.
    pub fn with_refunds(self, refunds: Vec<RefundEntry>) -> Order {
        Order {
            refunds: Some(
                refunds
                    .into_iter()
                    .map(|r| RefundView {
                        amount: r.amount.as_f64(),
                        reason: r.reason,
                        status: r.status,
                        by: r.by,
                        return_number: r.return_number,
                        created_at: iso8601(r.created_at),
                    })
                    .collect(),
            ),
            ..self
        }
    }

    /// The order with the refund it still owes, for staff.
    pub fn with_refund(self, issue: Option<RefundIssue>) -> Order {
        Order {
            refund_failure: issue.map(|issue| RefundFailure {
                status: if issue.failed {
                    RefundFailureStatus::Failed
                } else {
                    RefundFailureStatus::Retrying
                },
                reason: issue.reason,
                attempts: issue.attempts,
            }),
            ..self
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CardUsed {
    pub brand: String,
    pub last4: String,
}

/// What the shopper must do before a card order is paid.
#[derive(Serialize, ToSchema)]
pub struct NextAction {
    /// Always `redirect`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The bank's 3-D Secure page; it sends the browser back to the order's page.
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct OrderData {
    pub order: Order,
}

#[derive(Serialize, ToSchema)]
pub struct PlacedOrder {
    pub order: Order,
    /// Opens the order at `/orders/{number}?token=…` for 90 days, signed in or not.
    pub token: String,
    /// For a card that asks for 3-D Secure: where to send the shopper now.
    #[serde(rename = "nextAction", skip_serializing_if = "Option::is_none")]
    pub next_action: Option<NextAction>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderList {
    pub orders: Vec<Order>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AddressData {
    /// `null` until an address is saved at checkout.
    pub address: Option<Contact>,
}
