//! `/media` and the storefront routes.

use bytes::Bytes;
use reqwest::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_backends;

on_both_backends!(
    a_stored_image_is_served_with_its_type_and_long_cache,
    media_paths_cannot_leave_the_media_root,
    private_media_is_not_served_publicly,
    client_routes_get_the_storefront_page,
    console_routes_get_the_console_page,
    a_missing_asset_is_a_404_not_the_page,
);

/// The two documents' `<title>`s (web/index.html, web/admin.html).
const SHOP_TITLE: &str = "<title>Shop: plumbing, heating and everyday supplies</title>";
const CONSOLE_TITLE: &str = "<title>Shop console</title>";

async fn a_stored_image_is_served_with_its_type_and_long_cache(app: TestApp) {
    app.media
        .put(
            "demo/tap.svg",
            Bytes::from_static(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
        )
        .await
        .unwrap();
    let response = app
        .client
        .get(app.url("/media/demo/tap.svg"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(response.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("sandbox"));
    assert_eq!(
        response.bytes().await.unwrap(),
        Bytes::from_static(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
    );
    let (status, body) = app.get("/media/demo/missing.svg").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "File not found");
}

async fn media_paths_cannot_leave_the_media_root(app: TestApp) {
    for path in [
        "/media/..%2F..%2Fetc%2Fpasswd",
        "/media/demo/..%2F..%2Fshop.db",
        "/media/demo/%2E%2E%2F%2E%2E%2Fsecret.svg",
        "/media/a%5Cb",
    ] {
        let (status, _) = app.get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}

async fn private_media_is_not_served_publicly(app: TestApp) {
    app.media
        .put("private/avatar.png", Bytes::from_static(b"png"))
        .await
        .unwrap();
    let (status, body) = app.get("/media/private/avatar.png").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(body["message"], "This file is private");
    let (status, _) = app.get("/media/Private/avatar.png").await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "whatever the case of the folder name"
    );
}

async fn client_routes_get_the_storefront_page(app: TestApp) {
    for path in [
        "/",
        "/shop",
        "/product/0123456789abcdef01234567",
        "/profile-settings",
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{path}: is the storefront built? (make build)"
        );
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8",
            "{path}"
        );
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        let page = response.text().await.unwrap();
        assert!(page.contains("<div id=\"root\">"), "{path}");
        assert!(page.contains(SHOP_TITLE), "{path}: the shop's page");
    }
}

async fn console_routes_get_the_console_page(app: TestApp) {
    for path in [
        "/admin",
        "/admin/",
        "/admin/login",
        "/admin/orders/100001/packing-slip",
        "/admin/customers?q=ada",
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{path}: is the storefront built? (make build)"
        );
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8",
            "{path}"
        );
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        let page = response.text().await.unwrap();
        assert!(page.contains(CONSOLE_TITLE), "{path}: the console's page");
        assert!(!page.contains(SHOP_TITLE), "{path}");
    }
    let response = app
        .client
        .head(app.url("/admin/orders"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "text/html; charset=utf-8"
    );
    // Addresses that only begin like the console's are the shop's.
    for path in ["/administrator", "/admins/x", "/shop/admin"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let page = response.text().await.unwrap();
        assert!(page.contains(SHOP_TITLE), "{path}: the shop's page");
    }
}

async fn a_missing_asset_is_a_404_not_the_page(app: TestApp) {
    let response = app
        .client
        .get(app.url("/assets/nope-123.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}
