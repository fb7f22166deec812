//! The one price resolver at the till (docs/DESIGN.md §11, issue 34 item 3): a trade
//! customer's quote and order charge the group price, else the group's category
//! discount (a sub-category's entry winning), then the deepest break reached of
//! everyone's and the group's, and go without the cart discount when the group says
//! so; a guest and a retail customer meet only everyone's breaks.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{approved, trade_terms};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::guest_order;

on_both_backends!(a_trade_customer_is_charged_the_resolved_prices_and_others_everyones_breaks,);

async fn quote(app: &TestApp, token: Option<&str>, lines: &[(&str, i64)]) -> Value {
    let items: Vec<Value> = lines
        .iter()
        .map(|(p, q)| json!({"productId": p, "quantity": q}))
        .collect();
    let body = json!({"fulfilment": "pickup", "items": items});
    let (status, answer) = app
        .call(Method::POST, "/api/order/quote", Some(body), token)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

fn unit_prices(quote: &Value) -> Vec<f64> {
    quote["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["unitPrice"].as_f64().unwrap())
        .collect()
}

async fn a_trade_customer_is_charged_the_resolved_prices_and_others_everyones_breaks(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let group_id = trade_terms(&app, &admin, &f).await;
    let plumber = app.customer("plumber@example.com").await;
    approved(&app, &admin, &plumber, &group_id, 10_000.0).await;

    // Alpha 100.00 in faucets: 90.00 a unit, 85.00 from 5 (the group's break), 80.00
    // from 20 (everyone's, lower than the group's deepest). Beta (30.00 public) in basin
    // taps: 20 % off, the sub-category's. Epsilon: the group's 12.00.
    let q = quote(
        &app,
        Some(&plumber),
        &[(&f.alpha, 4), (&f.beta, 1), (&f.epsilon, 2)],
    )
    .await;
    assert_eq!(unit_prices(&q), [90.0, 24.0, 12.0]);
    assert_eq!(q["subtotal"], 408.0);
    assert_eq!(
        q["discount"], 0.0,
        "the Trade group goes without the cart discount"
    );
    for (quantity, unit) in [(5, 85.0), (10, 85.0), (19, 85.0), (20, 80.0)] {
        let q = quote(&app, Some(&plumber), &[(&f.alpha, quantity)]).await;
        assert_eq!(unit_prices(&q), [unit], "{quantity} units");
    }

    // A guest and a retail customer: public prices, everyone's breaks, the 20 %.
    let retail = app.customer("retail@example.com").await;
    for token in [None, Some(retail.as_str())] {
        let q = quote(&app, token, &[(&f.alpha, 4), (&f.beta, 1)]).await;
        assert_eq!(unit_prices(&q), [100.0, 30.0]);
        let q = quote(&app, token, &[(&f.alpha, 10)]).await;
        assert_eq!(unit_prices(&q), [88.0]);
        assert_eq!(q["discount"], 176.0);
    }

    // The order charges what the quote said.
    let mut body = guest_order("plumber@example.com", &[(&f.alpha, 5), (&f.epsilon, 1)]);
    body["saveAddress"] = json!(false);
    let (status, answer) = app.place(Some("trade-1"), &body, Some(&plumber)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let order = &answer["data"]["order"];
    let lines: Vec<(f64, f64)> = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["unitPrice"].as_f64().unwrap(),
                l["lineTotal"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(lines, [(85.0, 425.0), (12.0, 12.0)]);
    assert_eq!(order["subtotal"], 437.0);
    assert_eq!(order["discount"], 0.0);

    // A guest ordering ten Alphas pays everyone's break.
    let guest = guest_order("guest@example.com", &[(&f.alpha, 10)]);
    let (status, answer) = app.place(Some("guest-1"), &guest, None).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["data"]["order"]["lines"][0]["unitPrice"], 88.0);
    assert_eq!(answer["data"]["order"]["discount"], 176.0);
}
