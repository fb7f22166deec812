//! 'Email me when it is back' on a sold-out variant, and the mail's one-click
//! unsubscribe (docs/DESIGN.md §12). The store keeps the limits under a lock on the
//! address; the alert worker (`jobs/alerts.rs`) mails each alert once when stock
//! returns by any path.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::product::ProductId;
use crate::domain::account::Email;
use crate::http::auth::Empty;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, PathId};
use crate::http::{ok, AppState, Envelope};
use crate::store::alerts::Asked;

#[derive(OpenApi)]
#[openapi(paths(ask, unsubscribe))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/product/{id}/alert", post(ask))
        .route("/alert/unsubscribe", post(unsubscribe))
}

/// What 'Email me when it is back' says once the alert is kept.
pub const ASKED: &str = "We will e-mail you when it is back";

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertRequest {
    /// Where to write when it is back.
    #[serde(default)]
    #[schema(required = true, max_length = 254)]
    pub email_address: String,
    /// The sold-out variant; may be left out for a product with one.
    #[schema(max_length = 64)]
    pub variant_id: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The token of a back-in-stock mail's link.
    #[param(max_length = 100)]
    pub token: Option<String>,
}

/// Asks for one e-mail when a sold-out variant is back in stock (guest or signed in).
#[utoipa::path(post, path = "/api/product/{id}/alert", tag = "catalogue", params(("id" = String, Path)),
    request_body = AlertRequest,
    responses(
        (status = 201, description = "'We will e-mail you when it is back': the alert waits", body = Envelope<Empty>),
        (status = 200, description = "The same message: this address already waits for this variant (nothing added)", body = Envelope<Empty>),
        (status = 400, description = "'Email is required', 'Please enter a valid email address.' (`errors.emailAddress`); 'Choose a variant' (a product with several, none named), 'No such variant of this product' (`errors.variantId`)", body = ErrorBody),
        (status = 404, description = "'Product not found' (archived ones too)", body = ErrorBody),
        (status = 409, description = "'This is in stock'", body = ErrorBody),
        (status = 429, description = "'Too many alerts for this address': 20 wait already (`store::alerts::MAX_PENDING`)", body = ErrorBody),
    ))]
pub async fn ask(
    State(state): State<AppState>,
    PathId(id, _): PathId<ProductId>,
    ApiJson(body): ApiJson<AlertRequest>,
) -> Result<(StatusCode, Json<Envelope<Empty>>), AppError> {
    let email =
        Email::parse(&body.email_address).map_err(|m| AppError::field("emailAddress", m))?;
    let variant = body
        .variant_id
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty());
    if variant.is_some_and(|v| v.len() > 64) {
        return Err(AppError::field(
            "variantId",
            "No such variant of this product",
        ));
    }
    let status = match state.alerts.ask(&id, variant, email.as_str()).await? {
        Asked::Added => StatusCode::CREATED,
        Asked::Already => StatusCode::OK,
        Asked::TooMany => {
            // Until one of the address's alerts is mailed, or it unsubscribes.
            return Err(AppError::TooManyRequests {
                message: "Too many alerts for this address".into(),
                retry_after_secs: 60 * 60,
            });
        }
        Asked::InStock => return Err(AppError::Conflict("This is in stock".into())),
        Asked::NoProduct => return Err(AppError::NotFound("Product not found".into())),
        Asked::NoVariant => {
            return Err(AppError::field(
                "variantId",
                "No such variant of this product",
            ))
        }
        Asked::ChooseVariant => return Err(AppError::field("variantId", "Choose a variant")),
    };
    Ok((status, ok(ASKED, Empty {})))
}

/// The back-in-stock mail's unsubscribe link: the address it was sent to stops every
/// alert it waits for. The mail's `List-Unsubscribe-Post` header posts here directly
/// (any body); the storefront's `/unsubscribe?token=` page calls it too.
#[utoipa::path(post, path = "/api/alert/unsubscribe", tag = "catalogue", params(UnsubscribeQuery),
    responses(
        (status = 200, description = "'You will get no more back-in-stock e-mails' (again and again for the same link)", body = Envelope<Empty>),
        (status = 404, description = "'This link is not valid': no mail carried this token", body = ErrorBody),
    ))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<UnsubscribeQuery>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let token = query.token.unwrap_or_default();
    let stopped = if token.is_empty() || token.len() > 100 {
        None
    } else {
        state.alerts.unsubscribe(&token).await?
    };
    match stopped {
        Some(_) => Ok(ok("You will get no more back-in-stock e-mails", Empty {})),
        None => Err(AppError::NotFound("This link is not valid".into())),
    }
}
