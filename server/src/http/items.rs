//! The cart and wishlist calls of spec §7 and docs/DESIGN.md §5: a signed-in customer's
//! lists, the details a guest's browser cart needs, and merging a browser's lists on
//! sign-in.

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::request::Parts;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::catalogue::Product;
use super::error::{AppError, ErrorBody, ErrorCode};
use super::extract::{ApiJson, ApiQuery, Missing, PathId};
use super::identity::CurrentUser;
use super::{ok, AppState, Envelope};
use crate::domain::cart::{self, List, Merged, Refusal, MAX_ITEMS, MAX_QUANTITY};
use crate::domain::id::Id;
use crate::store::catalogue::ProductRow;
use crate::store::items::ItemRow;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/item", get(list_items).post(add_item))
        .route("/user/item/{id}", delete(remove_item).patch(update_item))
        .route("/user/cart-detail", post(cart_detail))
        .route("/user/sync", post(sync))
}

/// A cart or wishlist entry with its product as it stands now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// The entry's id (for `PATCH`/`DELETE /user/item/{id}`); for guests' cart
    /// details, the product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub name: String,
    /// Media paths, the first shown on cards.
    pub images: Vec<String>,
    pub price: f64,
    /// 0 when no discount applies now.
    pub discount_percentage: f64,
    /// The price the shopper pays now, per unit.
    pub discounted_price: f64,
    /// 1 on the wishlist.
    pub quantity: i64,
    pub stock: i64,
    pub size: Option<String>,
    pub color: Option<String>,
    /// Average review rating, one decimal; 0 without reviews.
    pub rating: f64,
    pub review_count: i64,
}

impl Item {
    fn new(id: String, quantity: i64, row: ProductRow, now: i64) -> Item {
        let product = Product::from_row(row, now);
        Item {
            id,
            product_id: product.id,
            name: product.name,
            images: product.images,
            price: product.price,
            discount_percentage: product.discount_percentage,
            discounted_price: product.discounted_price,
            quantity,
            stock: product.stock,
            size: product.size,
            color: product.color,
            rating: product.rating,
            review_count: product.review_count,
        }
    }

    fn from_row(row: ItemRow, now: i64) -> Item {
        Item::new(row.id.into_string(), row.quantity, row.product, now)
    }
}

fn items(rows: Vec<ItemRow>, now: i64) -> Vec<Item> {
    rows.into_iter()
        .map(|row| Item::from_row(row, now))
        .collect()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// `cart` or `wishlist`.
    #[serde(rename = "type")]
    #[param(rename = "type", pattern = "^(?:cart|wishlist)?$")]
    pub list: Option<String>,
}

/// `POST /user/item`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewItem {
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9a-f]{24}$")]
    pub product_id: String,
    /// 1 to 99; default 1. Added to what the cart holds; ignored for the wishlist.
    pub quantity: Option<i64>,
    /// `cart` or `wishlist`.
    #[serde(rename = "type", default)]
    #[schema(rename = "type", required = true, pattern = "^(?:cart|wishlist)$")]
    pub list: String,
}

/// `PATCH /user/item/{id}`.
#[derive(Deserialize, ToSchema)]
pub struct QuantityChange {
    /// 1 to 99, and at most the product's stock.
    #[schema(required = true, value_type = i64)]
    pub quantity: Option<i64>,
}

/// One line of a browser's cart.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartEntry {
    pub product_id: String,
    #[schema(minimum = 1)]
    pub quantity: i64,
}

/// One entry of a browser's wishlist.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistEntry {
    pub product_id: String,
}

/// `POST /user/cart-detail`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartDetailRequest {
    /// At most 100 entries.
    #[serde(default)]
    pub cart_items: Vec<CartEntry>,
}

#[derive(Serialize, ToSchema)]
pub struct CartDetail {
    /// The entries whose products exist, in the order asked, each with the quantity asked
    /// (at most 99) and `_id` equal to `productId`.
    pub products: Vec<Item>,
}

/// `POST /user/sync`: the browser store `user_data` as it is (`lastUpdated` and other
/// fields are ignored).
#[derive(Deserialize, ToSchema)]
pub struct LocalData {
    /// At most 100 entries.
    #[serde(default)]
    pub cart: Vec<CartEntry>,
    /// At most 100 entries.
    #[serde(default)]
    pub wishlist: Vec<WishlistEntry>,
}

/// What a merge could not take over.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncAdjustments {
    /// Entries of products that no longer exist.
    pub unknown: usize,
    /// Cart entries of products out of stock.
    pub out_of_stock: usize,
    /// Cart entries whose quantity was lowered to the stock or to 99.
    pub capped: usize,
    /// Entries beyond the 100 a list holds.
    pub over_limit: usize,
}

#[derive(Serialize, ToSchema)]
pub struct Synced {
    /// The customer's cart after the merge.
    pub cart: Vec<Item>,
    /// The customer's wishlist after the merge.
    pub wishlist: Vec<Item>,
    pub adjustments: SyncAdjustments,
}

const TYPE_RULE: &str = "Type must be 'cart' or 'wishlist'";

fn parse_list(text: Option<&str>) -> Result<List, AppError> {
    text.map(str::trim)
        .and_then(List::parse)
        .ok_or_else(|| AppError::field("type", TYPE_RULE))
}

fn full(list: List) -> AppError {
    AppError::unprocessable(format!(
        "Maximum {MAX_ITEMS} items allowed in {}",
        list.as_str()
    ))
    .with_code(ErrorCode::ListFull)
}

const QUANTITY_RANGE: &str = "Quantity must be a whole number from 1 to 99";

/// The one table from a list's refusal to what the customer reads. `list` is the list
/// the call was about.
fn refused(refusal: Refusal, list: List) -> AppError {
    match refusal {
        Refusal::NoSuchProduct => AppError::NotFound("Product not found".into()),
        Refusal::NoSuchItem => AppError::NotFound(format!("Item not found in {}", list.as_str())),
        Refusal::AlreadyInWishlist => AppError::Conflict("Item already in wishlist".into()),
        Refusal::ListFull => full(list),
        Refusal::OverMaximum { in_cart } => AppError::unprocessable(format!(
            "You can have at most {MAX_QUANTITY} of one item in your cart, and {in_cart} are there already"
        )).with_code(ErrorCode::QuantityOverMaximum),
        Refusal::OverStock { stock, in_cart } => AppError::Conflict(match (stock, in_cart) {
            (s, _) if s <= 0 => "This product is out of stock".to_string(),
            (s, 0) => format!("Only {s} left in stock"),
            (s, n) => format!("Only {s} left in stock, and {n} already in your cart"),
        }).with_code(ErrorCode::OutOfStock),
        Refusal::NotInCart => {
            AppError::unprocessable("Only cart items have a quantity".to_string())
        }
    }
}

/// `type` where it may be left out: no list, or the one it names.
fn optional_list(params: &ListParams) -> Result<Option<List>, AppError> {
    match params.list.as_deref() {
        None | Some("") => Ok(None),
        given => parse_list(given).map(Some),
    }
}

/// No such entry of this customer, on `list` or on either.
fn no_entry(list: Option<List>) -> AppError {
    match list {
        Some(list) => refused(Refusal::NoSuchItem, list),
        None => AppError::NotFound("Item not found".to_string()),
    }
}

/// The `{id}` of a cart entry (`PATCH /user/item/{id}`).
pub struct CartEntryId;

impl Missing for CartEntryId {
    fn error(_: &Parts) -> AppError {
        refused(Refusal::NoSuchItem, List::Cart)
    }
}

/// The `{id}` of an entry of the list `?type=` names, or of either
/// (`DELETE /user/item/{id}`); a bad `type` is still the 400 it always is.
pub struct ListEntryId;

impl Missing for ListEntryId {
    fn error(parts: &Parts) -> AppError {
        match Query::<ListParams>::try_from_uri(&parts.uri) {
            Ok(Query(params)) => optional_list(&params).map_or_else(|e| e, no_entry),
            Err(_) => AppError::bad_request("Invalid query string".to_string()),
        }
    }
}

/// The signed-in customer's cart or wishlist, oldest entry first (at most 100 entries).
#[utoipa::path(get, path = "/api/user/item", tag = "items", security(("bearer" = [])),
    params(("type" = String, Query, pattern = "^(?:cart|wishlist)$", description = "`cart` or `wishlist`")),
    responses(
        (status = 200, description = "'Cart fetched successfully' or 'Wishlist fetched successfully'", body = Envelope<Vec<Item>>),
        (status = 400, description = "`type` is not cart or wishlist", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn list_items(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Envelope<Vec<Item>>>, AppError> {
    let list = parse_list(params.list.as_deref())?;
    let rows = state.items.list(&user.id, list).await?;
    let message = match list {
        List::Cart => "Cart fetched successfully",
        List::Wishlist => "Wishlist fetched successfully",
    };
    Ok(ok(message, items(rows, state.clock.now_ms())))
}

/// Adds a product to the signed-in customer's cart (adding to the quantity there) or
/// wishlist (once).
#[utoipa::path(post, path = "/api/user/item", tag = "items", security(("bearer" = [])),
    request_body = NewItem,
    responses(
        (status = 200, description = "'Item added to cart successfully!' or 'Added to wishlist'; the entry as it is now", body = Envelope<Item>),
        (status = 400, description = "Field errors: 'Product ID is required', the quantity, the type", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Product not found'", body = ErrorBody),
        (status = 409, description = "'Item already in wishlist'; 'Only N left in stock…'; 'This product is out of stock'", body = ErrorBody),
        (status = 422, description = "'Maximum 100 items allowed in cart' (or wishlist); more than 99 of one product", body = ErrorBody),
    ))]
pub async fn add_item(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<NewItem>,
) -> Result<Json<Envelope<Item>>, AppError> {
    let mut errors = BTreeMap::new();
    let product_id = body.product_id.trim().to_string();
    if product_id.is_empty() {
        errors.insert(
            "productId".to_string(),
            "Product ID is required".to_string(),
        );
    }
    let list = List::parse(body.list.trim());
    if list.is_none() {
        errors.insert("type".to_string(), TYPE_RULE.to_string());
    }
    let quantity = body.quantity.unwrap_or(1);
    if list == Some(List::Cart) && !cart::quantity_allowed(quantity) {
        errors.insert("quantity".to_string(), QUANTITY_RANGE.to_string());
    }
    let Some(list) = list.filter(|_| errors.is_empty()) else {
        return Err(AppError::fields(errors));
    };
    // An id of a shape the shop never issues names no product.
    let Some(product_id) = Id::parse(&product_id) else {
        return Err(refused(Refusal::NoSuchProduct, list));
    };
    let id = state
        .items
        .add(&user.id, list, &product_id, quantity)
        .await?
        .map_err(|refusal| refused(refusal, list))?;
    let row = state
        .items
        .get(&user.id, &id)
        .await?
        .ok_or_else(|| AppError::Internal("an item just added is missing".into()))?;
    let message = match list {
        List::Cart => "Item added to cart successfully!",
        List::Wishlist => "Added to wishlist",
    };
    Ok(ok(message, Item::from_row(row, state.clock.now_ms())))
}

/// Sets the quantity of one of the signed-in customer's cart entries.
#[utoipa::path(patch, path = "/api/user/item/{id}", tag = "items", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's `_id`")),
    request_body = QuantityChange,
    responses(
        (status = 200, description = "'Cart updated successfully'; the entry as it is now", body = Envelope<Item>),
        (status = 400, description = "The quantity is missing or not 1 to 99", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Item not found in cart': no such entry of this customer", body = ErrorBody),
        (status = 409, description = "'Only N left in stock'", body = ErrorBody),
        (status = 422, description = "The entry is on the wishlist, which has no quantities", body = ErrorBody),
    ))]
pub async fn update_item(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathId(id, _): PathId<CartEntryId>,
    ApiJson(body): ApiJson<QuantityChange>,
) -> Result<Json<Envelope<Item>>, AppError> {
    let quantity = body
        .quantity
        .filter(|&q| cart::quantity_allowed(q))
        .ok_or_else(|| {
            AppError::field("quantity", QUANTITY_RANGE).with_code(ErrorCode::QuantityInvalid)
        })?;
    state
        .items
        .update_quantity(&user.id, &id, quantity)
        .await?
        .map_err(|refusal| refused(refusal, List::Cart))?;
    let row = state
        .items
        .get(&user.id, &id)
        .await?
        .ok_or_else(|| refused(Refusal::NoSuchItem, List::Cart))?;
    Ok(ok(
        "Cart updated successfully",
        Item::from_row(row, state.clock.now_ms()),
    ))
}

/// Removes one of the signed-in customer's entries. With `type`, only from that list.
#[utoipa::path(delete, path = "/api/user/item/{id}", tag = "items", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's `_id`"), ListParams),
    responses(
        (status = 200, description = "'Item removed from cart' or 'Removed from wishlist'", body = Envelope<Option<String>>),
        (status = 400, description = "`type` is given but not cart or wishlist", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Item not found in cart' (or wishlist): no such entry of this customer", body = ErrorBody),
    ))]
pub async fn remove_item(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathId(id, _): PathId<ListEntryId>,
    ApiQuery(params): ApiQuery<ListParams>,
) -> Result<Json<Envelope<Option<String>>>, AppError> {
    let list = optional_list(&params)?;
    if !state.items.remove(&user.id, &id, list).await? {
        return Err(no_entry(list));
    }
    let message = match list {
        Some(List::Wishlist) => "Removed from wishlist",
        Some(List::Cart) => "Item removed from cart",
        None => "Item removed",
    };
    Ok(ok(message, None))
}

/// A browser's list, read: the entries whose product ids have the shop's shape, and
/// how many did not (those name no product).
struct Entries {
    known: Vec<(Id, i64)>,
    malformed: usize,
}

/// Reads a browser's list: every quantity at least 1, at most 100 entries.
fn check_entries(
    field: &str,
    list: List,
    entries: impl ExactSizeIterator<Item = (String, i64)>,
) -> Result<Entries, AppError> {
    if entries.len() > MAX_ITEMS {
        return Err(full(list));
    }
    let mut checked = Entries {
        known: Vec::with_capacity(entries.len()),
        malformed: 0,
    };
    for (n, (product_id, quantity)) in entries.enumerate() {
        if quantity < 1 {
            return Err(AppError::field(
                &format!("{field}[{n}].quantity"),
                "Quantity must be at least 1",
            ));
        }
        match Id::parse(product_id.trim()) {
            Some(id) => checked.known.push((id, quantity)),
            None => checked.malformed += 1,
        }
    }
    Ok(checked)
}

/// Current names, images, prices and stock for a guest's browser cart. Products that
/// no longer exist are left out.
#[utoipa::path(post, path = "/api/user/cart-detail", tag = "items",
    request_body = CartDetailRequest,
    responses(
        (status = 200, description = "'Cart details fetched successfully'", body = Envelope<CartDetail>),
        (status = 400, description = "A malformed entry, named", body = ErrorBody),
        (status = 422, description = "'Maximum 100 items allowed in cart'", body = ErrorBody),
    ))]
pub async fn cart_detail(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<CartDetailRequest>,
) -> Result<Json<Envelope<CartDetail>>, AppError> {
    let entries = check_entries(
        "cartItems",
        List::Cart,
        body.cart_items
            .into_iter()
            .map(|e| (e.product_id, e.quantity)),
    )?;
    let mut ids: Vec<Id> = entries.known.iter().map(|(id, _)| id.clone()).collect();
    ids.sort();
    ids.dedup();
    let mut found: BTreeMap<String, ProductRow> = state
        .catalogue
        .products_by_ids(&ids)
        .await?
        .into_iter()
        .map(|row| (row.id.clone(), row))
        .collect();
    let now = state.clock.now_ms();
    // In the order asked; a product listed twice is shown once.
    let products = entries
        .known
        .into_iter()
        .filter_map(|(id, quantity)| {
            let row = found.remove(id.as_str())?;
            Some(Item::new(
                id.into_string(),
                quantity.min(MAX_QUANTITY),
                row,
                now,
            ))
        })
        .collect();
    Ok(ok(
        "Cart details fetched successfully",
        CartDetail { products },
    ))
}

/// Merges a browser's cart and wishlist into the signed-in customer's (docs/DESIGN.md §5):
/// cart quantities add up, capped at the stock and at 99; the wishlist becomes the
/// union. All or nothing: the browser should empty its lists only after this answers.
#[utoipa::path(post, path = "/api/user/sync", tag = "items", security(("bearer" = [])),
    request_body = LocalData,
    responses(
        (status = 200, description = "'Data synced successfully'; both lists after the merge, and what could not be taken over", body = Envelope<Synced>),
        (status = 400, description = "A malformed entry, named", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "'Maximum 100 items allowed in cart' (or wishlist): more entries than a list holds", body = ErrorBody),
    ))]
pub async fn sync(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<LocalData>,
) -> Result<Json<Envelope<Synced>>, AppError> {
    let cart = check_entries(
        "cart",
        List::Cart,
        body.cart.into_iter().map(|e| (e.product_id, e.quantity)),
    )?;
    let wishlist = check_entries(
        "wishlist",
        List::Wishlist,
        body.wishlist.into_iter().map(|e| (e.product_id, 1)),
    )?;
    let wishlist_ids: Vec<Id> = wishlist.known.into_iter().map(|(id, _)| id).collect();
    let mut merged = state
        .items
        .merge(&user.id, &cart.known, &wishlist_ids)
        .await?;
    // Ids of a shape the shop never issues name products that do not exist.
    merged.unknown += cart.malformed + wishlist.malformed;
    let Merged {
        unknown,
        out_of_stock,
        capped,
        over_limit,
    } = merged;
    let now = state.clock.now_ms();
    let cart = items(state.items.list(&user.id, List::Cart).await?, now);
    let wishlist = items(state.items.list(&user.id, List::Wishlist).await?, now);
    Ok(ok(
        "Data synced successfully",
        Synced {
            cart,
            wishlist,
            adjustments: SyncAdjustments {
                unknown,
                out_of_stock,
                capped,
                over_limit,
            },
        },
    ))
}
