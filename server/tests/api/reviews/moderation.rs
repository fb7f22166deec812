//! The administrators' review moderation: hiding a review (with a reason) takes it out
//! of the product's page and its rating and count until it is shown again.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use shop::domain::id::Id;
use shop::store::reviews::NewReview;

use crate::content::{actions, activity};
use crate::helpers::{address, fixture, id, TestApp};
use crate::on_both_backends;

on_both_backends!(hiding_a_review_takes_it_out_of_the_page_and_the_rating_until_shown,);

async fn hiding_a_review_takes_it_out_of_the_page_and_the_rating_until_shown(app: TestApp) {
    let f = fixture(&app).await;
    let admin = app.admin().await;
    // Two reviews of Alpha, a minute apart: 5 stars (older) and 1 star (newer).
    let mut review_ids = Vec::new();
    for (n, rating) in [5, 1].into_iter().enumerate() {
        let email = format!("r{n}@example.com");
        app.customer(&email).await;
        let user = app
            .accounts
            .user_by_email(&address(&email))
            .await
            .unwrap()
            .unwrap()
            .id;
        let review_id = Id::generate();
        app.reviews
            .add(NewReview {
                id: &review_id,
                product_id: &id(&f.alpha),
                user_id: &user,
                rating,
                comment: &format!("Review number {n}, long enough"),
                images: &[],
                created_at: app.clock.now_ms() + n as i64 * 60_000,
            })
            .await
            .unwrap();
        review_ids.push(review_id.into_string());
    }
    let product = |body: &Value| {
        (
            body["data"]["product"]["rating"].as_f64().unwrap(),
            body["data"]["product"]["reviewCount"].as_i64().unwrap(),
        )
    };
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (3.0, 2));
    let low = &review_ids[1];
    let hide = format!("/api/admin/review/{low}/hide");

    // A reason is required, and short.
    for (reason, message) in [
        (json!("  "), "A reason is required"),
        (json!(null), "A reason is required"),
        (
            json!("x".repeat(201)),
            "The reason must be at most 200 characters",
        ),
    ] {
        let (status, body) = app
            .call(
                Method::POST,
                &hide,
                Some(json!({"reason": reason})),
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["errors"]["reason"], message);
    }
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/admin/review/{}/hide", Id::generate()),
            Some(json!({"reason": "Spam"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], "Review not found");

    // Hidden: out of the page's list and of the product's rating and count, at once.
    app.clock.advance(Duration::from_millis(1));
    let (status, body) = app
        .call(
            Method::POST,
            &hide,
            Some(json!({"reason": "Abusive language"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Review hidden");
    assert_eq!(body["data"]["review"]["hidden"], true);
    assert_eq!(body["data"]["review"]["hiddenReason"], "Abusive language");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (5.0, 1));
    let (_, body) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["total"], 1);
    assert_eq!(body["data"]["reviews"][0]["_id"], review_ids[0]);
    // Twice changes nothing, and answers as before.
    let (status, body) = app
        .call(
            Method::POST,
            &hide,
            Some(json!({"reason": "Again"})),
            Some(&admin),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["review"]["hiddenReason"], "Abusive language");
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (5.0, 1));

    // The console's list: newest first, with product and author; filtered.
    let list = |query: &'static str| {
        let app = app.clone();
        let admin = admin.clone();
        async move {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/admin/review?{query}"),
                    None,
                    Some(&admin),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{query}: {body}");
            body["data"].clone()
        }
    };
    let all = list("").await;
    assert_eq!(all["total"], 2);
    assert_eq!(all["reviews"][0]["_id"], *low);
    assert_eq!(all["reviews"][0]["productName"], "Alpha Kitchen Mixer");
    assert_eq!(all["reviews"][0]["productId"], f.alpha);
    assert_eq!(all["reviews"][0]["user"]["fullName"], "Ada Lovelace");
    assert_eq!(all["reviews"][0]["authorEmail"], "r1@example.com");
    let hidden = list("hidden=true").await;
    assert_eq!(hidden["total"], 1);
    assert_eq!(hidden["reviews"][0]["_id"], *low);
    let visible = list("hidden=false&rating=5").await;
    assert_eq!(visible["total"], 1);
    assert_eq!(visible["reviews"][0]["_id"], review_ids[0]);
    assert_eq!(list("rating=1&hidden=false").await["total"], 0);
    for query in ["rating=6", "rating=x", "hidden=maybe", "page=0"] {
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/admin/review?{query}"),
                None,
                Some(&admin),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
    }

    // Shown again: back on the page and in the rating. Twice changes nothing.
    app.clock.advance(Duration::from_millis(1));
    let show = format!("/api/admin/review/{low}/show");
    for _ in 0..2 {
        let (status, body) = app.call(Method::POST, &show, None, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Review shown");
        assert_eq!(body["data"]["review"]["hidden"], false);
    }
    let (_, body) = app.get(&format!("/api/product/{}", f.alpha)).await;
    assert_eq!(product(&body), (3.0, 2));
    let (_, body) = app.get(&format!("/api/review/product/{}", f.alpha)).await;
    assert_eq!(body["data"]["total"], 2);

    let log = activity(&app, "review", low).await;
    assert_eq!(actions(&log), ["shown", "hidden"]);
    assert_eq!(
        log[1].changes.fields()["reason"],
        (Value::Null, json!("Abusive language"))
    );
    assert_eq!(
        log[0].changes.fields()["hidden"],
        (json!(true), json!(false))
    );
}
