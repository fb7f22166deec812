//! The administrators' category tree, banners, review moderation and archiving
//! (issue 14): only administrators reach them; each change shows in the shop at once
//! (the menu, keyword search, the banners, a product's rating, the listing and its
//! total); bad input is refused with a clear message and nothing written; and every
//! change is in the activity log.

use std::time::Duration;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;
use shop::store::activity::{ActivityRow, Filter};
use shop::store::reviews::NewReview;

use crate::accounts::png;
use crate::helpers::{address, fixture, id, names, TestApp};
use crate::on_both_backends;

on_both_backends!(
    every_call_needs_an_administrator,
    categories_are_created_renamed_reordered_and_deleted_with_refusals,
    sub_categories_are_created_renamed_reordered_and_deleted_with_refusals,
    renaming_keeps_keyword_search_on_the_new_titles,
    banners_are_uploaded_linked_reordered_and_deleted,
    hiding_a_review_takes_it_out_of_the_page_and_the_rating_until_shown,
    archived_products_leave_the_shop_and_stay_in_the_console,
);

// ---- helpers -------------------------------------------------------------------

async fn activity(app: &TestApp, object_type: &str, object_id: &str) -> Vec<ActivityRow> {
    let filter = Filter {
        object_type: Some(object_type.into()),
        object_id: Some(object_id.into()),
        ..Filter::default()
    };
    app.activity.list(&filter, 50, 0).await.unwrap().0
}

fn actions(log: &[ActivityRow]) -> Vec<&str> {
    log.iter().map(|e| e.action.as_str()).collect()
}

/// The shop's menu: each category's title and its sub-categories' titles, in order.
async fn menu(app: &TestApp) -> Vec<(String, Vec<String>)> {
    let (status, body) = app.get("/api/category").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let subs = c["subCategories"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["title"].as_str().unwrap().to_string())
                .collect();
            (c["title"].as_str().unwrap().to_string(), subs)
        })
        .collect()
}

fn titles(menu: &[(String, Vec<String>)]) -> Vec<&str> {
    menu.iter().map(|(t, _)| t.as_str()).collect()
}

fn image_part(bytes: Vec<u8>) -> Part {
    Part::bytes(bytes)
        .file_name("banner.png")
        .mime_str("image/png")
        .unwrap()
}

fn banner_form(url: &str) -> Form {
    Form::new()
        .text("url", url.to_string())
        .part("image", image_part(png(64, 24)))
}

/// The shop's banners: (url, image) in order.
async fn shop_banners(app: &TestApp) -> Vec<(String, String)> {
    let (status, body) = app.get("/api/banner").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["url"].as_str().unwrap().to_string(),
                b["image"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

async fn shop_total(app: &TestApp, query: &str) -> i64 {
    let (status, body) = app.get(&format!("/api/product?{query}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["total"].as_i64().unwrap()
}

// ---- tests ---------------------------------------------------------------------

async fn every_call_needs_an_administrator(app: TestApp) {
    let f = fixture(&app).await;
    let customer = app.customer("shopper@example.com").await;
    let some = Id::generate().into_string();
    let title = Some(json!({"title": "Tools"}));
    let ids = Some(json!({"ids": [f.faucets, f.heating]}));
    let calls = [
        (
            Method::POST,
            "/api/admin/category".to_string(),
            title.clone(),
        ),
        (
            Method::PUT,
            format!("/api/admin/category/{}", f.faucets),
            title.clone(),
        ),
        (
            Method::POST,
            "/api/admin/category/order".to_string(),
            ids.clone(),
        ),
        (
            Method::DELETE,
            format!("/api/admin/category/{}", f.heating),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/category/{}/sub-category", f.faucets),
            title.clone(),
        ),
        (
            Method::PUT,
            format!("/api/admin/sub-category/{}", f.basin),
            title.clone(),
        ),
        (
            Method::POST,
            format!("/api/admin/category/{}/sub-category/order", f.faucets),
            Some(json!({"ids": [f.basin, f.kitchen]})),
        ),
        (
            Method::DELETE,
            format!("/api/admin/sub-category/{}", f.basin),
            None,
        ),
        (Method::GET, "/api/admin/banner".to_string(), None),
        (
            Method::PUT,
            format!("/api/admin/banner/{some}"),
            Some(json!({"url": "/shop"})),
        ),
        (
            Method::POST,
            "/api/admin/banner/order".to_string(),
            Some(json!({"ids": []})),
        ),
        (Method::DELETE, format!("/api/admin/banner/{some}"), None),
        (Method::GET, "/api/admin/review".to_string(), None),
        (
            Method::POST,
            format!("/api/admin/review/{some}/hide"),
            Some(json!({"reason": "Spam"})),
        ),
        (Method::POST, format!("/api/admin/review/{some}/show"), None),
        (
            Method::POST,
            format!("/api/admin/product/{}/archive", f.alpha),
            None,
        ),
        (
            Method::POST,
            format!("/api/admin/product/{}/unarchive", f.alpha),
            None,
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
    for token in [None, Some(customer.as_str())] {
        let (status, _) = app
            .multipart(
                Method::POST,
                "/api/admin/banner",
                banner_form("/shop"),
                token,
            )
            .await;
        assert!(
            [StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&status),
            "{status}"
        );
    }
    // Nothing changed on the way.
    assert_eq!(
        menu(&app).await,
        [
            (
                "Faucets".to_string(),
                vec!["Kitchen Mixers".to_string(), "Basin Taps".to_string()]
            ),
            ("Heating".to_string(), vec!["Radiators".to_string()]),
        ]
    );
    assert_eq!(shop_banners(&app).await.len(), 1);
    assert_eq!(shop_total(&app, "perPage=1").await, 5);
    let log = app.activity.list(&Filter::default(), 50, 0).await.unwrap();
    assert_eq!(log.1, 0);
}

async fn categories_are_created_renamed_reordered_and_deleted_with_refusals(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tick = || app.clock.advance(Duration::from_millis(1));

    // Created after the others, in the shop's menu at once.
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/category",
            Some(json!({"title": "  Garden Tools "})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Category created");
    let tools = body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(body["data"]["categories"][2]["title"], "Garden Tools");
    assert_eq!(
        titles(&menu(&app).await),
        ["Faucets", "Heating", "Garden Tools"]
    );

    // Bad titles: empty, too long, taken in any case; nothing is written.
    for (title, status, message) in [
        (json!("   "), StatusCode::BAD_REQUEST, "Title is required"),
        (json!(null), StatusCode::BAD_REQUEST, "Title is required"),
        (
            json!("x".repeat(61)),
            StatusCode::BAD_REQUEST,
            "Title must be at most 60 characters",
        ),
        (
            json!("garden tools"),
            StatusCode::CONFLICT,
            "A category titled 'garden tools' already exists",
        ),
    ] {
        let (got, body) = app
            .call(
                Method::POST,
                "/api/admin/category",
                Some(json!({"title": title})),
                Some(&admin),
            )
            .await;
        assert_eq!(got, status, "{title}: {body}");
        let said = body["errors"]["title"]
            .as_str()
            .or(body["message"].as_str());
        assert_eq!(said, Some(message), "{body}");
    }
    assert_eq!(menu(&app).await.len(), 3);

    // Renamed; another's title is refused; the same title in another case is fine.
    tick();
    let path = format!("/api/admin/category/{tools}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "HEATING"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "A category titled 'HEATING' already exists"
    );
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Tools"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Category renamed");
    assert_eq!(titles(&menu(&app).await), ["Faucets", "Heating", "Tools"]);
    let unknown = format!("/api/admin/category/{}", Id::generate());
    for path in [unknown.as_str(), "/api/admin/category/not-an-id"] {
        let (status, body) = app
            .call(Method::PUT, path, Some(json!({"title": "X"})), Some(&admin))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(body["message"], "Category not found");
    }

    // Reordered: every category once, or refused.
    tick();
    for ids in [
        json!([tools, f.faucets]),
        json!([tools, f.faucets, f.faucets]),
        json!([tools, f.faucets, f.heating, Id::generate().as_str()]),
        json!([tools, f.faucets, "nope"]),
    ] {
        let (status, body) = app
            .call(
                Method::POST,
                "/api/admin/category/order",
                Some(json!({"ids": ids})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ids}");
        assert_eq!(body["message"], "List every category exactly once");
    }
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/category/order",
            Some(json!({"ids": [tools, f.faucets, f.heating]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Categories reordered");
    assert_eq!(titles(&menu(&app).await), ["Tools", "Faucets", "Heating"]);

    // Deleting one that holds sub-categories and products is refused, naming them.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/category/{}", f.faucets),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This category still holds 2 sub-categories and 3 products (archived ones count): move or delete them first"
    );
    // An empty one goes.
    tick();
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Category deleted");
    assert_eq!(titles(&menu(&app).await), ["Faucets", "Heating"]);
    let (status, _) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Each change in the log, newest first, with its fields before and after.
    let log = activity(&app, "category", &tools).await;
    assert_eq!(
        actions(&log),
        ["deleted", "reordered", "renamed", "created"]
    );
    assert_eq!(
        log[2].changes.fields()["title"],
        (json!("Garden Tools"), json!("Tools"))
    );
    assert_eq!(log[1].changes.fields()["position"], (json!(2), json!(0)));
    assert_eq!(
        log[0].changes.fields()["title"],
        (json!("Tools"), Value::Null)
    );
    let moved = activity(&app, "category", &f.heating).await;
    assert_eq!(actions(&moved), ["reordered"]);
}

async fn sub_categories_are_created_renamed_reordered_and_deleted_with_refusals(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tick = || app.clock.advance(Duration::from_millis(1));
    let subs = format!("/api/admin/category/{}/sub-category", f.heating);

    let (status, body) = app
        .call(
            Method::POST,
            &subs,
            Some(json!({"title": "Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Sub-category created");
    let boilers = body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(menu(&app).await[1].1, ["Radiators", "Boilers"]);
    // Unique within its category, in any case; another category may use the title.
    let (status, body) = app
        .call(
            Method::POST,
            &subs,
            Some(json!({"title": "radiators"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This category already has a sub-category titled 'radiators'"
    );
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/category/{}/sub-category", f.faucets),
            Some(json!({"title": "Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/category/{}/sub-category", Id::generate()),
            Some(json!({"title": "Pumps"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Category not found");

    tick();
    let path = format!("/api/admin/sub-category/{boilers}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Radiators"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Gas Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-category renamed");
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/sub-category/{}", Id::generate()),
            Some(json!({"title": "X"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Sub-category not found");

    tick();
    let order = format!("{subs}/order");
    // Only this category's sub-categories, each once.
    for ids in [json!([boilers]), json!([boilers, f.kitchen])] {
        let (status, body) = app
            .call(
                Method::POST,
                &order,
                Some(json!({"ids": ids})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ids}");
        assert_eq!(
            body["message"],
            "List every sub-category of the category exactly once"
        );
    }
    let (status, body) = app
        .call(
            Method::POST,
            &order,
            Some(json!({"ids": [boilers, f.radiators]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-categories reordered");
    assert_eq!(menu(&app).await[1].1, ["Gas Boilers", "Radiators"]);

    // One that products use stays.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/sub-category/{}", f.radiators),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This sub-category still holds 2 products (archived ones count): move them first"
    );
    // The category holding it cannot go either.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/category/{}", f.heating),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This category still holds 2 sub-categories and 2 products (archived ones count): move or delete them first"
    );
    tick();
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-category deleted");
    assert_eq!(menu(&app).await[1].1, ["Radiators"]);

    let log = activity(&app, "sub_category", &boilers).await;
    assert_eq!(
        actions(&log),
        ["deleted", "reordered", "renamed", "created"]
    );
    assert_eq!(
        log[2].changes.fields()["title"],
        (json!("Boilers"), json!("Gas Boilers"))
    );
    assert_eq!(
        log[3].changes.fields()["categoryId"],
        (Value::Null, json!(f.heating))
    );
}

async fn renaming_keeps_keyword_search_on_the_new_titles(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Found by their sub-category's title (no name or description says 'mixers').
    let (_, body) = app
        .get("/api/product?keyword=mixers&sortField=name&sortOrder=asc")
        .await;
    assert_eq!(
        names(&body),
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/sub-category/{}", f.kitchen),
            Some(json!({"title": "Sink Fittings"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app.get("/api/product?keyword=mixers").await;
    assert!(names(&body).is_empty(), "{body}");
    let (_, body) = app
        .get("/api/product?keyword=sink%20fittings&sortField=name&sortOrder=asc")
        .await;
    assert_eq!(
        names(&body),
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    // The product page shows the new title.
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(
        body["data"]["product"]["subCategory"]["title"],
        "Sink Fittings"
    );

    // A category: every product in it, archived ones too.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.gamma),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/category/{}", f.heating),
            Some(json!({"title": "Warmth"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app.get("/api/product?keyword=warmth").await;
    assert_eq!(names(&body), ["epsilon chrome radiator valve"]);
    let (_, body) = app.get("/api/product?keyword=heating").await;
    assert!(names(&body).is_empty(), "{body}");
    let (_, body) = app
        .call(
            Method::GET,
            "/api/admin/product?q=warmth&archived=true",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(names(&body), ["Gamma Radiator"]);
}

pub(crate) async fn banners_are_uploaded_linked_reordered_and_deleted(app: TestApp) {
    fixture(&app).await;
    let admin = app.admin().await;
    let tick = || app.clock.advance(Duration::from_millis(1));
    let seeded = shop_banners(&app).await;

    let (status, body) = app
        .multipart(
            Method::POST,
            "/api/admin/banner",
            banner_form(" /shop?categoryIds=abc "),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Banner created");
    let banner = body["data"]["banner"].clone();
    let banner_id = banner["_id"].as_str().unwrap().to_string();
    let image = banner["image"].as_str().unwrap().to_string();
    assert_eq!(banner["url"], "/shop?categoryIds=abc");
    assert!(
        image.starts_with(&format!("banners/{banner_id}.")),
        "{image}"
    );
    // Re-encoded and served; in the shop's carousel at once, after the others.
    let response = app
        .client
        .get(app.url(&format!("/media/{image}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let shown = shop_banners(&app).await;
    assert_eq!(shown.len(), 2);
    assert_eq!(
        shown[1],
        ("/shop?categoryIds=abc".to_string(), image.clone())
    );

    // A file that is not an image, no image, or a link elsewhere: refused, nothing kept.
    let text = Form::new()
        .text("url", "/shop")
        .part("image", image_part(b"just text".to_vec()));
    let (status, body) = app
        .multipart(Method::POST, "/api/admin/banner", text, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
    let (status, body) = app
        .multipart(
            Method::POST,
            "/api/admin/banner",
            Form::new().text("url", "/shop"),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["image"], "Choose an image");
    for url in [
        "javascript:alert(1)",
        "http://example.com",
        "//evil.example",
        "",
    ] {
        let (status, body) = app
            .multipart(
                Method::POST,
                "/api/admin/banner",
                banner_form(url),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
        assert!(body["errors"]["url"].is_string(), "{body}");
    }
    assert_eq!(shop_banners(&app).await.len(), 2);

    // The console lists them; the link changes; a bad one is refused.
    let (status, body) = app
        .call(Method::GET, "/api/admin/banner", None, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["banners"].as_array().unwrap().len(), 2);
    tick();
    let path = format!("/api/admin/banner/{banner_id}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"url": "https://example.com/sale"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["banner"]["url"], "https://example.com/sale");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"url": "ftp://x"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["errors"]["url"].is_string());

    // Reordered: every banner once.
    tick();
    let seeded_id = {
        let (_, body) = app.get("/api/banner").await;
        body["data"][0]["_id"].as_str().unwrap().to_string()
    };
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/banner/order",
            Some(json!({"ids": [banner_id]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["message"], "List every banner exactly once");
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/banner/order",
            Some(json!({"ids": [banner_id, seeded_id]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(shop_banners(&app).await[1], seeded[0]);

    // Deleted, with its image.
    tick();
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Banner deleted");
    assert_eq!(shop_banners(&app).await, seeded);
    assert!(
        app.media.get(&image).await.unwrap().is_none(),
        "image removed"
    );
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Banner not found");

    let log = activity(&app, "banner", &banner_id).await;
    assert_eq!(
        actions(&log),
        ["deleted", "reordered", "updated", "created"]
    );
    assert_eq!(
        log[2].changes.fields()["url"],
        (
            json!("/shop?categoryIds=abc"),
            json!("https://example.com/sale")
        )
    );
}

async fn hiding_a_review_takes_it_out_of_the_page_and_the_rating_until_shown(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Two reviews of Alpha, a minute apart: 5 stars (older) and 1 star (newer).
    let mut review_ids = Vec::new();
    for (n, rating) in [5, 1].into_iter().enumerate() {
        let email = format!("r{n}@example.com");
        app.customer(&email).await;
        let user = app
            .accounts
            .user_by_email(&address(&email))
            .await
            .unwrap()
            .unwrap()
            .id;
        let review_id = Id::generate();
        app.reviews
            .add(NewReview {
                id: &review_id,
                product_id: &id(&f.alpha),
                user_id: &user,
                rating,
                comment: &format!("Review number {n}, long enough"),
                images: &[],
                created_at: app.clock.now_ms() + n as i64 * 60_000,
            })
            .await
            .unwrap();
        review_ids.push(review_id.into_string());
    }
    let product = |body: &Value| {
        (
            body["data"]["product"]["rating"].as_f64().unwrap(),
            body["data"]["product"]["reviewCount"].as_i64().unwrap(),
        )
    };
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (3.0, 2));
    let low = &review_ids[1];
    let hide = format!("/api/admin/review/{low}/hide");

    // A reason is required, and short.
    for (reason, message) in [
        (json!("  "), "A reason is required"),
        (json!(null), "A reason is required"),
        (
            json!("x".repeat(201)),
            "The reason must be at most 200 characters",
        ),
    ] {
        let (status, body) = app
            .call(
                Method::POST,
                &hide,
                Some(json!({"reason": reason})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["errors"]["reason"], message);
    }
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/review/{}/hide", Id::generate()),
            Some(json!({"reason": "Spam"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Review not found");

    // Hidden: out of the page's list and of the product's rating and count, at once.
    app.clock.advance(Duration::from_millis(1));
    let (status, body) = app
        .call(
            Method::POST,
            &hide,
            Some(json!({"reason": "Abusive language"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Review hidden");
    assert_eq!(body["data"]["review"]["hidden"], true);
    assert_eq!(body["data"]["review"]["hiddenReason"], "Abusive language");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (5.0, 1));
    let (_, body) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["reviews"][0]["_id"], review_ids[0]);
    // Twice changes nothing, and answers as before.
    let (status, body) = app
        .call(
            Method::POST,
            &hide,
            Some(json!({"reason": "Again"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["review"]["hiddenReason"], "Abusive language");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (5.0, 1));

    // The console's list: newest first, with product and author; filtered.
    let list = |query: &'static str| {
        let app = app.clone();
        let admin = admin.clone();
        async move {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/admin/review?{query}"),
                    None,
                    Some(&admin),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{query}: {body}");
            body["data"].clone()
        }
    };
    let all = list("").await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["reviews"][0]["_id"], *low);
    assert_eq!(all["reviews"][0]["productName"], "Alpha Kitchen Mixer");
    assert_eq!(all["reviews"][0]["productId"], f.alpha);
    assert_eq!(all["reviews"][0]["user"]["fullName"], "Ada Lovelace");
    assert_eq!(all["reviews"][0]["authorEmail"], "r1@example.com");
    let hidden = list("hidden=true").await;
    assert_eq!(hidden["total"], 1);
    assert_eq!(hidden["reviews"][0]["_id"], *low);
    let visible = list("hidden=false&rating=5").await;
    assert_eq!(visible["total"], 1);
    assert_eq!(visible["reviews"][0]["_id"], review_ids[0]);
    assert_eq!(list("rating=1&hidden=false").await["total"], 0);
    for query in ["rating=6", "rating=x", "hidden=maybe", "page=0"] {
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/admin/review?{query}"),
                None,
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
    }

    // Shown again: back on the page and in the rating. Twice changes nothing.
    app.clock.advance(Duration::from_millis(1));
    let show = format!("/api/admin/review/{low}/show");
    for _ in 0..2 {
        let (status, body) = app.call(Method::POST, &show, None, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Review shown");
        assert_eq!(body["data"]["review"]["hidden"], false);
    }
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (3.0, 2));
    let (_, body) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["total"], 2);

    let log = activity(&app, "review", low).await;
    assert_eq!(actions(&log), ["shown", "hidden"]);
    assert_eq!(
        log[1].changes.fields()["reason"],
        (Value::Null, json!("Abusive language"))
    );
    assert_eq!(
        log[0].changes.fields()["hidden"],
        (json!(true), json!(false))
    );
}

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
