//! Pay on account (docs/DESIGN.md §11, issue 34 item 5): an approved account orders
//! unpaid with its purchase-order number and a due date inside its credit limit; the
//! statement shows what is open, due and overdue; staff marking an order paid frees the
//! credit at once; an overdue order is reminded once; and twenty orders at once never
//! take an account past its limit.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{approved, trade_terms};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count, guest_order};

on_both_backends!(
    an_account_pays_later_within_its_limit_and_staff_free_the_credit,
    racing_orders_on_account_never_pass_the_credit_limit,
);

const DAY_MS: i64 = 86_400_000;

/// A pickup order of `lines` paid on account with `po`.
fn on_account(lines: &[(&str, i64)], po: Option<&str>) -> Value {
    let mut body = guest_order("plumber@example.com", lines);
    body["payment"] = match po {
        Some(po) => json!({"method": "account", "poNumber": po}),
        None => json!({"method": "account"}),
    };
    body
}

async fn statement(app: &TestApp, token: &str) -> Value {
    let (status, answer) = app
        .call(Method::GET, "/api/trade/statement", None, Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

async fn an_account_pays_later_within_its_limit_and_staff_free_the_credit(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let group_id = trade_terms(&app, &admin, &f).await;
    let plumber = app.customer("plumber@example.com").await;
    approved(&app, &admin, &plumber, &group_id, 500.0).await;

    // Five Alphas at the group's 85.00 break: 425.00, no cart discount.
    let (status, answer) = app
        .place(
            Some("po-1"),
            &on_account(&[(&f.alpha, 5)], Some(" PO-7 ")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let order = &answer["data"]["order"];
    let number = order["number"].as_str().unwrap().to_string();
    assert_eq!(order["paymentMethod"], "account");
    assert_eq!(order["paymentStatus"], "unpaid");
    assert_eq!(order["poNumber"], "PO-7");
    let due = shop::domain::time::date_of(app.clock.now_ms() + 30 * DAY_MS);
    assert_eq!(order["dueDate"], due.as_str());
    assert_eq!(order["total"], 425.0);
    let (_, me) = app
        .call(Method::GET, "/api/auth/user", None, Some(&plumber))
        .await;
    assert_eq!(me["data"]["user"]["trade"]["available"], 75.0);

    // Past the limit: refused, saying what is left.
    let (status, answer) = app
        .place(
            Some("po-2"),
            &on_account(&[(&f.alpha, 1)], Some("PO-8")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["code"], "credit_limit");
    assert_eq!(
        answer["errors"]["payment"],
        "This order would exceed your credit limit (₹75.00 available)"
    );
    // Without a purchase-order number; and by anyone without an account.
    let (status, answer) = app
        .place(
            Some("po-3"),
            &on_account(&[(&f.epsilon, 1)], None),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"]["poNumber"],
        "Enter your purchase order number"
    );
    let retail = app.customer("retail@example.com").await;
    for token in [Some(retail.as_str()), None] {
        let (status, answer) = app
            .place(
                Some("po-4"),
                &on_account(&[(&f.epsilon, 1)], Some("PO-9")),
                token,
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(
            answer["errors"]["payment"],
            "Pay on account needs an approved trade account"
        );
    }

    // The statement: one open order.
    let s = statement(&app, &plumber).await;
    assert_eq!(s["total"], 1);
    assert_eq!(
        (&s["creditLimit"], &s["outstanding"], &s["available"]),
        (&json!(500.0), &json!(425.0), &json!(75.0))
    );
    let line = &s["orders"][0];
    assert_eq!(line["number"], number.as_str());
    assert_eq!(line["poNumber"], "PO-7");
    assert_eq!(line["standing"], "open");

    // Thirty days on it is due; a day later overdue, and reminded once. (Tokens are
    // issued again: the ones from before have expired by then.)
    let (_, me) = app
        .call(Method::GET, "/api/auth/user", None, Some(&plumber))
        .await;
    let plumber_id = me["data"]["user"]["_id"].as_str().unwrap().to_string();
    app.clock.set(app.clock.now_ms() + 30 * DAY_MS);
    let plumber = app.keys.issue_token(&plumber_id, 0, app.clock.now_secs());
    assert_eq!(
        statement(&app, &plumber).await["orders"][0]["standing"],
        "due"
    );
    assert_eq!(app.remind_overdue().await, 0);
    app.clock.set(app.clock.now_ms() + DAY_MS);
    let plumber = app.keys.issue_token(&plumber_id, 0, app.clock.now_secs());
    let admin = app.admin().await;
    assert_eq!(
        statement(&app, &plumber).await["orders"][0]["standing"],
        "overdue"
    );
    assert_eq!(app.remind_overdue().await, 1);
    assert_eq!(app.remind_overdue().await, 0, "once");
    app.deliver_mail().await;
    let reminder = app
        .mailer
        .sent()
        .into_iter()
        .find(|m| m.letter.subject == format!("Payment overdue: order {number}"))
        .expect("the reminder");
    assert_eq!(reminder.to, "plumber@example.com");
    assert!(
        reminder.letter.text.contains("PO-7"),
        "{}",
        reminder.letter.text
    );

    // Staff record the payment: the credit is free at once.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/order/{number}/paid"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let s = statement(&app, &plumber).await;
    assert_eq!((&s["total"], &s["available"]), (&json!(0), &json!(500.0)));
    let (status, answer) = app
        .place(
            Some("po-5"),
            &on_account(&[(&f.alpha, 5)], Some("PO-10")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

async fn racing_orders_on_account_never_pass_the_credit_limit(app: TestApp) {
    let admin = app.admin().await;
    let f = fixture(&app).await;
    let group_id = trade_terms(&app, &admin, &f).await;
    let plumber = app.customer("plumber@example.com").await;
    // One Alpha is 90.00 to the group: 1,000.00 takes eleven (990.00), not twelve.
    approved(&app, &admin, &plumber, &group_id, 1_000.0).await;
    let orders: Vec<_> = (0..20)
        .map(|i| {
            let app = app.clone();
            let plumber = plumber.clone();
            let body = on_account(&[(&f.alpha, 1)], Some(&format!("PO-{i}")));
            async move {
                app.place(Some(&format!("race-{i}")), &body, Some(&plumber))
                    .await
            }
        })
        .collect();
    let answers = at_once(orders).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 11, "{answers:?}");
    assert_eq!(
        count(&answers, StatusCode::UNPROCESSABLE_ENTITY),
        9,
        "{answers:?}"
    );
    let s = statement(&app, &plumber).await;
    assert_eq!(s["total"], 11);
    assert_eq!(
        (&s["outstanding"], &s["available"]),
        (&json!(990.0), &json!(10.0))
    );
}
