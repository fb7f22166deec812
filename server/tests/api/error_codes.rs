//! The envelope's `code` on the refusals a client must tell apart: placing and quoting an
//! order, promo codes, the payment part of an order and cart quantities. A refusal
//! without a code leaves `code` out.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    refusals_of_an_order_carry_their_code,
    refusals_of_a_cart_quantity_carry_their_code,
);

/// POST /api/order under `key`, as a guest.
async fn place(app: &TestApp, key: &str, body: &Value) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url("/api/order"))
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .expect("request is sent");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A guest's cash order, picked up, for `lines` of (product, quantity).
fn order(lines: &[(&str, i64)]) -> Value {
    let items: Vec<Value> = lines
        .iter()
        .map(|(p, q)| json!({"productId": p, "quantity": q}))
        .collect();
    json!({"fulfilment": "pickup", "saveAddress": false, "payment": {"method": "cod"},
           "contact": {"firstName": "Ada", "phoneNumber": "+447946095800", "emailAddress": "ada@example.com"},
           "items": items})
}

fn assert_code(status: StatusCode, body: &Value, expected: StatusCode, code: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["code"], code, "{body}");
}

async fn refusals_of_an_order_carry_their_code(app: TestApp) {
    let f = fixture(&app).await;
    let (status, body) = place(&app, "a", &order(&[])).await;
    assert_code(status, &body, StatusCode::BAD_REQUEST, "cart_empty");
    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "pickup", "items": []}),
        )
        .await;
    assert_code(status, &body, StatusCode::BAD_REQUEST, "cart_empty");

    let (status, body) = place(&app, "b", &order(&[(&f.gamma, 1)])).await;
    assert_code(status, &body, StatusCode::CONFLICT, "out_of_stock");

    let mut with_promo = order(&[(&f.alpha, 1)]);
    with_promo["promoCode"] = json!("NOSUCH");
    let (status, body) = place(&app, "c", &with_promo).await;
    assert_code(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "promo_invalid",
    );
    assert_eq!(body["errors"]["promoCode"], "This promo code is not valid");
    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "pickup", "items": [{"productId": f.alpha, "quantity": 1}], "promoCode": "NOSUCH"}),
        )
        .await;
    assert_code(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "promo_invalid",
    );

    let mut no_contact = order(&[(&f.alpha, 1)]);
    no_contact["contact"] = json!({});
    let (status, body) = place(&app, "d", &no_contact).await;
    assert_code(status, &body, StatusCode::BAD_REQUEST, "invalid_fields");

    let mut cheque = order(&[(&f.alpha, 1)]);
    cheque["payment"] = json!({"method": "cheque"});
    let (status, body) = place(&app, "e", &cheque).await;
    assert_code(status, &body, StatusCode::BAD_REQUEST, "payment_invalid");

    let (status, body) = place(&app, "f", &order(&[(&f.alpha, 1)])).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, body) = place(&app, "f", &order(&[(&f.alpha, 2)])).await;
    assert_code(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "idempotency_key_reused",
    );

    // A refusal the storefront need not tell apart has no code at all.
    let response = app
        .client
        .post(app.url("/api/order"))
        .json(&order(&[(&f.alpha, 1)]))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert!(body.get("code").is_none(), "{body}");
}

async fn refusals_of_a_cart_quantity_carry_their_code(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    let add = |product: String, quantity: i64| {
        let app = &app;
        let token = token.clone();
        async move {
            app.call(
                Method::POST,
                "/api/user/item",
                Some(json!({"productId": product, "quantity": quantity, "type": "cart"})),
                Some(&token),
            )
            .await
        }
    };
    let (status, body) = add(f.beta.clone(), 6).await;
    assert_code(status, &body, StatusCode::CONFLICT, "out_of_stock");
    let (status, body) = add(f.epsilon.clone(), 50).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entry = body["data"]["_id"].as_str().unwrap().to_string();
    let (status, body) = add(f.epsilon.clone(), 50).await;
    assert_code(
        status,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "quantity_over_maximum",
    );
    let (status, body) = app
        .call(
            Method::PATCH,
            &format!("/api/user/item/{entry}"),
            Some(json!({"quantity": 0})),
            Some(&token),
        )
        .await;
    assert_code(status, &body, StatusCode::BAD_REQUEST, "quantity_invalid");
}
