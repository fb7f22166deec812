//! The activity log: every administrator's change with what it was before and after.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::accounts::assert_error;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(every_admin_change_is_logged_with_before_and_after,);

async fn every_admin_change_is_logged_with_before_and_after(app: TestApp) {
    let f = fixture(&app).await;
    app.at("2025-03-05", 9);
    let admin = app.admin().await;
    let admin_id = app.admin_id().await;
    let (boss, boss_id) = app.second_admin("boss@example.com").await;
    let (ada, _) = app.named_customer("ada@example.com", "Ada Lovelace").await;
    let number = app
        .guest_buys("Ada", "ada@example.com", "pickup", &f.alpha, 1)
        .await;
    let tick = || app.clock.advance(std::time::Duration::from_secs(1));

    tick();
    app.move_order(&admin, &number, "ready_for_pickup", Some("Shelf 3"))
        .await;
    tick();
    // A move the status machine refuses logs nothing.
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/status"),
            Some(json!({"status": "shipped"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{number}/paid"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    tick();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/note"),
            Some(json!({"note": "Call before noon"})),
            Some(&boss),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    tick();
    for action in ["disable", "enable"] {
        let (status, body) = app
            .as_admin(
                &admin,
                Method::POST,
                &format!("/api/admin/customer/{ada}/{action}"),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        tick();
    }

    let log = app.admin_data(&admin, "/api/admin/activity").await;
    assert_eq!(log["total"], 5);
    let entries = log["activity"].as_array().unwrap();
    let summary: Vec<(&str, &str, &str)> = entries
        .iter()
        .map(|e| {
            (
                e["objectType"].as_str().unwrap(),
                e["action"].as_str().unwrap(),
                e["adminEmail"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("customer", "enabled", "admin@example.com"),
            ("customer", "disabled", "admin@example.com"),
            ("order", "note_added", "boss@example.com"),
            ("order", "marked_paid", "admin@example.com"),
            ("order", "status_changed", "admin@example.com"),
        ]
    );
    assert_eq!(entries[0]["objectId"], ada.as_str());
    assert_eq!(
        entries[0]["changes"],
        json!({"disabled": {"before": true, "after": false}})
    );
    assert_eq!(
        entries[1]["changes"],
        json!({"disabled": {"before": false, "after": true}})
    );
    assert_eq!(entries[2]["adminId"], boss_id.as_str());
    assert_eq!(entries[2]["objectId"], number.as_str());
    assert_eq!(
        entries[2]["changes"],
        json!({"note": {"before": null, "after": "Call before noon"}})
    );
    assert_eq!(
        entries[3]["changes"],
        json!({"paymentStatus": {"before": "unpaid", "after": "paid"}})
    );
    assert_eq!(entries[4]["adminId"], admin_id.as_str());
    assert_eq!(
        entries[4]["changes"],
        json!({"status": {"before": "placed", "after": "ready_for_pickup"},
               "note": {"before": null, "after": "Shelf 3"}})
    );
    assert_eq!(entries[4]["createdAt"], "2025-03-05T09:00:01.000Z");
    assert!(entries[4]["_id"].is_string());

    // The filters.
    let count = |query: &'static str| {
        let app = app.clone();
        let admin = admin.clone();
        async move {
            app.admin_data(&admin, &format!("/api/admin/activity?{query}"))
                .await["total"]
                .as_i64()
                .unwrap()
        }
    };
    assert_eq!(count("objectType=order").await, 3);
    // The store answers the same as the call.
    let filter = shop::store::activity::Filter {
        object_type: Some("order".into()),
        ..Default::default()
    };
    let (rows, total) = app.activity.list(&filter, 10, 0).await.unwrap();
    assert_eq!(total, 3);
    assert_eq!(rows[0].action, "note_added");
    assert_eq!(count("objectType=customer").await, 2);
    assert_eq!(count("objectType=product").await, 0);
    let by_boss = app
        .admin_data(&admin, &format!("/api/admin/activity?adminId={boss_id}"))
        .await;
    assert_eq!(by_boss["total"], 1);
    assert_eq!(by_boss["activity"][0]["action"], "note_added");
    let by_order = app
        .admin_data(
            &admin,
            &format!("/api/admin/activity?objectType=order&objectId={number}&adminId={admin_id}"),
        )
        .await;
    assert_eq!(by_order["total"], 2);
    let paged = app
        .admin_data(&admin, "/api/admin/activity?perPage=2&page=3")
        .await;
    assert_eq!(paged["activity"].as_array().unwrap().len(), 1);
    assert_eq!(paged["activity"][0]["action"], "status_changed");
    assert_eq!(paged["perPage"], 2);

    for (query, field, message) in [
        ("adminId=admin", "adminId", "adminId must be an administrator's _id"),
        (
            "objectType=planet",
            "objectType",
            "objectType must be one of product, category, sub_category, banner, order, customer, review, promo_code, delivery_method, settings, page, search_synonyms, trade_application, customer_group, return, staff, webhook",
        ),
        ("perPage=0", "perPage", "perPage must be a whole number of at least 1"),
    ] {
        let (status, body) = app
            .as_admin(&admin, Method::GET, &format!("/api/admin/activity?{query}"))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"][field], message);
    }
}
