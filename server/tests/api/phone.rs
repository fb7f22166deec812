//! Phone numbers as people type them (docs/DESIGN.md §15): the checkout
//! strips spaces, dashes, dots and brackets before the spec's checkout rule, keeps the
//! stripped number, and says the format it wants when it refuses one.

use reqwest::StatusCode;
use serde_json::json;
use shop::domain::phone::PHONE_INVALID;

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(a_checkout_phone_is_taken_as_typed_and_kept_stripped);

async fn a_checkout_phone_is_taken_as_typed_and_kept_stripped(app: TestApp) {
    let f = fixture(&app).await;
    let order = |phone: &str| {
        json!({"fulfilment": "pickup", "saveAddress": false, "payment": {"method": "cod"},
               "contact": {"firstName": "Ada", "phoneNumber": phone, "emailAddress": "ada@example.com"},
               "items": [{"productId": f.alpha, "quantity": 1}]})
    };
    let (status, body) = app
        .place(Some("typed"), &order(" +44 (7700) 900-123 "), None)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        body["data"]["order"]["contact"]["phoneNumber"],
        "+447700900123"
    );

    // The checkout's rule wants the country code: a national number is refused with
    // the format it wants, and nothing is placed.
    let before = app.order_count().await;
    let (status, body) = app
        .place(Some("national"), &order("07700 900123"), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["phoneNumber"], PHONE_INVALID);
    assert!(PHONE_INVALID.contains("Include the country code, e.g. +44 7700 900123"));
    let (status, body) = app.place(Some("blank"), &order(" ( ) "), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["phoneNumber"], "Phone number is required");
    assert_eq!(app.order_count().await, before);
}
