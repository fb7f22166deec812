//! Weights (docs/DESIGN.md §10, issue 33 item 4): delivery prices by a variant's
//! `weightGrams`, so the console's products table says how many of a product's variants
//! have none and can list only the products that have such a variant.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::variants::{create, fittings, form};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(the_console_flags_products_whose_variants_have_no_weight);

async fn table(app: &TestApp, admin: &str, query: &str) -> Value {
    let (status, answer) = app
        .call(
            Method::GET,
            &format!("/api/admin/product?{query}"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

async fn the_console_flags_products_whose_variants_have_no_weight(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Three of the elbow's four variants have no weight; every tee's has one.
    let elbow = create(&app, &admin, form(&f, "Compression elbow", fittings("CE"))).await;
    let mut tees = fittings("CT");
    for variant in tees["variants"].as_array_mut().unwrap() {
        variant["weightGrams"] = json!(120);
    }
    create(&app, &admin, form(&f, "Compression tee", tees)).await;

    let all = table(&app, &admin, "q=compression&sortField=name&sortOrder=asc").await;
    let flags: Vec<(&str, &Value)> = all["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), &p["unweighedVariants"]))
        .collect();
    assert_eq!(
        flags,
        [
            ("Compression elbow", &json!(3)),
            ("Compression tee", &json!(0))
        ]
    );

    let missing = table(&app, &admin, "weight=missing").await;
    let names: Vec<&str> = missing["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Compression elbow"), "{missing}");
    assert!(!names.contains(&"Compression tee"), "{missing}");

    // Weighing the elbow's variants takes it off the list.
    let id = elbow["_id"].as_str().unwrap();
    sqlx::query("UPDATE product_variants SET weight_grams = 80 WHERE product_id = $1")
        .bind(id)
        .execute(&app.catalogue.db().pool)
        .await
        .unwrap();
    let missing = table(&app, &admin, "weight=missing&q=compression").await;
    assert_eq!(missing["total"], 0, "{missing}");

    let (status, bad) = app
        .call(
            Method::GET,
            "/api/admin/product?weight=none",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(bad["errors"]["weight"], "weight must be missing");
}
