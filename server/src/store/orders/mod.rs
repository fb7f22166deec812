//! The SQL of orders (docs/DESIGN.md §6). Placing an order reads its lines and their
//! prices just before one write transaction, in which the stock of every line is taken
//! with a conditional decrement that cannot go below zero, and the order, its lines,
//! its first event, the emptied cart and the confirmation mail are written together, or
//! none of them is. Moving an order on (cancelling it, marking it shipped, …) is a conditional
//! update of its status, so two racing moves cannot both happen: a cancellation
//! restocks exactly once.

mod checkout;
pub mod credit;
mod delivery_choice;
mod documents;
mod lines;
mod lists;
mod moves;
mod refund_retries;
mod refunds;
mod return_moves;
mod returns;
mod rows;

use std::collections::BTreeMap;

use sqlx::Row;

use super::activity::Activity;
use super::outbox::Outbox;
use super::Db;
use crate::domain::contact::{Contact, ContactInput};
use crate::domain::delivery::{DeliveryOption, DeliveryRefusal};
use crate::domain::id::Id;
use crate::domain::order::{Fulfilment, PaymentStatus, Status, Totals};
use crate::domain::payment::TxnStatus;
use crate::domain::promo::PromoRefusal;
use crate::domain::tax::{TaxSettings, TaxedLine};
use crate::domain::time::Clock;
use crate::domain::Money;
use crate::mail::Letter;
pub use refund_retries::{RefundIssue, RefundRetry};
pub use refunds::{
    Amount, ForReturn, RefundEntry, Reserved, StartedRefund, StuckRefund, STUCK_AFTER_MS,
};
pub use return_moves::{Received, ReturnMoveRefusal};
pub use returns::{
    AskRefusal, PhotoAdded, ReturnAsk, ReturnEvent, ReturnLine, ReturnMail, ReturnRow, Returnable,
};
use rows::{contact_from_row, load};

pub use crate::domain::order_row::{
    AccountTerms, CreditNote, MethodUsed, OrderEvent, OrderLine, OrderRow, OrderTax,
};

/// Who places an order, and which lines.
#[derive(Clone, Debug)]
pub enum Buyer {
    /// A signed-in customer: the order takes the lines of their server cart.
    Customer(Id),
    /// A signed-in customer ordering the lines sent (quick order, buy again, an API
    /// client: docs/DESIGN.md §11); their cart stays as it is.
    CustomerLines(Id, Vec<LineAsk>),
    /// A guest: the lines travel in the request.
    Guest(Vec<LineAsk>),
}

/// One line as asked for: a product's variant, which may be left out for a product
/// with one (docs/DESIGN.md §9), and how many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineAsk {
    pub product_id: Id,
    /// As sent; text that names no variant of the product reads as gone.
    pub variant_id: Option<String>,
    pub quantity: i64,
    /// Where the line is in the request (`items[2]`), which its field errors are keyed
    /// under; `None` for a line of the server cart.
    pub field: Option<String>,
}

impl Buyer {
    /// Whose `Idempotency-Key`s an order's key is one of: the customer's, or every
    /// guest's. The one rule the card's authorization and the order's row both key by.
    pub fn idempotency_scope(&self) -> &str {
        match self.customer() {
            Some(user_id) => user_id.as_str(),
            None => "guest",
        }
    }

    /// The signed-in customer, if it is one.
    pub fn customer(&self) -> Option<&Id> {
        match self {
            Buyer::Customer(user_id) | Buyer::CustomerLines(user_id, _) => Some(user_id),
            Buyer::Guest(_) => None,
        }
    }

    /// The lines sent, when the order is of those rather than of the server cart.
    pub fn given_lines(&self) -> Option<&[LineAsk]> {
        match self {
            Buyer::CustomerLines(_, asks) | Buyer::Guest(asks) => Some(asks),
            Buyer::Customer(_) => None,
        }
    }
}

/// Everything an order is placed from, checked at the edge.
#[derive(Clone, Debug)]
pub struct NewOrder {
    pub buyer: Buyer,
    pub fulfilment: Fulfilment,
    pub contact: Contact,
    pub save_address: bool,
    pub payment_method: &'static str,
    /// A card authorized for the order (docs/DESIGN.md §7), recorded with it.
    pub card: Option<CardCharge>,
    pub idempotency_key: String,
    /// A digest of the request: the same key with another request is refused.
    pub request_digest: String,
    /// A promo code as typed, uppercased (domain::promo::normalise).
    pub promo_code: Option<String>,
    /// How the shop taxes now: the order keeps what it is charged with them.
    pub tax: TaxSettings,
    /// The delivery method asked for (docs/DESIGN.md §10); `None`: the default, or the
    /// only one that can be used. The postcode and country are the contact's.
    pub delivery_method_id: Option<String>,
    /// Paid on account: the buyer's purchase-order number (docs/DESIGN.md §11).
    pub po_number: Option<String>,
}

/// Where a quote's delivery goes and the method asked for (docs/DESIGN.md §10).
#[derive(Clone, Debug, Default)]
pub struct DeliveryAsk {
    /// As typed, trimmed; empty when none was given.
    pub postcode: String,
    /// The destination's country code (the shop's when the shopper named none).
    pub country: String,
    pub method_id: Option<String>,
}

/// A card payment authorized (or waiting for 3-D Secure) before the order is written:
/// the order records it, and its authorization transaction, in the same transaction.
#[derive(Clone, Debug)]
pub struct CardCharge {
    pub provider: &'static str,
    /// The provider's id of the payment.
    pub payment_ref: String,
    pub brand: String,
    pub last4: String,
    /// What was authorized: the order must come to exactly this.
    pub amount: Money,
    /// `Succeeded` when set aside, `Pending` while the shopper's bank checks.
    pub authorization: TxnStatus,
}

/// Why an order was not placed. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceRefusal {
    Empty,
    /// Lines that cannot be read, by field (`items[2].variantId`: 'Choose a Size';
    /// `items[0].quantity`: 'Order at least 10'; a cart line's by its variant's id).
    Invalid(BTreeMap<String, String>),
    /// Each short line's key (its `variantId`, else its `productId`) with what it says ('Only 2 left in stock', …).
    Short(BTreeMap<String, String>),
    /// The key's first request is still being placed.
    KeyInUse,
    /// The key came before with another request.
    KeyReused,
    /// The prices moved between the card's authorization and the order.
    AmountChanged,
    /// The promo code does not apply, or no longer does.
    Promo(PromoRefusal),
    /// No delivery method serves the order, or not the one named.
    Delivery(DeliveryRefusal),
    /// Pay on account, by someone without an approved account with credit.
    NotTrade,
    /// Pay on account past the credit limit: what is still available.
    Credit(Money),
}

/// A placed order, new or the one a repeated key placed before.
#[derive(Clone, Debug)]
pub struct Placed {
    pub order: OrderRow,
    pub repeat: bool,
}

/// A line of a quote: what is asked for and whether the stock meets it.
#[derive(Clone, Debug)]
pub struct QuoteLine {
    pub product_id: String,
    /// The variant the line means; `None` when it is gone.
    pub variant_id: Option<String>,
    /// What a refusal of the line is keyed by: the `variantId` it named, else its
    /// `productId`.
    pub key: String,
    pub quantity: i64,
    /// What one unit costs now; `None` for a product that is gone.
    pub unit_price: Option<Money>,
    /// Unit price × quantity; `None` for a product that is gone.
    pub line_total: Option<Money>,
    /// Its tax class, rate, share of the discounts, amount and tax; `None` for a product
    /// that is gone.
    pub tax: Option<TaxedLine>,
    /// `None` when the line can be met; else what the shopper is told.
    pub problem: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Quote {
    pub totals: Totals,
    pub tax: OrderTax,
    pub lines: Vec<QuoteLine>,
    /// For a delivery: every active method serving the postcode, and the one priced.
    pub delivery_options: Vec<DeliveryOption>,
    pub delivery_method_id: Option<String>,
}

/// Why a status change did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRefusal {
    NoSuchOrder,
    /// The status machine does not allow it from where the order stands now.
    NotAllowed(Status),
    /// A cancellation by a member of staff who may cancel only unpaid orders, of an
    /// order that has been paid.
    Paid,
}

/// The mails a change sends, built once the order's number is known.
pub type MailFor<'a> = &'a (dyn Fn(&OrderRow) -> Letter + Send + Sync);

/// Which orders the administrators' list shows: every filter given must hold.
#[derive(Clone, Debug, Default)]
pub struct OrderFilter {
    pub status: Option<Status>,
    pub payment_status: Option<PaymentStatus>,
    pub fulfilment: Option<Fulfilment>,
    /// Placed at or after this instant (Unix ms).
    pub from: Option<i64>,
    /// Placed before this instant (Unix ms).
    pub until: Option<i64>,
    /// Text the order's number equals, or its e-mail or first name begins with
    /// (case-insensitively); already trimmed and not empty.
    pub query: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Orders {
    db: Db,
    clock: Clock,
    outbox: Outbox,
    /// Administrators' changes are logged in their own transaction.
    activity: Activity,
}

impl Orders {
    pub fn new(db: Db, clock: Clock, outbox: Outbox) -> Self {
        let activity = Activity::new(db.clone(), clock.clone());
        Orders {
            db,
            clock,
            outbox,
            activity,
        }
    }

    /// Whether `key` placed an order for `scope` (a customer's id, or 'guest').
    pub async fn key_taken(&self, scope: &str, key: &str) -> Result<bool, sqlx::Error> {
        Ok(sqlx::query(
            "SELECT 1 AS one FROM orders WHERE idempotency_scope = $1 AND idempotency_key = $2",
        )
        .bind(scope)
        .bind(key)
        .fetch_optional(&self.db.pool)
        .await?
        .is_some())
    }

    pub async fn by_number(&self, number: &str) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let id: Option<Id> = sqlx::query("SELECT id FROM orders WHERE number = $1")
            .bind(number)
            .fetch_optional(&mut *conn)
            .await?
            .map(|row| row.try_get("id"))
            .transpose()?;
        match id {
            Some(id) => load(&mut conn, &id).await,
            None => Ok(None),
        }
    }

    /// The order `id`, as it stands.
    pub async fn by_id(&self, id: &Id) -> Result<Option<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        load(&mut conn, id).await
    }

    /// The order with this number whose contact e-mail is `email` (lowercased).
    pub async fn find_for_tracking(
        &self,
        number: &str,
        email: &str,
    ) -> Result<Option<(String, String)>, sqlx::Error> {
        sqlx::query(
            "SELECT number, email_address FROM orders WHERE number = $1 AND email_address = $2",
        )
        .bind(number)
        .bind(email)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|row| Ok((row.try_get("number")?, row.try_get("email_address")?)))
        .transpose()
    }

    /// The address the customer last saved at checkout.
    pub async fn saved_address(&self, user_id: &Id) -> Result<Option<ContactInput>, sqlx::Error> {
        sqlx::query(
            "SELECT first_name, company_name, street_address, apartment, town_city, postcode, country, \
             phone_number, email_address FROM saved_addresses WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(contact_from_row)
        .transpose()
    }
}
