//! The shop's own pages (docs/DESIGN.md §15): the footer's policies and answers at six fixed
//! slugs. Anyone reads them; staff write them in Markdown, versioned like every console
//! form. The body goes out as written: the storefront renders it with raw HTML escaped.
//!
//! Not kept by the response cache (`response_cache.rs` keeps the catalogue only): a page
//! is one row by its key, and a save shows on the next read on every node.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::page::{self, NOT_FOUND};
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody, VERSION_RULE};
use crate::http::extract::{ApiJson, ApiPath};
use crate::http::identity::{actor_of, AdminUser};
use crate::http::{ok, AppState, Envelope};
use crate::store::pages::PageWriteRefusal;

#[derive(OpenApi)]
#[openapi(paths(show, list, update))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/page/{slug}", get(show))
        .route("/admin/page", get(list))
        .route("/admin/page/{slug}", put(update))
}

/// One of the shop's pages.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// privacy, terms, returns, delivery, faq or e-waste.
    pub slug: String,
    pub title: String,
    /// Markdown as staff wrote it; raw HTML in it is shown as text, never run.
    pub body: String,
    /// When it was last saved (ISO 8601, UTC).
    pub updated_at: String,
    /// Bumped by each staff save: a `PUT` sends the one it loaded.
    pub version: i64,
}

impl From<crate::store::pages::Page> for Page {
    fn from(p: crate::store::pages::Page) -> Page {
        Page {
            slug: p.slug,
            title: p.title,
            body: p.body,
            updated_at: iso8601(p.updated_at),
            version: p.version,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PageData {
    pub page: Page,
}

#[derive(Serialize, ToSchema)]
pub struct PageList {
    /// The six pages, by slug.
    pub pages: Vec<Page>,
}

/// A staff save of a page.
#[derive(Deserialize, ToSchema)]
pub struct PageRequest {
    /// 1 to 120 characters, trimmed. (Missing, it is refused as `errors.title`.)
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 120)]
    pub title: String,
    /// Markdown, at most 50,000 characters (may be empty, not left out: a save without
    /// it is refused as `errors.body` rather than emptying the page).
    #[serde(default)]
    #[schema(required = true, value_type = String, max_length = 50000)]
    pub body: Option<String>,
    /// The page's `version` when the form was loaded; a page saved since is refused
    /// with 409 and the page as it now is. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A page of the shop, for anyone.
#[utoipa::path(get, path = "/api/page/{slug}", tag = "catalogue",
    params(("slug" = String, Path, description = "privacy, terms, returns, delivery, faq or e-waste")),
    responses(
        (status = 200, description = "'Page'", body = Envelope<PageData>),
        (status = 404, description = "'Page not found': no page has this slug", body = ErrorBody),
    ))]
pub async fn show(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<PageData>>, AppError> {
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    if !page::is_slug(&slug) {
        return Err(not_found());
    }
    let page = state.pages.page(&slug).await?.ok_or_else(not_found)?;
    Ok(ok("Page", PageData { page: page.into() }))
}

/// The six pages, for the console's list (not paged: the slugs are fixed).
#[utoipa::path(get, path = "/api/admin/page", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Pages'", body = Envelope<PageList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<PageList>>, AppError> {
    let pages = state.pages.all().await?;
    Ok(ok(
        "Pages",
        PageList {
            pages: pages.into_iter().map(Page::from).collect(),
        },
    ))
}

/// Sets a page's title and body.
#[utoipa::path(put, path = "/api/admin/page/{slug}", tag = "admin",
    params(("slug" = String, Path, description = "privacy, terms, returns, delivery, faq or e-waste")),
    request_body = PageRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Page saved'", body = Envelope<PageData>),
        (status = 400, description = "Fields that break a rule, named in `errors`: 'Title must be 1 to 120 characters', 'Title must be one line of text', 'Body is required', 'Body must be at most 50,000 characters', 'version must be a whole number from 1'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Page not found': only the six slugs are pages", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest': `version` is not the page's, `data` holds `{page}` as it now is, and nothing was written", body = ErrorBody),
    ))]
pub async fn update(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiPath(slug): ApiPath<String>,
    ApiJson(body): ApiJson<PageRequest>,
) -> Result<Json<Envelope<PageData>>, AppError> {
    if !page::is_slug(&slug) {
        return Err(refused(PageWriteRefusal::NoSuchPage));
    }
    let mut errors: BTreeMap<&str, String> = BTreeMap::new();
    if body.version.is_some_and(|version| version < 1) {
        errors.insert("version", VERSION_RULE.into());
    }
    let title = page::title(&body.title)
        .map_err(|rule| errors.insert("title", rule.into()))
        .ok();
    let text = match body.body.as_deref() {
        Some(text) => page::body(text)
            .map_err(|rule| errors.insert("body", rule.into()))
            .ok(),
        None => {
            errors.insert("body", page::BODY_REQUIRED.into());
            None
        }
    };
    let (Some(title), Some(text), true) = (title, text, errors.is_empty()) else {
        return Err(AppError::fields(errors));
    };
    let actor = actor_of(&admin);
    let saved = state
        .pages
        .update(&slug, body.version, &title, text, &actor, &state.activity)
        .await?
        .map_err(refused)?;
    Ok(ok("Page saved", PageData { page: saved.into() }))
}

fn refused(refusal: PageWriteRefusal) -> AppError {
    match refusal {
        PageWriteRefusal::NoSuchPage => AppError::NotFound(NOT_FOUND.into()),
        PageWriteRefusal::Stale(current) => AppError::stale(PageData {
            page: (*current).into(),
        }),
    }
}
