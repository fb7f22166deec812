//! The listing over variants (docs/DESIGN.md §9, "Listing"): the option filter (one and
//! the same variant must hold every asked name), its 400, the option facets, and a
//! keyword that is a SKU finding its product first under 'Best match'; the index and
//! the database's own listing (another node, index not built) agreeing.

use reqwest::StatusCode;
use serde_json::{json, Value};
use shop::domain::option_filter::OptionFilter;
use shop::domain::variant::{ProductOption, SaleUnit, VariantOptions};
use shop::domain::Money;
use shop::store::catalogue::{
    Catalogue, NewProduct, ProductFilter, ProductSort, SortField, VariantInput,
};
use shop::store::stock::Cause;

use crate::helpers::{names, new_product, one_category, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_option_filter_asks_one_and_the_same_variant_to_hold_every_name,
    option_facets_count_products_per_value_leaving_out_their_own_name,
    a_keyword_that_is_a_sku_finds_its_product_first_under_best_match,
);

/// A product named `name` made `age` minutes ago, with variants of these
/// (Size, Finish, SKU, price in cents); no variants: its one default variant.
async fn product_with(
    app: &TestApp,
    name: &str,
    age: i64,
    variants: &[(&str, &str, &str, i64)],
) -> String {
    let (category, sub) = match app.catalogue.categories().await.unwrap().first() {
        Some(c) => (c.id.clone(), c.sub_categories[0].id.clone()),
        None => one_category(&app.catalogue, "Fittings", "Elbows").await,
    };
    let product = NewProduct {
        created_at: app.clock.now_ms() - age * 60_000,
        ..new_product(name, 1_000, &category, &sub)
    };
    let id = product.id.clone();
    app.catalogue.insert_products(&[product]).await.unwrap();
    if variants.is_empty() {
        return id;
    }
    let values = |which: usize| {
        let mut values: Vec<String> = Vec::new();
        for v in variants {
            let value = if which == 0 { v.0 } else { v.1 };
            if !values.iter().any(|x| x == value) {
                values.push(value.to_string());
            }
        }
        values
    };
    let options = [
        ProductOption {
            name: "Size".into(),
            values: values(0),
        },
        ProductOption {
            name: "Finish".into(),
            values: values(1),
        },
    ];
    let inputs: Vec<VariantInput> = variants
        .iter()
        .enumerate()
        .map(|(i, (size, finish, sku, cents))| VariantInput {
            id: None,
            sku: sku.to_string(),
            options: VariantOptions::from([
                ("Size".to_string(), size.to_string()),
                ("Finish".to_string(), finish.to_string()),
            ]),
            price: Money::from_cents(*cents),
            stock: 5,
            weight_grams: None,
            image: None,
            position: i as i64,
        })
        .collect();
    app.catalogue
        .replace_variants(
            &id,
            &options,
            SaleUnit::default(),
            &inputs,
            Cause::System("Test"),
        )
        .await
        .unwrap()
        .unwrap();
    id
}

async fn listed(app: &TestApp, query: &str) -> Value {
    let (status, body) = app.get(&format!("/api/product?perPage=50&{query}")).await;
    assert_eq!(status, StatusCode::OK, "{query}: {body}");
    body
}

/// Another node on the same database, whose index is not built: the database answers.
fn database(app: &TestApp) -> Catalogue {
    Catalogue::new(app.catalogue.db().clone(), app.clock.clone())
}

async fn database_names(app: &TestApp, filter: &ProductFilter, field: SortField) -> Vec<String> {
    let sort = ProductSort {
        field,
        descending: true,
    };
    let (rows, total) = database(app)
        .list_products(filter, sort, 0, 50)
        .await
        .unwrap();
    assert_eq!(total, rows.len() as i64);
    rows.into_iter().map(|row| row.name).collect()
}

async fn the_option_filter_asks_one_and_the_same_variant_to_hold_every_name(app: TestApp) {
    product_with(
        &app,
        "Compression elbow",
        3,
        &[
            ("15 mm", "Brass", "CE-15-BR", 300),
            ("22 mm", "Chrome", "CE-22-CH", 400),
        ],
    )
    .await;
    product_with(
        &app,
        "Push-fit tee",
        2,
        &[
            ("15 mm", "Chrome", "PT-15-CH", 500),
            ("28 mm", "Brass", "PT-28-BR", 600),
        ],
    )
    .await;
    product_with(&app, "Copper pipe", 1, &[]).await;

    let cases: [(&[&str], &[&str]); 6] = [
        (&["Size:15 mm", "Finish:Chrome"], &["Push-fit tee"]),
        (&["size:15 MM"], &["Push-fit tee", "Compression elbow"]),
        (
            &["Size: 22 mm", "Size:28 mm"],
            &["Push-fit tee", "Compression elbow"],
        ),
        (&["Size:22 mm", "Finish:Brass"], &[]),
        (
            &["Finish:Chrome", "Finish:Brass", "Size:28 mm"],
            &["Push-fit tee"],
        ),
        (&["Colour:Red"], &[]),
    ];
    for (options, expected) in cases {
        let query: Vec<String> = options
            .iter()
            .map(|o| format!("option={}", urlencode(o)))
            .collect();
        let body = listed(&app, &query.join("&")).await;
        assert_eq!(names(&body), expected, "{options:?}");
        assert_eq!(body["data"]["total"], json!(expected.len()), "{options:?}");
        // With a keyword too, through the index's search.
        let body = listed(&app, &format!("keyword=fittings&{}", query.join("&"))).await;
        assert_eq!(names(&body), expected, "keyword, {options:?}");
        // The database answers the same while the index is being built.
        let filter = ProductFilter {
            options: OptionFilter::parse(options.iter().copied()).unwrap(),
            ..Default::default()
        };
        assert_eq!(
            database_names(&app, &filter, SortField::CreatedAt).await,
            expected,
            "database, {options:?}"
        );
    }

    for bad in [
        "option=Size",
        "option=:15%20mm",
        "option=Size%3A15%20mm&option=Finish",
    ] {
        let (status, body) = app.get(&format!("/api/product?{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert!(
            body["errors"]["option"].as_str().is_some_and(
                |m| m.starts_with("option must be a name and a value such as Size:22 mm")
            ),
            "{bad}: {body}"
        );
    }
}

fn urlencode(text: &str) -> String {
    text.replace(' ', "%20").replace(':', "%3A")
}

/// The option facets as `{name: {value: count}}`.
fn option_facets(body: &Value) -> Value {
    let options = body["data"]["facets"]["options"]
        .as_object()
        .unwrap_or_else(|| panic!("no option facets in {body}"));
    options
        .iter()
        .map(|(name, values)| {
            let counts: serde_json::Map<String, Value> = values
                .as_array()
                .unwrap()
                .iter()
                .map(|v| (v["value"].as_str().unwrap().to_string(), v["count"].clone()))
                .collect();
            (name.clone(), Value::Object(counts))
        })
        .collect::<serde_json::Map<_, _>>()
        .into()
}

async fn option_facets_count_products_per_value_leaving_out_their_own_name(app: TestApp) {
    product_with(
        &app,
        "Compression elbow",
        3,
        &[
            ("15 mm", "Brass", "CE-15-BR", 300),
            ("22 mm", "Chrome", "CE-22-CH", 400),
        ],
    )
    .await;
    product_with(
        &app,
        "Push-fit tee",
        2,
        &[
            ("15 mm", "Chrome", "PT-15-CH", 500),
            ("28 mm", "Brass", "PT-28-BR", 600),
            ("15 mm", "Brass", "PT-15-BR", 500),
        ],
    )
    .await;
    product_with(&app, "Copper pipe", 1, &[]).await;

    let all = listed(&app, "facets=true").await;
    assert_eq!(
        option_facets(&all),
        json!({
            "Finish": {"Brass": 2, "Chrome": 2},
            "Size": {"15 mm": 2, "22 mm": 1, "28 mm": 1},
        }),
        "each product once per value, however many variants hold it"
    );
    // Chrome chosen: the sizes are those of Chrome variants; the finishes leave the
    // finish filter out (a shopper can switch).
    let chrome = listed(&app, "facets=true&option=Finish%3Achrome").await;
    assert_eq!(chrome["data"]["total"], json!(2));
    assert_eq!(
        option_facets(&chrome),
        json!({
            "Finish": {"Brass": 2, "Chrome": 2},
            "Size": {"15 mm": 1, "22 mm": 1},
        })
    );
    assert_eq!(chrome["data"]["facets"]["inStock"], json!(2));
    // 28 mm chosen: only the tee's Brass variant holds it.
    let large = listed(&app, "facets=true&option=Size%3A28%20mm").await;
    assert_eq!(names(&large), ["Push-fit tee"]);
    assert_eq!(
        option_facets(&large),
        json!({
            "Finish": {"Brass": 1},
            "Size": {"15 mm": 2, "22 mm": 1, "28 mm": 1},
        })
    );
    // Each count is what choosing that value (with the other filters) lists.
    for (query, total) in [
        ("option=Finish%3Achrome&option=Size%3A15%20mm", 1),
        ("option=Finish%3Achrome&option=Size%3A22%20mm", 1),
        ("option=Finish%3Abrass", 2),
        ("option=Size%3A28%20mm&option=Finish%3ABrass", 1),
    ] {
        assert_eq!(
            listed(&app, query).await["data"]["total"],
            json!(total),
            "{query}"
        );
    }
    // A keyword narrows the facets as it narrows the listing.
    let tee = listed(&app, "facets=true&keyword=tee").await;
    assert_eq!(
        option_facets(&tee),
        json!({
            "Finish": {"Brass": 1, "Chrome": 1},
            "Size": {"15 mm": 1, "28 mm": 1},
        })
    );
}

async fn a_keyword_that_is_a_sku_finds_its_product_first_under_best_match(app: TestApp) {
    // Matches 'valve 22' by its words, and is the newest.
    product_with(&app, "Valve 22 angled", 1, &[]).await;
    // Has the SKU, and no word of it.
    product_with(
        &app,
        "Stopcock",
        5,
        &[
            ("15 mm", "Brass", "SC-15", 900),
            ("22 mm", "Brass", "Valve-22", 950),
        ],
    )
    .await;
    product_with(&app, "Basin waste", 3, &[]).await;

    let best = listed(&app, "keyword=VALVE-22&sortField=relevance").await;
    assert_eq!(
        names(&best),
        ["Stopcock", "Valve 22 angled"],
        "the SKU first"
    );
    let newest = listed(&app, "keyword=valve-22").await;
    assert_eq!(
        names(&newest),
        ["Valve 22 angled", "Stopcock"],
        "another sort wins"
    );
    let exact = listed(&app, "keyword=sc-15").await;
    assert_eq!(names(&exact), ["Stopcock"]);
    assert_eq!(
        listed(&app, "keyword=sc-1").await["data"]["total"],
        json!(0),
        "whole SKUs only"
    );

    // The database's listing finds it too.
    let filter = ProductFilter {
        keyword_words: ProductFilter::keyword("sc-15"),
        sku: Some("sc-15".into()),
        ..Default::default()
    };
    assert_eq!(
        database_names(&app, &filter, SortField::CreatedAt).await,
        ["Stopcock"]
    );

    // Suggestions show the SKU searched for.
    let (status, body) = app.get("/api/search/suggest?q=valve-22").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let products = body["data"]["products"].as_array().unwrap();
    assert_eq!(products[0]["name"], json!("Stopcock"), "{body}");
    assert_eq!(products[0]["sku"], json!("Valve-22"));
    let sku_of_other = products[1]["sku"].as_str().unwrap();
    assert_eq!(
        sku_of_other.len(),
        24,
        "a default variant's generated SKU: {body}"
    );
}
