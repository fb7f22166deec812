//! The HTTP layer: routers per area, the envelope, extractors, middleware.

pub mod catalogue;
pub mod error;
pub mod extract;
mod media;
mod middleware;
pub mod openapi;
mod storefront;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::media::Media;
use crate::store::catalogue::Catalogue;
pub use error::AppError;

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    pub catalogue: Catalogue,
    pub media: Media,
}

/// The success envelope of DESIGN.md §4.
#[derive(Serialize, ToSchema)]
pub struct Envelope<T> {
    /// Always `true`.
    pub success: bool,
    pub message: String,
    pub data: T,
}

pub fn ok<T>(message: &str, data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        success: true,
        message: message.to_string(),
        data,
    })
}

/// Largest request body any call accepts (uploads come later with their own limits).
pub const MAX_BODY_BYTES: usize = 1024 * 1024;

/// The whole application: `/api`, `/media` and the storefront for every other path.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(catalogue::router())
        .route("/openapi.json", get(openapi::serve))
        .fallback(|| async { AppError::NotFound("Not found".into()) });
    Router::new()
        .nest("/api", api)
        .route("/media/{*path}", get(media::serve))
        .fallback(storefront::serve)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // Refuses a declared Content-Length over the limit before any handler runs.
        .layer(tower_http::limit::RequestBodyLimitLayer::new(
            MAX_BODY_BYTES,
        ))
        .layer(axum::middleware::from_fn(middleware::envelope_errors))
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(axum::middleware::from_fn(middleware::log_and_secure))
        .with_state(state)
}
