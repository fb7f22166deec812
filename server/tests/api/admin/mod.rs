//! The console's own areas and what they share (docs/DESIGN.md §8): the order list's filters
//! and notes, the dashboard's figures, customers (their figures, disabling and
//! enabling), promo codes, the activity log every change writes, and that every
//! console call refuses guests and customers.

mod access;
mod activity;
mod activity_names;
mod customers;
mod dashboard;
mod orders;
mod promo;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;
use shop::domain::time::parse_date;

use crate::helpers::{address, TestApp};

const HOUR: i64 = 3_600_000;

// ---- helpers -------------------------------------------------------------------

impl TestApp {
    /// Another administrator: their token and id.
    async fn second_admin(&self, email: &str) -> (String, String) {
        let email = address(email);
        self.accounts
            .make_admin(&email, "!", self.clock.now_ms())
            .await
            .expect("admin");
        let user = self.accounts.user_by_email(&email).await.unwrap().unwrap();
        let token =
            self.keys
                .issue_token(user.id.as_str(), user.token_version, self.clock.now_secs());
        (token, user.id.into_string())
    }

    async fn admin_id(&self) -> String {
        self.accounts
            .user_by_email(&address("admin@example.com"))
            .await
            .unwrap()
            .unwrap()
            .id
            .into_string()
    }

    /// A customer named `name` made directly in the store: their id and token.
    async fn named_customer(&self, email: &str, name: &str) -> (String, String) {
        let user_id = Id::generate();
        self.accounts
            .insert_demo_customer(&user_id, &address(email), name, self.clock.now_ms())
            .await
            .expect("customer");
        let token = self
            .keys
            .issue_token(user_id.as_str(), 0, self.clock.now_secs());
        (user_id.into_string(), token)
    }

    /// A guest's cash order of `quantity` × `product`: its number.
    async fn guest_buys(
        &self,
        name: &str,
        email: &str,
        fulfilment: &str,
        product: &str,
        quantity: i64,
    ) -> String {
        let contact = json!({
            "firstName": name, "streetAddress": "12 St James's Square", "townCity": "London",
            "phoneNumber": "+447946095800", "emailAddress": email
        });
        let body = json!({"fulfilment": fulfilment, "contact": contact, "saveAddress": false,
            "payment": {"method": "cod"}, "items": [{"productId": product, "quantity": quantity}]});
        self.placed(&body, None).await.0
    }

    async fn as_admin(&self, token: &str, method: Method, path: &str) -> (StatusCode, Value) {
        self.call(method, path, None, Some(token)).await
    }

    /// GET `path` as `token`, expecting success: the body's `data`.
    async fn admin_data(&self, token: &str, path: &str) -> Value {
        let (status, body) = self.call(Method::GET, path, None, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        body["data"].clone()
    }

    /// The numbers of the orders the admin list answers for `query`.
    async fn listed(&self, token: &str, query: &str) -> Vec<String> {
        let data = self
            .admin_data(token, &format!("/api/admin/order?{query}"))
            .await;
        let numbers: Vec<String> = data["orders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["number"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(data["total"], numbers.len(), "{query}: {data}");
        numbers
    }

    async fn move_order(&self, token: &str, number: &str, status: &str, note: Option<&str>) {
        let (code, body) = self
            .call(
                Method::POST,
                &format!("/api/admin/order/{number}/status"),
                Some(json!({"status": status, "note": note})),
                Some(token),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
    }

    /// Sets the clock to `hours` after 00:00 UTC on `date`.
    fn at(&self, date: &str, hours: i64) {
        self.clock.set(parse_date(date).unwrap() + hours * HOUR);
    }
}

pub(crate) fn customer_names(data: &Value) -> Vec<String> {
    data["customers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["fullName"].as_str().unwrap().to_string())
        .collect()
}
