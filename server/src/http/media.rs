//! `GET /media/{path}`: public images from the media store, and private ones (profile
//! photos) to holders of a signed URL that has not expired.

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use super::extract::{ApiPath, ApiQuery};
use super::{AppError, AppState};
use crate::media::{content_type, is_safe_path, PRIVATE_PREFIX};

/// Media paths are never reused for other content, so browsers may keep them for a year.
const CACHE_FOREVER: &str = "public, max-age=31536000, immutable";
/// A stored SVG opened directly must not run script or reach anything.
const MEDIA_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/// Checks and re-encodes an uploaded photo to fit `side` (media::photo), then stores
/// it at `{stem}.{extension}`; returns that path.
pub async fn store_photo(
    state: &AppState,
    bytes: bytes::Bytes,
    side: u32,
    stem: &str,
) -> Result<String, AppError> {
    let photo = crate::media::photo::process(bytes, side).await?;
    let path = format!("{stem}.{}", photo.extension);
    state.media.put(&path, photo.bytes.into()).await?;
    Ok(path)
}

/// An absolute URL that opens the private file at `path` until `expires` (Unix seconds).
pub fn signed_url(state: &AppState, path: &str, expires: i64) -> String {
    format!(
        "{}/media/{path}?expires={expires}&signature={}",
        state.settings.public_url.trim_end_matches('/'),
        state.keys.sign_media(path, expires)
    )
}

/// When signed links made now should expire: on a quarter hour 15 to 30 minutes away,
/// so a page answered again a little later carries the same URLs (and the browser keeps
/// its cached pictures).
pub fn quarter_hour_expiry(state: &AppState) -> i64 {
    const QUARTER: i64 = 15 * 60;
    (state.clock.now_secs() / QUARTER + 2) * QUARTER
}

/// The query of a signed URL (`GET /auth/signed-url` makes them).
#[derive(serde::Deserialize)]
pub struct Signature {
    expires: Option<String>,
    signature: Option<String>,
}

pub async fn serve(
    State(state): State<AppState>,
    path: Result<ApiPath<String>, AppError>,
    ApiQuery(signed): ApiQuery<Signature>,
) -> Result<Response, AppError> {
    // A path that is not UTF-8 once decoded (`%ff`) names no file either.
    let Ok(ApiPath(path)) = path else {
        return Err(AppError::NotFound("File not found".into()));
    };
    if !is_safe_path(&path) {
        return Err(AppError::NotFound("File not found".into()));
    }
    // Case-insensitively: on some file systems 'Private/' is the same folder. The
    // signature covers the exact path, so only the path that was signed opens.
    let private = path
        .get(..PRIVATE_PREFIX.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(PRIVATE_PREFIX));
    let mut private_for = None;
    if private {
        let now = state.clock.now_secs();
        let expires = signed
            .expires
            .as_deref()
            .map(|e| e.parse::<i64>().unwrap_or(0));
        match (expires, signed.signature.as_deref()) {
            (Some(expires), Some(signature))
                if expires > now && state.keys.media_signature_holds(&path, expires, signature) =>
            {
                private_for = Some(expires - now);
            }
            (None, None) => return Err(AppError::Forbidden("This file is private".into())),
            _ => {
                return Err(AppError::Forbidden(
                    "This link has expired or is not valid".into(),
                ))
            }
        }
    }
    let bytes = state
        .media
        .get(&path)
        .await?
        .ok_or_else(|| AppError::NotFound("File not found".into()))?;
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(&path)),
    );
    let cache = match private_for {
        // Only the signed-in browser keeps it, and no longer than the link works.
        Some(secs) => HeaderValue::from_str(&format!("private, max-age={secs}"))
            .expect("a number is a header value"),
        None => HeaderValue::from_static(CACHE_FOREVER),
    };
    headers.insert(header::CACHE_CONTROL, cache);
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(MEDIA_CSP),
    );
    Ok(response)
}
