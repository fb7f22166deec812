//! The activity log names what it changed (docs/DESIGN.md §15, 'the console explains
//! itself'): each entry keeps the object's name as it was when the change was made, so
//! an older entry still reads after a rename; and a cancellation's refund is an entry
//! of its own, with the amount, once however the refund is reported.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{address, fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{guest_order, pickup, stocked};

on_both_backends!(
    each_entry_names_its_object_as_it_was_then,
    an_administrators_cancellation_of_a_paid_order_logs_its_refund_apart,
);

/// The log for `query`, as `admin` reads it: the `data`.
async fn log(app: &TestApp, admin: &str, query: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/activity?{query}"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// (action, objectName) of each entry, newest first.
fn named(log: &Value) -> Vec<(String, Value)> {
    log["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap().to_string(),
                e["objectName"].clone(),
            )
        })
        .collect()
}

async fn ok(app: &TestApp, admin: &str, method: Method, path: &str, body: Option<Value>) -> Value {
    let (status, answer) = app.call(method, path, body, Some(admin)).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    answer
}

async fn each_entry_names_its_object_as_it_was_then(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;

    // A category, created and renamed: each entry keeps the title of its moment.
    let created = ok(
        &app,
        &admin,
        Method::POST,
        "/api/admin/category",
        Some(json!({"title": "Tools"})),
    )
    .await;
    let category = created["data"]["_id"].as_str().unwrap().to_string();
    // The test's clock stands still unless moved: the log is newest first by time.
    app.clock.advance(Duration::from_secs(1));
    let path = format!("/api/admin/category/{category}");
    ok(
        &app,
        &admin,
        Method::PUT,
        &path,
        Some(json!({"title": "Hand Tools"})),
    )
    .await;
    let entries = log(
        &app,
        &admin,
        &format!("objectType=category&objectId={category}"),
    )
    .await;
    assert_eq!(
        named(&entries),
        [
            ("renamed".to_string(), json!("Hand Tools")),
            ("created".to_string(), json!("Tools")),
        ]
    );

    // A product's stock change names the product; a promo code is named by its code.
    let path = format!("/api/admin/product/{}/stock", f.alpha);
    ok(
        &app,
        &admin,
        Method::POST,
        &path,
        Some(json!({"change": 3, "reason": "Found in the back"})),
    )
    .await;
    let entries = log(
        &app,
        &admin,
        &format!("objectType=product&objectId={}", f.alpha),
    )
    .await;
    assert_eq!(
        named(&entries),
        [("stock".to_string(), json!("Alpha Kitchen Mixer"))]
    );
    let body = json!({"code": "spring10", "kind": "percent", "amount": 10});
    ok(
        &app,
        &admin,
        Method::POST,
        "/api/admin/promo-code",
        Some(body),
    )
    .await;
    let entries = log(&app, &admin, "objectType=promo_code").await;
    assert_eq!(
        named(&entries),
        [("created".to_string(), json!("SPRING10"))]
    );

    // A customer by their name; an order by its number.
    app.customer("ada@example.com").await;
    let ada = app
        .accounts
        .user_by_email(&address("ada@example.com"))
        .await
        .unwrap()
        .unwrap()
        .id;
    ok(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin/customer/{ada}/disable"),
        None,
    )
    .await;
    let entries = log(&app, &admin, "objectType=customer").await;
    assert_eq!(
        named(&entries),
        [("disabled".to_string(), json!("Ada Lovelace"))]
    );
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.alpha, 1)]), None)
        .await;
    ok(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin/order/{number}/note"),
        Some(json!({"note": "Call first"})),
    )
    .await;
    let entries = log(&app, &admin, "objectType=order").await;
    assert_eq!(named(&entries), [("note_added".to_string(), json!(number))]);
}

async fn an_administrators_cancellation_of_a_paid_order_logs_its_refund_apart(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Card Tap", 5_000, 10).await;
    let admin = app.admin().await;
    let mut numbers = Vec::new();
    for who in ["paid-by-card", "cancels-herself"] {
        let customer = app.customer(&format!("{who}@example.com")).await;
        app.to_cart(&customer, &tap, 1).await;
        let token = card_token(&app).await;
        let body = json!({"fulfilment": "pickup", "contact": pickup(&format!("{who}@example.com")), "saveAddress": false,
                          "payment": {"method": "card", "paymentMethodId": token}});
        let key = shop::domain::new_id();
        let (status, answer) = app.place(Some(&key), &body, Some(&customer)).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        let order = &answer["data"]["order"];
        numbers.push((
            order["number"].as_str().unwrap().to_string(),
            order["total"].as_f64().unwrap(),
            customer,
        ));
    }

    // The owner cancels the first: the move and the refund are two entries.
    let (number, total, _) = &numbers[0];
    let path = format!("/api/admin/order/{number}/status");
    ok(
        &app,
        &admin,
        Method::POST,
        &path,
        Some(json!({"status": "cancelled"})),
    )
    .await;
    app.deliver_webhooks().await;
    let entries = log(&app, &admin, &format!("objectType=order&objectId={number}")).await;
    // The test's clock stands still: both carry the same moment, so their order is the
    // ids'. What matters is that there are two.
    let mut actions = named(&entries);
    actions.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        actions,
        [
            ("refunded".to_string(), json!(number)),
            ("status_changed".to_string(), json!(number)),
        ],
        "{entries}"
    );
    let entry = |action: &str| {
        entries["activity"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["action"] == action)
            .unwrap()
            .clone()
    };
    let refund = entry("refunded");
    assert_eq!(
        refund["changes"]["refunded"],
        json!({"before": null, "after": total})
    );
    assert_eq!(
        refund["changes"]["paymentStatus"],
        json!({"before": "paid", "after": "refunded"})
    );
    assert_eq!(
        entry("status_changed")["changes"]["status"]["after"],
        "cancelled"
    );

    // A shopper's own cancellation refunds too, but no administrator did anything.
    let (number, _, customer) = &numbers[1];
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/cancel"),
            None,
            Some(customer),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = app.orders.by_number(number).await.unwrap().unwrap();
    assert_eq!(order.payment_status.as_str(), "refunded");
    let entries = log(&app, &admin, &format!("objectType=order&objectId={number}")).await;
    assert_eq!(entries["total"], 0, "{entries}");
}

/// A test card's token, as the storefront's card fields get one.
async fn card_token(app: &TestApp) -> String {
    let response = app
        .client
        .post(app.url("/testpsp/v1/tokens"))
        .json(&json!({"number": "4242424242424242", "expMonth": 12, "expYear": 2099, "cvc": "123", "holderName": "Ada Lovelace"}))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["id"].as_str().unwrap().to_string()
}
