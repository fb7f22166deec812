//! The shop's product lists: the listing (filtered, sorted, paged, searched by keyword,
//! with its facets and 'Did you mean') and the home page's top products.

use std::collections::BTreeMap;

use axum::extract::{RawQuery, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::product::{price_page, price_products};
use super::product::{products, Product};
use crate::domain::id::Id;
use crate::domain::money::MoneyError;
use crate::domain::option_filter::{sku_key, OptionFilter};
use crate::domain::Money;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiQuery;
use crate::http::paging::Paging;
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::{
    Facets, ListingPage, ProductFilter, ProductSort, SortField, PRICE_BANDS,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductList {
    pub products: Vec<Product>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
    /// Only when a keyword search found nothing: the same words with each one the
    /// shop's catalogue does not know replaced by its closest word, when that search
    /// finds products ('radaitor vlve' → 'radiator valve').
    #[serde(skip_serializing_if = "Option::is_none")]
    pub did_you_mean: Option<String>,
    /// Only when asked for (`facets=true`), and once the server's search index is built
    /// (seconds after it starts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facets: Option<ListingFacets>,
}

/// What each of the listing's filters would find: each count is for the listing with
/// every filter but the one it is about, so the counts of a filter's choices add up to
/// the listing's total when that filter is not set.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingFacets {
    /// Products per category (matching the keyword and price), only categories with some.
    pub categories: Vec<FacetCount>,
    /// Products per sub-category (matching the keyword, price and category).
    pub sub_categories: Vec<FacetCount>,
    /// Products per price band (matching every filter but price), cheapest first.
    pub price_bands: Vec<PriceBand>,
    /// How many of the listing's products are in stock.
    pub in_stock: i64,
    /// By option name: how many products have a variant with each value (one that also
    /// holds the `option` filter's other names), matching every other filter. Names and
    /// values as first written, in order ignoring case.
    #[schema(value_type = BTreeMap<String, Vec<OptionValueCount>>)]
    pub options: BTreeMap<String, Vec<OptionValueCount>>,
}

/// How many products have a variant with this value of an option.
#[derive(Serialize, ToSchema)]
pub struct OptionValueCount {
    pub value: String,
    pub count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct FacetCount {
    #[serde(rename = "_id")]
    pub id: String,
    pub count: i64,
}

/// Prices paid from `min` to `max`, both included (`max` null: no upper end); as
/// `minPrice` and `maxPrice` they list the band's products.
#[derive(Serialize, ToSchema)]
pub struct PriceBand {
    pub min: f64,
    pub max: Option<f64>,
    pub count: i64,
}

impl From<Facets> for ListingFacets {
    fn from(facets: Facets) -> Self {
        let counts = |list: Vec<(String, i64)>| {
            list.into_iter()
                .map(|(id, count)| FacetCount { id, count })
                .collect()
        };
        let price_bands = PRICE_BANDS
            .iter()
            .zip(&facets.price_bands)
            .enumerate()
            .map(|(i, (&start, &count))| PriceBand {
                min: Money::from_cents(start).as_f64(),
                max: PRICE_BANDS
                    .get(i + 1)
                    .map(|&next| Money::from_cents(next - 1).as_f64()),
                count,
            })
            .collect();
        ListingFacets {
            categories: counts(facets.categories),
            sub_categories: counts(facets.sub_categories),
            price_bands,
            in_stock: facets.in_stock,
            options: facets
                .options
                .into_iter()
                .map(|(name, values)| {
                    let values = values
                        .into_iter()
                        .map(|(value, count)| OptionValueCount { value, count })
                        .collect();
                    (name, values)
                })
                .collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomePage {
    pub top_products: Vec<Product>,
}

/// How many products the homepage shows.
const TOP_PRODUCTS: i64 = 8;

/// The homepage's top products: the featured ones, else the newest eight.
#[utoipa::path(get, path = "/api/user/home-page", tag = "catalogue",
    responses((status = 200, body = Envelope<HomePage>), (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)")))]
pub(super) async fn home_page(
    State(state): State<AppState>,
    shopper: Shopper,
) -> Result<Json<Envelope<HomePage>>, AppError> {
    let top = state.catalogue.top_products(TOP_PRODUCTS).await?;
    let mut top_products = products(top, state.clock.now_ms());
    price_products(&state, &shopper, &mut top_products).await?;
    Ok(ok(
        "Home page data fetched successfully",
        HomePage { top_products },
    ))
}
/// The product listing's query. Empty values count as absent.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Words that must all appear (as words or their beginnings) in the name,
    /// description, category or sub-category; case-insensitive; at most 200 characters.
    /// Words are runs of letters and digits; the first 8 count. Text with no letters or
    /// digits filters nothing.
    #[param(max_length = 200)]
    keyword: Option<String>,
    /// 1 to 10000; default 1.
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    page: Option<String>,
    /// 1 or more, capped at 100; default 10.
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    per_page: Option<String>,
    /// `name`, `price` (the price paid), `createdAt`, or `relevance` ('Best match': with
    /// a keyword only; best first, whatever `sortOrder` says); default `createdAt`.
    #[param(pattern = "^(?:name|price|createdAt|relevance)?$")]
    sort_field: Option<String>,
    /// `asc` or `desc`; default `desc`.
    #[param(pattern = "^(?:asc|desc)?$")]
    sort_order: Option<String>,
    /// Lowest price paid, inclusive: up to 10,000,000 with at most two decimals.
    #[param(pattern = r"^(?:0*(?:[0-9]{1,7}(?:\.[0-9]{1,2})?|10000000(?:\.0{1,2})?))?$")]
    min_price: Option<String>,
    /// Highest price paid, inclusive, and not below `minPrice`.
    #[param(pattern = r"^(?:0*(?:[0-9]{1,7}(?:\.[0-9]{1,2})?|10000000(?:\.0{1,2})?))?$")]
    max_price: Option<String>,
    /// Comma-separated category ids (at most 50).
    #[param(pattern = "^(?:[0-9a-f]{24}(?:,[0-9a-f]{24}){0,49})?$")]
    category_ids: Option<String>,
    /// Comma-separated sub-category ids (at most 50).
    #[param(pattern = "^(?:[0-9a-f]{24}(?:,[0-9a-f]{24}){0,49})?$")]
    sub_category_ids: Option<String>,
    /// `true` to have the answer carry `facets`; default `false`.
    #[param(pattern = "^(?:true|false)?$")]
    facets: Option<String>,
}

/// The listing's option filter, documented apart: it is repeated, which the other
/// parameters' reading does not take, so the handler reads it from the query itself.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct OptionParams {
    /// `Name:value` (split at the first ':', names and values ignoring case), repeatable,
    /// at most 30: values of one name are alternatives, different names must all hold
    /// for one and the same variant. Without ':': 400 with `errors.option`.
    #[param(style = Form, explode, example = json!(["Size:22 mm", "Finish:Chrome"]))]
    option: Option<Vec<String>>,
}

pub const MAX_PER_PAGE: i64 = 100;
const MAX_KEYWORD_CHARS: usize = 200;
const MAX_IDS: usize = 50;

/// A validated listing request.
#[derive(Debug, PartialEq)]
pub struct ListRequest {
    pub filter: ProductFilter,
    pub sort: ProductSort,
    pub page: i64,
    pub per_page: i64,
    pub facets: bool,
}

impl ListParams {
    /// Checks every parameter and names each one that is wrong; `options` are the
    /// query's `option` values.
    pub fn validate(self, options: &[String]) -> Result<ListRequest, AppError> {
        let mut errors = BTreeMap::new();
        let option_filter =
            OptionFilter::parse(options.iter().map(String::as_str)).unwrap_or_else(|e| {
                errors.insert("option", e.message());
                OptionFilter::default()
            });
        let present = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());

        let Paging { page, per_page } = Paging::parse(
            self.page.as_deref(),
            self.per_page.as_deref(),
            10,
            MAX_PER_PAGE,
            &mut errors,
        );
        let field = match present(self.sort_field).as_deref() {
            None | Some("createdAt") => SortField::CreatedAt,
            Some("name") => SortField::Name,
            Some("price") => SortField::Price,
            Some("relevance") => SortField::Relevance,
            Some(_) => {
                errors.insert(
                    "sortField",
                    "sortField must be one of name, price, createdAt, relevance".to_string(),
                );
                SortField::CreatedAt
            }
        };
        let descending = match present(self.sort_order).as_deref() {
            None | Some("desc") => true,
            Some("asc") => false,
            Some(_) => {
                errors.insert("sortOrder", "sortOrder must be asc or desc".to_string());
                true
            }
        };
        let mut price = |name: &'static str, value: Option<String>| match present(value)
            .map(|t| Money::parse(&t))
        {
            None => None,
            Some(Ok(money)) => Some(money),
            Some(Err(e)) => {
                let why = match e {
                    MoneyError::Negative => "must not be negative",
                    MoneyError::TooManyDecimals => "must have at most two decimals",
                    MoneyError::TooLarge => "is too large",
                    MoneyError::NotANumber => "must be a number such as 25 or 24.99",
                };
                errors.insert(name, format!("{name} {why}"));
                None
            }
        };
        let min_paid = price("minPrice", self.min_price);
        let max_paid = price("maxPrice", self.max_price);
        if let (Some(min), Some(max)) = (min_paid, max_paid) {
            if min > max {
                errors.insert(
                    "minPrice",
                    "minPrice must not be more than maxPrice".to_string(),
                );
            }
        }
        let keyword = present(self.keyword).unwrap_or_default();
        if field == SortField::Relevance && ProductFilter::keyword(&keyword).is_empty() {
            errors.insert(
                "sortField",
                "sortField relevance needs a keyword".to_string(),
            );
        }
        if keyword.chars().count() > MAX_KEYWORD_CHARS {
            errors.insert(
                "keyword",
                format!("keyword must be at most {MAX_KEYWORD_CHARS} characters"),
            );
        }
        let mut ids = |name: &'static str, value: Option<String>| -> Vec<Id> {
            let Some(text) = present(value) else {
                return Vec::new();
            };
            let list: Vec<&str> = text
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect();
            if list.len() > MAX_IDS {
                errors.insert(name, format!("{name} must list at most {MAX_IDS} ids"));
                return Vec::new();
            }
            let parsed: Result<Vec<Id>, &str> =
                list.iter().map(|s| Id::parse(s).ok_or(*s)).collect();
            parsed.unwrap_or_else(|bad| {
                errors.insert(
                    name,
                    format!(
                        "{name} contains an invalid id: {}",
                        bad.chars().take(40).collect::<String>()
                    ),
                );
                Vec::new()
            })
        };
        let category_ids = ids("categoryIds", self.category_ids);
        let sub_category_ids = ids("subCategoryIds", self.sub_category_ids);
        let facets = match present(self.facets).as_deref() {
            None | Some("false") => false,
            Some("true") => true,
            Some(_) => {
                errors.insert("facets", "facets must be true or false".to_string());
                false
            }
        };

        if !errors.is_empty() {
            return Err(AppError::fields(errors));
        }
        Ok(ListRequest {
            filter: ProductFilter {
                sku: sku_key(&keyword),
                keyword_words: ProductFilter::keyword(&keyword),
                options: option_filter,
                category_ids,
                sub_category_ids,
                min_paid,
                max_paid,
            },
            sort: ProductSort {
                field,
                // Best first: the relevance order has one direction.
                descending: descending || field == SortField::Relevance,
            },
            page,
            per_page,
            facets,
        })
    }
}

/// Products, filtered, sorted and paged. Price filters and sorting use the public price
/// (`discountedPrice` as a guest sees it); a trade customer's cards carry their own
/// (docs/DESIGN.md §11).
#[utoipa::path(get, path = "/api/product", tag = "catalogue", params(ListParams, OptionParams),
    responses((status = 200, body = Envelope<ProductList>), (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)"),
              (status = 400, description = "A parameter is invalid; `errors` names it", body = ErrorBody)))]
pub(super) async fn list_products(
    State(state): State<AppState>,
    shopper: Shopper,
    ApiQuery(params): ApiQuery<ListParams>,
    RawQuery(query): RawQuery,
) -> Result<Json<Envelope<ProductList>>, AppError> {
    let ListRequest {
        filter,
        sort,
        page,
        per_page,
        facets,
    } = params.validate(&option_values(query.as_deref()))?;
    let ListingPage {
        rows,
        total,
        everyones_breaks,
    } = state
        .catalogue
        .list_page(&filter, sort, (page - 1) * per_page, per_page)
        .await?;
    let did_you_mean = (total == 0 && !filter.keyword_words.is_empty())
        .then(|| state.catalogue.did_you_mean(&filter))
        .flatten();
    let facets = match facets {
        true => state
            .catalogue
            .listing_facets(&filter)?
            .map(ListingFacets::from),
        false => None,
    };
    let mut products = products(rows, state.clock.now_ms());
    price_page(&state, &shopper, &mut products, everyones_breaks).await?;
    Ok(ok(
        "Products fetched successfully",
        ProductList {
            products,
            total,
            page,
            per_page,
            did_you_mean,
            facets,
        },
    ))
}

/// The query's `option` values, in order.
fn option_values(query: Option<&str>) -> Vec<String> {
    query
        .and_then(|query| serde_urlencoded::from_str::<Vec<(String, String)>>(query).ok())
        .unwrap_or_default()
        .into_iter()
        .filter(|(name, _)| name == "option")
        .map(|(_, value)| value)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> ListParams {
        let query = pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("&");
        serde_urlencoded::from_str(&query).unwrap()
    }

    fn error_fields(result: Result<ListRequest, AppError>) -> Vec<String> {
        match result {
            Err(AppError::BadRequest { errors, .. }) => errors.into_keys().collect(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn defaults_follow_the_spec() {
        let request = params(&[]).validate(&[]).unwrap();
        assert_eq!(request.page, 1);
        assert_eq!(request.per_page, 10);
        assert_eq!(
            request.sort,
            ProductSort {
                field: SortField::CreatedAt,
                descending: true
            }
        );
        assert_eq!(request.filter, ProductFilter::default());
    }

    #[test]
    fn per_page_is_capped_at_one_hundred() {
        assert_eq!(
            params(&[("perPage", "500")])
                .validate(&[])
                .unwrap()
                .per_page,
            100
        );
        let huge = "99999999999999999999999";
        assert_eq!(
            params(&[("perPage", huge)]).validate(&[]).unwrap().per_page,
            100
        );
        assert_eq!(
            params(&[("perPage", "0100")])
                .validate(&[])
                .unwrap()
                .per_page,
            100
        );
        assert_eq!(
            params(&[("perPage", "007")])
                .validate(&[])
                .unwrap()
                .per_page,
            7
        );
    }

    #[test]
    fn each_invalid_parameter_is_named() {
        assert_eq!(
            error_fields(params(&[("page", "0")]).validate(&[])),
            ["page"]
        );
        assert_eq!(
            error_fields(params(&[("page", "x"), ("perPage", "-1")]).validate(&[])),
            ["page", "perPage"]
        );
        assert_eq!(
            error_fields(params(&[("sortField", "rating")]).validate(&[])),
            ["sortField"]
        );
        assert_eq!(
            error_fields(params(&[("sortOrder", "up")]).validate(&[])),
            ["sortOrder"]
        );
        assert_eq!(
            error_fields(params(&[("minPrice", "-3")]).validate(&[])),
            ["minPrice"]
        );
        assert_eq!(
            error_fields(params(&[("maxPrice", "ten")]).validate(&[])),
            ["maxPrice"]
        );
        assert_eq!(
            error_fields(params(&[("minPrice", "20"), ("maxPrice", "10")]).validate(&[])),
            ["minPrice"]
        );
        assert_eq!(
            error_fields(params(&[("categoryIds", "nope")]).validate(&[])),
            ["categoryIds"]
        );
        let long = "a".repeat(201);
        assert_eq!(
            error_fields(params(&[("keyword", &long)]).validate(&[])),
            ["keyword"]
        );
    }

    #[test]
    fn empty_values_count_as_absent() {
        let request = params(&[("keyword", ""), ("minPrice", ""), ("categoryIds", "")])
            .validate(&[])
            .unwrap();
        assert_eq!(request.filter, ProductFilter::default());
    }
}
