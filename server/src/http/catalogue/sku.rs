//! `GET /sku/{sku}` (docs/DESIGN.md §9): the product and variant a SKU names, as a
//! counter's scanner or a trade customer's order sheet gives it. A '/' in a SKU is
//! sent as `%2F`.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use super::product::{price_shop_product, Product, VariantAnswer};
use crate::domain::variant_rules::sku_is_valid;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiPath;
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue;

#[derive(OpenApi)]
#[openapi(paths(by_sku))]
pub struct Doc;

/// A variant found by its SKU, and its product with all its variants.
#[derive(Serialize, ToSchema)]
pub struct SkuFound {
    pub product: Product,
    pub variant: VariantAnswer,
}

/// The product and variant with this SKU, ignoring case; archived variants and
/// products are not found.
#[utoipa::path(get, path = "/api/sku/{sku}", tag = "catalogue",
    params(("sku" = String, Path, description = "The SKU, any case; a '/' sent as %2F")),
    responses(
        (status = 200, description = "'Product fetched successfully'", body = Envelope<SkuFound>),
        (status = 404, description = "'No product has this SKU'", body = ErrorBody),
    ))]
pub async fn by_sku(
    State(state): State<AppState>,
    shopper: Shopper,
    ApiPath(sku): ApiPath<String>,
) -> Result<Json<Envelope<SkuFound>>, AppError> {
    let not_found = || AppError::NotFound("No product has this SKU".into());
    let sku = sku.trim();
    // No variant can hold what breaks the SKU rule: not found, without asking.
    if !sku_is_valid(sku) {
        return Err(not_found());
    }
    // The look-up and the pricing on one connection.
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let found = catalogue::by_sku(&mut conn, state.catalogue.db().dialect, sku)
        .await?
        .ok_or_else(not_found)?;
    let id = found.variant_id;
    let product =
        price_shop_product(&mut conn, &shopper, found.found, state.clock.now_ms()).await?;
    let variant = product
        .variants
        .iter()
        .flatten()
        .find(|v| v.id == id)
        .cloned()
        .ok_or_else(not_found)?;
    Ok(ok(
        "Product fetched successfully",
        SkuFound { variant, product },
    ))
}
