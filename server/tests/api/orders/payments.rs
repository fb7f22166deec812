//! Card payments (docs/DESIGN.md §7) through the test provider: every Stripe test card's
//! outcome, 3-D Secure there and back, webhooks that come twice, late, forged or
//! stale, one capture per order however many ask, and one refund per cancellation
//! however many race. The helpers here tokenize cards and read payments for the
//! other card tests.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{at_once, count, guest_order, pickup, stocked};
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    every_test_card_meets_its_outcome,
    a_refused_card_leaves_stock_and_cart_as_they_were,
    three_d_secure_goes_to_the_bank_and_back,
    a_failed_three_d_secure_check_cancels_the_order_and_restocks,
    webhooks_twice_late_or_shuffled_capture_once_and_forged_ones_are_refused,
    twenty_requests_with_one_key_and_a_card_capture_once,
    racing_cancellations_refund_exactly_once,
);

pub(super) const PAN: &str = "4242424242424242";

/// Tokenizes a card at the provider, as the storefront's card fields do.
pub(super) async fn tokenize(app: &TestApp, number: &str) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url("/testpsp/v1/tokens"))
        .json(&json!({"number": number, "expMonth": 12, "expYear": 2099, "cvc": "123", "holderName": "Ada Lovelace"}))
        .send()
        .await
        .expect("sent");
    (
        response.status(),
        response.json().await.unwrap_or(Value::Null),
    )
}

pub(super) async fn token(app: &TestApp, number: &str) -> String {
    let (status, body) = tokenize(app, number).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["id"].as_str().unwrap().to_string()
}

/// A guest's card order of one unit of `product`.
pub(super) fn card_order(email: &str, product: &str, card: &str) -> Value {
    let mut body = guest_order(email, &[(product, 1)]);
    body["payment"] = json!({"method": "card", "paymentMethodId": card});
    body
}

pub(super) async fn psp_count(app: &TestApp, payment: &str, kind: &str) -> i64 {
    app.psp().count_operations(payment, kind).await.unwrap()
}

pub(super) async fn payment_ref(app: &TestApp, number: &str) -> String {
    app.orders
        .by_number(number)
        .await
        .unwrap()
        .unwrap()
        .payment_ref
        .unwrap()
}

pub(super) async fn transactions_of_order(app: &TestApp, number: &str) -> Vec<(String, String)> {
    let order = app.orders.by_number(number).await.unwrap().unwrap();
    sqlx::query_as::<_, (String, String)>(
        "SELECT kind, status FROM payment_transactions WHERE order_id = $1 ORDER BY kind",
    )
    .bind(order.id.as_str())
    .fetch_all(&app.catalogue.db().pool)
    .await
    .unwrap()
}

pub(super) async fn product(app: &TestApp, f: &Fixture, stock: i64) -> String {
    stocked(app, f, "Card Tap", 5_000, stock).await
}

async fn every_test_card_meets_its_outcome(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 50).await;
    // A number failing the Luhn check is refused at tokenize, in the provider's words.
    let (status, body) = tokenize(&app, "4242 4242 4242 4241").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["code"], "invalid_number");
    assert_eq!(body["error"]["message"], "Your card number is invalid.");

    let key = shop::domain::new_id();
    let (status, body) = app
        .place(
            Some(&key),
            &card_order(
                "a@example.com",
                &tap,
                &token(&app, "4242 4242 4242 4242").await,
            ),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let order = &body["data"]["order"];
    assert_eq!(order["paymentStatus"], "paid");
    assert_eq!(order["paymentMethod"], "card");
    assert_eq!(order["card"], json!({"brand": "visa", "last4": "4242"}));
    assert!(body["data"].get("nextAction").is_none());
    let number = order["number"].as_str().unwrap();
    let events: Vec<&str> = order["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(events, ["placed", "paid"]);
    assert_eq!(
        psp_count(&app, &payment_ref(&app, number).await, "capture").await,
        1
    );
    assert_eq!(
        transactions_of_order(&app, number).await,
        [
            ("authorization".into(), "succeeded".into()),
            ("capture".into(), "succeeded".into())
        ]
    );

    for (number, message) in [
        ("4000 0000 0000 0002", "Your card was declined."),
        ("4000 0000 0000 9995", "Your card has insufficient funds."),
        ("4000 0000 0000 0069", "Your card has expired."),
        (
            "4000 0000 0000 0127",
            "Your card's security code is incorrect.",
        ),
        ("4000 0000 0000 0341", "Your card could not be charged."),
    ] {
        let orders_before = app.order_count().await;
        let stock_before = app.stock_of(&tap).await;
        let (status, body) = app
            .place(
                Some(&shop::domain::new_id()),
                &card_order("a@example.com", &tap, &token(&app, number).await),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{number}: {body}");
        assert_eq!(body["message"], message, "{number}");
        assert_eq!(body["errors"]["payment"], message);
        assert_eq!(
            app.order_count().await,
            orders_before,
            "{number} placed no order"
        );
        assert_eq!(
            app.stock_of(&tap).await,
            stock_before,
            "{number} took no stock"
        );
    }
}

async fn a_refused_card_leaves_stock_and_cart_as_they_were(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 5).await;
    let customer = app.customer("ada@example.com").await;
    app.to_cart(&customer, &tap, 2).await;
    let declined = token(&app, "4000000000000002").await;
    let body = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"), "saveAddress": false,
                      "payment": {"method": "card", "paymentMethodId": declined}});
    let (status, answer) = app.place(Some("attempt-1"), &body, Some(&customer)).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{answer}");
    assert_eq!(app.stock_of(&tap).await, 5);
    let (_, cart) = app
        .call(
            Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(cart["data"][0]["quantity"], 2, "{cart}");
    // The refusal is in the shopper's history, with the provider's message.
    let (_, history) = app
        .call(Method::GET, "/api/transaction", None, Some(&customer))
        .await;
    assert_eq!(history["data"]["total"], 1, "{history}");
    let row = &history["data"]["transactions"][0];
    assert_eq!(row["kind"], "authorization");
    assert_eq!(row["status"], "failed");
    assert_eq!(row["message"], "Your card was declined.");
    assert_eq!(row["last4"], "0002");
    assert_eq!(row["orderNumber"], Value::Null);

    // Another card, a new attempt: paid, and the cart is ordered.
    let good = token(&app, "5555555555554444").await;
    let mut body = body;
    body["payment"]["paymentMethodId"] = json!(good);
    let (status, answer) = app.place(Some("attempt-2"), &body, Some(&customer)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["data"]["order"]["paymentStatus"], "paid");
    assert_eq!(answer["data"]["order"]["card"]["brand"], "mastercard");
    assert_eq!(app.stock_of(&tap).await, 3);
}

/// Places a 3-D Secure order: its number, link token and the bank's page.
async fn three_d_secure_order(app: &TestApp, tap: &str) -> (String, String, String) {
    let (status, body) = app
        .place(
            Some(&shop::domain::new_id()),
            &card_order("g@example.com", tap, &token(app, "4000000000003220").await),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["data"]["order"]["paymentStatus"], "pending");
    assert_eq!(body["data"]["nextAction"]["type"], "redirect");
    (
        body["data"]["order"]["number"]
            .as_str()
            .unwrap()
            .to_string(),
        body["data"]["token"].as_str().unwrap().to_string(),
        body["data"]["nextAction"]["url"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// Presses a button on the bank's page: where the browser is sent next.
async fn answer_bank(app: &TestApp, page: &str, button: &str) -> String {
    let client = no_redirects();
    let html = client
        .get(app.url(page))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        html.contains("3-D Secure test challenge")
            && html.contains(">Complete<")
            && html.contains(">Fail<"),
        "{html}"
    );
    let response = client
        .post(app.url(&format!("{page}/{button}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    response.headers()["location"].to_str().unwrap().to_string()
}

async fn three_d_secure_goes_to_the_bank_and_back(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 5).await;
    let (number, link_token, page) = three_d_secure_order(&app, &tap).await;
    assert_eq!(
        app.stock_of(&tap).await,
        4,
        "the order holds its unit while the bank asks"
    );
    let back = answer_bank(&app, &page, "complete").await;
    assert!(
        back.starts_with(&app.url("/api/payment/return?payment=pi_test_")),
        "{back}"
    );
    // The browser comes back: the shop asks the provider, captures, opens the order.
    let response = no_redirects().get(&back).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let location = response.headers()["location"].to_str().unwrap();
    assert!(
        location.starts_with(&format!("/orders/{number}?token="))
            && location.ends_with("&placed=1"),
        "{location}"
    );
    let (_, body) = app
        .get(&format!("/api/order/{number}?token={link_token}"))
        .await;
    assert_eq!(body["data"]["order"]["paymentStatus"], "paid");
    // Coming back again, refreshing and the webhooks change nothing more.
    no_redirects().get(&back).send().await.unwrap();
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/payment/refresh?token={link_token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    app.deliver_webhooks().await;
    assert_eq!(
        psp_count(&app, &payment_ref(&app, &number).await, "capture").await,
        1
    );
    let paid_events = app
        .orders
        .by_number(&number)
        .await
        .unwrap()
        .unwrap()
        .events
        .iter()
        .filter(|e| e.kind == shop::domain::order::EventType::Paid)
        .count();
    assert_eq!(paid_events, 1);
}

async fn a_failed_three_d_secure_check_cancels_the_order_and_restocks(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 5).await;
    let (number, link_token, page) = three_d_secure_order(&app, &tap).await;
    answer_bank(&app, &page, "fail").await;
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/payment/refresh?token={link_token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = &body["data"]["order"];
    assert_eq!(order["status"], "cancelled");
    assert_eq!(order["paymentStatus"], "failed");
    let events: Vec<&str> = order["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert!(
        events.contains(&"payment_failed") && events.contains(&"cancelled"),
        "{events:?}"
    );
    assert_eq!(app.stock_of(&tap).await, 5);
    assert_eq!(
        psp_count(&app, &payment_ref(&app, &number).await, "capture").await,
        0
    );
}

async fn webhooks_twice_late_or_shuffled_capture_once_and_forged_ones_are_refused(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 5).await;
    let (number, _, page) = three_d_secure_order(&app, &tap).await;
    answer_bank(&app, &page, "complete").await;
    // The browser never comes back: the webhooks alone settle it, however delivered.
    for _ in 0..3 {
        app.deliver_webhooks().await;
    }
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    assert_eq!(order.payment_status.as_str(), "paid");
    let payment = order.payment_ref.unwrap();
    assert_eq!(psp_count(&app, &payment, "capture").await, 1);

    let psp = app.psp();
    let body = json!({"id": "evt_test_x", "type": "payment.captured", "created": 0, "data": {"payment": payment}}).to_string();
    let now = app.clock.now_ms() / 1000;
    let send = |signature: String, body: String| {
        let client = app.client.clone();
        let url = app.url("/api/payment/webhook/test");
        async move {
            let response = client
                .post(url)
                .header("testpsp-signature", signature)
                .body(body)
                .send()
                .await
                .unwrap();
            let status = response.status();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let (status, answer) = send(psp.sign(now, &body), body.clone()).await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::OK, "Webhook received")
    );
    let (status, answer) = send(psp.sign(now, &body), body.clone()).await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::OK, "Webhook already received")
    );
    let (status, answer) = send(psp.sign(now, &body).replace("v1=", "v1=00"), body.clone()).await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::BAD_REQUEST, "Invalid signature")
    );
    let (status, answer) = send(
        psp.sign(now, &body),
        body.replace("evt_test_x", "evt_test_y"),
    )
    .await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::BAD_REQUEST, "Invalid signature")
    );
    let stale = body.replace("evt_test_x", "evt_test_z");
    let (status, answer) = send(psp.sign(now - 301, &stale), stale).await;
    assert_eq!(
        (status, answer["message"].as_str().unwrap()),
        (StatusCode::BAD_REQUEST, "Webhook timestamp is too old")
    );
    assert_eq!(psp_count(&app, &payment, "capture").await, 1);
}

async fn twenty_requests_with_one_key_and_a_card_capture_once(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 50).await;
    let body = card_order("same@example.com", &tap, &token(&app, PAN).await);
    let calls = (0..20)
        .map(|_| {
            let app = app.clone();
            let body = body.clone();
            async move { app.place(Some("one-key"), &body, None).await }
        })
        .collect();
    let answers = at_once(calls).await;
    let placed = count(&answers, StatusCode::CREATED) + count(&answers, StatusCode::OK);
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    assert_eq!(
        placed + count(&answers, StatusCode::CONFLICT),
        20,
        "{answers:?}"
    );
    assert_eq!(app.order_count().await, 1);
    assert_eq!(app.stock_of(&tap).await, 49);
    let (_, created) = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::CREATED)
        .unwrap();
    let number = created["data"]["order"]["number"].as_str().unwrap();
    app.deliver_webhooks().await;
    assert_eq!(
        psp_count(&app, &payment_ref(&app, number).await, "capture").await,
        1
    );
    let captures = transactions_of_order(&app, number)
        .await
        .into_iter()
        .filter(|(k, _)| k == "capture")
        .count();
    assert_eq!(captures, 1);
}

async fn racing_cancellations_refund_exactly_once(app: TestApp) {
    let f = fixture(&app).await;
    let tap = product(&app, &f, 10).await;
    let customer = app.customer("refund@example.com").await;
    app.to_cart(&customer, &tap, 2).await;
    let body = json!({"fulfilment": "pickup", "contact": pickup("refund@example.com"), "saveAddress": false,
                      "payment": {"method": "card", "paymentMethodId": token(&app, PAN).await}});
    let (status, answer) = app.place(Some("refund-me"), &body, Some(&customer)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let number = answer["data"]["order"]["number"]
        .as_str()
        .unwrap()
        .to_string();
    let admin = app.admin().await;
    let calls = (0..10)
        .map(|i| {
            let app = app.clone();
            let (path, token) = if i % 2 == 0 {
                (format!("/api/order/{number}/cancel"), customer.clone())
            } else {
                (format!("/api/admin/order/{number}/status"), admin.clone())
            };
            let body = (i % 2 == 1).then(|| json!({"status": "cancelled"}));
            async move { app.call(Method::POST, &path, body, Some(&token)).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(app.stock_of(&tap).await, 10, "restocked once");
    app.deliver_webhooks().await;
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    assert_eq!(order.payment_status.as_str(), "refunded");
    assert_eq!(
        psp_count(&app, order.payment_ref.as_deref().unwrap(), "refund").await,
        1
    );
    let kinds: Vec<String> = transactions_of_order(&app, &number)
        .await
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(kinds, ["authorization", "capture", "refund"]);
    // The shopper sees both in the history, newest first.
    let (_, history) = app
        .call(Method::GET, "/api/transaction", None, Some(&customer))
        .await;
    let rows: Vec<(&str, &str)> = history["data"]["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["kind"].as_str().unwrap(),
                t["orderNumber"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        rows.contains(&("refund", number.as_str())) && rows.contains(&("capture", number.as_str())),
        "{rows:?}"
    );
    // And a refund mail is queued.
    let refunds: Vec<(String,)> =
        sqlx::query_as("SELECT subject FROM mail_outbox WHERE subject LIKE '%is refunded'")
            .fetch_all(&app.catalogue.db().pool)
            .await
            .unwrap();
    assert_eq!(refunds.len(), 1, "{refunds:?}");
}
