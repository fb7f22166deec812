//! Orders (DESIGN.md §6): the quote, placing an order for a customer or a guest, the
//! refusals that write nothing, stock that is never oversold when many customers race,
//! one order per Idempotency-Key, cancelling that restocks once, the status machine,
//! whose orders are whose, the mailed link, 'Track your order', and mail that survives
//! a restart.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::jobs::mail::deliver_all_due;
use shop::mail::Mailer;
use shop::store::catalogue::NewProduct;
use shop::store::outbox::{Outbox, CLAIM_MS};

use crate::accounts::assert_error;
use crate::helpers::{address, fixture, id, new_product, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_quote_prices_the_cart_and_flags_short_lines,
    a_guest_orders_and_opens_the_order_by_its_mailed_link,
    a_customer_orders_the_server_cart_at_todays_prices,
    refused_orders_write_nothing,
    fifty_customers_racing_for_ten_units_get_exactly_ten_orders,
    customers_racing_for_two_shared_products_never_oversell_or_deadlock,
    twenty_requests_with_one_key_place_one_order,
    a_key_reused_with_another_request_is_refused,
    racing_cancellations_restock_exactly_once,
    the_status_machine_moves_orders_and_mails_the_shopper,
    customers_see_only_their_own_orders,
    track_your_order_mails_the_link_and_answers_alike,
    the_outbox_delivers_after_a_restart_and_retries_failures,
    deleting_an_account_keeps_its_orders_detached,
);

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

fn delivery(email: &str) -> Value {
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

async fn set_stock(app: &TestApp, product: &str, stock: i64) {
    sqlx::query("UPDATE products SET stock = $1 WHERE id = $2")
        .bind(stock)
        .bind(product)
        .execute(&app.catalogue.db().pool)
        .await
        .expect("stock set");
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

// ---- tests ---------------------------------------------------------------------

async fn the_quote_prices_the_cart_and_flags_short_lines(app: TestApp) {
    let f = fixture(&app).await;
    // A guest: Beta pays 30.00 (5 in stock), Alpha 100.00.
    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "delivery", "items": [
                {"productId": f.beta, "quantity": 2}, {"productId": f.alpha, "quantity": 1},
                {"productId": f.gamma, "quantity": 1}, {"productId": UNKNOWN, "quantity": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let q = &body["data"];
    // Gamma (250.00, out of stock) is priced but flagged; the unknown product is left out.
    assert_eq!(q["subtotal"], 410.0);
    assert_eq!(q["discount"], 82.0);
    assert_eq!(q["deliveryFee"], 100.0);
    assert_eq!(q["total"], 428.0);
    let lines = q["lines"].as_array().unwrap();
    assert_eq!(
        lines[0],
        json!({"productId": f.beta, "quantity": 2, "unitPrice": 30.0, "lineTotal": 60.0, "available": true})
    );
    assert_eq!(lines[3]["unitPrice"], Value::Null);
    assert_eq!(lines[2]["available"], false);
    assert_eq!(lines[2]["message"], "This product is out of stock");
    assert_eq!(lines[3]["message"], "This product is no longer available");

    // A customer: the server cart counts, whatever lines are sent.
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.beta, 5).await;
    set_stock(&app, &f.beta, 3).await;
    let (status, body) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "items": [{"productId": f.alpha, "quantity": 1}]})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["subtotal"], 150.0);
    assert_eq!(body["data"]["deliveryFee"], 0.0);
    assert_eq!(body["data"]["total"], 120.0);
    assert_eq!(body["data"]["lines"][0]["message"], "Only 3 left in stock");

    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "pickup", "items": []}),
        )
        .await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "Your cart is empty");
    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "drone", "items": []}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Choose pickup or delivery",
    );
}

async fn a_guest_orders_and_opens_the_order_by_its_mailed_link(app: TestApp) {
    let f = fixture(&app).await;
    let body = guest_order("Grace@Example.com", &[(&f.beta, 2), (&f.delta, 1)]);
    let key = "guest-checkout-1";
    let (status, answer) = app.place(Some(key), &body, None).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["message"], "Order placed");
    let order = &answer["data"]["order"];
    assert_eq!(order["number"], "100001");
    assert_eq!(order["status"], "placed");
    assert_eq!(order["paymentStatus"], "unpaid");
    assert_eq!(order["fulfilment"], "pickup");
    // Beta 2 × 30.00 + Delta 54.00 = 114.00; 20 % off is 22.80; pickup is free.
    assert_eq!(order["subtotal"], 114.0);
    assert_eq!(order["discount"], 22.8);
    assert_eq!(order["deliveryFee"], 0.0);
    assert_eq!(order["total"], 91.2);
    assert_eq!(
        order["lines"][0],
        json!({"productId": f.beta, "name": "Beta Basin Tap", "image": "test/beta-basin-tap.svg",
               "unitPrice": 30.0, "listPrice": 40.0, "quantity": 2, "lineTotal": 60.0})
    );
    assert_eq!(order["contact"]["emailAddress"], "grace@example.com");
    assert_eq!(order["events"].as_array().unwrap().len(), 1);
    assert_eq!(order["events"][0]["type"], "placed");
    assert_eq!(order["cancellable"], true);
    assert_eq!(app.stock_of(&f.beta).await, 3);
    assert_eq!(app.stock_of(&f.delta).await, 11);

    // The confirmation waits in the outbox until the worker sends it.
    assert!(app.mailer.sent().is_empty());
    assert_eq!(app.deliver_mail().await, 1);
    let mails = app.mailer.sent();
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to, "grace@example.com");
    assert_eq!(mail.letter.subject, "Your Shop order 100001 is placed");
    assert!(
        mail.letter
            .text
            .contains("2 x Beta Basin Tap  \u{20b9}60.00"),
        "{}",
        mail.letter.text
    );
    assert!(
        mail.letter.text.contains("Total: \u{20b9}91.20"),
        "{}",
        mail.letter.text
    );
    let link = mail.letter.hint.clone();
    let prefix = format!("{}/orders/100001?token=", app.base);
    assert!(link.starts_with(&prefix), "{link}");
    let token = &link[prefix.len()..];
    assert_eq!(token, answer["data"]["token"].as_str().unwrap());

    // The link opens the order, signed out; nothing else does.
    let (status, body) = app.get(&format!("/api/order/100001?token={token}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["total"], 91.2);
    let (status, body) = app.get("/api/order/100001").await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Order not found");
    let tampered = format!(
        "{}{}",
        &token[..token.len() - 2],
        if token.ends_with("AA") { "BB" } else { "AA" }
    );
    let (status, body) = app
        .get(&format!("/api/order/100001?token={tampered}"))
        .await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Order not found");
    let (status, _) = app.get(&format!("/api/order/100002?token={token}")).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a token opens its own order only"
    );
    let (status, _) = app.get("/api/order/not-a-number").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // After 90 days the link no longer works.
    app.clock.advance(Duration::from_secs(90 * 24 * 60 * 60));
    let (status, _) = app.get(&format!("/api/order/100001?token={token}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn a_customer_orders_the_server_cart_at_todays_prices(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.beta, 1).await;
    app.clock.advance(Duration::from_millis(1));
    app.to_cart(&token, &f.alpha, 2).await;
    // Beta's 25 % ends in 5 days: six days on it is not applied.
    app.clock.advance(Duration::from_secs(6 * 24 * 60 * 60));
    let (status, answer) = app
        .place(
            Some("k1"),
            &cart_order("delivery", delivery("ada@example.com"), true),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let order = answer["data"]["order"].clone();
    assert_eq!(order["lines"][0]["unitPrice"], 40.0);
    assert_eq!(order["lines"][1]["lineTotal"], 200.0);
    // 240.00 − 48.00 + 100.00 delivery.
    assert_eq!(order["total"], 292.0);
    assert_eq!(order["contact"]["streetAddress"], "12 St James's Square");

    // The cart is empty, the address saved, and the order is in My Orders.
    let (_, cart) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    assert_eq!(cart["data"], json!([]));
    let (status, saved) = app
        .call(Method::GET, "/api/user/address", None, Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["data"]["address"]["townCity"], "London");
    assert_eq!(saved["data"]["address"]["companyName"], "Engines Ltd");
    let (status, mine) = app
        .call(Method::GET, "/api/order", None, Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["data"]["total"], 1);
    assert_eq!(mine["data"]["orders"][0]["number"], order["number"]);

    // A later price change leaves the order as it was.
    sqlx::query(
        "UPDATE products SET price_cents = 1, paid_cents = 1, name = 'Renamed' WHERE id = $1",
    )
    .bind(&f.alpha)
    .execute(&app.catalogue.db().pool)
    .await
    .unwrap();
    let number = order["number"].as_str().unwrap();
    let (_, again) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}"),
            None,
            Some(&token),
        )
        .await;
    assert_eq!(again["data"]["order"]["lines"], order["lines"]);
    assert_eq!(again["data"]["order"]["total"], 292.0);

    // Without 'save address', the saved one stays as it was.
    app.to_cart(&token, &f.alpha, 1).await;
    let mut other = pickup("ada@example.com");
    other["firstName"] = json!("Someone Else");
    let (status, _) = app
        .place(
            Some("k2"),
            &cart_order("pickup", other, false),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, saved) = app
        .call(Method::GET, "/api/user/address", None, Some(&token))
        .await;
    assert_eq!(saved["data"]["address"]["firstName"], "Ada");
    let (status, body) = app.get("/api/user/address").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}

async fn refused_orders_write_nothing(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    let body = cart_order("pickup", pickup("ada@example.com"), false);

    let (status, answer) = app.place(Some("k"), &body, Some(&token)).await;
    assert_error(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "Your cart is empty",
    );
    let (status, answer) = app.place(None, &body, Some(&token)).await;
    assert_error(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "Idempotency-Key header is required",
    );

    app.to_cart(&token, &f.beta, 5).await;
    app.to_cart(&token, &f.alpha, 3).await;
    // Pickup needs a name, a phone and an e-mail; delivery the whole form.
    let (status, answer) = app
        .place(
            Some("k"),
            &cart_order("pickup", json!({"firstName": " "}), false),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"],
        json!({"firstName": "First name is required", "phoneNumber": "Phone number is required",
               "emailAddress": "Email is required"})
    );
    let (status, answer) = app
        .place(
            Some("k"),
            &cart_order("delivery", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"]["streetAddress"],
        "Street address is required"
    );
    assert_eq!(answer["errors"]["townCity"], "Town/City is required");
    // A card token the provider never made.
    let mut card = body.clone();
    card["payment"] = json!({"method": "card", "paymentMethodId": "pm_1"});
    let (status, answer) = app.place(Some("k"), &card, Some(&token)).await;
    assert_error(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "This card could not be found. Please enter it again.",
    );

    // Two short lines: both named, and Beta's units are not taken either.
    set_stock(&app, &f.beta, 2).await;
    set_stock(&app, &f.alpha, 0).await;
    let (status, answer) = app.place(Some("k"), &body, Some(&token)).await;
    assert_error(status, &answer, StatusCode::CONFLICT, SHORT);
    assert_eq!(
        answer["errors"],
        json!({f.beta.as_str(): "Only 2 left in stock", f.alpha.as_str(): "This product is out of stock"})
    );
    assert_eq!(app.stock_of(&f.beta).await, 2);
    let (_, cart) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    assert_eq!(
        cart["data"].as_array().unwrap().len(),
        2,
        "the cart is kept"
    );

    // A guest's unknown product, bad quantity, malformed id.
    let (status, answer) = app
        .place(
            Some("g"),
            &guest_order("g@example.com", &[(UNKNOWN, 1)]),
            None,
        )
        .await;
    assert_error(status, &answer, StatusCode::CONFLICT, SHORT);
    assert_eq!(
        answer["errors"][UNKNOWN],
        "This product is no longer available"
    );
    let (status, answer) = app
        .place(
            Some("g"),
            &guest_order("g@example.com", &[(&f.epsilon, 100)]),
            None,
        )
        .await;
    assert_error(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "Quantity must be between 1 and 99",
    );
    let (status, _) = app
        .place(
            Some("g"),
            &guest_order("g@example.com", &[("nope", 1)]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, answer) = app
        .place(Some("g"), &guest_order("g@example.com", &[]), None)
        .await;
    assert_error(
        status,
        &answer,
        StatusCode::BAD_REQUEST,
        "Your cart is empty",
    );

    assert_eq!(app.order_count().await, 0);
    assert_eq!(app.outbox.unsent().await.unwrap(), 0, "no mail was queued");
    // A refused key is not spent: the same key places the order once stock is back.
    set_stock(&app, &f.alpha, 3).await;
    set_stock(&app, &f.beta, 5).await;
    let (status, answer) = app.place(Some("k"), &body, Some(&token)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

async fn fifty_customers_racing_for_ten_units_get_exactly_ten_orders(app: TestApp) {
    let f = fixture(&app).await;
    let product = stocked(&app, &f, "Last Ten Valve", 1_000, 10).await;
    let mut tokens = Vec::new();
    for n in 0..50 {
        let token = app.customer(&format!("c{n}@example.com")).await;
        app.to_cart(&token, &product, 1).await;
        tokens.push(token);
    }
    let calls = tokens
        .into_iter()
        .map(|token| {
            let app = app.clone();
            async move {
                let body = cart_order("pickup", pickup("c@example.com"), false);
                app.place(Some(&shop::domain::new_id()), &body, Some(&token))
                    .await
            }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 10, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 40, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert_eq!(body["message"], SHORT);
            assert_eq!(body["errors"][&product], "This product is out of stock");
        }
    }
    let numbers: std::collections::BTreeSet<_> = answers
        .iter()
        .filter_map(|(_, b)| b["data"]["order"]["number"].as_str().map(str::to_string))
        .collect();
    assert_eq!(numbers.len(), 10, "ten different numbers");
    assert_eq!(app.stock_of(&product).await, 0);
    assert_eq!(app.order_count().await, 10);
}

async fn customers_racing_for_two_shared_products_never_oversell_or_deadlock(app: TestApp) {
    let f = fixture(&app).await;
    let a = stocked(&app, &f, "Shared Valve A", 500, 5).await;
    let b = stocked(&app, &f, "Shared Valve B", 700, 5).await;
    let mut tokens = Vec::new();
    for n in 0..20 {
        let token = app.customer(&format!("r{n}@example.com")).await;
        // Half put A in the cart first, half B: the orders list lines both ways round.
        let (first, second) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
        app.to_cart(&token, first, 1).await;
        app.clock.advance(Duration::from_millis(1));
        app.to_cart(&token, second, 1).await;
        tokens.push(token);
    }
    let calls = tokens
        .into_iter()
        .map(|token| {
            let app = app.clone();
            async move {
                let body = cart_order("pickup", pickup("r@example.com"), false);
                app.place(Some(&shop::domain::new_id()), &body, Some(&token))
                    .await
            }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 5, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 15, "{answers:?}");
    assert_eq!((app.stock_of(&a).await, app.stock_of(&b).await), (0, 0));
    assert_eq!(app.order_count().await, 5);
}

async fn twenty_requests_with_one_key_place_one_order(app: TestApp) {
    let f = fixture(&app).await;
    let body = guest_order("grace@example.com", &[(&f.epsilon, 3)]);
    let calls = (0..20)
        .map(|_| {
            let app = app.clone();
            let body = body.clone();
            async move { app.place(Some("one-key"), &body, None).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    for (status, answer) in &answers {
        match *status {
            StatusCode::CREATED | StatusCode::OK => {
                assert_eq!(answer["data"]["order"]["number"], "100001")
            }
            // PostgreSQL: the key's first request was still running.
            StatusCode::CONFLICT => {
                assert_eq!(answer["message"], "This order is still being placed")
            }
            other => panic!("unexpected {other}: {answer}"),
        }
    }
    assert_eq!(app.order_count().await, 1);
    assert_eq!(app.stock_of(&f.epsilon).await, 97);
    // Later, the same key and body answer the same order.
    let (status, answer) = app.place(Some("one-key"), &body, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Order already placed");
    assert_eq!(answer["data"]["order"]["number"], "100001");
    assert_eq!(app.deliver_mail().await, 1, "one confirmation");
}

async fn a_key_reused_with_another_request_is_refused(app: TestApp) {
    let f = fixture(&app).await;
    let (status, _) = app
        .place(
            Some("k"),
            &guest_order("g@example.com", &[(&f.epsilon, 1)]),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, answer) = app
        .place(
            Some("k"),
            &guest_order("g@example.com", &[(&f.epsilon, 2)]),
            None,
        )
        .await;
    assert_error(
        status,
        &answer,
        StatusCode::UNPROCESSABLE_ENTITY,
        "Idempotency key reused with a different request",
    );
    // The same key from a customer is theirs alone: a new order.
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.epsilon, 1).await;
    let (status, _) = app
        .place(
            Some("k"),
            &cart_order("pickup", pickup("a@example.com"), false),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(app.order_count().await, 2);
    assert_eq!(app.stock_of(&f.epsilon).await, 98);
}

async fn racing_cancellations_restock_exactly_once(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.delta, 4).await;
    app.to_cart(&token, &f.epsilon, 10).await;
    let (number, _) = app
        .placed(
            &cart_order("pickup", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    assert_eq!(
        (app.stock_of(&f.delta).await, app.stock_of(&f.epsilon).await),
        (8, 90)
    );
    app.deliver_mail().await;

    let calls = (0..10)
        .map(|_| {
            let app = app.clone();
            let token = token.clone();
            let path = format!("/api/order/{number}/cancel");
            async move { app.call(Method::POST, &path, None, Some(&token)).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert_eq!(body["message"], "This order can no longer be cancelled");
        } else {
            assert_eq!(body["data"]["order"]["status"], "cancelled");
            assert_eq!(body["data"]["order"]["cancellable"], false);
            let events: Vec<_> = body["data"]["order"]["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["type"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(
                events,
                ["placed", "cancelled"],
                "restocking is not the shopper's news"
            );
        }
    }
    assert_eq!(
        (app.stock_of(&f.delta).await, app.stock_of(&f.epsilon).await),
        (12, 100)
    );
    assert_eq!(app.deliver_mail().await, 1, "one cancellation mail");
    assert_eq!(
        app.mailer.sent().last().unwrap().letter.subject,
        format!("Your Shop order {number} is cancelled")
    );
}

async fn the_status_machine_moves_orders_and_mails_the_shopper(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let customer = app.customer("ada@example.com").await;
    let (pick, _) = app
        .placed(&guest_order("p@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    let mut delivered = guest_order("d@example.com", &[(&f.epsilon, 2)]);
    delivered["fulfilment"] = json!("delivery");
    delivered["contact"] = delivery("d@example.com");
    let (del, _) = app.placed(&delivered, None).await;
    app.deliver_mail().await;
    let status_path = |n: &str| format!("/api/admin/order/{n}/status");

    // Who may call.
    let (status, body) = app
        .call(Method::GET, "/api/admin/order", None, Some(&customer))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::FORBIDDEN,
        "Only administrators can do this",
    );
    let (status, _) = app
        .call(
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "completed"})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Refused moves.
    for (number, to) in [
        (&pick, "shipped"),
        (&pick, "completed"),
        (&del, "ready_for_pickup"),
        (&pick, "placed"),
    ] {
        let (status, body) = app
            .admin_call(
                &admin,
                Method::POST,
                &status_path(number),
                Some(json!({"status": to})),
            )
            .await;
        assert_error(
            status,
            &body,
            StatusCode::CONFLICT,
            &format!("An order that is placed cannot become {to}"),
        );
    }
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "lost"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path("999999"),
            Some(json!({"status": "shipped"})),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Pickup: ready, cash received, collected.
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "ready_for_pickup", "note": "Counter 2"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["status"], "ready_for_pickup");
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{pick}/paid"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["paymentStatus"], "paid");
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{pick}/paid"),
            None,
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "This order is not awaiting payment",
    );
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "completed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "cancelled"})),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "An order that is completed cannot become cancelled",
    );

    // Delivery: shipped, then the shopper can no longer cancel; then delivered.
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "shipped"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "cancelled"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "completed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // The shopper's timeline and the mails.
    let (_, body) = app
        .admin_call(
            &admin,
            Method::GET,
            &format!("/api/admin/order/{pick}"),
            None,
        )
        .await;
    let events: Vec<_> = body["data"]["order"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(events, ["placed", "ready_for_pickup", "paid", "completed"]);
    assert_eq!(body["data"]["order"]["events"][1]["note"], "Counter 2");
    assert_eq!(app.deliver_mail().await, 4);
    // Mail queued at one instant (the test's clock stands still) leaves in any order.
    let mut subjects: Vec<_> = app
        .mailer
        .sent()
        .iter()
        .skip(2)
        .map(|m| (m.to.clone(), m.letter.subject.clone()))
        .collect();
    subjects.sort();
    assert_eq!(
        subjects,
        [
            (
                "d@example.com".to_string(),
                format!("Your Shop order {del} has shipped")
            ),
            (
                "d@example.com".to_string(),
                format!("Your Shop order {del} is complete")
            ),
            (
                "p@example.com".to_string(),
                format!("Your Shop order {pick} is complete")
            ),
            (
                "p@example.com".to_string(),
                format!("Your Shop order {pick} is ready for pickup")
            ),
        ]
    );

    // The administrators' list, filtered by status.
    let (status, body) = app
        .admin_call(
            &admin,
            Method::GET,
            "/api/admin/order?status=completed&perPage=1",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 2);
    assert_eq!(body["data"]["orders"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["orders"][0]["number"], del, "newest first");
    let (status, _) = app
        .admin_call(&admin, Method::GET, "/api/admin/order?status=lost", None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn customers_see_only_their_own_orders(app: TestApp) {
    let f = fixture(&app).await;
    let ada = app.customer("ada@example.com").await;
    let bob = app.customer("bob@example.com").await;
    let mut numbers = Vec::new();
    for _ in 0..3 {
        app.to_cart(&ada, &f.epsilon, 1).await;
        numbers.push(
            app.placed(
                &cart_order("pickup", pickup("ada@example.com"), false),
                Some(&ada),
            )
            .await
            .0,
        );
    }
    app.to_cart(&bob, &f.alpha, 1).await;
    let (bobs, _) = app
        .placed(
            &cart_order("pickup", pickup("bob@example.com"), false),
            Some(&bob),
        )
        .await;

    let (status, body) = app
        .call(Method::GET, "/api/order?perPage=2", None, Some(&ada))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 3);
    let page: Vec<_> = body["data"]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["number"].clone())
        .collect();
    assert_eq!(page, [json!(numbers[2]), json!(numbers[1])], "newest first");
    let (_, body) = app
        .call(Method::GET, "/api/order?perPage=2&page=2", None, Some(&ada))
        .await;
    assert_eq!(body["data"]["orders"][0]["number"], numbers[0]);

    // Bob's order is no business of Ada's: not found, and not cancellable.
    let (status, body) = app
        .call(Method::GET, &format!("/api/order/{bobs}"), None, Some(&ada))
        .await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Order not found");
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/order/{bobs}/cancel"),
            None,
            Some(&ada),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.stock_of(&f.alpha).await, 49);
    let (status, _) = app.call(Method::GET, "/api/order", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = app
        .call(Method::GET, "/api/order?page=0", None, Some(&ada))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn track_your_order_mails_the_link_and_answers_alike(app: TestApp) {
    let f = fixture(&app).await;
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    app.deliver_mail().await;
    let sent_before = app.mailer.sent().len();
    let message = "If that order exists, we have e-mailed a link to it to that address.";

    for (n, email) in [
        (number.as_str(), "Grace@example.com"),
        ("100001", "someone@example.com"),
        ("999999", "grace@example.com"),
    ] {
        let (status, body) = app
            .post(
                "/api/order/track",
                json!({"number": n, "emailAddress": email}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], message);
    }
    app.deliver_mail().await;
    let mails = &app.mailer.sent()[sent_before..];
    assert_eq!(mails.len(), 1, "only the matching pair is mailed");
    assert_eq!(mails[0].to, "grace@example.com");
    let link = &mails[0].letter.hint;
    let token = link.split("token=").nth(1).unwrap();
    let (status, _) = app.get(&format!("/api/order/{number}?token={token}")).await;
    assert_eq!(status, StatusCode::OK);

    // Five link mails an hour per address: the answer stays the same after.
    for _ in 0..5 {
        let (status, _) = app
            .post(
                "/api/order/track",
                json!({"number": number, "emailAddress": "grace@example.com"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    app.deliver_mail().await;
    assert_eq!(
        app.mailer.sent().len(),
        sent_before + 4,
        "past five an hour, nothing more is mailed"
    );
    let (status, body) = app
        .post(
            "/api/order/track",
            json!({"number": "", "emailAddress": "x@example.com"}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Order number is required",
    );
}

async fn the_outbox_delivers_after_a_restart_and_retries_failures(app: TestApp) {
    let f = fixture(&app).await;
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    // The node that placed it is gone before its worker ran: a new node, sharing only
    // the database, finds the mail. Its first transport fails (nothing listens on
    // port 9); the row waits for its backoff, then goes.
    let db = app.catalogue.db().clone();
    let restarted = Outbox::new(db.clone(), app.clock.clone());
    let down = Mailer::smtp("smtp://127.0.0.1:9", shop::mail::DEFAULT_FROM).unwrap();
    assert_eq!(deliver_all_due(&restarted, &down).await.unwrap(), 1);
    assert_eq!(restarted.unsent().await.unwrap(), 1, "kept after a failure");
    let up = Mailer::memory();
    assert_eq!(
        deliver_all_due(&restarted, &up).await.unwrap(),
        0,
        "not before the backoff"
    );
    app.clock.advance(Duration::from_secs(30));
    assert_eq!(deliver_all_due(&restarted, &up).await.unwrap(), 1);
    assert_eq!(up.sent().len(), 1);
    assert_eq!(
        up.sent()[0].letter.subject,
        format!("Your Shop order {number} is placed")
    );
    assert_eq!(restarted.unsent().await.unwrap(), 0);

    // A claimed row is left to its sender; if that node dies, it goes once the claim ends.
    app.placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    let dead = Outbox::new(db.clone(), app.clock.clone());
    assert_eq!(dead.claim().await.unwrap().len(), 1);
    assert_eq!(
        deliver_all_due(&restarted, &up).await.unwrap(),
        0,
        "claimed by a live node"
    );
    app.clock.advance(Duration::from_millis(CLAIM_MS as u64));
    assert_eq!(deliver_all_due(&restarted, &up).await.unwrap(), 1);
    assert_eq!(up.sent().len(), 2);
}

async fn deleting_an_account_keeps_its_orders_detached(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.epsilon, 2).await;
    let (number, link_token) = app
        .placed(
            &cart_order("pickup", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    let user = app
        .accounts
        .user_by_email(&address("ada@example.com"))
        .await
        .unwrap()
        .unwrap();
    assert!(app.accounts.delete_user(&user.id).await.unwrap());
    let order = app
        .orders
        .by_number(&number)
        .await
        .unwrap()
        .expect("the order stays");
    assert_eq!(order.user_id, None);
    assert_eq!(order.lines.len(), 1);
    let (status, _) = app
        .get(&format!("/api/order/{number}?token={link_token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "the mailed link still opens it");
}
