//! Keyword search through the search index: the same answers as the
//! database's search for every keyword, filter, sort and page; typo tolerance and 'Did
//! you mean'; and the index following every catalogue change, at once on the node that
//! made it and on another node as soon as it looks at the change feed.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::new_id;
use shop::domain::Money;
use shop::store::catalogue::{
    Catalogue, NewCategory, NewProduct, ProductFilter, ProductSort, SortField,
};

use crate::helpers::{
    drop_database, fixture, fresh_database, id, names, new_product, Backend, Fixture, TestApp,
};
use crate::on_both_backends;
use crate::process::Server;

on_both_backends!(
    search_answers_as_the_database_does_for_every_keyword_filter_sort_and_page,
    typos_find_what_the_shopper_meant_and_an_empty_search_offers_did_you_mean,
    the_index_follows_every_change_at_once_here_and_on_another_node_when_it_looks,
    facets_count_each_choice_leaving_out_its_own_filter_and_add_up_to_the_total,
    best_match_ranks_the_name_first_then_other_words_then_beginnings_and_typos,
);

/// Another node on the same database: it has built no index yet, so its keyword
/// listings are the database's own search, the reference the index must equal.
fn other_node(app: &TestApp) -> Catalogue {
    Catalogue::new(app.catalogue.db().clone(), app.clock.clone())
}

async fn search_answers_as_the_database_does_for_every_keyword_filter_sort_and_page(app: TestApp) {
    let (plumbing, heating) = (new_id(), new_id());
    let (valves, taps, radiators) = (new_id(), new_id(), new_id());
    app.catalogue
        .insert_categories(&[
            NewCategory {
                id: plumbing.clone(),
                title: "Plumbing".into(),
                position: 0,
                sub_categories: vec![
                    (valves.clone(), "Valves".into()),
                    (taps.clone(), "Taps".into()),
                ],
            },
            NewCategory {
                id: heating.clone(),
                title: "Heating".into(),
                position: 1,
                sub_categories: vec![(radiators.clone(), "Radiators".into())],
            },
        ])
        .await
        .unwrap();
    // 72 products whose names, prices and ages repeat, so every sort has ties for the
    // id to break, and whose names differ in case, which the name sort ignores.
    let firsts = ["Brass", "brass", "Chrome", "STEEL", "Copper", "chrome"];
    let kinds = ["Ball Valve", "Basin Tap", "Panel Radiator", "mixer tap"];
    let sizes = ["15mm", "22mm", "3/4 inch"];
    let now = app.clock.now_ms();
    let mut products = Vec::new();
    for (i, ((first, kind), size)) in firsts
        .iter()
        .flat_map(|f| kinds.iter().map(move |k| (f, k)))
        .flat_map(|fk| sizes.iter().map(move |s| (fk, s)))
        .enumerate()
    {
        let (category, sub) = match *kind {
            "Panel Radiator" => (&heating, &radiators),
            "Ball Valve" => (&plumbing, &valves),
            _ => (&plumbing, &taps),
        };
        let i = i as i64;
        products.push(NewProduct {
            description: format!("A {size} {kind} for every home."),
            created_at: now - (i % 9) * 60_000,
            ..new_product(
                &format!("{first} {kind} {size}"),
                500 + (i % 7) * 250,
                category,
                sub,
            )
        });
    }
    app.catalogue.insert_products(&products).await.unwrap();
    assert!(app.catalogue.search_is_built(), "built by the load");
    let reference = other_node(&app);
    assert!(!reference.search_is_built());

    let keywords = [
        // No keyword: the index's in-memory orders.
        "",
        "valve",
        "brass valve",
        "bras",
        "b",
        "tap mixer",
        "chrome 15mm",
        "3 4",
        "heating",
        "plumbing taps",
        "every home",
        "panel radiator 22",
        "nothing",
    ];
    let filters = [
        ProductFilter::default(),
        ProductFilter {
            category_ids: vec![id(&plumbing)],
            ..Default::default()
        },
        ProductFilter {
            sub_category_ids: vec![id(&taps), id(&radiators)],
            ..Default::default()
        },
        ProductFilter {
            min_paid: Some(Money::from_cents(750)),
            max_paid: Some(Money::from_cents(1_250)),
            ..Default::default()
        },
        ProductFilter {
            category_ids: vec![id(&heating)],
            max_paid: Some(Money::from_cents(1_000)),
            ..Default::default()
        },
        // Nothing can match: a sub-category of another category, a category unknown.
        ProductFilter {
            category_ids: vec![id(&heating)],
            sub_category_ids: vec![id(&taps)],
            ..Default::default()
        },
        ProductFilter {
            category_ids: vec![id(&new_id())],
            ..Default::default()
        },
    ];
    let sorts = [SortField::CreatedAt, SortField::Name, SortField::Price]
        .into_iter()
        .flat_map(|field| [true, false].map(|descending| ProductSort { field, descending }));
    let sorts: Vec<ProductSort> = sorts.collect();
    let pages = [(0, 10), (10, 10), (5, 7), (0, 100), (60, 10)];
    let mut compared = 0;
    let mut found = 0;
    for keyword in keywords {
        for filter in &filters {
            let filter = ProductFilter {
                keyword_words: ProductFilter::keyword(keyword),
                ..filter.clone()
            };
            for &sort in &sorts {
                for (offset, limit) in pages {
                    let listed = |catalogue: &Catalogue| {
                        let catalogue = catalogue.clone();
                        let filter = filter.clone();
                        async move {
                            let (rows, total) = catalogue
                                .list_products(&filter, sort, offset, limit)
                                .await
                                .unwrap();
                            let ids: Vec<String> = rows.into_iter().map(|r| r.id).collect();
                            (ids, total)
                        }
                    };
                    let from_index = listed(&app.catalogue).await;
                    let from_database = listed(&reference).await;
                    assert_eq!(
                        from_index, from_database,
                        "{keyword:?} {filter:?} {sort:?} offset {offset} limit {limit}"
                    );
                    compared += 1;
                    found += from_index.0.len();
                }
            }
        }
    }
    assert_eq!(compared, 13 * 7 * 6 * 5);
    assert!(found > 1_000, "the cases find products: {found}");
    assert!(
        !reference.search_is_built(),
        "the reference stayed the database's"
    );
}

async fn search(app: &TestApp, keyword: &str) -> Value {
    let (status, body) = app
        .get(&format!(
            "/api/product?keyword={}&sortField=name&sortOrder=asc",
            keyword.replace(' ', "+")
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn typos_find_what_the_shopper_meant_and_an_empty_search_offers_did_you_mean(app: TestApp) {
    let f = fixture(&app).await;
    app.catalogue
        .insert_products(&[new_product(
            "Thermostatic Radiator Valve",
            2_400,
            &f.heating,
            &f.radiators,
        )])
        .await
        .unwrap();
    // One typo in a word of 5 to 7 letters, two from 8; the words are known, so
    // exact words match as they are.
    for (keyword, expected) in [
        (
            "radiatr",
            &[
                "epsilon chrome radiator valve",
                "Gamma Radiator",
                "Thermostatic Radiator Valve",
            ][..],
        ),
        ("thermostatc", &["Thermostatic Radiator Valve"]),
        ("thremostatic valev", &["Thermostatic Radiator Valve"]),
        (
            "radaitor valve",
            &[
                "epsilon chrome radiator valve",
                "Thermostatic Radiator Valve",
            ],
        ),
        (
            "valve",
            &[
                "Alpha Kitchen Mixer",
                "epsilon chrome radiator valve",
                "Thermostatic Radiator Valve",
            ],
        ),
    ] {
        let body = search(&app, keyword).await;
        assert_eq!(names(&body), expected, "{keyword}");
        assert_eq!(body["data"]["total"], expected.len(), "{keyword}");
        assert!(
            body["data"].get("didYouMean").is_none(),
            "{keyword}: found, so none"
        );
    }
    // A word under 5 letters allows no typo; the empty answer says what it may mean,
    // from the catalogue's own words, only when those words find something.
    for (keyword, meant) in [
        ("vlve", Some("valve")),
        ("brass vlve", Some("brass valve")),
        ("radaitor vlve", Some("radiator valve")),
        ("mxer tapp", Some("mixer tap")),
        ("gamma vlve", None), // 'gamma valve' finds nothing either
        ("xyzzy", None),
        ("qq", None),
    ] {
        let body = search(&app, keyword).await;
        assert_eq!(body["data"]["total"], 0, "{keyword}");
        assert_eq!(
            body["data"].get("didYouMean").and_then(Value::as_str),
            meant,
            "{keyword}"
        );
        if let Some(meant) = meant {
            let corrected = search(&app, meant).await;
            assert!(corrected["data"]["total"].as_i64().unwrap() > 0, "{meant}");
        }
    }
    // A listing without keywords never carries it.
    let (_, body) = app.get("/api/product?minPrice=100000").await;
    assert_eq!(body["data"]["total"], 0);
    assert!(body["data"].get("didYouMean").is_none());
}

/// The names a keyword search finds on `catalogue`, name order.
async fn found(catalogue: &Catalogue, keyword: &str) -> Vec<String> {
    let filter = ProductFilter {
        keyword_words: ProductFilter::keyword(keyword),
        ..Default::default()
    };
    let sort = ProductSort {
        field: SortField::Name,
        descending: false,
    };
    let (rows, total) = catalogue
        .list_products(&filter, sort, 0, 100)
        .await
        .unwrap();
    assert_eq!(total as usize, rows.len(), "{keyword}");
    rows.into_iter().map(|r| r.name).collect()
}

async fn admin_call(app: &TestApp, token: &str, method: Method, path: &str, body: Option<Value>) {
    let (status, body) = app.call(method, path, body, Some(token)).await;
    assert!(status.is_success(), "{path}: {status} {body}");
}

/// The product form's fields for a shower head in Faucets / Basin Taps.
fn shower(f: &Fixture, name: &str, price: f64) -> Value {
    json!({
        "name": name,
        "description": "Rain shower, 200 mm.",
        "price": price,
        "discountPercentage": 0,
        "discountEndDate": null,
        "stock": 3,
        "categoryId": f.faucets,
        "subCategoryId": f.basin,
        "size": null,
        "color": null,
        "featured": false,
    })
}

/// How many products a keyword search for `keyword` finds on `catalogue` at a price
/// paid of at most `max_cents`.
async fn at_most(catalogue: &Catalogue, keyword: &str, max_cents: i64) -> i64 {
    let filter = ProductFilter {
        keyword_words: ProductFilter::keyword(keyword),
        max_paid: Some(Money::from_cents(max_cents)),
        ..Default::default()
    };
    let sort = ProductSort {
        field: SortField::Price,
        descending: false,
    };
    catalogue
        .list_products(&filter, sort, 0, 10)
        .await
        .unwrap()
        .1
}

async fn the_index_follows_every_change_at_once_here_and_on_another_node_when_it_looks(
    app: TestApp,
) {
    let f = fixture(&app).await;
    let token = app.admin().await;
    let other = other_node(&app);
    assert!(
        other.follow_changes().await.unwrap(),
        "its first look builds its index"
    );
    assert!(other.search_is_built());
    let here = |keyword: &'static str| {
        let app = app.clone();
        async move { found(&app.catalogue, keyword).await }
    };
    let there = |keyword: &'static str| {
        let other = other.clone();
        async move { found(&other, keyword).await }
    };
    let look = || async { assert!(other.follow_changes().await.unwrap(), "the feed moved") };
    let none: Vec<String> = Vec::new();

    // A new product: here at once, there once it looks.
    let (status, created) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(shower(&f, "Zanzibar Shower Head", 45.0)),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let product = created["data"]["product"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/admin/product/{product}");
    let zanzibar = vec!["Zanzibar Shower Head".to_string()];
    assert_eq!(here("zanzibar").await, zanzibar);
    assert_eq!(there("zanzibar").await, none, "until it looks");
    look().await;
    assert_eq!(there("zanzibar").await, zanzibar);

    // Renamed: found by its new words only.
    let edit = shower(&f, "Kilimanjaro Shower Head", 45.0);
    admin_call(&app, &token, Method::PUT, &path, Some(edit)).await;
    let renamed = vec!["Kilimanjaro Shower Head".to_string()];
    assert_eq!(here("kilimanjaro").await, renamed);
    assert_eq!(here("zanzibar").await, none);
    look().await;
    assert_eq!(there("kilimanjaro").await, renamed);
    assert_eq!(there("zanzibar").await, none);

    // A price change moves it into a price filter.
    let edit = shower(&f, "Kilimanjaro Shower Head", 9.5);
    admin_call(&app, &token, Method::PUT, &path, Some(edit)).await;
    assert_eq!(at_most(&app.catalogue, "shower", 1_000).await, 1);
    assert_eq!(at_most(&other, "shower", 1_000).await, 0, "until it looks");
    look().await;
    assert_eq!(at_most(&other, "shower", 1_000).await, 1);

    // Stock is read from the database with the row: shown as it is.
    let bulk = json!({"ids": [product], "action": "setStock", "value": 0});
    admin_call(
        &app,
        &token,
        Method::POST,
        "/api/admin/product/bulk",
        Some(bulk),
    )
    .await;
    look().await;
    let (status, body) = app.get("/api/product?keyword=kilimanjaro").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["products"][0]["stock"], 0);
    assert_eq!(body["data"]["total"], 1);

    // Archived, it leaves the search; back, it returns.
    admin_call(&app, &token, Method::POST, &format!("{path}/archive"), None).await;
    assert_eq!(here("kilimanjaro").await, none);
    look().await;
    assert_eq!(there("kilimanjaro").await, none);
    admin_call(
        &app,
        &token,
        Method::POST,
        &format!("{path}/unarchive"),
        None,
    )
    .await;
    assert_eq!(here("kilimanjaro").await, renamed);
    look().await;
    assert_eq!(there("kilimanjaro").await, renamed);

    // A category's new title finds its products.
    let title = json!({"title": "Warmth"});
    let category = format!("/api/admin/category/{}", f.heating);
    admin_call(&app, &token, Method::PUT, &category, Some(title)).await;
    let warmth = vec![
        "epsilon chrome radiator valve".to_string(),
        "Gamma Radiator".to_string(),
    ];
    assert_eq!(here("warmth").await, warmth);
    assert_eq!(there("warmth").await, none, "until it looks");
    look().await;
    assert_eq!(there("warmth").await, warmth);

    // Deleted (nobody ordered it): gone.
    admin_call(&app, &token, Method::DELETE, &path, None).await;
    assert_eq!(here("kilimanjaro").await, none);
    look().await;
    assert_eq!(there("kilimanjaro").await, none);

    // An import's products.
    let csv = "name,description,price,discountPercentage,discountEndDate,stock,category,subCategory,size,color,featured\n\
               Timbuktu Towel Rail,Heated rail.,80,0,,4,Warmth,Radiators,,,false\n";
    let response = app
        .client
        .post(app.url("/api/admin/product/import?apply=true"))
        .bearer_auth(&token)
        .header("content-type", "text/csv")
        .body(csv)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{}",
        response.text().await.unwrap()
    );
    let rail = vec!["Timbuktu Towel Rail".to_string()];
    assert_eq!(here("timbuktu").await, rail);
    assert_eq!(there("timbuktu").await, none, "until it looks");
    look().await;
    assert_eq!(there("timbuktu").await, rail);

    // A discount that ends is swept to the list price, in the index too: Beta Basin
    // Tap pays 30.00 until its discount ends in 5 days, then 40.00.
    assert_eq!(at_most(&other, "beta", 3_000).await, 1);
    app.clock
        .advance(std::time::Duration::from_secs(6 * 86_400));
    app.catalogue.sweep_expired_discounts().await.unwrap();
    assert_eq!(at_most(&app.catalogue, "beta", 3_000).await, 0);
    look().await;
    assert_eq!(at_most(&other, "beta", 3_000).await, 0);
    assert!(!other.follow_changes().await.unwrap(), "nothing new since");
}

/// A listing's facets as `{id: count}` for categories and sub-categories, the bands'
/// counts, the total and the in-stock count.
struct Counted {
    categories: std::collections::BTreeMap<String, i64>,
    sub_categories: std::collections::BTreeMap<String, i64>,
    bands: Vec<i64>,
    total: i64,
    in_stock: i64,
}

async fn facets(app: &TestApp, query: &str) -> Counted {
    let (status, body) = app.get(&format!("/api/product?facets=true&{query}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let facets = &body["data"]["facets"];
    let by_id = |list: &Value| {
        list.as_array()
            .unwrap_or_else(|| panic!("{query}: no facets in {body}"))
            .iter()
            .map(|f| {
                (
                    f["_id"].as_str().unwrap().to_string(),
                    f["count"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    Counted {
        categories: by_id(&facets["categories"]),
        sub_categories: by_id(&facets["subCategories"]),
        bands: facets["priceBands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_i64().unwrap())
            .collect(),
        total: body["data"]["total"].as_i64().unwrap(),
        in_stock: facets["inStock"].as_i64().unwrap(),
    }
}

async fn listing_total(app: &TestApp, query: &str) -> i64 {
    let (status, body) = app.get(&format!("/api/product?{query}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["data"].get("facets").is_none(), "only when asked for");
    body["data"]["total"].as_i64().unwrap()
}

/// The fixture: Faucets holds Alpha (100.00, Kitchen Mixers), Beta (pays 30.00, Basin
/// Taps) and Delta (54.00, Kitchen Mixers); Heating holds Gamma (250.00, out of stock)
/// and epsilon (15.50), both Radiators.
async fn facets_count_each_choice_leaving_out_its_own_filter_and_add_up_to_the_total(app: TestApp) {
    let f = fixture(&app).await;
    let map = |pairs: &[(&str, i64)]| -> std::collections::BTreeMap<String, i64> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    };
    let all = facets(&app, "").await;
    assert_eq!(all.total, 5);
    assert_eq!(all.categories, map(&[(&f.faucets, 3), (&f.heating, 2)]));
    assert_eq!(
        all.sub_categories,
        map(&[(&f.kitchen, 2), (&f.basin, 1), (&f.radiators, 2)])
    );
    // Under 10, 10-25, 25-50, 50-100, 100-250, 250 and over: 100.00 opens its band.
    assert_eq!(all.bands, [0, 1, 1, 1, 1, 1]);
    assert_eq!(all.in_stock, 4, "Gamma has none");

    // A category chosen: the categories' counts stay (a shopper can switch), the
    // sub-categories and bands are the category's.
    let faucets = facets(&app, &format!("categoryIds={}", f.faucets)).await;
    assert_eq!(faucets.total, 3);
    assert_eq!(faucets.categories, all.categories);
    assert_eq!(
        faucets.sub_categories,
        map(&[(&f.kitchen, 2), (&f.basin, 1)])
    );
    assert_eq!(faucets.bands, [0, 0, 1, 1, 1, 0]);
    assert_eq!(faucets.in_stock, 3);

    // A price range: the bands leave it out; the rest keep to it.
    let mid = facets(&app, "minPrice=20&maxPrice=120").await;
    assert_eq!(mid.total, 3);
    assert_eq!(mid.categories, map(&[(&f.faucets, 3)]), "none of Heating's");
    assert_eq!(mid.bands, all.bands);

    // With keywords, through the same index as the search.
    let radiator = facets(&app, "keyword=radiatr").await;
    assert_eq!(radiator.total, 2);
    assert_eq!(radiator.categories, map(&[(&f.heating, 2)]));
    assert_eq!(radiator.in_stock, 1);

    // Each count is what choosing it lists, and each filter's counts add up to the
    // total when that filter is not set.
    for query in [
        "",
        "keyword=a",
        "keyword=tap",
        "minPrice=20&maxPrice=120",
        "keyword=valve&maxPrice=60",
    ] {
        let counted = facets(&app, query).await;
        assert_eq!(
            counted.categories.values().sum::<i64>(),
            counted.total,
            "{query}"
        );
        assert_eq!(
            counted.sub_categories.values().sum::<i64>(),
            counted.total,
            "{query}"
        );
        for (category, count) in &counted.categories {
            let listed = listing_total(&app, &format!("{query}&categoryIds={category}")).await;
            assert_eq!(listed, *count, "{query}, category {category}");
        }
        for (sub, count) in &counted.sub_categories {
            let listed = listing_total(&app, &format!("{query}&subCategoryIds={sub}")).await;
            assert_eq!(listed, *count, "{query}, sub-category {sub}");
        }
        if !query.contains("Price") {
            assert_eq!(counted.bands.iter().sum::<i64>(), counted.total, "{query}");
            let bands = [
                "minPrice=0&maxPrice=9.99",
                "minPrice=10&maxPrice=24.99",
                "minPrice=25&maxPrice=49.99",
                "minPrice=50&maxPrice=99.99",
                "minPrice=100&maxPrice=249.99",
                "minPrice=250",
            ];
            for (band, count) in bands.iter().zip(&counted.bands) {
                assert_eq!(
                    listing_total(&app, &format!("{query}&{band}")).await,
                    *count,
                    "{query}, {band}"
                );
            }
        }
    }

    // The last unit sold: the in-stock count follows once the node reads the feed (an
    // order tells it after its commit); a cancellation brings it back.
    let (number, _) = app
        .placed(
            &crate::orders::guest_order("stock@example.com", &[(&f.beta, 5)]),
            None,
        )
        .await;
    app.catalogue.follow_changes().await.unwrap();
    assert_eq!(facets(&app, "").await.in_stock, 3, "Beta sold out");
    let token = app.admin().await;
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/status"),
            Some(json!({"status": "cancelled"})),
            Some(&token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.catalogue.follow_changes().await.unwrap();
    assert_eq!(facets(&app, "").await.in_stock, 4, "Beta back");

    let (status, body) = app.get("/api/product?facets=yes").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"]["facets"], "facets must be true or false");
}

async fn best_match_ranks_the_name_first_then_other_words_then_beginnings_and_typos(app: TestApp) {
    let f = fixture(&app).await;
    let product = |name: &str, description: &str| NewProduct {
        description: description.to_string(),
        ..new_product(name, 1_000, &f.heating, &f.radiators)
    };
    app.catalogue
        .insert_products(&[
            product("Drain Key", "Opens every drain valve."),
            product("Valve Key", "A key."),
            product("Valvetronic Gauge", "A gauge."),
        ])
        .await
        .unwrap();
    let group = |names: &[String]| {
        let mut names = names.to_vec();
        names.sort();
        names
    };
    let ranked = |query: &'static str| {
        let app = app.clone();
        async move {
            let (status, body) = app.get(&format!("/api/product?{query}")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            names(&body)
        }
    };
    let best = ranked("keyword=valve&sortField=relevance").await;
    // 'valve' in the name, then elsewhere only (description, category), then only as
    // a word's beginning.
    assert_eq!(best.len(), 5, "{best:?}");
    assert_eq!(
        group(&best[..2]),
        ["Valve Key", "epsilon chrome radiator valve"],
        "{best:?}"
    );
    assert_eq!(
        group(&best[2..4]),
        ["Alpha Kitchen Mixer", "Drain Key"],
        "{best:?}"
    );
    assert_eq!(best[4..], ["Valvetronic Gauge"], "{best:?}");
    // Best first whatever the order asked; the same set as any other sort.
    assert_eq!(
        ranked("keyword=valve&sortField=relevance&sortOrder=asc").await,
        best
    );
    assert_eq!(group(&ranked("keyword=valve").await), group(&best));
    // A typo ('radiatr', in every product of Radiators) adds nothing to the ranking.
    let typo = ranked("keyword=valve+radiatr&sortField=relevance").await;
    assert_eq!(typo.len(), 4, "{typo:?}");
    assert_eq!(
        group(&typo[..2]),
        ["Valve Key", "epsilon chrome radiator valve"],
        "{typo:?}"
    );
    assert_eq!(typo[2..], ["Drain Key", "Valvetronic Gauge"], "{typo:?}");

    let (status, body) = app.get("/api/product?sortField=relevance").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["sortField"],
        "sortField relevance needs a keyword"
    );
}

mod two_serve_processes_on_one_postgres_see_each_others_changes_within_a_second_or_two {
    #[tokio::test]
    async fn postgres() {
        super::two_processes(crate::helpers::Backend::Postgres).await
    }
}

/// Two real `shop serve` processes on one database, as two machines behind a load
/// balancer would be: a change made through either shows at once on that node, and on
/// the other as soon as its once-a-second look at the change feed sees it, in its
/// search index and in the answers it keeps alike.
///
/// How long the other node took is printed, not asserted (tests never assert
/// durations); the wait is bounded, so a node that never catches up fails the test.
async fn two_processes(backend: Backend) {
    let (url, teardown) = fresh_database(backend).await;
    let dirs = [0, 1].map(|_| std::env::temp_dir().join(format!("shop-node-{}", new_id())));
    let secret = format!("{}{}", new_id(), new_id());
    let args = ["--jwt-secret", secret.as_str()];
    let a = Server::start(&dirs[0], &url, &args).await;
    let b = Server::start(&dirs[1], &url, &args).await;
    let outcome = tokio::spawn(follow_each_other(
        url.clone(),
        secret,
        a.base.clone(),
        b.base.clone(),
    ))
    .await;
    drop((a, b));
    drop_database(teardown).await;
    for dir in dirs {
        std::fs::remove_dir_all(dir).ok();
    }
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}

/// How long a test waits for the other node before it fails.
const CATCH_UP_CEILING: std::time::Duration = std::time::Duration::from_secs(15);

async fn follow_each_other(url: String, secret: String, a: String, b: String) {
    let (token, faucets, basin) = crate::helpers::admin_and_faucets(&url, &secret).await;

    let client = reqwest::Client::new();
    let node = |base: &str| Node {
        client: client.clone(),
        base: base.to_string(),
        token: token.clone(),
    };
    let (a, b) = (node(&a), node(&b));
    // Each node keeps its first answers, so a stale kept answer would show below.
    for n in [&a, &b] {
        assert_eq!(n.search("zanzibar").await, 0);
    }

    // Created on A: there at once, on B when it looks.
    let form = |name: &str, price: f64, stock: i64| {
        json!({
            "name": name, "description": "Rain shower, 200 mm.", "price": price,
            "discountPercentage": 0, "discountEndDate": null, "stock": stock,
            "categoryId": faucets, "subCategoryId": basin, "size": null, "color": null,
            "featured": false,
        })
    };
    let created = a
        .admin(
            Method::POST,
            "/api/admin/product",
            form("Zanzibar Shower Head", 45.0, 3),
        )
        .await;
    let product = created["data"]["product"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/admin/product/{product}");
    assert_eq!(
        a.search("zanzibar").await,
        1,
        "at once on the node that wrote"
    );
    b.until("B finds the new product", || async {
        b.search("zanzibar").await == 1
    })
    .await;
    assert_eq!(b.product(&product).await["stock"], 3);

    // Renamed and repriced on B: at once there, on A when it looks.
    b.admin(Method::PUT, &path, form("Kilimanjaro Shower Head", 9.5, 3))
        .await;
    assert_eq!(b.search("kilimanjaro").await, 1);
    assert_eq!(b.search("zanzibar").await, 0);
    a.until("A finds the new name", || async {
        a.search("kilimanjaro").await == 1
    })
    .await;
    assert_eq!(a.search("zanzibar").await, 0);
    assert_eq!(
        a.total("keyword=shower&maxPrice=10").await,
        1,
        "the new price"
    );

    // Sold out on A: B's product answer and its in-stock count follow.
    let bulk = json!({"ids": [product], "action": "setStock", "value": 0});
    a.admin(Method::POST, "/api/admin/product/bulk", bulk).await;
    assert_eq!(a.product(&product).await["stock"], 0);
    b.until("B shows it sold out", || async {
        b.product(&product).await["stock"] == 0 && b.in_stock("keyword=kilimanjaro").await == 0
    })
    .await;

    // Deleted on A: gone from B's search and product page.
    a.admin(Method::DELETE, &path, json!(null)).await;
    assert_eq!(a.search("kilimanjaro").await, 0);
    b.until("B forgets the product", || async {
        b.search("kilimanjaro").await == 0
            && b.status(&format!("/api/product/{product}")).await == StatusCode::NOT_FOUND
    })
    .await;
}

/// One of the running nodes, as a client sees it.
struct Node {
    client: reqwest::Client,
    base: String,
    token: String,
}

impl Node {
    async fn get(&self, path: &str) -> Value {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.json().await.unwrap()
    }

    async fn status(&self, path: &str) -> StatusCode {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        response.status()
    }

    async fn total(&self, query: &str) -> i64 {
        self.get(&format!("/api/product?{query}")).await["data"]["total"]
            .as_i64()
            .unwrap()
    }

    async fn search(&self, keyword: &str) -> i64 {
        self.total(&format!("keyword={keyword}")).await
    }

    async fn in_stock(&self, query: &str) -> i64 {
        self.get(&format!("/api/product?facets=true&{query}")).await["data"]["facets"]["inStock"]
            .as_i64()
            .unwrap()
    }

    async fn product(&self, id: &str) -> Value {
        self.get(&format!("/api/product/{id}")).await["data"]["product"].clone()
    }

    async fn admin(&self, method: Method, path: &str, body: Value) -> Value {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.token);
        if !body.is_null() {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    /// Asks again until `seen` holds, and prints how long that took; fails past
    /// [`CATCH_UP_CEILING`].
    async fn until<F, Fut>(&self, what: &str, seen: F)
    where
        F: Fn() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let ((), took) = crate::helpers::eventually(what, CATCH_UP_CEILING, || {
            let looked = seen();
            async move { looked.await.then_some(()) }
        })
        .await;
        eprintln!("{what}: after {} ms", took.as_millis());
    }
}
