//! The dashboard: the day's and week's orders and takings, and the stock panels.

use serde_json::json;
use shop::domain::id::Id;
use shop::domain::time::parse_date;
use shop::store::catalogue::NewProduct;
use shop::store::reviews::NewReview;

use crate::helpers::{fixture, id, new_product, TestApp};
use crate::on_both_backends;

on_both_backends!(the_dashboard_counts_todays_and_this_weeks_orders_and_the_stock,);

async fn the_dashboard_counts_todays_and_this_weeks_orders_and_the_stock(app: TestApp) {
    // Wednesday 5 March 2025, noon UTC: the week began on Monday the 3rd.
    app.at("2025-03-05", 12);
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let empty = app.admin_data(&admin, "/api/admin/dashboard").await;
    assert_eq!(empty["today"]["orders"], 0);
    assert_eq!(empty["today"]["revenue"], 0.0);
    assert_eq!(empty["reviews"], json!([]));

    // 1 alpha = 100.00 − 20 % = 80.00; 1 epsilon = 15.50 − 3.10 = 12.40; 2 = 24.80.
    app.at("2025-03-02", 10); // last week's Sunday
    app.guest_buys("Ann", "ann@example.com", "pickup", &f.alpha, 1)
        .await;
    app.at("2025-03-03", 0); // Monday 00:00: this week, on its first instant
    app.guest_buys("Ben", "ben@example.com", "pickup", &f.epsilon, 1)
        .await;
    app.clock.set(parse_date("2025-03-05").unwrap() - 1); // Tuesday's last instant
    app.guest_buys("Cat", "cat@example.com", "pickup", &f.epsilon, 2)
        .await;
    app.at("2025-03-05", 0); // today, from its first instant
    app.guest_buys("Dan", "dan@example.com", "pickup", &f.alpha, 1)
        .await;
    app.at("2025-03-05", 11);
    let cancelled = app
        .guest_buys("Eve", "eve@example.com", "pickup", &f.epsilon, 1)
        .await;
    app.move_order(&admin, &cancelled, "cancelled", None).await;
    app.at("2025-03-05", 12);
    let ready = app
        .guest_buys("Fay", "fay@example.com", "pickup", &f.epsilon, 1)
        .await;
    app.move_order(&admin, &ready, "ready_for_pickup", None)
        .await;

    // Stock: beta 5 and gamma 0 from the fixture; delta brought to 3; five more at 9.
    // The panels count variants: its one variant holds the stock.
    for sql in [
        "UPDATE products SET stock = 3 WHERE id = $1",
        "UPDATE product_variants SET stock = 3 WHERE product_id = $1",
    ] {
        sqlx::query(sql)
            .bind(&f.delta)
            .execute(&app.catalogue.db().pool)
            .await
            .unwrap();
    }
    let nines: Vec<NewProduct> = ["Nine A", "Nine B", "Nine C", "Nine D", "Nine E"]
        .iter()
        .map(|name| NewProduct {
            stock: 9,
            ..new_product(name, 1_000, &f.faucets, &f.kitchen)
        })
        .collect();
    app.catalogue.insert_products(&nines).await.unwrap();

    // Six reviews, a minute apart: the newest five are shown.
    let (ann, _) = app.named_customer("r1@example.com", "Rita Reviewer").await;
    let (bo, _) = app.named_customer("r2@example.com", "Sam Stars").await;
    let mut minute = 0;
    for user in [&ann, &bo] {
        for (product, rating) in [(&f.alpha, 5), (&f.beta, 4), (&f.gamma, 2)] {
            minute += 1;
            let review_id = Id::generate();
            app.reviews
                .add(NewReview {
                    id: &review_id,
                    product_id: &id(product),
                    user_id: &id(user),
                    rating,
                    comment: &format!("Review number {minute}"),
                    images: &[],
                    created_at: parse_date("2025-03-04").unwrap() + minute * 60_000,
                })
                .await
                .unwrap();
        }
    }

    let data = app.admin_data(&admin, "/api/admin/dashboard").await;
    assert_eq!(data["today"]["from"], "2025-03-05T00:00:00.000Z");
    assert_eq!(data["today"]["orders"], 2, "{data}");
    assert_eq!(data["today"]["revenue"], 92.4);
    assert_eq!(data["week"]["from"], "2025-03-03T00:00:00.000Z");
    assert_eq!(data["week"]["orders"], 4);
    assert_eq!(data["week"]["revenue"], 129.6);
    assert_eq!(data["waiting"], json!({"placed": 4, "readyForPickup": 1}));
    assert_eq!(data["lowStock"]["count"], 7);
    let low: Vec<(&str, i64)> = data["lowStock"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["stock"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        low,
        [
            ("Delta Brass Mixer Tap", 3),
            ("Beta Basin Tap", 5),
            ("Nine A", 9),
            ("Nine B", 9),
            ("Nine C", 9)
        ]
    );
    // Each entry is a variant, named by its product (docs/DESIGN.md §9).
    let out = &data["outOfStock"];
    assert_eq!(out["count"], 1, "{out}");
    let gamma = &out["products"][0];
    assert_eq!(
        (&gamma["_id"], &gamma["name"], &gamma["stock"]),
        (&json!(f.gamma), &json!("Gamma Radiator"), &json!(0))
    );
    assert_eq!(gamma["sku"], f.gamma.to_uppercase());
    assert_eq!(gamma["options"], json!({}));
    assert!(gamma["variantId"].is_string(), "{gamma}");
    let reviews = data["reviews"].as_array().unwrap();
    assert_eq!(reviews.len(), 5);
    assert_eq!(reviews[0]["comment"], "Review number 6");
    assert_eq!(reviews[0]["productName"], "Gamma Radiator");
    assert_eq!(reviews[0]["productId"], f.gamma.as_str());
    assert_eq!(reviews[0]["rating"], 2);
    assert_eq!(reviews[0]["author"], "Sam Stars");
    assert_eq!(reviews[0]["createdAt"], "2025-03-04T00:06:00.000Z");
    assert_eq!(reviews[4]["comment"], "Review number 2");
    assert_eq!(reviews[4]["productName"], "Beta Basin Tap");

    // A week later nothing of these counts as today's or this week's.
    app.at("2025-03-12", 1);
    let later = app.admin_data(&admin, "/api/admin/dashboard").await;
    assert_eq!(later["today"]["orders"], 0);
    assert_eq!(
        later["week"],
        json!({"from": "2025-03-10T00:00:00.000Z", "orders": 0, "revenue": 0.0})
    );
}
