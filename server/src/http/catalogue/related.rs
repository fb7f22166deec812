//! 'You'll also need' under a product and in the cart (docs/DESIGN.md §12): the
//! products staff linked to it, in their order, in the shop and in stock; else the best
//! sellers of its sub-category. Cards as the listing's, priced for who asks.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use super::product::{price_products, products, Product, ProductId};
use crate::domain::product_rules::RELATED_FALLBACK;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::PathId;
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::RelatedLink;

#[derive(OpenApi)]
#[openapi(paths(related))]
pub struct Doc;

/// A product the form links to, named for the console.
#[derive(Serialize, ToSchema)]
pub struct RelatedLinkView {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Archived: linked, but not shown in the shop.
    pub archived: bool,
}

impl From<RelatedLink> for RelatedLinkView {
    fn from(link: RelatedLink) -> Self {
        RelatedLinkView {
            id: link.id,
            name: link.name,
            archived: link.archived,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct RelatedProducts {
    /// At most 12 linked products, or up to 8 best sellers of the sub-category.
    pub products: Vec<Product>,
}

/// What a product needs beside it.
#[utoipa::path(get, path = "/api/product/{id}/related", tag = "catalogue", params(("id" = String, Path)),
    responses(
        (status = 200, description = "'Related products': the products staff linked to it, in their order, leaving out archived and sold-out ones; when none is left, up to 8 others of its sub-category in stock, the most ordered first, then the newest", body = Envelope<RelatedProducts>),
        (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)"),
        (status = 404, description = "'Product not found' (archived ones too)", body = ErrorBody),
    ))]
pub(super) async fn related(
    State(state): State<AppState>,
    shopper: Shopper,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<RelatedProducts>>, AppError> {
    let rows = state
        .catalogue
        .related_products(&id, RELATED_FALLBACK)
        .await?
        .ok_or_else(|| AppError::NotFound("Product not found".into()))?;
    let mut cards = products(rows, state.clock.now_ms());
    price_products(&state, &shopper, &mut cards).await?;
    Ok(ok("Related products", RelatedProducts { products: cards }))
}
