//! The cart and wishlist calls of spec §7 and docs/DESIGN.md §5, §9: a signed-in
//! customer's lists, one line per variant; and (`browser.rs`) the details a guest's
//! browser cart needs, and merging a browser's lists on sign-in.

mod browser;

pub use browser::{
    __path_cart_detail, __path_sync, cart_detail, sync, CartDetail, CartDetailRequest, CartEntry,
    LocalData, SyncAdjustments, Synced, WishlistEntry,
};

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::http::request::Parts;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::catalogue::resolved::{money, resolve, PriceBreakAnswer};
use super::catalogue::Product;
use super::error::{AppError, ErrorBody, ErrorCode};
use super::extract::{ApiJson, ApiQuery, Missing, PathId};
use super::identity::CurrentUser;
use super::trade::shopper::Shopper;
use super::{ok, AppState, Envelope};
use crate::domain::cart::{self, List, Refusal, MAX_ITEMS, MAX_QUANTITY};
use crate::domain::id::Id;
use crate::domain::order::NO_LONGER_AVAILABLE;
use crate::domain::price_resolver::{CustomerPricing, Priced};
use crate::domain::pricing::price_at;
use crate::domain::variant::VariantOptions;
use crate::store::catalogue::{ProductRow, VariantRow};
use crate::store::items::ItemRow;
use crate::store::prices::{deals_for, pricing_for};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/item", get(list_items).post(add_item))
        .route("/user/item/{id}", delete(remove_item).patch(update_item))
        .route("/user/cart-detail", post(cart_detail))
        .route("/user/sync", post(sync))
}

/// A cart or wishlist entry with its product and variant as they stand now: one entry
/// per variant (docs/DESIGN.md §9). The price, discount and stock are the variant's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    /// The entry's id (for `PATCH`/`DELETE /user/item/{id}`); for guests' cart
    /// details, the product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub product_id: String,
    /// The variant the entry holds.
    pub variant_id: String,
    /// The variant's SKU.
    pub sku: String,
    /// The variant's value of each of the product's options (`{}` without options).
    #[schema(value_type = BTreeMap<String, String>)]
    pub options: VariantOptions,
    pub name: String,
    /// Media paths, the first shown on cards (the variant's own image first, when it
    /// has one).
    pub images: Vec<String>,
    /// The variant's list price.
    pub price: f64,
    /// 0 when no discount applies now.
    pub discount_percentage: f64,
    /// The price the shopper pays now, per unit.
    pub discounted_price: f64,
    /// 1 on the wishlist.
    pub quantity: i64,
    /// The variant's stock.
    pub stock: i64,
    pub size: Option<String>,
    pub color: Option<String>,
    /// Average review rating, one decimal; 0 without reviews.
    pub rating: f64,
    pub review_count: i64,
    /// Which of the shop's tax rates the price carries (docs/DESIGN.md §10): the cart
    /// shows it with or without tax as the shopper chose.
    #[schema(pattern = "^(?:standard|reduced|zero)$")]
    pub tax_class: String,
    /// Only for a signed-in trade customer: the public `discountedPrice` (theirs is in
    /// `discountedPrice`, at the line's quantity: docs/DESIGN.md §11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_price: Option<f64>,
    /// The quantity breaks the shopper meets on the variant, by quantity.
    pub price_breaks: Vec<PriceBreakAnswer>,
    /// The product's category and sub-category ids: a group's discount follows them.
    #[serde(skip)]
    pub category: (String, String),
}

impl Item {
    pub(super) fn new(
        id: String,
        quantity: i64,
        row: ProductRow,
        variant: VariantRow,
        now: i64,
    ) -> Item {
        let discount = row.discount;
        let category = (row.category.0.clone(), row.sub_category.0.clone());
        let product = Product::from_row(row, now);
        let price = price_at(variant.price, discount, now);
        let mut images = product.images;
        if let Some(image) = variant.image {
            images.retain(|i| *i != image);
            images.insert(0, image);
        }
        Item {
            id,
            product_id: product.id,
            variant_id: variant.id,
            sku: variant.sku,
            options: variant.options,
            name: product.name,
            images,
            price: price.price.as_f64(),
            discount_percentage: price.discount_percentage,
            discounted_price: price.discounted_price.as_f64(),
            quantity,
            stock: variant.stock,
            size: product.size,
            color: product.color,
            rating: product.rating,
            review_count: product.review_count,
            tax_class: product.tax_class,
            list_price: None,
            price_breaks: Vec::new(),
            category,
        }
    }

    fn from_row(row: ItemRow, now: i64) -> Item {
        Item::new(
            row.id.into_string(),
            row.quantity,
            row.product,
            row.variant,
            now,
        )
    }
}

/// `row` as `user` meets it, priced for them: their group and the variant's deals
/// read on one connection, when they may have one (else it costs its public price).
async fn priced_item(state: &AppState, user: &Id, row: ItemRow) -> Result<Item, AppError> {
    let may_have_deal = row.may_have_deal;
    let mut item = Item::from_row(row, state.clock.now_ms());
    if !may_have_deal {
        return Ok(item);
    }
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let pricing = pricing_for(&mut conn, Some(user), &[item.variant_id.as_str()]).await?;
    apply_pricing(&pricing, std::slice::from_mut(&mut item));
    Ok(item)
}

pub(super) fn items(rows: Vec<ItemRow>, now: i64) -> Vec<Item> {
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
    /// The variant; may be left out only for a product with one (docs/DESIGN.md §9).
    #[serde(default)]
    #[schema(max_length = 100)]
    pub variant_id: Option<String>,
    /// 1 to 99; default 1. Added to what the cart holds, and what it holds then must be
    /// one the product is sold in (at least its `minQuantity`, a multiple of its
    /// `quantityStep`); ignored for the wishlist.
    pub quantity: Option<i64>,
    /// `cart` or `wishlist`.
    #[serde(rename = "type", default)]
    #[schema(rename = "type", required = true, pattern = "^(?:cart|wishlist)$")]
    pub list: String,
}

/// `PATCH /user/item/{id}`.
#[derive(Deserialize, ToSchema)]
pub struct QuantityChange {
    /// 1 to 99, at most the variant's stock, and one the product is sold in.
    #[schema(required = true, value_type = i64)]
    pub quantity: Option<i64>,
}

const TYPE_RULE: &str = "Type must be 'cart' or 'wishlist'";

fn parse_list(text: Option<&str>) -> Result<List, AppError> {
    text.map(str::trim)
        .and_then(List::parse)
        .ok_or_else(|| AppError::field("type", TYPE_RULE))
}

pub(super) fn full(list: List) -> AppError {
    AppError::unprocessable(format!(
        "Maximum {MAX_ITEMS} items allowed in {}",
        list.as_str()
    ))
    .with_code(ErrorCode::ListFull)
}

const QUANTITY_RANGE: &str = "Quantity must be a whole number from 1 to 99";

/// The one table from a list's refusal to what the customer reads. `list` is the list
/// the call was about.
pub(super) fn refused(refusal: Refusal, list: List) -> AppError {
    match refusal {
        Refusal::NoSuchProduct => AppError::NotFound("Product not found".into()),
        Refusal::NoSuchVariant => AppError::NotFound(NO_LONGER_AVAILABLE.into()),
        Refusal::ChooseVariant(message) => AppError::field("variantId", message),
        Refusal::Quantity(refusal) => {
            AppError::field("quantity", refusal.message()).with_code(ErrorCode::QuantityInvalid)
        }
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
    let may_have_deal = rows.iter().any(|row| row.may_have_deal);
    let mut listed = items(rows, state.clock.now_ms());
    if may_have_deal {
        let shopper = Shopper::of(&state, &user.id).await?;
        price_items(&state, &shopper, &mut listed).await?;
    }
    Ok(ok(message, listed))
}

/// Adds a product's variant to the signed-in customer's cart (adding to the quantity
/// there) or wishlist (once).
#[utoipa::path(post, path = "/api/user/item", tag = "items", security(("bearer" = [])),
    request_body = NewItem,
    responses(
        (status = 200, description = "'Item added to cart successfully!' or 'Added to wishlist'; the entry as it is now", body = Envelope<Item>),
        (status = 400, description = "Field errors: 'Product ID is required', the quantity (1 to 99; 'Order at least N', 'Sold in multiples of N' for what the cart line would hold), the type; `errors.variantId` 'Choose a Size and Finish' when a product with several variants is named without one", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "'Product not found'; 'This product is no longer available' for an unknown or archived variant", body = ErrorBody),
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
    let variant_id = body
        .variant_id
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty());
    let id = state
        .items
        .add(&user.id, list, &product_id, variant_id, quantity)
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
    Ok(ok(message, priced_item(&state, &user.id, row).await?))
}

/// Sets the quantity of one of the signed-in customer's cart entries.
#[utoipa::path(patch, path = "/api/user/item/{id}", tag = "items", security(("bearer" = [])),
    params(("id" = String, Path, description = "The entry's `_id`")),
    request_body = QuantityChange,
    responses(
        (status = 200, description = "'Cart updated successfully'; the entry as it is now", body = Envelope<Item>),
        (status = 400, description = "The quantity is missing, not 1 to 99, or not one the product is sold in ('Order at least N', 'Sold in multiples of N'), in `errors.quantity`", body = ErrorBody),
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
    let row = state
        .items
        .update_quantity(&user.id, &id, quantity)
        .await?
        .map_err(|refusal| refused(refusal, List::Cart))?;
    Ok(ok(
        "Cart updated successfully",
        priced_item(&state, &user.id, row).await?,
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

/// Prices cart or wishlist `items` for `shopper`, each at its quantity.
pub async fn price_items(
    state: &AppState,
    shopper: &Shopper,
    items: &mut [Item],
) -> Result<(), AppError> {
    if items.is_empty() {
        return Ok(());
    }
    let mut conn = state.catalogue.db().pool.acquire().await?;
    let asked: Vec<&str> = items.iter().map(|i| i.variant_id.as_str()).collect();
    let group = shopper.group.as_ref().map(|g| g.group_id.as_str());
    let pricing = CustomerPricing {
        group: shopper.group.clone(),
        deals: deals_for(&mut conn, group, &asked).await?,
    };
    apply_pricing(&pricing, items);
    Ok(())
}

/// `items` at what `pricing` makes them cost, each at its quantity; left at their
/// public prices where nobody has a deal.
fn apply_pricing(pricing: &CustomerPricing, items: &mut [Item]) {
    if pricing.deals.is_empty() && pricing.group.is_none() {
        return;
    }
    for item in items.iter_mut() {
        let priced = Priced {
            variant_id: &item.variant_id,
            public: money(item.discounted_price),
            category_id: &item.category.0,
            sub_category_id: &item.category.1,
        };
        let resolved = resolve(pricing, priced, item.quantity.max(1));
        item.discounted_price = resolved.discounted_price;
        item.list_price = resolved.list_price;
        item.price_breaks = resolved.price_breaks;
    }
}
