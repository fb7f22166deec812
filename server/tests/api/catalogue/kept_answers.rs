//! The public catalogue's kept answers (`http/response_cache.rs`): sent again while
//! nothing they show changed. What a shopper writes to their own (a cart, a wishlist, a
//! sign-in, a profile) forgets nothing; a member of staff's change and a review show at
//! once on the node that made them; the stock an order or a cancellation moves shows at
//! once on the product's page and on listings within a second.

use std::time::Duration;

use reqwest::multipart::Form;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, new_product, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_repeated_answer_comes_from_memory_until_something_changes,
    what_shoppers_write_to_their_own_forgets_nothing,
    the_stock_an_order_or_a_cancellation_moves_shows_within_a_second,
    a_staff_change_shows_at_once_on_the_node_that_made_it,
    a_review_shows_at_once_on_the_node_that_took_it,
);

const PLAIN: [(&str, &str); 1] = [("accept-encoding", "identity")];

/// Every kind of public answer that is kept.
fn kept_paths(f: &Fixture) -> Vec<String> {
    vec![
        "/api/product?sortField=price&sortOrder=asc".into(),
        format!("/api/product/{}", f.alpha),
        format!("/api/product/{}/related", f.alpha),
        format!("/api/review/product/{}", f.alpha),
        "/api/category".into(),
        "/api/banner".into(),
        "/api/user/home-page".into(),
        "/api/search/suggest?q=alp".into(),
    ]
}

/// Asks for each of `paths` twice, so each is kept: the bodies.
async fn kept(app: &TestApp, paths: &[String]) -> Vec<Vec<u8>> {
    let mut bodies = Vec::new();
    for path in paths {
        cached_get(app, path, &PLAIN).await;
        let (cache, _, body) = cached_get(app, path, &PLAIN).await;
        assert_eq!(cache, "hit", "{path}");
        bodies.push(body);
    }
    bodies
}

/// Each of `paths` still comes from memory, as `bodies` were, after `what`.
async fn still_kept(app: &TestApp, paths: &[String], bodies: &[Vec<u8>], what: &str) {
    for (path, body) in paths.iter().zip(bodies) {
        let (cache, _, now) = cached_get(app, path, &PLAIN).await;
        assert_eq!(cache, "hit", "{path} after {what}");
        assert_eq!(&now, body, "{path} after {what}");
    }
}

fn data(body: &[u8]) -> Value {
    serde_json::from_slice::<Value>(body).unwrap()["data"].clone()
}

/// What a GET answered: whether it came from the kept answers, its tag, and its body.
/// The stock a listing's answer shows for `product`.
fn listed_stock(body: &[u8], product: &str) -> i64 {
    data(body)["products"]
        .as_array()
        .expect("a listing")
        .iter()
        .find(|p| p["_id"] == product)
        .expect("the product is listed")["stock"]
        .as_i64()
        .expect("a stock")
}

async fn cached_get(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> (String, String, Vec<u8>) {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    assert!(
        response.status() == StatusCode::OK || response.status() == StatusCode::NOT_MODIFIED,
        "{path}: {}",
        response.status()
    );
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (cache, tag) = (header("x-cache"), header("etag"));
    (cache, tag, response.bytes().await.unwrap().to_vec())
}

/// Repeated public answers are sent from memory while nothing changed: a catalogue
/// change on another node shows once this one reads the catalogue's version, and a
/// stock change another node made within a second.
async fn a_repeated_answer_comes_from_memory_until_something_changes(app: TestApp) {
    let f = fixture(&app).await;
    let listing = "/api/product?sortField=price&sortOrder=asc";
    let plain = PLAIN;
    let (first, tag, body) = cached_get(&app, listing, &plain).await;
    assert_eq!(first, "miss");
    let (again, again_tag, again_body) = cached_get(&app, listing, &plain).await;
    assert_eq!(
        (again.as_str(), &again_tag, &again_body),
        ("hit", &tag, &body)
    );
    // The same query in another order, with an empty parameter, is the same answer.
    let (same, _, same_body) = cached_get(
        &app,
        "/api/product?sortOrder=asc&minPrice=&sortField=price",
        &plain,
    )
    .await;
    assert_eq!((same.as_str(), &same_body), ("hit", &body));
    // A kept answer is still validated: its tag gets 304.
    let response = app
        .client
        .get(app.url(listing))
        .header("accept-encoding", "identity")
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
    // Compressed answers are kept apart, as the bytes they are.
    let gzip = [("accept-encoding", "gzip")];
    assert_eq!(cached_get(&app, listing, &gzip).await.0, "miss");
    let (hit, gzip_tag, _) = cached_get(&app, listing, &gzip).await;
    assert_eq!(hit, "hit");
    assert_ne!(gzip_tag, tag);

    // Another node adds a product: shown once this node reads the catalogue's version.
    let other =
        shop::store::catalogue::Catalogue::new(app.catalogue.db().clone(), app.clock.clone());
    let total = |body: &[u8]| data(body)["total"].as_i64().unwrap();
    let (_, _, listed) = cached_get(&app, listing, &plain).await;
    other
        .insert_products(&[new_product("Elsewhere Tap", 900, &f.faucets, &f.basin)])
        .await
        .unwrap();
    let (kept, _, stale) = cached_get(&app, listing, &plain).await;
    assert_eq!(
        (kept.as_str(), total(&stale)),
        ("hit", total(&listed)),
        "until it looks"
    );
    assert!(app.catalogue.follow_changes().await.unwrap());
    let (fresh, _, body) = cached_get(&app, listing, &plain).await;
    assert_eq!((fresh.as_str(), total(&body)), ("miss", total(&listed) + 1));

    // Another node's order changes stock without a catalogue version: shown here
    // within a second.
    let product = format!("/api/product/{}", f.alpha);
    cached_get(&app, &product, &plain).await;
    assert_eq!(cached_get(&app, &product, &plain).await.0, "hit");
    sqlx::query("UPDATE products SET stock = 1 WHERE id = $1")
        .bind(&f.alpha)
        .execute(&app.catalogue.db().pool)
        .await
        .unwrap();
    app.clock.advance(Duration::from_millis(999));
    assert_eq!(cached_get(&app, &product, &plain).await.0, "hit");
    app.clock.advance(Duration::from_millis(1));
    let (fresh, _, body) = cached_get(&app, &product, &plain).await;
    assert_eq!(
        (fresh.as_str(), data(&body)["product"]["stock"].clone()),
        ("miss", json!(1))
    );
}

/// A sign-up, a sign-in, cart lines added and changed, a wishlist and a profile: none
/// changes what the catalogue shows, so every kept answer is still sent from memory.
async fn what_shoppers_write_to_their_own_forgets_nothing(app: TestApp) {
    let f = fixture(&app).await;
    let paths = kept_paths(&f);
    let bodies = kept(&app, &paths).await;

    let (token, _) = app.signed_up("kept@example.com").await;
    still_kept(&app, &paths, &bodies, "a sign-up").await;
    let (status, body) = app
        .login("kept@example.com", crate::accounts::PASSWORD)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    still_kept(&app, &paths, &bodies, "a sign-in").await;

    let line = json!({"productId": f.alpha, "quantity": 1, "type": "cart"});
    let (status, body) = app
        .call(Method::POST, "/api/user/item", Some(line), Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    still_kept(&app, &paths, &bodies, "a cart line").await;
    let path = format!("/api/user/item/{}", body["data"]["_id"].as_str().unwrap());
    let (status, body) = app
        .call(
            Method::PATCH,
            &path,
            Some(json!({"quantity": 3})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    still_kept(&app, &paths, &bodies, "a quantity changed").await;

    let wish = json!({"productId": f.beta, "type": "wishlist"});
    let (status, body) = app
        .call(Method::POST, "/api/user/item", Some(wish), Some(&token))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    still_kept(&app, &paths, &bodies, "a wishlist entry").await;

    let (status, body) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            Form::new().text("fullName", "Kept Shopper"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    still_kept(&app, &paths, &bodies, "a profile").await;
}

/// The stock an order takes and a cancellation gives back shows at once on the
/// product's own page on the node that took it, and on listings within a second (kept
/// answers are at most that old), which until then are still sent from memory: orders
/// never empty a node's kept answers.
async fn the_stock_an_order_or_a_cancellation_moves_shows_within_a_second(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let product = format!("/api/product/{}", f.alpha);
    let listing = "/api/product?sortField=price&sortOrder=asc".to_string();
    let stock = |body: &[u8]| data(body)["product"]["stock"].as_i64().unwrap();
    let listed = |body: &[u8]| listed_stock(body, &f.alpha);
    let kept_before = kept(&app, &[product.clone(), listing.clone()]).await;
    let before = stock(&kept_before[0]);
    assert_eq!(listed(&kept_before[1]), before);

    let (number, _) = app
        .placed(
            &crate::orders::guest_order("kept@example.com", &[(&f.alpha, 2)]),
            None,
        )
        .await;
    let (cache, _, body) = cached_get(&app, &product, &PLAIN).await;
    assert_eq!(
        (cache.as_str(), stock(&body)),
        ("miss", before - 2),
        "its page at once"
    );
    let (cache, _, body) = cached_get(&app, &listing, &PLAIN).await;
    assert_eq!(
        (cache.as_str(), &body),
        ("hit", &kept_before[1]),
        "the listing kept"
    );
    app.clock.advance(Duration::from_millis(999));
    assert_eq!(cached_get(&app, &listing, &PLAIN).await.0, "hit");
    app.clock.advance(Duration::from_millis(1));
    let (cache, _, body) = cached_get(&app, &listing, &PLAIN).await;
    assert_eq!(
        (cache.as_str(), listed(&body)),
        ("miss", before - 2),
        "within a second"
    );
    let kept_after = kept(&app, &[product.clone(), listing.clone()]).await;

    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/status"),
            Some(json!({"status": "cancelled"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (cache, _, body) = cached_get(&app, &product, &PLAIN).await;
    assert_eq!(
        (cache.as_str(), stock(&body)),
        ("miss", before),
        "its page at once"
    );
    let (cache, _, body) = cached_get(&app, &listing, &PLAIN).await;
    assert_eq!(
        (cache.as_str(), &body),
        ("hit", &kept_after[1]),
        "the listing kept"
    );
    app.clock.advance(Duration::from_secs(1));
    let (cache, _, body) = cached_get(&app, &listing, &PLAIN).await;
    assert_eq!((cache.as_str(), listed(&body)), ("miss", before));
}

/// Each change a member of staff makes to what the catalogue shows (a product, its
/// stock, everyone's price breaks, a category, a banner) is sent at once by the node
/// that made it, though no time passes; and the new answer is kept in its turn.
async fn a_staff_change_shows_at_once_on_the_node_that_made_it(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let paths = kept_paths(&f);
    let product = format!("/api/product/{}", f.alpha);

    // With every kept path kept, makes the change `change` and returns the answer to
    // `path` after it, asserting it was computed afresh and is kept again in its turn.
    async fn after(
        app: &TestApp,
        paths: &[String],
        path: &str,
        change: impl std::future::Future<Output = (StatusCode, Value)>,
    ) -> Value {
        kept(app, paths).await;
        let (status, body) = change.await;
        assert!(status.is_success(), "{path}: {status} {body}");
        let (cache, _, body) = cached_get(app, path, &PLAIN).await;
        assert_eq!(cache, "miss", "{path}");
        assert_eq!(cached_get(app, path, &PLAIN).await.0, "hit", "{path}");
        data(&body)
    }

    let admin_path = format!("/api/admin/product/{}", f.alpha);
    let (_, body) = app.call(Method::GET, &admin_path, None, Some(&admin)).await;
    let was = body["data"]["product"].clone();
    let edit = json!({
        "name": "Alpha Kitchen Mixer Pro",
        "description": was["description"],
        "price": was["price"],
        "discountPercentage": was["setDiscountPercentage"],
        "discountEndDate": was["setDiscountEndDate"],
        "stock": was["stock"],
        "categoryId": f.faucets,
        "subCategoryId": f.kitchen,
        "size": was["size"],
        "color": was["color"],
        "featured": was["featured"],
    });
    let change = app.call(Method::PUT, &admin_path, Some(edit), Some(&admin));
    let shown = after(&app, &paths, &product, change).await;
    assert_eq!(shown["product"]["name"], "Alpha Kitchen Mixer Pro");
    let listing = &paths[0];
    let (cache, _, body) = cached_get(&app, listing, &PLAIN).await;
    assert_eq!(cache, "miss", "the listing too");
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("Alpha Kitchen Mixer Pro"));

    let stock = shown["product"]["stock"].as_i64().unwrap();
    let stock_path = format!("/api/admin/product/{}/stock", f.alpha);
    let change = app.call(
        Method::POST,
        &stock_path,
        Some(json!({"change": 3, "reason": "Found in the back"})),
        Some(&admin),
    );
    let shown = after(&app, &paths, &product, change).await;
    assert_eq!(shown["product"]["stock"], stock + 3);
    // Unlike an order's, a member of staff's count shows on listings at once too.
    let (cache, _, body) = cached_get(&app, listing, &PLAIN).await;
    let listed = listed_stock(&body, &f.alpha);
    assert_eq!((cache.as_str(), listed), ("miss", stock + 3));

    let variant = crate::trade::variant_of(&app, &f.alpha).await;
    let breaks = json!({"groupId": null, "breaks": [{"minQuantity": 10, "price": 88}]});
    let before = serde_json::to_string(&shown).unwrap();
    let breaks_path = format!("/api/admin/variant/{variant}/price-break");
    let change = app.call(Method::PUT, &breaks_path, Some(breaks), Some(&admin));
    let shown = after(&app, &paths, &product, change).await;
    let now = serde_json::to_string(&shown).unwrap();
    assert_ne!(now, before, "everyone's breaks show on the product's page");
    assert!(now.contains(r#""minQuantity":10"#), "{now}");

    let category_path = format!("/api/admin/category/{}", f.faucets);
    let change = app.call(
        Method::PUT,
        &category_path,
        Some(json!({"title": "Taps and Mixers"})),
        Some(&admin),
    );
    let shown = after(&app, &paths, "/api/category", change).await;
    assert!(shown.to_string().contains("Taps and Mixers"), "{shown}");

    let (_, banners) = app.get("/api/banner").await;
    let banners = banners["data"].as_array().unwrap().len();
    let change = app.multipart(
        Method::POST,
        "/api/admin/banner",
        crate::content::banner_form("/shop"),
        Some(&admin),
    );
    let shown = after(&app, &paths, "/api/banner", change).await;
    assert_eq!(shown.as_array().unwrap().len(), banners + 1, "{shown}");
}

/// A review shows at once on its product's reviews and rating, on the node that took
/// it, and so does its writer's new name.
async fn a_review_shows_at_once_on_the_node_that_took_it(app: TestApp) {
    let f = fixture(&app).await;
    let (token, _) = app.signed_up("reviewer@example.com").await;
    let reviews = format!("/api/review/product/{}", f.alpha);
    let product = format!("/api/product/{}", f.alpha);
    let paths = [reviews.clone(), product.clone()];
    let bodies = kept(&app, &paths).await;
    let count = data(&bodies[1])["product"]["reviewCount"].clone();
    let form = Form::new()
        .text("productId", f.alpha.clone())
        .text("rating", "5")
        .text("comment", "Kept answers forget me at once.");
    let (status, body) = app
        .multipart(Method::POST, "/api/review", form, Some(&token))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (cache, _, body) = cached_get(&app, &reviews, &PLAIN).await;
    assert_eq!(cache, "miss");
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("Kept answers forget me at once."));
    let (cache, _, body) = cached_get(&app, &product, &PLAIN).await;
    assert_eq!(cache, "miss");
    assert_ne!(data(&body)["product"]["reviewCount"], count);

    // A reviewer's name shows on their reviews: their new one shows at once.
    kept(&app, &paths).await;
    let (status, body) = app
        .multipart(
            Method::PATCH,
            "/api/auth/edit-profile",
            Form::new().text("fullName", "Renamed Reviewer"),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (cache, _, body) = cached_get(&app, &reviews, &PLAIN).await;
    assert_eq!(cache, "miss");
    assert!(String::from_utf8(body)
        .unwrap()
        .contains("Renamed Reviewer"));
}
