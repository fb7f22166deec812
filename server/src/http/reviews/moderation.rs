//! The administrators' review moderation: every review, newest first, with
//! its product and author, filtered by rating or by whether it is hidden; and hiding a
//! review (with a reason) or showing it again. A hidden review leaves the product's
//! page and its rating and count in the same transaction, and comes back on show.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::Review;
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, Missing, PathId};
use crate::http::identity::actor_of;
use crate::http::identity::AdminUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::reviews::{AdminReviewFilter, AdminReviewRow, ModerationRefusal};

#[derive(OpenApi)]
#[openapi(paths(list_reviews, hide_review, show_review))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/review", get(list_reviews))
        .route("/admin/review/{id}/hide", post(hide_review))
        .route("/admin/review/{id}/show", post(show_review))
}

/// Longest reason for hiding a review, in characters.
const MAX_REASON_CHARS: usize = 200;

/// A review as the console shows it: the shop's review, and what moderation needs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReview {
    #[serde(flatten)]
    pub review: Review,
    pub product_id: String,
    pub product_name: String,
    /// The author's e-mail address; null once the account is deleted.
    pub author_email: Option<String>,
    /// Hidden: not on the product's page, not in its rating.
    pub hidden: bool,
    /// When it was hidden (ISO 8601), or null.
    pub hidden_at: Option<String>,
    /// Why it was hidden, or null.
    pub hidden_reason: Option<String>,
}

impl AdminReview {
    fn from_row(state: &AppState, row: AdminReviewRow) -> AdminReview {
        AdminReview {
            review: Review::from_row(state, row.review),
            product_id: row.product_id,
            product_name: row.product_name,
            author_email: row.author_email,
            hidden: row.hidden_at.is_some(),
            hidden_at: row.hidden_at.map(iso8601),
            hidden_reason: row.hidden_reason,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewList {
    pub reviews: Vec<AdminReview>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminReviewData {
    pub review: AdminReview,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminReviewQuery {
    /// 1 to 5: only reviews of that many stars.
    #[param(pattern = "^(?:[1-5])?$")]
    pub rating: Option<String>,
    /// `true`: only hidden reviews; `false`: only visible ones.
    #[param(pattern = "^(?:true|false)?$")]
    pub hidden: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    /// Default 20, at most 100.
    #[serde(rename = "perPage")]
    #[param(rename = "perPage", pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// Why a review is hidden.
#[derive(Deserialize, ToSchema)]
pub struct HideRequest {
    /// 1 to 200 characters once trimmed; only administrators see it.
    #[serde(default)]
    #[schema(required = true, value_type = String)]
    pub reason: Option<String>,
}

/// The `{id}` of a review.
pub struct ReviewId;

impl Missing for ReviewId {
    fn error(_: &Parts) -> AppError {
        not_found()
    }
}

fn not_found() -> AppError {
    AppError::NotFound("Review not found".into())
}

/// Every review, newest first.
#[utoipa::path(get, path = "/api/admin/review", tag = "admin", params(AdminReviewQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Reviews'", body = Envelope<AdminReviewList>),
        (status = 400, description = "A bad filter or page, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list_reviews(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<AdminReviewQuery>,
) -> Result<Json<Envelope<AdminReviewList>>, AppError> {
    let mut errors = BTreeMap::new();
    let rating = match query.rating.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => match text.parse::<i64>() {
            Ok(n) if (1..=5).contains(&n) => Some(n),
            _ => {
                errors.insert("rating", "rating must be a whole number from 1 to 5".into());
                None
            }
        },
    };
    let hidden = match query.hidden.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => {
            errors.insert("hidden", "hidden must be true or false".into());
            None
        }
    };
    let paging = Paging::parse(
        query.page.as_deref(),
        query.per_page.as_deref(),
        20,
        100,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let (rows, total) = state
        .reviews
        .admin_list(
            &AdminReviewFilter { rating, hidden },
            paging.per_page,
            paging.offset(),
        )
        .await?;
    Ok(ok(
        "Reviews",
        AdminReviewList {
            reviews: rows
                .into_iter()
                .map(|row| AdminReview::from_row(&state, row))
                .collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// Hides a review: off the product's page and out of its rating and count at once.
#[utoipa::path(post, path = "/api/admin/review/{id}/hide", tag = "admin",
    params(("id" = String, Path)), request_body = HideRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Review hidden' (also when it already was: nothing changes)", body = Envelope<AdminReviewData>),
        (status = 400, description = "'A reason is required', 'The reason must be at most 200 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Review not found'", body = ErrorBody),
    ))]
pub async fn hide_review(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ReviewId>,
    ApiJson(body): ApiJson<HideRequest>,
) -> Result<Json<Envelope<AdminReviewData>>, AppError> {
    let reason = body.reason.as_deref().unwrap_or_default().trim();
    if reason.is_empty() {
        return Err(AppError::field("reason", "A reason is required"));
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(AppError::field(
            "reason",
            format!("The reason must be at most {MAX_REASON_CHARS} characters"),
        ));
    }
    let row = state
        .reviews
        .hide(
            &id,
            reason,
            state.clock.now_ms(),
            &actor_of(&admin),
            &state.activity,
        )
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Review hidden",
        AdminReviewData {
            review: AdminReview::from_row(&state, row),
        },
    ))
}

/// Shows a hidden review again: back on the product's page and in its rating.
#[utoipa::path(post, path = "/api/admin/review/{id}/show", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Review shown' (also when it was not hidden: nothing changes)", body = Envelope<AdminReviewData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Review not found'", body = ErrorBody),
    ))]
pub async fn show_review(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ReviewId>,
) -> Result<Json<Envelope<AdminReviewData>>, AppError> {
    let row = state
        .reviews
        .show(&id, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Review shown",
        AdminReviewData {
            review: AdminReview::from_row(&state, row),
        },
    ))
}

fn refused(refusal: ModerationRefusal) -> AppError {
    match refusal {
        ModerationRefusal::NoSuchReview => not_found(),
    }
}
