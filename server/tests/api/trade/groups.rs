//! Customer groups, their prices and quantity breaks in the console (docs/DESIGN.md §11,
//! issue 34 item 2): a group kept whole with its version, one group per name, category
//! discounts naming real categories, a group with members kept; a group's prices set,
//! searched and removed, all or none; breaks per audience with their rules.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{approved, group, variant_of, GROUPS};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_console_keeps_groups_whole_and_one_per_name,
    a_group_with_members_is_kept_and_one_without_goes_with_its_prices,
    a_groups_prices_are_set_searched_and_removed_all_or_none,
    breaks_are_kept_per_audience_and_refused_when_they_break_a_rule,
);

async fn the_console_keeps_groups_whole_and_one_per_name(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let created = group(
        &app,
        &admin,
        " Trade ",
        &[(f.faucets.as_str(), 10), (f.kitchen.as_str(), 15)],
        false,
    )
    .await;
    assert_eq!(created["name"], "Trade");
    assert_eq!(created["cartDiscount"], false);
    assert_eq!(created["members"], 0);
    assert_eq!(created["version"], 1);
    assert_eq!(
        created["categoryDiscounts"],
        json!([{"categoryId": f.faucets, "percent": 10}, {"categoryId": f.kitchen, "percent": 15}])
    );
    let id = created["_id"].as_str().unwrap().to_string();
    let path = format!("{GROUPS}/{id}");

    // One per name, case ignored.
    let (status, answer) = app
        .call(
            Method::POST,
            GROUPS,
            Some(json!({"name": "TRADE"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "A group with this name exists");

    // Field rules, and categories that exist.
    let bad = json!({"name": "", "categoryDiscounts": [
        {"categoryId": f.heating, "percent": 0},
        {"categoryId": "000000000000000000000000", "percent": 5}]});
    let (status, answer) = app
        .call(Method::POST, GROUPS, Some(bad), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["errors"]["name"], "Name is required");
    assert_eq!(
        answer["errors"]["categoryDiscounts[0].percent"],
        "A discount is 1 to 90 percent"
    );
    let unknown = json!({"name": "Builders", "categoryDiscounts": [
        {"categoryId": f.heating, "percent": 5},
        {"categoryId": "000000000000000000000000", "percent": 5}]});
    let (status, answer) = app
        .call(Method::POST, GROUPS, Some(unknown), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"]["categoryDiscounts[1].categoryId"],
        "No such category"
    );

    // An edit replaces it whole; a stale one gets the group as it now is.
    let edit = json!({"name": "Trade plus", "categoryDiscounts": [
        {"categoryId": f.heating, "percent": 20}], "cartDiscount": true, "version": 1});
    let (status, answer) = app
        .call(Method::PUT, &path, Some(edit.clone()), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let updated = &answer["data"]["group"];
    assert_eq!(updated["name"], "Trade plus");
    assert_eq!(updated["version"], 2);
    assert_eq!(updated["cartDiscount"], true);
    assert_eq!(updated["categoryDiscounts"].as_array().unwrap().len(), 1);
    let (status, answer) = app.call(Method::PUT, &path, Some(edit), Some(&admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["data"]["group"]["version"], 2);
    let (status, _) = app
        .call(
            Method::PUT,
            &format!("{GROUPS}/000000000000000000000000"),
            Some(json!({"name": "X"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, answer) = app.call(Method::GET, GROUPS, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = answer["data"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Trade plus"]);
    let plumber = app.customer("plumber@example.com").await;
    let (status, _) = app.call(Method::GET, GROUPS, None, Some(&plumber)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn a_group_with_members_is_kept_and_one_without_goes_with_its_prices(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let trade = group(&app, &admin, "Trade", &[], false).await;
    let spare = group(&app, &admin, "Spare", &[], true).await;
    let (trade_id, spare_id) = (
        trade["_id"].as_str().unwrap(),
        spare["_id"].as_str().unwrap(),
    );
    let plumber = app.customer("plumber@example.com").await;
    approved(&app, &admin, &plumber, trade_id, 500.0).await;
    let (status, answer) = app
        .call(
            Method::DELETE,
            &format!("{GROUPS}/{trade_id}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "This group has 1 member: move them to another group first"
    );

    let variant = variant_of(&app, &f.alpha).await;
    let prices = json!({"prices": [{"variantId": variant, "price": 80}]});
    let (status, _) = app
        .call(
            Method::PUT,
            &format!("{GROUPS}/{spare_id}/price"),
            Some(prices),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let breaks = json!({"groupId": spare_id, "breaks": [{"minQuantity": 10, "price": 70}]});
    let (status, answer) = app
        .call(
            Method::PUT,
            &format!("/api/admin/variant/{variant}/price-break"),
            Some(breaks),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .call(
            Method::DELETE,
            &format!("{GROUPS}/{spare_id}"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Customer group deleted");
    // Its prices and breaks went with it.
    let (_, answer) = app
        .call(
            Method::GET,
            &format!("/api/admin/variant/{variant}/price-break"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(answer["data"]["priceBreaks"], json!([]));
    let (status, _) = app
        .call(
            Method::GET,
            &format!("{GROUPS}/{spare_id}/price"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, answer) = app.call(Method::GET, GROUPS, None, Some(&admin)).await;
    assert_eq!(answer["data"]["groups"].as_array().unwrap().len(), 1);
}

async fn a_groups_prices_are_set_searched_and_removed_all_or_none(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let trade = group(&app, &admin, "Trade", &[], false).await;
    let path = format!("{GROUPS}/{}/price", trade["_id"].as_str().unwrap());
    let alpha = variant_of(&app, &f.alpha).await;
    let beta = variant_of(&app, &f.beta).await;
    let body =
        json!({"prices": [{"variantId": alpha, "price": 85.5}, {"variantId": beta, "price": 30}]});
    let (status, answer) = app.call(Method::PUT, &path, Some(body), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Group prices saved");
    assert_eq!(answer["data"]["total"], 2);
    let prices = answer["data"]["prices"].as_array().unwrap();
    let of = |prices: &[Value], variant: &str| {
        prices
            .iter()
            .find(|p| p["variantId"] == variant)
            .map(|p| p["price"].clone())
    };
    assert_eq!(of(prices, &alpha), Some(json!(85.5)));
    assert!(prices[0]["sku"].is_string() && prices[0]["productName"].is_string());

    // Searched by a word of the product's name.
    let (status, answer) = app
        .call(Method::GET, &format!("{path}?q=basin"), None, Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["data"]["total"], 1);
    assert_eq!(answer["data"]["prices"][0]["variantId"], beta.as_str());
    let (_, answer) = app
        .call(Method::GET, &format!("{path}?q=%25"), None, Some(&admin))
        .await;
    assert_eq!(
        answer["data"]["total"], 0,
        "a % is a character, not a wildcard"
    );

    // All or none: one unknown variant refuses every line.
    let body = json!({"prices": [{"variantId": alpha, "price": 50},
        {"variantId": "000000000000000000000000", "price": 1}]});
    let (status, answer) = app.call(Method::PUT, &path, Some(body), Some(&admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["prices[1].variantId"], "No such variant");
    let (_, answer) = app.call(Method::GET, &path, None, Some(&admin)).await;
    assert_eq!(
        of(answer["data"]["prices"].as_array().unwrap(), &alpha),
        Some(json!(85.5))
    );

    for (body, key) in [
        (json!({"prices": []}), "prices"),
        (
            json!({"prices": [{"variantId": alpha, "price": 1}, {"variantId": alpha, "price": 2}]}),
            "prices[1].variantId",
        ),
        (
            json!({"prices": [{"variantId": alpha, "price": 0}]}),
            "prices[0].price",
        ),
        (
            json!({"prices": [{"variantId": alpha, "price": 1.001}]}),
            "prices[0].price",
        ),
    ] {
        let (status, answer) = app.call(Method::PUT, &path, Some(body), Some(&admin)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer["errors"][key].is_string(), "{key}: {answer}");
    }
    let many: Vec<Value> = (0..501)
        .map(|i| json!({"variantId": format!("{i:024}"), "price": 1}))
        .collect();
    let (status, answer) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"prices": many})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["prices"], "At most 500 prices a call");

    // `null` removes a price.
    let body = json!({"prices": [{"variantId": alpha, "price": null}]});
    let (status, answer) = app.call(Method::PUT, &path, Some(body), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["total"], 1);
    assert_eq!(
        of(answer["data"]["prices"].as_array().unwrap(), &alpha),
        None
    );
}

async fn breaks_are_kept_per_audience_and_refused_when_they_break_a_rule(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let trade = group(&app, &admin, "Trade", &[], false).await;
    let trade_id = trade["_id"].as_str().unwrap();
    let variant = variant_of(&app, &f.alpha).await;
    let path = format!("/api/admin/variant/{variant}/price-break");
    let everyone = json!({"groupId": null, "breaks": [
        {"minQuantity": 10, "price": 95}, {"minQuantity": 50, "price": 90}]});
    let (status, answer) = app
        .call(Method::PUT, &path, Some(everyone), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let for_trade = json!({"groupId": trade_id, "breaks": [{"minQuantity": 5, "price": 80}]});
    let (status, answer) = app
        .call(Method::PUT, &path, Some(for_trade), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["data"]["priceBreaks"],
        json!([
            {"groupId": null, "breaks": [{"minQuantity": 10, "price": 95.0}, {"minQuantity": 50, "price": 90.0}]},
            {"groupId": trade_id, "breaks": [{"minQuantity": 5, "price": 80.0}]}
        ])
    );

    // Each audience is replaced alone; empty removes it.
    let (status, answer) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"breaks": []})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        answer["data"]["priceBreaks"],
        json!([{"groupId": trade_id, "breaks": [{"minQuantity": 5, "price": 80.0}]}])
    );

    let cases = [
        (
            json!({"breaks": [{"minQuantity": 1, "price": 9}]}),
            "breaks[0].minQuantity",
            "A break starts at 2 units or more",
        ),
        (
            json!({"breaks": [{"minQuantity": 10, "price": 9}, {"minQuantity": 10, "price": 8}]}),
            "breaks[1].minQuantity",
            "Each break starts at more units than the one before",
        ),
        (
            json!({"breaks": [{"minQuantity": 10, "price": 9}, {"minQuantity": 20, "price": 9}]}),
            "breaks[1].price",
            "Each break costs less than the one before",
        ),
        (
            json!({"groupId": "000000000000000000000000", "breaks": [{"minQuantity": 2, "price": 9}]}),
            "groupId",
            "No such customer group",
        ),
    ];
    for (body, key, text) in cases {
        let (status, answer) = app.call(Method::PUT, &path, Some(body), Some(&admin)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"][key], text, "{answer}");
    }
    let eleven: Vec<Value> = (0..11)
        .map(|i| json!({"minQuantity": 2 + i, "price": 100 - i}))
        .collect();
    let (status, answer) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"breaks": eleven})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["breaks"], "At most 10 breaks");
    let (status, answer) = app
        .call(
            Method::GET,
            "/api/admin/variant/000000000000000000000000/price-break",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["message"], "Variant not found");
    // Nothing the refusals sent was kept.
    let (_, answer) = app.call(Method::GET, &path, None, Some(&admin)).await;
    assert_eq!(answer["data"]["priceBreaks"].as_array().unwrap().len(), 1);
}
