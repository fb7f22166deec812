//! No lost updates in the console (docs/DESIGN.md §15, issue 30): a product form's save
//! never puts back the stock it loaded, a save of a product changed since it was loaded
//! is refused with the product as it now is, stock moves only by named paths, each into
//! a history, and racing changes never take it below zero. (The other objects' versions:
//! versions.rs.)

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{fixture, Fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count, guest_order, pickup};

on_both_backends!(
    a_form_saved_after_a_sale_keeps_the_sale,
    a_stale_save_is_refused_with_the_product_as_it_now_is,
    stock_moves_by_a_change_with_a_reason_into_its_history,
    bad_stock_changes_are_refused_by_field_and_nothing_moves,
    racing_stock_changes_and_orders_never_go_below_zero,
    saves_and_price_changes_racing_orders_never_put_sold_units_back,
);

async fn product(app: &TestApp, admin: &str, id: &str) -> Value {
    let path = format!("/api/admin/product/{id}");
    let (status, body) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"]["product"].clone()
}

/// What the console's form sends back for `loaded`: every field, as loaded.
fn form(f: &Fixture, loaded: &Value) -> Value {
    json!({
        "name": loaded["name"],
        "description": loaded["description"],
        "price": loaded["price"],
        "discountPercentage": loaded["setDiscountPercentage"],
        "discountEndDate": loaded["setDiscountEndDate"],
        "stock": loaded["stock"],
        "categoryId": f.faucets,
        "subCategoryId": f.kitchen,
        "size": loaded["size"],
        "color": loaded["color"],
        "featured": loaded["featured"],
        "version": loaded["version"],
    })
}

async fn history(app: &TestApp, admin: &str, id: &str, query: &str) -> Value {
    let path = format!("/api/admin/product/{id}/stock-history{query}");
    let (status, body) = app.call(Method::GET, &path, None, Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

async fn change_stock(app: &TestApp, admin: &str, id: &str, body: Value) -> (StatusCode, Value) {
    let path = format!("/api/admin/product/{id}/stock");
    app.call(Method::POST, &path, Some(body), Some(admin)).await
}

/// The sequence a newcomer met: the form loaded stock 240; a shopper bought 5; the owner
/// changed only the description and saved. Before, stock went back to 240 and the log
/// said 'stock: 235 → 240'.
async fn a_form_saved_after_a_sale_keeps_the_sale(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (status, body) = change_stock(
        &app,
        &admin,
        &f.alpha,
        json!({"change": 190, "reason": "Delivery from supplier"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let loaded = product(&app, &admin, &f.alpha).await;
    assert_eq!(loaded["stock"], 240);

    app.placed(&guest_order("shopper@example.com", &[(&f.alpha, 5)]), None)
        .await;
    assert_eq!(app.stock_of(&f.alpha).await, 235);
    // A sale does not make the open form stale.
    assert_eq!(
        product(&app, &admin, &f.alpha).await["version"],
        loaded["version"]
    );

    let mut edit = form(&f, &loaded);
    edit["description"] = json!("Now with a longer hose.");
    let path = format!("/api/admin/product/{}", f.alpha);
    let (status, body) = app.call(Method::PUT, &path, Some(edit), Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["stock"], 235, "{body}");
    assert_eq!(
        body["data"]["product"]["description"],
        "Now with a longer hose."
    );
    assert_eq!(
        body["data"]["product"]["version"],
        loaded["version"].as_i64().unwrap() + 1
    );
    assert_eq!(app.stock_of(&f.alpha).await, 235);
    let filter = shop::store::activity::Filter {
        object_type: Some("product".into()),
        object_id: Some(f.alpha.clone()),
        ..Default::default()
    };
    let (log, _) = app.activity.list(&filter, 50, 0).await.unwrap();
    let updated = log.iter().find(|e| e.action == "updated").expect("logged");
    assert_eq!(
        updated.changes.fields().keys().collect::<Vec<_>>(),
        ["description"],
        "the save changed the description and nothing else"
    );
}

async fn a_stale_save_is_refused_with_the_product_as_it_now_is(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let path = format!("/api/admin/product/{}", f.alpha);
    let loaded = product(&app, &admin, &f.alpha).await;
    assert_eq!(loaded["version"], 1);

    // Another administrator saves a new price, then the first saves a new name.
    let mut theirs = form(&f, &loaded);
    theirs["price"] = json!(120);
    let (status, body) = app
        .call(Method::PUT, &path, Some(theirs), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mut mine = form(&f, &loaded);
    mine["name"] = json!("Alpha Mixer Renamed");
    let (status, body) = app
        .call(Method::PUT, &path, Some(mine.clone()), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This changed since you opened it: reload to see the latest"
    );
    assert_eq!(body["data"]["product"]["price"], 120.0, "{body}");
    assert_eq!(body["data"]["product"]["name"], "Alpha Kitchen Mixer");
    assert_eq!(body["data"]["product"]["version"], 2);
    let now = product(&app, &admin, &f.alpha).await;
    assert_eq!(
        (now["name"].clone(), now["price"].clone()),
        (json!("Alpha Kitchen Mixer"), json!(120.0))
    );

    // Reloaded, the same change saves.
    mine["version"] = json!(2);
    mine["price"] = json!(120);
    let (status, body) = app
        .call(Method::PUT, &path, Some(mine.clone()), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["version"], 3);

    // Photos and archiving are writes of its own too.
    let archive = format!("/api/admin/product/{}/archive", f.alpha);
    let (status, body) = app.call(Method::POST, &archive, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(product(&app, &admin, &f.alpha).await["version"], 4);
    let (status, _) = app
        .call(Method::PUT, &path, Some(mine.clone()), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Without a version the save is applied, for clients that do not track them.
    let mut untracked = mine;
    untracked.as_object_mut().unwrap().remove("version");
    untracked["name"] = json!("Alpha Untracked");
    let (status, body) = app
        .call(Method::PUT, &path, Some(untracked), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["name"], "Alpha Untracked");
}

async fn stock_moves_by_a_change_with_a_reason_into_its_history(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Beta has 5.
    let (status, body) = change_stock(
        &app,
        &admin,
        &f.beta,
        json!({"change": 20, "reason": "  Delivery  "}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Stock changed");
    assert_eq!(body["data"]["product"]["stock"], 25);
    assert_eq!(
        body["data"]["product"]["version"], 1,
        "stock is not a field of the form"
    );
    let (status, body) = change_stock(
        &app,
        &admin,
        &f.beta,
        json!({"change": -3, "reason": "Damaged"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["product"]["stock"], 22);

    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.beta, 2).await;
    let order = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"),
                       "saveAddress": false, "payment": {"method": "cod"}});
    let (number, _) = app.placed(&order, Some(&token)).await;
    let cancel = format!("/api/order/{number}/cancel");
    let (status, body) = app.call(Method::POST, &cancel, None, Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let bulk = json!({"ids": [f.beta], "action": "setStock", "value": 30});
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/product/bulk",
            Some(bulk),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let page = history(&app, &admin, &f.beta, "").await;
    assert_eq!(page["total"], 5);
    let entries = page["entries"].as_array().unwrap();
    let seen: Vec<(i64, i64, &str, Option<&str>)> = entries
        .iter()
        .map(|e| {
            (
                e["change"].as_i64().unwrap(),
                e["stockAfter"].as_i64().unwrap(),
                e["reason"].as_str().unwrap(),
                e["orderNumber"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (8, 30, "Set stock", None),
            (2, 22, "Cancelled", Some(number.as_str())),
            (-2, 20, "Order", Some(number.as_str())),
            (-3, 22, "Damaged", None),
            (20, 25, "Delivery", None),
        ],
        "newest first"
    );
    assert_eq!(entries[0]["actor"]["emailAddress"], "admin@example.com");
    assert_eq!(entries[0]["actor"]["role"], "owner");
    assert!(entries[1]["actor"].is_null() && entries[2]["actor"].is_null());
    assert!(entries[4]["at"].as_str().unwrap().ends_with('Z'));

    // Paged: the second page of two holds the third and fourth newest.
    let page = history(&app, &admin, &f.beta, "?page=2&perPage=2").await;
    assert_eq!(
        (page["total"].clone(), page["page"].clone()),
        (json!(5), json!(2))
    );
    let reasons: Vec<&str> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["Order", "Damaged"]);

    // A product made in the console starts its history with its first units.
    let new = json!({"name": "Tap", "description": "A tap.", "price": 5, "stock": 7,
                     "categoryId": f.faucets, "subCategoryId": f.kitchen});
    let (status, body) = app
        .call(Method::POST, "/api/admin/product", Some(new), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["data"]["product"]["_id"].as_str().unwrap();
    let page = history(&app, &admin, id, "").await;
    assert_eq!(page["entries"][0]["change"], 7);
    assert_eq!(page["entries"][0]["reason"], "New product");
}

async fn bad_stock_changes_are_refused_by_field_and_nothing_moves(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let refusals = [
        (json!({"change": 0, "reason": "x"}), "change"),
        (json!({"change": 1.5, "reason": "x"}), "change"),
        (json!({"change": 2_000_000, "reason": "x"}), "change"),
        (json!({"reason": "x"}), "change"),
        (json!({"change": 1, "reason": "   "}), "reason"),
        (json!({"change": 1}), "reason"),
        (json!({"change": 1, "reason": "x".repeat(201)}), "reason"),
    ];
    for (body, field) in refusals {
        let (status, answer) = change_stock(&app, &admin, &f.beta, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(answer["errors"][field].is_string(), "{body}: {answer}");
    }
    // More than there is.
    let (status, answer) = change_stock(
        &app,
        &admin,
        &f.beta,
        json!({"change": -6, "reason": "Lost"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(answer["message"], "Only 5 in stock");
    // No such product, for the change and for the history.
    let nobody = "0123456789abcdef01234567";
    let (status, answer) =
        change_stock(&app, &admin, nobody, json!({"change": 1, "reason": "x"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["message"], "Product not found");
    let path = format!("/api/admin/product/{nobody}/stock-history");
    let (status, _) = app.call(Method::GET, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Only administrators.
    let customer = app.customer("shopper@example.com").await;
    let (status, _) = change_stock(
        &app,
        &customer,
        &f.beta,
        json!({"change": 1, "reason": "x"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let path = format!("/api/admin/product/{}/stock-history", f.beta);
    let (status, _) = app.call(Method::GET, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    assert_eq!(app.stock_of(&f.beta).await, 5);
    assert_eq!(history(&app, &admin, &f.beta, "").await["total"], 0);
}

/// Beta has 5: twenty takings of one unit race ten orders of one; exactly five win,
/// stock ends at 0, and the history holds exactly the five that moved it.
async fn racing_stock_changes_and_orders_never_go_below_zero(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let mut calls = Vec::new();
    for n in 0..30 {
        let app = app.clone();
        let admin = admin.clone();
        let beta = f.beta.clone();
        calls.push(async move {
            if n % 3 == 0 {
                let body = guest_order(&format!("racer{n}@example.com"), &[(&beta, 1)]);
                app.place(Some(&format!("race-{n}")), &body, None).await
            } else {
                let body = json!({"change": -1, "reason": "Counted short"});
                change_stock(&app, &admin, &beta, body).await
            }
        });
    }
    let answers = at_once(calls).await;
    let won = count(&answers, StatusCode::OK) + count(&answers, StatusCode::CREATED);
    assert_eq!(won, 5, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 25, "{answers:?}");
    assert_eq!(app.stock_of(&f.beta).await, 0);
    let page = history(&app, &admin, &f.beta, "?perPage=100").await;
    assert_eq!(page["total"], 5);
    let mut after: Vec<i64> = page["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["stockAfter"].as_i64().unwrap())
        .collect();
    after.sort_unstable();
    assert_eq!(
        after,
        [0, 1, 2, 3, 4],
        "each movement saw the one before it"
    );
}

/// Alpha has 50: ten orders of one race ten form saves and ten bulk price changes of it.
/// A save or a price change that wrote back the stock it had read would put sold units
/// back on sale; stock ends at exactly 40 and the history holds the ten orders.
async fn saves_and_price_changes_racing_orders_never_put_sold_units_back(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let loaded = product(&app, &admin, &f.alpha).await;
    let mut calls = Vec::new();
    for n in 0..30 {
        let (app, admin, alpha) = (app.clone(), admin.clone(), f.alpha.clone());
        let mut edit = form(&f, &loaded);
        edit["description"] = json!(format!("Edited {n}"));
        edit.as_object_mut().unwrap().remove("version");
        calls.push(async move {
            match n % 3 {
                0 => {
                    let body = guest_order(&format!("buyer{n}@example.com"), &[(&alpha, 1)]);
                    app.place(Some(&format!("sale-{n}")), &body, None).await
                }
                1 => {
                    let path = format!("/api/admin/product/{alpha}");
                    app.call(Method::PUT, &path, Some(edit), Some(&admin)).await
                }
                _ => {
                    let body = json!({"ids": [alpha], "action": "adjustPrice", "value": 1});
                    app.call(
                        Method::POST,
                        "/api/admin/product/bulk",
                        Some(body),
                        Some(&admin),
                    )
                    .await
                }
            }
        });
    }
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 10, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::OK), 20, "{answers:?}");
    assert_eq!(app.stock_of(&f.alpha).await, 40);
    let page = history(&app, &admin, &f.alpha, "?perPage=100").await;
    assert_eq!(page["total"], 10);
}
