//! Variants' stock (docs/DESIGN.md §9, §15): each variant's stock moves on its own into
//! its product's history, the dashboard counts variants, the bulk actions reach each
//! variant, and a SKU finds its variant. (The console's variant grid: variants.rs.)

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::variants::{admin_product, create, fittings, form, variant};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    stock_moves_per_variant_into_the_products_history,
    the_dashboard_counts_variants_low_and_out_of_stock,
    a_sku_finds_its_product_and_variant_ignoring_case,
    bulk_changes_apply_to_each_variant,
);

async fn stock_moves_per_variant_into_the_products_history(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let made = create(&app, &admin, form(&f, "Elbow", fittings("EL"))).await;
    let id = made["_id"].as_str().unwrap();
    let v = variant(&made, "EL-22/BR")["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let path = format!("/api/admin/variant/{v}/stock");
    let (status, answer) = app
        .call(
            Method::POST,
            &path,
            Some(json!({"change": 7, "reason": "Delivery"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let product = &answer["data"]["product"];
    assert_eq!(variant(product, "EL-22/BR")["stock"], 10);
    assert_eq!(product["stock"], 40);
    assert_eq!(
        product["version"], made["version"],
        "stock is not the form's"
    );

    let (status, answer) = app
        .call(
            Method::POST,
            &path,
            Some(json!({"change": -11, "reason": "Damaged"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "Only 10 in stock");
    let (status, answer) = app
        .call(
            Method::POST,
            &path,
            Some(json!({"change": 0, "reason": ""})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["errors"]["change"].is_string() && answer["errors"]["reason"].is_string());
    let unknown = format!("/api/admin/variant/{}/stock", shop::domain::new_id());
    let (status, answer) = app
        .call(
            Method::POST,
            &unknown,
            Some(json!({"change": 1, "reason": "x"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["message"], "Variant not found");

    // The product's own stock call is for products with one variant.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{id}/stock"),
            Some(json!({"change": 1, "reason": "Found one"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["errors"]["variantId"].is_string(), "{answer}");
    // …where it moves that one variant.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/stock", f.alpha),
            Some(json!({"change": -5, "reason": "Damaged"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["product"]["variants"][0]["stock"], 45);

    let (_, history) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{id}/stock-history"),
            None,
            Some(&admin),
        )
        .await;
    let newest = &history["data"]["entries"][0];
    assert_eq!(newest["sku"], "EL-22/BR");
    assert_eq!(newest["variantId"], v.as_str());
    assert_eq!(newest["change"], 7);
    assert_eq!(newest["stockAfter"], 10);
    assert_eq!(newest["reason"], "Delivery");
    assert_eq!(
        history["data"]["total"], 4,
        "three starting stocks and the delivery"
    );
}

async fn the_dashboard_counts_variants_low_and_out_of_stock(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (_, before) = app
        .call(Method::GET, "/api/admin/dashboard", None, Some(&admin))
        .await;
    // The fixture's Beta (5) is low and Gamma (0) out.
    assert_eq!(before["data"]["lowStock"]["count"], 1, "{before}");
    assert_eq!(before["data"]["outOfStock"]["count"], 1, "{before}");
    create(&app, &admin, form(&f, "Elbow", fittings("DB"))).await;
    let (_, after) = app
        .call(Method::GET, "/api/admin/dashboard", None, Some(&admin))
        .await;
    let data = &after["data"];
    // One variant of 3 is low, one of 0 is out, though the product holds 33.
    assert_eq!(
        data["lowStock"]["count"].as_i64().unwrap(),
        before["data"]["lowStock"]["count"].as_i64().unwrap() + 1
    );
    assert_eq!(data["outOfStock"]["count"], 2);
    let out: Vec<&Value> = data["outOfStock"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .collect();
    let elbow = out.iter().find(|p| p["sku"] == "DB-15/CR").expect("listed");
    assert_eq!(elbow["name"], "Elbow");
    assert_eq!(
        elbow["options"],
        json!({"Finish": "Chrome", "Size": "15 mm"})
    );
}

async fn a_sku_finds_its_product_and_variant_ignoring_case(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let made = create(&app, &admin, form(&f, "Elbow", fittings("SK"))).await;
    let (status, answer) = app.get("/api/sku/sk-22%2Fcr").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["variant"]["sku"], "SK-22/CR");
    assert_eq!(answer["data"]["variant"]["discountedPrice"], 6.3);
    assert_eq!(answer["data"]["product"]["_id"], made["_id"]);
    assert_eq!(
        answer["data"]["product"]["variants"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let (status, answer) = app.get(&format!("/api/sku/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::OK, "a migrated product's SKU, any case");
    assert_eq!(answer["data"]["product"]["name"], "Alpha Kitchen Mixer");
    let (status, answer) = app.get("/api/sku/NOPE-1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["message"], "No product has this SKU");
    // An archived product's SKUs are not found.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.alpha),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.get(&format!("/api/sku/{}", f.alpha)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn bulk_changes_apply_to_each_variant(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let made = create(&app, &admin, form(&f, "Elbow", fittings("BK"))).await;
    let id = made["_id"].as_str().unwrap();
    let bulk =
        |action: &str, value: f64| json!({"ids": [id, f.alpha], "action": action, "value": value});
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product/bulk",
            Some(bulk("setStock", 5.0)),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let elbow = admin_product(&app, &admin, id).await;
    assert_eq!(elbow["stock"], 20, "5 of each of four");
    assert!(elbow["variants"]
        .as_array()
        .unwrap()
        .iter()
        .all(|v| v["stock"] == 5));
    assert_eq!(app.stock_of(&f.alpha).await, 5);
    assert_eq!(elbow["version"], made["version"], "stock is not the form's");

    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product/bulk",
            Some(bulk("adjustPrice", 10.0)),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let elbow = admin_product(&app, &admin, id).await;
    assert_eq!(variant(&elbow, "BK-15/BR")["price"], 4.4);
    assert_eq!(variant(&elbow, "BK-22/CR")["price"], 7.7);
    assert_eq!(elbow["price"], 4.4);
    assert_eq!(elbow["version"], made["version"].as_i64().unwrap() + 1);
    assert_eq!(admin_product(&app, &admin, &f.alpha).await["price"], 110.0);
}
