//! The content staff arrange around the products, as the shop reads it and the console
//! changes it: the category tree, banners, the shop's own pages and its settings. The
//! helpers here are those the console's catalogue tests share (the activity log, the
//! menu, banner forms).

pub(crate) mod banners;
mod categories;
mod pages;
mod settings;
mod tax_settings;

use reqwest::multipart::{Form, Part};
use reqwest::StatusCode;
use shop::store::activity::{ActivityRow, Filter};

use crate::accounts::png;
use crate::helpers::TestApp;

pub(crate) async fn activity(
    app: &TestApp,
    object_type: &str,
    object_id: &str,
) -> Vec<ActivityRow> {
    let filter = Filter {
        object_type: Some(object_type.into()),
        object_id: Some(object_id.into()),
        ..Filter::default()
    };
    app.activity.list(&filter, 50, 0).await.unwrap().0
}

pub(crate) fn actions(log: &[ActivityRow]) -> Vec<&str> {
    log.iter().map(|e| e.action.as_str()).collect()
}

/// The shop's menu: each category's title and its sub-categories' titles, in order.
pub(crate) async fn menu(app: &TestApp) -> Vec<(String, Vec<String>)> {
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

pub(crate) fn titles(menu: &[(String, Vec<String>)]) -> Vec<&str> {
    menu.iter().map(|(t, _)| t.as_str()).collect()
}

pub(crate) fn image_part(bytes: Vec<u8>) -> Part {
    Part::bytes(bytes)
        .file_name("banner.png")
        .mime_str("image/png")
        .unwrap()
}

pub(crate) fn banner_form(url: &str) -> Form {
    Form::new()
        .text("url", url.to_string())
        .part("image", image_part(png(64, 24)))
}

/// The shop's banners: (url, image) in order.
pub(crate) async fn shop_banners(app: &TestApp) -> Vec<(String, String)> {
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

pub(crate) async fn shop_total(app: &TestApp, query: &str) -> i64 {
    let (status, body) = app.get(&format!("/api/product?{query}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["total"].as_i64().unwrap()
}
