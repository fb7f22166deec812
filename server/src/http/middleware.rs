//! Cross-cutting layers: one log line per request, security headers on every
//! response (and `Cache-Control: no-store` on private API answers), and the envelope
//! for errors produced outside the handlers.

use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use super::error::AppError;
use super::AppState;

const STOREFRONT_CSP: &str = "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
     script-src 'self'; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// What every answer carries for the browser's safety: the server's own (the 414 and
/// 431 answers of `connections.rs`) as well as the router's. The content security
/// policy is a default: an answer that sets its own (a stored upload's) keeps it.
pub(super) const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
];
pub(super) const DEFAULT_CSP: (HeaderName, &str) =
    (header::CONTENT_SECURITY_POLICY, STOREFRONT_CSP);

/// Logs `method path status ms`, counts the answer for `/metrics`, and adds the
/// security headers.
pub async fn log_and_secure(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    // Set by the router before this layer runs (`Router::layer` wraps each route).
    let route = super::health::route_of(&request);
    let request_id = request_id(request.headers());
    // Whatever the handler logs carries the request's id too.
    let span = tracing::info_span!("request", request_id = %request_id);
    let mut response = next.run(request).instrument(span).await;
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        headers.insert(REQUEST_ID, value);
    }
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    let (csp, policy) = DEFAULT_CSP;
    if !headers.contains_key(&csp) {
        headers.insert(csp, HeaderValue::from_static(policy));
    }
    // The public catalogue's answers say how they may be kept (`no-cache`, with their
    // tag); every other API answer is a customer's or an administrator's, or an error,
    // and no browser or proxy on the way may keep it.
    if (path.starts_with("/api/") || path == "/api") && !headers.contains_key(header::CACHE_CONTROL)
    {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    let seconds = started.elapsed().as_secs_f64();
    let status = response.status().as_u16();
    state
        .metrics
        .record(route.as_ref(), &method, status, seconds);
    tracing::info!(
        target: "shop::request",
        request_id = %request_id,
        "{method} {path} {status} {:.1}ms",
        seconds * 1000.0
    );
    response
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The id a request is logged and answered with (`X-Request-Id`): the one the client or
/// a proxy in front gave, when it is 1 to 64 letters, digits, `-`, `_` or `.`, so logs of
/// the proxy and of the shop can be matched; a new one otherwise.
fn request_id(headers: &axum::http::HeaderMap) -> String {
    headers
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            (1..=64).contains(&v.len())
                && v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
        .map_or_else(crate::domain::id::new_id, str::to_string)
}

/// Under `/api` every answer is JSON: errors raised by layers or by axum itself
/// (405, 413 from the body limit, …) are rewritten into the failure envelope.
pub async fn envelope_errors(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api/") || request.uri().path() == "/api";
    let response = next.run(request).await;
    if !is_api {
        return response;
    }
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let error = match status {
        StatusCode::PAYLOAD_TOO_LARGE => {
            AppError::PayloadTooLarge("Request body is too large".into())
        }
        StatusCode::METHOD_NOT_ALLOWED => AppError::MethodNotAllowed("Method not allowed".into()),
        StatusCode::NOT_FOUND => AppError::NotFound("Not found".into()),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => {
            AppError::UnsupportedMediaType("Unsupported media type".into())
        }
        s if s.is_client_error() => {
            AppError::bad_request(s.canonical_reason().unwrap_or("Bad request"))
        }
        s => AppError::Internal(format!("unhandled status {s}").into()),
    };
    let mut rewritten = error.into_response();
    *rewritten.status_mut() = status;
    for (name, value) in response.headers() {
        if name == header::ALLOW || name == header::RETRY_AFTER {
            rewritten.headers_mut().insert(name.clone(), value.clone());
        }
    }
    drop(response.into_body());
    rewritten
}
