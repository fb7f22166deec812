//! The React storefront, built by Vite into `web/dist`. Release builds embed it, so
//! the binary alone is the deployable; debug builds read the folder from disk.

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use serde_json::json;

use super::AppState;
use crate::domain::id::Id;
use crate::domain::pricing::price_at;
use crate::mail::templates::escape;
use crate::media::content_type;
use crate::store::catalogue::ProductRow;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Assets;

/// A file of the build, or for client routes (anything without an extension) the page of
/// their document: `admin.html` for the administrator's console, `index.html` for the shop.
///
/// A product's page (`/product/{id}`) comes with what search engines and link previews
/// read in its `<head>`: see [`product_head`].
pub async fn serve(State(state): State<AppState>, uri: Uri) -> Response {
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
        Some(page) => {
            let mut html = page.data.into_owned();
            if let Some(head) = product_of(&state, path).await {
                html = with_head(&html, &head);
            }
            file_response(html, "text/html; charset=utf-8", "no-cache")
        }
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The storefront has not been built: run `make build` (or `npm run build` in web/).",
        )
            .into_response(),
    }
}

/// The `<head>` of product page `path` (`product/{id}`), if it is one and the product
/// is in the shop. A database failure serves the page without it, as the page itself
/// still loads the product.
async fn product_of(state: &AppState, path: &str) -> Option<String> {
    let id = Id::parse(path.strip_prefix("product/")?)?;
    match state.catalogue.product(&id).await {
        Ok(product) => Some(product_head(
            &product?,
            &state.settings.public_url,
            state.clock.now_ms(),
        )),
        Err(e) => {
            tracing::warn!(error = %e, "a product page's head could not be read");
            None
        }
    }
}

/// A product page's title, description, canonical address, Open Graph and Twitter card
/// tags (with its first photo), and schema.org `Product` JSON-LD: its price now, in
/// rupees, whether it is in stock, and its rating once it has reviews. Every text is
/// escaped for HTML, and the JSON for a script element (no `<`, `>` or `&` in it), so a
/// product's name cannot end the element it is in.
pub fn product_head(product: &ProductRow, public_url: &str, now: i64) -> String {
    let base = public_url.trim_end_matches('/');
    let url = format!("{base}/product/{}", product.id);
    let title = format!("{} | Shop", product.name);
    let description: String = product.description.chars().take(160).collect();
    let image = product
        .images
        .first()
        .map(|path| format!("{base}/media/{path}"));
    let price = price_at(product.price, product.discount, now).discounted_price;
    let mut data = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": product.name,
        "description": product.description,
        "sku": product.id,
        "image": product.images.iter().map(|path| format!("{base}/media/{path}")).collect::<Vec<_>>(),
        "offers": {
            "@type": "Offer",
            "url": url,
            "price": price.to_string(),
            "priceCurrency": "INR",
            "availability": if product.stock > 0 { "https://schema.org/InStock" } else { "https://schema.org/OutOfStock" },
        },
    });
    if product.review_count > 0 {
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": format!("{:.1}", product.rating_sum as f64 / product.review_count as f64),
            "reviewCount": product.review_count,
        });
    }
    let json_ld = data
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let mut head = vec![
        format!("<title>{}</title>", escape(&title)),
        format!(
            "<meta name=\"description\" content=\"{}\">",
            escape(&description)
        ),
        format!("<link rel=\"canonical\" href=\"{}\">", escape(&url)),
        "<meta property=\"og:type\" content=\"product\">".to_string(),
        format!(
            "<meta property=\"og:title\" content=\"{}\">",
            escape(&title)
        ),
        format!(
            "<meta property=\"og:description\" content=\"{}\">",
            escape(&description)
        ),
        format!("<meta property=\"og:url\" content=\"{}\">", escape(&url)),
        format!(
            "<meta name=\"twitter:card\" content=\"{}\">",
            if image.is_some() {
                "summary_large_image"
            } else {
                "summary"
            }
        ),
        format!(
            "<meta name=\"twitter:title\" content=\"{}\">",
            escape(&title)
        ),
        format!(
            "<meta name=\"twitter:description\" content=\"{}\">",
            escape(&description)
        ),
    ];
    if let Some(image) = &image {
        head.push(format!(
            "<meta property=\"og:image\" content=\"{}\">",
            escape(image)
        ));
        head.push(format!(
            "<meta name=\"twitter:image\" content=\"{}\">",
            escape(image)
        ));
    }
    head.push(format!(
        "<script type=\"application/ld+json\">{json_ld}</script>"
    ));
    head.join("\n")
}

/// `html` with its `<title>` replaced by `head` (which brings its own), or `head` put
/// before `</head>` when it has none.
fn with_head(html: &[u8], head: &str) -> Vec<u8> {
    let html = String::from_utf8_lossy(html);
    let without_title = match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            format!("{}{}", &html[..start], &html[end + "</title>".len()..])
        }
        _ => html.into_owned(),
    };
    match without_title.find("</head>") {
        Some(at) => {
            format!("{}{head}\n{}", &without_title[..at], &without_title[at..]).into_bytes()
        }
        None => without_title.into_bytes(),
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
