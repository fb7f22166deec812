//! Promo codes (docs/DESIGN.md §8): administrators make and edit them; the quote and the
//! order apply them with the real reason when they do not (not valid, not yet,
//! expired, used up, minimum not met, already used); the discount never takes a total
//! below the delivery fee; and a usage limit holds when many orders race for it.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count, guest_order, stocked};

on_both_backends!(
    promo_code_calls_need_an_administrator_and_are_checked,
    a_code_takes_its_discount_in_the_quote_and_the_order,
    a_code_that_does_not_apply_says_why,
    a_discount_never_takes_the_total_below_the_delivery_fee,
    a_customer_uses_a_code_as_often_as_allowed,
    thirty_orders_racing_for_a_code_with_one_use_give_it_to_exactly_one,
);

async fn admin_call(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.call(method, path, Some(body), Some(token)).await
}

/// Makes a code as an administrator would; its id.
async fn make_code(app: &TestApp, admin: &str, body: Value) -> String {
    let (status, answer) =
        admin_call(app, admin, Method::POST, "/api/admin/promo-code", body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["data"]["promoCode"]["_id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn quote(
    app: &TestApp,
    product: &str,
    quantity: i64,
    code: &str,
    fulfilment: &str,
) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/order/quote",
        Some(json!({"fulfilment": fulfilment, "items": [{"productId": product, "quantity": quantity}], "promoCode": code})),
        None,
    )
    .await
}

fn with_code(mut order: Value, code: &str) -> Value {
    order["promoCode"] = json!(code);
    order
}

async fn used_count(app: &TestApp, code: &str) -> i64 {
    sqlx::query_scalar::<_, i64>("SELECT used_count FROM promo_codes WHERE code = $1")
        .bind(code)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap()
}

async fn promo_code_calls_need_an_administrator_and_are_checked(app: TestApp) {
    let customer = app.customer("shopper@example.com").await;
    let body = json!({"code": "SPRING10", "kind": "percent", "amount": 10});
    for (method, path) in [
        (Method::GET, "/api/admin/promo-code"),
        (Method::POST, "/api/admin/promo-code"),
        (
            Method::PUT,
            "/api/admin/promo-code/0123456789abcdef01234567",
        ),
    ] {
        let (status, _) = app
            .call(method.clone(), path, Some(body.clone()), None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}");
        let (status, _) = app
            .call(method.clone(), path, Some(body.clone()), Some(&customer))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path}");
    }
    let admin = app.admin().await;
    let (status, answer) = admin_call(
        &app,
        &admin,
        Method::POST,
        "/api/admin/promo-code",
        json!({"code": "x!", "kind": "half", "amount": 0, "endsOn": "soon", "usageLimit": 0, "minSubtotal": -1}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let mut fields: Vec<&String> = answer["errors"].as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(
        fields,
        [
            "amount",
            "code",
            "endsOn",
            "kind",
            "minSubtotal",
            "usageLimit"
        ]
    );

    let id = make_code(&app, &admin, json!({"code": " spring10 ", "kind": "percent", "amount": 12.5, "startsOn": "2020-01-01", "endsOn": "2099-12-31", "usageLimit": 100, "perCustomerLimit": 1, "minSubtotal": 20})).await;
    // Codes are case-insensitive and unique.
    let (status, answer) = admin_call(
        &app,
        &admin,
        Method::POST,
        "/api/admin/promo-code",
        json!({"code": "Spring10", "kind": "fixed", "amount": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "A promo code with this code exists");

    let (status, answer) = app
        .call(Method::GET, "/api/admin/promo-code", None, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let listed = &answer["data"]["promoCodes"][0];
    assert_eq!(listed["code"], "SPRING10");
    assert_eq!(listed["amount"], 12.5);
    assert_eq!(listed["startsOn"], "2020-01-01");
    assert_eq!(listed["endsOn"], "2099-12-31");
    assert_eq!(listed["usedCount"], 0);

    let (status, answer) = admin_call(
        &app,
        &admin,
        Method::PUT,
        &format!("/api/admin/promo-code/{id}"),
        json!({"code": "SPRING10", "kind": "percent", "amount": 15, "active": false}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["promoCode"]["active"], false);

    let filter = shop::store::activity::Filter {
        object_type: Some("promo_code".into()),
        ..Default::default()
    };
    let (log, _) = app.activity.list(&filter, 10, 0).await.unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions.len(), 2);
    assert!(actions.contains(&"created") && actions.contains(&"updated"));
    let updated = log.iter().find(|e| e.action == "updated").unwrap();
    assert_eq!(
        updated.changes.fields()["amount"],
        (json!(12.5), json!(15.0))
    );
    assert_eq!(
        updated.changes.fields()["active"],
        (json!(true), json!(false))
    );
}

async fn a_code_takes_its_discount_in_the_quote_and_the_order(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tap = stocked(&app, &f, "Promo Tap", 5_000, 10).await;
    make_code(
        &app,
        &admin,
        json!({"code": "TENOFF", "kind": "percent", "amount": 10}),
    )
    .await;
    // Two taps: 100.00, less the shop's 20 % = 80.00, less 10 % of that = 72.00.
    let (status, answer) = quote(&app, &tap, 2, "tenoff", "pickup").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let q = &answer["data"];
    assert_eq!(
        (q["subtotal"].as_f64(), q["discount"].as_f64()),
        (Some(100.0), Some(20.0))
    );
    assert_eq!(q["promoDiscount"], 8.0);
    assert_eq!(q["total"], 72.0);

    let order = with_code(guest_order("ada@example.com", &[(&tap, 2)]), "TenOff");
    let (status, answer) = app.place(Some("k1"), &order, None).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let placed = &answer["data"]["order"];
    assert_eq!(placed["promoCode"], "TENOFF");
    assert_eq!(placed["promoDiscount"], 8.0);
    assert_eq!(placed["total"], 72.0);
    assert_eq!(used_count(&app, "TENOFF").await, 1);
    // Without a code, no promo discount.
    let (_, answer) = quote(&app, &tap, 1, "", "pickup").await;
    assert_eq!(answer["data"]["promoDiscount"], 0.0);
}

async fn a_code_that_does_not_apply_says_why(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tap = stocked(&app, &f, "Promo Tap", 5_000, 10).await;
    let now = app.clock.now_ms();
    let day =
        |offset: i64| shop::domain::time::iso8601(now + offset * 86_400_000)[..10].to_string();
    make_code(
        &app,
        &admin,
        json!({"code": "LATER", "kind": "percent", "amount": 10, "startsOn": day(2)}),
    )
    .await;
    make_code(
        &app,
        &admin,
        json!({"code": "GONE", "kind": "percent", "amount": 10, "endsOn": day(-1)}),
    )
    .await;
    make_code(
        &app,
        &admin,
        json!({"code": "BIGSPEND", "kind": "fixed", "amount": 10, "minSubtotal": 150}),
    )
    .await;
    make_code(
        &app,
        &admin,
        json!({"code": "OFF", "kind": "fixed", "amount": 10, "active": false}),
    )
    .await;
    make_code(
        &app,
        &admin,
        json!({"code": "ONCE", "kind": "fixed", "amount": 10, "usageLimit": 1}),
    )
    .await;
    app.placed(
        &with_code(guest_order("first@example.com", &[(&tap, 1)]), "ONCE"),
        None,
    )
    .await;
    for (code, message) in [
        ("NOSUCH", "This promo code is not valid"),
        ("OFF", "This promo code is not valid"),
        ("LATER", "This promo code is not active yet"),
        ("GONE", "This promo code has expired"),
        (
            "BIGSPEND",
            "Spend at least \u{20b9}150.00 to use this promo code",
        ),
        ("ONCE", "This promo code has been used up"),
        (&"X".repeat(40), "This promo code is not valid"),
    ] {
        let (status, answer) = quote(&app, &tap, 2, code, "pickup").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{code}: {answer}");
        assert_eq!(answer["message"], message, "{code}");
        assert_eq!(answer["errors"]["promoCode"], message, "{code}");
        let before = app.stock_of(&tap).await;
        let (status, answer) = app
            .place(
                Some(&shop::domain::new_id()),
                &with_code(guest_order("b@example.com", &[(&tap, 2)]), code),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{code}: {answer}");
        assert_eq!(answer["message"], message, "{code}");
        assert_eq!(app.stock_of(&tap).await, before, "{code}: nothing taken");
    }
    // The code that was not yet active applies once its day comes.
    app.clock.advance(Duration::from_secs(3 * 86_400));
    let (status, _) = quote(&app, &tap, 1, "later", "pickup").await;
    assert_eq!(status, StatusCode::OK);
}

async fn a_discount_never_takes_the_total_below_the_delivery_fee(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tap = stocked(&app, &f, "Promo Tap", 5_000, 10).await;
    make_code(
        &app,
        &admin,
        json!({"code": "HUGE", "kind": "fixed", "amount": 1000}),
    )
    .await;
    // 50.00 less 20 % = 40.00 of goods: the code takes those 40.00 and no more.
    let (status, answer) = quote(&app, &tap, 1, "HUGE", "delivery").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["promoDiscount"], 40.0);
    assert_eq!(answer["data"]["total"], 100.0, "the delivery fee stays");
}

async fn a_customer_uses_a_code_as_often_as_allowed(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tap = stocked(&app, &f, "Promo Tap", 5_000, 10).await;
    make_code(
        &app,
        &admin,
        json!({"code": "WELCOME", "kind": "fixed", "amount": 5, "perCustomerLimit": 1}),
    )
    .await;
    let customer = app.customer("ada@example.com").await;
    app.to_cart(&customer, &tap, 1).await;
    let body = json!({"fulfilment": "pickup", "contact": crate::orders::pickup("ada@example.com"),
                      "saveAddress": false, "payment": {"method": "cod"}, "promoCode": "welcome"});
    let (status, answer) = app.place(Some("c1"), &body, Some(&customer)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.to_cart(&customer, &tap, 1).await;
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/order/quote",
            Some(json!({"fulfilment": "pickup", "promoCode": "WELCOME"})),
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["message"], "You have already used this promo code");
    let (status, answer) = app.place(Some("c2"), &body, Some(&customer)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["message"], "You have already used this promo code");

    // A guest is known by the e-mail address, at the order.
    let guest = with_code(guest_order("grace@example.com", &[(&tap, 1)]), "WELCOME");
    app.placed(&guest, None).await;
    let (status, answer) = app.place(Some("g2"), &guest, None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["message"], "You have already used this promo code");
    assert_eq!(used_count(&app, "WELCOME").await, 2);
}

async fn thirty_orders_racing_for_a_code_with_one_use_give_it_to_exactly_one(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // A product for each order, so no two orders wait on one product's stock: the
    // code's last use is all they race for.
    let mut taps = Vec::new();
    for n in 0..30 {
        taps.push(stocked(&app, &f, &format!("Promo Tap {n}"), 5_000, 5).await);
    }
    make_code(
        &app,
        &admin,
        json!({"code": "LASTONE", "kind": "percent", "amount": 50, "usageLimit": 1}),
    )
    .await;
    let calls: Vec<_> = taps
        .iter()
        .enumerate()
        .map(|(n, tap)| {
            let app = app.clone();
            let body = with_code(
                guest_order(&format!("racer{n}@example.com"), &[(tap, 1)]),
                "LASTONE",
            );
            async move { app.place(Some(&format!("race-{n}")), &body, None).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::UNPROCESSABLE_ENTITY), 29);
    for (status, answer) in &answers {
        if *status == StatusCode::UNPROCESSABLE_ENTITY {
            assert_eq!(answer["message"], "This promo code has been used up");
        }
    }
    assert_eq!(used_count(&app, "LASTONE").await, 1);
    let mut stock = 0;
    for tap in &taps {
        stock += app.stock_of(tap).await;
    }
    assert_eq!(stock, 30 * 5 - 1, "the refused orders took no stock");
    assert_eq!(app.order_count().await, 1);
}
