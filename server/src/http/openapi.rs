//! The OpenAPI document, generated from the handlers' annotations. The storefront's
//! API types are generated from it (`web/src/api/`).

use axum::Json;
use utoipa::OpenApi;

use super::catalogue;
use super::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(title = "Shop API", description = "The web shop's JSON API. Every response is an envelope: \
        `{success, message, data}` on success, `{success: false, message, errors?}` on failure."),
    paths(
        catalogue::categories,
        catalogue::banners,
        catalogue::home_page,
        catalogue::list_products,
        catalogue::product,
    ),
    components(schemas(ErrorBody)),
    tags((name = "catalogue", description = "Categories, banners, products"))
)]
pub struct ApiDoc;

/// The document as pretty JSON, as committed to `web/src/api/openapi.json`.
pub fn document() -> String {
    ApiDoc::openapi()
        .to_pretty_json()
        .expect("the OpenAPI document serialises")
}

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
