//! The administrators' catalogue calls (docs/DESIGN.md §8): the products table, one
//! product, creating and editing one (its fields' rules: `form.rs`; its
//! photos: `photos.rs`), changing many at once, and archiving one. Every
//! change is written to the activity log in the change's own transaction, and shows in
//! the shop at once.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::form::Stock;
use super::product::{Product, ProductId, VariantAnswer};
pub(super) use super::refusals::refused;
use super::related::RelatedLinkView;
use super::variant_form::{check_save, ProductSave};
use crate::domain::id::Id;
use crate::domain::product_rules::{
    price_change_allowed, MAX_BULK, MAX_PRICE_CHANGE_PERCENT, MAX_STOCK, MIN_PRICE_CHANGE_PERCENT,
};
use crate::domain::time::{iso8601, DAY_MS};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, PathId};
use crate::http::identity::{actor_of, AdminUser};
use crate::http::paging::parse_paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::products::{AdminFilter, AdminSortField, BulkChange, StockState};
use crate::store::catalogue::{ProductFilter, ProductRefusal, ProductRow, VariantRow};

#[derive(OpenApi)]
#[openapi(paths(
    list_products,
    one_product,
    create_product,
    update_product,
    bulk_change,
    archive_product,
    unarchive_product,
    delete_product
))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/product", get(list_products).post(create_product))
        .route("/admin/product/bulk", post(bulk_change))
        .route(
            "/admin/product/{id}",
            get(one_product).put(update_product).delete(delete_product),
        )
        .route("/admin/product/{id}/archive", post(archive_product))
        .route("/admin/product/{id}/unarchive", post(unarchive_product))
}

/// A product as the administrators' table and form show it: the shop's view, plus
/// what only the console needs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProduct {
    #[serde(flatten)]
    pub product: Product,
    /// Shown on the homepage's top products.
    pub featured: bool,
    /// The discount as set, even once it has ended (the shop's `discountPercentage`
    /// is 0 then).
    pub set_discount_percentage: f64,
    /// The day the set discount runs to (inclusive, UTC), `YYYY-MM-DD`, or null.
    pub set_discount_end_date: Option<String>,
    /// Archived: no longer in the shop (its orders keep their lines).
    pub archived: bool,
    /// Bumped by each administrator's write of its fields, not by stock movements: a
    /// `PUT` sends the one it loaded (docs/DESIGN.md §15).
    pub version: i64,
    /// How many variants it has in the shop (archived ones left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_count: Option<i64>,
    /// How many of those have no weight, which delivery prices by (docs/DESIGN.md §10):
    /// the console flags the product while any has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unweighed_variants: Option<i64>,
    /// Its related products' ids in the shop's order, archived ones too (the form's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub related_product_ids: Option<Vec<String>>,
    /// The same products, named.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub related_products: Option<Vec<RelatedLinkView>>,
    /// Back-in-stock alerts waiting, by variant id (variants none waits for left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alerts_waiting: Option<std::collections::BTreeMap<String, i64>>,
}

impl AdminProduct {
    pub(super) fn from_row(row: ProductRow, now: i64) -> AdminProduct {
        let featured = row.featured;
        let archived = row.archived_at.is_some();
        let version = row.version;
        let set_discount_percentage = row.discount.basis_points as f64 / 100.0;
        let set_discount_end_date = row
            .discount
            .ends_at
            // Stored as the first moment after the last day.
            .map(|end| iso8601(end - DAY_MS)[..10].to_string());
        AdminProduct {
            product: Product::from_row(row, now),
            featured,
            set_discount_percentage,
            set_discount_end_date,
            archived,
            version,
            variant_count: None,
            unweighed_variants: None,
            related_product_ids: None,
            related_products: None,
            alerts_waiting: None,
        }
    }

    /// `row` with all its variants, archived ones too (`archived: true`), as the
    /// console's form shows it.
    pub(super) fn with_variants(row: ProductRow, variants: Vec<VariantRow>, now: i64) -> Self {
        let discount = row.discount;
        let mut product = AdminProduct::from_row(row, now);
        let in_shop = || variants.iter().filter(|v| v.archived_at.is_none());
        product.variant_count = Some(in_shop().count() as i64);
        product.unweighed_variants =
            Some(in_shop().filter(|v| v.weight_grams.is_none()).count() as i64);
        product.product.variants = Some(
            variants
                .into_iter()
                .map(|v| VariantAnswer::new(v, discount, now, true))
                .collect(),
        );
        product
    }
}

/// `row` as the console's form shows it: with its variants, archived ones too.
pub(crate) async fn admin_answer(
    state: &AppState,
    row: ProductRow,
) -> Result<AdminProduct, AppError> {
    let variants = state.catalogue.variants(&row.id, true).await?;
    let related = state.catalogue.related_links(&row.id).await?;
    let waiting = state.alerts.waiting(&row.id).await?;
    let mut product = AdminProduct::with_variants(row, variants, state.clock.now_ms());
    product.alerts_waiting = Some(waiting);
    product.related_product_ids = Some(related.iter().map(|r| r.id.clone()).collect());
    product.related_products = Some(related.into_iter().map(Into::into).collect());
    Ok(product)
}

/// `rows` as the console's table shows them: each with how many variants it has.
async fn table_rows(
    state: &AppState,
    rows: Vec<ProductRow>,
) -> Result<Vec<AdminProduct>, AppError> {
    let ids: Vec<&str> = rows.iter().map(|row| row.id.as_str()).collect();
    let counts = state.catalogue.variant_counts(&ids).await?;
    let now = state.clock.now_ms();
    Ok(rows
        .into_iter()
        .map(|row| {
            let tally = counts.get(&row.id).copied().unwrap_or_default();
            let mut product = AdminProduct::from_row(row, now);
            product.variant_count = Some(tally.count);
            product.unweighed_variants = Some(tally.unweighed);
            product
        })
        .collect())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProductList {
    pub products: Vec<AdminProduct>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminProductData {
    pub product: AdminProduct,
}

#[derive(Serialize, ToSchema)]
pub struct AdminProductsData {
    pub products: Vec<AdminProduct>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminProductQuery {
    /// Words that must all match name, description, category or sub-category.
    pub q: Option<String>,
    #[serde(rename = "categoryId")]
    #[param(pattern = "^(?:[0-9a-f]{24})?$")]
    pub category_id: Option<String>,
    #[serde(rename = "subCategoryId")]
    #[param(pattern = "^(?:[0-9a-f]{24})?$")]
    pub sub_category_id: Option<String>,
    /// `in` (any units), `low` (1 to 9) or `out` (none).
    #[param(pattern = "^(?:in|low|out)?$")]
    pub stock: Option<String>,
    /// `true` or `false`.
    #[param(pattern = "^(?:true|false)?$")]
    pub featured: Option<String>,
    /// `missing`: only products with a variant in the shop that has no weight.
    #[param(pattern = "^(?:missing)?$")]
    pub weight: Option<String>,
    /// `false` (default): the products in the shop; `true`: the archived ones.
    #[param(pattern = "^(?:true|false)?$")]
    pub archived: Option<String>,
    /// `createdAt` (default), `name`, `price` or `stock`.
    #[serde(rename = "sortField")]
    #[param(pattern = "^(?:createdAt|name|price|stock)?$")]
    pub sort_field: Option<String>,
    /// `desc` (default) or `asc`.
    #[serde(rename = "sortOrder")]
    #[param(pattern = "^(?:asc|desc)?$")]
    pub sort_order: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// One change to many products: `setStock` to `value` units, `adjustPrice` by
/// `value` percent (-90 to +500), `archive` or `unarchive` (no `value`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkRequest {
    /// 1 to 100 products' `_id`s.
    #[serde(default)]
    #[schema(required = true)]
    pub ids: Vec<String>,
    #[serde(default)]
    #[schema(
        required = true,
        pattern = "^(?:setStock|adjustPrice|archive|unarchive)$"
    )]
    pub action: String,
    /// `setStock`: a whole number of units, 0 to 1,000,000; `adjustPrice`: a percent
    /// from -90 to 500, not 0.
    pub value: Option<f64>,
}

/// The products table: filtered, searched, sorted and paged.
#[utoipa::path(get, path = "/api/admin/product", tag = "admin", params(AdminProductQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of products", body = Envelope<AdminProductList>),
        (status = 400, description = "A bad filter, sort or page, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list_products(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<AdminProductQuery>,
) -> Result<Json<Envelope<AdminProductList>>, AppError> {
    let mut errors = BTreeMap::new();
    let id_of =
        |text: Option<&str>, field: &'static str, errors: &mut BTreeMap<&str, String>| match text
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            None => None,
            Some(text) => Id::parse(text).or_else(|| {
                errors.insert(field, format!("{field} is not an id"));
                None
            }),
        };
    let category_id = id_of(query.category_id.as_deref(), "categoryId", &mut errors);
    let sub_category_id = id_of(
        query.sub_category_id.as_deref(),
        "subCategoryId",
        &mut errors,
    );
    let stock = match query.stock.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("in") => Some(StockState::InStock),
        Some("low") => Some(StockState::Low),
        Some("out") => Some(StockState::Out),
        Some(_) => {
            errors.insert("stock", "stock must be in, low or out".into());
            None
        }
    };
    let featured = match query.featured.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => {
            errors.insert("featured", "featured must be true or false".into());
            None
        }
    };
    let missing_weight = match query.weight.as_deref().map(str::trim) {
        None | Some("") => false,
        Some("missing") => true,
        Some(_) => {
            errors.insert("weight", "weight must be missing".into());
            false
        }
    };
    let archived = match query.archived.as_deref().map(str::trim) {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(_) => {
            errors.insert("archived", "archived must be true or false".into());
            false
        }
    };
    let sort = match query.sort_field.as_deref().map(str::trim) {
        None | Some("") | Some("createdAt") => AdminSortField::CreatedAt,
        Some("name") => AdminSortField::Name,
        Some("price") => AdminSortField::Price,
        Some("stock") => AdminSortField::Stock,
        Some(_) => {
            errors.insert(
                "sortField",
                "sortField must be createdAt, name, price or stock".into(),
            );
            AdminSortField::CreatedAt
        }
    };
    let descending = match query.sort_order.as_deref().map(str::trim) {
        None | Some("") | Some("desc") => true,
        Some("asc") => false,
        Some(_) => {
            errors.insert("sortOrder", "sortOrder must be asc or desc".into());
            true
        }
    };
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let filter = AdminFilter {
        keyword_words: ProductFilter::keyword(query.q.as_deref().unwrap_or("")),
        category_id,
        sub_category_id,
        stock,
        featured,
        archived,
        missing_weight,
    };
    let (rows, total) = state
        .catalogue
        .admin_products(&filter, sort, descending, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Products",
        AdminProductList {
            products: table_rows(&state, rows).await?,
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One product, as the edit form shows it.
#[utoipa::path(get, path = "/api/admin/product/{id}", tag = "admin", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The product", body = Envelope<AdminProductData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
    ))]
pub async fn one_product(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let row = state
        .catalogue
        .admin_product(&id)
        .await?
        .ok_or_else(|| AppError::NotFound("Product not found".into()))?;
    let product = admin_answer(&state, row).await?;
    Ok(ok("Product", AdminProductData { product }))
}

/// Adds a product (photos are added to it afterwards), with its options, variants and
/// sale unit.
#[utoipa::path(post, path = "/api/admin/product", tag = "admin", request_body = ProductSave,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Product created'", body = Envelope<AdminProductData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (a variant's by path: `variants.0.sku`, `options.1.values`, `minQuantity`); nothing written", body = ErrorBody),
        (status = 409, description = "A variant's SKU is taken (ignoring case, archived variants' too): `errors.variants.N.sku`; nothing written", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn create_product(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<ProductSave>,
) -> Result<(StatusCode, Json<Envelope<AdminProductData>>), AppError> {
    let (input, plan) = check_save(&body, Stock::Given, &[])?;
    let actor = actor_of(&admin);
    let row = state
        .catalogue
        .create_product(&input, &plan, &actor, &state.activity)
        .await?
        .map_err(refused)?;
    let product = admin_answer(&state, row).await?;
    Ok((
        StatusCode::CREATED,
        ok("Product created", AdminProductData { product }),
    ))
}

/// Sets every field of a product, and its options, variants and sale unit when sent.
#[utoipa::path(put, path = "/api/admin/product/{id}", tag = "admin", params(("id" = String, Path)),
    request_body = ProductSave,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Product updated'", body = Envelope<AdminProductData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (a variant's by path: `variants.0.sku`, `variants.1.image`, `options.1.values`, `minQuantity`; new options without `variants`: `errors.variants`); nothing written", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 409, description = "'This changed since you opened it: reload to see the latest': `version` is not the product's; `data` holds `{product}` as it now is, and nothing was written. Or a variant's SKU is taken (ignoring case, archived variants' too): `errors.variants.N.sku`, nothing written", body = ErrorBody),
    ))]
pub async fn update_product(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
    ApiJson(body): ApiJson<ProductSave>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    // Variants sent without options name the product's options as they are.
    let current = match (&body.variants.variants, &body.variants.options) {
        (Some(_), None) => match state.catalogue.admin_product(&id).await? {
            Some(product) => product.options,
            None => return Err(refused(ProductRefusal::NoSuchProduct)),
        },
        _ => Vec::new(),
    };
    let (input, plan) = check_save(&body, Stock::Ignored, &current)?;
    let refusal = state
        .catalogue
        .update_product(
            &id,
            body.fields.version,
            &input,
            &plan,
            &actor_of(&admin),
            &state.activity,
        )
        .await?;
    let row = match refusal {
        Ok(row) => row,
        Err(ProductRefusal::Stale(current)) => {
            let product = admin_answer(&state, *current).await?;
            return Err(AppError::stale(AdminProductData { product }));
        }
        Err(other) => return Err(refused(other)),
    };
    let product = admin_answer(&state, row).await?;
    Ok(ok("Product updated", AdminProductData { product }))
}

/// Sets the stock of, moves the price of, archives or unarchives up to 100 products at
/// once: all of them or none.
#[utoipa::path(post, path = "/api/admin/product/bulk", tag = "admin", request_body = BulkRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Products updated', each as it now is", body = Envelope<AdminProductsData>),
        (status = 400, description = "No ids, too many, an unknown action or a value out of range", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found': an id names no product; nothing changed", body = ErrorBody),
    ))]
pub async fn bulk_change(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<BulkRequest>,
) -> Result<Json<Envelope<AdminProductsData>>, AppError> {
    if body.ids.is_empty() {
        return Err(AppError::bad_request("Select at least one product"));
    }
    if body.ids.len() > MAX_BULK {
        return Err(AppError::bad_request(format!(
            "Select at most {MAX_BULK} products at once"
        )));
    }
    let ids = body
        .ids
        .iter()
        .map(|text| Id::parse(text))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| AppError::NotFound("Product not found".into()))?;
    let change = match (body.action.as_str(), body.value) {
        ("setStock", Some(value))
            if value.fract() == 0.0 && (0.0..=MAX_STOCK as f64).contains(&value) =>
        {
            BulkChange::SetStock(value as i64)
        }
        ("setStock", _) => {
            return Err(AppError::bad_request(format!(
                "Stock must be a whole number from 0 to {MAX_STOCK}"
            )))
        }
        ("adjustPrice", Some(value)) if price_change_allowed(value) => {
            BulkChange::AdjustPrice(value)
        }
        ("adjustPrice", _) => {
            return Err(AppError::bad_request(format!(
                "The price change must be between {MIN_PRICE_CHANGE_PERCENT} and {MAX_PRICE_CHANGE_PERCENT} percent, and not 0"
            )))
        }
        ("archive", _) => BulkChange::Archive(true),
        ("unarchive", _) => BulkChange::Archive(false),
        _ => {
            return Err(AppError::bad_request(
                "action must be setStock, adjustPrice, archive or unarchive",
            ))
        }
    };
    let rows = state
        .catalogue
        .bulk_change(&ids, change, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    let products = table_rows(&state, rows).await?;
    Ok(ok("Products updated", AdminProductsData { products }))
}

/// Archives a product: it leaves the shop everywhere (listing and its totals, search,
/// its page, the homepage, carts, checkout) and stays in the console and in orders.
#[utoipa::path(post, path = "/api/admin/product/{id}/archive", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Product archived' (also when it already was), the product", body = Envelope<AdminProductData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
    ))]
pub async fn archive_product(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    set_archived(&state, &admin, &id, true).await
}

/// Deletes a product no order names: a product made by mistake. Its reviews and its
/// entries in carts and wishlists go with it, and its uploaded photos and its reviews'
/// photos leave the media store. An ordered product is archived instead.
#[utoipa::path(delete, path = "/api/admin/product/{id}", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Product deleted', the product as it was", body = Envelope<AdminProductData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 409, description = "'This product has been ordered (2 order lines): archive it instead, so it leaves the shop and stays in those orders'", body = ErrorBody),
    ))]
pub async fn delete_product(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let (row, review_media) = state
        .catalogue
        .delete_product(&id, &actor_of(&admin), &state.activity)
        .await?
        .map_err(refused)?;
    // Only photos uploaded for this product or its reviews go: seeded ones may be shared.
    let own = format!("products/{id}/");
    let media: Vec<String> = row
        .images
        .iter()
        .filter(|p| p.starts_with(&own))
        .chain(review_media.iter().filter(|p| p.starts_with("reviews/")))
        .cloned()
        .collect();
    remove_photos(&state, &media).await;
    let product = AdminProduct::from_row(row, state.clock.now_ms());
    Ok(ok("Product deleted", AdminProductData { product }))
}

/// Brings an archived product back to the shop, as it was.
#[utoipa::path(post, path = "/api/admin/product/{id}/unarchive", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Product unarchived' (also when it was not archived), the product", body = Envelope<AdminProductData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
    ))]
pub async fn unarchive_product(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<ProductId>,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    set_archived(&state, &admin, &id, false).await
}

async fn set_archived(
    state: &AppState,
    admin: &crate::store::accounts::UserRow,
    id: &Id,
    archived: bool,
) -> Result<Json<Envelope<AdminProductData>>, AppError> {
    let row = state
        .catalogue
        .set_archived(id, archived, &actor_of(admin), &state.activity)
        .await?
        .map_err(refused)?;
    let product = admin_answer(state, row).await?;
    let message = if archived {
        "Product archived"
    } else {
        "Product unarchived"
    };
    Ok(ok(message, AdminProductData { product }))
}

/// Takes photos out of the media store; one that cannot be removed is only logged (a
/// stray file harms nobody, a failed call after the change would mislead).
pub(super) async fn remove_photos(state: &AppState, paths: &[String]) {
    for path in paths {
        if let Err(e) = state.media.delete(path).await {
            tracing::warn!(error = %e, path, "a product photo could not be removed");
        }
    }
}
