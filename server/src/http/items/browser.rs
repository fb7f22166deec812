//! The calls about lists a browser keeps (docs/DESIGN.md §5, §9): the current details
//! of a guest's cart, and merging a browser's cart and wishlist into the account on
//! sign-in. Entries name a product and its variant; entries from before variants name
//! none, which reads as the product's one variant.

use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{full, items, price_items, Item};
use crate::domain::cart::{List, Merged, MAX_ITEMS, MAX_QUANTITY};
use crate::domain::id::Id;
use crate::domain::sale_unit::{choose_message, choose_variant, ChoiceRefusal};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::CurrentUser;
use crate::http::trade::shopper::Shopper;
use crate::http::{ok, AppState, Envelope};
use crate::store::catalogue::ProductRow;
use crate::store::items::BrowserEntry;

/// The longest `variantId` a browser's entry may hold (ids are 24; the schema's bound).
const MAX_VARIANT_ID_CHARS: usize = 100;

/// One line of a browser's cart.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartEntry {
    pub product_id: String,
    /// The variant; may be left out only for a product with one (docs/DESIGN.md §9).
    #[serde(default)]
    #[schema(max_length = 100)]
    pub variant_id: Option<String>,
    #[schema(minimum = 1)]
    pub quantity: i64,
}

/// One entry of a browser's wishlist.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WishlistEntry {
    pub product_id: String,
    /// The variant; may be left out only for a product with one (docs/DESIGN.md §9).
    #[serde(default)]
    #[schema(max_length = 100)]
    pub variant_id: Option<String>,
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
    /// The entries whose products and variants are in the shop, in the order asked (an
    /// entry naming a variant already shown is shown once), each with the quantity
    /// asked (at most 99) and `_id` equal to `productId`.
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
    /// Entries of products or variants that are no longer in the shop.
    pub unknown: usize,
    /// Cart entries of variants out of stock (or with less stock than the product's
    /// least quantity).
    pub out_of_stock: usize,
    /// Cart entries whose quantity was lowered to the stock or to 99 (kept to a
    /// multiple of the product's step).
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

/// A browser's list, read: the entries whose product ids have the shop's shape, and
/// how many did not (those name no product).
struct Entries {
    known: Vec<BrowserEntry>,
    malformed: usize,
}

/// Reads a browser's list: every quantity at least 1, at most 100 entries. Each entry
/// is keyed by its place (`{field}[n]`) for the errors found later.
fn check_entries(
    field: &str,
    list: List,
    entries: impl ExactSizeIterator<Item = (String, Option<String>, i64)>,
) -> Result<Entries, AppError> {
    if entries.len() > MAX_ITEMS {
        return Err(full(list));
    }
    let mut checked = Entries {
        known: Vec::with_capacity(entries.len()),
        malformed: 0,
    };
    for (n, (product_id, variant_id, quantity)) in entries.enumerate() {
        if quantity < 1 {
            return Err(AppError::field(
                &format!("{field}[{n}].quantity"),
                "Quantity must be at least 1",
            ));
        }
        if variant_id
            .as_ref()
            .is_some_and(|v| v.chars().count() > MAX_VARIANT_ID_CHARS)
        {
            return Err(AppError::field(
                &format!("{field}[{n}].variantId"),
                format!("variantId must be at most {MAX_VARIANT_ID_CHARS} characters"),
            ));
        }
        match Id::parse(product_id.trim()) {
            Some(product_id) => checked.known.push(BrowserEntry {
                product_id,
                variant_id: variant_id
                    .map(|v| v.trim().to_string())
                    .filter(|v| !v.is_empty()),
                quantity,
                field: format!("{field}[{n}]"),
            }),
            None => checked.malformed += 1,
        }
    }
    Ok(checked)
}

/// Current names, images, prices and stock for a guest's browser cart, one entry per
/// variant. Products and variants no longer in the shop are left out. The quantities
/// are shown as asked, not checked against the product's sale unit (the cart, the
/// quote and the order check them).
#[utoipa::path(post, path = "/api/user/cart-detail", tag = "items",
    request_body = CartDetailRequest,
    responses(
        (status = 200, description = "'Cart details fetched successfully'", body = Envelope<CartDetail>),
        (status = 400, description = "A malformed entry, named (a quantity below 1, a `variantId` over 100 characters); a product with several variants named without `variantId`: 'Choose a Size and Finish' in `errors['cartItems[n].variantId']`", body = ErrorBody),
        (status = 422, description = "'Maximum 100 items allowed in cart'", body = ErrorBody),
    ))]
pub async fn cart_detail(
    State(state): State<AppState>,
    shopper: Shopper,
    ApiJson(body): ApiJson<CartDetailRequest>,
) -> Result<Json<Envelope<CartDetail>>, AppError> {
    let entries = check_entries(
        "cartItems",
        List::Cart,
        body.cart_items
            .into_iter()
            .map(|e| (e.product_id, e.variant_id, e.quantity)),
    )?;
    let mut ids: Vec<Id> = entries.known.iter().map(|e| e.product_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let found: HashMap<String, ProductRow> = state
        .catalogue
        .products_by_ids(&ids)
        .await?
        .into_iter()
        .map(|row| (row.id.clone(), row))
        .collect();
    let variants = state.items.variants_in_shop(&ids).await?;
    let now = state.clock.now_ms();
    let mut errors = BTreeMap::new();
    let mut products = Vec::with_capacity(entries.known.len());
    let mut shown: Vec<String> = Vec::new();
    for entry in entries.known {
        let Some(row) = found.get(entry.product_id.as_str()) else {
            continue;
        };
        let offered = variants.get(&row.id).map(Vec::as_slice).unwrap_or_default();
        let ids: Vec<&str> = offered.iter().map(|v| v.id.as_str()).collect();
        let variant = match choose_variant(entry.variant_id.as_deref(), &ids) {
            Ok(id) => offered.iter().find(|v| v.id == id),
            Err(ChoiceRefusal::MustChoose) => {
                let message = choose_message(&row.options);
                errors.insert(format!("{}.variantId", entry.field), message);
                continue;
            }
            Err(ChoiceRefusal::NoLongerAvailable) => None,
        };
        // In the order asked; a variant listed twice is shown once.
        let Some(variant) = variant.filter(|v| !shown.contains(&v.id)) else {
            continue;
        };
        shown.push(variant.id.clone());
        products.push(Item::new(
            entry.product_id.into_string(),
            entry.quantity.min(MAX_QUANTITY),
            row.clone(),
            variant.clone(),
            now,
        ));
    }
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    price_items(&state, &shopper, &mut products).await?;
    Ok(ok(
        "Cart details fetched successfully",
        CartDetail { products },
    ))
}

/// Merges a browser's cart and wishlist into the signed-in customer's (docs/DESIGN.md §5,
/// §9): cart quantities add up per variant, capped at its stock and at 99 and kept to
/// what the product is sold in; the wishlist becomes the union. All or nothing: the
/// browser should empty its lists only after this answers.
#[utoipa::path(post, path = "/api/user/sync", tag = "items", security(("bearer" = [])),
    request_body = LocalData,
    responses(
        (status = 200, description = "'Data synced successfully'; both lists after the merge, and what could not be taken over", body = Envelope<Synced>),
        (status = 400, description = "A malformed entry, named; a product with several variants named without `variantId` ('Choose a Size and Finish' in `errors['cart[n].variantId']` or `errors['wishlist[n].variantId']`); a cart quantity the product is not sold in ('Order at least N', 'Sold in multiples of N' in `errors['cart[n].quantity']`). Nothing is merged", body = ErrorBody),
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
        body.cart
            .into_iter()
            .map(|e| (e.product_id, e.variant_id, e.quantity)),
    )?;
    let wishlist = check_entries(
        "wishlist",
        List::Wishlist,
        body.wishlist
            .into_iter()
            .map(|e| (e.product_id, e.variant_id, 1)),
    )?;
    let mut merged = state
        .items
        .merge(&user.id, &cart.known, &wishlist.known)
        .await?
        .map_err(AppError::fields)?;
    // Ids of a shape the shop never issues name products that do not exist.
    merged.unknown += cart.malformed + wishlist.malformed;
    let Merged {
        unknown,
        out_of_stock,
        capped,
        over_limit,
    } = merged;
    let now = state.clock.now_ms();
    let mut cart = items(state.items.list(&user.id, List::Cart).await?, now);
    let mut wishlist = items(state.items.list(&user.id, List::Wishlist).await?, now);
    let shopper = Shopper::of(&state, &user.id).await?;
    price_items(&state, &shopper, &mut cart).await?;
    price_items(&state, &shopper, &mut wishlist).await?;
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
