//! The price resolver in the catalogue's answers, and the shared response cache
//! (docs/DESIGN.md §11, issue 34 items 3 and 4): a trade customer's listing cards,
//! product page, home page, SKU look-up and cart carry their own price, the list price
//! and their breaks (the header's suggestions their price and the list price); a guest's
//! and a retail customer's carry everyone's breaks; and no
//! answer of one is ever sent to another, whatever order they ask in.

use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use super::{approved, trade_terms};
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_trade_customer_sees_their_prices_breaks_and_the_list_price_everywhere,
    the_shared_cache_never_serves_one_shoppers_prices_to_another,
    a_cart_line_is_priced_whenever_someone_has_a_deal_on_it,
);

/// Whether a guest's answer needs pricing is asked of the products' variants, then of
/// each one's breaks by their primary key: never by walking every break for everyone
/// (what SQLite chose for the join this replaced, on every listing a guest computed),
/// whether asked on its own, with a product's variants or with a listing's page.
/// SQLite plans by rule, so this plan is the one a shop of any size gets; PostgreSQL
/// plans by its statistics, which an empty test database has none of.
#[tokio::test]
async fn everyones_breaks_are_asked_of_each_variant_by_key() {
    crate::helpers::run(crate::helpers::Backend::Sqlite, |app: TestApp| async move {
        use shop::store::catalogue::shop_variants_column;
        use shop::store::prices::{everyones_breaks_sql, EVERYONES_BREAKS_ON_PRODUCT};
        use shop::store::Dialect;
        use sqlx::Row;
        let queries = [
            (everyones_breaks_sql(2), 2),
            // Read with each variant of a product's page or SKU look-up.
            (
                format!(
                    "SELECT {} FROM products p WHERE p.id = $1",
                    shop_variants_column(Dialect::Sqlite)
                ),
                1,
            ),
            // Read with a listing's page (`Catalogue::list_page`).
            (
                format!("SELECT MAX({EVERYONES_BREAKS_ON_PRODUCT}) FROM products p WHERE p.id IN ($1, $2)"),
                2,
            ),
        ];
        for (sql, binds) in queries {
            let explained = format!("EXPLAIN QUERY PLAN {sql}");
            let mut query = sqlx::query(&explained);
            for n in 0..binds {
                query = query.bind(format!("product-{n}"));
            }
            let plan: Vec<String> = query
                .fetch_all(&app.catalogue.db().pool)
                .await
                .unwrap()
                .iter()
                .map(|row| row.try_get("detail").unwrap())
                .collect();
            assert!(
                plan.iter()
                    .any(|line| line.contains("sqlite_autoindex_price_breaks_1 (variant_id=? AND group_id=?)")),
                "{sql}: {plan:#?}"
            );
            assert!(
                !plan.iter().any(|line| line.contains("price_breaks_by_group")),
                "{sql}: {plan:#?}"
            );
        }
    })
    .await
}

/// A GET with `token`, and `If-None-Match` when given: the status, the headers that
/// matter (ETag, Cache-Control, X-Cache) and the body.
async fn get(
    app: &TestApp,
    path: &str,
    token: Option<&str>,
    tag: Option<&str>,
) -> (StatusCode, [Option<String>; 3], Value) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(tag) = tag {
        request = request.header(header::IF_NONE_MATCH, tag);
    }
    let response = request.send().await.expect("request is sent");
    let status = response.status();
    let named = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
    };
    let headers = [named("etag"), named("cache-control"), named("x-cache")];
    let body = response.json().await.unwrap_or(Value::Null);
    (status, headers, body)
}

fn card<'a>(listing: &'a Value, product: &str) -> &'a Value {
    listing["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["_id"] == product)
        .expect("the product is listed")
}

fn breaks(pairs: &[(i64, f64)]) -> Value {
    pairs
        .iter()
        .map(|(q, p)| json!({"minQuantity": q, "price": p}))
        .collect()
}

/// An admin, the fixture with the Trade group's terms, and an approved plumber's token.
async fn trade_shop(app: &TestApp) -> (String, Fixture, String) {
    let admin = app.admin().await;
    let f = fixture(app).await;
    let group_id = trade_terms(app, &admin, &f).await;
    let plumber = app.customer("plumber@example.com").await;
    approved(app, &admin, &plumber, &group_id, 5_000.0).await;
    (admin, f, plumber)
}

async fn a_trade_customer_sees_their_prices_breaks_and_the_list_price_everywhere(app: TestApp) {
    let (_, f, plumber) = trade_shop(&app).await;
    let listing = "/api/product?perPage=20";

    let (status, headers, body) = get(&app, listing, Some(&plumber), None).await;
    assert_eq!(status, StatusCode::OK);
    let [etag, cache_control, x_cache] = headers;
    assert_eq!(etag, None, "a trade answer has no shared tag");
    assert_eq!(cache_control.as_deref(), Some("private, no-store"));
    assert_eq!(x_cache.as_deref(), Some("private"));
    let alpha = card(&body, &f.alpha);
    assert_eq!(alpha["price"], 100.0);
    assert_eq!(alpha["discountedPrice"], 90.0);
    assert_eq!(alpha["listPrice"], 100.0);
    assert_eq!(alpha["priceBreaks"], breaks(&[(5, 85.0), (20, 80.0)]));
    let beta = card(&body, &f.beta);
    assert_eq!(
        (
            &beta["discountedPrice"],
            &beta["listPrice"],
            &beta["discountPercentage"]
        ),
        (&json!(24.0), &json!(30.0), &json!(25.0)),
        "the public price and discount stay; theirs is discountedPrice"
    );
    assert_eq!(card(&body, &f.epsilon)["discountedPrice"], 12.0);

    // A guest: public prices and everyone's breaks, with a shared tag.
    let (_, [etag, _, _], body) = get(&app, listing, None, None).await;
    assert!(etag.is_some());
    let alpha = card(&body, &f.alpha);
    assert_eq!(alpha["discountedPrice"], 100.0);
    assert_eq!(alpha.get("listPrice"), None);
    assert_eq!(alpha["priceBreaks"], breaks(&[(10, 88.0), (20, 80.0)]));
    assert_eq!(card(&body, &f.beta)["priceBreaks"], json!([]));

    // The product's page, its variant, the home page and a SKU look-up.
    let (_, _, body) = get(
        &app,
        &format!("/api/product/{}", f.alpha),
        Some(&plumber),
        None,
    )
    .await;
    let product = &body["data"]["product"];
    assert_eq!(product["discountedPrice"], 90.0);
    let variant = &product["variants"][0];
    assert_eq!(
        (&variant["discountedPrice"], &variant["listPrice"]),
        (&json!(90.0), &json!(100.0))
    );
    assert_eq!(variant["priceBreaks"], breaks(&[(5, 85.0), (20, 80.0)]));
    let (_, _, body) = get(&app, "/api/user/home-page", Some(&plumber), None).await;
    let top = body["data"]["topProducts"].as_array().unwrap();
    for product in top {
        assert!(product["listPrice"].is_number(), "{product}");
    }
    let sku = variant["sku"].as_str().unwrap();
    let (_, _, body) = get(&app, &format!("/api/sku/{sku}"), Some(&plumber), None).await;
    assert_eq!(body["data"]["variant"]["discountedPrice"], 90.0);
    assert_eq!(body["data"]["product"]["listPrice"], 100.0);
    // A guest's page and SKU look-up carry everyone's breaks (read with the product).
    for path in [
        format!("/api/product/{}", f.alpha),
        format!("/api/sku/{sku}"),
    ] {
        let (_, _, body) = get(&app, &path, None, None).await;
        let variant = &body["data"]["product"]["variants"][0];
        assert_eq!(
            variant["priceBreaks"],
            breaks(&[(10, 88.0), (20, 80.0)]),
            "{path}"
        );
        assert_eq!(variant.get("listPrice"), None, "{path}");
    }
    let (_, _, body) = get(&app, &format!("/api/product/{}", f.beta), None, None).await;
    assert_eq!(
        body["data"]["product"]["variants"][0]["priceBreaks"],
        json!([])
    );

    // The cart: each line at its quantity.
    app.to_cart(&plumber, &f.alpha, 5).await;
    app.to_cart(&plumber, &f.beta, 1).await;
    let (_, _, body) = get(&app, "/api/user/item?type=cart", Some(&plumber), None).await;
    // Added in one instant of the test clock: in either order.
    let mut lines: Vec<(f64, f64)> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["discountedPrice"].as_f64().unwrap(),
                i["listPrice"].as_f64().unwrap(),
            )
        })
        .collect();
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(lines, [(24.0, 30.0), (85.0, 100.0)]);
    // A quantity change answers the line at its new quantity: their break at twenty.
    let line = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["productId"] == f.alpha.as_str())
        .expect("alpha is in the cart");
    let (status, changed) = app
        .call(
            Method::PATCH,
            &format!("/api/user/item/{}", line["_id"].as_str().unwrap()),
            Some(json!({"quantity": 20})),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    let changed = &changed["data"];
    assert_eq!(
        (&changed["discountedPrice"], &changed["listPrice"]),
        (&json!(80.0), &json!(100.0))
    );
    assert_eq!(changed["priceBreaks"], breaks(&[(5, 85.0), (20, 80.0)]));
    // A guest's cart details: everyone's break at ten.
    let detail = json!({"cartItems": [{"productId": f.alpha, "quantity": 10}]});
    let (status, body) = app
        .call(Method::POST, "/api/user/cart-detail", Some(detail), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = &body["data"]["products"][0];
    assert_eq!(line["discountedPrice"], 88.0);
    assert_eq!(line.get("listPrice"), None);
}

async fn the_shared_cache_never_serves_one_shoppers_prices_to_another(app: TestApp) {
    let (_, f, plumber) = trade_shop(&app).await;
    let retail = app.customer("retail@example.com").await;
    let urls = [
        "/api/product?perPage=20".to_string(),
        format!("/api/product/{}", f.alpha),
        "/api/user/home-page".to_string(),
        "/api/search/suggest?q=alpha".to_string(),
        // Delta links nothing: its sub-category's best sellers, Alpha among them.
        format!("/api/product/{}/related", f.delta),
    ];
    // The alpha in each answer: its card, the product, or the home page's entry.
    let alpha_of = |body: &Value| -> Value {
        let data = &body["data"];
        let list = data["products"]
            .as_array()
            .or_else(|| data["topProducts"].as_array());
        match list {
            Some(list) => list
                .iter()
                .find(|p| p["_id"] == f.alpha.as_str())
                .cloned()
                .unwrap_or(Value::Null),
            None => data["product"].clone(),
        }
    };
    for url in &urls {
        let mut guest_tag: Option<String> = None;
        // Alternating, twice round: each must get its own prices every time.
        for round in 0..2 {
            for who in ["guest", "trade", "retail", "trade"] {
                let token = match who {
                    "trade" => Some(plumber.as_str()),
                    "retail" => Some(retail.as_str()),
                    _ => None,
                };
                // A trade customer naming the public tag still gets the whole answer.
                let tag = (who == "trade").then(|| guest_tag.clone()).flatten();
                let (status, [etag, cache_control, x_cache], body) =
                    get(&app, url, token, tag.as_deref()).await;
                assert_eq!(status, StatusCode::OK, "{url} {who} round {round}");
                let alpha = alpha_of(&body);
                if alpha.is_null() {
                    // Only the home page may leave Alpha out (it shows the featured).
                    assert_eq!(url, "/api/user/home-page", "{body}");
                    continue;
                }
                if who == "trade" {
                    assert_eq!(alpha["discountedPrice"], 90.0, "{url} {who}");
                    assert_eq!(alpha["listPrice"], 100.0, "{url} {who}");
                    assert_eq!(cache_control.as_deref(), Some("private, no-store"));
                    assert_eq!((etag, x_cache.as_deref()), (None, Some("private")));
                } else {
                    assert_eq!(alpha["discountedPrice"], 100.0, "{url} {who}");
                    assert_eq!(alpha.get("listPrice"), None, "{url} {who}");
                    assert_eq!(cache_control.as_deref(), Some("no-cache"));
                    if who == "guest" {
                        guest_tag = etag;
                    } else {
                        // A retail customer's answer is the guest's, kept and shared.
                        assert_eq!(etag, guest_tag, "{url}");
                        assert_eq!(x_cache.as_deref(), Some("hit"), "{url}");
                    }
                }
            }
        }
    }
}

/// A cart line answers its deals whenever the customer may have one: a retail
/// customer's line where everyone has breaks, a trade customer's line where only their
/// group has a price; and a line nobody has a deal on at its public price. The line is
/// read with whether it may have one (everyone's breaks on its variant, the customer's
/// group), and only then priced: each answer here would be the public price were
/// either missed.
async fn a_cart_line_is_priced_whenever_someone_has_a_deal_on_it(app: TestApp) {
    let (_, f, plumber) = trade_shop(&app).await;
    let retail = app.customer("retail@example.com").await;
    let (_, _, listing) = get(&app, "/api/product?perPage=20", None, None).await;
    let public = |product: &str| card(&listing, product)["discountedPrice"].clone();
    let line = |answer: &Value| {
        let line = &answer["data"];
        (
            line["discountedPrice"].clone(),
            line.get("listPrice").cloned(),
            line["priceBreaks"].clone(),
        )
    };
    let add = |token: &str, product: &str, quantity: i64| {
        let body = json!({"productId": product, "quantity": quantity, "type": "cart"});
        let token = token.to_string();
        let app = app.clone();
        async move {
            let (status, answer) = app
                .call(Method::POST, "/api/user/item", Some(body), Some(&token))
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            answer
        }
    };
    let change = |token: &str, answer: &Value, quantity: i64| {
        let path = format!("/api/user/item/{}", answer["data"]["_id"].as_str().unwrap());
        let token = token.to_string();
        let app = app.clone();
        async move {
            let body = json!({"quantity": quantity});
            let (status, answer) = app
                .call(Method::PATCH, &path, Some(body), Some(&token))
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            answer
        }
    };
    let everyones = breaks(&[(10, 88.0), (20, 80.0)]);

    // A retail customer: everyone's breaks on Alpha, at each quantity.
    let alpha = add(&retail, &f.alpha, 10).await;
    assert_eq!(line(&alpha), (json!(88.0), None, everyones.clone()));
    let alpha = change(&retail, &alpha, 20).await;
    assert_eq!(line(&alpha), (json!(80.0), None, everyones.clone()));
    // Nobody has a deal on Beta or Epsilon for them: the public price.
    for product in [&f.beta, &f.epsilon] {
        let added = add(&retail, product, 1).await;
        assert_eq!(line(&added), (public(product), None, json!([])));
        let changed = change(&retail, &added, 2).await;
        assert_eq!(line(&changed), (public(product), None, json!([])));
    }
    let (_, _, cart) = get(&app, "/api/user/item?type=cart", Some(&retail), None).await;
    let alpha_line = cart["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["productId"] == f.alpha.as_str())
        .expect("alpha is in the cart");
    assert_eq!(
        (&alpha_line["discountedPrice"], &alpha_line["priceBreaks"]),
        (&json!(80.0), &everyones)
    );

    // The plumber: no breaks on Epsilon, but their group's price, when added and
    // changed, and in the cart alone.
    let epsilon = add(&plumber, &f.epsilon, 1).await;
    assert_eq!(
        line(&epsilon),
        (json!(12.0), Some(public(&f.epsilon)), json!([]))
    );
    let epsilon = change(&plumber, &epsilon, 3).await;
    assert_eq!(
        line(&epsilon),
        (json!(12.0), Some(public(&f.epsilon)), json!([]))
    );
    let (_, _, cart) = get(&app, "/api/user/item?type=cart", Some(&plumber), None).await;
    assert_eq!(cart["data"][0]["discountedPrice"], 12.0, "{cart}");
}
