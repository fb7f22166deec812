//! The products CSV with variants (docs/DESIGN.md §9): one line per variant, read back
//! unchanged; lines sharing an id (or a handle) are one product whose variants they
//! are, edited, added and removed as a console save does; the dry run reports per line;
//! a product with one bad line is refused whole and nothing is written; and an import
//! racing orders for the same variants neither deadlocks nor loses a movement.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::variant::SaleUnit;

use super::csv_files::{download, header, import, parse, to_csv};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::variants::{fitting, set_variant_stock, variant_stock};
use crate::orders::{at_once, count, guest_order};

on_both_backends!(
    variants_export_a_line_each_and_read_back_unchanged,
    a_file_edits_adds_and_removes_a_products_variants_line_by_line,
    lines_sharing_a_handle_make_one_new_product_with_its_variants,
    a_product_with_a_bad_line_is_refused_whole_and_nothing_is_written,
    imports_racing_orders_for_the_same_variant_keep_every_movement,
);

/// The products export as lines of cells, header first.
async fn export(app: &TestApp, admin: &str) -> Vec<Vec<String>> {
    let (status, _, csv) = download(app, "/api/admin/product/export", Some(admin)).await;
    assert_eq!(status, StatusCode::OK);
    let mut lines = vec![header(&csv)];
    lines.extend(parse(&csv));
    lines
}

/// Where column `name` is in `head`.
fn at(head: &[String], name: &str) -> usize {
    head.iter()
        .position(|c| c == name)
        .unwrap_or_else(|| panic!("no column {name}"))
}

/// The cells of `line` in `columns`.
fn cells(head: &[String], line: &[String], columns: &[&str]) -> Vec<String> {
    columns.iter().map(|c| line[at(head, c)].clone()).collect()
}

/// The export's line of the variant with `sku`.
fn line_of(lines: &[Vec<String>], sku: &str) -> Vec<String> {
    let column = at(&lines[0], "sku");
    lines
        .iter()
        .find(|line| line[column] == sku)
        .unwrap_or_else(|| panic!("no line of {sku}"))
        .clone()
}

fn set(head: &[String], line: &mut [String], column: &str, value: &str) {
    line[at(head, column)] = value.to_string();
}

/// The report's rows as (row, action, sku, errors).
fn reported(report: &Value) -> Vec<(u64, String, String, Vec<String>)> {
    report["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["row"].as_u64().unwrap(),
                row["action"].as_str().unwrap().to_string(),
                row["sku"].as_str().unwrap().to_string(),
                row["errors"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

async fn admin_product(app: &TestApp, admin: &str, id: &str) -> Value {
    let path = format!("/api/admin/product/{id}");
    let (status, body) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["product"].clone()
}

/// (sku, price, stock, archived) of each variant of a product, as the console reads it.
fn variants_of(product: &Value) -> Vec<(String, f64, i64, bool)> {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["sku"].as_str().unwrap().to_string(),
                v["price"].as_f64().unwrap(),
                v["stock"].as_i64().unwrap(),
                v["archived"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

async fn history(app: &TestApp, admin: &str, id: &str) -> Value {
    let path = format!("/api/admin/product/{id}/stock-history?perPage=100");
    let (status, body) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

// ---- tests -----------------------------------------------------------------------

async fn variants_export_a_line_each_and_read_back_unchanged(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let lines = export(&app, &admin).await;
    // The header itself: `csv.rs`.
    let head = &lines[0];
    // The elbow's four variants are four lines, in their order, each with its own cells.
    let elbow_lines: Vec<&Vec<String>> = lines.iter().filter(|l| l[0] == elbow.product).collect();
    assert_eq!(elbow_lines.len(), 4);
    let columns = [
        "variantId",
        "sku",
        "price",
        "stock",
        "option1Name",
        "option1Value",
        "option2Name",
        "option2Value",
        "weightGrams",
        "unit",
        "minQuantity",
        "quantityStep",
    ];
    assert_eq!(
        cells(head, elbow_lines[2], &columns),
        [
            elbow.variants[2].as_str(),
            "CE-22-BR",
            "6.00",
            "4",
            "Size",
            "22 mm",
            "Finish",
            "Brass",
            "120",
            "each",
            "1",
            "1"
        ]
    );
    assert_eq!(
        cells(head, elbow_lines[0], &["name", "discountPercentage"]),
        ["CE Compression Elbow", "10"]
    );
    // A product without options is one line, its one variant's SKU the generated one.
    let alpha: Vec<&Vec<String>> = lines.iter().filter(|l| l[0] == f.alpha).collect();
    assert_eq!(alpha.len(), 1);
    assert_eq!(
        cells(
            head,
            alpha[0],
            &["sku", "price", "stock", "option1Name", "option1Value"]
        ),
        [f.alpha.to_uppercase().as_str(), "100.00", "50", "", ""]
    );

    // Applied back, the export changes nothing: no line, no activity, no stock movement.
    let file = to_csv(&lines);
    let (status, report) = import(&app, &file, false, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["data"]["unchanged"], lines.len() - 1, "{report}");
    assert_eq!(report["data"]["rows"], json!([]));
    let moved_before = history(&app, &admin, &elbow.product).await["total"].clone();
    let (status, report) = import(&app, &file, true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["message"], "Products imported");
    assert_eq!(report["data"]["unchanged"], lines.len() - 1);
    assert_eq!(
        history(&app, &admin, &elbow.product).await["total"],
        moved_before
    );
    assert_eq!(export(&app, &admin).await, lines);
}

async fn a_file_edits_adds_and_removes_a_products_variants_line_by_line(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    // An order names 15 mm Chrome: left out of the file, it is archived, not deleted.
    let mut order = guest_order("ada@example.com", &[(&elbow.product, 1)]);
    order["items"][0]["variantId"] = json!(elbow.variants[1]);
    let (status, body) = app.place(Some("chrome"), &order, None).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let lines = export(&app, &admin).await;
    let head = &lines[0];
    let mut first = line_of(&lines, "CE-15-BR");
    set(head, &mut first, "price", "4.40");
    set(head, &mut first, "stock", "9");
    let kept = line_of(&lines, "CE-22-BR");
    let mut added = kept.clone();
    set(head, &mut added, "variantId", "");
    set(head, &mut added, "sku", "CE-28-BR");
    set(head, &mut added, "option1Value", "28 mm");
    set(head, &mut added, "price", "8");
    set(head, &mut added, "stock", "3");
    set(head, &mut added, "weightGrams", "150");
    let file = to_csv(&[head.clone(), first, kept, added]);

    let (status, report) = import(&app, &file, false, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    let data = &report["data"];
    assert_eq!(
        (
            &data["created"],
            &data["updated"],
            &data["unchanged"],
            &data["refused"]
        ),
        (&json!(1), &json!(1), &json!(1), &json!(0)),
        "{report}"
    );
    let rows = data["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["row"], 2);
    assert_eq!(rows[0]["action"], "update");
    assert_eq!(rows[0]["sku"], "CE-15-BR");
    assert_eq!(
        rows[0]["changes"],
        json!([{"field": "price", "from": "4.00", "to": "4.40"},
               {"field": "stock", "from": "5", "to": "9"}])
    );
    assert_eq!(
        rows[0]["flags"],
        json!([
            "Removes the variant CE-15-CH",
            "Removes the variant CE-22-CH"
        ])
    );
    assert_eq!(rows[1]["row"], 4);
    assert_eq!(rows[1]["action"], "create");
    assert_eq!(rows[1]["sku"], "CE-28-BR");
    assert_eq!(rows[1]["id"], elbow.product.as_str());
    // A dry run writes nothing.
    assert_eq!(variant_stock(&app, &elbow.variants[0]).await, 5);

    let (status, report) = import(&app, &file, true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["data"]["applied"], true);
    let product = admin_product(&app, &admin, &elbow.product).await;
    let mut now = variants_of(&product);
    now.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        now,
        [
            ("CE-15-BR".to_string(), 4.4, 9, false),
            ("CE-15-CH".to_string(), 4.5, 5, true),
            ("CE-22-BR".to_string(), 6.0, 4, false),
            ("CE-28-BR".to_string(), 8.0, 3, false),
        ],
        "22 mm Chrome, in no order, is gone; 15 mm Chrome is archived"
    );
    assert_eq!(product["price"], 4.4);
    assert_eq!(product["stock"], 16);
    assert_eq!(
        product["options"][0],
        json!({"name": "Size", "values": ["15 mm", "22 mm", "28 mm"]})
    );
    // The stock history holds the file's two numbers, as the CSV import's.
    let moved = history(&app, &admin, &elbow.product).await;
    let imported: Vec<(String, i64, i64)> = moved["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["reason"] == "CSV import")
        .map(|e| {
            (
                e["sku"].as_str().unwrap().to_string(),
                e["change"].as_i64().unwrap(),
                e["stockAfter"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut imported = imported;
    imported.sort();
    assert_eq!(
        imported,
        [
            ("CE-15-BR".to_string(), 4, 9),
            ("CE-28-BR".to_string(), 3, 3)
        ]
    );
    let (status, body) = app.get("/api/sku/ce-28-br").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["variant"]["options"]["Size"], "28 mm");
}

async fn lines_sharing_a_handle_make_one_new_product_with_its_variants(app: TestApp) {
    fixture(&app).await;
    let admin = app.admin().await;
    let head = "name,description,price,discountPercentage,discountEndDate,stock,category,subCategory,size,color,featured,handle,sku,option1Name,option1Value,unit,packSize";
    let line = |sku: &str, size: &str, price: &str, stock: &str| {
        format!("Copper Tee,An equal tee.,{price},0,,{stock},Heating,Radiators,,,false,tee,{sku},Size,{size},pack,10")
    };
    let file = [
        head.to_string(),
        line("TEE-15", "15 mm", "2.10", "40"),
        line("TEE-22", "22 mm", "3.20", "0"),
        // A product of its own: no handle, no SKU, as a file before variants.
        "Solder Wire,Lead-free.,12.50,0,,7,Heating,Radiators,,,false,,,,,,".to_string(),
        line("TEE-28", "28 mm", "5.00", "6"),
    ]
    .join("\n");
    let (status, report) = import(&app, &file, false, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["data"]["created"], 4);
    assert_eq!(
        reported(&report)
            .iter()
            .map(|(row, action, sku, _)| (*row, action.as_str(), sku.as_str()))
            .collect::<Vec<_>>(),
        [
            (2, "create", "TEE-15"),
            (3, "create", "TEE-22"),
            (4, "create", ""),
            (5, "create", "TEE-28")
        ]
    );
    assert!(report["data"]["rows"][0]["id"].is_null());

    let (status, report) = import(&app, &file, true, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{report}");
    let rows = report["data"]["rows"].as_array().unwrap();
    let tee = rows[0]["id"].as_str().unwrap();
    assert_eq!(rows[1]["id"], tee);
    assert_eq!(rows[3]["id"], tee);
    let solder = rows[2]["id"].as_str().unwrap();
    assert_ne!(solder, tee);
    assert_eq!(rows[2]["sku"], solder.to_uppercase(), "the generated SKU");

    let (status, body) = app.get(&format!("/api/product/{tee}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let product = &body["data"]["product"];
    assert_eq!(product["unit"], "pack");
    assert_eq!(product["packSize"], 10);
    assert_eq!(product["stock"], 46);
    assert_eq!(product["priceRange"], json!({"min": 2.1, "max": 5.0}));
    let skus: Vec<&str> = product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["sku"].as_str().unwrap())
        .collect();
    assert_eq!(skus, ["TEE-15", "TEE-22", "TEE-28"]);
    let moved = history(&app, &admin, tee).await;
    // Two movements: a variant starting with none has no movement.
    assert_eq!(moved["total"], 2, "{moved}");
    assert!(moved["entries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["reason"] == "CSV import"));
    let (status, body) = app.get("/api/sku/tee-22").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["_id"], tee);
}

async fn a_product_with_a_bad_line_is_refused_whole_and_nothing_is_written(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let lines = export(&app, &admin).await;
    let head = lines[0].clone();
    let elbow_lines: Vec<Vec<String>> = ["CE-15-BR", "CE-15-CH", "CE-22-BR", "CE-22-CH"]
        .iter()
        .map(|sku| line_of(&lines, sku))
        .collect();
    let alpha = lines.iter().find(|l| l[0] == f.alpha).unwrap().clone();
    let taken = f.beta.to_uppercase();
    let edited = |change: &dyn Fn(&mut Vec<Vec<String>>)| {
        let mut file = elbow_lines.clone();
        change(&mut file);
        let mut all = vec![head.clone()];
        all.extend(file);
        all.push(alpha.clone());
        to_csv(&all)
    };
    let cases: Vec<(String, usize, String)> = vec![
        (
            edited(&|file| set(&head, &mut file[1], "sku", &taken)),
            1,
            format!("sku: Another variant has the SKU '{taken}'"),
        ),
        (
            edited(&|file| set(&head, &mut file[2], "sku", "CE-15-BR")),
            2,
            "sku: 'CE-15-BR' is on row 2 too".into(),
        ),
        (
            edited(&|file| set(&head, &mut file[3], "name", "Another Elbow")),
            3,
            "name: Every row of a product gives its name as its first row does (row 2), not 'Another Elbow'".into(),
        ),
        (
            edited(&|file| set(&head, &mut file[1], "option2Value", "Brass")),
            1,
            "options: Another variant has the same values, not '15 mm, Brass'".into(),
        ),
        (
            edited(&|file| set(&head, &mut file[1], "option2Value", "")),
            1,
            "options: Choose a value of each option: Size, Finish, not '15 mm'".into(),
        ),
        (
            edited(&|file| set(&head, &mut file[0], "variantId", &f.alpha)),
            0,
            format!("variantId: This product has no variant '{}' in the shop", f.alpha),
        ),
        (
            edited(&|file| set(&head, &mut file[2], "price", "abc")),
            2,
            "price: Price must be from 0.01 to 1000000, with at most two decimals, not 'abc'".into(),
        ),
        (
            edited(&|file| {
                // One line, as a file before variants: the elbow has four.
                file.truncate(1);
                for column in ["variantId", "sku", "option1Name", "option1Value", "option2Name", "option2Value"] {
                    set(&head, &mut file[0], column, "");
                }
            }),
            0,
            "This product has 4 variants: give each its own row with its sku".into(),
        ),
    ];
    for (file, bad, reason) in cases {
        let (status, report) = import(&app, &file, false, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{report}");
        let rows = reported(&report);
        let elbow_rows: Vec<_> = rows.iter().filter(|r| r.0 <= 5).collect();
        assert!(
            elbow_rows.iter().all(|r| r.1 == "refuse"),
            "every line of the product is refused: {report}"
        );
        let bad_row = bad as u64 + 2;
        let line = elbow_rows.iter().find(|r| r.0 == bad_row).unwrap();
        assert!(line.3.contains(&reason), "{reason}: {report}");
        for other in elbow_rows.iter().filter(|r| r.0 != bad_row) {
            assert_eq!(
                other.3,
                [format!(
                    "Not imported: row {bad_row} of this product is refused"
                )],
                "{report}"
            );
        }
        // Alpha, unchanged in the same file, is only counted.
        assert!(rows.iter().all(|r| r.0 <= 5), "{report}");
        let (status, body) = import(&app, &file, true, Some(&admin)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    }
    // Lines of a new product: an option value without its name; two lines without options.
    let new_lines = "name,description,price,discountPercentage,discountEndDate,stock,category,subCategory,size,color,featured,handle,sku,option1Name,option1Value\n\
        Pipe Clip,A clip.,0.30,0,,10,Heating,Radiators,,,false,clip,CLIP-15,,15 mm\n\
        Pipe Cap,A cap.,0.50,0,,10,Heating,Radiators,,,false,cap,CAP-15,,\n\
        Pipe Cap,A cap.,0.60,0,,10,Heating,Radiators,,,false,cap,CAP-22,,";
    let (_, report) = import(&app, new_lines, false, Some(&admin)).await;
    let rows = reported(&report);
    assert_eq!(
        rows[0].3,
        ["option1Value: Name this option in option1Name".to_string()]
    );
    assert_eq!(
        rows[1].3,
        ["A product without options has exactly one variant".to_string()]
    );
    assert_eq!(
        rows[2].3,
        ["options: Another variant has the same values".to_string()]
    );
    // Nothing of any refused file was written.
    let product = admin_product(&app, &admin, &elbow.product).await;
    assert_eq!(
        variants_of(&product)
            .iter()
            .map(|v| (v.0.as_str(), v.2))
            .collect::<Vec<_>>(),
        [
            ("CE-15-BR", 5),
            ("CE-15-CH", 6),
            ("CE-22-BR", 4),
            ("CE-22-CH", 0)
        ]
    );
    assert_eq!(product["name"], "CE Compression Elbow");
}

/// Ten shoppers buy 15 mm Brass while three imports, each changing its price and giving
/// its stock as 50, are applied: no call fails (no deadlock between an import's locks
/// and an order's), and every unit the variant holds is accounted for in its history.
async fn imports_racing_orders_for_the_same_variant_keep_every_movement(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let elbow = fitting(&app, &f, "CE", SaleUnit::default()).await;
    let brass = elbow.variants[0].clone();
    set_variant_stock(&app, &brass, 50).await;
    let lines = export(&app, &admin).await;
    let head = lines[0].clone();
    let files: Vec<String> = (0..3)
        .map(|n| {
            let mut file = vec![head.clone()];
            for sku in ["CE-15-BR", "CE-15-CH", "CE-22-BR", "CE-22-CH"] {
                let mut line = line_of(&lines, sku);
                if sku == "CE-15-BR" {
                    set(&head, &mut line, "price", &format!("4.{n}1"));
                }
                file.push(line);
            }
            to_csv(&file)
        })
        .collect();
    // Calls 0, 4 and 8 apply a file; the ten others are orders.
    let mut calls = Vec::new();
    for n in 0..13 {
        let (app, admin, product, brass) = (
            app.clone(),
            admin.clone(),
            elbow.product.clone(),
            brass.clone(),
        );
        let file = (n % 4 == 0 && n < 12).then(|| files[n / 4].clone());
        calls.push(async move {
            match file {
                Some(file) => import(&app, &file, true, Some(&admin)).await,
                None => {
                    let mut order = guest_order(&format!("buyer{n}@example.com"), &[(&product, 1)]);
                    order["items"][0]["variantId"] = json!(brass);
                    app.place(Some(&format!("race-{n}")), &order, None).await
                }
            }
        });
    }
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 10, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::OK), 3, "{answers:?}");
    // Every movement is in the history: the stock it started at plus every change is the
    // stock there is, and the newest entry says so.
    let stock = variant_stock(&app, &brass).await;
    let moved = history(&app, &admin, &elbow.product).await;
    let of_brass: Vec<&Value> = moved["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["variantId"] == brass.as_str())
        .collect();
    let changes: i64 = of_brass.iter().map(|e| e["change"].as_i64().unwrap()).sum();
    let starting = of_brass.last().unwrap();
    assert_eq!(starting["reason"], "Starting stock");
    // The 45 set directly above are outside the history; every other unit is in it.
    assert_eq!(45 + changes, stock, "{moved}");
    assert_eq!(of_brass[0]["stockAfter"], stock, "{moved}");
    let orders = of_brass.iter().filter(|e| e["reason"] == "Order").count();
    assert_eq!(orders, 10);
}
