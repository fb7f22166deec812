//! The administrators' console calls (DESIGN.md §8, issue 14): the order list's filters
//! and search, internal notes, the dashboard's figures, customers (their figures,
//! disabling and enabling), and the activity log every change writes.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;
use shop::domain::time::parse_date;
use shop::store::catalogue::NewProduct;
use shop::store::reviews::NewReview;

use crate::accounts::{assert_error, PASSWORD};
use crate::helpers::{address, fixture, id, new_product, TestApp};
use crate::on_both_backends;
use crate::orders::pickup;

on_both_backends!(
    every_admin_call_refuses_guests_and_customers,
    the_order_list_filters_and_searches,
    bad_order_filters_are_named,
    a_note_shows_on_the_admins_timeline_only,
    the_dashboard_counts_todays_and_this_weeks_orders_and_the_stock,
    the_customers_list_shows_their_orders_and_spending,
    a_disabled_customer_cannot_sign_in_or_use_old_tokens_until_enabled,
    every_admin_change_is_logged_with_before_and_after,
);

const HOUR: i64 = 3_600_000;

// ---- helpers -------------------------------------------------------------------

impl TestApp {
    /// Another administrator: their token and id.
    async fn second_admin(&self, email: &str) -> (String, String) {
        let email = address(email);
        self.accounts
            .make_admin(&email, "!", self.clock.now_ms())
            .await
            .expect("admin");
        let user = self.accounts.user_by_email(&email).await.unwrap().unwrap();
        let token =
            self.keys
                .issue_token(user.id.as_str(), user.token_version, self.clock.now_secs());
        (token, user.id.into_string())
    }

    async fn admin_id(&self) -> String {
        self.accounts
            .user_by_email(&address("admin@example.com"))
            .await
            .unwrap()
            .unwrap()
            .id
            .into_string()
    }

    /// A customer named `name` made directly in the store: their id and token.
    async fn named_customer(&self, email: &str, name: &str) -> (String, String) {
        let user_id = Id::generate();
        self.accounts
            .insert_demo_customer(&user_id, &address(email), name, self.clock.now_ms())
            .await
            .expect("customer");
        let token = self
            .keys
            .issue_token(user_id.as_str(), 0, self.clock.now_secs());
        (user_id.into_string(), token)
    }

    /// A guest's cash order of `quantity` × `product`: its number.
    async fn guest_buys(
        &self,
        name: &str,
        email: &str,
        fulfilment: &str,
        product: &str,
        quantity: i64,
    ) -> String {
        let contact = json!({
            "firstName": name, "streetAddress": "12 St James's Square", "townCity": "London",
            "phoneNumber": "+447946095800", "emailAddress": email
        });
        let body = json!({"fulfilment": fulfilment, "contact": contact, "saveAddress": false,
            "payment": {"method": "cod"}, "items": [{"productId": product, "quantity": quantity}]});
        self.placed(&body, None).await.0
    }

    async fn as_admin(&self, token: &str, method: Method, path: &str) -> (StatusCode, Value) {
        self.call(method, path, None, Some(token)).await
    }

    /// GET `path` as `token`, expecting success: the body's `data`.
    async fn admin_data(&self, token: &str, path: &str) -> Value {
        let (status, body) = self.call(Method::GET, path, None, Some(token)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        body["data"].clone()
    }

    /// The numbers of the orders the admin list answers for `query`.
    async fn listed(&self, token: &str, query: &str) -> Vec<String> {
        let data = self
            .admin_data(token, &format!("/api/admin/order?{query}"))
            .await;
        let numbers: Vec<String> = data["orders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["number"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(data["total"], numbers.len(), "{query}: {data}");
        numbers
    }

    async fn move_order(&self, token: &str, number: &str, status: &str, note: Option<&str>) {
        let (code, body) = self
            .call(
                Method::POST,
                &format!("/api/admin/order/{number}/status"),
                Some(json!({"status": status, "note": note})),
                Some(token),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
    }

    /// Sets the clock to `hours` after 00:00 UTC on `date`.
    fn at(&self, date: &str, hours: i64) {
        self.clock.set(parse_date(date).unwrap() + hours * HOUR);
    }
}

fn customer_names(data: &Value) -> Vec<String> {
    data["customers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["fullName"].as_str().unwrap().to_string())
        .collect()
}

// ---- tests ---------------------------------------------------------------------

async fn every_admin_call_refuses_guests_and_customers(app: TestApp) {
    let customer = app.customer("ada@example.com").await;
    let some_id = "0123456789abcdef01234567";
    let calls = [
        (
            Method::GET,
            "/api/admin/order?q=ada&paymentStatus=paid".to_string(),
        ),
        (Method::POST, "/api/admin/order/100001/note".to_string()),
        (Method::GET, "/api/admin/dashboard".to_string()),
        (Method::GET, "/api/admin/customer".to_string()),
        (Method::GET, format!("/api/admin/customer/{some_id}")),
        (
            Method::POST,
            format!("/api/admin/customer/{some_id}/disable"),
        ),
        (
            Method::POST,
            format!("/api/admin/customer/{some_id}/enable"),
        ),
        (Method::GET, "/api/admin/activity".to_string()),
    ];
    for (method, path) in calls {
        let body = (method == Method::POST).then(|| json!({"note": "hello"}));
        let (status, answer) = app.call(method.clone(), &path, body.clone(), None).await;
        assert_error(
            status,
            &answer,
            StatusCode::UNAUTHORIZED,
            "Please log in to continue",
        );
        let (status, answer) = app.call(method, &path, body, Some(&customer)).await;
        assert_error(
            status,
            &answer,
            StatusCode::FORBIDDEN,
            "Only administrators can do this",
        );
    }
}

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
            "paymentStatus must be one of unpaid, pending, paid, refunded, failed",
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
    sqlx::query("UPDATE products SET stock = 3 WHERE id = $1")
        .bind(&f.delta)
        .execute(&app.catalogue.db().pool)
        .await
        .unwrap();
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
    assert_eq!(
        data["outOfStock"],
        json!({"count": 1, "products": [{"_id": f.gamma, "name": "Gamma Radiator", "stock": 0}]})
    );
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
            "objectType must be one of product, category, sub_category, banner, order, customer, review, promo_code, settings, page, search_synonyms",
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
