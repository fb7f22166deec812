//! The React storefront, built by Vite into `web/dist`. Release builds embed it, so
//! the binary alone is the deployable; debug builds read the folder from disk.

use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::media::content_type;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Assets;

/// A file of the build, or for client routes (anything without an extension) the page of
/// their document: `admin.html` for the administrator's console, `index.html` for the shop.
pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty() {
        if let Some(file) = Assets::get(path) {
            // Vite fingerprints everything under assets/; other files may change between releases.
            let cache = if path.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            return file_response(file.data.into_owned(), content_type(path), cache);
        }
        let last = path.rsplit('/').next().unwrap_or(path);
        if last.contains('.') {
            return (StatusCode::NOT_FOUND, "Not found").into_response();
        }
    }
    let page = if is_console(path) {
        "admin.html"
    } else {
        "index.html"
    };
    match Assets::get(page) {
        Some(page) => file_response(
            page.data.into_owned(),
            "text/html; charset=utf-8",
            "no-cache",
        ),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The storefront has not been built: run `make build` (or `npm run build` in web/).",
        )
            .into_response(),
    }
}

/// The console's addresses (`path` without its leading slash): `/admin` and everything
/// under it. The console is a Vite entry of its own, so shoppers' pages carry none of it.
fn is_console(path: &str) -> bool {
    path == "admin" || path.starts_with("admin/")
}

fn file_response(body: Vec<u8>, content_type: &'static str, cache: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}
