//! The test payment provider (`SHOP_PAYMENTS=test`): an outside payment service that
//! happens to live inside the binary, so the shop can take card payments offline and
//! in tests exactly as it would with a real one (docs/DESIGN.md §7).
//!
//! It is built only with the `test-payments` feature (on by default), and the shop
//! reaches it only through `PaymentProvider` (provider.rs): `payments::choice` is the
//! one place outside this folder that names it. It keeps its own tables (`testpsp_*`),
//! made by a migration set of its own (migrate.rs), and serves its own routes under
//! `/testpsp/` (routes.rs): the storefront's card fields post the card to its tokenize endpoint,
//! as Stripe.js does, and get back a `pm_test_…` token; only the token reaches the
//! shop. Charging a token does what Stripe's published test card of the same number
//! does. Every payment event is delivered to the shop as a signed webhook (HMAC-SHA256
//! over `{timestamp}.{body}`, Stripe's scheme), and on purpose some are delivered twice
//! and in shuffled order, so the shop's handler has to cope. Even here no card number
//! is stored: a method remembers only what charging it will do.

mod methods;
mod migrate;
mod payments;
mod provider;
mod routes;
mod webhooks;

use std::sync::{Arc, OnceLock};

use axum::Router;
use tokio::sync::Notify;

use crate::domain::time::Clock;
use crate::security::{hex, random_bytes};
use crate::store::Db;

pub use methods::{CardInput, Method};
pub use migrate::migrate;
pub use payments::{Operation, Payment, PaymentState};
pub use provider::TestProvider;
pub use webhooks::{verify_webhook, WebhookRefusal, SIGNATURE_HEADER, WEBHOOK_PATH};

/// A refusal, as the provider words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PspError {
    pub code: &'static str,
    pub message: String,
}

impl PspError {
    fn new(code: &'static str, message: &str) -> PspError {
        PspError {
            code,
            message: message.to_string(),
        }
    }
}

/// The provider. Cheap to clone.
#[derive(Clone)]
pub struct Psp {
    db: Db,
    clock: Clock,
    webhook_secret: Arc<[u8; 32]>,
    /// The shop's app, which webhooks are delivered to (set once the router is built).
    shop: Arc<OnceLock<Router>>,
    wake: Arc<Notify>,
}

impl std::fmt::Debug for Psp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Psp(..)")
    }
}

fn new_ref(prefix: &str) -> String {
    format!("{prefix}_{}", hex(&random_bytes::<12>()))
}

impl Psp {
    pub fn new(db: Db, clock: Clock, webhook_secret: [u8; 32]) -> Psp {
        Psp {
            db,
            clock,
            webhook_secret: Arc::new(webhook_secret),
            shop: Arc::new(OnceLock::new()),
            wake: Arc::new(Notify::new()),
        }
    }

    /// Where webhooks go: the shop's whole app, called in process as a client would.
    pub fn deliver_to(&self, shop: Router) {
        let _ = self.shop.set(shop);
    }
}
