//! The console's order list: its filters and search, bad filters named, and internal
//! notes, which only the administrators' timeline shows.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::accounts::assert_error;
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    the_order_list_filters_and_searches,
    bad_order_filters_are_named,
    a_note_shows_on_the_admins_timeline_only,
);

async fn the_order_list_filters_and_searches(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    app.at("2025-03-01", 10);
    let ada = app
        .guest_buys("Ada", "ada@example.com", "pickup", &f.alpha, 1)
        .await;
    app.at("2025-03-02", 23);
    let grace = app
        .guest_buys(
            "Grace",
            "Grace.Hopper@Example.com",
            "delivery",
            &f.epsilon,
            1,
        )
        .await;
    app.at("2025-03-03", 0);
    let bob = app
        .guest_buys("Bob", "bob@example.org", "pickup", &f.epsilon, 2)
        .await;
    let (status, body) = app
        .as_admin(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{ada}/paid"),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.move_order(&admin, &bob, "cancelled", None).await;
    let (ada, grace, bob) = (ada.as_str(), grace.as_str(), bob.as_str());

    assert_eq!(app.listed(&admin, "").await, [bob, grace, ada]);
    assert_eq!(app.listed(&admin, "status=cancelled").await, [bob]);
    assert_eq!(app.listed(&admin, "paymentStatus=paid").await, [ada]);
    assert_eq!(
        app.listed(&admin, "paymentStatus=unpaid").await,
        [bob, grace]
    );
    assert_eq!(app.listed(&admin, "fulfilment=delivery").await, [grace]);
    assert_eq!(app.listed(&admin, "fulfilment=pickup").await, [bob, ada]);
    // Dates are whole UTC days, both ends included.
    assert_eq!(app.listed(&admin, "from=2025-03-02").await, [bob, grace]);
    assert_eq!(app.listed(&admin, "to=2025-03-02").await, [grace, ada]);
    assert_eq!(
        app.listed(&admin, "from=2025-03-02&to=2025-03-02").await,
        [grace]
    );
    assert!(app.listed(&admin, "from=2025-03-04").await.is_empty());
    // The search: the number (with or without '#'), the e-mail's or the first name's
    // beginning, in any case.
    assert_eq!(app.listed(&admin, &format!("q={grace}")).await, [grace]);
    assert_eq!(app.listed(&admin, &format!("q=%23{grace}")).await, [grace]);
    assert_eq!(app.listed(&admin, "q=GRACE.H").await, [grace]);
    assert_eq!(app.listed(&admin, "q=bo").await, [bob]);
    assert_eq!(app.listed(&admin, "q=ada%40example.com").await, [ada]);
    assert_eq!(app.listed(&admin, "q=%20Ada%20").await, [ada]);
    assert!(app.listed(&admin, "q=example").await.is_empty());
    assert!(app.listed(&admin, "q=100").await.is_empty());
    // Filters combine, and empty ones count as absent.
    assert_eq!(
        app.listed(&admin, "q=a&paymentStatus=paid&status=placed&fulfilment=")
            .await,
        [ada]
    );
    assert!(app
        .listed(&admin, "q=ada&paymentStatus=unpaid")
        .await
        .is_empty());
    // Paged as before.
    let data = app
        .admin_data(
            &admin,
            "/api/admin/order?perPage=1&page=2&fulfilment=pickup",
        )
        .await;
    assert_eq!(data["total"], 2);
    assert_eq!(data["orders"][0]["number"], ada);
}

async fn bad_order_filters_are_named(app: TestApp) {
    let admin = app.admin().await;
    let long = "x".repeat(201);
    for (query, field, message) in [
        (
            "status=lost".to_string(),
            "status",
            "Status must be one of placed, ready_for_pickup, shipped, completed, cancelled",
        ),
        (
            "paymentStatus=owed".to_string(),
            "paymentStatus",
            "paymentStatus must be one of unpaid, pending, paid, partially_refunded, refunded, failed",
        ),
        (
            "fulfilment=drone".to_string(),
            "fulfilment",
            "fulfilment must be pickup or delivery",
        ),
        (
            "from=2025-02-30".to_string(),
            "from",
            "from must be a date like 2025-03-01",
        ),
        (
            "to=03/01/2025".to_string(),
            "to",
            "to must be a date like 2025-03-01",
        ),
        (
            "from=2025-03-03&to=2025-03-01".to_string(),
            "to",
            "to must not be before from",
        ),
        (format!("q={long}"), "q", "q must be at most 200 characters"),
        (
            "page=0".to_string(),
            "page",
            "page must be a whole number from 1 to 10000",
        ),
    ] {
        let (status, body) = app
            .as_admin(&admin, Method::GET, &format!("/api/admin/order?{query}"))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, message);
        assert_eq!(body["errors"][field], message, "{query}: {body}");
    }
    // Every bad parameter is named at once.
    let (status, body) = app
        .as_admin(
            &admin,
            Method::GET,
            "/api/admin/order?paymentStatus=x&fulfilment=y&from=z",
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let errors = body["errors"].as_object().unwrap();
    assert_eq!(
        errors.keys().collect::<Vec<_>>(),
        ["from", "fulfilment", "paymentStatus"]
    );
}

async fn a_note_shows_on_the_admins_timeline_only(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let (number, link) = app
        .placed(
            &crate::orders::guest_order("ada@example.com", &[(&f.alpha, 1)]),
            None,
        )
        .await;
    let note_path = format!("/api/admin/order/{number}/note");
    let (status, body) = app
        .call(
            Method::POST,
            &note_path,
            Some(json!({"note": "  Called: collects Friday  "})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Note added");
    let events = body["data"]["order"]["events"].as_array().unwrap();
    let last = events.last().unwrap();
    assert_eq!(last["type"], "note");
    assert_eq!(last["note"], "Called: collects Friday");
    // The shopper's view of the same order has no trace of it, and no mail went out.
    let mails_before = app.mailer.sent().len();
    let (_, shopper) = app.get(&format!("/api/order/{number}?token={link}")).await;
    let types: Vec<&str> = shopper["data"]["order"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["placed"]);
    let admin_view = app
        .admin_data(&admin, &format!("/api/admin/order/{number}"))
        .await;
    assert_eq!(
        admin_view["order"]["events"].as_array().unwrap().len(),
        2,
        "{admin_view}"
    );
    assert_eq!(app.deliver_mail().await, 1, "only the confirmation");
    assert_eq!(app.mailer.sent().len(), mails_before + 1);

    // Refusals change nothing.
    for (body, message) in [
        (json!({"note": "   "}), "Note is required"),
        (json!({}), "Note is required"),
        (
            json!({"note": "é".repeat(501)}),
            "A note may be at most 500 characters",
        ),
    ] {
        let (status, answer) = app
            .call(Method::POST, &note_path, Some(body), Some(&admin))
            .await;
        assert_error(status, &answer, StatusCode::BAD_REQUEST, message);
        assert_eq!(answer["errors"]["note"], message);
    }
    let (status, answer) = app
        .call(
            Method::POST,
            &note_path,
            Some(json!({"note": "é".repeat(500)})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/order/999999/note",
            Some(json!({"note": "Hello"})),
            Some(&admin),
        )
        .await;
    assert_error(status, &answer, StatusCode::NOT_FOUND, "Order not found");
    let admin_view = app
        .admin_data(&admin, &format!("/api/admin/order/{number}"))
        .await;
    assert_eq!(admin_view["order"]["events"].as_array().unwrap().len(), 3);
}
