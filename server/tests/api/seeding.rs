//! The demo and benchmark catalogues.

use reqwest::StatusCode;
use shop::seed;
use shop::seed::bench::Spread;

use crate::helpers::{names, TestApp};
use crate::on_both_backends;

on_both_backends!(
    demo_seed_fills_a_believable_catalogue_once,
    bench_seed_builds_n_products,
    bench_seed_gives_about_the_skus_asked_for,
    the_demo_has_products_with_variants_the_listing_filters_and_finds_by_sku,
    a_broad_keyword_search_sorts_like_a_narrow_one,
    the_demo_trade_account_signs_in_and_meets_its_groups_prices_once_seeded,
);

/// What `sql` counts, as its column `n`.
async fn count(app: &TestApp, sql: &str) -> i64 {
    let row = sqlx::query(sql)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .unwrap();
    sqlx::Row::try_get(&row, "n").unwrap()
}

async fn demo_seed_fills_a_believable_catalogue_once(app: TestApp) {
    let report = seed::demo::seed(&app.catalogue, &app.media).await.unwrap();
    assert!(
        report.products >= 240 && report.sub_categories >= 30 && report.banners >= 3,
        "{report}"
    );
    let reviews = seed::demo::seed_reviews(&app.accounts, &app.reviews, &report.product_ids)
        .await
        .unwrap();
    assert!(reviews >= 150, "{reviews} demo reviews");
    // Idempotent: a second run changes nothing.
    seed::demo::seed(&app.catalogue, &app.media).await.unwrap();
    seed::demo::seed_reviews(&app.accounts, &app.reviews, &report.product_ids)
        .await
        .unwrap();
    let (_, first) = app
        .get(&format!("/api/product/{}", report.product_ids[0]))
        .await;
    assert_eq!(
        first["data"]["product"]["reviewCount"], 1,
        "counted once after two runs"
    );
    let (_, listed) = app
        .get(&format!("/api/review/product/{}", report.product_ids[3]))
        .await;
    assert_eq!(listed["data"]["total"], 4);
    assert_eq!(
        listed["data"]["reviews"][0]["user"]["fullName"],
        "Priya Sharma"
    );
    assert_eq!(
        app.catalogue.product_count().await.unwrap(),
        report.products as i64
    );

    let (_, body) = app.get("/api/category").await;
    let titles: Vec<&str> = body["data"]["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Faucets",
            "Pipe Tools",
            "Valve & Controls",
            "Pipe Fittings",
            "Drains & Strainers",
            "Shower Accessories",
            "Heating",
            "Everyday Essentials"
        ]
    );
    let (_, body) = app.get("/api/product?perPage=100&page=1").await;
    let mut all = body["data"]["products"].as_array().unwrap().clone();
    for page in 2..=3 {
        let (_, more) = app
            .get(&format!("/api/product?perPage=100&page={page}"))
            .await;
        all.extend(more["data"]["products"].as_array().unwrap().iter().cloned());
    }
    assert_eq!(all.len(), report.products);
    assert!(
        all.iter().any(|p| p["name"].as_str().unwrap().len() > 45),
        "some names are longer than 45 characters"
    );
    assert!(all.iter().any(|p| p["stock"] == 0), "some are out of stock");
    assert!(
        all.iter()
            .any(|p| (1..10).contains(&p["stock"].as_i64().unwrap())),
        "some are low on stock"
    );
    assert!(
        all.iter()
            .filter(|p| p["stock"].as_i64().unwrap() >= 10)
            .count()
            > all.len() / 2,
        "most are in stock"
    );
    assert!(
        all.iter()
            .any(|p| p["discountPercentage"].as_f64().unwrap() > 0.0),
        "some are discounted"
    );
    let counts: Vec<usize> = all
        .iter()
        .map(|p| p["images"].as_array().unwrap().len())
        .collect();
    assert!(counts.iter().all(|n| (1..=4).contains(n)) && counts.contains(&4));
    // Products with variants carry their sizes and finishes as options instead.
    let plain = all
        .iter()
        .filter(|p| p["size"].is_string() && p["color"].is_string())
        .count();
    assert_eq!(plain, all.len() - report.with_variants);

    let (_, home) = app.get("/api/user/home-page").await;
    assert!(!home["data"]["topProducts"].as_array().unwrap().is_empty());
    // Every image a product or banner names is in the media store.
    let (_, banners) = app.get("/api/banner").await;
    for banner in banners["data"].as_array().unwrap() {
        assert!(banner["url"].as_str().unwrap().starts_with("/shop"));
        let response = app
            .client
            .get(app.url(&format!("/media/{}", banner["image"].as_str().unwrap())))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }
    for product in all.iter().take(20) {
        for image in product["images"].as_array().unwrap() {
            let response = app
                .client
                .get(app.url(&format!("/media/{}", image.as_str().unwrap())))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{image}");
        }
    }
}

async fn bench_seed_builds_n_products(app: TestApp) {
    seed::bench::seed(&app.catalogue, &app.media, 1_200, Spread::Default)
        .await
        .unwrap();
    assert_eq!(app.catalogue.product_count().await.unwrap(), 1_200);
    let (_, body) = app.get("/api/product?keyword=brass&perPage=5").await;
    assert_eq!(names(&body).len(), 5);
    assert!(body["data"]["total"].as_i64().unwrap() > 5);
    // A third of the products come in 2-6 variants.
    let counts: Vec<i64> = sqlx::query(
        "SELECT COUNT(*) AS n FROM product_variants GROUP BY product_id HAVING COUNT(*) > 1",
    )
    .fetch_all(&app.catalogue.db().pool)
    .await
    .unwrap()
    .iter()
    .map(|row| sqlx::Row::try_get(row, "n").unwrap())
    .collect();
    assert_eq!(counts.len(), 400);
    assert!(counts.iter().all(|n| (2..=6).contains(n)), "{counts:?}");
    assert!(counts.contains(&2) && counts.contains(&6));
    let (_, body) = app.get("/api/product?option=Finish%3AChrome").await;
    assert!(body["data"]["total"].as_i64().unwrap() > 50, "{body}");
}

/// A large merchant's catalogue: as many SKUs as asked for, each found by its SKU.
async fn bench_seed_gives_about_the_skus_asked_for(app: TestApp) {
    let spread = Spread::for_skus(1_200, 4_000).unwrap();
    seed::bench::seed(&app.catalogue, &app.media, 1_200, spread)
        .await
        .unwrap();
    let skus = count(&app, "SELECT COUNT(*) AS n FROM product_variants").await;
    assert!((3_900..=4_100).contains(&skus), "{skus}");
    let with_variants =
        "SELECT COUNT(*) AS n FROM (SELECT product_id FROM product_variants GROUP BY product_id HAVING COUNT(*) > 1) t";
    assert_eq!(count(&app, with_variants).await, 400);
    // Every product with variants has 15 and 22 mm in Brass; the largest have more.
    for sku in ["B3-15BR", "b3-22br", "B21-108BR", "B33-12BR"] {
        let (status, body) = app.get(&format!("/api/sku/{sku}")).await;
        assert_eq!(status, StatusCode::OK, "{sku}: {body}");
        assert_eq!(
            body["data"]["variant"]["sku"]
                .as_str()
                .unwrap()
                .to_lowercase(),
            sku.to_lowercase()
        );
    }
}

async fn the_demo_has_products_with_variants_the_listing_filters_and_finds_by_sku(app: TestApp) {
    let report = seed::demo::seed(&app.catalogue, &app.media).await.unwrap();
    assert!(report.with_variants >= 20, "{report}");
    let with_options = "SELECT COUNT(*) AS n FROM products WHERE options <> '[]'";
    assert!(count(&app, with_options).await >= 20);
    assert_eq!(
        count(&app, "SELECT COUNT(*) AS n FROM products WHERE unit = 'm'").await,
        2,
        "copper tube by the metre"
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) AS n FROM products WHERE unit = 'pack' AND pack_size >= 10"
        )
        .await,
        3,
        "PTFE tape and olives in packs"
    );
    // Seeding again changes no variant.
    let variants = count(&app, "SELECT COUNT(*) AS n FROM product_variants").await;
    seed::demo::seed(&app.catalogue, &app.media).await.unwrap();
    assert_eq!(
        count(&app, "SELECT COUNT(*) AS n FROM product_variants").await,
        variants
    );

    // Fittings in 15 mm chrome: the compression and push-fit ranges, the isolating valve.
    let (_, body) = app
        .get("/api/product?perPage=50&option=Size%3A15%20mm&option=Finish%3AChrome&facets=true")
        .await;
    assert_eq!(body["data"]["total"], 9, "{body}");
    let options = &body["data"]["facets"]["options"];
    for name in ["Size", "Finish"] {
        assert!(options[name].is_array(), "{name} in {options}");
    }
    let (_, body) = app.get("/api/product?option=Height%3A600%20mm").await;
    assert_eq!(body["data"]["total"], 2, "the panel radiators");
    let (_, body) = app.get("/api/product?keyword=cel-22-ch").await;
    assert_eq!(names(&body), ["Compression Elbow"]);
    // Each finish has its own drawing.
    let (_, body) = app
        .get(&format!(
            "/api/product/{}",
            body["data"]["products"][0]["_id"].as_str().unwrap()
        ))
        .await;
    let images = body["data"]["product"]["images"].as_array().unwrap();
    assert!(images.len() >= 2, "{body}");
}

/// 'brass' matches an eighth of the bench catalogue: enough that SQLite walks the sort's
/// index instead of sorting the matches. `minPrice=0` changes no result but turns that
/// off, so the two answers must agree for every sort and page.
async fn a_broad_keyword_search_sorts_like_a_narrow_one(app: TestApp) {
    seed::bench::seed(&app.catalogue, &app.media, 1_200, Spread::Default)
        .await
        .unwrap();
    for sort in [
        "",
        "&sortField=createdAt&sortOrder=asc",
        "&sortField=name&sortOrder=asc",
        "&sortField=name&sortOrder=desc",
        "&sortField=price&sortOrder=asc",
        "&sortField=price&sortOrder=desc",
    ] {
        for page in [1, 3] {
            let (_, walked) = app
                .get(&format!(
                    "/api/product?keyword=brass&perPage=10&page={page}{sort}"
                ))
                .await;
            let (_, sorted) = app
                .get(&format!(
                    "/api/product?keyword=brass&minPrice=0&perPage=10&page={page}{sort}"
                ))
                .await;
            assert_eq!(names(&walked).len(), 10, "{sort} page {page}");
            assert_eq!(names(&walked), names(&sorted), "{sort} page {page}");
            assert_eq!(walked["data"]["total"], sorted["data"]["total"]);
        }
    }
}

async fn the_demo_trade_account_signs_in_and_meets_its_groups_prices_once_seeded(app: TestApp) {
    use reqwest::Method;
    use serde_json::json;
    seed::demo::seed(&app.catalogue, &app.media).await.unwrap();
    let added = seed::demo_trade::seed_trade(app.catalogue.db())
        .await
        .unwrap();
    assert!(added > 100, "{added} rows: the group, breaks, the account");
    assert_eq!(
        seed::demo_trade::seed_trade(app.catalogue.db())
            .await
            .unwrap(),
        0,
        "seeding again adds nothing"
    );
    let login = json!({"emailAddress": seed::demo_trade::EMAIL,
        "password": seed::demo_trade::PASSWORD});
    let (status, body) = app
        .call(Method::POST, "/api/auth/login", Some(login), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let token = body["data"]["accessToken"].as_str().unwrap().to_string();
    let (_, me) = app
        .call(Method::GET, "/api/auth/user", None, Some(&token))
        .await;
    let trade = &me["data"]["user"]["trade"];
    assert_eq!(trade["status"], "approved");
    assert_eq!(trade["group"]["name"], "Trade");
    assert_eq!(trade["creditLimit"], 5000.0);
    // An elbow: 10 % off for the group, everyone's breaks at 10 and 50, the group's at 25.
    let (_, listing) = app
        .call(
            Method::GET,
            "/api/product?keyword=elbow&perPage=1",
            None,
            Some(&token),
        )
        .await;
    let card = &listing["data"]["products"][0];
    let list = card["listPrice"].as_f64().expect("a trade card");
    let own = card["discountedPrice"].as_f64().unwrap();
    assert_eq!(own, ((list * 90.0).round()) / 100.0, "{card}");
    let starts: Vec<i64> = card["priceBreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["minQuantity"].as_i64().unwrap())
        .collect();
    // Everyone's 5 % and 10 % never beat the group's 10 % and its 15 % from 25.
    assert_eq!(starts, [25], "{card}");
    let (_, listing) = app
        .call(
            Method::GET,
            "/api/product?keyword=elbow&perPage=1",
            None,
            None,
        )
        .await;
    let starts: Vec<i64> = listing["data"]["products"][0]["priceBreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["minQuantity"].as_i64().unwrap())
        .collect();
    assert_eq!(starts, [10, 50], "a guest meets everyone's");
}
