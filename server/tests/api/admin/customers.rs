//! Customers in the console: their orders and spending, and disabling and enabling an
//! account (a disabled one cannot sign in, and its old tokens stop working).

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::*;
use crate::accounts::{assert_error, PASSWORD};
use crate::helpers::{fixture, id, TestApp};
use crate::on_both_backends;
use crate::orders::pickup;

on_both_backends!(
    the_customers_list_shows_their_orders_and_spending,
    a_disabled_customer_cannot_sign_in_or_use_old_tokens_until_enabled,
);

async fn the_customers_list_shows_their_orders_and_spending(app: TestApp) {
    let f = fixture(&app).await;
    app.at("2025-03-01", 9);
    let admin = app.admin().await;
    let (ada, ada_token) = app.named_customer("ada@example.com", "Ada Lovelace").await;
    app.at("2025-03-02", 9);
    let (grace, grace_token) = app
        .named_customer("grace@example.com", "Grace Hopper")
        .await;
    app.at("2025-03-03", 9);
    let (_linus, _) = app
        .named_customer("linus@example.org", "Linus Torvalds")
        .await;
    let order = json!({"fulfilment": "pickup", "contact": pickup("ada@example.com"),
        "saveAddress": false, "payment": {"method": "cod"}});
    app.to_cart(&ada_token, &f.alpha, 1).await;
    app.placed(&order, Some(&ada_token)).await;
    app.to_cart(&ada_token, &f.epsilon, 2).await;
    let (dropped, _) = app.placed(&order, Some(&ada_token)).await;
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/order/{dropped}/cancel"),
            None,
            Some(&ada_token),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.to_cart(&grace_token, &f.epsilon, 1).await;
    app.placed(&order, Some(&grace_token)).await;

    let data = app.admin_data(&admin, "/api/admin/customer").await;
    // Newest first; administrators are not customers.
    assert_eq!(
        customer_names(&data),
        ["Linus Torvalds", "Grace Hopper", "Ada Lovelace"]
    );
    assert_eq!(data["total"], 3);
    let ada_row = &data["customers"][2];
    assert_eq!(ada_row["_id"], ada.as_str());
    assert_eq!(ada_row["emailAddress"], "ada@example.com");
    assert_eq!(ada_row["isEmailVerified"], true);
    assert_eq!(ada_row["orderCount"], 2);
    assert_eq!(
        ada_row["totalSpent"], 80.0,
        "the cancelled order is not spent"
    );
    assert_eq!(ada_row["createdAt"], "2025-03-01T09:00:00.000Z");
    assert_eq!(ada_row["disabled"], false);
    assert_eq!(data["customers"][1]["orderCount"], 1);
    assert_eq!(data["customers"][1]["totalSpent"], 12.4);
    assert_eq!(data["customers"][0]["orderCount"], 0);
    assert_eq!(data["customers"][0]["totalSpent"], 0.0);

    // Searching by the beginning of the name or the e-mail, in any case.
    for (q, want) in [
        ("GR", vec!["Grace Hopper"]),
        ("ada%20l", vec!["Ada Lovelace"]),
        ("linus%40example.org", vec!["Linus Torvalds"]),
        ("hopper", vec![]),
        ("admin", vec![]),
    ] {
        let data = app
            .admin_data(&admin, &format!("/api/admin/customer?q={q}"))
            .await;
        assert_eq!(customer_names(&data), want, "q={q}");
        assert_eq!(data["total"], want.len());
    }
    let paged = app
        .admin_data(&admin, "/api/admin/customer?perPage=2&page=2")
        .await;
    assert_eq!(customer_names(&paged), ["Ada Lovelace"]);
    let (status, body) = app
        .as_admin(
            &admin,
            Method::GET,
            &format!("/api/admin/customer?q={}", "a".repeat(201)),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "q must be at most 200 characters",
    );

    // One customer with their orders, paged.
    let detail = app
        .admin_data(&admin, &format!("/api/admin/customer/{ada}?perPage=1"))
        .await;
    assert_eq!(detail["customer"]["fullName"], "Ada Lovelace");
    assert_eq!(detail["customer"]["orderCount"], 2);
    assert_eq!(detail["total"], 2);
    assert_eq!(detail["orders"].as_array().unwrap().len(), 1);
    assert_eq!(detail["orders"][0]["number"], dropped.as_str());
    assert_eq!(detail["orders"][0]["status"], "cancelled");
    let grace_detail = app
        .admin_data(&admin, &format!("/api/admin/customer/{grace}"))
        .await;
    assert_eq!(grace_detail["orders"].as_array().unwrap().len(), 1);
    for missing in ["0123456789abcdef01234567", "not-an-id"] {
        let (status, body) = app
            .as_admin(
                &admin,
                Method::GET,
                &format!("/api/admin/customer/{missing}"),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "Customer not found");
    }
}

async fn a_disabled_customer_cannot_sign_in_or_use_old_tokens_until_enabled(app: TestApp) {
    let admin = app.admin().await;
    let admin_id = app.admin_id().await;
    let (_other_admin, other_admin_id) = app.second_admin("boss@example.com").await;
    let (old_token, _) = app.signed_up("ada@example.com").await;
    let (_, me) = app.me(&old_token).await;
    let ada = me["data"]["user"]["_id"].as_str().unwrap().to_string();

    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            &format!("/api/admin/customer/{ada}/disable"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Customer disabled");
    assert_eq!(body["data"]["customer"]["disabled"], true);
    assert!(body["data"]["customer"]["disabledAt"].is_string());

    // The right password hears why; a wrong one hears what it always hears.
    let (status, body) = app.login("ada@example.com", PASSWORD).await;
    assert_error(
        status,
        &body,
        StatusCode::FORBIDDEN,
        "This account has been disabled. Please contact the shop if you think this is a mistake.",
    );
    let (status, body) = app.login("ada@example.com", "Wrong123").await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    );
    // The token from before stops working everywhere at once.
    let (status, body) = app.me(&old_token).await;
    assert_error(
        status,
        &body,
        StatusCode::UNAUTHORIZED,
        "Please log in to continue",
    );
    let (status, _) = app
        .call(Method::GET, "/api/order", None, Some(&old_token))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Even a token of the current version is refused while disabled.
    let user = app.accounts.user_by_id(&id(&ada)).await.unwrap().unwrap();
    let current = app
        .keys
        .issue_token(&ada, user.token_version, app.clock.now_secs());
    let (status, _) = app.me(&current).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Disabling again changes nothing.
    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            &format!("/api/admin/customer/{ada}/disable"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // No administrator can be disabled, themselves least of all.
    for (target, message) in [
        (&admin_id, "You cannot disable your own account"),
        (&other_admin_id, "Administrators cannot be disabled"),
    ] {
        let (status, body) = app
            .as_admin(
                &admin,
                Method::POST,
                &format!("/api/admin/customer/{target}/disable"),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, message);
    }
    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            "/api/admin/customer/0123456789abcdef01234567/disable",
        )
        .await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Customer not found");
    // The administrators are untouched: both still work.
    let (status, _) = app.me(&admin).await;
    assert_eq!(status, StatusCode::OK);

    // The log orders entries by time: the enabling comes a second later.
    app.clock.advance(std::time::Duration::from_secs(1));
    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            &format!("/api/admin/customer/{ada}/enable"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Customer enabled");
    assert_eq!(body["data"]["customer"]["disabled"], false);
    assert_eq!(body["data"]["customer"]["disabledAt"], Value::Null);
    let (status, body) = app.login("ada@example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let fresh = body["data"]["accessToken"].as_str().unwrap();
    assert_eq!(app.me(fresh).await.0, StatusCode::OK);
    // Tokens revoked by the disabling stay revoked.
    assert_eq!(app.me(&old_token).await.0, StatusCode::UNAUTHORIZED);
    // One entry each for the disabling and the enabling; the repeat wrote none.
    let log = app
        .admin_data(
            &admin,
            &format!("/api/admin/activity?objectType=customer&objectId={ada}"),
        )
        .await;
    let actions: Vec<&str> = log["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["enabled", "disabled"]);
}
