//! The shop's settings (docs/DESIGN.md §15, issue 30 items 4 and 7): the currency every
//! amount is shown in and the pickup point, edited in the console with a version, read
//! by the storefront (`GET /shop`, the page's `<meta name="shop-currency">`), the mails
//! and the messages that quote money.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count, guest_order};

on_both_backends!(
    a_fresh_shop_names_no_currency_and_no_pickup_point,
    only_administrators_read_and_save_the_settings,
    a_refused_save_changes_nothing,
    a_save_changes_the_fields_it_sends_and_a_stale_one_is_refused,
    racing_saves_of_one_version_let_exactly_one_through,
    the_shops_currency_and_pickup_point_reach_pages_mails_and_messages,
);

const STALE: &str = "This changed since you opened it: reload to see the latest";

fn main_branch() -> Value {
    json!({
        "name": "Main branch",
        "address": "1 Example Street\nExampletown EX1 2MP",
        "openingHours": "Mon–Fri 7:00–17:00\nSat 8:00–12:00",
        "instructions": "Bring your order number to the trade counter."
    })
}

async fn settings(app: &TestApp, admin: &str) -> Value {
    let (status, body) = app
        .call(Method::GET, "/api/admin/settings", None, Some(admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["settings"].clone()
}

/// The currency, pickup point and version of `settings` (the tax fields have tests of
/// their own, in tax_settings.rs).
fn part(settings: &Value) -> Value {
    let keep = ["currency", "pickup", "version"];
    keep.iter()
        .filter_map(|key| Some((key.to_string(), settings.get(*key)?.clone())))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

async fn save(app: &TestApp, admin: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::PUT, "/api/admin/settings", Some(body), Some(admin))
        .await
}

async fn a_fresh_shop_names_no_currency_and_no_pickup_point(app: TestApp) {
    let (status, body) = app.get("/api/shop").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        part(&body["data"]["shop"]),
        json!({"currency": null, "pickup": null})
    );
    let admin = app.admin().await;
    assert_eq!(
        part(&settings(&app, &admin).await),
        json!({"currency": null, "pickup": null, "version": 1})
    );
    let page = app.client.get(app.url("/")).send().await.unwrap();
    let html = page.text().await.unwrap();
    assert!(!html.contains("shop-currency"), "{html}");
}

async fn only_administrators_read_and_save_the_settings(app: TestApp) {
    let customer = app.customer("ada@example.com").await;
    for (method, body) in [
        (Method::GET, None),
        (Method::PUT, Some(json!({"currency": "GBP"}))),
    ] {
        let (status, _) = app
            .call(method.clone(), "/api/admin/settings", body.clone(), None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} as a guest");
        let (status, _) = app
            .call(method.clone(), "/api/admin/settings", body, Some(&customer))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method} as a customer");
    }
    let (_, body) = app.get("/api/shop").await;
    assert_eq!(body["data"]["shop"]["currency"], Value::Null);
}

async fn a_refused_save_changes_nothing(app: TestApp) {
    let admin = app.admin().await;
    let (status, body) = save(&app, &admin, json!({"currency": "JPY"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["currency"],
        "Choose a currency by its ISO 4217 code, such as GBP, EUR, USD or INR"
    );
    // A good currency beside a bad pickup block: neither is written.
    let (status, body) = save(
        &app,
        &admin,
        json!({"currency": "GBP", "pickup": {"name": " ", "address": "", "openingHours": "x".repeat(1001)}}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["pickup.name"], "Name is required");
    assert_eq!(body["errors"]["pickup.address"], "Address is required");
    assert_eq!(
        body["errors"]["pickup.openingHours"],
        "Opening hours must be at most 1000 characters"
    );
    let (status, body) = save(&app, &admin, json!({"currency": "GBP", "version": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["errors"]["version"].is_string(), "{body}");
    let (status, body) = save(&app, &admin, json!({"currency": 5})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        part(&settings(&app, &admin).await),
        json!({"currency": null, "pickup": null, "version": 1})
    );
}

async fn a_save_changes_the_fields_it_sends_and_a_stale_one_is_refused(app: TestApp) {
    let admin = app.admin().await;
    let (status, body) = save(
        &app,
        &admin,
        json!({"currency": " gbp ", "pickup": main_branch(), "version": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Settings saved");
    let saved = &body["data"]["settings"];
    assert_eq!(saved["currency"], "GBP");
    assert_eq!(saved["pickup"], main_branch());
    assert_eq!(saved["version"], 2);
    let (_, shop) = app.get("/api/shop").await;
    assert_eq!(
        part(&shop["data"]["shop"]),
        json!({"currency": "GBP", "pickup": main_branch()})
    );

    // Only what is sent changes; null clears.
    let (status, body) = save(&app, &admin, json!({"pickup": null})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        part(&body["data"]["settings"]),
        json!({"currency": "GBP", "pickup": null, "version": 3})
    );
    // A save that changes nothing keeps the version.
    let (_, body) = save(&app, &admin, json!({"currency": "GBP"})).await;
    assert_eq!(body["data"]["settings"]["version"], 3);

    // A form loaded at version 2 is refused with the settings as they now are.
    let (status, body) = save(&app, &admin, json!({"currency": "EUR", "version": 2})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], STALE);
    assert_eq!(
        part(&body["data"]["settings"]),
        json!({"currency": "GBP", "pickup": null, "version": 3})
    );
    assert_eq!(settings(&app, &admin).await["currency"], "GBP");

    // The activity log says who changed what.
    let (_, log) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=settings",
            None,
            Some(&admin),
        )
        .await;
    let entries = log["data"]["activity"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "{log}");
    // (The test's clock stands still: both entries have one time, in either order.)
    let first = entries
        .iter()
        .find(|e| e["changes"].get("currency").is_some())
        .expect("the first save's entry");
    assert_eq!(
        first["changes"]["currency"],
        json!({"before": null, "after": "GBP"})
    );
    assert_eq!(
        first["changes"]["pickup.name"],
        json!({"before": null, "after": "Main branch"})
    );
    assert_eq!(first["action"], "updated");
    assert_eq!(first["objectName"], "Shop settings");
}

async fn racing_saves_of_one_version_let_exactly_one_through(app: TestApp) {
    let admin = app.admin().await;
    let saves = ["GBP", "EUR", "USD", "INR", "AUD", "CAD"]
        .into_iter()
        .map(|code| {
            let app = app.clone();
            let admin = admin.clone();
            async move { save(&app, &admin, json!({"currency": code, "version": 1})).await }
        })
        .collect();
    let answers = at_once(saves).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 5, "{answers:?}");
    let winner = answers
        .iter()
        .find(|(status, _)| *status == StatusCode::OK)
        .map(|(_, body)| body["data"]["settings"]["currency"].clone())
        .unwrap();
    let now = settings(&app, &admin).await;
    assert_eq!(now["currency"], winner);
    assert_eq!(now["version"], 2);
}

async fn the_shops_currency_and_pickup_point_reach_pages_mails_and_messages(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (status, body) = save(
        &app,
        &admin,
        json!({"currency": "GBP", "pickup": main_branch()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Every page of the storefront and the console knows the currency before it runs.
    for path in ["/", "/shop", "/cart", "/admin"] {
        let html = app
            .client
            .get(app.url(path))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(
            html.contains("<meta name=\"shop-currency\" content=\"GBP\">"),
            "{path}: {html}"
        );
    }

    // A message that quotes money uses it.
    let code = json!({"code": "BIGSPEND", "kind": "fixed", "amount": 5, "minSubtotal": 1234.5});
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/promo-code",
            Some(code),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let quote = json!({"fulfilment": "pickup", "promoCode": "bigspend",
                       "items": [{"productId": f.beta, "quantity": 1}]});
    let (status, body) = app
        .call(Method::POST, "/api/order/quote", Some(quote), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["errors"]["promoCode"],
        "Spend at least \u{a3}1,234.50 to use this promo code"
    );

    // The confirmation of a pickup order: amounts in pounds, and where to collect.
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.beta, 2)]), None)
        .await;
    assert_eq!(app.deliver_mail().await, 1);
    let mail = app.mailer.sent().pop().expect("the confirmation");
    let text = &mail.letter.text;
    assert!(text.contains(&format!("Order {number}")), "{text}");
    assert!(text.contains("2 x Beta Basin Tap  \u{a3}60.00"), "{text}");
    assert!(!text.contains('\u{20b9}'), "no rupee left: {text}");
    assert!(text.contains("Pickup at Main branch, for Ada"), "{text}");
    assert!(
        text.contains("Address:\n1 Example Street\nExampletown EX1 2MP"),
        "{text}"
    );
    assert!(
        text.contains("Opening hours:\nMon–Fri 7:00–17:00"),
        "{text}"
    );
    let html = &mail.letter.html;
    assert!(
        html.contains("1 Example Street<br>Exampletown EX1 2MP"),
        "{html}"
    );
    assert!(html.contains("\u{a3}60.00"), "{html}");
}
