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
    a_product_page_carries_its_title_description_cards_and_json_ld,
    a_product_page_carries_the_products_api_answer,
    the_home_and_a_product_page_ask_for_their_largest_picture_first,
    a_category_listing_carries_its_title_and_description,
    robots_txt_points_to_a_sitemap_of_every_product_and_category,
);

/// The two documents' `<title>`s (web/index.html, web/admin.html).
const SHOP_TITLE: &str = "<title>Shop: plumbing, heating and everyday supplies</title>";
const CONSOLE_TITLE: &str = "<title>Shop console</title>";

pub(crate) async fn a_stored_image_is_served_with_its_type_and_long_cache(app: TestApp) {
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

pub(crate) async fn private_media_is_not_served_publicly(app: TestApp) {
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

/// The page the shop serves for `path`, as text.
async fn page(app: &TestApp, path: &str) -> String {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.text().await.unwrap()
}

/// The page's schema.org data, parsed as JSON.
fn json_ld(page: &str) -> serde_json::Value {
    let start = page
        .find("<script type=\"application/ld+json\">")
        .expect("JSON-LD on the page")
        + "<script type=\"application/ld+json\">".len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("JSON-LD parses")
}

/// The script element `id`'s JSON, parsed.
fn embedded(page: &str, id: &str) -> serde_json::Value {
    let open = format!("<script id=\"{id}\" type=\"application/json\">");
    let start = page.find(&open).unwrap_or_else(|| panic!("{id} in {page}")) + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("it parses")
}

/// The page of a product holds what `GET /api/product/{id}` answers, so the storefront
/// shows the product without asking again; hostile text in it stays inside its element.
async fn a_product_page_carries_the_products_api_answer(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let html = page(&app, &format!("/product/{}", f.beta)).await;
    let (status, api) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(embedded(&html, "product-data"), api["data"]);
    let evil = shop::domain::id::new_id();
    let name = "</script><script>alert(1)</script>";
    app.catalogue
        .insert_products(&[shop::store::catalogue::NewProduct {
            id: evil.clone(),
            ..crate::helpers::new_product(name, 1_000, &f.faucets, &f.kitchen)
        }])
        .await
        .unwrap();
    let html = page(&app, &format!("/product/{evil}")).await;
    assert!(!html.contains("<script>alert(1)"), "{html}");
    assert_eq!(embedded(&html, "product-data")["product"]["name"], name);
    let html = page(&app, "/product/0123456789abcdef01234567").await;
    assert!(!html.contains("product-data"), "no such product: nothing");
}

/// The home page's first banner and a product's first photo are what a phone paints
/// last: the page asks for them with itself, before its code has run.
async fn the_home_and_a_product_page_ask_for_their_largest_picture_first(app: TestApp) {
    let preload = |path: &str| {
        format!("<link rel=\"preload\" as=\"image\" href=\"/media/{path}\" fetchpriority=\"high\">")
    };
    let html = page(&app, "/").await;
    assert!(
        !html.contains("rel=\"preload\" as=\"image\""),
        "no banner, nothing: {html}"
    );
    let f = crate::helpers::fixture(&app).await;
    let html = page(&app, "/").await;
    assert!(html.contains(&preload("banners/test.svg")), "{html}");
    assert!(html.contains(SHOP_TITLE), "the home page keeps its title");
    let html = page(&app, &format!("/product/{}", f.alpha)).await;
    assert!(
        html.contains(&preload("test/alpha-kitchen-mixer.svg")),
        "{html}"
    );
    let html = page(&app, "/shop").await;
    assert!(!html.contains("rel=\"preload\" as=\"image\""), "{html}");
}

/// A category's listing (`/shop?category=…`, with or without a sub-category) has its own
/// title, description and canonical address; an unknown one is the shop's page as it is.
async fn a_category_listing_carries_its_title_and_description(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let html = page(
        &app,
        &format!("/shop?category={}&sort=price_asc", f.faucets),
    )
    .await;
    let url = app.url(&format!("/shop?category={}", f.faucets));
    for tag in [
        "<title>Faucets | Shop</title>".to_string(),
        "<meta name=\"description\" content=\"Faucets: Kitchen Mixers, Basin Taps.\">".to_string(),
        format!("<link rel=\"canonical\" href=\"{url}\">"),
        "<meta property=\"og:title\" content=\"Faucets | Shop\">".to_string(),
    ] {
        assert!(html.contains(&tag), "{tag} in {html}");
    }
    assert!(!html.contains(SHOP_TITLE), "one title");
    let html = page(
        &app,
        &format!("/shop?subCategory={}&category={}", f.basin, f.faucets),
    )
    .await;
    assert!(
        html.contains("<title>Basin Taps – Faucets | Shop</title>"),
        "{html}"
    );
    // A hostile title stays text.
    let evil = shop::domain::id::new_id();
    app.catalogue
        .insert_categories(&[shop::store::catalogue::NewCategory {
            id: evil.clone(),
            title: "</title><script>alert(1)</script>".into(),
            position: 9,
            sub_categories: vec![],
        }])
        .await
        .unwrap();
    let html = page(&app, &format!("/shop?category={evil}")).await;
    assert!(!html.contains("<script>alert(1)"), "{html}");
    assert!(
        html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Shop</title>"),
        "{html}"
    );
    for plain in [
        "/shop",
        "/shop?category=0123456789abcdef01234567",
        "/shop?category=%ff%zz",
    ] {
        let html = page(&app, plain).await;
        assert!(html.contains(SHOP_TITLE), "{plain}");
    }
}

/// What search engines and link previews read: the product's own title, description,
/// canonical address, cards with its photo, and Product data that parses and holds its
/// price, stock and rating. Text from the catalogue is escaped: a name that closes the
/// script element stays text.
async fn a_product_page_carries_its_title_description_cards_and_json_ld(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let html = page(&app, &format!("/product/{}", f.alpha)).await;
    assert!(
        html.contains("<title>Alpha Kitchen Mixer | Shop</title>"),
        "{html}"
    );
    assert!(!html.contains(SHOP_TITLE), "one title");
    assert!(html.contains("<div id=\"root\">"), "still the shop's page");
    let url = app.url(&format!("/product/{}", f.alpha));
    for tag in [
        "<meta name=\"description\" content=\"Solid brass body with a ceramic valve.\">"
            .to_string(),
        format!("<link rel=\"canonical\" href=\"{url}\">"),
        "<meta property=\"og:title\" content=\"Alpha Kitchen Mixer | Shop\">".to_string(),
        format!(
            "<meta property=\"og:image\" content=\"{}\">",
            app.url("/media/test/alpha-kitchen-mixer.svg")
        ),
        "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_string(),
    ] {
        assert!(html.contains(&tag), "{tag} in {html}");
    }
    let data = json_ld(&html);
    assert_eq!(data["@type"], "Product");
    assert_eq!(data["name"], "Alpha Kitchen Mixer");
    // Its one variant's SKU: the product's id in capitals (migration 0021).
    assert_eq!(data["sku"], f.alpha.to_uppercase());
    assert_eq!(data["offers"]["price"], "100.00");
    assert_eq!(data["offers"]["priceCurrency"], "INR");
    assert_eq!(data["offers"]["availability"], "https://schema.org/InStock");
    assert_eq!(
        data["aggregateRating"],
        serde_json::Value::Null,
        "no reviews yet"
    );
    // Out of stock, and a discount running: the price paid now.
    let gamma = json_ld(&page(&app, &format!("/product/{}", f.gamma)).await);
    assert_eq!(
        gamma["offers"]["availability"],
        "https://schema.org/OutOfStock"
    );
    let beta = json_ld(&page(&app, &format!("/product/{}", f.beta)).await);
    assert_eq!(beta["offers"]["price"], "30.00");

    // A hostile name and description stay text.
    let evil = shop::domain::id::new_id();
    let name = "</script><script>alert(1)</script>";
    app.catalogue
        .insert_products(&[shop::store::catalogue::NewProduct {
            id: evil.clone(),
            description: "\"><img src=x onerror=alert(2)> & more".into(),
            ..crate::helpers::new_product(name, 1_000, &f.faucets, &f.kitchen)
        }])
        .await
        .unwrap();
    let html = page(&app, &format!("/product/{evil}")).await;
    assert!(!html.contains("<script>alert(1)"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        html.contains("<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Shop</title>"),
        "{html}"
    );
    let data = json_ld(&html);
    assert_eq!(data["name"], name, "the JSON still says the name as it is");
    assert_eq!(
        data["description"],
        "\"><img src=x onerror=alert(2)> & more"
    );

    // No such product (or one not in the shop): the shop's page as it is.
    let html = page(&app, "/product/0123456789abcdef01234567").await;
    assert!(html.contains(SHOP_TITLE) && !html.contains("ld+json"));
}

/// The `<loc>`s of a sitemap file.
fn locs(xml: &str) -> Vec<String> {
    xml.split("<loc>")
        .skip(1)
        .map(|part| part.split("</loc>").next().unwrap().replace("&amp;", "&"))
        .collect()
}

/// robots.txt names the sitemap; the sitemap lists the home page, the shop, the shop's
/// six own pages, each category's listing and each product in the shop (archived ones not); past 50,000
/// addresses it becomes an index of files of at most 50,000.
async fn robots_txt_points_to_a_sitemap_of_every_product_and_category(app: TestApp) {
    let f = crate::helpers::fixture(&app).await;
    let robots = page(&app, "/robots.txt").await;
    assert!(
        robots.contains(&format!("Sitemap: {}", app.url("/sitemap.xml"))),
        "{robots}"
    );
    assert!(robots.contains("Disallow: /admin"), "{robots}");
    app.sql(&format!(
        "UPDATE products SET archived_at = 1 WHERE id = '{}'",
        f.epsilon
    ))
    .await;

    let xml = page(&app, "/sitemap.xml").await;
    assert!(xml.starts_with("<?xml") && xml.contains("<urlset"), "{xml}");
    let mut expected = vec![app.url("/"), app.url("/shop")];
    expected.extend(
        ["privacy", "terms", "returns", "delivery", "faq", "e-waste"]
            .map(|slug| app.url(&format!("/pages/{slug}"))),
    );
    expected.extend([
        app.url(&format!("/shop?category={}", f.faucets)),
        app.url(&format!("/shop?category={}", f.heating)),
    ]);
    let mut products: Vec<&String> = vec![&f.alpha, &f.beta, &f.gamma, &f.delta];
    products.sort();
    expected.extend(products.iter().map(|id| app.url(&format!("/product/{id}"))));
    assert_eq!(locs(&xml), expected);

    // 50,000 more: an index of the pages' file and two of products.
    let more: Vec<shop::store::catalogue::NewProduct> = (0..50_000)
        .map(|n| shop::store::catalogue::NewProduct {
            id: shop::domain::id::new_id(),
            ..crate::helpers::new_product(&format!("Fitting {n}"), 100, &f.faucets, &f.kitchen)
        })
        .collect();
    app.catalogue.insert_products(&more).await.unwrap();
    let index = page(&app, "/sitemap.xml").await;
    assert!(
        index.contains("<sitemapindex"),
        "{}",
        &index[..200.min(index.len())]
    );
    assert_eq!(
        locs(&index),
        [0, 1, 2].map(|n| app.url(&format!("/sitemap/{n}.xml")))
    );
    assert_eq!(locs(&page(&app, "/sitemap/0.xml").await), expected[..10]);
    let first = locs(&page(&app, "/sitemap/1.xml").await);
    let second = locs(&page(&app, "/sitemap/2.xml").await);
    assert_eq!((first.len(), second.len()), (50_000, 4));
    assert!(first.last() < second.first(), "in id order, none twice");
    for path in ["/sitemap/3.xml", "/sitemap/x.xml", "/sitemap/-1.xml"] {
        let status = app.client.get(app.url(path)).send().await.unwrap().status();
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
}
