//! The shop's identity and tax settings (docs/DESIGN.md §10, issue 33 item 6): a fresh
//! shop's, what a save changes and refuses, what the storefront reads of them, and the
//! activity log's entry.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::TestApp;
use crate::on_both_backends;

on_both_backends!(
    a_fresh_shop_is_in_the_uk_with_vat_included_at_20_5_and_0_percent,
    a_save_changes_identity_and_rates_and_replaces_objects_whole,
    bad_rates_codes_and_texts_are_refused_together_and_nothing_is_written,
);

async fn settings(app: &TestApp, admin: &str) -> Value {
    let (status, body) = app
        .call(Method::GET, "/api/admin/settings", None, Some(admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["settings"].clone()
}

async fn save(app: &TestApp, admin: &str, body: Value) -> (StatusCode, Value) {
    app.call(Method::PUT, "/api/admin/settings", Some(body), Some(admin))
        .await
}

async fn a_fresh_shop_is_in_the_uk_with_vat_included_at_20_5_and_0_percent(app: TestApp) {
    let admin = app.admin().await;
    let fresh = settings(&app, &admin).await;
    assert_eq!(fresh["name"], "Shop");
    assert_eq!(
        fresh["address"],
        json!({"streetAddress": "", "townCity": "", "postcode": "", "country": "GB"})
    );
    assert_eq!(fresh["taxNumber"], "");
    assert_eq!(fresh["country"], "GB");
    assert_eq!(fresh["taxLabel"], "VAT");
    assert_eq!(fresh["pricesIncludeTax"], true);
    assert_eq!(
        fresh["rates"],
        json!({"standard": 20.0, "reduced": 5.0, "zero": 0.0})
    );
    assert_eq!(fresh["countryRates"], json!({}));
    assert_eq!(fresh["returnWindowDays"], 30);

    let (_, shop) = app.get("/api/shop").await;
    let shop = &shop["data"]["shop"];
    assert_eq!(shop["name"], "Shop");
    assert_eq!(shop["country"], "GB");
    assert_eq!(shop["taxLabel"], "VAT");
    assert_eq!(shop["pricesIncludeTax"], true);
    assert_eq!(shop["rates"], fresh["rates"]);
    // What only staff see stays in the console.
    assert!(shop.get("taxNumber").is_none(), "{shop}");
    assert!(shop.get("countryRates").is_none(), "{shop}");
}

async fn a_save_changes_identity_and_rates_and_replaces_objects_whole(app: TestApp) {
    let admin = app.admin().await;
    let (status, body) = save(
        &app,
        &admin,
        json!({
            "name": " Pipe & Co ",
            "address": {"streetAddress": "1 Pipe Lane", "townCity": "Leeds", "postcode": "LS1 4AB", "country": "gb"},
            "taxNumber": "GB123456789",
            "taxLabel": "VAT",
            "rates": {"standard": 17.5, "reduced": 5, "zero": 0},
            "countryRates": {"de": {"standard": 19, "reduced": 7, "zero": 0}, "IE": {"standard": 23, "reduced": 13.5, "zero": 0}},
            "returnWindowDays": 14,
            "version": 1
        }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let saved = &body["data"]["settings"];
    assert_eq!(saved["name"], "Pipe & Co");
    assert_eq!(saved["address"]["country"], "GB");
    assert_eq!(saved["address"]["postcode"], "LS1 4AB");
    assert_eq!(saved["taxNumber"], "GB123456789");
    assert_eq!(saved["rates"]["standard"], 17.5);
    assert_eq!(
        saved["countryRates"],
        json!({"DE": {"standard": 19.0, "reduced": 7.0, "zero": 0.0}, "IE": {"standard": 23.0, "reduced": 13.5, "zero": 0.0}})
    );
    assert_eq!(saved["returnWindowDays"], 14);
    assert_eq!(saved["version"], 2);
    assert_eq!(settings(&app, &admin).await, *saved);

    // An object is replaced whole; what is not sent stays.
    let (status, body) = save(
        &app,
        &admin,
        json!({"countryRates": {"FR": {"standard": 20, "reduced": 5.5, "zero": 0}}, "pricesIncludeTax": false, "country": "IE"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let saved = &body["data"]["settings"];
    assert_eq!(
        saved["countryRates"],
        json!({"FR": {"standard": 20.0, "reduced": 5.5, "zero": 0.0}})
    );
    assert_eq!(saved["pricesIncludeTax"], false);
    assert_eq!(saved["country"], "IE");
    assert_eq!(saved["name"], "Pipe & Co");
    assert_eq!(saved["rates"]["standard"], 17.5);
    let (_, shop) = app.get("/api/shop").await;
    assert_eq!(shop["data"]["shop"]["pricesIncludeTax"], false);
    assert_eq!(shop["data"]["shop"]["name"], "Pipe & Co");

    let entries = crate::content::activity(&app, "settings", "shop").await;
    let first = entries
        .iter()
        .find(|e| e.changes.fields().contains_key("name"))
        .expect("the first save's entry");
    let changes = first.changes.fields();
    assert_eq!(changes["rates.standard"], (json!(20.0), json!(17.5)));
    assert_eq!(changes["taxNumber"], (json!(""), json!("GB123456789")));
    assert_eq!(changes["name"], (json!("Shop"), json!("Pipe & Co")));
}

async fn bad_rates_codes_and_texts_are_refused_together_and_nothing_is_written(app: TestApp) {
    let admin = app.admin().await;
    let before = settings(&app, &admin).await;
    let (status, body) = save(
        &app,
        &admin,
        json!({
            "name": "  ",
            "taxLabel": "x".repeat(21),
            "taxNumber": "x".repeat(201),
            "country": "UK",
            "address": {"streetAddress": "1 Pipe Lane", "country": "EU"},
            "rates": {"standard": 120, "reduced": 8.125},
            "countryRates": {"XX": {"standard": 19, "reduced": 7, "zero": 0}, "DE": {"standard": -1, "reduced": 7, "zero": 0}},
            "returnWindowDays": 400,
            "currency": "GBP"
        }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let errors = &body["errors"];
    let rate = "A rate is a percentage from 0 to 100 with at most two decimals";
    let country = "Use a two-letter country code such as GB";
    assert_eq!(errors["name"], "Shop name is required");
    assert_eq!(
        errors["taxLabel"],
        "Tax label must be at most 20 characters"
    );
    assert_eq!(
        errors["taxNumber"],
        "Tax number must be at most 200 characters"
    );
    assert_eq!(errors["country"], country);
    assert_eq!(errors["address.country"], country);
    assert_eq!(errors["rates.standard"], rate);
    assert_eq!(errors["rates.reduced"], rate);
    assert_eq!(errors["rates.zero"], rate);
    assert_eq!(errors["countryRates.XX"], country);
    assert_eq!(errors["countryRates.DE.standard"], rate);
    assert_eq!(
        errors["returnWindowDays"],
        "The return window is 0 to 365 days"
    );
    assert_eq!(errors.as_object().unwrap().len(), 11, "{errors}");

    let sixty_one: serde_json::Map<String, Value> = shop::domain::country::country_codes()
        .take(61)
        .map(|code| {
            (
                code.to_string(),
                json!({"standard": 10, "reduced": 5, "zero": 0}),
            )
        })
        .collect();
    let (status, body) = save(&app, &admin, json!({"countryRates": sixty_one})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"]["countryRates"],
        "At most 60 countries have rates of their own"
    );
    let (status, body) = save(&app, &admin, json!({"pricesIncludeTax": "yes"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(settings(&app, &admin).await, before);
}
