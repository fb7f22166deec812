//! 'You'll also need' (docs/DESIGN.md §12, issue 35 item 5): staff link up to 12 other
//! products to one, in order, on the product form; the shop shows those in the shop and
//! in stock, else the sub-category's best sellers, and a change shows at once.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{guest_order, stocked};

on_both_backends!(
    staff_link_related_products_in_order_and_the_shop_shows_those_it_can_sell,
    related_products_that_break_a_rule_are_refused_and_nothing_is_written,
    without_links_a_product_shows_its_sub_categorys_best_sellers,
);

/// `PUT /admin/product/{id}` with the product's fields as they are and `related` (left
/// out when `None`).
async fn save_related(
    app: &TestApp,
    admin: &str,
    product: &str,
    related: Option<Value>,
) -> (StatusCode, Value) {
    let path = format!("/api/admin/product/{product}");
    let (status, answer) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let p = &answer["data"]["product"];
    let mut body = json!({
        "name": p["name"], "description": p["description"], "price": p["price"],
        "stock": p["stock"], "categoryId": p["category"]["_id"],
        "subCategoryId": p["subCategory"]["_id"], "featured": p["featured"],
        "discountPercentage": p["setDiscountPercentage"],
        "discountEndDate": p["setDiscountEndDate"], "version": p["version"],
    });
    if let Some(related) = related {
        body["relatedProductIds"] = related;
    }
    app.call(Method::PUT, &path, Some(body), Some(admin)).await
}

/// The ids of product `id`'s related products as the shop shows them.
async fn shown(app: &TestApp, id: &str) -> Vec<String> {
    let (status, answer) = app.get(&format!("/api/product/{id}/related")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Related products");
    answer["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["_id"].as_str().unwrap().to_string())
        .collect()
}

async fn staff_link_related_products_in_order_and_the_shop_shows_those_it_can_sell(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    // Gamma is sold out; the rest are in stock.
    let links = json!([f.epsilon, f.gamma, f.beta, f.delta]);
    let (status, answer) = save_related(&app, &admin, &f.alpha, Some(links.clone())).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let product = &answer["data"]["product"];
    assert_eq!(product["relatedProductIds"], links);
    assert_eq!(
        product["relatedProducts"][2],
        json!({"_id": f.beta, "name": "Beta Basin Tap", "archived": false})
    );
    assert_eq!(product["version"], 2, "a change of links is a change");
    // A guest sees them in staff's order without the sold-out one; the answer is kept
    // and tagged as the catalogue's are.
    assert_eq!(
        shown(&app, &f.alpha).await,
        [f.epsilon.clone(), f.beta.clone(), f.delta.clone()]
    );
    let response = app
        .client
        .get(app.url(&format!("/api/product/{}/related", f.alpha)))
        .send()
        .await
        .unwrap();
    assert!(response.headers().contains_key("etag"));
    let card = &response.json::<Value>().await.unwrap()["data"]["products"][1];
    assert_eq!(
        (&card["name"], &card["discountedPrice"]),
        (&json!("Beta Basin Tap"), &json!(30.0)),
        "cards as the listing's"
    );

    // Archived: no longer shown, still linked on the form. A change shows at once.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.delta),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        shown(&app, &f.alpha).await,
        [f.epsilon.clone(), f.beta.clone()]
    );

    // A save that leaves them out keeps them; the order is staff's to change.
    let (status, answer) = save_related(&app, &admin, &f.alpha, None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["product"]["relatedProductIds"], links);
    let (status, _) = save_related(&app, &admin, &f.alpha, Some(json!([f.beta, f.epsilon]))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        shown(&app, &f.alpha).await,
        [f.beta.clone(), f.epsilon.clone()]
    );

    // The activity log says what changed.
    let (_, log) = app
        .call(
            Method::GET,
            &format!(
                "/api/admin/activity?objectType=product&objectId={}",
                f.alpha
            ),
            None,
            Some(&admin),
        )
        .await;
    // Entries of one instant of the test clock come in either order.
    let changes: Vec<&Value> = log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| &entry["changes"]["relatedProductIds"])
        .collect();
    assert!(
        changes.contains(&&json!({"before": links, "after": [f.beta, f.epsilon]})),
        "{log}"
    );

    // No such product, or an archived one: 404.
    for id in ["000000000000000000000000", f.delta.as_str()] {
        let (status, answer) = app.get(&format!("/api/product/{id}/related")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(answer["message"], "Product not found");
    }
}

async fn related_products_that_break_a_rule_are_refused_and_nothing_is_written(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let (status, _) = save_related(&app, &admin, &f.alpha, Some(json!([f.beta]))).await;
    assert_eq!(status, StatusCode::OK);
    let many: Vec<String> = (1..=13).map(|n| format!("{n:024x}")).collect();
    let nobody = "00000000000000000000abcd";
    for (related, why) in [
        (
            json!([f.alpha]),
            "A product cannot be related to itself".to_string(),
        ),
        (
            json!([f.beta, nobody]),
            format!("No such product: {nobody}"),
        ),
        (json!(many), "At most 12 related products".to_string()),
        (
            json!([f.beta, f.beta]),
            "Each related product once".to_string(),
        ),
        (json!(["tap"]), "Choose products from the shop".to_string()),
    ] {
        let (status, answer) = save_related(&app, &admin, &f.alpha, Some(related)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"]["relatedProductIds"], why);
    }
    let (_, answer) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{}", f.alpha),
            None,
            Some(&admin),
        )
        .await;
    let product = &answer["data"]["product"];
    assert_eq!(product["relatedProductIds"], json!([f.beta]));
    assert_eq!(product["version"], 2, "nothing written");

    // A new product may name related ones at once.
    let body = json!({"name": "Gamma Valve", "description": "A valve.", "price": 12.5,
        "stock": 3, "categoryId": f.faucets, "subCategoryId": f.kitchen,
        "relatedProductIds": [f.epsilon]});
    let (status, answer) = app
        .call(Method::POST, "/api/admin/product", Some(body), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["data"]["product"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(shown(&app, &id).await, vec![f.epsilon.clone()]);
}

async fn without_links_a_product_shows_its_sub_categorys_best_sellers(app: TestApp) {
    let f = fixture(&app).await;
    // Kitchen mixers: Alpha (1 day old), Delta (4 days), and two new ones; the second
    // is ordered, three at a time, and a third new one is sold out.
    let first = stocked(&app, &f, "First Mixer", 5_000, 10).await;
    let ordered = stocked(&app, &f, "Ordered Mixer", 5_000, 10).await;
    let sold_out = stocked(&app, &f, "Sold Out Mixer", 5_000, 0).await;
    app.placed(&guest_order("buyer@example.com", &[(&ordered, 3)]), None)
        .await;
    let best = shown(&app, &f.delta).await;
    assert_eq!(best[0], ordered, "the most ordered first");
    assert_eq!(best.len(), 3, "{best:?}");
    assert!(!best.contains(&f.delta) && !best.contains(&sold_out));
    assert_eq!(best[2], f.alpha, "then the newest: {best:?}");
    assert_eq!(best[1], first);
}
