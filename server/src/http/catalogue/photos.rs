//! A product's photos in the console (docs/DESIGN.md §8): added (each checked by its bytes and
//! re-encoded), put in order and removed. Adding takes up to eight files, so it has a
//! body limit of its own.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{post, put};
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};

use super::admin::{admin_answer, refused, remove_photos, AdminProductData};
use super::form::ProductPhotos;
use super::product::ProductId;
use crate::domain::id::Id;
use crate::domain::product_rules::MAX_PHOTOS;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, PathId};
use crate::http::form::{FileLimits, Form};
use crate::http::identity::{actor_of, AdminUser};
use crate::http::{ok, AppState, Envelope};
use crate::media::photo;
use crate::store::catalogue::ProductRefusal;

#[derive(OpenApi)]
#[openapi(paths(add_photos, set_photos))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/product/{id}/photos", put(set_photos))
}

/// Adding photos carries up to eight of them: its body limit is theirs.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/admin/product/{id}/photos", post(add_photos))
}

/// The largest body `POST /admin/product/{id}/photos` takes: eight photos and the form.
pub const MAX_PHOTOS_BODY_BYTES: usize = MAX_PHOTOS * ProductPhotos::MAX_FILE_BYTES + 1024 * 1024;

/// The form `POST /admin/product/{id}/photos` takes (multipart).
#[derive(ToSchema)]
#[allow(dead_code)] // documents the form; the handler reads its files
pub struct PhotosForm {
    /// 1 to 8 files (with those the product has, at most 8), repeated under this name:
    /// JPEG, PNG, GIF or WebP, at most 10 MB each. Each is re-encoded without metadata
    /// to fit 2048 × 2048.
    #[schema(value_type = Vec<String>, format = Binary)]
    images: Vec<Vec<u8>>,
}

/// The photos a product keeps, in the order to show them.
#[derive(Deserialize, ToSchema)]
pub struct PhotosRequest {
    /// Media paths the product has now; any left out are removed.
    #[serde(default)]
    pub images: Vec<String>,
}

/// Adds photos to a product, after those it has.
#[utoipa::path(post, path = "/api/admin/product/{id}/photos", tag = "admin",
    params(("id" = String, Path)),
    request_body(content = PhotosForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Photos added', the product with its photos", body = Envelope<AdminProductData>),
        (status = 400, description = "No photo, or more than 8 in all", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 413, description = "An image over 10 MB or 40 megapixels", body = ErrorBody),
        (status = 415, description = "A file that is not JPEG, PNG, GIF or WebP", body = ErrorBody),
        (status = 422, description = "An image that cannot be read", body = ErrorBody),
    ))]
pub async fn add_photos(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
    form: Form<ProductPhotos>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    if let Some(other) = form
        .files
        .iter()
        .find(|f| f.field != "images" && f.field != "images[]")
    {
        return Err(AppError::fields(BTreeMap::from([(
            other.field.as_str(),
            "Only images may carry files".to_string(),
        )])));
    }
    if form.files.is_empty() {
        return Err(AppError::bad_request("Choose at least one photo"));
    }
    let current = state
        .catalogue
        .admin_product(&id)
        .await?
        .ok_or_else(|| AppError::NotFound("Product not found".into()))?;
    // Counted before any decoding; the store counts again in its transaction.
    if current.images.len() + form.files.len() > MAX_PHOTOS {
        return Err(refused(ProductRefusal::TooManyPhotos));
    }
    let mut stored = Vec::with_capacity(form.files.len());
    for upload in form.files {
        let stem = format!("products/{id}/{}", Id::generate());
        match crate::http::media::store_photo(&state, upload.bytes, photo::REVIEW_SIDE, &stem).await
        {
            Ok(path) => stored.push(path),
            Err(e) => {
                remove_photos(&state, &stored).await;
                return Err(e);
            }
        }
    }
    let added = state
        .catalogue
        .add_photos(&id, &stored, &actor_of(&admin), &state.activity)
        .await;
    let row = match added {
        Ok(Ok(row)) => row,
        Ok(Err(refusal)) => {
            remove_photos(&state, &stored).await;
            return Err(refused(refusal));
        }
        Err(e) => {
            remove_photos(&state, &stored).await;
            return Err(e.into());
        }
    };
    let product = admin_answer(&state, row).await?;
    Ok(ok("Photos added", AdminProductData { product }))
}

/// Reorders a product's photos and removes those left out.
#[utoipa::path(put, path = "/api/admin/product/{id}/photos", tag = "admin",
    params(("id" = String, Path)), request_body = PhotosRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Photos updated', the product with its photos", body = Envelope<AdminProductData>),
        (status = 400, description = "'List only photos the product has, each once'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
    ))]
pub async fn set_photos(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
    ApiJson(body): ApiJson<PhotosRequest>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let (row, removed) = state
        .catalogue
        .set_photos(&id, &body.images, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    // Only photos uploaded for this product go: seeded ones may be shared.
    let own = format!("products/{id}/");
    let uploaded: Vec<String> = removed
        .into_iter()
        .filter(|p| p.starts_with(&own))
        .collect();
    remove_photos(&state, &uploaded).await;
    let product = admin_answer(&state, row).await?;
    Ok(ok("Photos updated", AdminProductData { product }))
}
