//! For the operator and the load balancer, outside `/api` and the storefront:
//! `GET /healthz` (the process answers), `GET /readyz` (what it needs answers) and
//! `GET /metrics` (Prometheus's text format, version 0.0.4).

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use super::identity::ClientIp;
use super::AppState;

/// What a readiness check may take before it counts as failed.
const CHECK_LIMIT: Duration = Duration::from_secs(2);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(live))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
}

/// 200 while the process answers at all.
async fn live() -> Json<serde_json::Value> {
    Json(json!({"status": "ok"}))
}

/// 200 when the database answers and has every migration this binary knows, and the
/// media store answers; otherwise 503, naming what failed.
async fn ready(State(state): State<AppState>) -> Response {
    let db = state.catalogue.db();
    let database = match within(crate::store::current_version(db)).await {
        Ok(version) if version == crate::store::latest_version() => Ok(()),
        Ok(version) => Err(format!(
            "schema version {version}, this binary needs {}: run `shop migrate`",
            crate::store::latest_version()
        )),
        Err(e) => Err(e),
    };
    // A name no file has: reachable when the store answers 'no such file'.
    let media = within(state.media.get(".readyz")).await.map(drop);
    let checks = [("database", database), ("media", media)];
    let ready = checks.iter().all(|(_, check)| check.is_ok());
    let checks: BTreeMap<_, _> = checks
        .into_iter()
        .map(|(name, check)| (name, check.err().unwrap_or_else(|| "ok".into())))
        .collect();
    let status = if ready {
        StatusCode::OK
    } else {
        tracing::warn!(?checks, "not ready");
        StatusCode::SERVICE_UNAVAILABLE
    };
    let word = if ready { "ready" } else { "not ready" };
    (status, Json(json!({"status": word, "checks": checks}))).into_response()
}

/// `check`, its error as text, and a timeout as an error.
async fn within<T, E: std::fmt::Display>(
    check: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, String> {
    match tokio::time::timeout(CHECK_LIMIT, check).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {CHECK_LIMIT:?}")),
    }
}

/// The counters, to a caller on this machine or with `SHOP_METRICS_TOKEN`; 403 to
/// others (they count the shop's orders).
async fn metrics(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Response {
    let local = ip.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let holds_token = match (&state.settings.metrics_token, bearer) {
        (Some(token), Some(bearer)) => crate::security::same_secret(token, bearer.trim()),
        _ => false,
    };
    if !local && !holds_token {
        let message =
            "Metrics are served to this machine, or with SHOP_METRICS_TOKEN as a bearer token";
        return (
            StatusCode::FORBIDDEN,
            Json(json!({"success": false, "message": message})),
        )
            .into_response();
    }
    let mut text = state.metrics.render();
    let pool = &state.catalogue.db().pool;
    let size = pool.size();
    let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX);
    gauge(
        &mut text,
        "shop_db_pool_connections",
        "Database connections open, by state.",
        &[
            ("state=\"in_use\"", f64::from(size.saturating_sub(idle))),
            ("state=\"idle\"", f64::from(idle)),
        ],
    );
    gauge(
        &mut text,
        "shop_db_pool_max_connections",
        "The most database connections this node opens.",
        &[("", f64::from(pool.options().get_max_connections()))],
    );
    // Versions and i64 counts of mail stay far below f64's exact range.
    #[allow(clippy::cast_precision_loss)]
    if let Ok((database, index)) = state.catalogue.versions().await {
        gauge(
            &mut text,
            "shop_catalogue_version",
            "The catalogue's version: in the database, and in this node's search index (-1 before it is built).",
            &[
                ("of=\"database\"", database as f64),
                ("of=\"search_index\"", index as f64),
            ],
        );
        gauge(
            &mut text,
            "shop_search_index_lag_versions",
            "Catalogue writes this node's search index has yet to catch up with (it looks each second).",
            &[("", (database - index) as f64)],
        );
    }
    #[allow(clippy::cast_precision_loss)]
    if let Ok(unsent) = state.outbox.unsent().await {
        gauge(
            &mut text,
            "shop_mail_outbox_unsent",
            "Mail queued and not yet sent or given up.",
            &[("", unsent as f64)],
        );
    }
    #[allow(clippy::cast_precision_loss)]
    if let Ok(failed) = state.outbox.given_up().await {
        gauge(
            &mut text,
            "shop_mail_outbox_failed",
            "Mail given up after every retry, still kept.",
            &[("", failed as f64)],
        );
    }
    let mut response = text.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    response
}

fn gauge(text: &mut String, name: &str, help: &str, samples: &[(&str, f64)]) {
    let _ = writeln!(text, "# HELP {name} {help}\n# TYPE {name} gauge");
    for (labels, value) in samples {
        if labels.is_empty() {
            let _ = writeln!(text, "{name} {value}");
        } else {
            let _ = writeln!(text, "{name}{{{labels}}} {value}");
        }
    }
}

/// Upper bounds of the latency histogram's buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// This node's counters since it started. Labels are bounded: a route is a template of
/// the router (or `other` for the storefront and unknown paths), a method one of HTTP's
/// own (or `OTHER`), a status a number.
#[derive(Debug, Default)]
pub struct Metrics {
    routes: Mutex<HashMap<(Arc<str>, Method), Route>>,
    outcomes: Mutex<BTreeMap<(&'static str, &'static str), u64>>,
}

#[derive(Debug, Default)]
struct Route {
    statuses: BTreeMap<u16, u64>,
    /// Cumulative counts are made when rendered; each bucket here counts its own.
    buckets: [u64; BUCKETS.len() + 1],
    seconds: f64,
    count: u64,
}

impl Metrics {
    /// Counts one answered request; `route` is the router's template for it, if any.
    pub fn record(&self, route: Option<&MatchedPath>, method: &Method, status: u16, seconds: f64) {
        let route: Arc<str> = route.map_or_else(|| Arc::from("other"), |r| Arc::from(r.as_str()));
        let method = match *method {
            Method::GET
            | Method::HEAD
            | Method::POST
            | Method::PUT
            | Method::PATCH
            | Method::DELETE
            | Method::OPTIONS => method.clone(),
            _ => Method::from_bytes(b"OTHER").expect("a method name"),
        };
        let bucket = BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(BUCKETS.len());
        let mut routes = self
            .routes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let entry = routes.entry((route, method)).or_default();
        *entry.statuses.entry(status).or_default() += 1;
        entry.buckets[bucket] += 1;
        entry.seconds += seconds;
        entry.count += 1;
    }

    /// Counts one outcome of a kind: `("order", "card")`, `("payment", "declined")`.
    pub fn outcome(&self, kind: &'static str, outcome: &'static str) {
        let mut outcomes = self
            .outcomes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *outcomes.entry((kind, outcome)).or_default() += 1;
    }

    fn render(&self) -> String {
        let mut text = String::new();
        let routes = self
            .routes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut sorted: Vec<_> = routes.iter().collect();
        sorted.sort_by(|a, b| (&*a.0 .0, a.0 .1.as_str()).cmp(&(&*b.0 .0, b.0 .1.as_str())));
        text.push_str("# HELP shop_http_requests_total Requests answered, by route template, method and status.\n");
        text.push_str("# TYPE shop_http_requests_total counter\n");
        for ((route, method), stats) in &sorted {
            for (status, n) in &stats.statuses {
                let _ = writeln!(
                    text,
                    "shop_http_requests_total{{route=\"{}\",method=\"{method}\",status=\"{status}\"}} {n}",
                    escape(route)
                );
            }
        }
        text.push_str("# HELP shop_http_request_duration_seconds Time to answer, by route template and method.\n");
        text.push_str("# TYPE shop_http_request_duration_seconds histogram\n");
        for ((route, method), stats) in &sorted {
            let labels = format!("route=\"{}\",method=\"{method}\"", escape(route));
            let mut cumulative = 0;
            for (bound, n) in BUCKETS.iter().zip(stats.buckets) {
                cumulative += n;
                let _ = writeln!(text, "shop_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
            }
            let _ = writeln!(
                text,
                "shop_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                stats.count
            );
            let _ = writeln!(
                text,
                "shop_http_request_duration_seconds_sum{{{labels}}} {}",
                stats.seconds
            );
            let _ = writeln!(
                text,
                "shop_http_request_duration_seconds_count{{{labels}}} {}",
                stats.count
            );
        }
        drop(routes);
        let outcomes = self
            .outcomes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for (kind, help) in [
            ("order", "Orders placed, by payment method."),
            (
                "payment",
                "Card payments asked for when an order is placed, by outcome.",
            ),
        ] {
            let name = format!("shop_{kind}s_total");
            let _ = writeln!(text, "# HELP {name} {help}\n# TYPE {name} counter");
            let label = if kind == "order" { "method" } else { "outcome" };
            for ((_, outcome), n) in outcomes.iter().filter(|((k, _), _)| *k == kind) {
                let _ = writeln!(text, "{name}{{{label}=\"{outcome}\"}} {n}");
            }
        }
        text
    }
}

/// A label value as Prometheus's text format writes it.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The router's template for `request` (`/api/product/{id}`), for [`Metrics::record`].
pub fn route_of(request: &Request) -> Option<MatchedPath> {
    request.extensions().get::<MatchedPath>().cloned()
}
