//! Quick order and buy again (docs/DESIGN.md §11, issue 34 item 6): lines of SKUs put in
//! the cart with an answer each (added, short, unknown, invalid), one SKU twice summed
//! ignoring case, at most 200 lines, the same key answering again without adding; and a
//! past order's lines put back at today's prices, saying where the price changed.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{guest_order, pickup};

on_both_backends!(
    quick_order_adds_what_it_can_and_answers_each_line,
    a_repeated_key_answers_again_and_adds_nothing,
    buy_again_puts_an_orders_lines_back_at_todays_prices,
);

const BULK: &str = "/api/user/item/bulk";

async fn sku_of(app: &TestApp, product: &str) -> String {
    use sqlx::Row;
    sqlx::query("SELECT sku FROM product_variants WHERE product_id = $1")
        .bind(product)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .expect("a variant")
        .get("sku")
}

/// The customer's cart as (SKU, quantity), by SKU.
async fn cart(app: &TestApp, token: &str) -> Vec<(String, i64)> {
    let (status, answer) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mut lines: Vec<(String, i64)> = answer["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["sku"].as_str().unwrap().to_string(),
                i["quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    lines.sort();
    lines
}

async fn bulk(app: &TestApp, token: &str, key: Option<&str>, body: &Value) -> (StatusCode, Value) {
    let mut request = app.client.post(app.url(BULK)).json(body).bearer_auth(token);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("request is sent");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn statuses(answer: &Value) -> Vec<(String, String, i64)> {
    answer["data"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["sku"].as_str().unwrap().to_string(),
                l["status"].as_str().unwrap().to_string(),
                l["quantity"].as_i64().unwrap(),
            )
        })
        .collect()
}

async fn quick_order_adds_what_it_can_and_answers_each_line(app: TestApp) {
    let f = fixture(&app).await;
    let plumber = app.customer("plumber@example.com").await;
    let (alpha, beta, gamma, epsilon) = (
        sku_of(&app, &f.alpha).await,
        sku_of(&app, &f.beta).await,
        sku_of(&app, &f.gamma).await,
        sku_of(&app, &f.epsilon).await,
    );
    // Alpha named twice in two cases (3 in all); Beta has 5 left; Gamma none.
    let body = json!({"lines": [
        {"sku": alpha.to_lowercase(), "quantity": 2}, {"sku": beta, "quantity": 8},
        {"sku": gamma, "quantity": 1}, {"sku": "NO-SUCH-SKU", "quantity": 1},
        {"sku": epsilon, "quantity": 1.5}, {"sku": alpha, "quantity": 1}]});
    let (status, answer) = bulk(&app, &plumber, None, &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Lines added to cart");
    assert_eq!(
        statuses(&answer),
        [
            (alpha.clone(), "added".into(), 3),
            (beta.clone(), "short".into(), 5),
            (gamma.clone(), "short".into(), 0),
            ("NO-SUCH-SKU".into(), "unknown".into(), 0),
            (epsilon.clone(), "invalid".into(), 0),
        ]
    );
    let lines = answer["data"]["lines"].as_array().unwrap();
    assert_eq!(lines[1]["message"], "Only 5 could be added");
    assert_eq!(lines[2]["message"], "This product is out of stock");
    assert_eq!(lines[3]["variantId"], Value::Null);
    assert!(lines[0]["variantId"].is_string());
    let mut want = vec![(alpha.clone(), 3), (beta.clone(), 5)];
    want.sort();
    assert_eq!(cart(&app, &plumber).await, want);

    // Adding to what the cart holds: Beta has nothing more to give.
    let body = json!({"lines": [{"sku": beta, "quantity": 1}, {"sku": alpha, "quantity": 2}]});
    let (_, answer) = bulk(&app, &plumber, None, &body).await;
    assert_eq!(
        statuses(&answer),
        [
            (beta.clone(), "short".into(), 0),
            (alpha.clone(), "added".into(), 2)
        ]
    );

    // Refusals: too many lines (nothing added), none, a guest.
    let many: Vec<Value> = (0..201)
        .map(|_| json!({"sku": alpha, "quantity": 1}))
        .collect();
    let (status, answer) = bulk(&app, &plumber, None, &json!({"lines": many})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["lines"], "At most 200 lines");
    let (status, _) = bulk(&app, &plumber, None, &json!({"lines": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = app
        .call(
            Method::POST,
            BULK,
            Some(json!({"lines": [{"sku": alpha, "quantity": 1}]})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let mut want = vec![(alpha, 5), (beta, 5)];
    want.sort();
    assert_eq!(cart(&app, &plumber).await, want);
}

async fn a_repeated_key_answers_again_and_adds_nothing(app: TestApp) {
    let f = fixture(&app).await;
    let plumber = app.customer("plumber@example.com").await;
    let alpha = sku_of(&app, &f.alpha).await;
    let body = json!({"lines": [{"sku": alpha, "quantity": 2}]});
    let (status, first) = bulk(&app, &plumber, Some("sheet-1"), &body).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let (status, again) = bulk(&app, &plumber, Some("sheet-1"), &body).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["data"], first["data"]);
    assert_eq!(cart(&app, &plumber).await, [(alpha.clone(), 2)]);
    let other = json!({"lines": [{"sku": alpha, "quantity": 3}]});
    let (status, answer) = bulk(&app, &plumber, Some("sheet-1"), &other).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["message"],
        "Idempotency key reused with a different request"
    );
    // A key sent blank is refused, not taken for none.
    let (status, _) = bulk(&app, &plumber, Some("  "), &body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Keys are the customer's own: another's same key runs.
    let other_customer = app.customer("other@example.com").await;
    let (status, _) = bulk(&app, &other_customer, Some("sheet-1"), &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cart(&app, &other_customer).await, [(alpha.clone(), 2)]);
    assert_eq!(cart(&app, &plumber).await, [(alpha, 2)]);
}

async fn buy_again_puts_an_orders_lines_back_at_todays_prices(app: TestApp) {
    let f = fixture(&app).await;
    let plumber = app.customer("plumber@example.com").await;
    let mut body = guest_order("plumber@example.com", &[(&f.alpha, 2), (&f.beta, 1)]);
    body["contact"] = pickup("plumber@example.com");
    let (number, _) = app.placed(&body, Some(&plumber)).await;
    // Since: Beta sold out, Alpha dearer.
    for sql in [
        "UPDATE product_variants SET stock = 0 WHERE product_id = $1",
        "UPDATE products SET stock = 0 WHERE id = $1",
    ] {
        sqlx::query(sql)
            .bind(&f.beta)
            .execute(&app.catalogue.db().pool)
            .await
            .unwrap();
    }
    for sql in [
        "UPDATE product_variants SET price_cents = 11000 WHERE product_id = $1",
        "UPDATE products SET price_cents = 11000, max_price_cents = 11000 WHERE id = $1",
    ] {
        sqlx::query(sql)
            .bind(&f.alpha)
            .execute(&app.catalogue.db().pool)
            .await
            .unwrap();
    }
    let path = format!("/api/order/{number}/reorder");
    let (status, answer) = app.call(Method::POST, &path, None, Some(&plumber)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let lines = answer["data"]["lines"].as_array().unwrap();
    let alpha = lines
        .iter()
        .find(|l| l["variantId"].is_string() && l["status"] == "added")
        .expect("Alpha is added");
    assert_eq!(alpha["quantity"], 2);
    assert_eq!(alpha["message"], "The price is now ₹110.00 (was ₹100.00)");
    let beta = lines
        .iter()
        .find(|l| l["status"] == "short")
        .expect("Beta is short");
    assert_eq!(beta["quantity"], 0);
    assert_eq!(
        beta["message"], "This product is out of stock",
        "its price stood"
    );
    assert_eq!(cart(&app, &plumber).await.len(), 1);

    // With a key, again adds nothing; a number no order has is not found, even one
    // the database could not store.
    let mut answers = Vec::new();
    for _ in 0..2 {
        let request = app
            .client
            .post(app.url(&path))
            .bearer_auth(&plumber)
            .header("Idempotency-Key", "again-1");
        let answer: Value = request.send().await.unwrap().json().await.unwrap();
        answers.push(answer["data"].clone());
    }
    assert_eq!(answers[0], answers[1]);
    assert_eq!(cart(&app, &plumber).await[0].1, 4, "2 + 2, not 2 + 2 + 2");
    let (status, _) = app
        .call(Method::POST, "/api/order/%00/reorder", None, Some(&plumber))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Only its owner may; a guest must sign in.
    let other = app.customer("other@example.com").await;
    let (status, answer) = app.call(Method::POST, &path, None, Some(&other)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["message"], "Order not found");
    let (status, _) = app.call(Method::POST, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
