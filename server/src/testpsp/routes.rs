//! The test provider's own routes, under `/testpsp/` (not `/api`: they belong to the
//! "outside" service, and answer in its own shapes, not the shop's envelope).
//!
//! - `POST /testpsp/v1/tokens`: the card fields post here, as Stripe.js does;
//! - `GET /testpsp/v1/challenge/{payment}`: the 3-D Secure page, Complete or Fail;
//! - `POST /testpsp/v1/challenge/{payment}/{complete|fail}`: its buttons.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::{CardInput, Psp, PspError};

/// A card's fields are small; anything bigger is not one.
const MAX_TOKEN_BODY: usize = 16 * 1024;

pub fn router(psp: Psp) -> Router {
    Router::new()
        .route("/v1/tokens", post(tokenize))
        .route("/v1/challenge/{payment}", get(challenge))
        .route("/v1/challenge/{payment}/complete", post(complete))
        .route("/v1/challenge/{payment}/fail", post(fail))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_TOKEN_BODY))
        .with_state(psp)
}

fn refusal(status: StatusCode, error: &PspError) -> Response {
    (
        status,
        Json(json!({ "error": { "code": error.code, "message": error.message } })),
    )
        .into_response()
}

fn server_error(e: &sqlx::Error) -> Response {
    tracing::error!(error = %e, "test payment provider failed");
    refusal(
        StatusCode::INTERNAL_SERVER_ERROR,
        &PspError {
            code: "api_error",
            message: "The payment provider had a problem. Please try again.".into(),
        },
    )
}

/// Reads the card without ever echoing it: a malformed body gets a fixed message,
/// never the parser's (which would quote the number).
async fn tokenize(State(psp): State<Psp>, body: Bytes) -> Response {
    let invalid = |message: &str| {
        refusal(
            StatusCode::BAD_REQUEST,
            &PspError {
                code: "invalid_request",
                message: message.into(),
            },
        )
    };
    let Ok(Value::Object(card)) = serde_json::from_slice::<Value>(&body) else {
        return invalid("Send the card as a JSON object.");
    };
    let text = |key: &str| match card.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let number = |key: &str| text(key).trim().parse::<i64>().unwrap_or(0);
    let input = CardInput {
        number: text("number"),
        exp_month: number("expMonth"),
        exp_year: number("expYear"),
        cvc: text("cvc").trim().to_string(),
        holder_name: text("holderName"),
    };
    match psp.tokenize(input).await {
        Ok(Ok(method)) => Json(json!({
            "id": method.id,
            "brand": method.brand,
            "last4": method.last4,
            "expMonth": method.exp_month,
            "expYear": method.exp_year,
            "holderName": method.holder_name,
        }))
        .into_response(),
        Ok(Err(error)) => refusal(StatusCode::BAD_REQUEST, &error),
        Err(e) => server_error(&e),
    }
}

async fn challenge(State(psp): State<Psp>, Path(payment): Path<String>) -> Response {
    let found = match psp.payment(&payment).await {
        Ok(found) => found,
        Err(e) => return server_error(&e),
    };
    let Some(found) = found else {
        return (
            StatusCode::NOT_FOUND,
            Html(page(
                "Payment not found",
                "<p>There is no such payment.</p>",
            )),
        )
            .into_response();
    };
    let amount = format!(
        "{}.{:02}",
        found.amount_cents / 100,
        found.amount_cents % 100
    );
    let id = html_escape(&found.id);
    let body = if found.state == super::PaymentState::RequiresAction {
        format!(
            "<p>Your bank asks you to confirm a payment of <strong>{amount}</strong>.</p>\
             <p class=\"note\">Test mode: no real money moves. Choose what the bank should answer.</p>\
             <form method=\"post\" action=\"/testpsp/v1/challenge/{id}/complete\"><button type=\"submit\">Complete</button></form>\
             <form method=\"post\" action=\"/testpsp/v1/challenge/{id}/fail\"><button type=\"submit\" class=\"fail\">Fail</button></form>"
        )
    } else {
        format!(
            "<p>This payment needs no confirmation now.</p><p><a href=\"{}\">Back to the shop</a></p>",
            html_escape(&super::payments::with_payment(&found.return_url, &found.id))
        )
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(page("3-D Secure test challenge", &body)),
    )
        .into_response()
}

async fn complete(State(psp): State<Psp>, Path(payment): Path<String>) -> Response {
    finish(psp, &payment, true).await
}

async fn fail(State(psp): State<Psp>, Path(payment): Path<String>) -> Response {
    finish(psp, &payment, false).await
}

async fn finish(psp: Psp, payment: &str, passed: bool) -> Response {
    match psp.finish_challenge(payment, passed).await {
        Ok(Some(back)) => Redirect::to(&back).into_response(),
        Ok(None) => (
            StatusCode::NOT_FOUND,
            Html(page(
                "Payment not found",
                "<p>There is no such payment.</p>",
            )),
        )
            .into_response(),
        Err(e) => server_error(&e),
    }
}

fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a}}\
         button{{min-height:44px;width:100%;margin:.5rem 0;border:0;border-radius:.375rem;background:#2563eb;color:#fff;font-size:1rem}}\
         button.fail{{background:#fff;color:#b91c1c;border:1px solid #b91c1c}}.note{{color:#475569;font-size:.875rem}}</style>\
         </head><body><h1>{title}</h1>{body}</body></html>"
    )
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
