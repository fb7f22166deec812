//! Placing orders (docs/DESIGN.md §6): the quote, an order for a customer or a guest, the
//! refusals that write nothing, stock that is never oversold when many customers race,
//! and one order per Idempotency-Key.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::variants::only_variant;
use super::*;
use crate::accounts::assert_error;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_quote_prices_the_cart_and_flags_short_lines,
    a_guest_orders_and_opens_the_order_by_its_mailed_link,
    a_customer_orders_the_server_cart_at_todays_prices,
    a_customer_orders_the_lines_sent_and_keeps_the_cart,
    refused_orders_write_nothing,
    fifty_customers_racing_for_ten_units_get_exactly_ten_orders,
    customers_racing_for_two_shared_products_never_oversell_or_deadlock,
    twenty_requests_with_one_key_place_one_order,
    twenty_requests_with_one_key_order_a_cart_once,
    a_key_reused_with_another_request_is_refused,
);

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
    let beta_variant = only_variant(&app, &f.beta).await;
    assert_eq!(
        untaxed(&lines[0]),
        json!({"productId": f.beta, "variantId": beta_variant, "quantity": 2, "unitPrice": 30.0,
               "lineTotal": 60.0, "available": true})
    );
    assert_eq!(lines[3]["unitPrice"], Value::Null);
    assert_eq!(lines[2]["available"], false);
    assert_eq!(lines[2]["message"], "This product is out of stock");
    assert_eq!(lines[3]["message"], "This product is no longer available");

    // A customer: the server cart counts when no lines are sent (or none: `[]`).
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.beta, 5).await;
    set_stock(&app, &f.beta, 3).await;
    for body in [
        json!({"fulfilment": "pickup"}),
        json!({"fulfilment": "pickup", "items": []}),
    ] {
        let (status, body) = app
            .call(Method::POST, "/api/order/quote", Some(body), Some(&token))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["data"]["subtotal"], 150.0);
        assert_eq!(body["data"]["deliveryFee"], 0.0);
        assert_eq!(body["data"]["total"], 120.0);
        assert_eq!(body["data"]["lines"][0]["message"], "Only 3 left in stock");
    }
    // Lines sent are quoted instead of the cart (docs/DESIGN.md §11).
    let (status, body) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "items": [{"productId": f.alpha, "quantity": 1}]})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["lines"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["lines"][0]["productId"], json!(f.alpha));

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
    // The line keeps its variant as it was: the one of a product without options.
    let beta_variant = only_variant(&app, &f.beta).await;
    assert_eq!(
        untaxed(&order["lines"][0]),
        json!({"productId": f.beta, "variantId": beta_variant, "sku": f.beta.to_uppercase(),
               "options": {}, "name": "Beta Basin Tap", "image": "test/beta-basin-tap.svg",
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
    // A product without options is named as the spec's mail names it: no SKU, no values.
    assert!(
        mail.letter
            .text
            .contains("2 x Beta Basin Tap  \u{20b9}60.00"),
        "{}",
        mail.letter.text
    );
    assert!(!mail.letter.text.contains("SKU"), "{}", mail.letter.text);
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

    // Two short lines: both named (by the variant each cart line holds), and Beta's
    // units are not taken either.
    set_stock(&app, &f.beta, 2).await;
    set_stock(&app, &f.alpha, 0).await;
    let (status, answer) = app.place(Some("k"), &body, Some(&token)).await;
    assert_error(status, &answer, StatusCode::CONFLICT, SHORT);
    let (beta, alpha) = (
        only_variant(&app, &f.beta).await,
        only_variant(&app, &f.alpha).await,
    );
    assert_eq!(
        answer["errors"],
        json!({beta: "Only 2 left in stock", alpha: "This product is out of stock"})
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
    // A cart line names its variant: refusals are keyed by it.
    let variant = only_variant(&app, &product).await;
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert_eq!(body["message"], SHORT);
            assert_eq!(body["errors"][&variant], "This product is out of stock");
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
    one_order_answers_the_key(&answers);
    assert_eq!(app.order_count().await, 1);
    assert_eq!(app.stock_of(&f.epsilon).await, 97);
    // Later, the same key and body answer the same order.
    let (status, answer) = app.place(Some("one-key"), &body, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Order already placed");
    assert_eq!(answer["data"]["order"]["number"], "100001");
    assert_eq!(app.deliver_mail().await, 1, "one confirmation");
}

/// Twins of an order of the cart: each that comes after the first finds the order its
/// key placed before it looks at the cart the first emptied, and is answered that order
/// (on PostgreSQL, told it is still being placed while the first runs).
async fn twenty_requests_with_one_key_order_a_cart_once(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.epsilon, 2).await;
    let body = cart_order("pickup", pickup("ada@example.com"), false);
    let calls = (0..20)
        .map(|_| {
            let (app, body, token) = (app.clone(), body.clone(), token.clone());
            async move { app.place(Some("cart-key"), &body, Some(&token)).await }
        })
        .collect();
    let answers = at_once(calls).await;
    one_order_answers_the_key(&answers);
    let (_, placed) = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::CREATED)
        .unwrap();
    assert_eq!(
        placed["data"]["order"]["lines"][0]["quantity"], 2,
        "{placed}"
    );
    assert_eq!(app.order_count().await, 1);
    assert_eq!(app.stock_of(&f.epsilon).await, 98);
}

/// The answers to requests sent at once with one key: one order placed, and every other
/// answer that same order, or (PostgreSQL, while the first still ran) 'still being placed'.
fn one_order_answers_the_key(answers: &[(StatusCode, Value)]) {
    assert_eq!(count(answers, StatusCode::CREATED), 1, "{answers:?}");
    for (status, answer) in answers {
        match *status {
            StatusCode::CREATED | StatusCode::OK => {
                assert_eq!(answer["data"]["order"]["number"], "100001", "{answer}")
            }
            StatusCode::CONFLICT => {
                assert_eq!(answer["message"], "This order is still being placed")
            }
            other => panic!("unexpected {other}: {answer}"),
        }
    }
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

/// Quick order, buy again and API clients send their lines (docs/DESIGN.md §11): a
/// signed-in customer's order of them takes exactly those, and the cart stays.
async fn a_customer_orders_the_lines_sent_and_keeps_the_cart(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.beta, 2).await;
    let alpha_before = app.stock_of(&f.alpha).await;
    let mut body = cart_order("pickup", pickup("ada@example.com"), false);
    body["items"] = json!([{"productId": f.alpha, "quantity": 1}]);
    let (number, _) = app.placed(&body, Some(&token)).await;
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    let ordered: Vec<(&str, i64)> = order
        .lines
        .iter()
        .map(|l| (l.product_id.as_str(), l.quantity))
        .collect();
    assert_eq!(ordered, [(f.alpha.as_str(), 1)]);
    assert_eq!(app.stock_of(&f.alpha).await, alpha_before - 1);
    assert!(order.user_id.is_some(), "the customer's own order");
    let (_, cart) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    let kept: Vec<&Value> = cart["data"].as_array().unwrap().iter().collect();
    assert_eq!(kept.len(), 1, "{cart}");
    assert_eq!(kept[0]["productId"], json!(f.beta));
    assert_eq!(kept[0]["quantity"], 2);

    // Without lines, the cart is ordered and emptied, as before.
    let (number, _) = app
        .placed(
            &cart_order("pickup", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    let order = app.orders.by_number(&number).await.unwrap().unwrap();
    assert_eq!(order.lines[0].product_id, f.beta);
    let (_, cart) = app
        .call(Method::GET, "/api/user/item?type=cart", None, Some(&token))
        .await;
    assert_eq!(cart["data"], json!([]));
}
