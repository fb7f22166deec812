//! Orders and their card payments, in the folders of the server's own: placing them
//! (`checkout.rs`), moving them on (`lifecycle.rs`), paying by card (`payments.rs`,
//! `cards.rs`) and refunds retried after a cancellation (`refunds.rs`). The helpers
//! here place and read orders for every test that needs one.

mod cards;
mod checkout;
mod delivery;
mod invoices;
mod lifecycle;
mod partial_refunds;
mod payments;
mod refunds;
mod returns;
mod tax;
pub(crate) mod variants;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::store::catalogue::NewProduct;

use crate::helpers::{address, id, new_product, Fixture, TestApp};

/// A well-formed id no product has.
const UNKNOWN: &str = "0123456789abcdef01234567";
const SHORT: &str = "Some items are no longer available";

// ---- helpers -------------------------------------------------------------------

impl TestApp {
    /// A signed-in customer made directly in the store (no sign-up mail, no hashing):
    /// their access token.
    pub(crate) async fn customer(&self, email: &str) -> String {
        let user_id = shop::domain::id::Id::generate();
        self.accounts
            .insert_demo_customer(
                &user_id,
                &address(email),
                "Ada Lovelace",
                self.clock.now_ms(),
            )
            .await
            .expect("customer");
        self.keys
            .issue_token(user_id.as_str(), 0, self.clock.now_secs())
    }

    /// An administrator's access token.
    pub(crate) async fn admin(&self) -> String {
        let email = address("admin@example.com");
        self.accounts
            .make_admin(&email, "!", self.clock.now_ms())
            .await
            .expect("admin");
        let user = self.accounts.user_by_email(&email).await.unwrap().unwrap();
        self.keys
            .issue_token(user.id.as_str(), user.token_version, self.clock.now_secs())
    }

    pub(crate) async fn to_cart(&self, token: &str, product: &str, quantity: i64) {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/user/item",
                Some(json!({"productId": product, "quantity": quantity, "type": "cart"})),
                Some(token),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    /// POST /api/order with `key` (none when `None`).
    pub(crate) async fn place(
        &self,
        key: Option<&str>,
        body: &Value,
        token: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = self.client.post(self.url("/api/order")).json(body);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request is sent");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Places an order expecting success: its number and link token.
    pub(crate) async fn placed(&self, body: &Value, token: Option<&str>) -> (String, String) {
        let key = shop::domain::new_id();
        let (status, answer) = self.place(Some(&key), body, token).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        let data = &answer["data"];
        (
            data["order"]["number"].as_str().unwrap().to_string(),
            data["token"].as_str().unwrap().to_string(),
        )
    }

    pub(crate) async fn stock_of(&self, product: &str) -> i64 {
        self.catalogue
            .product(&id(product))
            .await
            .unwrap()
            .unwrap()
            .stock
    }

    pub(crate) async fn order_count(&self) -> i64 {
        self.orders.all(None, 1, 0).await.unwrap().1
    }

    async fn admin_call(
        &self,
        admin: &str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.call(method, path, body, Some(admin)).await
    }
}

pub(crate) fn pickup(email: &str) -> Value {
    json!({"firstName": "Ada", "phoneNumber": "+447946095800", "emailAddress": email})
}

pub(crate) fn delivery(email: &str) -> Value {
    json!({
        "firstName": "Ada", "companyName": "Engines Ltd", "streetAddress": "12 St James's Square",
        "apartment": "Flat 2", "townCity": "London", "phoneNumber": "+447946095800", "emailAddress": email
    })
}

/// A guest's cash order for `lines` of (product, quantity), picked up.
pub(crate) fn guest_order(email: &str, lines: &[(&str, i64)]) -> Value {
    let items: Vec<Value> = lines
        .iter()
        .map(|(p, q)| json!({"productId": p, "quantity": q}))
        .collect();
    json!({"fulfilment": "pickup", "contact": pickup(email), "saveAddress": false,
           "payment": {"method": "cod"}, "items": items})
}

/// A customer's cash order of their server cart.
fn cart_order(fulfilment: &str, contact: Value, save: bool) -> Value {
    json!({"fulfilment": fulfilment, "contact": contact, "saveAddress": save, "payment": {"method": "cod"}})
}

/// A quote's or an order's line without its tax fields (orders/tax.rs checks those).
pub(crate) fn untaxed(line: &Value) -> Value {
    let mut line = line.clone();
    if let Some(fields) = line.as_object_mut() {
        for key in [
            "taxClass",
            "taxRate",
            "lineDiscount",
            "lineAmount",
            "lineTax",
        ] {
            fields.remove(key);
        }
    }
    line
}

/// Runs every future at once and collects the answers in order.
pub(crate) async fn at_once<F>(futures: Vec<F>) -> Vec<(StatusCode, Value)>
where
    F: std::future::Future<Output = (StatusCode, Value)> + Send + 'static,
{
    let handles: Vec<_> = futures.into_iter().map(tokio::spawn).collect();
    let mut answers = Vec::new();
    for handle in handles {
        answers.push(handle.await.expect("the call ran"));
    }
    answers
}

pub(crate) fn count(answers: &[(StatusCode, Value)], status: StatusCode) -> usize {
    answers.iter().filter(|(s, _)| *s == status).count()
}

/// Sets a one-variant product's stock, and its variant's, which orders take from.
async fn set_stock(app: &TestApp, product: &str, stock: i64) {
    for sql in [
        "UPDATE products SET stock = $1 WHERE id = $2",
        "UPDATE product_variants SET stock = $1 WHERE product_id = $2",
    ] {
        sqlx::query(sql)
            .bind(stock)
            .bind(product)
            .execute(&app.catalogue.db().pool)
            .await
            .expect("stock set");
    }
}

/// A product of `stock` units at `cents`, in the fixture's kitchen mixers.
pub(crate) async fn stocked(
    app: &TestApp,
    f: &Fixture,
    name: &str,
    cents: i64,
    stock: i64,
) -> String {
    let product = NewProduct {
        stock,
        images: vec![format!("test/{name}.svg")],
        ..new_product(name, cents, &f.faucets, &f.kitchen)
    };
    let id = product.id.clone();
    app.catalogue
        .insert_products(&[product])
        .await
        .expect("product");
    id
}
