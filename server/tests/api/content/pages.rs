//! The shop's own pages (docs/DESIGN.md §15): six fixed slugs anyone reads, staff write in
//! Markdown, versioned like every console form.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::store::pages::Pages;

use crate::helpers::TestApp;
use crate::on_both_backends;
use crate::orders::{at_once, count};

on_both_backends!(
    each_of_the_six_pages_answers_from_a_fresh_shop,
    a_slug_that_is_not_a_page_is_not_found,
    staff_save_a_page_and_the_next_read_shows_it,
    a_save_that_breaks_a_rule_names_the_field_and_writes_nothing,
    a_stale_page_save_is_refused_with_the_page_as_it_now_is,
    only_an_administrator_lists_or_saves_pages,
    the_demo_writes_the_pages_no_one_has_saved_and_leaves_the_others,
    a_page_is_titled_in_its_html_as_in_the_storefront,
);

const SLUGS: [&str; 6] = ["privacy", "terms", "returns", "delivery", "faq", "e-waste"];
const STALE: &str = "This changed since you opened it: reload to see the latest";

async fn each_of_the_six_pages_answers_from_a_fresh_shop(app: TestApp) {
    for slug in SLUGS {
        let (status, body) = app.get(&format!("/api/page/{slug}")).await;
        assert_eq!(status, StatusCode::OK, "{slug}: {body}");
        let page = &body["data"]["page"];
        assert_eq!(page["slug"], slug);
        assert_eq!(page["version"], 1);
        assert!(!page["title"].as_str().unwrap().is_empty(), "{slug}");
        assert!(
            page["body"]
                .as_str()
                .unwrap()
                .starts_with("This page has not been written yet."),
            "{slug}: an honest placeholder until staff write it"
        );
        assert!(page["updatedAt"].as_str().unwrap().ends_with('Z'), "{page}");
    }
    let (_, body) = app.get("/api/page/privacy").await;
    assert_eq!(body["data"]["page"]["title"], "Privacy Policy");
}

async fn a_slug_that_is_not_a_page_is_not_found(app: TestApp) {
    let admin = app.admin().await;
    for slug in ["about", "Privacy", "nope", "terms-and-conditions"] {
        let (status, body) = app.get(&format!("/api/page/{slug}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{slug}: {body}");
        assert_eq!(body["message"], "Page not found");
        let (status, body) = app
            .call(
                Method::PUT,
                &format!("/api/admin/page/{slug}"),
                Some(json!({"title": "About", "body": "Hi"})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{slug}: {body}");
        assert_eq!(body["message"], "Page not found");
    }
    let (status, body) = app.get("/api/admin/page").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (_, body) = app
        .call(Method::GET, "/api/admin/page", None, Some(&admin))
        .await;
    assert_eq!(
        body["data"]["pages"].as_array().unwrap().len(),
        6,
        "no page was made"
    );
}

async fn staff_save_a_page_and_the_next_read_shows_it(app: TestApp) {
    let admin = app.admin().await;
    // Read first, so a kept answer (if there were one) would be the old page.
    let (_, before) = app.get("/api/page/returns").await;
    assert_eq!(before["data"]["page"]["version"], 1);
    let markdown = "## Returns\n\nWithin **30 days**.\n\n<script>alert(1)</script>";
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/returns",
            Some(json!({"title": "  Returns  ", "body": markdown, "version": 1})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Page saved");
    let saved = &body["data"]["page"];
    assert_eq!(saved["title"], "Returns", "trimmed");
    assert_eq!(
        saved["body"], markdown,
        "kept as written: the storefront escapes it"
    );
    assert_eq!(saved["version"], 2);

    let (_, read) = app.get("/api/page/returns").await;
    assert_eq!(&read["data"]["page"], saved);
    let (_, listed) = app
        .call(Method::GET, "/api/admin/page", None, Some(&admin))
        .await;
    let listed: Vec<&Value> = listed["data"]["pages"].as_array().unwrap().iter().collect();
    assert!(listed
        .iter()
        .any(|p| p["slug"] == "returns" && p["version"] == 2));

    // Without a version (an API client that does not track them) the save is applied.
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/returns",
            Some(json!({"title": "Returns", "body": ""})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["page"]["body"], "", "an empty body is allowed");
    assert_eq!(body["data"]["page"]["version"], 3);

    let (_, activity) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=page",
            None,
            Some(&admin),
        )
        .await;
    let entries = activity["data"]["activity"].as_array().expect("entries");
    assert_eq!(entries.len(), 2, "{activity}");
    assert_eq!(entries[0]["objectId"], "returns");
}

async fn a_save_that_breaks_a_rule_names_the_field_and_writes_nothing(app: TestApp) {
    let admin = app.admin().await;
    let save = |body: Value| {
        let app = &app;
        let admin = admin.clone();
        async move {
            app.call(Method::PUT, "/api/admin/page/faq", Some(body), Some(&admin))
                .await
        }
    };
    let (status, body) = save(json!({"title": "   ", "body": "x".repeat(50_001)})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["title"], "Title must be 1 to 120 characters");
    assert_eq!(
        body["errors"]["body"],
        "Body must be at most 50,000 characters"
    );
    let (status, body) = save(json!({"title": "a".repeat(121), "body": "ok"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["title"], "Title must be 1 to 120 characters");
    let (status, body) = save(json!({"body": "no title"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["title"], "Title must be 1 to 120 characters");
    // Left out, the body is refused: it would otherwise empty the page.
    let (status, body) = save(json!({"title": "FAQ"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["body"], "Body is required");
    let (status, body) = save(json!({"title": "FAQ", "body": "ok", "version": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["version"],
        "version must be a whole number from 1"
    );
    // At the limits, the save goes through.
    let (status, body) = save(json!({"title": "é".repeat(120), "body": "é".repeat(50_000)})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, read) = app.get("/api/page/faq").await;
    assert_eq!(
        read["data"]["page"]["version"], 2,
        "only the good save wrote"
    );
}

async fn a_stale_page_save_is_refused_with_the_page_as_it_now_is(app: TestApp) {
    let admin = app.admin().await;
    let save = |title: &str, version: i64| json!({"title": title, "body": format!("{title} body"), "version": version});
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/delivery",
            Some(save("First", 1)),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/delivery",
            Some(save("Second", 1)),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], STALE);
    assert_eq!(body["data"]["page"]["title"], "First");
    assert_eq!(body["data"]["page"]["version"], 2);
    let (_, read) = app.get("/api/page/delivery").await;
    assert_eq!(read["data"]["page"]["title"], "First", "nothing written");

    // Ten saves of one loaded version at once: exactly one goes through.
    let saves = (0..10)
        .map(|n| {
            let (app, admin) = (app.clone(), admin.clone());
            let body = save(&format!("Race {n}"), 2);
            async move {
                app.call(
                    Method::PUT,
                    "/api/admin/page/delivery",
                    Some(body),
                    Some(&admin),
                )
                .await
            }
        })
        .collect();
    let answers = at_once(saves).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
    let (_, read) = app.get("/api/page/delivery").await;
    assert_eq!(read["data"]["page"]["version"], 3);
}

async fn only_an_administrator_lists_or_saves_pages(app: TestApp) {
    let customer = app.customer("shopper@example.com").await;
    let save = json!({"title": "Mine", "body": "mine"});
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/privacy",
            Some(save.clone()),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/admin/page/privacy",
            Some(save),
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = app
        .call(Method::GET, "/api/admin/page", None, Some(&customer))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, read) = app.get("/api/page/privacy").await;
    assert_eq!(read["data"]["page"]["version"], 1, "nothing written");
}

async fn the_demo_writes_the_pages_no_one_has_saved_and_leaves_the_others(app: TestApp) {
    let admin = app.admin().await;
    let (status, _) = app
        .call(
            Method::PUT,
            "/api/admin/page/terms",
            Some(json!({"title": "Our terms", "body": "Ours."})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let pages = Pages::new(app.catalogue.db().clone(), app.clock.clone());
    let filled = shop::seed::demo_pages::seed_pages(&pages).await.unwrap();
    assert_eq!(filled, 5, "every page but the one staff wrote");
    assert_eq!(
        shop::seed::demo_pages::seed_pages(&pages).await.unwrap(),
        0,
        "a second run changes nothing"
    );
    let (_, terms) = app.get("/api/page/terms").await;
    assert_eq!(terms["data"]["page"]["title"], "Our terms");
    let (_, privacy) = app.get("/api/page/privacy").await;
    let privacy = &privacy["data"]["page"];
    assert_eq!(privacy["title"], "Privacy Policy");
    assert!(
        privacy["body"].as_str().unwrap().contains("demo shop"),
        "{privacy}"
    );
    assert_eq!(privacy["version"], 1, "the demo's text is no staff save");
}

async fn a_page_is_titled_in_its_html_as_in_the_storefront(app: TestApp) {
    let admin = app.admin().await;
    let (status, _) = app
        .call(
            Method::PUT,
            "/api/admin/page/e-waste",
            Some(json!({"title": "Recycling <old> kit", "body": "x"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let html = app
        .client
        .get(app.url("/pages/e-waste"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        html.contains("<title>Recycling &lt;old&gt; kit | Shop</title>"),
        "{}",
        &html[..html.len().min(600)]
    );
    assert!(html.contains("/pages/e-waste\">"), "canonical address");
}
