//! Every object a console form edits carries a version (docs/DESIGN.md §15, issue 30): a save
//! naming an older one is refused with 409 and the object as it now is, and nothing is
//! written. (Products: stock.rs, with their stock.)

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count};

on_both_backends!(
    a_stale_promo_code_save_is_refused,
    a_stale_rename_of_a_category_or_sub_category_is_refused,
    a_stale_banner_save_is_refused,
    racing_saves_of_one_version_let_exactly_one_through,
);

const STALE: &str = "This changed since you opened it: reload to see the latest";

async fn a_stale_promo_code_save_is_refused(app: TestApp) {
    let admin = app.admin().await;
    let code = json!({"code": "SPRING", "kind": "percent", "amount": 10});
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/promo-code",
            Some(code),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let loaded = body["data"]["promoCode"].clone();
    assert_eq!(loaded["version"], 1);
    let path = format!("/api/admin/promo-code/{}", loaded["_id"].as_str().unwrap());
    let save = |amount: i64, version: &Value| json!({"code": "SPRING", "kind": "percent", "amount": amount, "version": version});
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(save(15, &loaded["version"])),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["promoCode"]["version"], 2);
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(save(50, &loaded["version"])),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], STALE);
    assert_eq!(body["data"]["promoCode"]["amount"], 15.0);
    let (_, body) = app
        .call(Method::GET, "/api/admin/promo-code", None, Some(&admin))
        .await;
    assert_eq!(body["data"]["promoCodes"][0]["amount"], 15.0);
}

/// The category `id` in a tree as `GET /category` and the console's calls answer it.
fn category<'a>(categories: &'a Value, id: &str) -> &'a Value {
    categories
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["_id"] == id)
        .expect("the category is in the tree")
}

async fn a_stale_rename_of_a_category_or_sub_category_is_refused(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (_, body) = app.get("/api/category").await;
    let faucets = category(&body["data"]["categories"], &f.faucets).clone();
    assert_eq!(faucets["version"], 1);
    let basin = faucets["subCategories"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["_id"] == f.basin.as_str())
        .unwrap()
        .clone();
    assert_eq!(basin["version"], 1);

    let path = format!("/api/admin/category/{}", f.faucets);
    let rename = |title: &str| json!({"title": title, "version": 1});
    let (status, body) = app
        .call(Method::PUT, &path, Some(rename("Taps")), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        category(&body["data"]["categories"], &f.faucets)["version"],
        2
    );
    // A second console that loaded version 1.
    let (status, body) = app
        .call(Method::PUT, &path, Some(rename("Mixers")), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], STALE);
    assert_eq!(body["data"]["_id"], f.faucets.as_str());
    assert_eq!(
        category(&body["data"]["categories"], &f.faucets)["title"],
        "Taps"
    );
    let (_, body) = app.get("/api/category").await;
    assert_eq!(
        category(&body["data"]["categories"], &f.faucets)["title"],
        "Taps"
    );

    let path = format!("/api/admin/sub-category/{}", f.basin);
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(rename("Basin Mixers")),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .call(Method::PUT, &path, Some(rename("Sinks")), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let subs = &category(&body["data"]["categories"], &f.faucets)["subCategories"];
    let basin = subs
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["_id"] == f.basin.as_str())
        .unwrap();
    assert_eq!(
        (basin["title"].clone(), basin["version"].clone()),
        (json!("Basin Mixers"), json!(2))
    );
    // Without a version the rename is applied.
    let (status, _) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Sinks"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}

async fn a_stale_banner_save_is_refused(app: TestApp) {
    fixture(&app).await;
    let admin = app.admin().await;
    let (status, body) = app
        .call(Method::GET, "/api/admin/banner", None, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let loaded = body["data"]["banners"][0].clone();
    assert_eq!(loaded["version"], 1);
    let path = format!("/api/admin/banner/{}", loaded["_id"].as_str().unwrap());
    let save = |url: &str| json!({"url": url, "version": 1});
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(save("/shop?featured=1")),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["banner"]["version"], 2);
    let (status, body) = app
        .call(Method::PUT, &path, Some(save("/about")), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], STALE);
    assert_eq!(body["data"]["banner"]["url"], "/shop?featured=1");
    // A version is a whole number from 1, on every save that names one.
    for (path, body) in [
        (path.clone(), json!({"url": "/about", "version": 0})),
        (
            "/api/admin/category".to_string(),
            json!({"title": "Boilers", "version": -1}),
        ),
        (
            "/api/admin/promo-code".to_string(),
            json!({"code": "ZERO", "kind": "percent", "amount": 5, "version": 0}),
        ),
    ] {
        let method = if path.starts_with("/api/admin/banner/") {
            Method::PUT
        } else {
            Method::POST
        };
        let (status, answer) = app.call(method, &path, Some(body), Some(&admin)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
        assert_eq!(
            answer["errors"]["version"],
            "version must be a whole number from 1"
        );
    }
    // The shop's banners keep their shape: no version there.
    let (_, body) = app.get("/api/banner").await;
    assert_eq!(body["data"][0]["url"], "/shop?featured=1");
    assert!(body["data"][0].get("version").is_none(), "{body}");
}

/// Ten consoles loaded the same version and save at once: one save is written, the nine
/// others are told it changed, for a product and for a promo code.
async fn racing_saves_of_one_version_let_exactly_one_through(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let path = format!("/api/admin/product/{}", f.alpha);
    let saves = (0..10)
        .map(|n| {
            let (app, admin, path) = (app.clone(), admin.clone(), path.clone());
            let body = json!({"name": format!("Alpha {n}"), "description": "A mixer.", "price": 100,
                              "stock": 50, "categoryId": f.faucets, "subCategoryId": f.kitchen,
                              "version": 1});
            async move { app.call(Method::PUT, &path, Some(body), Some(&admin)).await }
        })
        .collect();
    let answers = at_once(saves).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
    let (_, winner) = answers.iter().find(|(s, _)| *s == StatusCode::OK).unwrap();
    let (_, body) = app.call(Method::GET, &path, None, Some(&admin)).await;
    assert_eq!(
        body["data"]["product"]["name"],
        winner["data"]["product"]["name"]
    );
    assert_eq!(body["data"]["product"]["version"], 2);

    let code = json!({"code": "RACE", "kind": "percent", "amount": 5});
    let (_, body) = app
        .call(
            Method::POST,
            "/api/admin/promo-code",
            Some(code),
            Some(&admin),
        )
        .await;
    let path = format!(
        "/api/admin/promo-code/{}",
        body["data"]["promoCode"]["_id"].as_str().unwrap()
    );
    // Each save changes the amount (5): a save that changes nothing writes nothing, and
    // is answered 200 whatever the version.
    let saves = (11..=20)
        .map(|n| {
            let (app, admin, path) = (app.clone(), admin.clone(), path.clone());
            let body = json!({"code": "RACE", "kind": "percent", "amount": n, "version": 1});
            async move { app.call(Method::PUT, &path, Some(body), Some(&admin)).await }
        })
        .collect();
    let answers = at_once(saves).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
}
