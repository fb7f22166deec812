//! Refunds of any amount (docs/DESIGN.md §12): staff give back part of a card order
//! through the provider and then the rest, cash is recorded as refunded by hand, a
//! cancellation refunds what is left, every refund is a transaction, a credit note, an
//! activity entry and a mail, and refunds fired at once never pass what was paid.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::payments::{payment_ref, product, psp_count, token, PAN};
use super::{at_once, count, guest_order, pickup};
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    staff_refund_part_of_a_card_order_then_the_rest,
    cash_is_refunded_by_hand_and_a_cancellation_refunds_what_is_left,
    refunds_that_cannot_be_made_are_refused_with_nothing_written,
    racing_refunds_never_pass_what_was_paid,
    a_cancellation_racing_staff_refunds_gives_back_all_that_is_left,
);

/// A signed-in customer's card order of two taps, paid (80.00 in all): its number, the
/// customer's token and the order's total.
async fn paid_card_order(app: &TestApp) -> (String, String, f64) {
    let f = fixture(app).await;
    paid_card_order_in(app, &f).await
}

/// [`paid_card_order`] in a shop whose fixture is made already.
async fn paid_card_order_in(app: &TestApp, f: &Fixture) -> (String, String, f64) {
    let tap = product(app, f, 10).await;
    let customer = app.customer("ada@example.com").await;
    app.to_cart(&customer, &tap, 2).await;
    let body = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"), "saveAddress": false,
                      "payment": {"method": "card", "paymentMethodId": token(app, PAN).await}});
    let (status, answer) = app
        .place(Some(&shop::domain::new_id()), &body, Some(&customer))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let order = &answer["data"]["order"];
    assert_eq!(order["paymentStatus"], "paid", "{order}");
    assert_eq!(order["refunded"], 0.0);
    (
        order["number"].as_str().unwrap().to_string(),
        customer,
        order["total"].as_f64().unwrap(),
    )
}

pub(super) async fn refund(
    app: &TestApp,
    admin: &str,
    number: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/admin/order/{number}/refund"),
        Some(body),
        Some(admin),
    )
    .await
}

async fn scalar(app: &TestApp, sql: &str, number: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql)
        .bind(number)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap()
}

/// The order's refund transactions' amounts, in cents, smallest first.
async fn refund_rows(app: &TestApp, number: &str) -> Vec<(i64, String)> {
    sqlx::query_as::<_, (i64, String)>(
        "SELECT t.amount_cents, t.provider FROM payment_transactions t JOIN orders o ON o.id = t.order_id \
         WHERE o.number = $1 AND t.kind = 'refund' AND t.status = 'succeeded' ORDER BY t.amount_cents",
    )
    .bind(number)
    .fetch_all(&app.catalogue.db().pool)
    .await
    .unwrap()
}

/// The activity log's 'refunded' entries about the order.
async fn refunds_logged(app: &TestApp, admin: &str, number: &str) -> Vec<Value> {
    let (status, log) = app
        .call(
            Method::GET,
            &format!("/api/admin/activity?objectType=order&objectId={number}"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "refunded")
        .cloned()
        .collect()
}

fn credit_notes(order: &Value) -> Vec<f64> {
    order["creditNotes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|note| note["amount"].as_f64().unwrap())
        .collect()
}

async fn staff_refund_part_of_a_card_order_then_the_rest(app: TestApp) {
    let (number, customer, total) = paid_card_order(&app).await;
    assert_eq!(total, 80.0);
    let admin = app.admin().await;
    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 30, "reason": "  One tap arrived scratched  "}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Refund recorded");
    let order = &body["data"]["order"];
    assert_eq!(order["refunded"], 30.0);
    assert_eq!(order["paymentStatus"], "partially_refunded");
    assert_eq!(order["status"], "placed", "a refund moves no status");
    assert_eq!(credit_notes(order), [30.0]);
    assert!(
        order["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["type"] == "refunded"),
        "{order}"
    );
    let payment = payment_ref(&app, &number).await;
    assert_eq!(psp_count(&app, &payment, "refund").await, 1);

    // More than is left is refused, naming what is.
    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 50.01, "reason": "Rest"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["message"], "At most ₹50.00 can be refunded");
    assert_eq!(body["errors"]["amount"], "At most ₹50.00 can be refunded");

    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 50, "reason": "Customer kept nothing"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = &body["data"]["order"];
    assert_eq!(order["refunded"], 80.0);
    assert_eq!(order["paymentStatus"], "refunded");
    assert_eq!(credit_notes(order), [30.0, 50.0]);
    assert_eq!(psp_count(&app, &payment, "refund").await, 2);
    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 0.01, "reason": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["message"], "At most ₹0.00 can be refunded");

    // The provider's webhooks about the refunds change nothing more.
    app.deliver_webhooks().await;
    assert_eq!(
        refund_rows(&app, &number).await,
        [(3_000, "test".to_string()), (5_000, "test".to_string())]
    );
    // The shopper sees both refunds in their history, and their order as refunded.
    let (_, history) = app
        .call(Method::GET, "/api/transaction", None, Some(&customer))
        .await;
    let mut refunds: Vec<f64> = history["data"]["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["kind"] == "refund" && t["orderNumber"] == number.as_str())
        .map(|t| t["amount"].as_f64().unwrap())
        .collect();
    refunds.sort_by(f64::total_cmp);
    assert_eq!(refunds, [30.0, 50.0], "{history}");
    let (_, mine) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}"),
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(mine["data"]["order"]["paymentStatus"], "refunded");
    assert_eq!(mine["data"]["order"]["refunded"], 80.0);
    assert!(
        mine["data"]["order"].get("refunds").is_none(),
        "the refunds' reasons are staff's"
    );
    // The console's order lists each refund: amount, reason, who, where it stands.
    let (status, staff_view) = app
        .call(
            Method::GET,
            &format!("/api/admin/order/{number}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{staff_view}");
    // (Made at one instant of the test's clock: in no particular order.)
    let mut listed: Vec<(f64, &str, &str, &str)> = staff_view["data"]["order"]["refunds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["amount"].as_f64().unwrap(),
                r["reason"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
                r["by"].as_str().unwrap(),
            )
        })
        .collect();
    listed.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(
        listed,
        [
            (
                30.0,
                "One tap arrived scratched",
                "succeeded",
                "admin@example.com"
            ),
            (
                50.0,
                "Customer kept nothing",
                "succeeded",
                "admin@example.com"
            ),
        ]
    );
    // Logged with the amount and reason, and mailed each time.
    let log = refunds_logged(&app, &admin, &number).await;
    let mut reasons: Vec<&str> = log
        .iter()
        .map(|e| e["changes"]["reason"]["after"].as_str().unwrap())
        .collect();
    reasons.sort_unstable();
    assert_eq!(
        reasons,
        ["Customer kept nothing", "One tap arrived scratched"],
        "{log:?}"
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE '%' || $1 || ' is partly refunded'",
            &number
        )
        .await,
        1
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE '%' || $1 || ' is refunded'",
            &number
        )
        .await,
        1
    );

    // Cancelling it now refunds nothing more and credits nothing more.
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/status"),
            Some(json!({"status": "cancelled"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["refunded"], 80.0);
    assert_eq!(credit_notes(&body["data"]["order"]), [30.0, 50.0]);
    assert_eq!(psp_count(&app, &payment, "refund").await, 2);
}

async fn cash_is_refunded_by_hand_and_a_cancellation_refunds_what_is_left(app: TestApp) {
    let f = fixture(&app).await;
    let (number, link) = app
        .placed(&guest_order("cash@example.com", &[(&f.alpha, 2)]), None)
        .await;
    let admin = app.admin().await;
    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 10, "reason": "Goodwill"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "Nothing has been paid on this order");

    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/paid"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let total = body["data"]["order"]["total"].as_f64().unwrap();
    let (status, body) = refund(
        &app,
        &admin,
        &number,
        json!({"amount": 10, "reason": "Goodwill"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["paymentStatus"], "partially_refunded");
    assert_eq!(
        refund_rows(&app, &number).await,
        [(1_000, "manual".to_string())]
    );

    // The shopper cancels: what is left goes back, and the invoice is credited in full.
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/cancel?token={link}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let order = &body["data"]["order"];
    assert_eq!(order["paymentStatus"], "refunded", "{order}");
    assert_eq!(order["refunded"], total);
    let left = ((total - 10.0) * 100.0).round() as i64;
    assert!(left > 1_000);
    assert_eq!(
        refund_rows(&app, &number).await,
        [(1_000, "manual".to_string()), (left, "manual".to_string())]
    );
    let notes = credit_notes(order);
    assert_eq!(notes.len(), 2, "{order}");
    assert_eq!(notes[0], 10.0);
    assert!(
        (notes.iter().sum::<f64>() - total).abs() < 0.001,
        "{notes:?}"
    );
    // The refund a cancellation makes is the shopper's: no staff entry for it.
    assert_eq!(refunds_logged(&app, &admin, &number).await.len(), 1);
}

async fn refunds_that_cannot_be_made_are_refused_with_nothing_written(app: TestApp) {
    let (number, customer, _) = paid_card_order(&app).await;
    let admin = app.admin().await;
    for (body, field, message) in [
        (json!({"reason": "x"}), "amount", "Amount is required"),
        (
            json!({"amount": 0, "reason": "x"}),
            "amount",
            "Amount must be more than 0 with at most two decimals",
        ),
        (
            json!({"amount": -5, "reason": "x"}),
            "amount",
            "Amount must be more than 0 with at most two decimals",
        ),
        (
            json!({"amount": 1.005, "reason": "x"}),
            "amount",
            "Amount must be more than 0 with at most two decimals",
        ),
        (json!({"amount": 5}), "reason", "A reason is required"),
        (
            json!({"amount": 5, "reason": "   "}),
            "reason",
            "A reason is required",
        ),
        (
            json!({"amount": 5, "reason": "x".repeat(501)}),
            "reason",
            "A reason may be at most 500 characters",
        ),
    ] {
        let (status, answer) = refund(&app, &admin, &number, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body} {answer}");
        assert_eq!(answer["errors"][field], message, "{body} {answer}");
    }
    let (status, answer) = refund(&app, &admin, &number, json!({"reason": ""})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["amount"], "Amount is required");
    assert_eq!(answer["errors"]["reason"], "A reason is required");

    let (status, _) = refund(&app, &admin, "999999", json!({"amount": 5, "reason": "x"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = refund(
        &app,
        &customer,
        &number,
        json!({"amount": 5, "reason": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/refund"),
            Some(json!({"amount": 5, "reason": "x"})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let payment = payment_ref(&app, &number).await;
    assert_eq!(psp_count(&app, &payment, "refund").await, 0);
    assert!(refund_rows(&app, &number).await.is_empty());
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM order_refunds r JOIN orders o ON o.id = r.order_id WHERE o.number = $1",
            &number
        )
        .await,
        0
    );
}

async fn racing_refunds_never_pass_what_was_paid(app: TestApp) {
    let f = fixture(&app).await;
    let (number, _, total) = paid_card_order_in(&app, &f).await;
    assert_eq!(total, 80.0);
    let admin = app.admin().await;
    let race = |amount: f64, n: usize| {
        let calls = (0..n)
            .map(|i| {
                let (app, admin, number) = (app.clone(), admin.clone(), number.clone());
                async move {
                    refund(
                        &app,
                        &admin,
                        &number,
                        json!({"amount": amount, "reason": format!("Race {i}")}),
                    )
                    .await
                }
            })
            .collect();
        at_once(calls)
    };
    // Ten refunds of 25.00 at once: three fit in 80.00.
    let answers = race(25.0, 10).await;
    assert_eq!(count(&answers, StatusCode::OK), 3, "{answers:?}");
    assert_eq!(
        count(&answers, StatusCode::UNPROCESSABLE_ENTITY),
        7,
        "{answers:?}"
    );
    // Then five of what is left: one fits.
    let answers = race(5.0, 5).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    let refused = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::UNPROCESSABLE_ENTITY)
        .unwrap();
    assert_eq!(refused.1["message"], "At most ₹0.00 can be refunded");

    let rows = refund_rows(&app, &number).await;
    assert_eq!(rows.len(), 4, "{rows:?}");
    assert_eq!(rows.iter().map(|(cents, _)| cents).sum::<i64>(), 8_000);
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    assert_eq!(order.refunded.cents(), 8_000);
    assert_eq!(order.payment_status.as_str(), "refunded");
    let payment = payment_ref(&app, &number).await;
    assert_eq!(psp_count(&app, &payment, "refund").await, 4);
    let notes: i64 = scalar(
        &app,
        "SELECT CAST(COALESCE(SUM(c.amount_cents), 0) AS BIGINT) FROM credit_notes c JOIN orders o ON o.id = c.order_id \
         WHERE o.number = $1",
        &number,
    )
    .await;
    assert_eq!(notes, 8_000, "every refund is credited once");

    // Cash, where no provider stands behind the shop's own limit: 160.00 paid, eight
    // refunds of 50.00 at once, three fit.
    let (cash, _) = app
        .placed(&guest_order("cash@example.com", &[(&f.alpha, 2)]), None)
        .await;
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{cash}/paid"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["total"], 160.0);
    let calls = (0..8)
        .map(|_| {
            let (app, admin, cash) = (app.clone(), admin.clone(), cash.clone());
            async move { refund(&app, &admin, &cash, json!({"amount": 50, "reason": "Race"})).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::OK), 3, "{answers:?}");
    assert_eq!(
        refund_rows(&app, &cash).await,
        vec![(5_000, "manual".to_string()); 3]
    );
}

async fn a_cancellation_racing_staff_refunds_gives_back_all_that_is_left(app: TestApp) {
    let (number, _, total) = paid_card_order(&app).await;
    assert_eq!(total, 80.0);
    let admin = app.admin().await;
    // One cancellation and six refunds of 10.00 at once: whichever come first, the
    // cancellation takes what is left when its turn comes, and all 80.00 goes back.
    let calls = (0..7)
        .map(|i| {
            let (app, admin, number) = (app.clone(), admin.clone(), number.clone());
            async move {
                if i == 3 {
                    app.call(
                        Method::POST,
                        &format!("/api/admin/order/{number}/status"),
                        Some(json!({"status": "cancelled"})),
                        Some(&admin),
                    )
                    .await
                } else {
                    refund(
                        &app,
                        &admin,
                        &number,
                        json!({"amount": 10, "reason": "Race"}),
                    )
                    .await
                }
            }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(answers[3].0, StatusCode::OK, "{answers:?}");
    let rows = refund_rows(&app, &number).await;
    assert_eq!(
        rows.iter().map(|(cents, _)| cents).sum::<i64>(),
        8_000,
        "{rows:?} {answers:?}"
    );
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    assert_eq!(order.refunded.cents(), 8_000);
    assert_eq!(order.payment_status.as_str(), "refunded");
    let payment = payment_ref(&app, &number).await;
    assert_eq!(psp_count(&app, &payment, "refund").await, rows.len() as i64);
}
