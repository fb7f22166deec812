//! The review calls of spec §7: a product's reviews, page by page, and writing one
//! (signed in, once per product, with up to 5 photos). Staff's moderation of them is
//! beside it (`moderation.rs`): a review's rules and what hiding one does change together.

pub mod moderation;

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::id::Id;
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiPath, ApiQuery};
use crate::http::form::{FileLimits, Form};
use crate::http::identity::CurrentUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::media::photo;
use crate::store::reviews::{Added, NewReview, ReviewRow};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/review/product/{product_id}", get(list_reviews))
        .merge(moderation::router())
}

/// Writing a review carries up to five photos: its body limit is theirs.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/review", post(create_review))
}

/// Reviews per page when the caller does not say (spec §7).
const DEFAULT_PER_PAGE: i64 = 5;
const MAX_PER_PAGE: i64 = 50;
const MAX_KEYWORD_CHARS: usize = 200;
const COMMENT_MIN_CHARS: usize = 10;
const COMMENT_MAX_CHARS: usize = 500;
/// How a review reads once its author's account is deleted.
const FORMER_CUSTOMER: &str = "Former customer";

/// Up to 5 photos of at most 10 MB each: the review form.
pub struct ReviewPhotos;

impl FileLimits for ReviewPhotos {
    const MAX_FILES: usize = 5;
    const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
    const FILE_TOO_LARGE: &'static str = "Each image must be at most 10 MB";
    const TOO_MANY_FILES: &'static str = "You can attach at most 5 images";
    const FILE_FIELDS: &'static [&'static str] = &["images", "images[]"];
}

/// The largest body `POST /review` takes: five photos and the form around them.
pub const MAX_REVIEW_BODY_BYTES: usize = 5 * ReviewPhotos::MAX_FILE_BYTES + 1024 * 1024;

/// The author as a review shows them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reviewer {
    /// The author's full name; 'Former customer' once the account is deleted.
    pub full_name: String,
    /// A signed URL of the author's photo, good for at least 15 minutes; null without one.
    pub profile_photo: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    #[serde(rename = "_id")]
    pub id: String,
    /// 1 to 5 stars.
    pub rating: i64,
    pub comment: String,
    /// Public media paths.
    pub images: Vec<String>,
    pub created_at: String,
    pub user: Reviewer,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewList {
    pub reviews: Vec<Review>,
    /// How many reviews match, on all pages.
    pub total: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReviewData {
    pub review: Review,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReviewParams {
    /// From 1 to 10000; default 1.
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    /// Default 5, at most 50.
    #[serde(rename = "perPage")]
    #[param(rename = "perPage", pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
    /// Keeps reviews whose comment contains it, case-insensitively.
    #[param(max_length = 200)]
    pub keyword: Option<String>,
}

/// The form `POST /review` takes (multipart).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct ReviewForm {
    #[schema(pattern = "^[0-9a-f]{24}$")]
    product_id: String,
    #[schema(minimum = 1, maximum = 5)]
    rating: i64,
    /// 10 to 500 characters once trimmed.
    comment: String,
    /// Up to 5 files, repeated under this name: JPEG, PNG, GIF or WebP, at most 10 MB each.
    #[schema(required = false, value_type = Vec<String>, format = Binary, max_items = 5)]
    images: Vec<Vec<u8>>,
}

impl Review {
    pub(crate) fn from_row(state: &AppState, row: ReviewRow) -> Review {
        let expires = crate::http::media::quarter_hour_expiry(state);
        let user = match row.author {
            Some(author) => Reviewer {
                full_name: author.full_name,
                profile_photo: author
                    .profile_photo
                    .map(|path| crate::http::media::signed_url(state, &path, expires)),
            },
            None => Reviewer {
                full_name: FORMER_CUSTOMER.to_string(),
                profile_photo: None,
            },
        };
        Review {
            id: row.id,
            rating: row.rating,
            comment: row.comment,
            images: row.images,
            created_at: iso8601(row.created_at),
            user,
        }
    }
}

/// A product's reviews, newest first.
#[utoipa::path(get, path = "/api/review/product/{productId}", tag = "reviews",
    params(("productId" = String, Path, description = "The product's `_id`"), ReviewParams),
    responses(
        (status = 200, description = "One page of reviews and the total", body = Envelope<ReviewList>),
        (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)"),
        (status = 400, description = "A bad parameter, named in `errors`", body = ErrorBody),
    ))]
pub async fn list_reviews(
    State(state): State<AppState>,
    ApiPath(product_id): ApiPath<String>,
    ApiQuery(params): ApiQuery<ReviewParams>,
) -> Result<Json<Envelope<ReviewList>>, AppError> {
    let mut errors = BTreeMap::new();
    let paging = Paging::parse(
        params.page.as_deref(),
        params.per_page.as_deref(),
        DEFAULT_PER_PAGE,
        MAX_PER_PAGE,
        &mut errors,
    );
    let keyword = params
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty());
    if keyword.is_some_and(|k| k.chars().count() > MAX_KEYWORD_CHARS) {
        errors.insert(
            "keyword",
            format!("keyword must be at most {MAX_KEYWORD_CHARS} characters"),
        );
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    // An id this shop never issues has no reviews: no need to ask the database.
    let Some(product_id) = Id::parse(&product_id) else {
        return Ok(ok(
            "Reviews fetched successfully",
            ReviewList {
                reviews: Vec::new(),
                total: 0,
            },
        ));
    };
    let (rows, total) = state
        .reviews
        .list(&product_id, keyword, paging.per_page, paging.offset())
        .await?;
    let reviews = rows
        .into_iter()
        .map(|row| Review::from_row(&state, row))
        .collect();
    Ok(ok(
        "Reviews fetched successfully",
        ReviewList { reviews, total },
    ))
}

/// Writes the signed-in customer's review of a product: one per product. The
/// photos are checked by their bytes, stripped of metadata and stored publicly;
/// the product's rating and review count include the review at once.
#[utoipa::path(post, path = "/api/review", tag = "reviews", security(("bearer" = [])),
    request_body(content = ReviewForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "'Review created successfully'", body = Envelope<ReviewData>),
        (status = 400, description = "Field errors ('Product ID is required', …), or more than 5 images", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 409, description = "'You have already reviewed this product'", body = ErrorBody),
        (status = 413, description = "An image over 10 MB or 40 megapixels", body = ErrorBody),
        (status = 415, description = "A file that is not JPEG, PNG, GIF or WebP", body = ErrorBody),
        (status = 422, description = "An image that cannot be read", body = ErrorBody),
    ))]
pub async fn create_review(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    form: Form<ReviewPhotos>,
) -> Result<(StatusCode, Json<Envelope<ReviewData>>), AppError> {
    let mut errors = BTreeMap::new();
    let product_id = form.get("productId")?.unwrap_or_default().trim();
    if product_id.is_empty() {
        errors.insert(
            "productId".to_string(),
            "Product ID is required".to_string(),
        );
    }
    let rating = match form.get("rating")?.map(str::trim) {
        None | Some("") => {
            errors.insert("rating".to_string(), "Rating is required".to_string());
            0
        }
        Some(text) => match text.parse::<i64>() {
            Ok(n) if (1..=5).contains(&n) => n,
            _ => {
                errors.insert(
                    "rating".to_string(),
                    "Rating must be a whole number from 1 to 5".to_string(),
                );
                0
            }
        },
    };
    let comment = form.get("comment")?.unwrap_or_default().trim().to_string();
    let comment_chars = comment.chars().count();
    if comment_chars == 0 {
        errors.insert("comment".to_string(), "Comment is required".to_string());
    } else if comment_chars < COMMENT_MIN_CHARS {
        errors.insert(
            "comment".to_string(),
            format!("Comment must be at least {COMMENT_MIN_CHARS} characters"),
        );
    } else if comment_chars > COMMENT_MAX_CHARS {
        errors.insert(
            "comment".to_string(),
            format!("Comment cannot exceed {COMMENT_MAX_CHARS} characters"),
        );
    }
    if let Some(other) = form
        .files
        .iter()
        .find(|f| f.field != "images" && f.field != "images[]")
    {
        errors.insert(
            other.field.clone(),
            "Only images may carry files".to_string(),
        );
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let not_found = || AppError::NotFound("Product not found".into());
    // An id of a shape the shop never issues names no product.
    let product_id = Id::parse(product_id).ok_or_else(not_found)?;
    if state.catalogue.product(&product_id).await?.is_none() {
        return Err(not_found());
    }
    let already = || AppError::Conflict("You have already reviewed this product".into());
    // Checked before the photos are processed, so a repeat costs no decoding.
    if state.reviews.has_reviewed(&product_id, &user.id).await? {
        return Err(already());
    }
    let review_id = Id::generate();
    let mut images = Vec::with_capacity(form.files.len());
    for (n, upload) in form.files.into_iter().enumerate() {
        let stem = format!("reviews/{review_id}/{}", n + 1);
        match crate::http::media::store_photo(&state, upload.bytes, photo::REVIEW_SIDE, &stem).await
        {
            Ok(path) => images.push(path),
            Err(e) => {
                remove_all(&state, &images).await;
                return Err(e);
            }
        }
    }
    let added = state
        .reviews
        .add(NewReview {
            id: &review_id,
            product_id: &product_id,
            user_id: &user.id,
            rating,
            comment: &comment,
            images: &images,
            created_at: state.clock.now_ms(),
        })
        .await;
    let failure = match added {
        Ok(Added::Added) => None,
        Ok(Added::AlreadyReviewed) => Some(already()),
        Ok(Added::NoSuchProduct) => Some(not_found()),
        Err(e) => Some(e.into()),
    };
    if let Some(failure) = failure {
        remove_all(&state, &images).await;
        return Err(failure);
    }
    let row = state
        .reviews
        .get(&review_id)
        .await?
        .ok_or_else(|| AppError::Internal("a review just added is missing".into()))?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Review created successfully",
            ReviewData {
                review: Review::from_row(&state, row),
            },
        ),
    ))
}

/// Takes back photos stored for a review that was not kept.
async fn remove_all(state: &AppState, paths: &[String]) {
    for path in paths {
        if let Err(e) = state.media.delete(path).await {
            tracing::warn!(error = %e, path, "a photo of a refused review could not be removed");
        }
    }
}
