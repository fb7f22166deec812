//! `GET /media/{path}`: public images from the media store.

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

use super::{AppError, AppState};
use crate::media::{content_type, is_safe_path, PRIVATE_PREFIX};

/// Media paths are never reused for other content, so browsers may keep them for a year.
const CACHE_FOREVER: &str = "public, max-age=31536000, immutable";
/// A stored SVG opened directly must not run script or reach anything.
const MEDIA_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

pub async fn serve(
    State(state): State<AppState>,
    Path(path): Path<String>,
) -> Result<Response, AppError> {
    if !is_safe_path(&path) {
        return Err(AppError::NotFound("File not found".into()));
    }
    // Case-insensitively: on some file systems 'Private/' is the same folder.
    if path
        .get(..PRIVATE_PREFIX.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(PRIVATE_PREFIX))
    {
        return Err(AppError::Forbidden("This file is private".into()));
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
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_FOREVER),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(MEDIA_CSP),
    );
    Ok(response)
}
