//! Search's own calls (docs/DESIGN.md §15, "Search speaks the trade"): the suggestions the
//! header shows as a shopper types, and staff's synonyms, which every search expands.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::domain::id::Id;
use crate::domain::pricing::price_at;
use crate::domain::synonyms;
use crate::http::catalogue::product::{price_products, Product};
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::identity::AdminUser;
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::{SynonymList, SynonymsRefusal};

#[derive(OpenApi)]
#[openapi(paths(suggest, get_synonyms, put_synonyms))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route("/search/suggest", get(suggest)).route(
        "/admin/search/synonyms",
        get(get_synonyms).put(put_synonyms),
    )
}

/// Most products a suggestion lists.
pub const SUGGESTED_PRODUCTS: usize = 6;
/// Most categories and sub-categories a suggestion lists.
pub const SUGGESTED_CATEGORIES: usize = 3;
/// What `q` must be, trimmed.
const Q_RULE: &str = "q must be 2 to 100 characters";

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestQuery {
    /// What the shopper has typed: 2 to 100 characters once trimmed, no control
    /// characters (else 400 `errors.q`).
    #[param(required = true)]
    pub q: Option<String>,
}

/// A product a suggestion names.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedProduct {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The SKU searched for, when the product has it, else its first variant's (null
    /// only while the search index is being built).
    pub sku: Option<String>,
    /// The product's first photo, or null when it has none.
    pub image: Option<String>,
    /// The price the shopper pays now for one (a trade customer's own).
    pub discounted_price: f64,
    /// Only for a signed-in trade customer: the public `discountedPrice`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price: Option<f64>,
}

/// A category or sub-category a suggestion names.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuggestedCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// For a sub-category, its category's `_id`; null for a category.
    pub category_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Suggestions {
    /// At most 6, best match first.
    pub products: Vec<SuggestedProduct>,
    /// At most 3: categories first, then sub-categories, in the menu's order.
    pub categories: Vec<SuggestedCategory>,
}

/// What the header suggests for what a shopper has typed: the best matching products
/// and the categories and sub-categories whose titles match, read as a keyword search
/// reads words (beginnings, sizes, staff's synonyms).
#[utoipa::path(get, path = "/api/search/suggest", tag = "catalogue", params(SuggestQuery),
    responses(
        (status = 200, body = Envelope<Suggestions>),
        (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)"),
        (status = 400, description = "'q must be 2 to 100 characters' in `errors.q`", body = ErrorBody),
    ))]
async fn suggest(
    State(state): State<AppState>,
    shopper: Shopper,
    ApiQuery(query): ApiQuery<SuggestQuery>,
) -> Result<Json<Envelope<Suggestions>>, AppError> {
    let q = query.q.as_deref().unwrap_or("").trim();
    if !(2..=100).contains(&q.chars().count()) {
        return Err(AppError::field("q", Q_RULE));
    }
    let found = state
        .catalogue
        .suggest(q, SUGGESTED_PRODUCTS, SUGGESTED_CATEGORIES)
        .await?;
    let now = state.clock.now_ms();
    let own = trade_prices(&state, &shopper, &found.products).await?;
    Ok(ok(
        "Suggestions",
        Suggestions {
            products: found
                .products
                .into_iter()
                .map(|card| {
                    let public = price_at(card.price, card.discount, now)
                        .discounted_price
                        .as_f64();
                    let own = own.get(&card.id).copied();
                    SuggestedProduct {
                        discounted_price: own.unwrap_or(public),
                        list_price: own.map(|_| public),
                        id: card.id,
                        name: card.name,
                        sku: card.sku,
                        image: card.image,
                    }
                })
                .collect(),
            categories: found
                .categories
                .into_iter()
                .map(|c| SuggestedCategory {
                    id: c.id,
                    title: c.title,
                    category_id: c.category_id,
                })
                .collect(),
        },
    ))
}

/// A trade customer's own price of each suggested product, by id, as its card in the
/// listing shows it; none for a guest or a retail customer.
async fn trade_prices(
    state: &AppState,
    shopper: &Shopper,
    cards: &[crate::store::catalogue::ProductCard],
) -> Result<std::collections::HashMap<String, f64>, AppError> {
    if !shopper.is_trade() || cards.is_empty() {
        return Ok(Default::default());
    }
    let ids: Vec<Id> = cards.iter().filter_map(|c| Id::parse(&c.id)).collect();
    let now = state.clock.now_ms();
    let mut products: Vec<Product> = state
        .catalogue
        .products_by_ids(&ids)
        .await?
        .into_iter()
        .map(|row| Product::from_row(row, now))
        .collect();
    price_products(state, shopper, &mut products).await?;
    Ok(products
        .into_iter()
        .map(|p| (p.id, p.discounted_price))
        .collect())
}

/// A group of terms that match one another.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct SynonymGroup {
    /// 2 to 10 terms, each 1 to 100 characters once trimmed, with a letter or a digit.
    #[schema(min_items = 2, max_items = 10)]
    pub terms: Vec<String>,
}

/// Staff's synonyms, as the console shows and saves them.
#[derive(Serialize, ToSchema)]
pub struct Synonyms {
    pub synonyms: Vec<SynonymGroup>,
    /// Bumped by each save: a `PUT` sends the one it loaded (docs/DESIGN.md §15).
    pub version: i64,
}

impl From<SynonymList> for Synonyms {
    fn from(list: SynonymList) -> Synonyms {
        Synonyms {
            synonyms: list
                .groups
                .into_iter()
                .map(|terms| SynonymGroup { terms })
                .collect(),
            version: list.version,
        }
    }
}

/// Every group, replacing those saved.
#[derive(Deserialize, ToSchema)]
pub struct SynonymsRequest {
    /// At most 500 groups (an empty list removes them all).
    #[schema(max_items = 500)]
    pub synonyms: Vec<SynonymGroup>,
    /// The list's `version` when the page was loaded; a list changed since is refused
    /// with 409 and the list as it now is. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// Staff's synonyms and abbreviations: each group's terms match one another in every
/// search.
#[utoipa::path(get, path = "/api/admin/search/synonyms", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Synonyms>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
async fn get_synonyms(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<Synonyms>>, AppError> {
    let list = state.catalogue.synonyms().await?;
    Ok(ok("Search synonyms", list.into()))
}

/// Replaces every group. The next search on this node uses them, and on every other
/// node within about a second.
#[utoipa::path(put, path = "/api/admin/search/synonyms", tag = "admin", request_body = SynonymsRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Search synonyms saved'", body = Envelope<Synonyms>),
        (status = 400, description = "What breaks a rule, in `errors` keyed by its path: `synonyms` ('At most 500 groups'), `synonyms[i].terms` ('A group has 2 to 10 terms'), `synonyms[i].terms[j]` ('A term has 1 to 100 characters', 'A term needs a letter or a digit', 'This term is already in the group'), `version`; nothing is written", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest': `version` is not the list's, `data` holds the list as it now is, and nothing was written", body = ErrorBody),
    ))]
async fn put_synonyms(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<SynonymsRequest>,
) -> Result<Json<Envelope<Synonyms>>, AppError> {
    let groups: Vec<Vec<String>> = body.synonyms.into_iter().map(|g| g.terms).collect();
    let checked = synonyms::check(&groups);
    let checked = match (checked, check_version(body.version)) {
        (Ok(checked), Ok(())) => checked,
        (checked, version) => {
            let mut errors = checked.err().unwrap_or_default();
            if let Err(AppError::BadRequest { errors: more, .. }) = version {
                errors.extend(more);
            }
            return Err(AppError::fields(errors));
        }
    };
    let saved = state
        .catalogue
        .set_synonyms(&checked, body.version, &admin.actor(), &state.activity)
        .await?;
    match saved {
        Ok(list) => Ok(ok("Search synonyms saved", list.into())),
        Err(SynonymsRefusal::Stale(current)) => Err(AppError::stale(Synonyms::from(current))),
    }
}
