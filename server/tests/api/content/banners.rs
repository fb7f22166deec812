//! The homepage banners: the shop's list, and the administrators' uploads, links,
//! order and deletes, each shown in the shop at once and in the activity log.

use std::time::Duration;

use reqwest::multipart::Form;
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::*;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    banners_are_an_array_in_the_data,
    banners_are_uploaded_linked_reordered_and_deleted,
);

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

async fn banners_are_an_array_in_the_data(app: TestApp) {
    fixture(&app).await;
    let (status, body) = app.get("/api/banner").await;
    assert_eq!(status, StatusCode::OK);
    let banners = body["data"]
        .as_array()
        .expect("data is the array of banners");
    assert_eq!(banners.len(), 1);
    assert_eq!(banners[0]["image"], "banners/test.svg");
    assert_eq!(banners[0]["url"], "/shop");
    assert!(banners[0]["_id"].is_string());
}
