//! Search speaks the trade (docs/DESIGN.md §15): sizes read together and
//! apart, staff's synonyms expanding every search (on this node at once and on another
//! as soon as it follows the change feed), and the suggestions the header shows.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::new_id;
use shop::store::catalogue::{Catalogue, NewCategory, ProductFilter, ProductSort, SortField};

use crate::helpers::{names, new_product, one_category, TestApp};
use crate::on_both_backends;

on_both_backends!(
    sizes_match_however_they_are_typed_and_other_systems_only_by_synonym,
    staff_synonyms_expand_searches_here_and_on_another_node,
    synonyms_are_checked_whole_and_a_refusal_writes_nothing,
    suggestions_name_the_best_products_and_matching_categories,
);

/// The names a listing (name order) finds for `keyword` over HTTP.
async fn found(app: &TestApp, keyword: &str) -> Vec<String> {
    let (status, body) = app
        .get(&format!(
            "/api/product?keyword={}&sortField=name&sortOrder=asc",
            urlencoding(keyword)
        ))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    names(&body)
}

fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The names `catalogue` finds for `keyword` (name order), through its own index or,
/// when it has none, the database's search.
async fn found_on(catalogue: &Catalogue, keyword: &str) -> Vec<String> {
    let filter = ProductFilter {
        keyword_words: ProductFilter::keyword(keyword),
        ..Default::default()
    };
    let sort = ProductSort {
        field: SortField::Name,
        descending: false,
    };
    let (rows, _) = catalogue.list_products(&filter, sort, 0, 50).await.unwrap();
    rows.into_iter().map(|r| r.name).collect()
}

async fn put_synonyms(app: &TestApp, token: &str, body: Value) -> (StatusCode, Value) {
    app.call(
        Method::PUT,
        "/api/admin/search/synonyms",
        Some(body),
        Some(token),
    )
    .await
}

async fn sizes_match_however_they_are_typed_and_other_systems_only_by_synonym(app: TestApp) {
    let (fittings, elbows) = one_category(&app.catalogue, "Fittings", "Elbows").await;
    let product = |name: &str| new_product(name, 500, &fittings, &elbows);
    app.catalogue
        .insert_products(&[
            product("Copper Elbow 15 mm"),
            product("Brass Elbow 15mm"),
            product("Copper Elbow 22 mm"),
            product("Brass Tap 1/2\""),
            product("Pack of 15 elbows, 22mm"),
        ])
        .await
        .unwrap();
    let fifteen = ["Brass Elbow 15mm", "Copper Elbow 15 mm"];
    for typed in ["15mm", "15 mm", "15MM", "elbow 15 mm"] {
        assert_eq!(found(&app, typed).await, fifteen, "{typed}");
    }
    // Typing on: '15 m' begins '15mm'.
    assert_eq!(found(&app, "15 m").await, fifteen);
    for typed in ["1/2\"", "½ inch", "1/2 inch", "½\""] {
        assert_eq!(found(&app, typed).await, ["Brass Tap 1/2\""], "{typed}");
    }
    // Another node, answering from the database until its index is built, finds them
    // too (and, for the rows saved before sizes were one word, a number and unit apart).
    let other = Catalogue::new(app.catalogue.db().clone(), app.clock.clone());
    let there = found_on(&other, "15 mm").await;
    assert!(
        fifteen.iter().all(|name| there.iter().any(|n| n == name)),
        "{there:?}"
    );
    assert_eq!(found_on(&other, "½ inch").await, ["Brass Tap 1/2\""]);

    // Half an inch is 15 mm only where staff say so.
    let admin = app.admin().await;
    let (status, body) = put_synonyms(
        &app,
        &admin,
        json!({"synonyms": [{"terms": ["1/2\"", "15 mm"]}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        found(&app, "15mm").await,
        ["Brass Elbow 15mm", "Brass Tap 1/2\"", "Copper Elbow 15 mm"]
    );
    assert_eq!(
        found(&app, "½ inch").await,
        ["Brass Elbow 15mm", "Brass Tap 1/2\"", "Copper Elbow 15 mm"]
    );
}

async fn staff_synonyms_expand_searches_here_and_on_another_node(app: TestApp) {
    let (heating, valves) = one_category(&app.catalogue, "Heating", "Radiator Valves").await;
    let product = |name: &str| new_product(name, 1_500, &heating, &valves);
    app.catalogue
        .insert_products(&[
            product("Chrome Thermostatic Radiator Valve 15mm"),
            product("TRV head, white"),
            product("Lockshield Radiator Valve"),
            product("PTFE Tape 12 m"),
            product("Thread Seal Tape, wide"),
        ])
        .await
        .unwrap();
    let other = Catalogue::new(app.catalogue.db().clone(), app.clock.clone());
    other.follow_changes().await.unwrap();
    assert!(other.search_is_built());
    assert_eq!(found(&app, "trv").await, ["TRV head, white"]);

    let (status, body) = app.get("/api/admin/search/synonyms").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let customer = app.customer("shopper@example.com").await;
    let (status, body) = app
        .call(
            Method::GET,
            "/api/admin/search/synonyms",
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = put_synonyms(&app, &customer, json!({"synonyms": []})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let admin = app.admin().await;
    let (status, body) = app
        .call(
            Method::GET,
            "/api/admin/search/synonyms",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!({"synonyms": [], "version": 1}));

    let groups = json!([
        {"terms": [" TRV ", "thermostatic radiator valve"]},
        {"terms": ["PTFE", "thread seal tape"]},
    ]);
    let (status, body) =
        put_synonyms(&app, &admin, json!({"synonyms": groups, "version": 1})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Search synonyms saved");
    assert_eq!(body["data"]["version"], 2);
    assert_eq!(
        body["data"]["synonyms"][0]["terms"],
        json!(["TRV", "thermostatic radiator valve"]),
        "trimmed"
    );

    // The next search on this node uses them, both ways.
    let valves = ["Chrome Thermostatic Radiator Valve 15mm", "TRV head, white"];
    assert_eq!(found(&app, "trv").await, valves);
    assert_eq!(found(&app, "Thermostatic Radiator Valve").await, valves);
    assert_eq!(found(&app, "trv 15mm").await, [valves[0]]);
    assert_eq!(
        found(&app, "ptfe").await,
        ["PTFE Tape 12 m", "Thread Seal Tape, wide"]
    );
    // Facets count what the search finds.
    let (_, body) = app.get("/api/product?keyword=trv&facets=true").await;
    assert_eq!(
        body["data"]["facets"]["categories"][0]["count"], 2,
        "{body}"
    );

    // The other node, once it follows the feed, as it does each second.
    assert_eq!(found_on(&other, "trv").await, ["TRV head, white"]);
    assert!(
        other.follow_changes().await.unwrap(),
        "the save moved the version"
    );
    assert_eq!(found_on(&other, "trv").await, valves);

    // A save of the version already replaced is refused, with the list as it is now.
    let (status, body) = put_synonyms(&app, &admin, json!({"synonyms": [], "version": 1})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This changed since you opened it: reload to see the latest"
    );
    assert_eq!(body["data"]["version"], 2);
    assert_eq!(body["data"]["synonyms"].as_array().unwrap().len(), 2);
    assert_eq!(found(&app, "trv").await, valves, "nothing written");

    // Emptied: searches are as typed again, here and there.
    let (status, body) = put_synonyms(&app, &admin, json!({"synonyms": []})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["version"], 3);
    assert_eq!(found(&app, "trv").await, ["TRV head, white"]);
    other.follow_changes().await.unwrap();
    assert_eq!(found_on(&other, "trv").await, ["TRV head, white"]);

    // The activity log says who changed them.
    let (status, body) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=search_synonyms",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 2, "{body}");
}

async fn synonyms_are_checked_whole_and_a_refusal_writes_nothing(app: TestApp) {
    let admin = app.admin().await;
    let long = "x".repeat(101);
    let (status, body) = put_synonyms(
        &app,
        &admin,
        json!({"synonyms": [
            {"terms": ["alone"]},
            {"terms": ["ok", "   ", "%%%", long, "OK"]},
            {"terms": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]},
            {"terms": ["TRV", "thermostatic radiator valve"]},
        ], "version": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let errors = &body["errors"];
    assert_eq!(errors["synonyms[0].terms"], "A group has 2 to 10 terms");
    assert_eq!(
        errors["synonyms[1].terms[1]"],
        "A term has 1 to 100 characters"
    );
    assert_eq!(
        errors["synonyms[1].terms[2]"],
        "A term needs a letter or a digit"
    );
    assert_eq!(
        errors["synonyms[1].terms[3]"],
        "A term has 1 to 100 characters"
    );
    assert_eq!(
        errors["synonyms[1].terms[4]"],
        "This term is already in the group"
    );
    assert_eq!(errors["synonyms[2].terms"], "A group has 2 to 10 terms");
    assert_eq!(errors["version"], "version must be a whole number from 1");
    assert_eq!(errors.as_object().unwrap().len(), 7, "{body}");

    let many: Vec<Value> = (0..501)
        .map(|i| json!({"terms": [format!("a{i}"), format!("b{i}")]}))
        .collect();
    let (status, body) = put_synonyms(&app, &admin, json!({"synonyms": many})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["synonyms"], "At most 500 groups");

    let (status, body) = put_synonyms(&app, &admin, json!({"synonyms": "TRV"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let (_, body) = app
        .call(
            Method::GET,
            "/api/admin/search/synonyms",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(
        body["data"],
        json!({"synonyms": [], "version": 1}),
        "nothing written"
    );

    let (status, body) = put_synonyms(&app, &admin, json!({"synonyms": &many[..500]})).await;
    assert_eq!(status, StatusCode::OK, "500 groups are allowed: {body}");
    assert_eq!(body["data"]["synonyms"].as_array().unwrap().len(), 500);
}

async fn suggestions_name_the_best_products_and_matching_categories(app: TestApp) {
    let (heating, valves, radiators, plumbing, radiator_pipes) =
        (new_id(), new_id(), new_id(), new_id(), new_id());
    app.catalogue
        .insert_categories(&[
            NewCategory {
                id: heating.clone(),
                title: "Radiators & Heating".into(),
                position: 0,
                sub_categories: vec![
                    (valves.clone(), "Radiator Valves".into()),
                    (radiators.clone(), "Panel Radiators".into()),
                ],
            },
            NewCategory {
                id: plumbing.clone(),
                title: "Plumbing".into(),
                position: 1,
                sub_categories: vec![(radiator_pipes.clone(), "Radiator Pipes".into())],
            },
        ])
        .await
        .unwrap();
    let mut products = Vec::new();
    for i in 0..9 {
        products.push(new_product(
            &format!("Panel Radiator {i}00 mm"),
            10_000 + i * 100,
            &heating,
            &radiators,
        ));
    }
    let mut valve = new_product("Radiator Valve", 2_000, &heating, &valves);
    valve.images = vec!["products/valve.svg".into(), "products/valve-2.svg".into()];
    valve.discount = shop::domain::pricing::Discount {
        basis_points: 2_500,
        ends_at: None,
    };
    valve.description = "Chrome, for 15 mm pipe".into();
    let valve_id = valve.id.clone();
    products.push(valve);
    app.catalogue.insert_products(&products).await.unwrap();

    let suggest = |q: &str| {
        let app = app.clone();
        let path = format!("/api/search/suggest?q={}", urlencoding(q));
        async move { app.get(&path).await }
    };
    let (status, body) = suggest("radiator").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let data = &body["data"];
    assert_eq!(data["products"].as_array().unwrap().len(), 6, "{body}");
    let categories = data["categories"].as_array().unwrap();
    assert_eq!(categories.len(), 3, "{body}");
    assert_eq!(
        categories[0],
        json!({"_id": heating, "title": "Radiators & Heating", "categoryId": null})
    );
    assert_eq!(
        categories[1],
        json!({"_id": valves, "title": "Radiator Valves", "categoryId": heating})
    );
    assert_eq!(categories[2]["_id"], radiators.as_str());

    // A word of the name ranks first; every field the header shows.
    let (status, body) = suggest("radiator valve").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["products"][0],
        json!({
            "_id": valve_id,
            "name": "Radiator Valve",
            // Its one variant's SKU, generated from its id.
            "sku": valve_id.to_uppercase(),
            "image": "products/valve.svg",
            "discountedPrice": 15.0,
        })
    );
    assert_eq!(
        body["data"]["categories"],
        json!([{"_id": valves, "title": "Radiator Valves", "categoryId": heating}])
    );
    // Sizes as the shopper types them, partly typed words, and nothing found.
    let (_, body) = suggest("15 m").await;
    assert_eq!(body["data"]["products"][0]["name"], "Radiator Valve");
    let (_, body) = suggest("  plu ").await;
    assert_eq!(body["data"]["categories"][0]["title"], "Plumbing");
    assert_eq!(body["data"]["products"], json!([]));
    let (status, body) = suggest("%%").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"], json!({"products": [], "categories": []}));

    for q in ["r", " r ", &"r".repeat(101), ""] {
        let (status, body) = suggest(q).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{q:?}: {body}");
        assert_eq!(body["errors"]["q"], "q must be 2 to 100 characters");
    }
    let (status, body) = app.get("/api/search/suggest").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["errors"]["q"], "q must be 2 to 100 characters");
    let (status, _) = suggest(&"r".repeat(100)).await;
    assert_eq!(status, StatusCode::OK);
}
