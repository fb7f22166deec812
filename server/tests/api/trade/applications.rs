//! Applying for a trade account and staff's decision (docs/DESIGN.md §11, issue 34
//! item 1): the customer's latest application and `user.trade`, the mails both ways,
//! the console's list and decisions, their refusals, and the one-open rule and the
//! one-decision rule when requests race.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::{application, group, APPLICATION};
use crate::helpers::{fixture, TestApp};
use crate::on_both_backends;
use crate::orders::{at_once, count};

on_both_backends!(
    a_customer_applies_and_is_approved_with_mails_both_ways,
    a_rejected_customer_hears_why_and_may_apply_again,
    bad_applications_and_decisions_are_refused_by_field,
    racing_applications_leave_one_open_and_racing_decisions_decide_once,
);

const LIST: &str = "/api/admin/trade/application";

async fn trade_of(app: &TestApp, token: &str) -> Value {
    let (status, answer) = app
        .call(Method::GET, "/api/auth/user", None, Some(token))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"]["user"]["trade"].clone()
}

fn decision(id: &str, verb: &str) -> String {
    format!("{LIST}/{id}/{verb}")
}

/// Letters delivered so far to `to`, by subject.
async fn subjects_to(app: &TestApp, to: &str) -> Vec<String> {
    app.deliver_mail().await;
    app.mailer
        .sent()
        .into_iter()
        .filter(|m| m.to == to)
        .map(|m| m.letter.subject)
        .collect()
}

/// The letter delivered to `to` under `subject`.
fn letter_to(app: &TestApp, to: &str, subject: &str) -> shop::mail::Letter {
    let sent = app.mailer.sent();
    let found = sent
        .into_iter()
        .find(|m| m.to == to && m.letter.subject == subject);
    found.expect("the letter").letter
}

async fn a_customer_applies_and_is_approved_with_mails_both_ways(app: TestApp) {
    let admin = app.admin().await;
    let plumber = app.customer("plumber@example.com").await;
    let (status, answer) = app
        .call(Method::GET, APPLICATION, None, Some(&plumber))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["application"], Value::Null);
    assert_eq!(trade_of(&app, &plumber).await, Value::Null);

    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("  Pipe & Co ")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["message"], "Application sent");
    let sent = &answer["data"]["application"];
    assert_eq!(sent["companyName"], "Pipe & Co");
    assert_eq!(sent["phoneNumber"], "+447700900123");
    assert_eq!(sent["status"], "open");
    assert_eq!(sent["address"]["postcode"], "IV2 3AB");
    let id = sent["_id"].as_str().unwrap().to_string();
    let trade = trade_of(&app, &plumber).await;
    assert_eq!(
        trade,
        json!({"status": "open", "companyName": "Pipe & Co", "group": null,
            "creditLimit": 0.0, "termsDays": 0, "available": 0.0})
    );
    assert_eq!(
        subjects_to(&app, "plumber@example.com").await,
        ["We have your trade account application"]
    );
    assert_eq!(
        subjects_to(&app, "admin@example.com").await,
        ["New trade account application: Pipe & Co"]
    );

    // A second while the first is open.
    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Other")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "Your application is being reviewed");

    // The console lists it, with its applicant, under 'open'.
    let (status, answer) = app
        .call(
            Method::GET,
            &format!("{LIST}?status=open"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["total"], 1);
    let listed = &answer["data"]["applications"][0];
    assert_eq!(listed["_id"], id.as_str());
    assert_eq!(listed["emailAddress"], "plumber@example.com");
    let (_, answer) = app
        .call(
            Method::GET,
            &format!("{LIST}?status=approved"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(answer["data"]["total"], 0);

    let f = fixture(&app).await;
    let trade = group(&app, &admin, "Trade", &[(f.faucets.as_str(), 10)], false).await;
    let group_id = trade["_id"].as_str().unwrap();
    let terms = json!({"groupId": group_id, "creditLimit": 1500.5, "termsDays": 30});
    let (status, answer) = app
        .call(
            Method::POST,
            &decision(&id, "approve"),
            Some(terms.clone()),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Application approved");
    let decided = &answer["data"]["application"];
    assert_eq!(decided["status"], "approved");
    assert_eq!(decided["group"], json!({"_id": group_id, "name": "Trade"}));
    assert_eq!(decided["creditLimit"], 1500.5);
    assert_eq!(decided["termsDays"], 30);
    assert!(decided["decidedAt"].is_string());

    assert_eq!(
        trade_of(&app, &plumber).await,
        json!({"status": "approved", "companyName": "Pipe & Co",
            "group": {"_id": group_id, "name": "Trade"},
            "creditLimit": 1500.5, "termsDays": 30, "available": 1500.5})
    );
    let letters: Vec<_> = app
        .mailer
        .sent()
        .into_iter()
        .filter(|m| m.to == "plumber@example.com")
        .collect();
    assert_eq!(letters.len(), 1, "delivered before: the approval is queued");
    let subjects = subjects_to(&app, "plumber@example.com").await;
    assert_eq!(subjects.len(), 2);
    assert!(subjects.contains(&"Your trade account is approved".to_string()));
    let approval = letter_to(
        &app,
        "plumber@example.com",
        "Your trade account is approved",
    )
    .text;
    assert!(approval.contains("the Trade group"), "{approval}");
    assert!(approval.contains("due 30 days after"), "{approval}");

    // Decided once; and the customer is trade now.
    let (status, answer) = app
        .call(
            Method::POST,
            &decision(&id, "reject"),
            Some(json!({"reason": "No"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "This application was already approved");
    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Again")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "You already have a trade account");

    // The group has a member now, and the activity log names the decision.
    let (_, answer) = app
        .call(Method::GET, super::GROUPS, None, Some(&admin))
        .await;
    assert_eq!(answer["data"]["groups"][0]["members"], 1);
    let (_, answer) = app
        .call(
            Method::GET,
            "/api/admin/activity?objectType=trade_application",
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(
        answer["data"]["activity"][0]["action"], "approved",
        "{answer}"
    );
    assert_eq!(answer["data"]["activity"][0]["objectName"], "Pipe & Co");
}

async fn a_rejected_customer_hears_why_and_may_apply_again(app: TestApp) {
    let admin = app.admin().await;
    let plumber = app.customer("plumber@example.com").await;
    let (_, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Pipe & Co")),
            Some(&plumber),
        )
        .await;
    let id = answer["data"]["application"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let reason = json!({"reason": "  We could not verify the VAT number  "});
    let (status, answer) = app
        .call(
            Method::POST,
            &decision(&id, "reject"),
            Some(reason),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["application"]["status"], "rejected");
    assert_eq!(
        answer["data"]["application"]["reason"],
        "We could not verify the VAT number"
    );
    assert_eq!(trade_of(&app, &plumber).await["status"], "rejected");
    let (_, answer) = app
        .call(Method::GET, APPLICATION, None, Some(&plumber))
        .await;
    assert_eq!(
        answer["data"]["application"]["reason"],
        "We could not verify the VAT number"
    );
    let subjects = subjects_to(&app, "plumber@example.com").await;
    assert_eq!(subjects.len(), 2);
    assert!(subjects.contains(&"Your trade account application".to_string()));
    let letter = letter_to(
        &app,
        "plumber@example.com",
        "Your trade account application",
    );
    assert!(
        letter
            .text
            .contains("The reason: We could not verify the VAT number"),
        "{}",
        letter.text
    );

    // Once rejected, applying again is welcome: the new one is the latest.
    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Pipe & Co Ltd")),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (_, answer) = app
        .call(Method::GET, APPLICATION, None, Some(&plumber))
        .await;
    assert_eq!(
        answer["data"]["application"]["companyName"],
        "Pipe & Co Ltd"
    );
    assert_eq!(answer["data"]["application"]["status"], "open");
    assert_eq!(trade_of(&app, &plumber).await["status"], "open");
}

async fn bad_applications_and_decisions_are_refused_by_field(app: TestApp) {
    let admin = app.admin().await;
    let plumber = app.customer("plumber@example.com").await;
    let (status, _) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Pipe & Co")),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let bad = json!({"companyName": " ", "trade": "pilot", "phoneNumber": "12",
        "address": {"streetAddress": "", "townCity": "Inverness", "postcode": "IV2 #", "country": "XX"}});
    let (status, answer) = app
        .call(Method::POST, APPLICATION, Some(bad), Some(&plumber))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    for key in [
        "companyName",
        "trade",
        "phoneNumber",
        "address.streetAddress",
        "address.postcode",
        "address.country",
    ] {
        assert!(answer["errors"][key].is_string(), "{key}: {answer}");
    }
    let (status, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(json!({"companyName": "A"})),
            Some(&plumber),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["address.postcode"], "Postcode is required");
    // Nothing was written.
    let (_, answer) = app
        .call(Method::GET, APPLICATION, None, Some(&plumber))
        .await;
    assert_eq!(answer["data"]["application"], Value::Null);

    // The console's refusals.
    let (status, _) = app.call(Method::GET, LIST, None, Some(&plumber)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, answer) = app
        .call(
            Method::GET,
            &format!("{LIST}?status=closed"),
            None,
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["errors"]["status"].is_string());
    let (_, answer) = app
        .call(
            Method::POST,
            APPLICATION,
            Some(application("Pipe & Co")),
            Some(&plumber),
        )
        .await;
    let id = answer["data"]["application"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let cases = [
        (
            json!({"groupId": "", "creditLimit": -1, "termsDays": 121}),
            vec!["groupId", "creditLimit", "termsDays"],
        ),
        (
            json!({"groupId": "000000000000000000000000", "creditLimit": 10, "termsDays": 30}),
            vec!["groupId"],
        ),
        (
            json!({"groupId": "g", "creditLimit": 10.005, "termsDays": 30}),
            vec!["creditLimit"],
        ),
    ];
    for (terms, keys) in cases {
        let (status, answer) = app
            .call(
                Method::POST,
                &decision(&id, "approve"),
                Some(terms),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        for key in keys {
            assert!(answer["errors"][key].is_string(), "{key}: {answer}");
        }
    }
    let (status, answer) = app
        .call(
            Method::POST,
            &decision(&id, "reject"),
            Some(json!({"reason": " "})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["errors"]["reason"], "A reason is required");
    let long = json!({"reason": "r".repeat(501)});
    let (status, _) = app
        .call(
            Method::POST,
            &decision(&id, "reject"),
            Some(long),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    for missing in ["000000000000000000000000", "not-an-id"] {
        let (status, answer) = app
            .call(
                Method::POST,
                &decision(missing, "reject"),
                Some(json!({"reason": "x"})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(answer["message"], "Application not found");
    }
    // Still open: none of those decided it.
    assert_eq!(trade_of(&app, &plumber).await["status"], "open");
}

async fn racing_applications_leave_one_open_and_racing_decisions_decide_once(app: TestApp) {
    let admin = app.admin().await;
    let plumber = app.customer("plumber@example.com").await;
    let sends: Vec<_> = (0..12)
        .map(|i| {
            let app = app.clone();
            let plumber = plumber.clone();
            async move {
                app.call(
                    Method::POST,
                    APPLICATION,
                    Some(application(&format!("Pipe {i}"))),
                    Some(&plumber),
                )
                .await
            }
        })
        .collect();
    let answers = at_once(sends).await;
    assert_eq!(count(&answers, StatusCode::CREATED), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 11, "{answers:?}");
    let (_, answer) = app.call(Method::GET, LIST, None, Some(&admin)).await;
    assert_eq!(answer["data"]["total"], 1);
    let id = answer["data"]["applications"][0]["_id"]
        .as_str()
        .unwrap()
        .to_string();

    let f = fixture(&app).await;
    let trade = group(&app, &admin, "Trade", &[(f.heating.as_str(), 5)], true).await;
    let group_id = trade["_id"].as_str().unwrap().to_string();
    let decisions: Vec<_> = (0..10)
        .map(|i| {
            let app = app.clone();
            let admin = admin.clone();
            let (path, body) = if i % 2 == 0 {
                (
                    decision(&id, "approve"),
                    json!({"groupId": group_id, "creditLimit": 100 + i, "termsDays": 30}),
                )
            } else {
                (
                    decision(&id, "reject"),
                    json!({"reason": format!("No {i}")}),
                )
            };
            async move {
                app.call(Method::POST, &path, Some(body), Some(&admin))
                    .await
            }
        })
        .collect();
    let answers = at_once(decisions).await;
    assert_eq!(count(&answers, StatusCode::OK), 1, "{answers:?}");
    assert_eq!(count(&answers, StatusCode::CONFLICT), 9, "{answers:?}");
    let (_, winner) = answers.iter().find(|(s, _)| *s == StatusCode::OK).unwrap();
    let status = winner["data"]["application"]["status"].clone();
    assert_eq!(trade_of(&app, &plumber).await["status"], status);
    // One letter of decision, whichever won.
    let decided_letters = subjects_to(&app, "plumber@example.com").await.len() - 1;
    assert_eq!(decided_letters, 1);

    // And an approved account holds its group: the group cannot be deleted under it.
    if status == "approved" {
        let (status, answer) = app
            .call(
                Method::DELETE,
                &format!("{}/{group_id}", super::GROUPS),
                None,
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            answer["message"],
            "This group has 1 member: move them to another group first"
        );
    }
}
