//! What crawlers read: `/robots.txt`, which points to the sitemap,
//! and `/sitemap.xml`, every product in the shop, every category's listing and the shop's
//! own pages (`/pages/{slug}`). Past
//! 50,000 addresses (the sitemap protocol's limit per file) `/sitemap.xml` is an index
//! of `/sitemap/{n}.xml` files, each at most 50,000 products.

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::error::AppError;
use super::AppState;
use crate::domain::page::SLUGS;
use crate::mail::templates::escape;

/// The most addresses one sitemap file holds.
pub const PER_SITEMAP: i64 = 50_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
        .route("/sitemap/{file}", get(sitemap_part))
}

async fn robots(State(state): State<AppState>) -> Response {
    let base = state.settings.public_url.trim_end_matches('/');
    let text =
        format!("User-agent: *\nDisallow: /admin\nDisallow: /api/\nSitemap: {base}/sitemap.xml\n");
    plain(text, "text/plain; charset=utf-8")
}

/// Every address, or past [`PER_SITEMAP`] the index of the files that hold them.
async fn sitemap(State(state): State<AppState>) -> Result<Response, AppError> {
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    let categories = state.catalogue.categories().await?;
    let products = state.catalogue.shop_product_count().await?;
    let pages = (2 + SLUGS.len() + categories.len()) as i64;
    if products + pages <= PER_SITEMAP {
        let mut urls = fixed_pages(&base);
        urls.extend(
            categories
                .iter()
                .map(|c| format!("{base}/shop?category={}", c.id)),
        );
        urls.extend(
            state
                .catalogue
                .shop_product_ids(PER_SITEMAP, 0)
                .await?
                .iter()
                .map(|id| format!("{base}/product/{id}")),
        );
        return Ok(url_set(&urls));
    }
    // File 0 holds the pages and categories; files 1.. the products.
    let files = 1 + (products + PER_SITEMAP - 1) / PER_SITEMAP;
    let entries: String = (0..files)
        .map(|n| {
            format!(
                "<sitemap><loc>{}</loc></sitemap>",
                escape(&format!("{base}/sitemap/{n}.xml"))
            )
        })
        .collect();
    Ok(xml(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{entries}</sitemapindex>\n"
    )))
}

/// `/sitemap/{n}.xml` of the index: 0 the pages (home, listing, the shop's own) and categories, n ≥ 1 the n-th
/// [`PER_SITEMAP`] products in id order.
async fn sitemap_part(
    State(state): State<AppState>,
    Path(file): Path<String>,
) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound("Not found".into());
    let n: i64 = file
        .strip_suffix(".xml")
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 0)
        .ok_or_else(not_found)?;
    let base = state.settings.public_url.trim_end_matches('/').to_string();
    let urls: Vec<String> = if n == 0 {
        let categories = state.catalogue.categories().await?;
        fixed_pages(&base)
            .into_iter()
            .chain(
                categories
                    .iter()
                    .map(|c| format!("{base}/shop?category={}", c.id)),
            )
            .collect()
    } else {
        let ids = state
            .catalogue
            .shop_product_ids(PER_SITEMAP, (n - 1) * PER_SITEMAP)
            .await?;
        if ids.is_empty() {
            return Err(not_found());
        }
        ids.iter()
            .map(|id| format!("{base}/product/{id}"))
            .collect()
    };
    Ok(url_set(&urls))
}

/// The addresses every shop has: home, the listing and its own pages (privacy, terms, …).
fn fixed_pages(base: &str) -> Vec<String> {
    [format!("{base}/"), format!("{base}/shop")]
        .into_iter()
        .chain(SLUGS.iter().map(|slug| format!("{base}/pages/{slug}")))
        .collect()
}

fn url_set(urls: &[String]) -> Response {
    let entries: String = urls
        .iter()
        .map(|url| format!("<url><loc>{}</loc></url>", escape(url)))
        .collect();
    xml(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{entries}</urlset>\n"
    ))
}

fn xml(body: String) -> Response {
    plain(body, "application/xml; charset=utf-8")
}

fn plain(body: String, content_type: &'static str) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        body,
    )
        .into_response()
}
