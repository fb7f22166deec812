//! Staff roles, invitations and the last-owner rule (docs/DESIGN.md §13): every console
//! route of the OpenAPI document answered as each role, support cancelling only unpaid
//! orders, invitations by mail, and two owners demoting each other at once.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::staff::{StaffRole, ROLE_REFUSED};
use shop::http::staff::gate::actions_of;

use crate::accounts::{assert_error, link_in, token_of};
use crate::helpers::{address, fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, guest_order, stocked};

on_both_backends!(
    every_console_route_answers_each_role_as_the_table_says,
    the_table_keeps_money_from_the_warehouse_and_support,
    support_cancels_only_unpaid_orders_and_the_warehouse_none,
    support_racing_the_cash_never_cancels_a_paid_order,
    an_invitation_makes_a_member_who_signs_in_with_their_role,
    the_last_owner_stays_an_owner_even_when_two_demote_each_other,
    a_role_change_or_disabling_holds_from_the_next_request,
);

const PLACEHOLDER: &str = "0123456789abcdef01234567";

impl TestApp {
    /// A member of staff with `role`, made in the store: their token and id.
    pub(crate) async fn member(&self, email: &str, role: StaffRole) -> (String, String) {
        let email = address(email);
        self.accounts
            .make_admin(&email, "!", self.clock.now_ms())
            .await
            .expect("member");
        self.sql(&format!(
            "UPDATE users SET staff_role = '{}' WHERE email = '{}'",
            role.as_str(),
            email.as_str()
        ))
        .await;
        let user = self.accounts.user_by_email(&email).await.unwrap().unwrap();
        let token =
            self.keys
                .issue_token(user.id.as_str(), user.token_version, self.clock.now_secs());
        (token, user.id.into_string())
    }
}

/// Every `(method, path)` of the OpenAPI document under `/api/admin/`.
async fn admin_routes(app: &TestApp) -> Vec<(Method, String)> {
    let (status, doc) = app.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let mut routes = Vec::new();
    for (path, ops) in doc["paths"].as_object().expect("paths") {
        if !path.starts_with("/api/admin/") {
            continue;
        }
        for method in ops.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            routes.push((method, path.clone()));
        }
    }
    assert!(routes.len() > 80, "{}", routes.len());
    routes
}

async fn every_console_route_answers_each_role_as_the_table_says(app: TestApp) {
    let routes = admin_routes(&app).await;
    for role in StaffRole::ALL {
        let (token, _) = app
            .member(&format!("{}@example.com", role.as_str()), role)
            .await;
        for (method, path) in &routes {
            let opens = actions_of(method, path)
                .unwrap_or_else(|| panic!("{method} {path} is not in the gate's table"));
            let allowed = opens.iter().any(|a| role.may(*a));
            let concrete = path
                .split('/')
                .map(|part| {
                    if part.starts_with('{') {
                        PLACEHOLDER
                    } else {
                        part
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            let body = (*method != Method::GET && *method != Method::DELETE).then(|| json!({}));
            // A harmless body and an unknown id: what the role is told, not what is done.
            let (status, answer) = app
                .call(method.clone(), &concrete, body, Some(&token))
                .await;
            if allowed {
                assert_ne!(
                    answer["message"],
                    ROLE_REFUSED,
                    "{} {method} {path}: {status} {answer}",
                    role.as_str()
                );
            } else {
                assert_error(status, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
            }
        }
    }
}

async fn the_table_keeps_money_from_the_warehouse_and_support(app: TestApp) {
    // Read from docs/DESIGN.md §13 rather than from the table itself.
    let checks: &[(StaffRole, Method, &str, bool)] = &[
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/order/100001/refund",
            false,
        ),
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/order/100001/paid",
            false,
        ),
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/product",
            false,
        ),
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/variant/x/stock",
            true,
        ),
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/return/x/receive",
            true,
        ),
        (
            StaffRole::Warehouse,
            Method::POST,
            "/api/admin/return/x/refund",
            false,
        ),
        (
            StaffRole::Support,
            Method::POST,
            "/api/admin/review/x/hide",
            true,
        ),
        (
            StaffRole::Support,
            Method::POST,
            "/api/admin/order/100001/note",
            true,
        ),
        (
            StaffRole::Support,
            Method::PUT,
            "/api/admin/product/x",
            false,
        ),
        (
            StaffRole::Support,
            Method::POST,
            "/api/admin/customer/x/disable",
            false,
        ),
        (StaffRole::Manager, Method::GET, "/api/admin/staff", false),
        (StaffRole::Manager, Method::GET, "/api/admin/webhook", false),
        (
            StaffRole::Manager,
            Method::PUT,
            "/api/admin/settings",
            false,
        ),
        (
            StaffRole::Manager,
            Method::POST,
            "/api/admin/order/100001/refund",
            true,
        ),
        (StaffRole::Owner, Method::GET, "/api/admin/staff", true),
    ];
    for (role, method, path, allowed) in checks {
        let (token, _) = app
            .member(
                &format!("{}-{}@example.com", role.as_str(), path.len()),
                *role,
            )
            .await;
        let (status, answer) = app
            .call(method.clone(), path, Some(json!({})), Some(&token))
            .await;
        let refused = status == StatusCode::FORBIDDEN && answer["message"] == ROLE_REFUSED;
        assert_eq!(
            refused,
            !allowed,
            "{} {method} {path}: {answer}",
            role.as_str()
        );
    }
    // And the console is told what each role may do.
    let (token, _) = app.member("w@example.com", StaffRole::Warehouse).await;
    let (_, me) = app.me(&token).await;
    assert_eq!(me["data"]["user"]["role"], "warehouse");
    let permissions: Vec<&str> = me["data"]["user"]["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert!(permissions.contains(&"stock") && permissions.contains(&"orders.move"));
    assert!(!permissions.contains(&"orders.refund"));
}

async fn support_cancels_only_unpaid_orders_and_the_warehouse_none(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 1000, 10).await;
    let owner = app.admin().await;
    let (support, _) = app.member("s@example.com", StaffRole::Support).await;
    let (warehouse, _) = app.member("w@example.com", StaffRole::Warehouse).await;
    let (unpaid, _) = app
        .placed(&guest_order("a@example.com", &[(&tap, 1)]), None)
        .await;
    let (paid, _) = app
        .placed(&guest_order("b@example.com", &[(&tap, 1)]), None)
        .await;
    let status = |number: &str, token: &str, to: &str| {
        let (path, token, to) = (
            format!("/api/admin/order/{number}/status"),
            token.to_string(),
            to.to_string(),
        );
        let app = &app;
        async move {
            app.call(
                Method::POST,
                &path,
                Some(json!({"status": to})),
                Some(&token),
            )
            .await
        }
    };
    let (code, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{paid}/paid"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    // The warehouse moves orders on, but cancels none.
    let (code, answer) = status(&unpaid, &warehouse, "cancelled").await;
    assert_error(code, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
    // Support cancels no paid order, and moves none on.
    let (code, answer) = status(&paid, &support, "cancelled").await;
    assert_error(code, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
    let (code, answer) = status(&unpaid, &support, "ready_for_pickup").await;
    assert_error(code, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
    let (_, order) = app
        .call(
            Method::GET,
            &format!("/api/admin/order/{paid}"),
            None,
            Some(&owner),
        )
        .await;
    assert_ne!(order["data"]["order"]["status"], "cancelled");
    // But cancels what nobody paid for, and names their role in the log.
    let (code, answer) = status(&unpaid, &support, "cancelled").await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["order"]["status"], "cancelled");
    let (code, answer) = status(&paid, &warehouse, "ready_for_pickup").await;
    assert_eq!(code, StatusCode::OK, "{answer}");
    let (_, log) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=order",
            None,
            Some(&owner),
        )
        .await;
    let roles: Vec<&Value> = log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["actor"]["role"])
        .collect();
    assert!(roles.contains(&&json!("support")), "{log}");
    assert!(roles.contains(&&json!("warehouse")), "{log}");
}

async fn support_racing_the_cash_never_cancels_a_paid_order(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 1000, 50).await;
    let owner = app.admin().await;
    let (support, _) = app.member("s@example.com", StaffRole::Support).await;
    for round in 0..6 {
        let email = format!("r{round}@example.com");
        let (number, _) = app.placed(&guest_order(&email, &[(&tap, 1)]), None).await;
        let calls = [
            (
                support.clone(),
                format!("/api/admin/order/{number}/status"),
                Some(json!({"status": "cancelled"})),
            ),
            (
                owner.clone(),
                format!("/api/admin/order/{number}/paid"),
                None,
            ),
        ]
        .into_iter()
        .map(|(token, path, body)| {
            let app = app.clone();
            async move { app.call(Method::POST, &path, body, Some(&token)).await }
        })
        .collect();
        let answers = at_once(calls).await;
        let done = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
        assert_eq!(done, 1, "round {round}: {answers:?}");
        let order = app.orders.by_number(&number).await.unwrap().unwrap();
        let cancelled = order.status.as_str() == "cancelled";
        let paid = order.payment_status.as_str() == "paid";
        assert!(
            cancelled != paid,
            "round {round}: {} {}",
            order.status.as_str(),
            order.payment_status.as_str()
        );
    }
}

async fn an_invitation_makes_a_member_who_signs_in_with_their_role(app: TestApp) {
    let owner = app.admin().await;
    let invite = |email: &str, role: &str| {
        let body = json!({"emailAddress": email, "role": role});
        let (app, owner) = (&app, owner.clone());
        async move {
            app.call(Method::POST, "/api/admin/staff", Some(body), Some(&owner))
                .await
        }
    };
    let (status, answer) = invite("new@example.com", "boss").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["errors"]["role"].is_string(), "{answer}");
    let (status, answer) = invite("New@Example.com", "warehouse").await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["data"]["member"]["status"], "invited");
    let (status, answer) = invite("new@example.com", "support").await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let (status, answer) = invite("admin@example.com", "support").await;
    assert_error(
        status,
        &answer,
        StatusCode::CONFLICT,
        "This address is already on the staff",
    );
    app.deliver_mail().await;
    let first = token_of(&link_in(&app.last_mail_to("new@example.com").await));
    assert!(
        link_in(&app.last_mail_to("new@example.com").await).contains("/admin/accept-invite?token=")
    );
    // Resending makes a new link; the first stops working.
    let invited = answer_id(&app, &owner, "new@example.com").await;
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/staff/{invited}/resend-invite"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    app.deliver_mail().await;
    let second = token_of(&link_in(&app.last_mail_to("new@example.com").await));
    assert_ne!(first, second);
    let accept = |token: &str, password: &str| {
        let body = json!({"token": token, "password": password});
        let app = &app;
        async move { app.post("/api/auth/admin/accept-invite", body).await }
    };
    let (status, answer) = accept(&first, "Warehouse1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, answer) = accept(&second, "weak").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["errors"]["password"].is_string(), "{answer}");
    // Two accepts of one link at once: one of them joins.
    let tries = at_once(
        (0..4)
            .map(|_| {
                let (app, token) = (app.clone(), second.clone());
                async move {
                    app.post(
                        "/api/auth/admin/accept-invite",
                        json!({"token": token, "password": "Warehouse1"}),
                    )
                    .await
                }
            })
            .collect(),
    )
    .await;
    let joined: Vec<&(StatusCode, Value)> =
        tries.iter().filter(|(s, _)| *s == StatusCode::OK).collect();
    assert_eq!(joined.len(), 1, "{tries:?}");
    let session = &joined[0].1["data"];
    assert_eq!(session["user"]["role"], "warehouse");
    let token = session["accessToken"].as_str().unwrap();
    let (status, _) = app
        .call(Method::GET, "/api/admin/order", None, Some(token))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .post(
            "/api/auth/admin/login",
            json!({"emailAddress": "new@example.com", "password": "Warehouse1"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    // A member of staff does not delete their own account: an owner disables it.
    let (status, answer) = app
        .call(
            Method::DELETE,
            "/api/auth/delete-account",
            Some(json!({"password": "Warehouse1"})),
            Some(token),
        )
        .await;
    assert_error(
        status,
        &answer,
        StatusCode::CONFLICT,
        "A member of staff's account is closed by an owner, who disables it",
    );
    // An invitation withdrawn stops its link; a member cannot be deleted.
    let (status, _) = invite("later@example.com", "support").await;
    assert_eq!(status, StatusCode::CREATED);
    app.deliver_mail().await;
    let later = token_of(&link_in(&app.last_mail_to("later@example.com").await));
    let later_id = answer_id(&app, &owner, "later@example.com").await;
    let (status, _) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/staff/{later_id}"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = accept(&later, "Support123").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let member = answer_id(&app, &owner, "new@example.com").await;
    let (status, _) = app
        .call(
            Method::DELETE,
            &format!("/api/admin/staff/{member}"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    // An existing customer's address keeps its account.
    let customer = app.customer("cust@example.com").await;
    let (_, me) = app.me(&customer).await;
    let customer_id = me["data"]["user"]["_id"].clone();
    invite("cust@example.com", "support").await;
    app.deliver_mail().await;
    let link = token_of(&link_in(&app.last_mail_to("cust@example.com").await));
    let (status, answer) = accept(&link, "Support123").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["user"]["_id"], customer_id);
    assert_eq!(answer["data"]["user"]["role"], "support");
    // Invitations cannot be made by a manager.
    let (manager, _) = app.member("m@example.com", StaffRole::Manager).await;
    let (status, answer) = app
        .call(
            Method::POST,
            "/api/admin/staff",
            Some(json!({"emailAddress": "x@example.com", "role": "owner"})),
            Some(&manager),
        )
        .await;
    assert_error(status, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
}

/// The `_id` the staff list gives `email`.
async fn answer_id(app: &TestApp, owner: &str, email: &str) -> String {
    let (status, list) = app
        .call(Method::GET, "/api/admin/staff", None, Some(owner))
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["data"]["staff"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["emailAddress"] == email)
        .unwrap_or_else(|| panic!("{email} in {list}"))["_id"]
        .as_str()
        .unwrap()
        .to_string()
}

async fn the_last_owner_stays_an_owner_even_when_two_demote_each_other(app: TestApp) {
    let owner = app.admin().await;
    let me = answer_id(&app, &owner, "admin@example.com").await;
    for change in [json!({"role": "manager"}), json!({"disabled": true})] {
        let (status, answer) = app
            .call(
                Method::PATCH,
                &format!("/api/admin/staff/{me}"),
                Some(change),
                Some(&owner),
            )
            .await;
        assert_error(
            status,
            &answer,
            StatusCode::CONFLICT,
            "The shop needs at least one owner",
        );
    }
    let (other, other_id) = app.member("two@example.com", StaffRole::Owner).await;
    // Each demotes the other at once: one of them stays an owner.
    let answers = at_once(
        [
            (owner.clone(), other_id.clone()),
            (other.clone(), me.clone()),
        ]
        .into_iter()
        .map(|(token, target)| {
            let app = app.clone();
            async move {
                app.call(
                    Method::PATCH,
                    &format!("/api/admin/staff/{target}"),
                    Some(json!({"role": "manager"})),
                    Some(&token),
                )
                .await
            }
        })
        .collect(),
    )
    .await;
    let done = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(done, 1, "{answers:?}");
    // The one demoted first has no owner's rights left, so the other's try is refused
    // either way: as the last owner, or as a manager.
    let (status, list) = app
        .call(Method::GET, "/api/admin/staff", None, Some(&owner))
        .await;
    let (status2, list2) = app
        .call(Method::GET, "/api/admin/staff", None, Some(&other))
        .await;
    let list = if status == StatusCode::OK {
        list
    } else {
        list2
    };
    assert!(status == StatusCode::OK || status2 == StatusCode::OK);
    let owners = list["data"]["staff"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "owner" && m["status"] == "active")
        .count();
    assert_eq!(owners, 1, "{list}");
}

async fn a_role_change_or_disabling_holds_from_the_next_request(app: TestApp) {
    let owner = app.admin().await;
    let (manager, id) = app.member("m@example.com", StaffRole::Manager).await;
    let (status, _) = app
        .call(Method::GET, "/api/admin/promo-code", None, Some(&manager))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app
        .call(
            Method::PATCH,
            &format!("/api/admin/staff/{id}"),
            Some(json!({"role": "warehouse"})),
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["member"]["role"], "warehouse");
    let (status, answer) = app
        .call(Method::GET, "/api/admin/promo-code", None, Some(&manager))
        .await;
    assert_error(status, &answer, StatusCode::FORBIDDEN, ROLE_REFUSED);
    let (status, answer) = app
        .call(
            Method::PATCH,
            &format!("/api/admin/staff/{id}"),
            Some(json!({"disabled": true})),
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["member"]["status"], "disabled");
    let (status, _) = app
        .call(Method::GET, "/api/admin/order", None, Some(&manager))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, log) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=staff",
            None,
            Some(&owner),
        )
        .await;
    let actions: Vec<&Value> = log["data"]["activity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["action"])
        .collect();
    assert!(actions.contains(&&json!("disabled")), "{log}");
    assert_eq!(log["data"]["activity"][0]["actor"]["role"], "owner");
}
