//! Orders as the shop runs them, beneath HTTP: placing one (the quote, the card's
//! authorization, the order's transaction, the capture, saving the card) and moving it
//! (status moves, cancelling with its refund, the card refused after the fact). Each
//! flow spans several stores and the payment provider; a handler extracts its input,
//! calls one function here and shapes the answer, and the store below never sees a
//! provider.

pub mod checkout;
pub mod lifecycle;
pub mod links;
pub mod refunds;
pub mod returns;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::domain::currency::Currency;
use crate::domain::delivery::DeliveryRefusal;
use crate::domain::order::Status;
use crate::domain::order_row::OrderRow;
use crate::domain::promo::PromoRefusal;
use crate::domain::shop::ShopSettings;
use crate::mail::Letter;
use crate::payments::{CardProblem, Payments, ProviderError};
use crate::store::orders::Orders;
use crate::store::outbox::Outbox;
use crate::store::settings::Settings;

pub use links::OrderLinks;

/// What the order flows need: the stores they span, the provider's side, the links.
#[derive(Clone, Debug)]
pub struct OrderService {
    orders: Orders,
    payments: Payments,
    outbox: Outbox,
    shop_settings: Arc<Settings>,
    links: OrderLinks,
}

/// Why an order flow stopped. Each refusal is one the shopper or staff are told about
/// (the HTTP layer words them); `Store` and `Provider` are failures underneath.
#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    #[error("the cart is empty")]
    CartEmpty,
    /// Lines that cannot be ordered as asked, by field: a variant left out of a product
    /// with several, a quantity the product is not sold in (docs/DESIGN.md §9).
    #[error("some lines cannot be ordered as asked")]
    Invalid(BTreeMap<String, String>),
    /// Each short line's key (its `variantId`, else its `productId`) with what it says ('Only 2 left in stock', …).
    #[error("some lines are short of stock")]
    Short(BTreeMap<String, String>),
    /// The key's first request is still being placed.
    #[error("the key's first request is still running")]
    KeyInUse,
    /// The key came before with another request.
    #[error("the key was reused with another request")]
    KeyReused,
    /// The prices moved between the card's authorization and the order.
    #[error("the order no longer comes to the authorized amount")]
    AmountChanged,
    /// The promo code does not apply; the shop's currency words its minimum.
    #[error("the promo code does not apply")]
    Promo(PromoRefusal, Option<Currency>),
    /// No delivery method serves the order, or not the one named (docs/DESIGN.md §10).
    #[error("no delivery method can be used: {}", .0.message())]
    Delivery(DeliveryRefusal),
    /// Pay on account, by someone without an approved account with credit.
    #[error("pay on account needs an approved trade account")]
    NotTrade,
    /// Pay on account past the credit limit: what is available, in the shop's money.
    #[error("the order would exceed the credit limit ({0} available)")]
    Credit(String),
    /// The card chosen cannot be used.
    #[error("the card cannot be used")]
    Card(CardProblem),
    /// The provider refused the payment, in its words.
    #[error("the payment was refused: {0}")]
    PaymentRefused(String),
    /// No such order, or not one the caller may see.
    #[error("no such order")]
    NotFound,
    /// A refund on an order nothing was paid on (docs/DESIGN.md §12).
    #[error("nothing has been paid on this order")]
    NothingPaid,
    /// A refund of more than is left: what is, in the shop's money.
    #[error("at most {0} can be refunded")]
    RefundTooMuch(String),
    /// The provider would not give the money back, in its words; nothing was refunded.
    #[error("the provider refused the refund: {0}")]
    RefundRefused(String),
    /// The provider did not answer: the refund stays held, and is asked about again.
    #[error("the provider did not answer about a refund")]
    RefundUnanswered,
    /// The status machine does not allow the move from where the order stands.
    #[error("an order that is {} cannot become {}", current.as_str(), next.as_str())]
    NotAllowed { current: Status, next: Status },
    /// A cancellation of a paid order by a member of staff who may cancel only unpaid
    /// ones (docs/DESIGN.md §13).
    #[error("the staff role may cancel only unpaid orders")]
    RoleRefused,
    #[error(transparent)]
    Store(#[from] sqlx::Error),
    #[error(transparent)]
    Provider(#[from] ProviderError),
}

impl OrderService {
    pub fn new(
        orders: Orders,
        payments: Payments,
        outbox: Outbox,
        shop_settings: Arc<Settings>,
        links: OrderLinks,
    ) -> OrderService {
        OrderService {
            orders,
            payments,
            outbox,
            shop_settings,
            links,
        }
    }

    /// The links to orders' pages.
    pub fn links(&self) -> &OrderLinks {
        &self.links
    }

    /// The letter `write` makes about an order, with the order's link and the shop's
    /// settings as they stand.
    async fn letters(
        &self,
        write: fn(&OrderRow, &str, &ShopSettings) -> Letter,
    ) -> Result<impl Fn(&OrderRow) -> Letter + Send + Sync + '_, sqlx::Error> {
        let shop = self.shop_settings.get().await?;
        Ok(move |order: &OrderRow| write(order, &self.links.url(&order.number), &shop))
    }
}
