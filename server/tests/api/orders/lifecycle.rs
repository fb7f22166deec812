//! Orders once placed (docs/DESIGN.md §6): cancelling restocks once, the status machine and
//! its mails, whose orders are whose, 'Track your order', mail that survives a restart,
//! and orders kept when their account is deleted.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;
use shop::jobs::mail::deliver_all_due;
use shop::mail::Mailer;
use shop::store::outbox::{Outbox, CLAIM_MS};

use super::*;
use crate::accounts::assert_error;
use crate::helpers::{address, fixture, TestApp};
use crate::on_both_backends;

on_both_backends!(
    racing_cancellations_restock_exactly_once,
    the_status_machine_moves_orders_and_mails_the_shopper,
    customers_see_only_their_own_orders,
    track_your_order_mails_the_link_and_answers_alike,
    the_outbox_delivers_after_a_restart_and_retries_failures,
    deleting_an_account_keeps_its_orders_detached,
);

async fn racing_cancellations_restock_exactly_once(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.delta, 4).await;
    app.to_cart(&token, &f.epsilon, 10).await;
    let (number, _) = app
        .placed(
            &cart_order("pickup", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    assert_eq!(
        (app.stock_of(&f.delta).await, app.stock_of(&f.epsilon).await),
        (8, 90)
    );
    app.deliver_mail().await;

    let calls = (0..10)
        .map(|_| {
            let app = app.clone();
            let token = token.clone();
            let path = format!("/api/order/{number}/cancel");
            async move { app.call(Method::POST, &path, None, Some(&token)).await }
        })
        .collect();
    let answers = at_once(calls).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
    for (status, body) in &answers {
        if *status == StatusCode::CONFLICT {
            assert_eq!(body["message"], "This order can no longer be cancelled");
        } else {
            assert_eq!(body["data"]["order"]["status"], "cancelled");
            assert_eq!(body["data"]["order"]["cancellable"], false);
            let events: Vec<_> = body["data"]["order"]["events"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["type"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(
                events,
                ["placed", "cancelled"],
                "restocking is not the shopper's news"
            );
        }
    }
    assert_eq!(
        (app.stock_of(&f.delta).await, app.stock_of(&f.epsilon).await),
        (12, 100)
    );
    assert_eq!(app.deliver_mail().await, 1, "one cancellation mail");
    assert_eq!(
        app.mailer.sent().last().unwrap().letter.subject,
        format!("Your Shop order {number} is cancelled")
    );
}

async fn the_status_machine_moves_orders_and_mails_the_shopper(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    let customer = app.customer("ada@example.com").await;
    let (pick, _) = app
        .placed(&guest_order("p@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    let mut delivered = guest_order("d@example.com", &[(&f.epsilon, 2)]);
    delivered["fulfilment"] = json!("delivery");
    delivered["contact"] = delivery("d@example.com");
    let (del, _) = app.placed(&delivered, None).await;
    app.deliver_mail().await;
    let status_path = |n: &str| format!("/api/admin/order/{n}/status");

    // Who may call.
    let (status, body) = app
        .call(Method::GET, "/api/admin/order", None, Some(&customer))
        .await;
    assert_error(
        status,
        &body,
        StatusCode::FORBIDDEN,
        "Only administrators can do this",
    );
    let (status, _) = app
        .call(
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "completed"})),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Refused moves.
    for (number, to) in [
        (&pick, "shipped"),
        (&pick, "completed"),
        (&del, "ready_for_pickup"),
        (&pick, "placed"),
    ] {
        let (status, body) = app
            .admin_call(
                &admin,
                Method::POST,
                &status_path(number),
                Some(json!({"status": to})),
            )
            .await;
        assert_error(
            status,
            &body,
            StatusCode::CONFLICT,
            &format!("An order that is placed cannot become {to}"),
        );
    }
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "lost"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path("999999"),
            Some(json!({"status": "shipped"})),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Pickup: ready, cash received, collected.
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "ready_for_pickup", "note": "Counter 2"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["status"], "ready_for_pickup");
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{pick}/paid"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["order"]["paymentStatus"], "paid");
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &format!("/api/admin/order/{pick}/paid"),
            None,
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "This order is not awaiting payment",
    );
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "completed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&pick),
            Some(json!({"status": "cancelled"})),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::CONFLICT,
        "An order that is completed cannot become cancelled",
    );

    // Delivery: shipped, then the shopper can no longer cancel; then delivered.
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "shipped"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "cancelled"})),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = app
        .admin_call(
            &admin,
            Method::POST,
            &status_path(&del),
            Some(json!({"status": "completed"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // The shopper's timeline and the mails.
    let (_, body) = app
        .admin_call(
            &admin,
            Method::GET,
            &format!("/api/admin/order/{pick}"),
            None,
        )
        .await;
    let events: Vec<_> = body["data"]["order"]["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(events, ["placed", "ready_for_pickup", "paid", "completed"]);
    assert_eq!(body["data"]["order"]["events"][1]["note"], "Counter 2");
    assert_eq!(app.deliver_mail().await, 4);
    // Mail queued at one instant (the test's clock stands still) leaves in any order.
    let mut subjects: Vec<_> = app
        .mailer
        .sent()
        .iter()
        .skip(2)
        .map(|m| (m.to.clone(), m.letter.subject.clone()))
        .collect();
    subjects.sort();
    assert_eq!(
        subjects,
        [
            (
                "d@example.com".to_string(),
                format!("Your Shop order {del} has shipped")
            ),
            (
                "d@example.com".to_string(),
                format!("Your Shop order {del} is complete")
            ),
            (
                "p@example.com".to_string(),
                format!("Your Shop order {pick} is complete")
            ),
            (
                "p@example.com".to_string(),
                format!("Your Shop order {pick} is ready for pickup")
            ),
        ]
    );

    // The administrators' list, filtered by status.
    let (status, body) = app
        .admin_call(
            &admin,
            Method::GET,
            "/api/admin/order?status=completed&perPage=1",
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 2);
    assert_eq!(body["data"]["orders"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"]["orders"][0]["number"], del, "newest first");
    let (status, _) = app
        .admin_call(&admin, Method::GET, "/api/admin/order?status=lost", None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn customers_see_only_their_own_orders(app: TestApp) {
    let f = fixture(&app).await;
    let ada = app.customer("ada@example.com").await;
    let bob = app.customer("bob@example.com").await;
    let mut numbers = Vec::new();
    for _ in 0..3 {
        app.to_cart(&ada, &f.epsilon, 1).await;
        numbers.push(
            app.placed(
                &cart_order("pickup", pickup("ada@example.com"), false),
                Some(&ada),
            )
            .await
            .0,
        );
    }
    app.to_cart(&bob, &f.alpha, 1).await;
    let (bobs, _) = app
        .placed(
            &cart_order("pickup", pickup("bob@example.com"), false),
            Some(&bob),
        )
        .await;

    let (status, body) = app
        .call(Method::GET, "/api/order?perPage=2", None, Some(&ada))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["total"], 3);
    let page: Vec<_> = body["data"]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["number"].clone())
        .collect();
    assert_eq!(page, [json!(numbers[2]), json!(numbers[1])], "newest first");
    let (_, body) = app
        .call(Method::GET, "/api/order?perPage=2&page=2", None, Some(&ada))
        .await;
    assert_eq!(body["data"]["orders"][0]["number"], numbers[0]);

    // Bob's order is no business of Ada's: not found, and not cancellable.
    let (status, body) = app
        .call(Method::GET, &format!("/api/order/{bobs}"), None, Some(&ada))
        .await;
    assert_error(status, &body, StatusCode::NOT_FOUND, "Order not found");
    let (status, _) = app
        .call(
            Method::POST,
            &format!("/api/order/{bobs}/cancel"),
            None,
            Some(&ada),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(app.stock_of(&f.alpha).await, 49);
    let (status, _) = app.call(Method::GET, "/api/order", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = app
        .call(Method::GET, "/api/order?page=0", None, Some(&ada))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn track_your_order_mails_the_link_and_answers_alike(app: TestApp) {
    let f = fixture(&app).await;
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    app.deliver_mail().await;
    let sent_before = app.mailer.sent().len();
    let message = "If that order exists, we have e-mailed a link to it to that address.";

    for (n, email) in [
        (number.as_str(), "Grace@example.com"),
        ("100001", "someone@example.com"),
        ("999999", "grace@example.com"),
    ] {
        let (status, body) = app
            .post(
                "/api/order/track",
                json!({"number": n, "emailAddress": email}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], message);
    }
    app.deliver_mail().await;
    let mails = &app.mailer.sent()[sent_before..];
    assert_eq!(mails.len(), 1, "only the matching pair is mailed");
    assert_eq!(mails[0].to, "grace@example.com");
    let link = &mails[0].letter.hint;
    let token = link.split("token=").nth(1).unwrap();
    let (status, _) = app.get(&format!("/api/order/{number}?token={token}")).await;
    assert_eq!(status, StatusCode::OK);

    // Five link mails an hour per address: the answer stays the same after.
    for _ in 0..5 {
        let (status, _) = app
            .post(
                "/api/order/track",
                json!({"number": number, "emailAddress": "grace@example.com"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    app.deliver_mail().await;
    assert_eq!(
        app.mailer.sent().len(),
        sent_before + 4,
        "past five an hour, nothing more is mailed"
    );
    let (status, body) = app
        .post(
            "/api/order/track",
            json!({"number": "", "emailAddress": "x@example.com"}),
        )
        .await;
    assert_error(
        status,
        &body,
        StatusCode::BAD_REQUEST,
        "Order number is required",
    );
}

async fn the_outbox_delivers_after_a_restart_and_retries_failures(app: TestApp) {
    let f = fixture(&app).await;
    let (number, _) = app
        .placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    // The node that placed it is gone before its worker ran: a new node, sharing only
    // the database, finds the mail. Its first transport fails (nothing listens on
    // port 9); the row waits for its backoff, then goes.
    let db = app.catalogue.db().clone();
    let restarted = Outbox::new(db.clone(), app.clock.clone());
    let down = Mailer::smtp("smtp://127.0.0.1:9", shop::mail::DEFAULT_FROM).unwrap();
    assert_eq!(deliver_all_due(&restarted, &down).await.unwrap(), 1);
    assert_eq!(restarted.unsent().await.unwrap(), 1, "kept after a failure");
    let up = Mailer::memory();
    assert_eq!(
        deliver_all_due(&restarted, &up).await.unwrap(),
        0,
        "not before the backoff"
    );
    app.clock.advance(Duration::from_secs(30));
    assert_eq!(deliver_all_due(&restarted, &up).await.unwrap(), 1);
    assert_eq!(up.sent().len(), 1);
    assert_eq!(
        up.sent()[0].letter.subject,
        format!("Your Shop order {number} is placed")
    );
    assert_eq!(restarted.unsent().await.unwrap(), 0);

    // A claimed row is left to its sender; if that node dies, it goes once the claim ends.
    app.placed(&guest_order("grace@example.com", &[(&f.epsilon, 1)]), None)
        .await;
    let dead = Outbox::new(db.clone(), app.clock.clone());
    assert_eq!(dead.claim().await.unwrap().len(), 1);
    assert_eq!(
        deliver_all_due(&restarted, &up).await.unwrap(),
        0,
        "claimed by a live node"
    );
    app.clock.advance(Duration::from_millis(CLAIM_MS as u64));
    assert_eq!(deliver_all_due(&restarted, &up).await.unwrap(), 1);
    assert_eq!(up.sent().len(), 2);
}

async fn deleting_an_account_keeps_its_orders_detached(app: TestApp) {
    let f = fixture(&app).await;
    let token = app.customer("ada@example.com").await;
    app.to_cart(&token, &f.epsilon, 2).await;
    let (number, link_token) = app
        .placed(
            &cart_order("pickup", pickup("ada@example.com"), false),
            Some(&token),
        )
        .await;
    let user = app
        .accounts
        .user_by_email(&address("ada@example.com"))
        .await
        .unwrap()
        .unwrap();
    assert!(app.accounts.delete_user(&user.id).await.unwrap());
    let order = app
        .orders
        .by_number(&number)
        .await
        .unwrap()
        .expect("the order stays");
    assert_eq!(order.user_id, None);
    assert_eq!(order.lines.len(), 1);
    let (status, _) = app
        .get(&format!("/api/order/{number}?token={link_token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "the mailed link still opens it");
}
