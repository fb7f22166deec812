//! The order's page as a link: a signed token (the order's number and an expiry, a
//! key of its own) opens it for 90 days, signed in or not, so a guest needs no account
//! and the shop keeps no secret per order. The mails, the answers and the way back
//! from the bank all build it here.

use crate::domain::order::ORDER_LINK_LIFETIME_MS;
use crate::domain::time::Clock;
use crate::security::Keys;

/// Signs and checks the links to orders' pages.
#[derive(Clone, Debug)]
pub struct OrderLinks {
    keys: Keys,
    /// The address shoppers reach the shop at, without a trailing `/`.
    public_url: String,
    clock: Clock,
}

impl OrderLinks {
    pub fn new(keys: Keys, public_url: &str, clock: Clock) -> OrderLinks {
        OrderLinks {
            keys,
            public_url: public_url.trim_end_matches('/').to_string(),
            clock,
        }
    }

    /// A token that opens the order `number` from now for the link's lifetime.
    pub fn token(&self, number: &str) -> String {
        self.keys
            .sign_order(number, self.clock.now_ms() + ORDER_LINK_LIFETIME_MS)
    }

    /// Whether `token` opens the order `number` now.
    pub fn holds(&self, number: &str, token: &str) -> bool {
        self.keys
            .order_token_holds(number, token, self.clock.now_ms())
    }

    /// The order's page with its token, from the site's root.
    pub fn path(&self, number: &str) -> String {
        format!("/orders/{number}?token={}", self.token(number))
    }

    /// The link in an order's mails, built from the configured public URL.
    pub fn url(&self, number: &str) -> String {
        format!("{}{}", self.public_url, self.path(number))
    }

    /// A return's page, opened by its order's token (docs/DESIGN.md §12).
    pub fn return_url(&self, return_id: &str, order_number: &str) -> String {
        format!(
            "{}/returns/{return_id}?token={}",
            self.public_url,
            self.token(order_number)
        )
    }

    /// The console's page of a return.
    pub fn console_return_url(&self, return_id: &str) -> String {
        format!("{}/admin/returns/{return_id}", self.public_url)
    }

    /// Where the provider sends the shopper's browser back after 3-D Secure.
    pub fn payment_return_url(&self) -> String {
        format!("{}/api/payment/return", self.public_url)
    }
}
