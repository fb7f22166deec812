//! Validators for the public catalogue's answers: each carries a
//! strong `ETag`, a digest of the very bytes sent, and a repeat that names it in
//! `If-None-Match` gets `304 Not Modified` with no body, so a shopper's browser (or a
//! cache in front) downloads a page of the listing again only when it changed.
//!
//! The layer also keeps recent answers and sends them again while they may be
//! (`response_cache.rs`). A trade customer's answers carry their own prices: they are
//! computed each time, never kept nor tagged, and sent `Cache-Control: private, no-store`.
//!
//! The layer sits outside compression, so the digest is of the bytes on the wire: a
//! gzipped answer and a plain one are different representations with different tags,
//! as strong validators must be. Only the catalogue's GETs are read whole to digest
//! them; they are bounded JSON (a listing page holds at most 100 products).

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

use super::error::AppError;
use super::response_cache::{self, Kept, Stamp};
use super::trade::shopper::Shopper;
use super::AppState;
use crate::store::shown;

/// The largest answer digested; a larger one (none is) goes out without a tag.
const MAX_DIGESTED_BYTES: usize = 8 * 1024 * 1024;

/// Tags the public catalogue's answers and answers a matching `If-None-Match` with 304,
/// sending a kept answer again while it may be (`response_cache.rs`). Any other request
/// that changed what the catalogue shows (the store reports it: `store/shown.rs`) moves
/// this node's generation on once it has finished.
pub async fn catalogue_etags(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let cache = &state.responses;
    if request.method() != Method::GET && request.method() != Method::HEAD {
        // Only what the store reports as changing what the catalogue shows is forgotten
        // (`store/shown.rs`): carts, sign-ins and profiles forget nothing, an order only
        // its products' own pages.
        let (response, shown) = shown::noting(next.run(request)).await;
        if shown.changed {
            // Forgotten first, so a client gone while this node catches up (a search
            // index being built afresh can take seconds) leaves nothing stale kept: an
            // answer computed meanwhile is kept under the version it read, which moves.
            cache.shown_changed();
            // Unless the store caught up already (a catalogue write does, as it commits).
            if !shown.caught_up {
                state.catalogue.after_write().await;
            }
        } else if !shown.stock_of.is_empty() {
            cache.forget_products(&shown.stock_of);
        }
        return response;
    }
    if !is_public_catalogue(request.uri().path()) {
        return next.run(request).await;
    }
    // Who asks, read once for the handler too where an answer holds prices: a trade
    // customer's is theirs alone (docs/DESIGN.md §11), never kept, sent from the kept
    // answers or tagged. Categories, banners and reviews are everyone's.
    let mut request = request;
    let mut private = false;
    if holds_prices(request.uri().path()) {
        let shopper = match Shopper::read(request.headers(), &state).await {
            Ok(shopper) => shopper,
            Err(e) => return e.into_response(),
        };
        private = shopper.is_trade();
        request.extensions_mut().insert(shopper);
    }
    if private {
        let mut response = next.run(request).await;
        let headers = response.headers_mut();
        headers.remove(header::ETAG);
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
        headers.insert(X_CACHE, HeaderValue::from_static("private"));
        return response;
    }
    let wanted = request.headers().get(header::IF_NONE_MATCH).cloned();
    // Read before the answer is computed (see response_cache.rs).
    let stamp = Stamp {
        generation: cache.generation(),
        version: state.catalogue.version_seen(),
        at_ms: state.clock.now_ms(),
    };
    let key = (request.method() == Method::GET)
        .then(|| {
            response_cache::key(
                request.uri().path(),
                request.uri().query(),
                request.headers().get(header::ACCEPT_ENCODING),
            )
        })
        .flatten();
    if let Some(kept) = key.as_deref().and_then(|key| cache.get(key, stamp)) {
        if wanted.is_some_and(|wanted| matches(&wanted, &kept.tag)) {
            return not_modified(&kept.headers);
        }
        let mut response = Response::new(Body::from(kept.body.clone()));
        *response.headers_mut() = kept.headers.clone();
        response
            .headers_mut()
            .insert(X_CACHE, HeaderValue::from_static("hit"));
        return response;
    }
    let response = next.run(request).await;
    if response.status() != StatusCode::OK {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match to_bytes(body, MAX_DIGESTED_BYTES).await {
        Ok(bytes) => bytes,
        Err(e) => return AppError::Internal(e.into()).into_response(),
    };
    let tag = etag_of(&bytes);
    parts.headers.insert(header::ETAG, tag.clone());
    // Kept, but asked about again each time: a change shows at once.
    parts
        .headers
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(key) = key {
        let kept = Kept {
            headers: parts.headers.clone(),
            body: bytes.clone(),
            tag: tag.clone(),
        };
        cache.put(key, kept, stamp);
    }
    parts
        .headers
        .insert(X_CACHE, HeaderValue::from_static("miss"));
    if wanted.is_some_and(|wanted| matches(&wanted, &tag)) {
        return not_modified(&parts.headers);
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// Whether a public catalogue answer came from the kept answers (`hit`) or was
/// computed (`miss`): for operators and tests.
const X_CACHE: HeaderName = HeaderName::from_static("x-cache");

/// `/api/category`, `/api/banner`, `/api/user/home-page`, `/api/product`,
/// `/api/product/{id}`, `/api/product/{id}/related`, `/api/review/product/{id}` and
/// `/api/search/suggest`: what anyone may read, the same for everyone (but a trade
/// customer's prices, [`holds_prices`]).
fn is_public_catalogue(path: &str) -> bool {
    let one_segment = |prefix: &str| {
        path.strip_prefix(prefix)
            .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
    };
    matches!(
        path,
        "/api/category"
            | "/api/banner"
            | "/api/user/home-page"
            | "/api/product"
            | "/api/search/suggest"
    ) || one_segment("/api/product/")
        || one_segment("/api/review/product/")
        || related_path(path)
}

/// `/api/product/{id}/related`.
fn related_path(path: &str) -> bool {
    path.strip_prefix("/api/product/")
        .and_then(|rest| rest.strip_suffix("/related"))
        .is_some_and(|id| !id.is_empty() && !id.contains('/'))
}

/// Whether a public catalogue answer holds prices, which a trade customer sees as their
/// own: `/api/user/home-page`, `/api/product`, `/api/product/{id}`,
/// `/api/product/{id}/related` and `/api/search/suggest`. Every handler of these asks for the [`Shopper`].
fn holds_prices(path: &str) -> bool {
    matches!(
        path,
        "/api/user/home-page" | "/api/product" | "/api/search/suggest"
    ) || path
        .strip_prefix("/api/product/")
        .is_some_and(|rest| !rest.is_empty() && !rest.contains('/'))
        || related_path(path)
}

/// A strong tag: the first 128 bits of the bytes' SHA-256, quoted.
fn etag_of(bytes: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(bytes);
    let tag = format!("\"{}\"", URL_SAFE_NO_PAD.encode(&digest[..16]));
    HeaderValue::from_str(&tag).expect("base64url is a valid header value")
}

/// Whether `If-None-Match` names `tag` (weak comparison, as RFC 9110 asks for it) or is `*`.
fn matches(wanted: &HeaderValue, tag: &HeaderValue) -> bool {
    let Ok(wanted) = wanted.to_str() else {
        return false;
    };
    let tag = tag.to_str().unwrap_or_default();
    wanted
        .split(',')
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == tag)
}

/// 304: no body, and the headers a 200 would have carried that a cache needs.
fn not_modified(headers: &HeaderMap) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NOT_MODIFIED;
    for name in [header::ETAG, header::CACHE_CONTROL, header::VARY] {
        for value in headers.get_all(&name) {
            response.headers_mut().append(name.clone(), value.clone());
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_public_catalogue_is_tagged() {
        for path in [
            "/api/category",
            "/api/banner",
            "/api/user/home-page",
            "/api/product",
            "/api/product/0123456789abcdef01234567",
            "/api/review/product/0123456789abcdef01234567",
        ] {
            assert!(is_public_catalogue(path), "{path}");
        }
        for path in [
            "/api/product/",
            "/api/admin/product",
            "/api/admin/product/export",
            "/api/product/x/y",
            "/api/user/item",
            "/api/order/100001",
            "/shop",
        ] {
            assert!(!is_public_catalogue(path), "{path}");
        }
    }

    #[test]
    fn if_none_match_names_the_tag_weakly_or_by_star() {
        let tag = etag_of(b"{}");
        let quoted = tag.to_str().unwrap().to_string();
        for (header, expected) in [
            (quoted.clone(), true),
            (format!("W/{quoted}"), true),
            (format!("\"other\", {quoted}"), true),
            ("*".to_string(), true),
            ("\"other\"".to_string(), false),
            (quoted.trim_matches('"').to_string(), false),
        ] {
            let header = HeaderValue::from_str(&header).unwrap();
            assert_eq!(matches(&header, &tag), expected, "{header:?}");
        }
        assert_ne!(etag_of(b"{}"), etag_of(b"{ }"), "another body, another tag");
    }
}
