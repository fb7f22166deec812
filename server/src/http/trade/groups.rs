//! The console's customer groups (docs/DESIGN.md §11): the groups with their category
//! discounts and cart-discount setting, and a group's own prices per variant (a
//! variant's quantity breaks are `breaks.rs`'s).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::domain::money::hundredths;
use crate::domain::product_rules::{MAX_PRICE, MIN_PRICE};
use crate::domain::trade::{check_group, MAX_GROUPS};
use crate::domain::Money;
use crate::http::auth::Empty;
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, Missing, PathId};
use crate::http::identity::AdminUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::customer_groups::{Group, GroupRefusal};

#[derive(OpenApi)]
#[openapi(paths(list, create, update, delete, prices, set_prices))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/customer-group", get(list).post(create))
        .route("/admin/customer-group/{id}", put(update).delete(delete))
        .route(
            "/admin/customer-group/{id}/price",
            get(prices).put(set_prices),
        )
}

pub(super) const NOT_FOUND: &str = "Customer group not found";
/// Most prices one `PUT …/price` may set.
const MAX_PRICES_A_CALL: usize = 500;

/// A category discount as the console sees and sends it.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDiscountView {
    /// A category or a sub-category (the sub-category's entry wins).
    #[serde(default)]
    #[schema(required = true)]
    pub category_id: String,
    /// 1 to 90.
    #[schema(minimum = 1, maximum = 90)]
    pub percent: i64,
}

/// A customer group as the console shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupView {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub category_discounts: Vec<CategoryDiscountView>,
    /// Whether the shop's cart discount applies to its members.
    pub cart_discount: bool,
    /// Trade accounts in it.
    pub members: i64,
    /// Bumped by each save: a `PUT` sends the one it loaded.
    pub version: i64,
}

impl From<Group> for GroupView {
    fn from(g: Group) -> Self {
        GroupView {
            id: g.id,
            name: g.rules.name,
            category_discounts: g
                .rules
                .category_discounts
                .into_iter()
                .map(|(category_id, percent)| CategoryDiscountView {
                    category_id,
                    percent,
                })
                .collect(),
            cart_discount: g.rules.cart_discount,
            members: g.members,
            version: g.version,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct GroupList {
    pub groups: Vec<GroupView>,
}

#[derive(Serialize, ToSchema)]
pub struct GroupData {
    pub group: GroupView,
}

/// A group's every field: a `PUT` replaces the group whole.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupRequest {
    /// 1 to 80 characters once trimmed; one group per name, case ignored.
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    /// At most 200, each category once.
    #[serde(default)]
    #[schema(max_items = 200)]
    pub category_discounts: Vec<CategoryDiscountView>,
    /// Whether the shop's cart discount applies to its members (default true).
    #[serde(default = "yes")]
    pub cart_discount: bool,
    /// `PUT`: the group's `version` when the form was loaded; one changed since is
    /// refused with 409 and the group as it now is.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

fn yes() -> bool {
    true
}

/// A group's price for a variant.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupPriceView {
    pub variant_id: String,
    pub sku: String,
    pub product_name: String,
    pub price: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupPriceList {
    pub prices: Vec<GroupPriceView>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PriceQuery {
    /// The start of a SKU, or a word of the product's name (case ignored).
    #[param(max_length = 80)]
    pub q: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    /// Default 50, at most 100.
    #[serde(rename = "perPage")]
    #[param(rename = "perPage", pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// One variant's group price to set, or to remove with `null`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceLine {
    #[serde(default)]
    #[schema(required = true)]
    pub variant_id: String,
    /// A price as a product's (two decimals at most); `null` removes the group's price.
    #[schema(required = true, minimum = 0.01, maximum = 1000000, multiple_of = 0.01)]
    pub price: Option<f64>,
}

#[derive(Deserialize, ToSchema)]
pub struct PricesRequest {
    /// 1 to 500 lines, each variant once.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 500)]
    pub prices: Vec<PriceLine>,
}

/// The `{id}` of a group.
pub struct GroupId;

impl Missing for GroupId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound(NOT_FOUND.into())
    }
}

/// Every group, by name (a shop has at most 100).
#[utoipa::path(get, path = "/api/admin/customer-group", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer groups'", body = Envelope<GroupList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<GroupList>>, AppError> {
    let groups = state.customer_groups.list().await?;
    Ok(ok(
        "Customer groups",
        GroupList {
            groups: groups.into_iter().map(Into::into).collect(),
        },
    ))
}

/// A new group.
#[utoipa::path(post, path = "/api/admin/customer-group", tag = "admin",
    request_body = GroupRequest, security(("bearer" = [])),
    responses(
        (status = 201, description = "'Customer group created'", body = Envelope<GroupData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (`name`, `categoryDiscounts[0].percent`, `categoryDiscounts[0].categoryId` 'No such category', …)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'A group with this name exists'; 'A shop can have at most 100 customer groups'", body = ErrorBody),
    ))]
pub async fn create(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<GroupRequest>,
) -> Result<(StatusCode, Json<Envelope<GroupData>>), AppError> {
    check_version(body.version)?;
    let rules = rules_of(&body)?;
    let group = state
        .customer_groups
        .create(&rules, &admin.actor(), &state.activity)
        .await?
        .map_err(refused)?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Customer group created",
            GroupData {
                group: group.into(),
            },
        ),
    ))
}

/// Replaces a group whole.
#[utoipa::path(put, path = "/api/admin/customer-group/{id}", tag = "admin",
    params(("id" = String, Path)), request_body = GroupRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer group updated'", body = Envelope<GroupData>),
        (status = 400, description = "Fields that break a rule, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
        (status = 409, description = "'A group with this name exists'; or saved since the form was loaded: the group as it now is in `data`", body = ErrorBody),
    ))]
pub async fn update(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
    ApiJson(body): ApiJson<GroupRequest>,
) -> Result<Json<Envelope<GroupData>>, AppError> {
    check_version(body.version)?;
    let rules = rules_of(&body)?;
    let group = state
        .customer_groups
        .update(
            id.as_str(),
            body.version,
            &rules,
            &admin.actor(),
            &state.activity,
        )
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Customer group updated",
        GroupData {
            group: group.into(),
        },
    ))
}

/// Deletes a group with its prices and breaks; one with members cannot be.
#[utoipa::path(delete, path = "/api/admin/customer-group/{id}", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer group deleted'", body = Envelope<Empty>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
        (status = 409, description = "'This group has 3 members: move them to another group first'", body = ErrorBody),
    ))]
pub async fn delete(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    state
        .customer_groups
        .delete(id.as_str(), &admin.actor(), &state.activity)
        .await?
        .map_err(refused)?;
    Ok(ok("Customer group deleted", Empty {}))
}

/// A group's prices, by SKU.
#[utoipa::path(get, path = "/api/admin/customer-group/{id}/price", tag = "admin",
    params(("id" = String, Path), PriceQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Group prices'", body = Envelope<GroupPriceList>),
        (status = 400, description = "A bad page, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
    ))]
pub async fn prices(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
    ApiQuery(query): ApiQuery<PriceQuery>,
) -> Result<Json<Envelope<GroupPriceList>>, AppError> {
    let mut errors = BTreeMap::new();
    let paging = Paging::parse(
        query.page.as_deref(),
        query.per_page.as_deref(),
        50,
        100,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let search: String = query
        .q
        .unwrap_or_default()
        .trim()
        .chars()
        .take(80)
        .collect();
    price_page(&state, id.as_str(), &search, paging).await
}

/// Sets a group's prices of up to 500 variants (`null` removes one), all or none.
#[utoipa::path(put, path = "/api/admin/customer-group/{id}/price", tag = "admin",
    params(("id" = String, Path)), request_body = PricesRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Group prices saved': the first page of the group's prices", body = Envelope<GroupPriceList>),
        (status = 400, description = "Lines that break a rule, named in `errors` (`prices[2].price`, `prices[0].variantId` 'No such variant' or 'Each variant once', `prices` 'At most 500 prices a call')", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer group not found'", body = ErrorBody),
    ))]
pub async fn set_prices(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<GroupId>,
    ApiJson(body): ApiJson<PricesRequest>,
) -> Result<Json<Envelope<GroupPriceList>>, AppError> {
    let lines = checked_prices(&body.prices)?;
    state
        .customer_groups
        .set_prices(id.as_str(), &lines, &admin.actor(), &state.activity)
        .await?
        .map_err(|refusal| match refusal {
            GroupRefusal::UnknownVariants(indexes) => unknown_lines(&indexes),
            other => refused(other),
        })?;
    let first = Paging {
        page: 1,
        per_page: 50,
    };
    let Json(mut page) = price_page(&state, id.as_str(), "", first).await?;
    page.message = "Group prices saved".into();
    Ok(Json(page))
}

fn rules_of(body: &GroupRequest) -> Result<crate::domain::trade::GroupRules, AppError> {
    let discounts: Vec<(String, Option<i64>)> = body
        .category_discounts
        .iter()
        .map(|d| (d.category_id.clone(), Some(d.percent)))
        .collect();
    check_group(&body.name, &discounts, body.cart_discount).map_err(AppError::fields)
}

/// The lines of a `PUT …/price`, checked: at most 500, each variant once, each price a
/// product's price or `null`.
fn checked_prices(lines: &[PriceLine]) -> Result<Vec<(String, Option<Money>)>, AppError> {
    if lines.is_empty() {
        return Err(AppError::field("prices", "Send at least one price"));
    }
    if lines.len() > MAX_PRICES_A_CALL {
        return Err(AppError::field(
            "prices",
            format!("At most {MAX_PRICES_A_CALL} prices a call"),
        ));
    }
    let mut errors = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut kept = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let variant_id = line.variant_id.trim();
        if variant_id.is_empty() {
            errors.insert(format!("prices[{i}].variantId"), "Choose a variant".into());
        } else if !seen.insert(variant_id) {
            errors.insert(format!("prices[{i}].variantId"), "Each variant once".into());
        }
        let price = match line.price.map(group_price) {
            None => None,
            Some(Ok(price)) => Some(price),
            Some(Err(why)) => {
                errors.insert(format!("prices[{i}].price"), why);
                None
            }
        };
        kept.push((variant_id.to_string(), price));
    }
    if errors.is_empty() {
        Ok(kept)
    } else {
        Err(AppError::fields(errors))
    }
}

/// `value` as a group's price: a product's price, to the cent.
pub(super) fn group_price(value: f64) -> Result<Money, String> {
    hundredths(value)
        .filter(|cents| (MIN_PRICE.cents()..=MAX_PRICE.cents()).contains(cents))
        .map(Money::from_cents)
        .ok_or_else(|| {
            format!(
                "Price must be from {} to {}, with at most two decimals",
                MIN_PRICE.as_f64(),
                MAX_PRICE.as_f64()
            )
        })
}

async fn price_page(
    state: &AppState,
    id: &str,
    search: &str,
    paging: Paging,
) -> Result<Json<Envelope<GroupPriceList>>, AppError> {
    let (prices, total) = state
        .customer_groups
        .prices(id, search, paging.per_page, paging.offset())
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(ok(
        "Group prices",
        GroupPriceList {
            prices: prices
                .into_iter()
                .map(|p| GroupPriceView {
                    variant_id: p.variant_id,
                    sku: p.sku,
                    product_name: p.product_name,
                    price: p.price.as_f64(),
                })
                .collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

fn unknown_lines(indexes: &[usize]) -> AppError {
    AppError::fields(
        indexes
            .iter()
            .map(|i| {
                (
                    format!("prices[{i}].variantId"),
                    "No such variant".to_string(),
                )
            })
            .collect::<BTreeMap<_, _>>(),
    )
}

pub(super) fn refused(refusal: GroupRefusal) -> AppError {
    match refusal {
        GroupRefusal::NotFound => AppError::NotFound(NOT_FOUND.into()),
        GroupRefusal::TooMany => AppError::Conflict(format!(
            "A shop can have at most {MAX_GROUPS} customer groups"
        )),
        GroupRefusal::NameTaken => AppError::Conflict("A group with this name exists".into()),
        GroupRefusal::UnknownCategories(indexes) => AppError::fields(
            indexes
                .iter()
                .map(|i| {
                    (
                        format!("categoryDiscounts[{i}].categoryId"),
                        "No such category".to_string(),
                    )
                })
                .collect::<BTreeMap<_, _>>(),
        ),
        GroupRefusal::HasMembers(count) => AppError::Conflict(format!(
            "This group has {count} member{}: move them to another group first",
            if count == 1 { "" } else { "s" }
        )),
        GroupRefusal::Stale(group) => AppError::stale(GroupData {
            group: (*group).into(),
        }),
        GroupRefusal::UnknownVariants(indexes) => unknown_lines(&indexes),
    }
}
