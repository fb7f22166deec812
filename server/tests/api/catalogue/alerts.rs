//! Back-in-stock alerts (docs/DESIGN.md §12): asked on a sold-out product by any
//! address, mailed once when stock comes back by any path (staff's change, the CSV
//! import, a cancellation), with a one-click unsubscribe link in the body and the
//! headers; at most 20 waiting an address however many ask at once; the console
//! counts them per variant.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::csv_files::{download, header, import, parse, to_csv};
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;
use crate::orders::variants::{fitting, packs, set_variant_stock};
use crate::orders::{at_once, count, guest_order, stocked};

on_both_backends!(
    a_guest_is_mailed_once_when_staff_restock,
    asking_is_refused_where_it_cannot_wait,
    a_cancellation_and_the_csv_import_bring_alerts_too,
    at_most_twenty_wait_an_address_however_many_ask_at_once,
    the_mails_link_unsubscribes_every_alert_of_the_address,
    an_alert_waits_for_its_own_variant,
);

async fn ask(app: &TestApp, product: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        &format!("/api/product/{product}/alert"),
        Some(body),
        None,
    )
    .await
}

async fn restock(app: &TestApp, admin: &str, product: &str, change: i64) {
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{product}/stock"),
            Some(json!({"change": change, "reason": "Delivery from supplier"})),
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The back-in-stock mails queued so far: (recipient, subject, text, List-Unsubscribe link).
async fn alert_mails(app: &TestApp) -> Vec<(String, String, String, Option<String>)> {
    sqlx::query_as(
        "SELECT recipient, subject, body_text, list_unsubscribe FROM mail_outbox \
         WHERE subject LIKE '% is back in stock' ORDER BY created_at, recipient",
    )
    .fetch_all(&app.catalogue.db().pool)
    .await
    .unwrap()
}

async fn waiting(app: &TestApp, admin: &str, product: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{product}"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["product"]["alertsWaiting"].clone()
}

fn variant_of(product: &Value) -> String {
    product["variants"][0]["_id"].as_str().unwrap().to_string()
}

async fn a_guest_is_mailed_once_when_staff_restock(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (status, body) = ask(&app, &f.gamma, json!({"emailAddress": " Ada@Example.com "})).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "We will e-mail you when it is back");
    // Asking again adds nothing, in any case of the address.
    let (status, body) = ask(&app, &f.gamma, json!({"emailAddress": "ada@example.com"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = ask(&app, &f.gamma, json!({"emailAddress": "bob@example.com"})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, product) = app.get(&format!("/api/product/{}", f.gamma)).await;
    let variant = variant_of(&product["data"]["product"]);
    assert_eq!(
        waiting(&app, &admin, &f.gamma).await,
        json!({ variant.clone(): 2 })
    );

    // Nothing is due while it is sold out.
    assert_eq!(app.mail_alerts().await, 0);
    restock(&app, &admin, &f.gamma, 4).await;
    assert_eq!(app.mail_alerts().await, 2);
    let mails = alert_mails(&app).await;
    let to: Vec<&str> = mails.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(to, ["ada@example.com", "bob@example.com"]);
    let (_, subject, text, header) = &mails[0];
    assert_eq!(subject, "Gamma Radiator is back in stock");
    assert!(text.contains(&format!("/product/{}", f.gamma)), "{text}");
    let header = header.as_deref().expect("a List-Unsubscribe link");
    assert!(header.contains("/api/alert/unsubscribe?token="), "{header}");
    let token = header.split("token=").nth(1).unwrap();
    assert!(
        text.contains(&format!("/unsubscribe?token={token}")),
        "the body's link carries the same token: {text}"
    );
    assert_eq!(waiting(&app, &admin, &f.gamma).await, json!({}));

    // Mailed once: more stock, or running out and coming back, mails no one again.
    assert_eq!(app.mail_alerts().await, 0);
    restock(&app, &admin, &f.gamma, 3).await;
    restock(&app, &admin, &f.gamma, -7).await;
    restock(&app, &admin, &f.gamma, 1).await;
    assert_eq!(app.mail_alerts().await, 0);
    assert_eq!(alert_mails(&app).await.len(), 2);
}

async fn asking_is_refused_where_it_cannot_wait(app: TestApp) {
    let f = fixture(&app).await;
    let (status, body) = ask(&app, &f.alpha, json!({"emailAddress": "ada@example.com"})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "This is in stock");
    for (email, message) in [
        ("", "Email is required"),
        ("not an address", "Please enter a valid email address."),
    ] {
        let (status, body) = ask(&app, &f.gamma, json!({"emailAddress": email})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["errors"]["emailAddress"], message);
    }
    let (status, body) = ask(
        &app,
        &f.gamma,
        json!({"emailAddress": "ada@example.com", "variantId": "0123456789abcdef01234567"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["variantId"],
        "No such variant of this product"
    );
    let (status, body) = ask(
        &app,
        "0123456789abcdef01234567",
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let admin = app.admin().await;
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.gamma),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = ask(&app, &f.gamma, json!({"emailAddress": "ada@example.com"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM stock_alerts")
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    assert_eq!(kept, 0, "nothing refused is kept");
}

async fn a_cancellation_and_the_csv_import_bring_alerts_too(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // The last unit sold, an alert asked, the order cancelled: the unit is back.
    let last = stocked(&app, &f, "Last Valve", 1_000, 1).await;
    let (number, link) = app
        .placed(&guest_order("buyer@example.com", &[(&last, 1)]), None)
        .await;
    let (status, _) = ask(&app, &last, json!({"emailAddress": "ada@example.com"})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{number}/cancel?token={link}"),
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.mail_alerts().await, 1);

    // Gamma's stock set from 0 to 6 in the console's CSV file.
    let (status, _) = ask(&app, &f.gamma, json!({"emailAddress": "bob@example.com"})).await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, _, csv) = download(&app, "/api/admin/product/export", Some(&admin)).await;
    let head = header(&csv);
    let column = |name: &str| head.iter().position(|h| h == name).unwrap();
    let (name, stock) = (column("name"), column("stock"));
    let mut gamma = parse(&csv)
        .into_iter()
        .find(|r| r[name] == "Gamma Radiator")
        .unwrap();
    gamma[stock] = "6".into();
    let file = vec![head.clone(), gamma];
    let (status, body) = import(&app, &to_csv(&file), true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.mail_alerts().await, 1);
    let to: Vec<String> = alert_mails(&app).await.into_iter().map(|m| m.0).collect();
    assert_eq!(to, ["ada@example.com", "bob@example.com"]);
}

/// `n` sold-out products.
async fn sold_out(app: &TestApp, f: &Fixture, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for i in 0..n {
        ids.push(stocked(app, f, &format!("Sold Out {i}"), 500, 0).await);
    }
    ids
}

async fn at_most_twenty_wait_an_address_however_many_ask_at_once(app: TestApp) {
    let f = fixture(&app).await;
    let products = sold_out(&app, &f, 30).await;
    let calls = products
        .iter()
        .map(|product| {
            let (app, product) = (app.clone(), product.clone());
            async move { ask(&app, &product, json!({"emailAddress": "many@example.com"})).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 20, "{answers:?}");
    assert_eq!(
        count(&answers, StatusCode::TOO_MANY_REQUESTS),
        10,
        "{answers:?}"
    );
    let refused = answers
        .iter()
        .find(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS)
        .unwrap();
    assert_eq!(refused.1["message"], "Too many alerts for this address");
    // Another address is not held back by this one's.
    let (status, _) = ask(
        &app,
        &products[0],
        json!({"emailAddress": "one@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn the_mails_link_unsubscribes_every_alert_of_the_address(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let products = sold_out(&app, &f, 3).await;
    for product in &products {
        let (status, _) = ask(&app, product, json!({"emailAddress": "ada@example.com"})).await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, _) = ask(
        &app,
        &products[1],
        json!({"emailAddress": "bob@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    restock(&app, &admin, &products[0], 2).await;
    assert_eq!(app.mail_alerts().await, 1);
    let mails = alert_mails(&app).await;
    let header = mails[0].3.clone().unwrap();
    let path = &header[header.find("/api/alert/").unwrap()..];
    // As a mail client's one-click unsubscribe posts it (RFC 8058).
    let response = app
        .client
        .post(app.url(path))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        "You will get no more back-in-stock e-mails"
    );
    // Twice is fine; a made-up token is not.
    let (status, _) = app.call(Method::POST, path, None, None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .call(
            Method::POST,
            "/api/alert/unsubscribe?token=made-up",
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(body["message"], "This link is not valid");

    // Ada's other alerts are gone; Bob's stays and is mailed.
    assert_eq!(waiting(&app, &admin, &products[2]).await, json!({}));
    restock(&app, &admin, &products[1], 2).await;
    restock(&app, &admin, &products[2], 2).await;
    assert_eq!(app.mail_alerts().await, 1);
    let to: Vec<String> = alert_mails(&app).await.into_iter().map(|m| m.0).collect();
    assert_eq!(to, ["ada@example.com", "bob@example.com"]);
    // Asking again after unsubscribing is allowed.
    restock(&app, &admin, &products[2], -2).await;
    let (status, _) = ask(
        &app,
        &products[2],
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

async fn an_alert_waits_for_its_own_variant(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // 22 mm Chrome (the fourth) is sold out; 22 mm Brass (the third) is made so.
    let elbow = fitting(&app, &f, "AL", packs(1, 1)).await;
    set_variant_stock(&app, &elbow.variants[2], 0).await;
    let (status, body) = ask(
        &app,
        &elbow.product,
        json!({"emailAddress": "ada@example.com"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["variantId"], "Choose a variant");
    let (_, gamma) = app.get(&format!("/api/product/{}", f.gamma)).await;
    let (status, body) = ask(
        &app,
        &elbow.product,
        json!({"emailAddress": "ada@example.com", "variantId": variant_of(&gamma["data"]["product"])}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["variantId"],
        "No such variant of this product"
    );
    let (status, body) = ask(
        &app,
        &elbow.product,
        json!({"emailAddress": "ada@example.com", "variantId": elbow.variants[0]}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    for (email, variant) in [("ada@example.com", 3), ("bob@example.com", 2)] {
        let (status, body) = ask(
            &app,
            &elbow.product,
            json!({"emailAddress": email, "variantId": elbow.variants[variant]}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    assert_eq!(
        waiting(&app, &admin, &elbow.product).await,
        json!({ elbow.variants[2].clone(): 1, elbow.variants[3].clone(): 1 })
    );
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/variant/{}/stock", elbow.variants[3]),
            Some(json!({"change": 3, "reason": "Delivery from supplier"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(app.mail_alerts().await, 1);
    let mails = alert_mails(&app).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].0, "ada@example.com");
    assert!(
        mails[0]
            .2
            .contains("AL Compression Elbow (Chrome, 22 mm) is back in stock"),
        "{}",
        mails[0].2
    );
    assert_eq!(
        waiting(&app, &admin, &elbow.product).await,
        json!({ elbow.variants[2].clone(): 1 })
    );
}
