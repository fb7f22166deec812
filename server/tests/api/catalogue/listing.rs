//! The shop's catalogue reads: the home page, the listing (sorts, paging, filters,
//! keywords, its parameters), a product's page, the indexes every listing query uses,
//! and the answers' tags. (The menu and banners: `content/`; the kept answers: `kept_answers.rs`.)

use reqwest::StatusCode;
use shop::domain::id::new_id;
use shop::domain::pricing::Discount;
use shop::domain::Money;
use shop::store::catalogue::{NewProduct, ProductFilter, ProductSort, SortField};

use crate::helpers::{fixture, id, names, new_product, TestApp};
use crate::on_both_backends;

on_both_backends!(
    home_page_shows_the_featured_products,
    home_page_without_featured_products_shows_the_newest_eight,
    listing_defaults_to_newest_first_ten_per_page,
    a_listed_product_reads_as_its_own_page_does,
    each_sort_orders_the_listing,
    paging_slices_the_listing_and_keeps_the_total,
    a_page_past_the_end_is_empty_with_the_total,
    category_and_sub_category_filters_narrow_the_listing,
    price_filters_use_the_price_the_shopper_pays,
    keyword_matches_every_word_in_name_description_and_categories,
    keyword_filter_and_sort_combine,
    per_page_is_capped_at_one_hundred,
    each_invalid_listing_parameter_is_a_400_naming_it,
    a_product_reads_with_its_discount,
    an_ended_discount_reports_zero_and_the_full_price,
    unknown_and_malformed_product_ids_are_404,
    a_discount_ending_while_serving_leaves_the_price_filters,
    every_listing_query_is_served_by_an_index,
    keyword_search_reads_numbers_and_fractions_alike_on_both_backends,
    catalogue_answers_carry_strong_etags_and_a_repeat_gets_304,
);

async fn home_page_shows_the_featured_products(app: TestApp) {
    fixture(&app).await;
    let (status, body) = app.get("/api/user/home-page").await;
    assert_eq!(status, StatusCode::OK);
    let top = body["data"]["topProducts"].as_array().unwrap();
    assert_eq!(top.len(), 1);
    assert_eq!(top[0]["name"], "Delta Brass Mixer Tap");
}

async fn home_page_without_featured_products_shows_the_newest_eight(app: TestApp) {
    let f = fixture(&app).await;
    let now = app.clock.now_ms();
    let more: Vec<NewProduct> = (0..6)
        .map(|i| NewProduct {
            created_at: now - i,
            ..new_product(
                &format!("Newer product {i}"),
                1_000,
                &f.heating,
                &f.radiators,
            )
        })
        .collect();
    app.catalogue.insert_products(&more).await.unwrap();
    // Unfeature Delta: with nothing featured, the newest eight show.
    sqlx::query("UPDATE products SET featured = 0")
        .execute(&app.catalogue.db().pool)
        .await
        .unwrap();
    let (_, body) = app.get("/api/user/home-page").await;
    let top: Vec<String> = body["data"]["topProducts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        top,
        [
            "Newer product 0",
            "Newer product 1",
            "Newer product 2",
            "Newer product 3",
            "Newer product 4",
            "Newer product 5",
            "Alpha Kitchen Mixer",
            "Beta Basin Tap"
        ]
    );
}

async fn listing_defaults_to_newest_first_ten_per_page(app: TestApp) {
    fixture(&app).await;
    let (status, body) = app.get("/api/product").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Products fetched successfully");
    assert_eq!(
        names(&body),
        [
            "Alpha Kitchen Mixer",
            "Beta Basin Tap",
            "Gamma Radiator",
            "Delta Brass Mixer Tap",
            "epsilon chrome radiator valve"
        ]
    );
    assert_eq!(body["data"]["total"], 5);
    assert_eq!(body["data"]["page"], 1);
    assert_eq!(body["data"]["perPage"], 10);
}

/// A listing reads its page's rows in one go (as JSON the database builds), a product's
/// own page row by row: both must say the same of every product, nulls, discounts,
/// quotes, backslashes and characters outside ASCII included.
async fn a_listed_product_reads_as_its_own_page_does(app: TestApp) {
    let f = fixture(&app).await;
    app.catalogue
        .insert_products(&[NewProduct {
            description: "A \"quoted\" back\\slash, a tab\there, émigré ünïcödé ✓ and </script>"
                .into(),
            images: vec!["test/a.svg".into(), "test/b \"c\".svg".into()],
            size: Some("½\"".into()),
            color: None,
            ..new_product("Zeta «Valve» \\ 10%", 1_234, &f.heating, &f.radiators)
        }])
        .await
        .unwrap();
    let (status, body) = app.get("/api/product?perPage=100").await;
    assert_eq!(status, StatusCode::OK);
    let listed = body["data"]["products"].as_array().unwrap();
    assert_eq!(listed.len(), 6, "{body}");
    for product in listed {
        let (status, own) = app
            .get(&format!(
                "/api/product/{}",
                product["_id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(status, StatusCode::OK);
        // The page adds its variants (docs/DESIGN.md §9); cards leave them out.
        let mut own = own["data"]["product"].clone();
        assert_eq!(own["variants"].as_array().map(Vec::len), Some(1));
        own.as_object_mut().unwrap().remove("variants");
        assert_eq!(product, &own);
    }
    let zeta = listed
        .iter()
        .find(|p| p["name"] == "Zeta «Valve» \\ 10%")
        .unwrap();
    assert_eq!(zeta["color"], serde_json::Value::Null);
    assert_eq!(zeta["size"], "½\"");
    assert_eq!(
        zeta["images"],
        serde_json::json!(["test/a.svg", "test/b \"c\".svg"])
    );
}

async fn each_sort_orders_the_listing(app: TestApp) {
    fixture(&app).await;
    let cases = [
        (
            "sortField=name&sortOrder=asc",
            [
                "Alpha Kitchen Mixer",
                "Beta Basin Tap",
                "Delta Brass Mixer Tap",
                "epsilon chrome radiator valve",
                "Gamma Radiator",
            ],
        ),
        (
            "sortField=name&sortOrder=desc",
            [
                "Gamma Radiator",
                "epsilon chrome radiator valve",
                "Delta Brass Mixer Tap",
                "Beta Basin Tap",
                "Alpha Kitchen Mixer",
            ],
        ),
        (
            "sortField=price&sortOrder=asc",
            [
                "epsilon chrome radiator valve",
                "Beta Basin Tap",
                "Delta Brass Mixer Tap",
                "Alpha Kitchen Mixer",
                "Gamma Radiator",
            ],
        ),
        (
            "sortField=price&sortOrder=desc",
            [
                "Gamma Radiator",
                "Alpha Kitchen Mixer",
                "Delta Brass Mixer Tap",
                "Beta Basin Tap",
                "epsilon chrome radiator valve",
            ],
        ),
        (
            "sortField=createdAt&sortOrder=desc",
            [
                "Alpha Kitchen Mixer",
                "Beta Basin Tap",
                "Gamma Radiator",
                "Delta Brass Mixer Tap",
                "epsilon chrome radiator valve",
            ],
        ),
        (
            "sortField=createdAt&sortOrder=asc",
            [
                "epsilon chrome radiator valve",
                "Delta Brass Mixer Tap",
                "Gamma Radiator",
                "Beta Basin Tap",
                "Alpha Kitchen Mixer",
            ],
        ),
    ];
    for (query, expected) in cases {
        let (status, body) = app.get(&format!("/api/product?{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(names(&body), expected, "{query}");
    }
}

async fn paging_slices_the_listing_and_keeps_the_total(app: TestApp) {
    fixture(&app).await;
    let (_, body) = app.get("/api/product?page=2&perPage=2").await;
    assert_eq!(names(&body), ["Gamma Radiator", "Delta Brass Mixer Tap"]);
    assert_eq!(body["data"]["total"], 5);
    assert_eq!(body["data"]["page"], 2);
    assert_eq!(body["data"]["perPage"], 2);
    let (_, last) = app.get("/api/product?page=3&perPage=2").await;
    assert_eq!(names(&last), ["epsilon chrome radiator valve"]);
    assert_eq!(last["data"]["total"], 5);
}

async fn a_page_past_the_end_is_empty_with_the_total(app: TestApp) {
    fixture(&app).await;
    let (status, body) = app.get("/api/product?page=9&perPage=2").await;
    assert_eq!(status, StatusCode::OK);
    assert!(names(&body).is_empty());
    assert_eq!(body["data"]["total"], 5);
}

async fn category_and_sub_category_filters_narrow_the_listing(app: TestApp) {
    let f = fixture(&app).await;
    let (_, body) = app
        .get(&format!("/api/product?categoryIds={}", f.heating))
        .await;
    assert_eq!(
        names(&body),
        ["Gamma Radiator", "epsilon chrome radiator valve"]
    );
    assert_eq!(body["data"]["total"], 2);
    let (_, body) = app
        .get(&format!("/api/product?subCategoryIds={}", f.kitchen))
        .await;
    assert_eq!(
        names(&body),
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    let (_, body) = app
        .get(&format!(
            "/api/product?subCategoryIds={},{}",
            f.kitchen, f.basin
        ))
        .await;
    assert_eq!(
        names(&body),
        [
            "Alpha Kitchen Mixer",
            "Beta Basin Tap",
            "Delta Brass Mixer Tap"
        ]
    );
    let (_, body) = app
        .get(&format!(
            "/api/product?categoryIds={},{}&perPage=2",
            f.faucets, f.heating
        ))
        .await;
    assert_eq!(body["data"]["total"], 5);
    // Both filters hold at once: a Heating sub-category under Faucets matches nothing.
    let (_, body) = app
        .get(&format!(
            "/api/product?categoryIds={}&subCategoryIds={}",
            f.faucets, f.radiators
        ))
        .await;
    assert!(names(&body).is_empty());
    assert_eq!(body["data"]["total"], 0);
    // An id that exists nowhere matches nothing.
    let (status, body) = app
        .get(&format!("/api/product?categoryIds={}", new_id()))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["total"], 0);
}

async fn price_filters_use_the_price_the_shopper_pays(app: TestApp) {
    fixture(&app).await;
    // Beta lists at 40.00 but pays 30.00; Gamma's discount has ended, so it pays 250.00.
    let (_, body) = app
        .get("/api/product?minPrice=30&maxPrice=60&sortField=price&sortOrder=asc")
        .await;
    assert_eq!(names(&body), ["Beta Basin Tap", "Delta Brass Mixer Tap"]);
    assert_eq!(body["data"]["total"], 2);
    let (_, body) = app.get("/api/product?maxPrice=35").await;
    assert_eq!(
        names(&body),
        ["Beta Basin Tap", "epsilon chrome radiator valve"]
    );
    let (_, body) = app.get("/api/product?minPrice=200.00").await;
    assert_eq!(names(&body), ["Gamma Radiator"]);
    let (_, body) = app.get("/api/product?minPrice=15.5&maxPrice=15.50").await;
    assert_eq!(names(&body), ["epsilon chrome radiator valve"]);
}

async fn keyword_matches_every_word_in_name_description_and_categories(app: TestApp) {
    fixture(&app).await;
    let search = |q: &'static str| {
        let app = app.clone();
        async move {
            let (status, body) = app.get(&format!("/api/product?keyword={q}")).await;
            assert_eq!(status, StatusCode::OK, "{q}");
            names(&body)
        }
    };
    assert_eq!(
        search("brass").await,
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"],
        "name or description"
    );
    assert_eq!(
        search("BRASS%20Mixer").await,
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"],
        "case-insensitive, every word"
    );
    assert_eq!(
        search("ceramic%20basin").await,
        ["Beta Basin Tap"],
        "every word must match"
    );
    assert_eq!(
        search("heating").await,
        ["Gamma Radiator", "epsilon chrome radiator valve"],
        "category title"
    );
    assert_eq!(
        search("kitchen%20mixers").await,
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"],
        "sub-category title"
    );
    assert_eq!(
        search("radia").await,
        ["Gamma Radiator", "epsilon chrome radiator valve"],
        "word beginnings"
    );
    assert!(search("zzzz").await.is_empty());
    assert!(search("brass%20zzzz").await.is_empty());
    // Search-engine syntax is plain text, never an operator or an error.
    assert_eq!(search("%22brass%22%20OR%20*").await, Vec::<String>::new());
    assert_eq!(
        search("brass-mixer").await,
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
}

async fn keyword_filter_and_sort_combine(app: TestApp) {
    let f = fixture(&app).await;
    let (_, body) = app
        .get(&format!(
            "/api/product?keyword=mixer&categoryIds={}&maxPrice=99&sortField=price&sortOrder=asc",
            f.faucets
        ))
        .await;
    assert_eq!(names(&body), ["Delta Brass Mixer Tap"]);
    let (_, body) = app
        .get(&format!(
            "/api/product?keyword=mixer&categoryIds={}&sortField=price&sortOrder=desc&perPage=1",
            f.faucets
        ))
        .await;
    assert_eq!(names(&body), ["Alpha Kitchen Mixer"]);
    assert_eq!(body["data"]["total"], 2);
}

async fn per_page_is_capped_at_one_hundred(app: TestApp) {
    fixture(&app).await;
    let (status, body) = app.get("/api/product?perPage=1000").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["perPage"], 100);
}

async fn each_invalid_listing_parameter_is_a_400_naming_it(app: TestApp) {
    fixture(&app).await;
    let cases = [
        (
            "page=0",
            "page",
            "page must be a whole number from 1 to 10000",
        ),
        (
            "page=two",
            "page",
            "page must be a whole number from 1 to 10000",
        ),
        (
            "perPage=0",
            "perPage",
            "perPage must be a whole number of at least 1",
        ),
        (
            "sortField=rating",
            "sortField",
            "sortField must be one of name, price, createdAt, relevance",
        ),
        (
            "sortOrder=sideways",
            "sortOrder",
            "sortOrder must be asc or desc",
        ),
        ("minPrice=-1", "minPrice", "minPrice must not be negative"),
        (
            "maxPrice=cheap",
            "maxPrice",
            "maxPrice must be a number such as 25 or 24.99",
        ),
        (
            "minPrice=1.999",
            "minPrice",
            "minPrice must have at most two decimals",
        ),
        (
            "minPrice=50&maxPrice=10",
            "minPrice",
            "minPrice must not be more than maxPrice",
        ),
        (
            "categoryIds=drop%20table",
            "categoryIds",
            "categoryIds contains an invalid id: drop table",
        ),
        (
            "subCategoryIds=x",
            "subCategoryIds",
            "subCategoryIds contains an invalid id: x",
        ),
    ];
    for (query, field, text) in cases {
        let (status, body) = app.get(&format!("/api/product?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(body["success"], false, "{query}");
        assert_eq!(body["message"], text, "{query}");
        assert_eq!(body["errors"][field], text, "{query}");
    }
    let long = "a".repeat(201);
    let (status, body) = app.get(&format!("/api/product?keyword={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["keyword"],
        "keyword must be at most 200 characters"
    );
    // Two bad parameters: both are named.
    let (_, body) = app.get("/api/product?page=0&sortOrder=up").await;
    assert!(
        body["errors"]["page"].is_string() && body["errors"]["sortOrder"].is_string(),
        "{body}"
    );
}

async fn a_product_reads_with_its_discount(app: TestApp) {
    let f = fixture(&app).await;
    let (status, body) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Product fetched successfully");
    let p = &body["data"]["product"];
    assert_eq!(p["_id"], f.beta.as_str());
    assert_eq!(p["name"], "Beta Basin Tap");
    assert_eq!(p["price"], 40.0);
    assert_eq!(p["discountPercentage"], 25.0);
    assert_eq!(p["discountedPrice"], 30.0);
    assert!(p["discountEndDate"].as_str().unwrap().ends_with('Z'));
    assert_eq!(p["stock"], 5);
    assert_eq!(
        p["category"],
        serde_json::json!({"_id": f.faucets, "title": "Faucets"})
    );
    assert_eq!(
        p["subCategory"],
        serde_json::json!({"_id": f.basin, "title": "Basin Taps"})
    );
    assert_eq!(p["images"], serde_json::json!(["test/beta-basin-tap.svg"]));
    assert_eq!(p["rating"], 0.0);
    assert_eq!(p["reviewCount"], 0);
    assert_eq!(p["size"], "Standard");
    assert_eq!(p["color"], "Chrome");
    assert!(p["createdAt"].as_str().unwrap().ends_with('Z'));
}

async fn an_ended_discount_reports_zero_and_the_full_price(app: TestApp) {
    let f = fixture(&app).await;
    let (_, body) = app.get(&format!("/api/product/{}", f.gamma)).await;
    let p = &body["data"]["product"];
    assert_eq!(p["price"], 250.0);
    assert_eq!(p["discountPercentage"], 0.0);
    assert_eq!(p["discountedPrice"], 250.0);
    assert_eq!(p["discountEndDate"], serde_json::Value::Null);
}

async fn unknown_and_malformed_product_ids_are_404(app: TestApp) {
    fixture(&app).await;
    for id in [
        new_id(),
        "not-an-id".to_string(),
        "%27%20OR%201%3D1".to_string(),
    ] {
        let (status, body) = app.get(&format!("/api/product/{id}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{id}");
        assert_eq!(
            body,
            serde_json::json!({"success": false, "message": "Product not found"})
        );
    }
}

async fn a_discount_ending_while_serving_leaves_the_price_filters(app: TestApp) {
    let f = fixture(&app).await;
    let id = new_id();
    let ends = app.clock.now_ms() + 400;
    app.catalogue
        .insert_products(&[NewProduct {
            id: id.clone(),
            discount: Discount {
                basis_points: 5_000,
                ends_at: Some(ends),
            },
            ..new_product("Flash Sale Valve", 8_000, &f.heating, &f.radiators)
        }])
        .await
        .unwrap();
    let (_, body) = app.get("/api/product?maxPrice=40&keyword=flash").await;
    assert_eq!(
        names(&body),
        ["Flash Sale Valve"],
        "discounted to 40.00 while the sale runs"
    );
    app.clock.advance(std::time::Duration::from_millis(500));
    // The product itself reports the full price at once…
    let (_, body) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(body["data"]["product"]["discountedPrice"], 80.0);
    // …and once swept, filters and sorts use it too.
    assert_eq!(app.catalogue.sweep_expired_discounts().await.unwrap(), 1);
    let (_, body) = app.get("/api/product?maxPrice=40&keyword=flash").await;
    assert!(names(&body).is_empty());
    let (_, body) = app.get("/api/product?minPrice=80&maxPrice=80").await;
    assert_eq!(names(&body), ["Flash Sale Valve"]);
}

/// No listing query scans the products table: each filter and sort is served by an index
/// (the plans are read from the database itself; see `Catalogue::listing_plan`).
async fn every_listing_query_is_served_by_an_index(app: TestApp) {
    let f = fixture(&app).await;
    let price = |min: i64, max: i64| (Some(Money::from_cents(min)), Some(Money::from_cents(max)));
    let (min_paid, max_paid) = price(1_000, 5_000);
    let (heating_min, heating_max) = price(5_000, 20_000);
    let filters = [
        ProductFilter::default(),
        ProductFilter {
            keyword_words: vec!["brass".into(), "mix".into()],
            ..Default::default()
        },
        ProductFilter {
            category_ids: vec![id(&f.faucets)],
            ..Default::default()
        },
        ProductFilter {
            sub_category_ids: vec![id(&f.kitchen), id(&f.basin)],
            ..Default::default()
        },
        ProductFilter {
            min_paid,
            max_paid,
            ..Default::default()
        },
        ProductFilter {
            category_ids: vec![id(&f.heating)],
            min_paid: heating_min,
            max_paid: heating_max,
            ..Default::default()
        },
        ProductFilter {
            keyword_words: vec!["radiator".into()],
            category_ids: vec![id(&f.heating)],
            ..Default::default()
        },
    ];
    for filter in &filters {
        for field in [SortField::CreatedAt, SortField::Name, SortField::Price] {
            for descending in [true, false] {
                let plan = app
                    .catalogue
                    .listing_plan(filter, ProductSort { field, descending })
                    .await
                    .unwrap();
                assert!(!plan.is_empty());
                assert!(
                    !plan.iter().any(|line| scans_the_products_table(line)),
                    "{filter:?} sorted by {field:?}: {plan:#?}"
                );
                // SQLite counts without reading a row (PostgreSQL's planner decides by
                // statistics a test database does not have). The count's plan comes last.
                if app.catalogue.db().dialect == shop::store::Dialect::Sqlite
                    && filter.keyword_words.is_empty()
                {
                    let count = plan.last().unwrap();
                    assert!(
                        count.contains("USING COVERING INDEX"),
                        "{filter:?}: the count reads rows: {plan:#?}"
                    );
                }
            }
        }
    }
}

/// SQLite: `SCAN p` alone reads the whole table (`SCAN p USING INDEX …` walks an index).
/// PostgreSQL (sequential scans switched off for the plan): `Seq Scan on products`.
fn scans_the_products_table(line: &str) -> bool {
    let line = line.trim();
    line == "SCAN p" || line.contains("Seq Scan on products")
}

/// Numbers, fractions and accents: the same words match on both backends.
async fn keyword_search_reads_numbers_and_fractions_alike_on_both_backends(app: TestApp) {
    let f = fixture(&app).await;
    app.catalogue
        .insert_products(&[NewProduct {
            description: "Fits 1/2 inch and 3/4 inch tails.".into(),
            ..new_product("Café Shower Hose, 1.25 m", 1_999, &f.faucets, &f.basin)
        }])
        .await
        .unwrap();
    for query in [
        "hose%201.25",
        "1.25%20m",
        "3%2F4%20inch",
        "1%2F2",
        "caf%C3%A9",
        "CAF%C3%89%20hose",
    ] {
        let (status, body) = app.get(&format!("/api/product?keyword={query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}");
        assert_eq!(names(&body), ["Café Shower Hose, 1.25 m"], "{query}");
    }
    // Accents are kept on both backends: 'cafe' is another word.
    let (_, body) = app.get("/api/product?keyword=cafe%20hose").await;
    assert!(names(&body).is_empty());
}

/// A GET of `path` with `If-None-Match: wanted` (if any) and `Accept-Encoding`:
/// the status, the ETag and the body's length.
async fn conditional_get(
    app: &TestApp,
    path: &str,
    wanted: Option<&str>,
    encoding: &str,
) -> (StatusCode, Option<String>, usize) {
    let mut request = app
        .client
        .get(app.url(path))
        .header("accept-encoding", encoding);
    if let Some(wanted) = wanted {
        request = request.header("if-none-match", wanted);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let tag = response
        .headers()
        .get("etag")
        .map(|v| v.to_str().unwrap().to_string());
    if tag.is_some() {
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
    }
    (status, tag, response.bytes().await.unwrap().len())
}

/// Every public catalogue answer carries a strong tag of its bytes; a repeat naming
/// it gets 304 and no body; a change to the catalogue changes the tag at once.
async fn catalogue_answers_carry_strong_etags_and_a_repeat_gets_304(app: TestApp) {
    let f = fixture(&app).await;
    let paths = [
        "/api/category".to_string(),
        "/api/banner".to_string(),
        "/api/user/home-page".to_string(),
        "/api/product?sortField=price&sortOrder=asc".to_string(),
        format!("/api/product/{}", f.alpha),
        format!("/api/review/product/{}", f.alpha),
    ];
    for path in &paths {
        let (status, tag, length) = conditional_get(&app, path, None, "identity").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let tag = tag.unwrap_or_else(|| panic!("{path} has no ETag"));
        assert!(tag.starts_with('"') && tag.ends_with('"'), "strong: {tag}");
        assert!(length > 0);
        let (status, again, length) = conditional_get(&app, path, Some(&tag), "identity").await;
        assert_eq!((status, length), (StatusCode::NOT_MODIFIED, 0), "{path}");
        assert_eq!(again.as_ref(), Some(&tag), "{path}");
        let (status, _, _) =
            conditional_get(&app, path, Some("\"something-else\""), "identity").await;
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    // The listing gzipped is another representation, with a tag of its own.
    let listing = "/api/product?perPage=100";
    let (_, plain, _) = conditional_get(&app, listing, None, "identity").await;
    let (_, zipped, _) = conditional_get(&app, listing, None, "gzip").await;
    assert_ne!(plain, zipped);
    let (status, _, _) = conditional_get(&app, listing, zipped.as_deref(), "gzip").await;
    assert_eq!(status, StatusCode::NOT_MODIFIED);
    // A price change: the old tag no longer matches, on the listing and the product.
    let product = format!("/api/product/{}", f.alpha);
    let (_, before, _) = conditional_get(&app, &product, None, "identity").await;
    app.sql(&format!(
        "UPDATE products SET price_cents = 12300, paid_cents = 12300 WHERE id = '{}'",
        f.alpha
    ))
    .await;
    // Written behind the shop's back (as another node's stock change would be): seen
    // once the answers kept in memory are a second old.
    app.clock.advance(std::time::Duration::from_secs(1));
    for (path, tag) in [(listing, &plain), (product.as_str(), &before)] {
        let (status, now, _) = conditional_get(&app, path, tag.as_deref(), "identity").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_ne!(&now, tag, "{path}");
    }
    // Refusals and what is not the public catalogue carry none.
    let (status, tag, _) = conditional_get(
        &app,
        "/api/product/0123456789abcdef01234567",
        None,
        "identity",
    )
    .await;
    assert_eq!((status, tag), (StatusCode::NOT_FOUND, None));
    let (status, tag, _) = conditional_get(&app, "/api/product?page=0", None, "identity").await;
    assert_eq!((status, tag), (StatusCode::BAD_REQUEST, None));
    let (_, tag, _) = conditional_get(&app, "/api/openapi.json", None, "identity").await;
    assert_eq!(tag, None);
}
