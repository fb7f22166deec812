//! Variants, sale units and SKUs in the console and on the product's page
//! (docs/DESIGN.md §9): the product form's options and variant grid, their rules by
//! path, SKUs unique ignoring case, variants left out deleted or archived, stock per
//! variant with its history, the dashboard's variant counts and `GET /sku/{sku}`. (The
//! product page's JSON-LD: `http/storefront.rs`'s unit tests.)

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;
use crate::orders::guest_order;

on_both_backends!(
    a_product_made_with_variants_takes_its_price_and_stock_from_them,
    rule_breaks_are_refused_by_path_and_nothing_is_written,
    a_taken_sku_is_refused_ignoring_case_and_archived_ones_keep_theirs,
    a_save_updates_variants_deletes_those_left_out_and_archives_ordered_ones,
    products_made_before_variants_answer_as_before_with_the_new_fields,
);

/// A product form with the fixture's category and these variant fields.
pub(crate) fn form(f: &Fixture, name: &str, variant_fields: Value) -> Value {
    let mut body = json!({
        "name": name,
        "description": "Compression fitting.",
        "discountPercentage": 10,
        "categoryId": f.faucets,
        "subCategoryId": f.kitchen,
    });
    for (key, value) in variant_fields.as_object().expect("an object") {
        body[key] = value.clone();
    }
    body
}

/// Size 15/22 mm × Finish Brass/Chrome, four variants of `prefix`.
pub(crate) fn fittings(prefix: &str) -> Value {
    json!({
        "options": [
            {"name": "Size", "values": ["15 mm", "22 mm"]},
            {"name": "Finish", "values": ["Brass", "Chrome"]},
        ],
        "variants": [
            {"sku": format!("{prefix}-15/BR"), "options": {"Size": "15 mm", "Finish": "Brass"}, "price": 4.0, "stock": 10, "weightGrams": 80},
            {"sku": format!("{prefix}-15/CR"), "options": {"Size": "15 mm", "Finish": "Chrome"}, "price": 5.0, "stock": 0},
            {"sku": format!("{prefix}-22/BR"), "options": {"size": "22 MM", "finish": "brass"}, "price": 6.5, "stock": 3},
            {"sku": format!("{prefix}-22/CR"), "options": {"Size": "22 mm", "Finish": "Chrome"}, "price": 7.0, "stock": 20},
        ],
        "unit": "each",
        "minQuantity": 2,
        "quantityStep": 2,
    })
}

pub(crate) async fn create(app: &TestApp, admin: &str, body: Value) -> Value {
    let (status, answer) = app
        .call(Method::POST, "/api/admin/product", Some(body), Some(admin))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["data"]["product"].clone()
}

pub(crate) async fn admin_product(app: &TestApp, admin: &str, id: &str) -> Value {
    let path = format!("/api/admin/product/{id}");
    let (status, body) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["product"].clone()
}

/// What checkout writes on its lines once carts hold variants (the cart and orders'
/// part of issue 32): the variant each of product `id`'s order lines sold.
async fn orders_name_its_variant(app: &TestApp, id: &str) {
    sqlx::query(
        "UPDATE order_lines SET variant_id = (SELECT v.id FROM product_variants v \
         WHERE v.product_id = $1 AND v.archived_at IS NULL) WHERE product_id = $1 AND variant_id IS NULL",
    )
    .bind(id)
    .execute(&app.catalogue.db().pool)
    .await
    .expect("order lines name their variant");
}

pub(crate) fn skus(product: &Value) -> Vec<String> {
    product["variants"]
        .as_array()
        .unwrap_or_else(|| panic!("no variants in {product}"))
        .iter()
        .map(|v| v["sku"].as_str().unwrap().to_string())
        .collect()
}

pub(crate) fn variant<'a>(product: &'a Value, sku: &str) -> &'a Value {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["sku"] == sku)
        .unwrap_or_else(|| panic!("no {sku} in {product}"))
}

async fn a_product_made_with_variants_takes_its_price_and_stock_from_them(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let mut body = form(&f, "Compression elbow", fittings("CE"));
    // Sent, and ignored: the variants make them.
    body["price"] = json!(999);
    body["stock"] = json!(999);
    let made = create(&app, &admin, body).await;
    assert_eq!(made["price"], 4.0, "{made}");
    assert_eq!(made["discountedPrice"], 3.6);
    assert_eq!(made["stock"], 33);
    assert_eq!(made["priceRange"], json!({"min": 3.6, "max": 6.3}));
    assert_eq!(made["variantCount"], 4);
    assert_eq!(made["minQuantity"], 2);
    assert_eq!(made["quantityStep"], 2);
    assert_eq!(
        skus(&made),
        ["CE-15/BR", "CE-15/CR", "CE-22/BR", "CE-22/CR"]
    );
    // Values are stored in the options' own spelling.
    assert_eq!(
        variant(&made, "CE-22/BR")["options"],
        json!({"Finish": "Brass", "Size": "22 mm"})
    );
    assert_eq!(variant(&made, "CE-22/BR")["archived"], false);
    let id = made["_id"].as_str().unwrap();

    let (status, page) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let shown = &page["data"]["product"];
    assert_eq!(
        shown["options"][0],
        json!({"name": "Size", "values": ["15 mm", "22 mm"]})
    );
    assert_eq!(shown["unit"], "each");
    assert_eq!(shown["packSize"], Value::Null);
    assert_eq!(shown["priceRange"], json!({"min": 3.6, "max": 6.3}));
    let first = &shown["variants"][0];
    assert_eq!(first["sku"], "CE-15/BR");
    assert_eq!(first["price"], 4.0);
    assert_eq!(first["discountPercentage"], 10.0);
    assert_eq!(first["discountedPrice"], 3.6);
    assert_eq!(first["weightGrams"], 80);
    assert_eq!(first["position"], 0);
    assert!(first.get("archived").is_none(), "the shop is not told");

    // The console's table: how many variants, and the range.
    let (_, table) = app
        .call(
            Method::GET,
            "/api/admin/product?q=elbow",
            None,
            Some(&admin),
        )
        .await;
    let row = &table["data"]["products"][0];
    assert_eq!(row["variantCount"], 4, "{table}");
    assert_eq!(row["priceRange"], json!({"min": 3.6, "max": 6.3}));
    assert_eq!(row["options"].as_array().unwrap().len(), 2);
    // Cards know it has several.
    let (_, listing) = app.get("/api/product?keyword=elbow").await;
    assert_eq!(
        listing["data"]["products"][0]["options"][1]["name"],
        "Finish"
    );
    assert!(listing["data"]["products"][0].get("variants").is_none());

    // Each variant's starting stock is in the history, with its SKU.
    let path = format!("/api/admin/product/{id}/stock-history");
    let (_, history) = app.call(Method::GET, &path, None, Some(&admin)).await;
    let mut started: Vec<(String, i64)> = history["data"]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["reason"], "New product");
            assert!(e["variantId"].is_string());
            (
                e["sku"].as_str().unwrap().to_string(),
                e["change"].as_i64().unwrap(),
            )
        })
        .collect();
    started.sort();
    assert_eq!(
        started,
        [
            ("CE-15/BR".to_string(), 10),
            ("CE-22/BR".to_string(), 3),
            ("CE-22/CR".to_string(), 20)
        ]
    );
}

async fn rule_breaks_are_refused_by_path_and_nothing_is_written(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (_, before) = app
        .call(Method::GET, "/api/admin/product", None, Some(&admin))
        .await;
    let body = form(
        &f,
        "Broken",
        json!({
            "options": [
                {"name": "Size", "values": ["15 mm", "15 MM"]},
                {"name": "size", "values": ["A"]},
            ],
            "variants": [
                {"sku": "has space", "options": {"Size": "15 mm", "size": "A"}, "price": 0},
                {"sku": "OK-1", "options": {"Size": "28 mm"}, "price": 1, "stock": -1, "weightGrams": -5},
            ],
            "unit": "pack",
            "minQuantity": 3,
            "quantityStep": 2,
        }),
    );
    let (status, answer) = app
        .call(Method::POST, "/api/admin/product", Some(body), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let errors = answer["errors"].as_object().unwrap();
    for key in [
        "options.0.values",
        "options.1.name",
        "variants.0.sku",
        "variants.0.price",
        "variants.1.options",
        "variants.1.stock",
        "variants.1.weightGrams",
        "packSize",
        "minQuantity",
    ] {
        assert!(errors.contains_key(key), "{key} in {answer}");
    }
    assert_eq!(
        errors["minQuantity"],
        "The minimum quantity must be a multiple of the quantity step (2)"
    );

    // Options without their variants, and two variants without options.
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(form(
                &f,
                "Half",
                json!({"price": 5, "stock": 1, "options": [{"name": "Size", "values": ["1"]}]}),
            )),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"]["variants"],
        "Give the variants of these options"
    );
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(form(
                &f,
                "Twins",
                json!({"variants": [
                    {"sku": "T-1", "price": 1}, {"sku": "T-2", "price": 2}
                ]}),
            )),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"]["variants"],
        "A product without options has exactly one variant"
    );
    // A photo the product does not have.
    let made = create(
        &app,
        &admin,
        form(&f, "Plain", json!({"price": 5, "stock": 1})),
    )
    .await;
    let id = made["_id"].as_str().unwrap();
    let put = form(
        &f,
        "Plain",
        json!({"variants": [{"_id": made["variants"][0]["_id"], "sku": "PLAIN", "price": 5, "image": "elsewhere/x.jpg"}]}),
    );
    let (status, answer) = app
        .call(
            Method::PUT,
            &format!("/api/admin/product/{id}"),
            Some(put),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"]["variants.0.image"],
        "Choose one of the product's photos, or none"
    );
    let now = admin_product(&app, &admin, id).await;
    assert_eq!(now["version"], made["version"], "nothing written");
    assert_eq!(skus(&now), [id.to_uppercase()]);

    let (_, after) = app
        .call(Method::GET, "/api/admin/product", None, Some(&admin))
        .await;
    assert_eq!(
        after["data"]["total"].as_i64().unwrap(),
        before["data"]["total"].as_i64().unwrap() + 1,
        "only the plain product was made"
    );
}

async fn a_taken_sku_is_refused_ignoring_case_and_archived_ones_keep_theirs(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    create(&app, &admin, form(&f, "First", fittings("DUP"))).await;
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(form(
                &f,
                "Second",
                json!({"variants": [{"sku": "dup-22/cr", "price": 3, "stock": 1}]}),
            )),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["errors"]["variants.0.sku"],
        "Another variant has this SKU"
    );
    // Twice in one save.
    let mut twice = fittings("TW");
    twice["variants"][3]["sku"] = json!("tw-15/br");
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(form(&f, "Twice", twice)),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["errors"]["variants.3.sku"].is_string(), "{answer}");

    // An ordered variant left out is archived, and its SKU stays taken.
    let made = create(&app, &admin, form(&f, "Sold once", json!({"price": 8, "stock": 5, "variants": [{"sku": "SOLD-1", "price": 8, "stock": 5}]}))).await;
    let id = made["_id"].as_str().unwrap();
    app.placed(&guest_order("shopper@example.com", &[(id, 1)]), None)
        .await;
    orders_name_its_variant(&app, id).await;
    let put = form(
        &f,
        "Sold once",
        json!({"variants": [{"sku": "SOLD-2", "price": 9, "stock": 4}]}),
    );
    let (status, answer) = app
        .call(
            Method::PUT,
            &format!("/api/admin/product/{id}"),
            Some(put),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/product",
            Some(form(
                &f,
                "Thief",
                json!({"variants": [{"sku": "Sold-1", "price": 3}]}),
            )),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["errors"]["variants.0.sku"].is_string());
}

async fn a_save_updates_variants_deletes_those_left_out_and_archives_ordered_ones(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Ordered while it had one variant, whose SKU the order keeps.
    let plain = create(
        &app,
        &admin,
        form(&f, "Tee", json!({"price": 4, "stock": 10})),
    )
    .await;
    let id = plain["_id"].as_str().unwrap().to_string();
    let first = plain["variants"][0]["_id"].clone();
    app.placed(&guest_order("shopper@example.com", &[(&id, 2)]), None)
        .await;
    orders_name_its_variant(&app, &id).await;
    let path = format!("/api/admin/product/{id}");

    // Options come: the old variant is left out, and archived.
    let put = form(
        &f,
        "Tee",
        json!({
            "options": [{"name": "Size", "values": ["15 mm", "22 mm", "28 mm"]}],
            "variants": [
                {"sku": "TEE-15", "options": {"Size": "15 mm"}, "price": 4, "stock": 6},
                {"sku": "TEE-22", "options": {"Size": "22 mm"}, "price": 5, "stock": 4},
                {"sku": "TEE-28", "options": {"Size": "28 mm"}, "price": 9, "stock": 1},
            ],
            "version": plain["version"],
        }),
    );
    let (status, answer) = app.call(Method::PUT, &path, Some(put), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = answer["data"]["product"].clone();
    assert_eq!(saved["version"], plain["version"].as_i64().unwrap() + 1);
    assert_eq!(saved["stock"], 11);
    assert_eq!(saved["variantCount"], 3);
    let old = saved["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["_id"] == first)
        .expect("kept, archived");
    assert_eq!(old["archived"], true);
    let (_, page) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(
        skus(&page["data"]["product"]),
        ["TEE-15", "TEE-22", "TEE-28"]
    );
    let (status, _) = app.get(&format!("/api/sku/{}", id.to_uppercase())).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "archived variants are not found"
    );

    // A price moves, a stock sent is ignored, one never ordered is deleted, options kept.
    let v15 = variant(&saved, "TEE-15")["_id"].clone();
    let v22 = variant(&saved, "TEE-22")["_id"].clone();
    let put = form(
        &f,
        "Tee",
        json!({
            "variants": [
                {"_id": v22, "sku": "TEE-22", "options": {"Size": "22 mm"}, "price": 5.5, "stock": 500, "position": 0},
                {"_id": v15, "sku": "TEE-15", "options": {"Size": "15 mm"}, "price": 4, "stock": 500, "position": 1},
            ],
        }),
    );
    let (status, answer) = app.call(Method::PUT, &path, Some(put), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = &answer["data"]["product"];
    let mut kept = skus(saved);
    kept.sort();
    assert_eq!(kept, [id.to_uppercase(), "TEE-15".into(), "TEE-22".into()]);
    let (_, page) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(
        skus(&page["data"]["product"]),
        ["TEE-22", "TEE-15"],
        "by position"
    );
    assert_eq!(saved["stock"], 10, "stock moves only by the named paths");
    assert_eq!(variant(saved, "TEE-22")["price"], 5.5);
    assert_eq!(saved["price"], 4.0);
    assert_eq!(saved["priceRange"], json!({"min": 3.6, "max": 4.95}));

    // The activity log says what happened to each.
    let filter = shop::store::activity::Filter {
        object_type: Some("product".into()),
        object_id: Some(id.clone()),
        ..Default::default()
    };
    let (log, _) = app.activity.list(&filter, 50, 0).await.unwrap();
    let last = log
        .iter()
        .find(|e| {
            e.changes
                .fields()
                .get("variants.TEE-28")
                .is_some_and(|(before, after)| before.is_object() && after.is_null())
        })
        .expect("the save that deleted it");
    let fields = last.changes.fields();
    assert_eq!(fields["variants.TEE-22"].1["price"], 5.5, "{fields:?}");

    // A stale save changes no variant.
    let put = form(&f, "Tee", json!({"variants": [], "version": 1}));
    let (status, _) = app.call(Method::PUT, &path, Some(put), Some(&admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "at least one variant");
    let put = form(
        &f,
        "Tee",
        json!({"variants": [{"sku": "NEW", "price": 1}], "options": [], "version": 1}),
    );
    let (status, answer) = app.call(Method::PUT, &path, Some(put), Some(&admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(skus(&answer["data"]["product"]).len(), 3);
}

async fn products_made_before_variants_answer_as_before_with_the_new_fields(app: TestApp) {
    let f = fixture(&app).await;
    let (status, page) = app.get(&format!("/api/product/{}", f.beta)).await;
    assert_eq!(status, StatusCode::OK);
    let beta = &page["data"]["product"];
    assert_eq!(beta["name"], "Beta Basin Tap");
    assert_eq!(beta["price"], 40.0);
    assert_eq!(beta["discountPercentage"], 25.0);
    assert_eq!(beta["discountedPrice"], 30.0);
    assert_eq!(beta["stock"], 5);
    assert_eq!(beta["size"], "Standard");
    assert_eq!(beta["options"], json!([]));
    assert_eq!(beta["unit"], "each");
    assert_eq!(beta["packSize"], Value::Null);
    assert_eq!(beta["minQuantity"], 1);
    assert_eq!(beta["quantityStep"], 1);
    assert!(beta.get("priceRange").is_none(), "one price");
    let variants = beta["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 1);
    assert_eq!(variants[0]["sku"], f.beta.to_uppercase());
    assert_eq!(variants[0]["options"], json!({}));
    assert_eq!(variants[0]["price"], 40.0);
    assert_eq!(variants[0]["discountedPrice"], 30.0);
    assert_eq!(variants[0]["stock"], 5);

    // A save without variants sets the one variant's price, as it always set the product's.
    let admin = app.admin().await;
    let loaded = admin_product(&app, &admin, &f.beta).await;
    let put = json!({
        "name": loaded["name"], "description": loaded["description"], "price": 44,
        "discountPercentage": 0, "categoryId": f.faucets, "subCategoryId": f.basin,
        "unit": "pack", "packSize": 10,
    });
    let path = format!("/api/admin/product/{}", f.beta);
    let (status, answer) = app.call(Method::PUT, &path, Some(put), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let saved = &answer["data"]["product"];
    assert_eq!(saved["price"], 44.0);
    assert_eq!(saved["variants"][0]["price"], 44.0);
    assert_eq!(saved["unit"], "pack");
    assert_eq!(saved["packSize"], 10);
}
