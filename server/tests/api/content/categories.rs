//! The category tree: the shop's menu (each category with its sub-categories and its
//! highest running discount), and the administrators' changes to it: created,
//! renamed, put in order and deleted with their refusals, each shown in the shop at
//! once (keyword search included) and in the activity log.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;

use super::*;
use crate::helpers::{fixture, names, TestApp};
use crate::on_both_backends;

on_both_backends!(
    categories_list_their_sub_categories_in_order,
    categories_carry_their_highest_running_discount,
    categories_are_created_renamed_reordered_and_deleted_with_refusals,
    sub_categories_are_created_renamed_reordered_and_deleted_with_refusals,
    renaming_keeps_keyword_search_on_the_new_titles,
);

async fn categories_are_created_renamed_reordered_and_deleted_with_refusals(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tick = || app.clock.advance(Duration::from_millis(1));

    // Created after the others, in the shop's menu at once.
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/category",
            Some(json!({"title": "  Garden Tools "})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Category created");
    let tools = body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(body["data"]["categories"][2]["title"], "Garden Tools");
    assert_eq!(
        titles(&menu(&app).await),
        ["Faucets", "Heating", "Garden Tools"]
    );

    // Bad titles: empty, too long, taken in any case; nothing is written.
    for (title, status, message) in [
        (json!("   "), StatusCode::BAD_REQUEST, "Title is required"),
        (json!(null), StatusCode::BAD_REQUEST, "Title is required"),
        (
            json!("x".repeat(61)),
            StatusCode::BAD_REQUEST,
            "Title must be at most 60 characters",
        ),
        (
            json!("garden tools"),
            StatusCode::CONFLICT,
            "A category titled 'garden tools' already exists",
        ),
    ] {
        let (got, body) = app
            .call(
                Method::POST,
                "/api/admin/category",
                Some(json!({"title": title})),
                Some(&admin),
            )
            .await;
        assert_eq!(got, status, "{title}: {body}");
        let said = body["errors"]["title"]
            .as_str()
            .or(body["message"].as_str());
        assert_eq!(said, Some(message), "{body}");
    }
    assert_eq!(menu(&app).await.len(), 3);

    // Renamed; another's title is refused; the same title in another case is fine.
    tick();
    let path = format!("/api/admin/category/{tools}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "HEATING"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "A category titled 'HEATING' already exists"
    );
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Tools"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Category renamed");
    assert_eq!(titles(&menu(&app).await), ["Faucets", "Heating", "Tools"]);
    let unknown = format!("/api/admin/category/{}", Id::generate());
    for path in [unknown.as_str(), "/api/admin/category/not-an-id"] {
        let (status, body) = app
            .call(Method::PUT, path, Some(json!({"title": "X"})), Some(&admin))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert_eq!(body["message"], "Category not found");
    }

    // Reordered: every category once, or refused.
    tick();
    for ids in [
        json!([tools, f.faucets]),
        json!([tools, f.faucets, f.faucets]),
        json!([tools, f.faucets, f.heating, Id::generate().as_str()]),
        json!([tools, f.faucets, "nope"]),
    ] {
        let (status, body) = app
            .call(
                Method::POST,
                "/api/admin/category/order",
                Some(json!({"ids": ids})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ids}");
        assert_eq!(body["message"], "List every category exactly once");
    }
    let (status, body) = app
        .call(
            Method::POST,
            "/api/admin/category/order",
            Some(json!({"ids": [tools, f.faucets, f.heating]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Categories reordered");
    assert_eq!(titles(&menu(&app).await), ["Tools", "Faucets", "Heating"]);

    // Deleting one that holds sub-categories and products is refused, naming them.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/category/{}", f.faucets),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This category still holds 2 sub-categories and 3 products (archived ones count): move or delete them first"
    );
    // An empty one goes.
    tick();
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Category deleted");
    assert_eq!(titles(&menu(&app).await), ["Faucets", "Heating"]);
    let (status, _) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Each change in the log, newest first, with its fields before and after.
    let log = activity(&app, "category", &tools).await;
    assert_eq!(
        actions(&log),
        ["deleted", "reordered", "renamed", "created"]
    );
    assert_eq!(
        log[2].changes.fields()["title"],
        (json!("Garden Tools"), json!("Tools"))
    );
    assert_eq!(log[1].changes.fields()["position"], (json!(2), json!(0)));
    assert_eq!(
        log[0].changes.fields()["title"],
        (json!("Tools"), Value::Null)
    );
    let moved = activity(&app, "category", &f.heating).await;
    assert_eq!(actions(&moved), ["reordered"]);
}

async fn sub_categories_are_created_renamed_reordered_and_deleted_with_refusals(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let tick = || app.clock.advance(Duration::from_millis(1));
    let subs = format!("/api/admin/category/{}/sub-category", f.heating);

    let (status, body) = app
        .call(
            Method::POST,
            &subs,
            Some(json!({"title": "Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"], "Sub-category created");
    let boilers = body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(menu(&app).await[1].1, ["Radiators", "Boilers"]);
    // Unique within its category, in any case; another category may use the title.
    let (status, body) = app
        .call(
            Method::POST,
            &subs,
            Some(json!({"title": "radiators"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This category already has a sub-category titled 'radiators'"
    );
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/category/{}/sub-category", f.faucets),
            Some(json!({"title": "Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/category/{}/sub-category", Id::generate()),
            Some(json!({"title": "Pumps"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Category not found");

    tick();
    let path = format!("/api/admin/sub-category/{boilers}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Radiators"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = app
        .call(
            Method::PUT,
            &path,
            Some(json!({"title": "Gas Boilers"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-category renamed");
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/sub-category/{}", Id::generate()),
            Some(json!({"title": "X"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Sub-category not found");

    tick();
    let order = format!("{subs}/order");
    // Only this category's sub-categories, each once.
    for ids in [json!([boilers]), json!([boilers, f.kitchen])] {
        let (status, body) = app
            .call(
                Method::POST,
                &order,
                Some(json!({"ids": ids})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{ids}");
        assert_eq!(
            body["message"],
            "List every sub-category of the category exactly once"
        );
    }
    let (status, body) = app
        .call(
            Method::POST,
            &order,
            Some(json!({"ids": [boilers, f.radiators]})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-categories reordered");
    assert_eq!(menu(&app).await[1].1, ["Gas Boilers", "Radiators"]);

    // One that products use stays.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/sub-category/{}", f.radiators),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["message"],
        "This sub-category still holds 2 products (archived ones count): move them first"
    );
    // The category holding it cannot go either.
    let (status, body) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/category/{}", f.heating),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["message"],
        "This category still holds 2 sub-categories and 2 products (archived ones count): move or delete them first"
    );
    tick();
    let (status, body) = app.call(Method::DELETE, &path, None, Some(&admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Sub-category deleted");
    assert_eq!(menu(&app).await[1].1, ["Radiators"]);

    let log = activity(&app, "sub_category", &boilers).await;
    assert_eq!(
        actions(&log),
        ["deleted", "reordered", "renamed", "created"]
    );
    assert_eq!(
        log[2].changes.fields()["title"],
        (json!("Boilers"), json!("Gas Boilers"))
    );
    assert_eq!(
        log[3].changes.fields()["categoryId"],
        (Value::Null, json!(f.heating))
    );
}

async fn renaming_keeps_keyword_search_on_the_new_titles(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Found by their sub-category's title (no name or description says 'mixers').
    let (_, body) = app
        .get("/api/product?keyword=mixers&sortField=name&sortOrder=asc")
        .await;
    assert_eq!(
        names(&body),
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/sub-category/{}", f.kitchen),
            Some(json!({"title": "Sink Fittings"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app.get("/api/product?keyword=mixers").await;
    assert!(names(&body).is_empty(), "{body}");
    let (_, body) = app
        .get("/api/product?keyword=sink%20fittings&sortField=name&sortOrder=asc")
        .await;
    assert_eq!(
        names(&body),
        ["Alpha Kitchen Mixer", "Delta Brass Mixer Tap"]
    );
    // The product page shows the new title.
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(
        body["data"]["product"]["subCategory"]["title"],
        "Sink Fittings"
    );

    // A category: every product in it, archived ones too.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{}/archive", f.gamma),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .call(
            Method::PUT,
            &format!("/api/admin/category/{}", f.heating),
            Some(json!({"title": "Warmth"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = app.get("/api/product?keyword=warmth").await;
    assert_eq!(names(&body), ["epsilon chrome radiator valve"]);
    let (_, body) = app.get("/api/product?keyword=heating").await;
    assert!(names(&body).is_empty(), "{body}");
    let (_, body) = app
        .call(
            Method::GET,
            "/api/admin/product?q=warmth&archived=true",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(names(&body), ["Gamma Radiator"]);
}

async fn categories_carry_their_highest_running_discount(app: TestApp) {
    fixture(&app).await;
    let (_, body) = app.get("/api/category").await;
    let best = |title: &str| {
        body["data"]["categories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["title"] == title)
            .unwrap()["maxDiscountPercentage"]
            .clone()
    };
    // Faucets: Beta 25 % (running) and Delta 10 %. Heating: Gamma's 20 % has ended.
    assert_eq!(best("Faucets"), 25.0);
    assert_eq!(best("Heating"), 0.0);
    // Found by a seek into the discount index, not by reading the category's products.
    let plan: Vec<String> = {
        let db = app.catalogue.db();
        let explain = match db.dialect {
            shop::store::Dialect::Sqlite => "EXPLAIN QUERY PLAN ",
            shop::store::Dialect::Postgres => "EXPLAIN ",
        };
        let sql = format!("{explain}{}", shop::store::catalogue::CATEGORY_DISCOUNTS);
        let rows = sqlx::query(&sql)
            .bind(0i64)
            .fetch_all(&db.pool)
            .await
            .unwrap();
        rows.iter()
            .map(|row| {
                use sqlx::Row;
                let column = if db.dialect == shop::store::Dialect::Sqlite {
                    "detail"
                } else {
                    "QUERY PLAN"
                };
                row.try_get::<String, _>(column).unwrap()
            })
            .collect()
    };
    assert!(
        plan.iter()
            .any(|line| line.contains("products_cat_discount")),
        "{plan:#?}"
    );
}

async fn categories_list_their_sub_categories_in_order(app: TestApp) {
    let f = fixture(&app).await;
    let (status, body) = app.get("/api/category").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["success"], true);
    assert_eq!(body["message"], "Categories fetched successfully");
    let categories = body["data"]["categories"].as_array().unwrap();
    assert_eq!(categories.len(), 2);
    assert_eq!(categories[0]["_id"], f.faucets.as_str());
    assert_eq!(categories[0]["title"], "Faucets");
    assert_eq!(
        categories[0]["subCategories"],
        serde_json::json!([{"_id": f.kitchen, "title": "Kitchen Mixers", "version": 1}, {"_id": f.basin, "title": "Basin Taps", "version": 1}])
    );
    assert_eq!(categories[1]["title"], "Heating");
}
