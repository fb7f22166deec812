//! The category tree: the shop's `GET /category`, and the administrators' changes to it
//! (categories and their sub-categories created, renamed, put in order and deleted).
//! Every change is logged in its own transaction and answers with the whole tree as
//! the shop's `GET /category` now shows it.

use axum::extract::State;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::id::Id;
use crate::http::error::{check_version, AppError, ErrorBody};
use crate::http::extract::{ApiJson, Missing, PathId};
use crate::http::identity::actor_of;
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::categories::TreeRefusal;
use crate::store::catalogue::CategoryTree;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// Bumped by each rename: the console's rename sends the one it showed (docs/DESIGN.md §15).
    pub version: i64,
    pub sub_categories: Vec<SubCategory>,
    /// The highest discount running now on one of its products, a whole percentage
    /// (0 when none): the home page's 'UP to N% OFF'.
    pub max_discount_percentage: f64,
}

impl Category {
    pub fn from_tree(tree: CategoryTree) -> Category {
        let CategoryTree {
            id,
            title,
            version,
            sub_categories,
            max_discount_bp,
        } = tree;
        Category {
            id,
            title,
            version,
            sub_categories: sub_categories
                .into_iter()
                .map(|sub| SubCategory {
                    id: sub.id,
                    title: sub.title,
                    version: sub.version,
                })
                .collect(),
            max_discount_percentage: (max_discount_bp as f64 / 100.0).round(),
        }
    }
}

/// A sub-category in the category tree.
#[derive(Serialize, ToSchema)]
pub struct SubCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    /// Bumped by each rename.
    pub version: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CategoryList {
    pub categories: Vec<Category>,
}

/// Every category with its sub-categories, in display order.
#[utoipa::path(get, path = "/api/category", tag = "catalogue",
    responses((status = 200, body = Envelope<CategoryList>), (status = 304, description = "Not modified: `If-None-Match` named this answer's `ETag` (every 200 carries one, with `Cache-Control: no-cache`)")))]
pub(crate) async fn categories(
    State(state): State<AppState>,
) -> Result<Json<Envelope<CategoryList>>, AppError> {
    let tree = state.catalogue.categories().await?;
    let categories = tree.into_iter().map(Category::from_tree).collect();
    Ok(ok(
        "Categories fetched successfully",
        CategoryList { categories },
    ))
}

#[derive(OpenApi)]
#[openapi(paths(
    create_category,
    rename_category,
    order_categories,
    delete_category,
    create_sub_category,
    rename_sub_category,
    order_sub_categories,
    delete_sub_category
))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/category", get(categories))
        .route("/admin/category", post(create_category))
        .route("/admin/category/order", post(order_categories))
        .route(
            "/admin/category/{id}",
            put(rename_category).delete(delete_category),
        )
        .route(
            "/admin/category/{id}/sub-category",
            post(create_sub_category),
        )
        .route(
            "/admin/category/{id}/sub-category/order",
            post(order_sub_categories),
        )
        .route(
            "/admin/sub-category/{id}",
            put(rename_sub_category).delete(delete_sub_category),
        )
}

/// Longest title, in characters: the shop's menu and tiles show it whole.
pub const MAX_TITLE_CHARS: usize = 60;

/// A category's or sub-category's title.
#[derive(Deserialize, ToSchema)]
pub struct TitleRequest {
    /// 1 to 60 characters once trimmed, on one line; unique (in any case) among the
    /// categories, or among the category's sub-categories.
    #[serde(default)]
    #[schema(required = true, value_type = String)]
    pub title: Option<String>,
    /// A rename's: the category's (or sub-category's) `version` when the form was
    /// loaded; renamed since, it is refused with 409 and the tree as it now is (docs/DESIGN.md
    /// §15). Without it the rename is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A new display order.
#[derive(Deserialize, ToSchema)]
pub struct OrderRequest {
    /// Every category's (or the category's sub-categories') `_id`, each once, first
    /// shown first.
    #[serde(default)]
    pub ids: Vec<String>,
}

/// What a change to the tree answers: the object changed, and the tree as the shop
/// now shows it.
#[derive(Serialize, ToSchema)]
pub struct TreeChange {
    /// The category or sub-category created, renamed or deleted (the category, for an
    /// order of its sub-categories; empty for the categories' order).
    #[serde(rename = "_id")]
    pub id: String,
    pub categories: Vec<Category>,
}

/// The `{id}` of a category.
pub struct CategoryId;

impl Missing for CategoryId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound("Category not found".into())
    }
}

/// The `{id}` of a sub-category.
pub struct SubCategoryId;

impl Missing for SubCategoryId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound("Sub-category not found".into())
    }
}

/// Adds a category after the others, with no sub-categories yet.
#[utoipa::path(post, path = "/api/admin/category", tag = "admin", request_body = TitleRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Category created'", body = Envelope<TreeChange>),
        (status = 400, description = "'Title is required', 'Title must be at most 60 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'A category titled … already exists'", body = ErrorBody),
    ))]
pub async fn create_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<TitleRequest>,
) -> Result<(StatusCode, Json<Envelope<TreeChange>>), AppError> {
    let title = check_title(body.title.as_deref().unwrap_or_default())?;
    check_version(body.version)?;
    let id = state
        .catalogue
        .create_category(&title, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| refused(r, category_taken(&title)))?;
    Ok((
        StatusCode::CREATED,
        answer(&state, "Category created", id).await?,
    ))
}

/// Renames a category. Its products' search text changes in the same transaction, so
/// a keyword search finds them by the new title at once (one write per product).
#[utoipa::path(put, path = "/api/admin/category/{id}", tag = "admin",
    params(("id" = String, Path)), request_body = TitleRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Category renamed'", body = Envelope<TreeChange>),
        (status = 400, description = "'Title is required', 'Title must be at most 60 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Category not found'", body = ErrorBody),
        (status = 409, description = "'A category titled … already exists'; or 'This changed since you opened it: reload to see the latest', with `{_id, categories}` as it now is in `data`", body = ErrorBody),
    ))]
pub async fn rename_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<CategoryId>,
    ApiJson(body): ApiJson<TitleRequest>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    let title = check_title(body.title.as_deref().unwrap_or_default())?;
    check_version(body.version)?;
    let renamed = state
        .catalogue
        .rename_category(
            &id,
            body.version,
            &title,
            &actor_of(&admin),
            &state.activity,
        )
        .await?;
    renamed_answer(
        &state,
        renamed,
        "Category renamed",
        id,
        category_taken(&title),
    )
    .await
}

/// Puts the categories in a new display order.
#[utoipa::path(post, path = "/api/admin/category/order", tag = "admin", request_body = OrderRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Categories reordered'", body = Envelope<TreeChange>),
        (status = 400, description = "'List every category exactly once'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn order_categories(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<OrderRequest>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    let ids = ids_of(&body.ids).ok_or_else(every_category)?;
    state
        .catalogue
        .order_categories(&ids, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| match r {
            TreeRefusal::NotEveryId => every_category(),
            other => refused(other, String::new()),
        })?;
    answer(&state, "Categories reordered", String::new()).await
}

/// Deletes a category that holds no sub-category and no product.
#[utoipa::path(delete, path = "/api/admin/category/{id}", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Category deleted'", body = Envelope<TreeChange>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Category not found'", body = ErrorBody),
        (status = 409, description = "'This category still holds 2 sub-categories and 5 products (archived ones count): move or delete them first'", body = ErrorBody),
    ))]
pub async fn delete_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<CategoryId>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    state
        .catalogue
        .delete_category(&id, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| refused(r, String::new()))?;
    answer(&state, "Category deleted", id.into_string()).await
}

/// Adds a sub-category at the end of a category's.
#[utoipa::path(post, path = "/api/admin/category/{id}/sub-category", tag = "admin",
    params(("id" = String, Path, description = "The category's `_id`")), request_body = TitleRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Sub-category created'; `_id` is the new sub-category's", body = Envelope<TreeChange>),
        (status = 400, description = "'Title is required', 'Title must be at most 60 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Category not found'", body = ErrorBody),
        (status = 409, description = "'This category already has a sub-category titled …'", body = ErrorBody),
    ))]
pub async fn create_sub_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(category_id, _): PathId<CategoryId>,
    ApiJson(body): ApiJson<TitleRequest>,
) -> Result<(StatusCode, Json<Envelope<TreeChange>>), AppError> {
    let title = check_title(body.title.as_deref().unwrap_or_default())?;
    check_version(body.version)?;
    let id = state
        .catalogue
        .create_sub_category(&category_id, &title, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| refused(r, sub_category_taken(&title)))?;
    Ok((
        StatusCode::CREATED,
        answer(&state, "Sub-category created", id).await?,
    ))
}

/// Renames a sub-category; its products' search text changes with it.
#[utoipa::path(put, path = "/api/admin/sub-category/{id}", tag = "admin",
    params(("id" = String, Path)), request_body = TitleRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Sub-category renamed'", body = Envelope<TreeChange>),
        (status = 400, description = "'Title is required', 'Title must be at most 60 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Sub-category not found'", body = ErrorBody),
        (status = 409, description = "'This category already has a sub-category titled …'; or 'This changed since you opened it: reload to see the latest', with `{_id, categories}` as it now is in `data`", body = ErrorBody),
    ))]
pub async fn rename_sub_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<SubCategoryId>,
    ApiJson(body): ApiJson<TitleRequest>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    let title = check_title(body.title.as_deref().unwrap_or_default())?;
    check_version(body.version)?;
    let renamed = state
        .catalogue
        .rename_sub_category(
            &id,
            body.version,
            &title,
            &actor_of(&admin),
            &state.activity,
        )
        .await?;
    renamed_answer(
        &state,
        renamed,
        "Sub-category renamed",
        id,
        sub_category_taken(&title),
    )
    .await
}

/// Puts a category's sub-categories in a new display order.
#[utoipa::path(post, path = "/api/admin/category/{id}/sub-category/order", tag = "admin",
    params(("id" = String, Path, description = "The category's `_id`")), request_body = OrderRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Sub-categories reordered'", body = Envelope<TreeChange>),
        (status = 400, description = "'List every sub-category of the category exactly once'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Category not found'", body = ErrorBody),
    ))]
pub async fn order_sub_categories(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(category_id, _): PathId<CategoryId>,
    ApiJson(body): ApiJson<OrderRequest>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    let ids = ids_of(&body.ids).ok_or_else(every_sub_category)?;
    state
        .catalogue
        .order_sub_categories(&category_id, &ids, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| match r {
            TreeRefusal::NotEveryId => every_sub_category(),
            other => refused(other, String::new()),
        })?;
    answer(
        &state,
        "Sub-categories reordered",
        category_id.into_string(),
    )
    .await
}

/// Deletes a sub-category no product uses.
#[utoipa::path(delete, path = "/api/admin/sub-category/{id}", tag = "admin",
    params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Sub-category deleted'", body = Envelope<TreeChange>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Sub-category not found'", body = ErrorBody),
        (status = 409, description = "'This sub-category still holds 3 products (archived ones count): move them first'", body = ErrorBody),
    ))]
pub async fn delete_sub_category(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    PathId(id, _): PathId<SubCategoryId>,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    state
        .catalogue
        .delete_sub_category(&id, &actor_of(&admin), &state.activity)
        .await?
        .map_err(|r| match r {
            TreeRefusal::StillHolds { products, .. } => AppError::Conflict(format!(
                "This sub-category still holds {}: move them first",
                products_held(products)
            )),
            other => refused(other, String::new()),
        })?;
    answer(&state, "Sub-category deleted", id.into_string()).await
}

/// The tree as the shop now shows it, under `message`, naming object `id`.
/// A rename's answer: the tree as it now is, under `message` when it was renamed, or in
/// the stale save's 409 (docs/DESIGN.md §15); another refusal as [`refused`] words it.
async fn renamed_answer(
    state: &AppState,
    renamed: Result<(), TreeRefusal>,
    message: &str,
    id: Id,
    taken: String,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    match renamed {
        Ok(()) => answer(state, message, id.into_string()).await,
        Err(TreeRefusal::Stale) => {
            let now = answer(state, message, id.into_string()).await?;
            Err(AppError::stale(now.0.data))
        }
        Err(other) => Err(refused(other, taken)),
    }
}

async fn answer(
    state: &AppState,
    message: &str,
    id: String,
) -> Result<Json<Envelope<TreeChange>>, AppError> {
    let categories = state
        .catalogue
        .categories()
        .await?
        .into_iter()
        .map(Category::from_tree)
        .collect();
    Ok(ok(message, TreeChange { id, categories }))
}

/// `text` trimmed, if it is a title: 1 to [`MAX_TITLE_CHARS`] characters.
pub fn check_title(text: &str) -> Result<String, AppError> {
    let title = text.trim();
    if title.is_empty() {
        return Err(AppError::field("title", "Title is required"));
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(AppError::field(
            "title",
            format!("Title must be at most {MAX_TITLE_CHARS} characters"),
        ));
    }
    if title.chars().any(char::is_control) {
        return Err(AppError::field("title", "Title must be one line of text"));
    }
    Ok(title.to_string())
}

/// Every text as an id, or none: a text that cannot be an id names no category.
fn ids_of(texts: &[String]) -> Option<Vec<Id>> {
    texts.iter().map(|t| Id::parse(t.trim())).collect()
}

fn every_category() -> AppError {
    AppError::bad_request("List every category exactly once")
}

fn every_sub_category() -> AppError {
    AppError::bad_request("List every sub-category of the category exactly once")
}

fn products_held(n: i64) -> String {
    match n {
        1 => "1 product (archived ones count)".to_string(),
        n => format!("{n} products (archived ones count)"),
    }
}

/// A category's title that another category has.
fn category_taken(title: &str) -> String {
    format!("A category titled '{title}' already exists")
}

/// A sub-category's title that another of the category's sub-categories has.
fn sub_category_taken(title: &str) -> String {
    format!("This category already has a sub-category titled '{title}'")
}

/// The answer for a refusal; `taken` words a title clash for the call.
fn refused(refusal: TreeRefusal, taken: String) -> AppError {
    match refusal {
        TreeRefusal::NoSuchCategory => AppError::NotFound("Category not found".into()),
        TreeRefusal::NoSuchSubCategory => AppError::NotFound("Sub-category not found".into()),
        TreeRefusal::TitleTaken => AppError::Conflict(taken),
        // Answered by the renames, which hold the tree to show.
        TreeRefusal::Stale => AppError::Conflict(crate::http::error::STALE.into()),
        TreeRefusal::NotEveryId => every_category(),
        TreeRefusal::StillHolds {
            sub_categories,
            products,
        } => {
            let mut held = Vec::new();
            match sub_categories {
                0 => {}
                1 => held.push("1 sub-category".to_string()),
                n => held.push(format!("{n} sub-categories")),
            }
            if products > 0 {
                held.push(products_held(products));
            }
            AppError::Conflict(format!(
                "This category still holds {}: move or delete them first",
                held.join(" and ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_trimmed_and_one_to_sixty_characters() {
        assert_eq!(check_title("  Taps ").unwrap(), "Taps");
        assert!(check_title("   ").is_err());
        assert!(check_title(&"é".repeat(60)).is_ok());
        assert!(check_title(&"é".repeat(61)).is_err());
        assert!(check_title("Two\nlines").is_err());
    }
}
