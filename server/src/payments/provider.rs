//! The interface a payment provider implements (docs/DESIGN.md §7). Orders never talk to a
//! provider directly: `payments::Payments` does, through this trait, so a real one
//! (Stripe) plugs in by implementing it, without touching orders. See
//! docs/ARCHITECTURE.md for what a Stripe implementation would map each call to.

use std::any::Any;

use axum::Router;
use futures_util::future::BoxFuture;

use crate::domain::Money;

/// A refusal the shopper is shown: the provider's code and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: String,
    pub message: String,
}

/// The provider could not be asked, or failed on its side.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("card payments are not available with this provider")]
    Unavailable,
    #[error("payment provider: {0}")]
    Failed(String),
}

impl From<sqlx::Error> for ProviderError {
    fn from(e: sqlx::Error) -> Self {
        ProviderError::Failed(e.to_string())
    }
}

/// A saved card as the provider knows it: no number, no security code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDetails {
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub holder_name: String,
}

/// What an authorization asks for.
#[derive(Clone, Debug)]
pub struct AuthorizeRequest {
    /// The provider's token of the card.
    pub method: String,
    pub amount: Money,
    /// The same key with the same request answers the same payment.
    pub idempotency_key: String,
    /// Where the shopper's browser comes back to after a 3-D Secure check.
    pub return_url: String,
}

/// Where a payment stands at the provider.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaymentStanding {
    /// The shopper must pass a check (3-D Secure) at `redirect_url` first.
    RequiresAction { redirect_url: String },
    /// The amount is set aside, not yet taken.
    Authorized,
    /// Taken: `capture_ref` is the provider's id of the capture.
    Captured { capture_ref: String },
    /// Refused, with the provider's words.
    Failed(Refusal),
    /// Released before anything was taken.
    Canceled,
    /// All given back: `refund_ref` is the provider's id of its first refund.
    Refunded {
        capture_ref: String,
        refund_ref: String,
    },
}

/// A payment: the provider's id, its amount and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderPayment {
    pub id: String,
    pub amount: Money,
    pub standing: PaymentStanding,
}

/// The provider's record of a capture, refund or void.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub id: String,
    pub amount: Money,
}

/// A webhook the provider sent: its event id (for de-duplication) and the payment it
/// is about. The shop asks the provider where that payment stands rather than trusting
/// the event's order or content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookEvent {
    pub id: String,
    pub payment: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebhookProblem {
    BadSignature,
    Stale,
    Malformed,
}

pub type Answer<'a, T> = BoxFuture<'a, Result<T, ProviderError>>;

/// A payment provider. Every call that moves money takes an idempotency key, and the
/// provider must answer the same key with the same result: that is what lets the shop
/// retry, race a webhook against a returning browser, and still move money once.
///
/// A provider that runs in this process (the test provider) also hooks itself in
/// here, so the router, the webhook handler and `Payments` never name it: the routes
/// it serves, the header its webhooks are signed in, and its delivery worker.
pub trait PaymentProvider: Any + Send + Sync + std::fmt::Debug {
    /// Its name in `payment_methods.provider` and `payment_transactions.provider`.
    fn name(&self) -> &'static str;
    /// Whether no real money moves (the storefront then says so).
    fn test_mode(&self) -> bool;
    /// Where the storefront's card fields post the card, if the cards are taken here.
    fn tokenize_url(&self) -> Option<String>;

    /// Sets the amount aside on the card.
    fn authorize(&self, request: AuthorizeRequest) -> Answer<'_, Result<ProviderPayment, Refusal>>;
    /// Takes an authorized payment's amount.
    fn capture<'a>(
        &'a self,
        payment: &'a str,
        idempotency_key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>>;
    /// Releases an authorization.
    fn void<'a>(
        &'a self,
        payment: &'a str,
        idempotency_key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>>;
    /// Gives `amount` of a captured payment back: all of it or a part, as often as
    /// what is left allows (the provider refuses more than was captured).
    fn refund<'a>(
        &'a self,
        payment: &'a str,
        amount: Money,
        idempotency_key: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>>;
    /// Where the payment stands now.
    fn status<'a>(&'a self, payment: &'a str) -> Answer<'a, Option<ProviderPayment>>;
    /// Checks a webhook's signature and freshness and reads which payment it is about.
    fn parse_webhook(
        &self,
        signature: &str,
        body: &str,
        now_ms: i64,
    ) -> Result<WebhookEvent, WebhookProblem>;

    /// A card token the storefront made, attached to a customer to be kept: the card's
    /// details, or `None` for a token the provider does not know (or that was removed).
    fn attach_method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>>;
    /// The card's details, if the token can still be charged.
    fn method<'a>(&'a self, token: &'a str) -> Answer<'a, Option<CardDetails>>;
    /// Forgets a saved card at the provider: it can no longer be charged.
    fn detach_method<'a>(&'a self, token: &'a str) -> Answer<'a, ()>;

    /// The request header its webhooks carry their signature in.
    fn signature_header(&self) -> Option<&'static str> {
        None
    }
    /// Routes it serves itself outside `/api`, and the path they are nested at: an
    /// in-process provider's tokenize endpoint and 3-D Secure page. Stripe has none.
    fn routes(&self) -> Option<(&'static str, Router)> {
        None
    }
    /// Given the shop's whole app once it is built: a provider in this process sends
    /// its webhooks through it, as a client would.
    fn deliver_to(&self, _shop: &Router) {}
    /// Work a serving node runs for it beside the shop (delivering its webhooks), until
    /// aborted.
    fn background(&self) -> Option<BoxFuture<'static, ()>> {
        None
    }
}

/// `SHOP_PAYMENTS=manual`: cash on delivery and at pickup only. Every card call is
/// refused; an administrator marks cash orders paid.
#[derive(Debug)]
pub struct Manual;

impl PaymentProvider for Manual {
    fn name(&self) -> &'static str {
        "manual"
    }
    fn test_mode(&self) -> bool {
        false
    }
    fn tokenize_url(&self) -> Option<String> {
        None
    }
    fn authorize(&self, _: AuthorizeRequest) -> Answer<'_, Result<ProviderPayment, Refusal>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn capture<'a>(&'a self, _: &'a str, _: &'a str) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn void<'a>(&'a self, _: &'a str, _: &'a str) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn refund<'a>(
        &'a self,
        _: &'a str,
        _: Money,
        _: &'a str,
    ) -> Answer<'a, Result<Operation, Refusal>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn status<'a>(&'a self, _: &'a str) -> Answer<'a, Option<ProviderPayment>> {
        Box::pin(async { Ok(None) })
    }
    fn parse_webhook(&self, _: &str, _: &str, _: i64) -> Result<WebhookEvent, WebhookProblem> {
        Err(WebhookProblem::BadSignature)
    }
    fn attach_method<'a>(&'a self, _: &'a str) -> Answer<'a, Option<CardDetails>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn method<'a>(&'a self, _: &'a str) -> Answer<'a, Option<CardDetails>> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
    fn detach_method<'a>(&'a self, _: &'a str) -> Answer<'a, ()> {
        Box::pin(async { Err(ProviderError::Unavailable) })
    }
}
