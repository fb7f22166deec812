//! The homepage banners: the shop's `GET /banner`, and the administrators' changes to
//! them (listed, added with an image, checked and re-encoded like product photos,
//! pointed elsewhere, put in order and deleted). Every change is logged in its own
//! transaction; the shop's `GET /banner` shows it at once.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::id::Id;
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::{ApiJson, Missing, PathId};
use crate::http::form::{FileLimits, Form};
use crate::http::identity::actor_of;
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::media::photo;
use crate::store::catalogue::banners::BannerRefusal;
use crate::store::catalogue::BannerRow;

#[derive(Serialize, ToSchema)]
pub struct Banner {
    #[serde(rename = "_id")]
    pub id: String,
    /// Media path: the storefront shows `{mediaBaseUrl}{image}`.
    pub image: String,
    /// Where the slide links to, inside the shop.
    pub url: String,
}

/// The homepage banners, in display order.
#[utoipa::path(get, path = "/api/banner", tag = "catalogue",
    responses((status = 200, body = Envelope<Vec<Banner>>), (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)")))]
async fn banners(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Banner>>>, AppError> {
    let banners = state.catalogue.banners().await?;
    let banners = banners
        .into_iter()
        .map(|BannerRow { id, image, url, .. }| Banner { id, image, url })
        .collect();
    Ok(ok("Banners fetched successfully", banners))
}

#[derive(OpenApi)]
#[openapi(paths(
    list_banners,
    create_banner,
    update_banner,
    order_banners,
    delete_banner
))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/banner", get(banners))
        .route("/admin/banner", get(list_banners))
        .route("/admin/banner/order", post(order_banners))
        .route(
            "/admin/banner/{id}",
            put(update_banner).delete(delete_banner),
        )
}

/// Adding a banner carries its image: its body limit is the image's.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/admin/banner", post(create_banner))
}

/// One image of at most 10 MB: a banner.
pub struct BannerImage;

impl FileLimits for BannerImage {
    const MAX_FILES: usize = 1;
    const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
    const FILE_TOO_LARGE: &'static str = "The image must be at most 10 MB";
    const TOO_MANY_FILES: &'static str = "A banner has one image";
    const FILE_FIELDS: &'static [&'static str] = &["image"];
}

/// The largest body `POST /admin/banner` takes: the image and the form around it.
pub const MAX_BANNER_BODY_BYTES: usize = BannerImage::MAX_FILE_BYTES + 1024 * 1024;

/// Banners are stored to fit this square: wide enough for a full-width slide.
const BANNER_SIDE: u32 = photo::REVIEW_SIDE;
/// Longest link, in characters.
const MAX_URL_CHARS: usize = 500;

/// A banner as the console shows it: the shop's, and its version.
#[derive(Serialize, ToSchema)]
pub struct AdminBanner {
    #[serde(flatten)]
    pub banner: Banner,
    /// Bumped by each change of its link: a `PUT` sends the one it loaded (docs/DESIGN.md §15).
    pub version: i64,
}

#[derive(Serialize, ToSchema)]
pub struct BannerList {
    /// In display order.
    pub banners: Vec<AdminBanner>,
}

#[derive(Serialize, ToSchema)]
pub struct BannerData {
    pub banner: AdminBanner,
}

/// The form `POST /admin/banner` takes (multipart).
#[derive(ToSchema)]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct BannerForm {
    /// JPEG, PNG, GIF or WebP, at most 10 MB; re-encoded without metadata to fit
    /// 2048 × 2048.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
    /// Where the slide links to: a path in the shop (`/shop?category=…`) or an
    /// `https://` address; at most 500 characters.
    #[schema(max_length = 500)]
    url: String,
}

/// Where a banner links to.
#[derive(Deserialize, ToSchema)]
pub struct BannerRequest {
    /// A path in the shop (`/shop?category=…`) or an `https://` address; at most 500
    /// characters.
    #[serde(default)]
    #[schema(required = true, value_type = String, max_length = 500)]
    pub url: Option<String>,
    /// The banner's `version` when the form was loaded; changed since, the save is
    /// refused with 409 and the banner as it now is. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A new display order.
#[derive(Deserialize, ToSchema)]
pub struct BannerOrderRequest {
    /// Every banner's `_id`, each once, first shown first.
    #[serde(default)]
    pub ids: Vec<String>,
}

/// The `{id}` of a banner.
pub struct BannerId;

impl Missing for BannerId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound("Banner not found".into())
    }
}

fn banner(row: BannerRow) -> AdminBanner {
    AdminBanner {
        banner: Banner {
            id: row.id,
            image: row.image,
            url: row.url,
        },
        version: row.version,
    }
}

/// The homepage banners, in display order.
#[utoipa::path(get, path = "/api/admin/banner", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Banners'", body = Envelope<BannerList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list_banners(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<BannerList>>, AppError> {
    let banners = state.catalogue.banners().await?;
    Ok(ok(
        "Banners",
        BannerList {
            banners: banners.into_iter().map(banner).collect(),
        },
    ))
}

/// Adds a banner after the others.
#[utoipa::path(post, path = "/api/admin/banner", tag = "admin",
    request_body(content = BannerForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Banner created'", body = Envelope<BannerData>),
        (status = 400, description = "'Choose an image', a bad `url` (in `errors`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 413, description = "An image over 10 MB or 40 megapixels", body = ErrorBody),
        (status = 415, description = "A file that is not JPEG, PNG, GIF or WebP", body = ErrorBody),
        (status = 422, description = "An image that cannot be read", body = ErrorBody),
    ))]
pub async fn create_banner(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    mut form: Form<BannerImage>,
) -> Result<(StatusCode, Json<Envelope<BannerData>>), AppError> {
    let mut errors = BTreeMap::new();
    let url = match check_url(form.get("url")?.unwrap_or_default()) {
        Ok(url) => url,
        Err(message) => {
            errors.insert("url", message.to_string());
            String::new()
        }
    };
    if let Some(other) = form.files.iter().find(|f| f.field != "image") {
        errors.insert(
            "image",
            format!("Send the image as 'image', not '{}'", other.field),
        );
    } else if form.files.is_empty() {
        errors.insert("image", "Choose an image".to_string());
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let upload = form.files.pop().expect("one file, checked above");
    let id = Id::generate();
    // The image is the banner's own (`banners/{id}.…`): deleting the banner removes it.
    let image = crate::http::media::store_photo(
        &state,
        upload.bytes,
        BANNER_SIDE,
        &format!("banners/{id}"),
    )
    .await?;
    let created = state
        .catalogue
        .create_banner(&id, &image, &url, &actor_of(&admin), &state.activity)
        .await;
    let row = match created {
        Ok(row) => row,
        Err(e) => {
            remove_image(&state, &image).await;
            return Err(e.into());
        }
    };
    Ok((
        StatusCode::CREATED,
        ok(
            "Banner created",
            BannerData {
                banner: banner(row),
            },
        ),
    ))
}

/// Points a banner at another page.
#[utoipa::path(put, path = "/api/admin/banner/{id}", tag = "admin",
    params(("id" = String, Path)), request_body = BannerRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Banner updated'", body = Envelope<BannerData>),
        (status = 400, description = "A bad `url` (in `errors`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Banner not found'", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest', with `{banner}` as it now is in `data`", body = ErrorBody),
    ))]
pub async fn update_banner(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<BannerId>,
    ApiJson(body): ApiJson<BannerRequest>,
) -> Result<Json<Envelope<BannerData>>, AppError> {
    let url = check_url(body.url.as_deref().unwrap_or_default())
        .map_err(|message| AppError::field("url", message))?;
    check_version(body.version)?;
    let row = state
        .catalogue
        .set_banner_url(&id, body.version, &url, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Banner updated",
        BannerData {
            banner: banner(row),
        },
    ))
}

/// Puts the banners in a new display order.
#[utoipa::path(post, path = "/api/admin/banner/order", tag = "admin", request_body = BannerOrderRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Banners reordered', in their new order", body = Envelope<BannerList>),
        (status = 400, description = "'List every banner exactly once'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn order_banners(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<BannerOrderRequest>,
) -> Result<Json<Envelope<BannerList>>, AppError> {
    let ids = body
        .ids
        .iter()
        .map(|t| Id::parse(t.trim()))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| refused(BannerRefusal::NotEveryId))?;
    state
        .catalogue
        .order_banners(&ids, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    let banners = state.catalogue.banners().await?;
    Ok(ok(
        "Banners reordered",
        BannerList {
            banners: banners.into_iter().map(banner).collect(),
        },
    ))
}

/// Deletes a banner, and its uploaded image from the media store.
#[utoipa::path(delete, path = "/api/admin/banner/{id}", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Banner deleted', the banner as it was", body = Envelope<BannerData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Banner not found'", body = ErrorBody),
    ))]
pub async fn delete_banner(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<BannerId>,
) -> Result<Json<Envelope<BannerData>>, AppError> {
    let row = state
        .catalogue
        .delete_banner(&id, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    // Only an image uploaded for this banner goes: seeded ones may be shared.
    if row.image.starts_with(&format!("banners/{id}.")) {
        remove_image(&state, &row.image).await;
    }
    Ok(ok(
        "Banner deleted",
        BannerData {
            banner: banner(row),
        },
    ))
}

/// Takes an image out of the media store; one that cannot be removed is only logged
/// (a stray file harms nobody, a failed call after the change would mislead).
async fn remove_image(state: &AppState, path: &str) {
    if let Err(e) = state.media.delete(path).await {
        tracing::warn!(error = %e, path, "a banner image could not be removed");
    }
}

fn refused(refusal: BannerRefusal) -> AppError {
    match refusal {
        BannerRefusal::NoSuchBanner => AppError::NotFound("Banner not found".into()),
        BannerRefusal::NotEveryId => AppError::bad_request("List every banner exactly once"),
        BannerRefusal::Stale(current) => AppError::stale(BannerData {
            banner: banner(*current),
        }),
    }
}

/// `text` trimmed, if a banner may link to it: a path in the shop, or an https
/// address. Anything else (`javascript:`, `//elsewhere`, plain http) would send
/// shoppers somewhere unsafe from the homepage.
pub fn check_url(text: &str) -> Result<String, &'static str> {
    let url = text.trim();
    if url.is_empty() {
        return Err("Link is required");
    }
    if url.chars().count() > MAX_URL_CHARS {
        return Err("The link must be at most 500 characters");
    }
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || c == '\\')
    {
        return Err("The link must not contain spaces or backslashes");
    }
    if url.starts_with('/') && !url.starts_with("//") {
        return Ok(url.to_string());
    }
    if let Some(rest) = url.strip_prefix("https://") {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host_ok = !host.is_empty()
            && !host.contains('@')
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
        if host_ok {
            return Ok(url.to_string());
        }
    }
    Err("The link must be a path in the shop (like /shop?category=…) or an https:// address")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banners_link_to_shop_paths_and_https_addresses_only() {
        assert_eq!(
            check_url(" /shop?categoryIds=abc ").unwrap(),
            "/shop?categoryIds=abc"
        );
        assert!(check_url("https://example.com/sale").is_ok());
        assert!(check_url("https://shop.example.com:8443").is_ok());
        for bad in [
            "",
            "shop",
            "//evil.example",
            "http://example.com",
            "javascript:alert(1)",
            "https://",
            "https://user@evil.example",
            "/shop page",
            "/\\evil.example",
        ] {
            assert!(check_url(bad).is_err(), "{bad}");
        }
    }
}
