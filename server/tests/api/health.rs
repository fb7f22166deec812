//! `/healthz`, `/readyz` and `/metrics`.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{drop_database, fixture, fresh_database, run_with, Backend, Options, TestApp};
use crate::on_both_backends;
use crate::orders::guest_order;
use crate::process::Server;

on_both_backends!(
    the_process_is_live_and_ready_until_its_schema_is_not_current,
    metrics_count_requests_by_route_and_orders_by_payment,
    every_answer_names_its_request_id,
);

async fn text(app: &TestApp, path: &str) -> (StatusCode, String) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

async fn the_process_is_live_and_ready_until_its_schema_is_not_current(app: TestApp) {
    let (status, body) = app.get("/healthz").await;
    assert_eq!((status, body), (StatusCode::OK, json!({"status": "ok"})));
    let (status, body) = app.get("/readyz").await;
    assert_eq!(
        (status, body),
        (
            StatusCode::OK,
            json!({"status": "ready", "checks": {"database": "ok", "media": "ok"}})
        )
    );
    // A newer binary migrated the database: this one must not take traffic.
    let newer = shop::store::latest_version() + 1;
    let db = &app.catalogue.db().pool;
    sqlx::query(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'newer', 0)",
    )
    .bind(newer)
    .execute(db)
    .await
    .unwrap();
    let (status, body) = app.get("/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert_eq!(body["status"], "not ready");
    assert_eq!(body["checks"]["media"], "ok");
    let problem = body["checks"]["database"].as_str().unwrap();
    assert!(
        problem.contains(&format!("schema version {newer}")),
        "{problem}"
    );
    // Still live: the process answers.
    assert_eq!(app.get("/healthz").await.0, StatusCode::OK);
    sqlx::query("DELETE FROM schema_migrations WHERE version = $1")
        .bind(newer)
        .execute(db)
        .await
        .unwrap();
    assert_eq!(app.get("/readyz").await.0, StatusCode::OK);
}

async fn metrics_count_requests_by_route_and_orders_by_payment(app: TestApp) {
    let f = fixture(&app).await;
    for _ in 0..3 {
        assert_eq!(
            app.get(&format!("/api/product/{}", f.alpha)).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(app.get("/api/product/nope").await.0, StatusCode::NOT_FOUND);
    app.placed(&guest_order("guest@example.com", &[(&f.alpha, 1)]), None)
        .await;

    let (status, metrics) = text(&app, "/metrics").await;
    assert_eq!(status, StatusCode::OK, "{metrics}");
    let line = |prefix: &str| {
        metrics
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line {prefix} in\n{metrics}"))
            .to_string()
    };
    let product = r#"route="/api/product/{id}",method="GET""#;
    assert_eq!(
        line(&format!(
            "shop_http_requests_total{{{product},status=\"200\"}}"
        )),
        format!("shop_http_requests_total{{{product},status=\"200\"}} 3")
    );
    assert!(line(&format!(
        "shop_http_requests_total{{{product},status=\"404\"}}"
    ))
    .ends_with(" 1"));
    // Every answer falls in the histogram's last bucket, and in the count.
    assert!(line(&format!(
        "shop_http_request_duration_seconds_bucket{{{product},le=\"+Inf\"}}"
    ))
    .ends_with(" 4"));
    assert!(line(&format!(
        "shop_http_request_duration_seconds_count{{{product}}}"
    ))
    .ends_with(" 4"));
    assert!(
        line(r#"shop_http_requests_total{route="/api/order",method="POST",status="201"}"#)
            .ends_with(" 1")
    );
    assert_eq!(
        line("shop_orders_total{"),
        r#"shop_orders_total{method="cod"} 1"#
    );
    // The order's confirmation waits in the outbox (tests deliver it by hand).
    assert_eq!(
        line("shop_mail_outbox_unsent "),
        "shop_mail_outbox_unsent 1"
    );
    assert!(
        line("shop_db_pool_connections{state=\"in_use\"}").starts_with("shop_db_pool_connections")
    );
    // The index is at the database's version; a write from elsewhere (another node's,
    // here straight into the database) leaves it one behind until it looks again.
    assert_eq!(
        line("shop_search_index_lag_versions "),
        "shop_search_index_lag_versions 0"
    );
    sqlx::query("UPDATE catalogue_version SET version = version + 1 WHERE id = 1")
        .execute(&app.catalogue.db().pool)
        .await
        .unwrap();
    let lag = |metrics: &str| {
        metrics
            .lines()
            .find(|l| l.starts_with("shop_search_index_lag_versions "))
            .map(str::to_string)
    };
    let (_, behind) = text(&app, "/metrics").await;
    assert_eq!(
        lag(&behind).as_deref(),
        Some("shop_search_index_lag_versions 1")
    );
    app.catalogue.follow_changes().await.unwrap();
    let (_, caught_up) = text(&app, "/metrics").await;
    assert_eq!(
        lag(&caught_up).as_deref(),
        Some("shop_search_index_lag_versions 0")
    );
    // The storefront and unknown paths share one label: no label per path.
    text(&app, "/some/page/1").await;
    text(&app, "/some/page/2").await;
    let (_, metrics) = text(&app, "/metrics").await;
    assert!(
        metrics.contains(r#"shop_http_requests_total{route="other",method="GET",status="200"} 2"#),
        "{metrics}"
    );
    assert!(!metrics.contains("/some/page"), "{metrics}");
}

/// Metrics count the shop's orders: only this machine, or a scraper with the token,
/// reads them.
#[tokio::test]
async fn metrics_are_for_this_machine_or_the_holder_of_the_token() {
    let options = Options {
        // The test's client is on this machine; behind a trusted proxy the address is
        // the one the proxy names.
        trust_forwarded_for: true,
        metrics_token: Some("a-scraper-secret-0123".into()),
        ..Options::default()
    };
    run_with(Backend::Sqlite, options, |app| async move {
        let from = |ip: &'static str, token: Option<&'static str>| {
            let mut request = app
                .client
                .get(app.url("/metrics"))
                .header("x-forwarded-for", ip);
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            async move { request.send().await.unwrap().status() }
        };
        assert_eq!(from("127.0.0.1", None).await, StatusCode::OK);
        assert_eq!(from("203.0.113.9", None).await, StatusCode::FORBIDDEN);
        assert_eq!(
            from("203.0.113.9", Some("a-wrong-secret-012345")).await,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            from("203.0.113.9", Some("a-scraper-secret-0123")).await,
            StatusCode::OK
        );
    })
    .await;
}

async fn every_answer_names_its_request_id(app: TestApp) {
    let id_of = |given: Option<&'static str>| {
        let mut request = app.client.get(app.url("/api/category"));
        if let Some(given) = given {
            request = request.header("x-request-id", given);
        }
        async move {
            let answer = request.send().await.unwrap();
            answer.headers()["x-request-id"]
                .to_str()
                .unwrap()
                .to_string()
        }
    };
    let made = id_of(None).await;
    assert!((1..=64).contains(&made.len()), "{made}");
    assert_ne!(id_of(None).await, made, "each request its own");
    // A proxy's id is kept, so its log and the shop's can be matched.
    assert_eq!(id_of(Some("edge-42.a_b")).await, "edge-42.a_b");
    // Anything else is not echoed into the logs: a new one is made.
    let long: &'static str = Box::leak("x".repeat(65).into_boxed_str());
    for odd in ["has space", "quote\"", long] {
        let made = id_of(Some(odd)).await;
        assert_ne!(made, odd);
        assert!((1..=64).contains(&made.len()), "{made}");
    }
}

#[tokio::test]
async fn json_logs_are_one_object_a_line_with_the_request_id() {
    let (url, teardown) = fresh_database(Backend::Sqlite).await;
    let dir = std::env::temp_dir().join(format!("shop-logs-{}", shop::domain::id::new_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let outcome = tokio::spawn({
        let (dir, url) = (dir.clone(), url.clone());
        async move {
            let env = [("SHOP_LOG_FORMAT", "json")];
            let server = Server::start_with_env(&dir, &url, &[], &env).await;
            let answer = reqwest::Client::new()
                .get(format!("{}/api/category", server.base))
                .header("x-request-id", "trace-7")
                .send()
                .await
                .unwrap();
            assert_eq!(answer.headers()["x-request-id"], "trace-7");
            // The server logs the request as it answers; its line reaches us just after.
            let (line, _) = crate::helpers::eventually(
                "the request is logged",
                std::time::Duration::from_secs(60),
                || async {
                    server
                        .log()
                        .into_iter()
                        .find(|l| l.contains("GET /api/category"))
                },
            )
            .await;
            let logged: serde_json::Value = serde_json::from_str(&line).expect("a JSON line");
            assert_eq!(logged["request_id"], "trace-7", "{logged}");
            assert_eq!(logged["level"], "INFO", "{logged}");
            assert!(
                logged["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("GET /api/category 200"),
                "{logged}"
            );
            for line in server.log() {
                serde_json::from_str::<serde_json::Value>(&line)
                    .unwrap_or_else(|e| panic!("{e}: not JSON: {line}"));
            }
        }
    })
    .await;
    std::fs::remove_dir_all(&dir).ok();
    drop_database(teardown).await;
    if let Err(err) = outcome {
        std::panic::resume_unwind(err.into_panic());
    }
}
