//! The administrators' products (docs/DESIGN.md §8): only administrators reach them; a
//! product created or edited shows in the shop at once, totals included; bad fields
//! are refused by name with nothing written; the table filters, searches and sorts;
//! bulk changes are all or nothing; and every change is in the activity log with its
//! fields before and after.

use std::time::Duration;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::store::activity::Filter;

use crate::accounts::png;
use crate::helpers::{fixture, names, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    product_calls_need_an_administrator,
    a_created_product_shows_in_the_shop_at_once_and_is_logged,
    an_edited_product_shows_in_the_shop_at_once_and_logs_what_changed,
    bad_product_fields_are_refused_by_name_and_nothing_is_written,
    the_products_table_filters_searches_and_sorts,
    bulk_changes_are_all_or_nothing_and_logged_per_product,
    photos_are_checked_added_reordered_and_removed,
    another_node_forgets_its_totals_when_it_sees_the_catalogue_change,
    a_product_nobody_ordered_can_be_deleted_an_ordered_one_is_archived_instead,
);

fn tap(f: &Fixture) -> Value {
    json!({
        "name": "Quarter Turn Garden Tap",
        "description": "Brass outdoor tap with a hose union.",
        "price": 24.5,
        "discountPercentage": 10,
        "discountEndDate": null,
        "stock": 7,
        "categoryId": f.faucets,
        "subCategoryId": f.kitchen,
        "size": "1/2 inch",
        "color": "Brass",
        "featured": false,
    })
}

async fn admin_call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<Value>,
    token: &str,
) -> (StatusCode, Value) {
    app.call(method, path, body, Some(token)).await
}

/// How many products the shop's listing says there are.
async fn shop_total(app: &TestApp) -> i64 {
    let (status, body) = app.get("/api/product?perPage=1").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["total"].as_i64().unwrap()
}

async fn product_activity(app: &TestApp, id: &str) -> Vec<shop::store::activity::ActivityRow> {
    let filter = Filter {
        object_type: Some("product".into()),
        object_id: Some(id.into()),
        ..Filter::default()
    };
    app.activity.list(&filter, 50, 0).await.unwrap().0
}

async fn product_calls_need_an_administrator(app: TestApp) {
    let f = fixture(&app).await;
    let customer = app.customer("shopper@example.com").await;
    let product = format!("/api/admin/product/{}", f.alpha);
    let calls = [
        (Method::GET, "/api/admin/product".to_string(), None),
        (Method::GET, product.clone(), None),
        (
            Method::POST,
            "/api/admin/product".to_string(),
            Some(tap(&f)),
        ),
        (Method::PUT, product.clone(), Some(tap(&f))),
        (Method::DELETE, product, None),
        (
            Method::POST,
            "/api/admin/product/bulk".to_string(),
            Some(json!({"ids": [f.alpha], "action": "setStock", "value": 1})),
        ),
    ];
    for (method, path, body) in calls {
        let (status, _) = app.call(method.clone(), &path, body.clone(), None).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "{method} {path} signed out"
        );
        let (status, answer) = app.call(method.clone(), &path, body, Some(&customer)).await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "{method} {path} as a customer"
        );
        assert_eq!(answer["message"], "Only administrators can do this");
    }
    // Nothing changed on the way.
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["stock"], 50);
    assert_eq!(shop_total(&app).await, 5);
}

async fn a_created_product_shows_in_the_shop_at_once_and_is_logged(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    assert_eq!(
        shop_total(&app).await,
        5,
        "the total is counted (and kept) before"
    );
    let (status, body) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(tap(&f)),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Product created");
    let product = &body["data"]["product"];
    let id = product["_id"].as_str().unwrap().to_string();
    assert_eq!(product["price"], 24.5);
    assert_eq!(product["discountedPrice"], 22.05);
    assert_eq!(product["setDiscountPercentage"], 10.0);
    assert_eq!(product["category"]["_id"], f.faucets);
    assert_eq!(product["featured"], false);

    // In the shop at once: its page, a keyword search, and the listing's total.
    let (status, body) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["product"]["name"], "Quarter Turn Garden Tap");
    let (_, body) = app.get("/api/product?keyword=garden%20tap").await;
    assert_eq!(names(&body), ["Quarter Turn Garden Tap"]);
    assert_eq!(shop_total(&app).await, 6);

    let log = product_activity(&app, &id).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, "created");
    assert_eq!(log[0].admin_email, "admin@example.com");
    let changes = log[0].changes.fields();
    assert_eq!(
        changes["name"],
        (Value::Null, json!("Quarter Turn Garden Tap"))
    );
    assert_eq!(changes["stock"], (Value::Null, json!(7)));
}

async fn an_edited_product_shows_in_the_shop_at_once_and_logs_what_changed(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let path = format!("/api/admin/product/{}", f.alpha);
    let (status, body) = admin_call(&app, Method::GET, &path, None, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let before = body["data"]["product"].clone();

    // The form sends every field back; two of them changed.
    let edit = json!({
        "name": "Alpha Kitchen Mixer Pro",
        "description": before["description"],
        "price": 120,
        "discountPercentage": before["setDiscountPercentage"],
        "discountEndDate": before["setDiscountEndDate"],
        "stock": before["stock"],
        "categoryId": f.faucets,
        "subCategoryId": f.kitchen,
        "size": before["size"],
        "color": before["color"],
        "featured": before["featured"],
    });
    let (status, body) = admin_call(&app, Method::PUT, &path, Some(edit.clone()), &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Product updated");

    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["name"], "Alpha Kitchen Mixer Pro");
    assert_eq!(body["data"]["product"]["discountedPrice"], 120.0);
    // The listing filters on the price paid now: the new price is in the new band.
    let (_, body) = app.get("/api/product?minPrice=110&maxPrice=130").await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer Pro"]);
    let (_, body) = app.get("/api/product?keyword=pro").await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer Pro"]);

    let log = product_activity(&app, &f.alpha).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].action, "updated");
    let changes = log[0].changes.fields();
    assert_eq!(
        changes.keys().collect::<Vec<_>>(),
        ["name", "price"],
        "only the fields that changed"
    );
    assert_eq!(changes["price"], (json!(100.0), json!(120.0)));

    // Sending the same again changes nothing and logs nothing.
    let (status, _) = admin_call(&app, Method::PUT, &path, Some(edit), &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(product_activity(&app, &f.alpha).await.len(), 1);

    // A discount that runs through a day, then stops at its end.
    let mut discounted = tap(&f);
    discounted["discountPercentage"] = json!(25);
    discounted["discountEndDate"] = json!("2030-01-31");
    let (status, body) = admin_call(&app, Method::PUT, &path, Some(discounted), &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["setDiscountEndDate"], "2030-01-31");
    assert_eq!(
        body["data"]["product"]["discountEndDate"],
        "2030-02-01T00:00:00.000Z"
    );

    // An unknown product.
    let (status, body) = admin_call(
        &app,
        Method::PUT,
        "/api/admin/product/0123456789abcdef01234567",
        Some(tap(&f)),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Product not found");
}

async fn bad_product_fields_are_refused_by_name_and_nothing_is_written(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let bad = json!({
        "name": "  ",
        "description": "",
        "price": 10.005,
        "discountPercentage": 96,
        "discountEndDate": "31/01/2030",
        "stock": -1,
        "categoryId": "nope",
        "subCategoryId": "",
        "size": "x".repeat(51),
    });
    let (status, body) =
        admin_call(&app, Method::POST, "/api/admin/product", Some(bad), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let errors = body["errors"].as_object().unwrap();
    let mut fields: Vec<&str> = errors.keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "categoryId",
            "description",
            "discountEndDate",
            "discountPercentage",
            "name",
            "price",
            "size",
            "stock",
            "subCategoryId"
        ]
    );
    assert_eq!(errors["name"], "Name is required");

    // Ids of the right shape that name nothing, or do not belong together.
    let mut elsewhere = tap(&f);
    elsewhere["subCategoryId"] = json!(f.radiators);
    let (status, body) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(elsewhere),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["subCategoryId"],
        "Choose a sub-category of the category"
    );
    let mut unknown = tap(&f);
    unknown["categoryId"] = json!("0123456789abcdef01234567");
    let (status, body) = admin_call(
        &app,
        Method::PUT,
        &format!("/api/admin/product/{}", f.beta),
        Some(unknown),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["categoryId"], "Category not found");

    // Mistyped JSON is a 400 too, never a 500.
    let (status, _) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(json!({"price": "cheap"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    assert_eq!(shop_total(&app).await, 5);
    let (_, body) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(body["data"]["product"]["name"], "Beta Basin Tap");
    let (log, _) = app.activity.list(&Filter::default(), 50, 0).await.unwrap();
    assert!(log.is_empty(), "nothing was written, so nothing was logged");
}

/// The names on one page of the products table for `query`.
async fn table(app: &TestApp, admin: &str, query: &str) -> (Vec<String>, i64) {
    let (status, body) = admin_call(
        app,
        Method::GET,
        &format!("/api/admin/product?{query}"),
        None,
        admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{query}: {body}");
    (names(&body), body["data"]["total"].as_i64().unwrap())
}

async fn the_products_table_filters_searches_and_sorts(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (all, total) = table(&app, &admin, "").await;
    assert_eq!(total, 5);
    assert_eq!(all[0], "Alpha Kitchen Mixer", "newest first");
    assert_eq!(
        table(&app, &admin, "stock=out").await,
        (vec!["Gamma Radiator".to_string()], 1)
    );
    assert_eq!(
        table(&app, &admin, "stock=low").await,
        (vec!["Beta Basin Tap".to_string()], 1)
    );
    assert_eq!(table(&app, &admin, "stock=in").await.1, 4);
    assert_eq!(
        table(&app, &admin, "featured=true").await.0,
        ["Delta Brass Mixer Tap"]
    );
    assert_eq!(
        table(&app, &admin, &format!("categoryId={}", f.heating))
            .await
            .1,
        2
    );
    assert_eq!(
        table(
            &app,
            &admin,
            &format!("subCategoryId={}&stock=in", f.radiators)
        )
        .await
        .0,
        ["epsilon chrome radiator valve"]
    );
    assert_eq!(
        table(&app, &admin, "q=mixer&sortField=name&sortOrder=asc")
            .await
            .0,
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    assert_eq!(
        table(&app, &admin, "sortField=stock&sortOrder=asc&perPage=2").await,
        (
            vec!["Gamma Radiator".to_string(), "Beta Basin Tap".to_string()],
            5
        )
    );
    // A page is at most 100 rows, as every list's.
    let (_, body) = admin_call(
        &app,
        Method::GET,
        "/api/admin/product?perPage=1000",
        None,
        &admin,
    )
    .await;
    assert_eq!(body["data"]["perPage"], 100);
    assert_eq!(
        table(
            &app,
            &admin,
            "sortField=stock&sortOrder=desc&perPage=1&page=2"
        )
        .await
        .0,
        ["Alpha Kitchen Mixer"]
    );
    for (query, field) in [
        ("stock=some", "stock"),
        ("featured=yes", "featured"),
        ("sortField=rating", "sortField"),
        ("sortOrder=up", "sortOrder"),
        ("categoryId=kitchen", "categoryId"),
        ("page=first", "page"),
    ] {
        let (status, body) = admin_call(
            &app,
            Method::GET,
            &format!("/api/admin/product?{query}"),
            None,
            &admin,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert!(body["errors"].get(field).is_some(), "{query}: {body}");
    }
}

async fn bulk_changes_are_all_or_nothing_and_logged_per_product(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let bulk = |body: Value| {
        let (app, admin) = (&app, &admin);
        async move {
            admin_call(
                app,
                Method::POST,
                "/api/admin/product/bulk",
                Some(body),
                admin,
            )
            .await
        }
    };
    let (status, body) =
        bulk(json!({"ids": [f.beta, f.gamma], "action": "setStock", "value": 40})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Products updated");
    for id in [&f.beta, &f.gamma] {
        let (_, body) = app.get(&format!("/api/product/{id}")).await;
        assert_eq!(body["data"]["product"]["stock"], 40);
    }
    let (status, body) =
        bulk(json!({"ids": [f.alpha, f.epsilon], "action": "adjustPrice", "value": 10})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["price"], 110.0);
    let (_, body) = app.get(&format!("/api/product/{}", f.epsilon)).await;
    assert_eq!(body["data"]["product"]["price"], 17.05);
    // The listing's price band sees the new price paid.
    let (_, body) = app.get("/api/product?minPrice=105&maxPrice=115").await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer"]);

    // One unknown id: nothing changes.
    let (status, body) = bulk(
        json!({"ids": [f.delta, "0123456789abcdef01234567"], "action": "setStock", "value": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (_, body) = app.get(&format!("/api/product/{}", f.delta)).await;
    assert_eq!(body["data"]["product"]["stock"], 12);

    for (request, message) in [
        (
            json!({"ids": [], "action": "setStock", "value": 1}),
            "Select at least one product",
        ),
        (
            json!({"ids": [f.delta], "action": "setStock", "value": 1.5}),
            "Stock must be a whole number from 0 to 1000000",
        ),
        (
            json!({"ids": [f.delta], "action": "adjustPrice", "value": -95}),
            "The price change must be between -90 and 500 percent, and not 0",
        ),
        (
            json!({"ids": [f.delta], "action": "delete"}),
            "action must be setStock, adjustPrice, archive or unarchive",
        ),
    ] {
        let (status, body) = bulk(request.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}");
        assert_eq!(body["message"], message);
    }
    let too_many: Vec<String> = (0..101).map(|_| f.delta.clone()).collect();
    let (status, _) = bulk(json!({"ids": too_many, "action": "setStock", "value": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let beta = product_activity(&app, &f.beta).await;
    assert_eq!(beta.len(), 1);
    assert_eq!(beta[0].changes.fields()["stock"], (json!(5), json!(40)));
    let epsilon = product_activity(&app, &f.epsilon).await;
    assert_eq!(
        epsilon[0].changes.fields()["price"],
        (json!(15.5), json!(17.05))
    );
    assert!(product_activity(&app, &f.delta).await.is_empty());

    // Archiving many: they leave the listing and its totals at once, and come back.
    let (_, body) = app.get("/api/product").await;
    let total = body["data"]["total"].as_i64().unwrap();
    let (status, body) = bulk(json!({"ids": [f.beta, f.gamma], "action": "archive"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["products"][0]["archived"], true);
    assert_eq!(body["data"]["products"][1]["archived"], true);
    let (_, body) = app.get("/api/product").await;
    assert_eq!(body["data"]["total"], total - 2);
    let (status, _) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Archiving one already archived changes (and logs) nothing for it.
    let (status, _) = bulk(json!({"ids": [f.beta, f.delta], "action": "archive"})).await;
    assert_eq!(status, StatusCode::OK);
    let actions = |entries: Vec<shop::store::activity::ActivityRow>| -> Vec<String> {
        let mut actions: Vec<String> = entries.into_iter().map(|e| e.action).collect();
        actions.sort();
        actions
    };
    assert_eq!(
        actions(product_activity(&app, &f.beta).await),
        ["archived", "updated"]
    );
    assert_eq!(
        actions(product_activity(&app, &f.delta).await),
        ["archived"]
    );
    let (status, _) = bulk(json!({"ids": [f.beta, f.gamma, f.delta], "action": "unarchive"})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = app.get("/api/product").await;
    assert_eq!(body["data"]["total"], total);
}

/// A form of `count` photos under `images`.
fn photos(count: usize) -> Form {
    (0..count).fold(Form::new(), |form, n| {
        let part = Part::bytes(png(40 + n as u32, 30))
            .file_name(format!("photo{n}.png"))
            .mime_str("image/png")
            .unwrap();
        form.part("images", part)
    })
}

pub(crate) async fn photos_are_checked_added_reordered_and_removed(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let customer = app.customer("shopper@example.com").await;
    let (status, body) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(tap(&f)),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["data"]["product"]["_id"].as_str().unwrap().to_string();
    let path = format!("/api/admin/product/{id}/photos");
    // Each change a moment after the one before, as the activity log lists them.
    let tick = || app.clock.advance(Duration::from_millis(1));
    tick();

    for token in [None, Some(customer.as_str())] {
        let (status, _) = app.multipart(Method::POST, &path, photos(1), token).await;
        assert!(
            [StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&status),
            "{status}"
        );
    }
    let (status, body) = app
        .multipart(Method::POST, &path, photos(3), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Photos added");
    let images: Vec<String> =
        serde_json::from_value(body["data"]["product"]["images"].clone()).unwrap();
    assert_eq!(images.len(), 3);
    for image in &images {
        assert!(image.starts_with(&format!("products/{id}/")), "{image}");
        // Re-encoded and stored: the shop serves it.
        let response = app
            .client
            .get(app.url(&format!("/media/{image}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{image}");
    }
    // The shop shows them at once.
    let (_, body) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(body["data"]["product"]["images"], json!(images));

    // Files that are not images, and more than eight in all, are refused; nothing changes.
    let text = Form::new().part(
        "images",
        Part::bytes(b"just text".to_vec())
            .file_name("a.png")
            .mime_str("image/png")
            .unwrap(),
    );
    let (status, _) = app.multipart(Method::POST, &path, text, Some(&admin)).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, body) = app
        .multipart(Method::POST, &path, photos(6), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "A product can have at most 8 photos");
    let (status, _) = app
        .multipart(
            Method::POST,
            &path,
            Form::new().text("x", "y"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, body) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(body["data"]["product"]["images"], json!(images));

    tick();
    // Reorder and remove in one: the third first, the second gone from the store too.
    let kept = json!([images[2], images[0]]);
    let (status, body) = admin_call(
        &app,
        Method::PUT,
        &path,
        Some(json!({"images": kept})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["images"], kept);
    // Suggestions, which the search index answers alone, show the new first photo.
    let (_, body) = app.get("/api/search/suggest?q=garden%20tap").await;
    assert_eq!(
        body["data"]["products"][0]["image"],
        images[2].as_str(),
        "{body}"
    );
    assert!(
        app.media.get(&images[1]).await.unwrap().is_none(),
        "removed from the store"
    );
    assert!(app.media.get(&images[0]).await.unwrap().is_some());

    // Only photos it has, each once.
    for wrong in [
        json!([images[1]]),
        json!([images[0], images[0]]),
        json!(["reviews/x/1.jpg"]),
    ] {
        let (status, body) = admin_call(
            &app,
            Method::PUT,
            &path,
            Some(json!({"images": wrong})),
            &admin,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{wrong}");
        assert_eq!(
            body["message"],
            "List only photos the product has, each once"
        );
    }
    let log = product_activity(&app, &id).await;
    let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["photos", "photos", "created"], "newest first");
    assert_eq!(log[0].changes.fields()["images"], (json!(images), kept));
}

/// Nodes share only the database. Another node keeps its listing totals until it sees
/// the catalogue's version move (it looks each second); then it counts afresh.
async fn another_node_forgets_its_totals_when_it_sees_the_catalogue_change(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let other =
        shop::store::catalogue::Catalogue::new(app.catalogue.db().clone(), app.clock.clone());
    let everything = shop::store::catalogue::ProductFilter::default();
    assert!(other.follow_changes().await.unwrap(), "its first look");
    let before = other.count_products(&everything).await.unwrap();
    assert_eq!(before, shop_total(&app).await);

    let (status, body) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(tap(&f)),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        shop_total(&app).await,
        before + 1,
        "the node that wrote, at once"
    );
    assert_eq!(
        other.count_products(&everything).await.unwrap(),
        before,
        "the other keeps its total until it looks"
    );
    assert!(other.follow_changes().await.unwrap());
    assert_eq!(other.count_products(&everything).await.unwrap(), before + 1);
    assert!(!other.follow_changes().await.unwrap(), "nothing new since");

    // Every kind of catalogue write moves it: an archive, a category's rename, a banner.
    let id = body["data"]["product"]["_id"].as_str().unwrap().to_string();
    let (status, _) = admin_call(
        &app,
        Method::POST,
        &format!("/api/admin/product/{id}/archive"),
        None,
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(other.follow_changes().await.unwrap());
    assert_eq!(other.count_products(&everything).await.unwrap(), before);
    let (status, _) = admin_call(
        &app,
        Method::PUT,
        &format!("/api/admin/category/{}", f.faucets),
        Some(json!({"title": "Taps"})),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(other.follow_changes().await.unwrap());
}

/// A product made by mistake can go; one that orders name is archived instead, so the
/// orders keep what they sold.
pub(crate) async fn a_product_nobody_ordered_can_be_deleted_an_ordered_one_is_archived_instead(
    app: TestApp,
) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let customer = app.customer("shopper@example.com").await;
    let total = shop_total(&app).await;
    let (status, body) = admin_call(
        &app,
        Method::POST,
        "/api/admin/product",
        Some(tap(&f)),
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["data"]["product"]["_id"].as_str().unwrap().to_string();
    let path = format!("/api/admin/product/{id}");
    let (status, body) = app
        .multipart(
            Method::POST,
            &format!("{path}/photos"),
            photos(1),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let photo = body["data"]["product"]["images"][0]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body) = app
        .call(
            Method::POST,
            "/api/user/item",
            Some(json!({"productId": id, "quantity": 1, "type": "cart"})),
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.clock.advance(Duration::from_millis(1));

    let (status, body) = admin_call(&app, Method::DELETE, &path, None, &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Product deleted");
    assert_eq!(body["data"]["product"]["name"], "Quarter Turn Garden Tap");
    let (status, _) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = admin_call(&app, Method::GET, &path, None, &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(shop_total(&app).await, total, "the totals at once");
    assert!(
        app.media.get(&photo).await.unwrap().is_none(),
        "its photo is gone"
    );
    let (_, body) = app
        .call(
            Method::GET,
            "/api/user/item?type=cart",
            None,
            Some(&customer),
        )
        .await;
    assert!(
        !body.to_string().contains(&id),
        "and the cart's entry: {body}"
    );
    let entries = product_activity(&app, &id).await;
    assert_eq!(entries[0].action, "deleted");
    assert_eq!(
        entries[0].changes.fields()["name"],
        (json!("Quarter Turn Garden Tap"), Value::Null)
    );
    let (status, body) = admin_call(&app, Method::DELETE, &path, None, &admin).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (StatusCode::NOT_FOUND, Some("Product not found"))
    );

    // Ordered: refused, and the product stays as it was.
    let order = crate::orders::guest_order("grace@example.com", &[(&f.alpha, 1)]);
    app.placed(&order, None).await;
    let (status, body) = admin_call(
        &app,
        Method::DELETE,
        &format!("/api/admin/product/{}", f.alpha),
        None,
        &admin,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This product has been ordered (1 order line): archive it instead, so it leaves the shop and stays in those orders"
    );
    let (status, _) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::OK);
}
