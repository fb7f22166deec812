//! Webhooks (docs/DESIGN.md §13) against a real receiver on 127.0.0.1: events written
//! with their change, signed deliveries retried with the same event id until the
//! receiver accepts, an endpoint switched off after a day of failures with its owners
//! told, the delivery log and 'send again', and a kill -9 of the shop between an order
//! and its delivery.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode as AxumStatus};
use hmac::{Hmac, Mac};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::{
    admin_and_faucets, drop_database, eventually, fixture, fresh_database, new_product, Backend,
    TestApp,
};
use crate::on_both_backends;
use crate::orders::{guest_order, stocked};
use crate::process::Server;

on_both_backends!(
    a_failing_endpoint_gets_the_same_signed_event_until_it_accepts,
    an_endpoint_failing_for_a_day_is_switched_off_and_its_owners_told,
    each_change_tells_its_own_event_and_only_to_who_listens,
    endpoints_refuse_bad_input,
    an_endpoint_switched_off_keeps_its_deliveries_until_switched_on,
);

/// A receiver on 127.0.0.1 that fails the first `failures` requests with 500 and accepts
/// the rest, keeping each request's signature header and body.
#[derive(Clone)]
pub(crate) struct Receiver {
    pub url: String,
    pub seen: Arc<Mutex<Vec<(String, String)>>>,
    /// What each request was answered, in order.
    answered: Arc<Mutex<Vec<u16>>>,
    /// Set: every request from now on is accepted.
    accepting: Arc<AtomicBool>,
}

impl Receiver {
    pub(crate) async fn start(failures: usize) -> Receiver {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let count = Arc::new(AtomicUsize::new(0));
        let answered = Arc::new(Mutex::new(Vec::new()));
        let accepting = Arc::new(AtomicBool::new(false));
        let (kept, counted) = (seen.clone(), count);
        let (told, open) = (answered.clone(), accepting.clone());
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let (kept, counted) = (kept.clone(), counted.clone());
                let (told, open) = (told.clone(), open.clone());
                async move {
                    let signature = headers
                        .get("shop-signature")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_string();
                    kept.lock().unwrap().push((signature, body));
                    let failing = counted.fetch_add(1, Ordering::SeqCst) < failures
                        && !open.load(Ordering::SeqCst);
                    let status = if failing {
                        AxumStatus::INTERNAL_SERVER_ERROR
                    } else {
                        AxumStatus::OK
                    };
                    told.lock().unwrap().push(status.as_u16());
                    status
                }
            }),
        );
        tokio::spawn(async move { axum::serve(listener, app).await.ok() });
        Receiver {
            url,
            seen,
            answered,
            accepting,
        }
    }

    /// Accepts every request from now on.
    pub(crate) fn accept_from_now(&self) {
        self.accepting.store(true, Ordering::SeqCst);
    }

    /// Whether some request was accepted.
    pub(crate) fn accepted_any(&self) -> bool {
        self.answered.lock().unwrap().contains(&200)
    }

    pub(crate) fn requests(&self) -> Vec<(String, Value)> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|(sig, body)| (sig.clone(), serde_json::from_str(body).unwrap()))
            .collect()
    }
}

/// Checks a `Shop-Signature` header against `body` as a receiver would.
pub(crate) fn verify(secret: &str, header: &str, body: &str) -> bool {
    let Some((t, v1)) = header
        .split_once(',')
        .and_then(|(t, v)| Some((t.strip_prefix("t=")?, v.strip_prefix("v1=")?)))
    else {
        return false;
    };
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    let want: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    want == v1
}

impl TestApp {
    /// Adds an endpoint for `events` at `url`: its id and secret.
    async fn endpoint(&self, owner: &str, url: &str, events: &[&str]) -> (String, String) {
        let (status, answer) = self
            .call(
                Method::POST,
                "/api/admin/webhook",
                Some(json!({"url": url, "events": events, "description": "ERP"})),
                Some(owner),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        let secret = answer["data"]["secret"].as_str().unwrap().to_string();
        assert!(
            secret.starts_with("whsec_") && secret.len() == 70,
            "{secret}"
        );
        (
            answer["data"]["webhook"]["_id"]
                .as_str()
                .unwrap()
                .to_string(),
            secret,
        )
    }

    /// Runs the webhook worker once, as a serving node does each second.
    async fn deliver_events(&self) -> usize {
        shop::http::webhooks::deliver::deliver_due(&self.state)
            .await
            .expect("the webhook worker runs")
    }

    async fn delivery_log(&self, owner: &str, endpoint: &str) -> Value {
        let (status, answer) = self
            .call(
                Method::GET,
                &format!("/api/admin/webhook/{endpoint}/delivery"),
                None,
                Some(owner),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer["data"].clone()
    }
}

async fn a_failing_endpoint_gets_the_same_signed_event_until_it_accepts(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 1000, 10).await;
    let owner = app.admin().await;
    let receiver = Receiver::start(2).await;
    let (endpoint, secret) = app.endpoint(&owner, &receiver.url, &["order.placed"]).await;
    let (number, _) = app
        .placed(&guest_order("ada@example.com", &[(&tap, 1)]), None)
        .await;
    // The order's answer came before any try: the event waits in the table.
    assert_eq!(receiver.requests().len(), 0);
    assert_eq!(app.deliver_events().await, 1);
    // Not due again before its wait (10 s, and up to a tenth more).
    assert_eq!(app.deliver_events().await, 0);
    app.clock.advance(Duration::from_secs(12));
    assert_eq!(app.deliver_events().await, 1);
    app.clock.advance(Duration::from_secs(30));
    assert_eq!(app.deliver_events().await, 0);
    app.clock.advance(Duration::from_secs(40));
    assert_eq!(app.deliver_events().await, 1);
    app.clock.advance(Duration::from_secs(3600));
    assert_eq!(
        app.deliver_events().await,
        0,
        "delivered: nothing more is sent"
    );

    let requests = receiver.requests();
    assert_eq!(requests.len(), 3);
    let raw: Vec<String> = receiver
        .seen
        .lock()
        .unwrap()
        .iter()
        .map(|(_, b)| b.clone())
        .collect();
    for ((signature, body), raw) in requests.iter().zip(&raw) {
        assert!(verify(&secret, signature, raw), "{signature}");
        assert!(!verify("whsec_wrong", signature, raw));
        assert_eq!(body["type"], "order.placed");
        assert_eq!(
            body["id"], requests[0].1["id"],
            "every try keeps the event id"
        );
        assert_eq!(body["data"]["number"], number, "{body}");
    }
    assert!(requests[0].1["id"].as_str().unwrap().starts_with("evt_"));
    let log = app.delivery_log(&owner, &endpoint).await;
    assert_eq!(log["total"], 1);
    let delivery = &log["deliveries"][0];
    assert_eq!(delivery["state"], "delivered");
    assert_eq!(delivery["eventId"], requests[0].1["id"]);
    let statuses: Vec<&Value> = delivery["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["status"])
        .collect();
    assert_eq!(statuses, [&json!(500), &json!(500), &json!(200)]);
    // Sent again by hand: the same event id once more.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!(
                "/api/admin/webhook/{endpoint}/delivery/{}/resend",
                delivery["_id"].as_str().unwrap()
            ),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["data"]["delivery"]["attempts"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    assert_eq!(receiver.requests()[3].1["id"], requests[0].1["id"]);
    // A rotated secret signs from then on; the old one no longer verifies.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/webhook/{endpoint}/rotate-secret"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let rotated = answer["data"]["secret"].as_str().unwrap().to_string();
    assert_ne!(rotated, secret);
}

async fn an_endpoint_failing_for_a_day_is_switched_off_and_its_owners_told(app: TestApp) {
    let owner = app.admin().await;
    let receiver = Receiver::start(usize::MAX).await;
    let (endpoint, _) = app
        .endpoint(&owner, &receiver.url, &["customer.created"])
        .await;
    // A sign-up writes the customer through the store, which tells the event.
    let customer = shop::domain::id::Id::generate();
    app.accounts
        .create_customer(
            &customer,
            &crate::helpers::address("new@example.com"),
            "!",
            shop::store::accounts::NewCode {
                digest: "x",
                sent_at: app.clock.now_ms(),
                expires_at: app.clock.now_ms() + 60_000,
            },
        )
        .await
        .unwrap()
        .expect("created");
    let mut tries = 0;
    for _ in 0..10 {
        tries += app.deliver_events().await;
        app.clock.advance(Duration::from_secs(17 * 3600));
    }
    assert_eq!(tries, 8, "the first try and seven retries");
    // A week has passed: the owner signs in again.
    let owner = app.admin().await;
    assert_eq!(receiver.requests().len(), 8);
    assert!(receiver
        .requests()
        .iter()
        .all(|(_, b)| b["data"]["emailAddress"] == "new@example.com"));
    let log = app.delivery_log(&owner, &endpoint).await;
    assert_eq!(log["deliveries"][0]["state"], "failed");
    let (_, one) = app
        .call(
            Method::GET,
            &format!("/api/admin/webhook/{endpoint}"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(one["data"]["webhook"]["active"], false);
    app.deliver_mail().await;
    let mail = app.last_mail_to("admin@example.com").await;
    assert_eq!(mail.letter.subject, "A webhook endpoint was switched off");
    // Switched off, it hears nothing new.
    app.accounts
        .create_customer(
            &shop::domain::id::Id::generate(),
            &crate::helpers::address("other@example.com"),
            "!",
            shop::store::accounts::NewCode {
                digest: "y",
                sent_at: app.clock.now_ms(),
                expires_at: app.clock.now_ms() + 60_000,
            },
        )
        .await
        .unwrap();
    assert_eq!(app.deliver_events().await, 0);
    assert_eq!(app.delivery_log(&owner, &endpoint).await["total"], 1);
}

async fn each_change_tells_its_own_event_and_only_to_who_listens(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 1000, 11).await;
    let owner = app.admin().await;
    let orders = Receiver::start(0).await;
    let stock = Receiver::start(0).await;
    app.endpoint(
        &owner,
        &orders.url,
        &["order.status_changed", "order.cancelled", "order.paid"],
    )
    .await;
    app.endpoint(&owner, &stock.url, &["stock.low", "product.updated"])
        .await;
    let (number, _) = app
        .placed(&guest_order("ada@example.com", &[(&tap, 2)]), None)
        .await;
    let path = format!("/api/admin/order/{number}/status");
    let (status, _) = app
        .call(
            Method::POST,
            &path,
            Some(json!({"status": "cancelled"})),
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    while app.deliver_events().await > 0 {}
    let kinds: Vec<Value> = orders
        .requests()
        .into_iter()
        .map(|(_, b)| b["type"].clone())
        .collect();
    // A cancellation is told alone; placing was not listened for.
    assert_eq!(kinds, [json!("order.cancelled")]);
    assert_eq!(orders.requests()[0].1["data"]["status"], "cancelled");
    // 11 → 9 crossed the low-stock line once; the cancellation's 9 → 11 did not.
    let stock_kinds: Vec<Value> = stock
        .requests()
        .into_iter()
        .map(|(_, b)| b["type"].clone())
        .collect();
    assert_eq!(stock_kinds, [json!("stock.low")]);
    assert_eq!(stock.requests()[0].1["data"]["_id"], tap);
    // Archiving is a change to the product too, whichever path logs it.
    let (status, answer) = app
        .call(
            Method::POST,
            &format!("/api/admin/product/{tap}/archive"),
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    while app.deliver_events().await > 0 {}
    let last = stock.requests().pop().unwrap().1;
    assert_eq!(last["type"], "product.updated");
    assert_eq!(last["data"]["_id"], tap);
}

async fn an_endpoint_switched_off_keeps_its_deliveries_until_switched_on(app: TestApp) {
    let f = fixture(&app).await;
    let tap = stocked(&app, &f, "Tap", 1000, 10).await;
    let owner = app.admin().await;
    let receiver = Receiver::start(0).await;
    let (endpoint, _) = app.endpoint(&owner, &receiver.url, &["order.placed"]).await;
    let switch = |active: bool| {
        let (app, owner, path) = (
            &app,
            owner.clone(),
            format!("/api/admin/webhook/{endpoint}"),
        );
        async move {
            let (status, answer) = app
                .call(
                    Method::PATCH,
                    &path,
                    Some(json!({"active": active})),
                    Some(&owner),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["data"]["webhook"]["active"], active);
        }
    };
    app.placed(&guest_order("a@example.com", &[(&tap, 1)]), None)
        .await;
    switch(false).await;
    // Placed while off: no delivery is written for it at all.
    app.placed(&guest_order("b@example.com", &[(&tap, 1)]), None)
        .await;
    assert_eq!(app.deliver_events().await, 0);
    assert_eq!(receiver.requests().len(), 0);
    switch(true).await;
    assert_eq!(app.deliver_events().await, 1);
    assert_eq!(receiver.requests().len(), 1);
    assert_eq!(
        receiver.requests()[0].1["data"]["contact"]["emailAddress"],
        "a@example.com"
    );
    assert_eq!(app.delivery_log(&owner, &endpoint).await["total"], 1);
}

async fn endpoints_refuse_bad_input(app: TestApp) {
    let owner = app.admin().await;
    let post = |body: Value| {
        let (app, owner) = (&app, owner.clone());
        async move {
            app.call(Method::POST, "/api/admin/webhook", Some(body), Some(&owner))
                .await
        }
    };
    let (status, answer) = post(json!({"url": "nope", "events": [], "description": ""})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["errors"]["url"], "Enter a valid URL");
    assert_eq!(answer["errors"]["events"], "Choose at least one event");
    let (status, answer) =
        post(json!({"url": "ftp://x.example", "events": ["order.deleted"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["errors"]["url"], "Use an https:// address");
    assert!(answer["errors"]["events"].is_string());
    let (status, answer) = app
        .call(
            Method::GET,
            "/api/admin/webhook/nothing",
            None,
            Some(&owner),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["message"], "Webhook not found");
    for n in 0..20 {
        let (status, _) =
            post(json!({"url": format!("http://127.0.0.1:9/{n}"), "events": ["order.placed"]}))
                .await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let (status, answer) =
        post(json!({"url": "http://127.0.0.1:9/x", "events": ["order.placed"]})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    let (status, answer) = app
        .call(Method::GET, "/api/admin/webhook", None, Some(&owner))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["data"]["webhooks"].as_array().unwrap().len(), 20);
    assert!(answer["data"]["webhooks"][0].get("secret").is_none());
}

mod a_kill_between_an_order_and_its_delivery_still_delivers_after_restart {
    use crate::helpers::Backend;

    #[tokio::test]
    async fn sqlite() {
        super::killed_before_delivery(Backend::Sqlite).await
    }

    #[tokio::test]
    async fn postgres() {
        super::killed_before_delivery(Backend::Postgres).await
    }
}

/// The real binary, with the waits shrunk a thousandfold: an order is placed while the
/// receiver refuses, the shop is killed with SIGKILL, and once it starts again the
/// event still arrives, with the id every earlier try had.
async fn killed_before_delivery(backend: Backend) {
    let (url, teardown) = fresh_database(backend).await;
    let data_dir = std::env::temp_dir().join(format!("shop-webhooks-{}", shop::domain::new_id()));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let outcome = tokio::spawn(tokio::time::timeout(
        Duration::from_secs(120),
        kill_and_restart(url.clone(), data_dir.clone()),
    ))
    .await;
    std::fs::remove_dir_all(&data_dir).ok();
    drop_database(teardown).await;
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(_)) => panic!("{backend:?}: the run took longer than two minutes"),
        Err(err) => std::panic::resume_unwind(err.into_panic()),
    }
}

async fn kill_and_restart(url: String, data_dir: std::path::PathBuf) {
    let secret = format!("{}{}", shop::domain::new_id(), shop::domain::new_id());
    let (admin, faucets, basin) = admin_and_faucets(&url, &secret).await;
    let db = shop::app::open_database(&url, None)
        .await
        .expect("database opens");
    let catalogue =
        shop::store::catalogue::Catalogue::new(db.clone(), shop::domain::time::Clock::system());
    let product = new_product("Washer", 100, &faucets, &basin);
    let product_id = product.id.clone();
    catalogue
        .insert_products(&[shop::store::catalogue::NewProduct {
            stock: 50,
            ..product
        }])
        .await
        .expect("product");
    db.pool.close().await;
    let receiver = Receiver::start(usize::MAX).await;
    let args = ["--jwt-secret", secret.as_str()];
    let env = [
        ("SHOP_WEBHOOKS_ALLOW_PRIVATE", "true"),
        ("SHOP_WEBHOOK_RETRY_SCALE", "0.001"),
    ];
    let server = Server::start_with_env(&data_dir, &url, &args, &env).await;
    let client = reqwest::Client::new();
    let made: Value = client
        .post(format!("{}/api/admin/webhook", server.base))
        .bearer_auth(&admin)
        .json(&json!({"url": receiver.url, "events": ["order.placed"], "description": ""}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let hook_secret = made["data"]["secret"]
        .as_str()
        .expect("a secret")
        .to_string();
    let placed = client
        .post(format!("{}/api/order", server.base))
        .header("Idempotency-Key", shop::domain::new_id())
        .json(&crate::orders::guest_order(
            "ada@example.com",
            &[(&product_id, 1)],
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(placed.status(), StatusCode::CREATED);
    let placed: Value = placed.json().await.unwrap();
    let number = placed["data"]["order"]["number"]
        .as_str()
        .expect("number")
        .to_string();
    // Killed at once: the event was written with the order, and may have been tried
    // (and refused) or not at all.
    server.kill();
    assert!(!receiver.accepted_any());
    receiver.accept_from_now();
    let server = Server::start_with_env(&data_dir, &url, &args, &env).await;
    // Another process's clock: the restarted node picks the delivery up on its own.
    eventually(
        "the order's event after the restart",
        Duration::from_secs(60),
        || {
            let accepted = receiver.accepted_any();
            async move { accepted.then_some(()) }
        },
    )
    .await;
    let raw: Vec<(String, String)> = receiver.seen.lock().unwrap().clone();
    let first: Value = serde_json::from_str(&raw[0].1).unwrap();
    for (signature, body) in &raw {
        assert!(verify(&hook_secret, signature, body));
        let body: Value = serde_json::from_str(body).unwrap();
        assert_eq!(body["id"], first["id"]);
        assert_eq!(body["type"], "order.placed");
        assert_eq!(body["data"]["number"], number);
    }
    server.terminate(Duration::from_secs(10)).await;
}
