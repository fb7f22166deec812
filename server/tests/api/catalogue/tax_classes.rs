//! A product's tax class (docs/DESIGN.md §10): standard unless the console or a CSV file
//! says otherwise, kept by a save or a file that does not name one, refused when it is
//! not one of the shop's, and shown on every product answer.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::csv_files::{download, header, import, parse, to_csv};
use super::variants::{admin_product, create, form};
use crate::accounts::assert_error;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_console_sets_a_tax_class_and_a_save_without_one_keeps_it,
    a_csv_file_sets_tax_classes_and_one_without_the_column_keeps_them,
);

async fn put(app: &TestApp, admin: &str, id: &str, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/admin/product/{id}");
    app.call(Method::PUT, &path, Some(body), Some(admin)).await
}

async fn the_console_sets_a_tax_class_and_a_save_without_one_keeps_it(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Products made before tax classes are on the standard rate.
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["taxClass"], "standard");

    let mut lagging = form(&f, "Pipe Lagging", json!({"price": 3.5, "stock": 40}));
    lagging["taxClass"] = json!("reduced");
    let made = create(&app, &admin, lagging.clone()).await;
    assert_eq!(made["taxClass"], "reduced");
    let id = made["_id"].as_str().unwrap().to_string();
    let (_, body) = app.get(&format!("/api/product/{id}")).await;
    assert_eq!(body["data"]["product"]["taxClass"], "reduced");
    let (_, body) = app.get("/api/product?keyword=lagging").await;
    assert_eq!(body["data"]["products"][0]["taxClass"], "reduced");

    // A save that names none keeps it; one that names another changes it.
    let mut edit = lagging.clone();
    edit.as_object_mut().unwrap().remove("taxClass");
    edit["description"] = json!("Foam lagging for 15 mm pipe.");
    let (status, body) = put(&app, &admin, &id, edit.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["taxClass"], "reduced");
    edit["taxClass"] = json!("zero");
    let (status, body) = put(&app, &admin, &id, edit.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["taxClass"], "zero");

    // A class the shop does not have is refused by name, and nothing is written.
    edit["taxClass"] = json!("luxury");
    edit["description"] = json!("Never written.");
    let (status, body) = put(&app, &admin, &id, edit).await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "The tax class must be standard, reduced or zero",
    );
    assert_eq!(
        body["errors"]["taxClass"],
        "The tax class must be standard, reduced or zero"
    );
    let now = admin_product(&app, &admin, &id).await;
    assert_eq!(now["taxClass"], "zero");
    assert_eq!(now["description"], "Foam lagging for 15 mm pipe.");
}

async fn a_csv_file_sets_tax_classes_and_one_without_the_column_keeps_them(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (_, _, csv) = download(&app, "/api/admin/product/export", Some(&admin)).await;
    let head = header(&csv);
    let class = head
        .iter()
        .position(|c| c == "taxClass")
        .expect("a taxClass column");
    let mut lines = vec![head.clone()];
    lines.extend(parse(&csv));
    assert!(lines[1..].iter().all(|line| line[class] == "standard"));

    // Alpha goes on the reduced rate: the dry run says so, applying writes it.
    let alpha = lines.iter().position(|line| line[0] == f.alpha).unwrap();
    lines[alpha][class] = "reduced".into();
    let file = to_csv(&lines);
    let (status, report) = import(&app, &file, false, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(
        report["data"]["rows"][0]["changes"],
        json!([{"field": "taxClass", "from": "standard", "to": "reduced"}])
    );
    let (status, report) = import(&app, &file, true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["taxClass"], "reduced");

    // A file without the column (or with the cell empty) keeps each class.
    let without: Vec<Vec<String>> = lines
        .iter()
        .map(|line| {
            let mut line = line.clone();
            line.remove(class);
            line
        })
        .collect();
    let (status, report) = import(&app, &to_csv(&without), true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["data"]["rows"], json!([]), "nothing changes");
    lines[alpha][class] = String::new();
    let (_, report) = import(&app, &to_csv(&lines), false, Some(&admin)).await;
    assert_eq!(report["data"]["rows"], json!([]), "nothing changes");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["product"]["taxClass"], "reduced");

    // A class the shop does not have refuses the row, quoting it.
    lines[alpha][class] = "luxury".into();
    let (_, report) = import(&app, &to_csv(&lines), false, Some(&admin)).await;
    assert_eq!(
        report["data"]["rows"][0]["errors"],
        json!(["taxClass: The tax class must be standard, reduced or zero, not 'luxury'"])
    );
}
