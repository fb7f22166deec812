//! The CSV import explains itself (docs/DESIGN.md §15, issue 30): a dry run lists each
//! changed line's fields from and to as the file writes them, flags a price that jumps,
//! quotes a refused line's bad value, numbers rows as a spreadsheet does and only
//! counts the lines that change nothing; and an import never changes a field the file
//! did not change, a discount's end time included.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::store::activity::Filter;

use crate::helpers::{fixture, id, TestApp};
use crate::on_both_backends;

on_both_backends!(
    an_unchanged_export_changes_nothing_not_even_a_discounts_end,
    a_dry_run_says_what_each_line_changes,
);

async fn export(app: &TestApp, admin: &str) -> String {
    let response = app
        .client
        .get(app.url("/api/admin/product/export"))
        .bearer_auth(admin)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

async fn import(app: &TestApp, admin: &str, csv: &str, apply: bool) -> Value {
    let response = app
        .client
        .post(app.url(&format!("/api/admin/product/import?apply={apply}")))
        .bearer_auth(admin)
        .header("content-type", "text/csv")
        .body(csv.to_string())
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// The file's lines as cells, the header first.
fn cells(csv: &str) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

fn to_csv(rows: &[Vec<String>]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row).unwrap();
    }
    String::from_utf8(writer.into_inner().unwrap()).unwrap()
}

/// Every product's (id, version, discount end instant, stock), in id order.
async fn stored(app: &TestApp, admin: &str, ids: &[&str]) -> Vec<(String, i64, Option<i64>, i64)> {
    let mut out = Vec::new();
    for product in ids {
        let row = app.catalogue.product(&id(product)).await.unwrap().unwrap();
        let (_, body) = app
            .call(
                Method::GET,
                &format!("/api/admin/product/{product}"),
                None,
                Some(admin),
            )
            .await;
        let version = body["data"]["product"]["version"].as_i64().unwrap();
        out.push((row.id, version, row.discount.ends_at, row.stock));
    }
    out
}

async fn product_entries(app: &TestApp) -> Vec<(String, Vec<String>)> {
    let filter = Filter {
        object_type: Some("product".into()),
        ..Filter::default()
    };
    let (rows, _) = app.activity.list(&filter, 100, 0).await.unwrap();
    rows.into_iter()
        .map(|r| (r.object_id, r.changes.fields().keys().cloned().collect()))
        .collect()
}

async fn an_unchanged_export_changes_nothing_not_even_a_discounts_end(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let ids = [
        f.alpha.as_str(),
        f.beta.as_str(),
        f.gamma.as_str(),
        f.delta.as_str(),
        f.epsilon.as_str(),
    ];
    let before = stored(&app, &admin, &ids).await;
    let csv = export(&app, &admin).await;

    // Applied as it came out: every line unchanged, nothing written, nothing logged.
    let report = import(&app, &admin, &csv, true).await;
    assert_eq!(report["applied"], true);
    assert_eq!(report["unchanged"], 5, "{report}");
    assert_eq!(report["rows"], json!([]));
    assert_eq!(
        stored(&app, &admin, &ids).await,
        before,
        "no version, end or stock moved"
    );
    assert!(product_entries(&app).await.is_empty());

    // Only beta's price edited: its discount still ends at the very instant it did
    // (the file shows the day; the shop keeps the time), and its stock moves not.
    let mut rows = cells(&csv);
    let beta = rows.iter().position(|r| r[0] == f.beta).unwrap();
    assert_eq!(rows[beta][3], "40.00");
    rows[beta][3] = "42.00".into();
    let report = import(&app, &admin, &to_csv(&rows), true).await;
    assert_eq!(
        (report["updated"].as_i64(), report["unchanged"].as_i64()),
        (Some(1), Some(4))
    );
    let after = stored(&app, &admin, &ids).await;
    let (was, now) = (&before[1], &after[1]);
    assert_eq!(now.2, was.2, "the discount's end instant is kept");
    assert_eq!(
        (now.1, now.3),
        (was.1 + 1, was.3),
        "one version up, the same stock"
    );
    for (i, (a, b)) in after.iter().zip(&before).enumerate() {
        if i != 1 {
            assert_eq!(a, b, "only beta changes");
        }
    }
    assert_eq!(
        product_entries(&app).await,
        [(f.beta.clone(), vec!["price".to_string()])]
    );
    let (_, history) = app
        .call(
            Method::GET,
            &format!("/api/admin/product/{}/stock-history", f.beta),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(history["data"]["total"], 0, "no stock movement: {history}");
}

async fn a_dry_run_says_what_each_line_changes(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let csv = export(&app, &admin).await;
    let mut rows = cells(&csv);
    let header = rows.remove(0);
    let take = |rows: &mut Vec<Vec<String>>, product: &str| {
        let at = rows.iter().position(|r| r[0] == product).unwrap();
        rows.remove(at)
    };
    // In an order of our own: gamma (row 2), alpha (3), beta (4), delta (5), epsilon (6).
    let mut gamma = take(&mut rows, &f.gamma);
    gamma[2] = "Double panel,\nfast heat-up.".into();
    let mut alpha = take(&mut rows, &f.alpha);
    alpha[1] = "Alpha Kitchen Mixer Pro".into();
    alpha[7] = "Heating".into();
    alpha[8] = "Radiators".into();
    alpha[3] = "100".into(); // the same price, written otherwise: no change
    let mut beta = take(&mut rows, &f.beta);
    beta[3] = "90".into(); // 40.00 to 90: more than half again
    let mut delta = take(&mut rows, &f.delta);
    delta[6] = "20".into();
    let epsilon = take(&mut rows, &f.epsilon);
    let mut bad = epsilon.clone();
    bad[0] = String::new();
    bad[3] = "abc".into();
    let file = to_csv(&[header, gamma, alpha, beta, delta, epsilon, bad]);

    let report = import(&app, &admin, &file, false).await;
    assert_eq!(
        (
            report["created"].as_i64(),
            report["updated"].as_i64(),
            report["unchanged"].as_i64(),
            report["refused"].as_i64()
        ),
        (Some(0), Some(4), Some(1), Some(1))
    );
    let change =
        |field: &str, from: &str, to: &str| json!({"field": field, "from": from, "to": to});
    let listed: Vec<Value> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| json!([r["row"], r["action"], r["changes"], r["flags"], r["errors"]]))
        .collect();
    assert_eq!(
        listed,
        [
            json!([2, "update", [change("description", "Double panel, fast heat-up.", "Double panel,\nfast heat-up.")], [], []]),
            json!([3, "update", [
                change("name", "Alpha Kitchen Mixer", "Alpha Kitchen Mixer Pro"),
                change("category", "Faucets", "Heating"),
                change("subCategory", "Kitchen Mixers", "Radiators"),
            ], [], []]),
            json!([4, "update", [change("price", "40.00", "90")], ["Check this price"], []]),
            json!([5, "update", [change("stock", "12", "20")], [], []]),
            // The multi-line cell above is one row: the sixth line of the file is row 7.
            json!([7, "refuse", [], [], ["price: Price must be from 0.01 to 1000000, with at most two decimals, not 'abc'"]]),
        ],
        "{report}"
    );
    assert_eq!(report["rows"][2]["name"], "Beta Basin Tap");
}
