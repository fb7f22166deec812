//! Returns (docs/DESIGN.md §12): a shopper asks to return part of a completed order
//! within the window, staff approve, receive (putting units back on sale, which wakes
//! back-in-stock alerts) and refund it (a refund of the order naming the return, with
//! its credit note); every refusal the contract names; photos kept private; and the
//! limits that must hold under concurrency: a line never returned beyond what was
//! ordered, a return never refunded twice.

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{at_once, count, delivery, guest_order, stocked};
use crate::accounts::png;
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_shopper_returns_part_of_an_order_and_staff_receive_and_refund_it,
    returns_that_break_a_rule_are_refused_with_nothing_written,
    racing_returns_never_pass_what_was_ordered,
    a_return_is_refunded_once_however_many_refund_it,
    photos_are_checked_kept_private_and_at_most_five,
    units_received_back_on_sale_wake_back_in_stock_alerts,
    delivery_is_refunded_once_and_a_return_of_nothing_closes_without_money,
);

/// A guest's cash pickup order of `lines`, paid and completed: its number and token.
async fn completed(app: &TestApp, admin: &str, lines: &[(&str, i64)]) -> (String, String) {
    let body = guest_order("ret@example.com", lines);
    completed_as(app, admin, body, "ready_for_pickup").await
}

/// The order `body` placed, paid, moved through `via` and completed.
async fn completed_as(app: &TestApp, admin: &str, body: Value, via: &str) -> (String, String) {
    let (number, token) = app.placed(&body, None).await;
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/paid"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for next in [via, "completed"] {
        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/admin/order/{number}/status"),
                Some(json!({"status": next})),
                Some(admin),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (number, token)
}

/// The order as its shopper sees it.
async fn order(app: &TestApp, number: &str, token: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["order"].clone()
}

/// The variant of the order's line of `product`.
fn variant_of(order: &Value, product: &str) -> String {
    order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["productId"] == product)
        .unwrap()["variantId"]
        .as_str()
        .unwrap()
        .to_string()
}

/// What the order's line of `product` paid, in cents, tax included.
fn paid_cents(order: &Value, product: &str) -> i64 {
    let line = order["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["productId"] == product)
        .unwrap();
    let amount = (line["lineAmount"].as_f64().unwrap() * 100.0).round() as i64;
    if order["pricesIncludeTax"] == true {
        amount
    } else {
        amount + (line["lineTax"].as_f64().unwrap() * 100.0).round() as i64
    }
}

async fn ask(app: &TestApp, number: &str, token: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/order/{number}/return?token={token}"),
        Some(body),
        None,
    )
    .await
}

async fn staff(
    app: &TestApp,
    admin: &str,
    id: &str,
    action: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/admin/return/{id}/{action}"),
        Some(body.unwrap_or_else(|| json!({}))),
        Some(admin),
    )
    .await
}

fn one_line(variant: &str, quantity: i64, reason: &str) -> Value {
    json!({"lines": [{"variantId": variant, "quantity": quantity, "reason": reason}], "note": ""})
}

async fn returns_count(app: &TestApp) -> i64 {
    sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM order_returns")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap()
}

async fn a_shopper_returns_part_of_an_order_and_staff_receive_and_refund_it(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    let (number, token) = completed(&app, &admin, &[(&f.alpha, 2), (&elbow, 3)]).await;
    let placed = order(&app, &number, &token).await;
    let variant = variant_of(&placed, &elbow);
    app.deliver_mail().await;
    let sent_before = app.mailer.sent().len();

    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}/return?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"]["returnableUntil"].is_string(), "{body}");
    assert_eq!(body["data"]["returns"], json!([]));
    assert!(body["data"]["returnable"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["variantId"] == variant.as_str() && l["quantity"] == 3));

    let (status, body) = ask(
        &app,
        &number,
        &token,
        json!({"lines": [{"variantId": variant, "quantity": 2, "reason": "wrong_size"}],
               "note": "  Needed 15 mm  "}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Return requested");
    let ret = &body["data"]["return"];
    assert_eq!(ret["number"], "R-000001");
    assert_eq!(ret["orderNumber"], number.as_str());
    assert_eq!(ret["status"], "requested");
    assert_eq!(ret["note"], "Needed 15 mm");
    assert_eq!(ret["lines"][0]["name"], "Elbow 22 mm");
    assert_eq!(ret["lines"][0]["quantity"], 2);
    assert_eq!(ret["lines"][0]["reason"], "wrong_size");
    assert_eq!(ret["lines"][0]["received"], Value::Null);
    // Two of three units at what the line paid, rounded half up once.
    let line_paid = paid_cents(&placed, &elbow);
    let estimate = (line_paid * 2 * 2 + 3) / (2 * 3);
    assert_eq!(
        (ret["refundEstimate"].as_f64().unwrap() * 100.0).round() as i64,
        estimate,
        "{ret}"
    );
    let id = ret["_id"].as_str().unwrap().to_string();
    assert_eq!(
        app.deliver_mail().await,
        2,
        "the shopper's letter and staff's"
    );
    let mails = app.mailer.sent();
    let subjects: Vec<&str> = mails[sent_before..]
        .iter()
        .map(|m| m.letter.subject.as_str())
        .collect();
    assert!(
        subjects.contains(&format!("We have your return R-000001 for order {number}").as_str()),
        "{subjects:?}"
    );
    assert!(
        subjects.contains(&format!("New return R-000001 for order {number}").as_str()),
        "{subjects:?}"
    );

    // The shopper's page, and the order's list, show it; the units it holds are gone.
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/return/{id}?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}/return?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(body["data"]["returns"][0]["_id"], id.as_str());
    assert!(body["data"]["returnable"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["variantId"] == variant.as_str() && l["quantity"] == 1));

    // Staff see it in the list, approve, receive one of the two (back on sale).
    let (status, body) = app
        .call(
            Method::GET,
            "/api/admin/return?status=requested",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 1);
    let (status, body) = staff(&app, &admin, &id, "approve", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["return"]["status"], "approved");
    let stock_before = app.stock_of(&elbow).await;
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 1, "restocked": 1}]})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let ret = &body["data"]["return"];
    assert_eq!(ret["status"], "received");
    assert_eq!(ret["lines"][0]["received"], 1);
    assert_eq!(ret["lines"][0]["restocked"], 1);
    assert_eq!(app.stock_of(&elbow).await, stock_before + 1);
    let one_unit = (line_paid * 2 + 3) / (2 * 3);
    let estimate = (ret["refundEstimate"].as_f64().unwrap() * 100.0).round() as i64;
    assert_eq!(estimate, one_unit, "the estimate counts what came back");
    let (status, history) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{elbow}/stock-history"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert!(history.to_string().contains("Returned"), "{history}");

    // Refunding: more than the estimate is refused; the estimate goes through.
    let (status, body) = staff(&app, &admin, &id, "refund", Some(json!({"amount": 1000}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(
        body["errors"]["amount"]
            .as_str()
            .unwrap()
            .starts_with("At most"),
        "{body}"
    );
    let (status, body) = staff(&app, &admin, &id, "refund", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Return refunded");
    let ret = &body["data"]["return"];
    assert_eq!(ret["status"], "refunded");
    assert_eq!(
        (ret["refunded"].as_f64().unwrap() * 100.0).round() as i64,
        one_unit
    );
    let kinds: Vec<&str> = ret["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["requested", "approved", "received", "refunded"]);
    let after = order(&app, &number, &token).await;
    assert_eq!(
        (after["refunded"].as_f64().unwrap() * 100.0).round() as i64,
        one_unit
    );
    assert_eq!(after["paymentStatus"], "partially_refunded");
    assert_eq!(after["creditNotes"].as_array().unwrap().len(), 1);
    let (status, body) = staff(&app, &admin, &id, "refund", None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "This return is refunded");

    // Each step mailed the shopper; staff's moves are in the activity log.
    app.deliver_mail().await;
    let subjects: Vec<String> = app
        .mailer
        .sent()
        .iter()
        .map(|m| m.letter.subject.clone())
        .collect();
    for subject in [
        "Your return R-000001 is approved",
        "We received your return R-000001",
        "Your return R-000001 is refunded",
    ] {
        assert!(
            subjects.iter().any(|s| s == subject),
            "{subject}: {subjects:?}"
        );
    }
    let (status, log) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=return&objectId=R-000001",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    let actions: Vec<&str> = log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert!(
        actions.contains(&"approved") && actions.contains(&"received"),
        "{actions:?}"
    );
}

async fn returns_that_break_a_rule_are_refused_with_nothing_written(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    // Not completed yet.
    let (open, open_token) = app
        .placed(&guest_order("ret@example.com", &[(&elbow, 1)]), None)
        .await;
    let open_variant = variant_of(&order(&app, &open, &open_token).await, &elbow);
    let (status, body) = ask(
        &app,
        &open,
        &open_token,
        one_line(&open_variant, 1, "faulty"),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "Only a completed order can be returned");

    let (number, token) = completed(&app, &admin, &[(&elbow, 2)]).await;
    let variant = variant_of(&order(&app, &number, &token).await, &elbow);
    // Not theirs: no token, or another order's.
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/return"),
            Some(one_line(&variant, 1, "faulty")),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = ask(&app, &number, &open_token, one_line(&variant, 1, "faulty")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Bad lines.
    for (body, field, message) in [
        (
            json!({"lines": [], "note": ""}),
            "lines",
            "Choose at least one item to return",
        ),
        (
            one_line(&variant, 1, "broken"),
            "lines[0].reason",
            "Choose a reason",
        ),
        (
            one_line(&variant, 0, "faulty"),
            "lines[0].quantity",
            "Quantity must be a whole number from 1 to 999",
        ),
        (
            one_line(&variant, 1, "other"),
            "note",
            "Tell us what is wrong when the reason is Other",
        ),
        (
            one_line(
                &open_variant.replace(|c: char| c.is_ascii_digit(), "0"),
                1,
                "faulty",
            ),
            "lines[0].variantId",
            "This item is not in the order",
        ),
        (
            json!({"lines": [{"variantId": variant, "quantity": 1, "reason": "faulty"},
                             {"variantId": variant, "quantity": 1, "reason": "faulty"}]}),
            "lines[1].variantId",
            "This item is listed twice",
        ),
    ] {
        let (status, answer) = ask(&app, &number, &token, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"][field], message, "{answer}");
    }
    let (status, body) = ask(&app, &number, &token, one_line(&variant, 3, "faulty")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["message"], "You can return at most 2 of this item");
    assert_eq!(
        body["errors"][variant.as_str()],
        "You can return at most 2 of this item"
    );
    assert_eq!(returns_count(&app).await, 0);

    // Moves the machine does not allow.
    let (status, body) = ask(&app, &number, &token, one_line(&variant, 1, "damaged")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 1, "restocked": 1}]})),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some("This return is requested"))
    );
    let (status, body) = staff(&app, &admin, &id, "reject", Some(json!({"reason": "  "}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["reason"], "A reason is required");
    let (status, _) = staff(&app, &admin, &id, "approve", None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/return/{id}/cancel?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some("This return is approved"))
    );
    let (status, body) = staff(&app, &admin, &id, "refund", None).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::CONFLICT, Some("This return is approved"))
    );
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 2, "restocked": 2}]})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"][format!("lines.{variant}.received")],
        "At most 1 came back"
    );
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 1, "restocked": 2}]})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"][format!("lines.{variant}.restocked")],
        "At most what came back goes back on sale"
    );
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "reject",
        Some(json!({"reason": "Fitted and used"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["return"]["reason"], "Fitted and used");
    // A rejected return frees its units; a stranger's id or a made-up one is not found.
    let (status, body) = ask(&app, &number, &token, one_line(&variant, 2, "not_needed")).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let second = body["data"]["return"]["_id"].as_str().unwrap().to_string();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/return/{second}/cancel?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["return"]["status"], "cancelled");
    let (status, _) = app
        .call(Method::GET, &format!("/api/return/{second}"), None, None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/return/{second}?token={open_token}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .call(Method::GET, "/api/return/nope", None, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The window closes 30 days (the default) after completion.
    app.clock
        .advance(std::time::Duration::from_secs(31 * 24 * 60 * 60));
    let (status, body) = ask(&app, &number, &token, one_line(&variant, 1, "faulty")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "The return window for this order has closed"
    );
    let (_, body) = app
        .call(
            Method::GET,
            &format!("/api/order/{number}/return?token={token}"),
            None,
            None,
        )
        .await;
    assert_eq!(body["data"]["returnableUntil"], Value::Null);
    assert_eq!(returns_count(&app).await, 2);
}

async fn racing_returns_never_pass_what_was_ordered(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    let (number, token) = completed(&app, &admin, &[(&elbow, 3)]).await;
    let variant = variant_of(&order(&app, &number, &token).await, &elbow);
    let answers = at_once(
        (0..8)
            .map(|_| {
                let (app, number, token, variant) =
                    (app.clone(), number.clone(), token.clone(), variant.clone());
                async move { ask(&app, &number, &token, one_line(&variant, 1, "not_needed")).await }
            })
            .collect(),
    )
    .await;
    assert_eq!(count(&answers, StatusCode::CREATED), 3, "{answers:?}");
    assert_eq!(
        count(&answers, StatusCode::UNPROCESSABLE_ENTITY),
        5,
        "{answers:?}"
    );
    let held: i64 =
        sqlx::query_scalar::<_, i64>("SELECT CAST(SUM(quantity) AS BIGINT) FROM return_lines")
            .fetch_one(&app.catalogue.db().pool)
            .await
            .unwrap();
    assert_eq!(held, 3);
    let mut numbers: Vec<String> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, b)| b["data"]["return"]["number"].as_str().unwrap().to_string())
        .collect();
    numbers.sort();
    assert_eq!(numbers, ["R-000001", "R-000002", "R-000003"]);
}

async fn a_return_is_refunded_once_however_many_refund_it(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    let (number, token) = completed(&app, &admin, &[(&elbow, 2)]).await;
    let variant = variant_of(&order(&app, &number, &token).await, &elbow);
    let (_, body) = ask(&app, &number, &token, one_line(&variant, 2, "faulty")).await;
    let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
    staff(&app, &admin, &id, "approve", None).await;
    let (status, _) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 2, "restocked": 0}]})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let answers = at_once(
        (0..6)
            .map(|_| {
                let (app, admin, id) = (app.clone(), admin.clone(), id.clone());
                async move { staff(&app, &admin, &id, "refund", None).await }
            })
            .collect(),
    )
    .await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 5, "{answers:?}");
    let refunds: i64 = sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM order_refunds WHERE return_id IS NOT NULL AND status = 'succeeded'",
    )
    .fetch_one(&app.catalogue.db().pool)
    .await
    .unwrap();
    assert_eq!(refunds, 1);
    let after = order(&app, &number, &token).await;
    assert_eq!(
        after["paymentStatus"], "refunded",
        "both units back: all that was paid"
    );
}

fn photo_form(bytes: Vec<u8>, name: &str) -> Form {
    Form::new().part("photo", Part::bytes(bytes).file_name(name.to_string()))
}

async fn photos_are_checked_kept_private_and_at_most_five(app: TestApp) {
    let f: Fixture = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    let (number, token) = completed(&app, &admin, &[(&elbow, 1)]).await;
    let variant = variant_of(&order(&app, &number, &token).await, &elbow);
    let (_, body) = ask(&app, &number, &token, one_line(&variant, 1, "damaged")).await;
    let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
    let path = format!("/api/return/{id}/photo?token={token}");

    let (status, body) = app
        .multipart(
            Method::POST,
            &path,
            photo_form(b"not an image".to_vec(), "a.png"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let (status, _) = app
        .multipart(
            Method::POST,
            &format!("/api/return/{id}/photo"),
            photo_form(png(8, 8), "a.png"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a stranger adds nothing");
    for n in 1..=5 {
        let (status, body) = app
            .multipart(Method::POST, &path, photo_form(png(8, 8), "a.png"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Photo added");
        assert_eq!(
            body["data"]["return"]["photos"].as_array().unwrap().len(),
            n
        );
    }
    let (status, body) = app
        .multipart(Method::POST, &path, photo_form(png(8, 8), "a.png"), None)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "A return has at most 5 photos");

    // The links open the photo; the path alone does not.
    let (_, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/return/{id}"),
            None,
            Some(&admin),
        )
        .await;
    let link = body["data"]["return"]["photos"][0]
        .as_str()
        .unwrap()
        .to_string();
    assert!(link.contains("/media/private/returns/"), "{link}");
    let response = app.client.get(&link).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bare = link.split('?').next().unwrap();
    let response = app.client.get(bare).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let stored: i64 = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM return_photos")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    assert_eq!(stored, 5);
}

async fn units_received_back_on_sale_wake_back_in_stock_alerts(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let valve = stocked(&app, &f, "Zone valve", 4_500, 1).await;
    let (number, token) = completed(&app, &admin, &[(&valve, 1)]).await;
    assert_eq!(app.stock_of(&valve).await, 0);
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/product/{valve}/alert"),
            Some(json!({"emailAddress": "waiting@example.com"})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let variant = variant_of(&order(&app, &number, &token).await, &valve);
    let (_, body) = ask(&app, &number, &token, one_line(&variant, 1, "not_needed")).await;
    let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
    staff(&app, &admin, &id, "approve", None).await;
    let (status, body) = staff(
        &app,
        &admin,
        &id,
        "receive",
        Some(json!({"lines": [{"variantId": variant, "received": 1, "restocked": 1}]})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.stock_of(&valve).await, 1);
    assert_eq!(
        app.mail_alerts().await,
        1,
        "the one waiting alert is mailed"
    );
}

async fn delivery_is_refunded_once_and_a_return_of_nothing_closes_without_money(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = stocked(&app, &f, "Elbow 22 mm", 450, 10).await;
    let mut body = guest_order("ret@example.com", &[(&elbow, 4)]);
    body["fulfilment"] = json!("delivery");
    body["contact"] = delivery("ret@example.com");
    let (number, token) = completed_as(&app, &admin, body, "shipped").await;
    let placed = order(&app, &number, &token).await;
    let fee = placed["deliveryFee"].as_f64().unwrap();
    assert!(fee > 0.0, "{placed}");
    let variant = variant_of(&placed, &elbow);
    let mut received = Vec::new();
    for came_back in [1, 1, 0] {
        let (status, body) = ask(&app, &number, &token, one_line(&variant, 1, "not_needed")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
        assert_eq!(body["data"]["return"]["deliveryFee"], fee);
        staff(&app, &admin, &id, "approve", None).await;
        let (status, _) = staff(
            &app,
            &admin,
            &id,
            "receive",
            Some(json!({"lines": [{"variantId": variant, "received": came_back, "restocked": 0}]})),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        received.push(id);
    }
    // The first return gives the delivery back with its units; the second may not.
    let (status, body) = staff(
        &app,
        &admin,
        &received[0],
        "refund",
        Some(json!({"includeDelivery": true})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let first = body["data"]["return"]["refunded"].as_f64().unwrap();
    assert!(
        (first - body["data"]["return"]["refundEstimate"].as_f64().unwrap() - fee).abs() < 0.001,
        "{body}"
    );
    let (status, body) = staff(
        &app,
        &admin,
        &received[1],
        "refund",
        Some(json!({"includeDelivery": true})),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "The delivery fee of this order has been refunded already"
    );
    assert_eq!(
        body_status(&app, &admin, &received[1]).await,
        "received",
        "nothing moved"
    );
    let (status, body) = staff(&app, &admin, &received[1], "refund", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Nothing came back: the return closes with nothing refunded, and says so.
    app.deliver_mail().await;
    let sent = app.mailer.sent().len();
    let (status, body) = staff(&app, &admin, &received[2], "refund", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["return"]["status"], "refunded");
    assert_eq!(body["data"]["return"]["refunded"], 0.0);
    assert_eq!(app.deliver_mail().await, 1);
    assert_eq!(
        app.mailer.sent()[sent].letter.subject,
        "Your return R-000003 is closed"
    );
    let refunds: i64 = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM order_refunds")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    assert_eq!(refunds, 2, "the closed return moved no money");

    // An order takes at most 20 returns, cancelled ones counted.
    for _ in 3..20 {
        let (status, body) = ask(&app, &number, &token, one_line(&variant, 1, "not_needed")).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let id = body["data"]["return"]["_id"].as_str().unwrap().to_string();
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/return/{id}/cancel?token={token}"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, body) = ask(&app, &number, &token, one_line(&variant, 1, "not_needed")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "An order can have at most 20 returns");
}

async fn body_status(app: &TestApp, admin: &str, id: &str) -> String {
    let (_, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/return/{id}"),
            None,
            Some(admin),
        )
        .await;
    body["data"]["return"]["status"]
        .as_str()
        .unwrap()
        .to_string()
}
