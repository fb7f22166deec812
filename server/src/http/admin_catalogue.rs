//! The administrators' catalogue calls (DESIGN.md §8): products, and every change
//! written to the activity log in the change's own transaction.

use axum::Router;
use utoipa::OpenApi;

use super::AppState;

#[derive(OpenApi)]
#[openapi(paths())]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
}
