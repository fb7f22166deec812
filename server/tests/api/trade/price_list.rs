//! A customer group's price list as CSV (docs/DESIGN.md §11, issue 34 item 2): exported
//! as a spreadsheet opens it, imported back (any column order, SKUs in any case, an
//! empty price removing one) after a dry run that writes nothing, all or none; files
//! that are not a price list refused whole, and bad rows one by one.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{group, variant_of, GROUPS};
use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    a_groups_price_list_goes_out_and_comes_back_in_after_a_dry_run,
    a_price_list_with_a_bad_row_is_refused_row_by_row_and_writes_nothing,
    a_file_that_is_not_a_price_list_is_refused_whole,
);

async fn sku_of(app: &TestApp, product: &str) -> String {
    use sqlx::Row;
    sqlx::query("SELECT sku FROM product_variants WHERE product_id = $1")
        .bind(product)
        .fetch_one(&app.catalogue.db().pool)
        .await
        .expect("a variant")
        .get("sku")
}

/// The 'Trade' group with its own prices of Alpha (85.50) and Beta (30.00): its id.
async fn priced_group(app: &TestApp, admin: &str, f: &Fixture) -> String {
    let trade = group(app, admin, "Trade", &[], false).await;
    let id = trade["_id"].as_str().unwrap().to_string();
    let body = json!({"prices": [
        {"variantId": variant_of(app, &f.alpha).await, "price": 85.5},
        {"variantId": variant_of(app, &f.beta).await, "price": 30}]});
    let (status, answer) = app
        .call(
            Method::PUT,
            &format!("{GROUPS}/{id}/price"),
            Some(body),
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    id
}

async fn import(
    app: &TestApp,
    admin: &str,
    group: &str,
    file: impl Into<reqwest::Body>,
    apply: &str,
) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url(&format!("{GROUPS}/{group}/price/import?apply={apply}")))
        .bearer_auth(admin)
        .header("content-type", "text/csv")
        .body(file)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// The group's prices by SKU, as the console's grid reads them.
async fn prices(app: &TestApp, admin: &str, group: &str) -> Vec<(String, f64)> {
    let (status, answer) = app
        .call(
            Method::GET,
            &format!("{GROUPS}/{group}/price"),
            None,
            Some(admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let mut prices: Vec<(String, f64)> = answer["data"]["prices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["sku"].as_str().unwrap().to_string(),
                p["price"].as_f64().unwrap(),
            )
        })
        .collect();
    prices.sort_by(|a, b| a.0.cmp(&b.0));
    prices
}

fn sorted(mut prices: Vec<(String, f64)>) -> Vec<(String, f64)> {
    prices.sort_by(|a, b| a.0.cmp(&b.0));
    prices
}

async fn a_groups_price_list_goes_out_and_comes_back_in_after_a_dry_run(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let id = priced_group(&app, &admin, &f).await;
    let [alpha, beta, gamma, delta] = [
        sku_of(&app, &f.alpha).await,
        sku_of(&app, &f.beta).await,
        sku_of(&app, &f.gamma).await,
        sku_of(&app, &f.delta).await,
    ];

    let response = app
        .client
        .get(app.url(&format!("{GROUPS}/{id}/price/export")))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"group-prices-trade-"),
        "{disposition}"
    );
    let file = response.text().await.unwrap();
    let mut lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines.remove(0), "sku,productName,shopPrice,price");
    lines.sort();
    let mut expected = vec![
        format!("{alpha},Alpha Kitchen Mixer,100.00,85.50"),
        format!("{beta},Beta Basin Tap,40.00,30.00"),
    ];
    expected.sort();
    assert_eq!(lines, expected);

    // The owner edits it: columns in another order, a SKU in another case, Alpha dearer
    // than the shop, Beta's price emptied, Gamma added far below its price, Delta's
    // empty price where the group has none.
    let edited = format!(
        "price,sku\n120,{}\n,{beta}\n100,{gamma}\n,{delta}\n",
        alpha.to_lowercase()
    );
    let (status, answer) = import(&app, &admin, &id, edited.clone(), "false").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Price list checked");
    let report = &answer["data"];
    assert_eq!(
        (
            &report["applied"],
            &report["set"],
            &report["removed"],
            &report["unchanged"],
            &report["refused"]
        ),
        (&json!(false), &json!(2), &json!(1), &json!(1), &json!(0)),
        "{report}"
    );
    assert_eq!(
        report["rows"],
        json!([
            {"row": 2, "sku": alpha.to_lowercase(), "action": "set", "from": 85.5, "to": 120.0,
             "errors": [], "warnings": ["Above the shop price of 100.00"]},
            {"row": 3, "sku": beta, "action": "remove", "from": 30.0, "to": null,
             "errors": [], "warnings": []},
            {"row": 4, "sku": gamma, "action": "set", "from": null, "to": 100.0,
             "errors": [], "warnings": ["Check this price: less than half the shop price of 250.00"]},
        ])
    );
    let before = sorted(vec![(alpha.clone(), 85.5), (beta.clone(), 30.0)]);
    assert_eq!(
        prices(&app, &admin, &id).await,
        before,
        "a dry run writes nothing"
    );

    let (status, answer) = import(&app, &admin, &id, edited.clone(), "true").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Price list imported");
    assert_eq!(answer["data"]["applied"], true);
    assert_eq!(
        prices(&app, &admin, &id).await,
        sorted(vec![(alpha.clone(), 120.0), (gamma.clone(), 100.0)])
    );
    // The same file again changes nothing.
    let (_, answer) = import(&app, &admin, &id, edited, "true").await;
    assert_eq!(
        (&answer["data"]["unchanged"], &answer["data"]["rows"]),
        (&json!(4), &json!([]))
    );

    // The activity log says who imported what.
    let (_, log) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=customer_group",
            None,
            Some(&admin),
        )
        .await;
    let entry = log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "prices_imported")
        .cloned()
        .unwrap_or_else(|| panic!("an import entry: {log}"));
    assert_eq!(entry["objectName"], "Trade");
}

async fn a_price_list_with_a_bad_row_is_refused_row_by_row_and_writes_nothing(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let id = priced_group(&app, &admin, &f).await;
    let alpha = sku_of(&app, &f.alpha).await;
    let beta = sku_of(&app, &f.beta).await;
    let before = prices(&app, &admin, &id).await;
    let file = format!(
        "sku,productName,price\n\
         {alpha},Alpha,70\n\
         NO-SUCH-SKU,,10\n\
         {beta},,abc\n\
         {beta},,0\n\
         ,,5\n\
         {},,1.005\n\
         {beta},,2,extra\n",
        alpha.to_lowercase()
    );
    let (status, answer) = import(&app, &admin, &id, file.clone(), "false").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let report = &answer["data"];
    assert_eq!((&report["set"], &report["refused"]), (&json!(1), &json!(6)));
    let errors: Vec<(i64, String)> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["action"] == "refuse")
        .map(|r| {
            (
                r["row"].as_i64().unwrap(),
                r["errors"][0].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        [
            (
                3,
                "sku: No product in the shop has this SKU, not 'NO-SUCH-SKU'".to_string()
            ),
            (
                4,
                "price: Price must be a number, or empty to remove it, not 'abc'".into()
            ),
            (5, "sku: This SKU is on row 4 too".into()),
            (6, "sku: A SKU is required".into()),
            (7, "sku: This SKU is on row 2 too".into()),
            (8, "This row has 4 cells; the header has 3".into()),
        ]
    );

    let (status, answer) = import(&app, &admin, &id, file, "true").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["message"],
        "Nothing was imported: 6 rows are refused"
    );
    assert_eq!(
        answer["errors"]["row 3"],
        "sku: No product in the shop has this SKU, not 'NO-SUCH-SKU'"
    );
    assert_eq!(prices(&app, &admin, &id).await, before, "nothing written");

    // Every row readable but one SKU unknown: the shop itself refuses to write.
    let file = format!("sku,price\n{alpha},70\nNO-SUCH-SKU,10\n");
    let (status, answer) = import(&app, &admin, &id, file, "true").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["message"], "Nothing was imported: 1 row is refused");
    assert_eq!(prices(&app, &admin, &id).await, before, "nothing written");

    // An archived product's SKUs are not in the shop: not exported, not imported.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.beta),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, answer) = import(&app, &admin, &id, format!("sku,price\n{beta},9\n"), "false").await;
    assert_eq!(answer["data"]["refused"], 1, "{answer}");
    let response = app
        .client
        .get(app.url(&format!("{GROUPS}/{id}/price/export")))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap();
    let file = response.text().await.unwrap();
    assert!(!file.contains(&beta) && file.contains(&alpha), "{file}");

    // A price out of range is refused quoting it.
    let (_, answer) = import(&app, &admin, &id, format!("sku,price\n{beta},0\n"), "false").await;
    assert_eq!(
        answer["data"]["rows"][0]["errors"][0],
        "price: Price must be from 0.01 to 1000000, with at most two decimals, not '0'"
    );
}

async fn a_file_that_is_not_a_price_list_is_refused_whole(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let id = priced_group(&app, &admin, &f).await;
    for (file, why) in [
        (
            "sku,price,colour\nA,1,red\n",
            "Unknown column 'colour': the columns are sku, productName, shopPrice, price",
        ),
        ("sku,productName\nA,Tap\n", "The file has no 'price' column"),
        ("sku,price,SKU\nA,1,B\n", "The column 'SKU' is there twice"),
        ("sku,price\n", "The file has no prices in it"),
    ] {
        let (status, answer) = import(&app, &admin, &id, file, "false").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{file}: {answer}");
        assert_eq!(answer["message"], why);
    }
    let (status, answer) = import(&app, &admin, &id, vec![0xffu8, 0xfe, 0x00], "false").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["message"].as_str().unwrap().contains("UTF-8"),
        "{answer}"
    );
    let (status, answer) = import(&app, &admin, &id, "sku,price\n", "maybe").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["apply"], "apply must be true or false");
    // Just over 2 MB (a larger body is refused before the import reads it).
    let large = format!("sku,price\n{}", "A,1\n".repeat(2 * 1024 * 1024 / 4 + 10));
    let (status, answer) = import(&app, &admin, &id, large, "false").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["message"], "The file must be at most 2 MB");

    // No such group; and not for customers.
    let nobody = "000000000000000000000000";
    let (status, answer) = import(&app, &admin, nobody, "sku,price\nA,1\n", "false").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["message"], "Customer group not found");
    let (status, _) = app
        .call(
            Method::GET,
            &format!("{GROUPS}/{nobody}/price/export"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let customer = app.customer("plumber@example.com").await;
    let (status, _) = import(&app, &customer, &id, "sku,price\nA,1\n", "false").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .call(
            Method::GET,
            &format!("{GROUPS}/{id}/price/export"),
            None,
            Some(&customer),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
