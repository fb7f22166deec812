//! Archiving: an archived product leaves the shop (its page, the listing and its total,
//! search) and stays in the console.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;

use crate::content::{actions, activity, shop_total};
use crate::helpers::{fixture, names, TestApp};
use crate::on_both_backends;

on_both_backends!(archived_products_leave_the_shop_and_stay_in_the_console,);

async fn archived_products_leave_the_shop_and_stay_in_the_console(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let customer = app.customer("ada@example.com").await;
    app.to_cart(&customer, &f.alpha, 1).await;
    // Counted (and kept) before: the archive clears them.
    assert_eq!(shop_total(&app, "perPage=1").await, 5);
    assert_eq!(
        shop_total(&app, &format!("categoryIds={}", f.faucets)).await,
        3
    );

    let archive = format!("/api/admin/product/{}/archive", f.alpha);
    for _ in 0..2 {
        let (status, body) = app.call(Method::POST, &archive, None, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Product archived");
        assert_eq!(body["data"]["product"]["archived"], true);
    }
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", Id::generate()),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Product not found");

    // Gone from the shop: listing and totals, search, its page, the homepage.
    assert_eq!(shop_total(&app, "perPage=1").await, 4);
    assert_eq!(
        shop_total(&app, &format!("categoryIds={}", f.faucets)).await,
        2
    );
    let (_, body) = app.get("/api/product?perPage=100").await;
    assert!(!names(&body).contains(&"Alpha Kitchen Mixer".to_string()));
    let (_, body) = app.get("/api/product?keyword=alpha").await;
    assert!(names(&body).is_empty());
    assert_eq!(body["data"]["total"], 0);
    let (status, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Product not found");
    // Carts: not shown, not added, not quoted, not ordered.
    let (_, body) = app
        .call(
            Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(body["data"], json!([]), "{body}");
    let (_, body) = app
        .post(
            "/api/user/cart-detail",
            json!({"cartItems": [{"productId": f.alpha, "quantity": 1}]}),
        )
        .await;
    assert_eq!(body["data"]["products"], json!([]), "{body}");
    let (status, _) = app
        .call(
            Method::POST,
            "/api/user/item",
            Some(json!({"productId": f.alpha, "quantity": 1, "type": "wishlist"})),
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = app
        .post(
            "/api/order/quote",
            json!({"fulfilment": "pickup", "items": [
                {"productId": f.alpha, "quantity": 1}, {"productId": f.beta, "quantity": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["lines"][0]["message"],
        "This product is no longer available"
    );
    assert_eq!(body["data"]["subtotal"], 30.0, "only Beta is priced");

    // In the console: not in the default table, in the archived one.
    let table = |query: &'static str| {
        let app = app.clone();
        let admin = admin.clone();
        async move {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/admin/product?{query}"),
                    None,
                    Some(&admin),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{query}: {body}");
            body
        }
    };
    let body = table("").await;
    assert_eq!(body["data"]["total"], 4);
    assert!(!names(&body).contains(&"Alpha Kitchen Mixer".to_string()));
    let body = table("archived=true").await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer"]);
    assert_eq!(body["data"]["products"][0]["archived"], true);
    assert_eq!(body["data"]["total"], 1);
    let body = table("archived=false&q=mixer").await;
    assert_eq!(names(&body), ["Delta Brass Mixer Tap"]);
    let (status, body) = app
        .call(
            Method::GET,
            "/api/admin/product?archived=maybe",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["archived"], "archived must be true or false");
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{}", f.alpha),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["product"]["archived"], true);

    // Unarchived: back everywhere, the cart's entry too.
    app.clock.advance(Duration::from_millis(1));
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/unarchive", f.alpha),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Product unarchived");
    assert_eq!(body["data"]["product"]["archived"], false);
    assert_eq!(shop_total(&app, "perPage=1").await, 5);
    let (status, _) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = app.get("/api/product?keyword=alpha").await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer"]);
    let (_, body) = app
        .call(
            Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(body["data"].as_array().unwrap().len(), 1, "{body}");

    // The homepage: an archived featured product is not a top product.
    let top = |body: &Value| -> Vec<String> {
        body["data"]["topProducts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect()
    };
    let (_, body) = app.get("/api/user/home-page").await;
    assert_eq!(top(&body), ["Delta Brass Mixer Tap"]);
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.delta),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = app.get("/api/user/home-page").await;
    assert!(
        !top(&body).contains(&"Delta Brass Mixer Tap".to_string()),
        "{body}"
    );
    assert_eq!(top(&body).len(), 4, "the newest in the shop instead");

    let log = activity(&app, "product", &f.alpha).await;
    assert_eq!(
        actions(&log),
        ["unarchived", "archived"],
        "a repeat logs nothing"
    );
    assert_eq!(
        log[1].changes.fields()["archived"],
        (json!(false), json!(true))
    );
}
