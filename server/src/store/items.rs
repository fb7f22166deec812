//! The SQL of carts and wishlists. Every change to a customer's lists runs in one
//! write transaction holding that customer's lock, so limits hold and concurrent adds
//! of one product add up exactly, on any number of nodes.

use std::collections::{BTreeMap, HashMap};

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, Row, Transaction};

use super::catalogue::variants::{variants_of, variants_of_one, VariantRow};
use super::catalogue::{
    product_from_row, products_with_ids, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS,
};
use super::prices::{EVERYONES_BREAKS_ON_VARIANT, ITEMS_OWNER_IN_A_GROUP};
use super::Db;
use crate::domain::cart::{self, CartMerge, List, Merged, Refusal};
use crate::domain::id::Id;
use crate::domain::sale_unit::{check_quantity, choose_message, choose_variant, ChoiceRefusal};
use crate::domain::time::Clock;
use crate::domain::variant::options_from_text;
use crate::domain::Money;

/// An entry of a list with its product and variant as they stand now.
#[derive(Clone, Debug)]
pub struct ItemRow {
    pub id: Id,
    pub quantity: i64,
    pub product: ProductRow,
    pub variant: VariantRow,
    /// Whether the customer may pay other than the variant's public price for it:
    /// everyone has quantity breaks on the variant, or the customer is in a group
    /// (docs/DESIGN.md §11). When not, pricing it reads nothing.
    pub may_have_deal: bool,
}

/// One entry of a browser's list, as sent to be merged: its product, the variant it
/// names (which may be left out for a product with one), how many (1 on the wishlist),
/// and where it is in the request, which its field errors are keyed under (`cart[2]`).
#[derive(Clone, Debug)]
pub struct BrowserEntry {
    pub product_id: Id,
    pub variant_id: Option<String>,
    pub quantity: i64,
    pub field: String,
}

/// The variant's columns beside the product's, named apart from them.
const ITEM_VARIANT_COLUMNS: &str = "v.id AS v_id, v.product_id AS v_product_id, v.sku AS v_sku, \
     v.options AS v_options, v.price_cents AS v_price_cents, v.stock AS v_stock, \
     v.weight_grams AS v_weight_grams, v.image AS v_image, v.position AS v_position, \
     v.archived_at AS v_archived_at";

#[derive(Clone, Debug)]
pub struct Items {
    db: Db,
    clock: Clock,
}

const LOCK_KIND: &str = "items";

fn item(row: &AnyRow) -> Result<ItemRow, sqlx::Error> {
    Ok(ItemRow {
        id: row.try_get("item_id")?,
        quantity: row.try_get("item_quantity")?,
        product: product_from_row(row)?,
        variant: VariantRow {
            id: row.try_get("v_id")?,
            product_id: row.try_get("v_product_id")?,
            sku: row.try_get("v_sku")?,
            options: options_from_text(&row.try_get::<String, _>("v_options")?),
            price: Money::from_cents(row.try_get("v_price_cents")?),
            stock: row.try_get("v_stock")?,
            weight_grams: row.try_get("v_weight_grams")?,
            image: row.try_get("v_image")?,
            position: row.try_get("v_position")?,
            archived_at: row.try_get("v_archived_at")?,
        },
        may_have_deal: row.try_get::<i64, _>("item_everyones_breaks")? != 0
            || row.try_get::<i64, _>("item_in_group")? != 0,
    })
}

/// What a list's entries are read with: the entry, its product and its variant, both
/// in the shop, and whether the customer may have a deal on it ([`ItemRow::may_have_deal`]).
fn items_sql(condition: &str) -> String {
    format!(
        "SELECT i.id AS item_id, i.quantity AS item_quantity, {PRODUCT_COLUMNS}, {ITEM_VARIANT_COLUMNS}, \
         {EVERYONES_BREAKS_ON_VARIANT} AS item_everyones_breaks, {ITEMS_OWNER_IN_A_GROUP} AS item_in_group \
         FROM user_items i JOIN products p ON p.id = i.product_id \
         JOIN product_variants v ON v.id = i.variant_id {PRODUCT_JOINS} \
         WHERE {condition} AND {IN_SHOP} AND v.archived_at IS NULL"
    )
}

impl Items {
    pub fn new(db: Db, clock: Clock) -> Self {
        Items { db, clock }
    }

    /// The customer's list, oldest entry first. At most [`cart::MAX_ITEMS`] long by
    /// construction. Entries of archived products or variants are left out (and kept:
    /// they show again if the product comes back).
    pub async fn list(&self, user_id: &Id, list: List) -> Result<Vec<ItemRow>, sqlx::Error> {
        let sql = format!(
            "{} ORDER BY i.created_at, i.id",
            items_sql("i.user_id = $1 AND i.list = $2")
        );
        let rows = sqlx::query(&sql)
            .bind(user_id)
            .bind(list.as_str())
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(item).collect()
    }

    /// The customer's entry `id`, on whichever list.
    pub async fn get(&self, user_id: &Id, id: &Id) -> Result<Option<ItemRow>, sqlx::Error> {
        let sql = items_sql("i.id = $1 AND i.user_id = $2");
        sqlx::query(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(item)
            .transpose()
    }

    /// Adds `quantity` of a product's variant to the cart (to what is there already),
    /// or the variant to the wishlist (once). `variant_id` may be left out for a product
    /// with one variant. The entry's id, or why not.
    pub async fn add(
        &self,
        user_id: &Id,
        list: List,
        product_id: &Id,
        variant_id: Option<&str>,
        quantity: i64,
    ) -> Result<Result<Id, Refusal>, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let Some(product) =
            products_with_ids(&mut *tx, self.db.dialect, std::slice::from_ref(product_id))
                .await?
                .pop()
        else {
            return Ok(Err(Refusal::NoSuchProduct));
        };
        let offered = variants_of_one(&mut *tx, product_id.as_str(), false).await?;
        let variant = match chosen(&product, &offered, variant_id) {
            Ok(variant) => variant,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let existing = sqlx::query(
            "SELECT id, quantity FROM user_items WHERE user_id = $1 AND list = $2 AND variant_id = $3",
        )
        .bind(user_id)
        .bind(list.as_str())
        .bind(&variant.id)
        .fetch_optional(&mut *tx)
        .await?;
        let held = match &existing {
            Some(row) => Some((
                row.try_get::<Id, _>("id")?,
                row.try_get::<i64, _>("quantity")?,
            )),
            None => None,
        };
        if list == List::Cart {
            let in_cart = held.as_ref().map(|(_, q)| *q);
            if let Err(refusal) = cart::check_cart_quantity(&product.sale, in_cart, quantity) {
                return Ok(Err(refusal));
            }
        }
        let id = match held {
            Some((id, in_cart)) => {
                // A variant the list holds already needs no count of its entries.
                match cart::decide_add(list, Some(in_cart), 0, variant.stock, quantity) {
                    Ok(wanted) => {
                        set_quantity(&mut tx, (user_id, list), &id, wanted).await?;
                    }
                    Err(refusal) => return Ok(Err(refusal)),
                }
                id
            }
            None => {
                let entries = count(&mut tx, user_id, list).await?;
                let entries = usize::try_from(entries).unwrap_or(usize::MAX);
                match cart::decide_add(list, None, entries, variant.stock, quantity) {
                    Ok(wanted) => {
                        let line = (product_id, variant.id.as_str());
                        insert(&mut tx, user_id, list, line, wanted, self.clock.now_ms()).await?
                    }
                    Err(refusal) => return Ok(Err(refusal)),
                }
            }
        };
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Sets the quantity of the customer's cart entry `id`, at most its variant's stock,
    /// and one the product is sold in. The caller has checked [`cart::quantity_allowed`].
    /// The entry as it is now.
    ///
    /// The entry, its product and its stock are read and checked before the write,
    /// which is one conditional statement run in turn with the customer's other list
    /// changes ([`Db::execute_in_turn`]): on SQLite the one writer is held for that
    /// statement alone. The stock read may be a moment old, as it may be a
    /// moment after any answer: a cart holds no stock, and the order checks it again. An
    /// entry removed meanwhile (or ordered with the cart) is not found.
    pub async fn update_quantity(
        &self,
        user_id: &Id,
        id: &Id,
        quantity: i64,
    ) -> Result<Result<ItemRow, Refusal>, sqlx::Error> {
        let row = sqlx::query(&items_sql("i.id = $1 AND i.user_id = $2").replace(
            "SELECT i.id AS item_id",
            "SELECT i.list AS item_list, i.id AS item_id",
        ))
        .bind(id)
        .bind(user_id)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else {
            return Ok(Err(Refusal::NoSuchItem));
        };
        let mut entry = item(&row)?;
        let list: String = row.try_get("item_list")?;
        // A stored list name is always one of ours; anything else has no quantity either.
        let list = List::parse(&list).unwrap_or(List::Wishlist);
        if list == List::Cart {
            if let Err(refusal) = check_quantity(&entry.product.sale, quantity) {
                return Ok(Err(Refusal::Quantity(refusal)));
            }
        }
        let quantity = match cart::decide_update(list, entry.variant.stock, quantity) {
            Ok(quantity) => quantity,
            Err(refusal) => return Ok(Err(refusal)),
        };
        // The customer's lock orders this change with their other list changes and
        // their order of the cart, which reads the cart and empties it.
        let set = set_quantity_query((user_id, List::Cart), id, quantity);
        let set = self
            .db
            .execute_in_turn(LOCK_KIND, user_id.as_str(), set)
            .await?;
        if set.rows_affected() != 1 {
            return Ok(Err(Refusal::NoSuchItem));
        }
        entry.quantity = quantity;
        Ok(Ok(entry))
    }

    /// The variants in the shop of each of `product_ids` (those in the shop), by
    /// product, in position order: what a guest's cart details are read against.
    pub async fn variants_in_shop(
        &self,
        product_ids: &[Id],
    ) -> Result<HashMap<String, Vec<VariantRow>>, sqlx::Error> {
        let ids: Vec<&str> = product_ids.iter().map(Id::as_str).collect();
        variants_of(&self.db.pool, &ids, false).await
    }

    /// Removes the customer's entry `id` (only from `list` when given). Whether it was there.
    pub async fn remove(
        &self,
        user_id: &Id,
        id: &Id,
        list: Option<List>,
    ) -> Result<bool, sqlx::Error> {
        let removed = match list {
            Some(list) => {
                sqlx::query("DELETE FROM user_items WHERE id = $1 AND user_id = $2 AND list = $3")
                    .bind(id)
                    .bind(user_id)
                    .bind(list.as_str())
                    .execute(self.db.writes())
                    .await?
            }
            None => {
                sqlx::query("DELETE FROM user_items WHERE id = $1 AND user_id = $2")
                    .bind(id)
                    .bind(user_id)
                    .execute(self.db.writes())
                    .await?
            }
        };
        Ok(removed.rows_affected() > 0)
    }

    /// Merges a browser's cart and wishlist into the customer's (docs/DESIGN.md §5, §9):
    /// cart quantities add up per variant, capped at its stock and at 99 and kept to what
    /// the product is sold in; the wishlist becomes the union. Entries the lists cannot
    /// take are counted in the answer, never half-written: the whole merge is one
    /// transaction. An entry that cannot be read (a variant left out of a product with
    /// several, a quantity the product is not sold in) refuses the whole merge, with the
    /// field errors by the entry's place (`cart[2].variantId`).
    pub async fn merge(
        &self,
        user_id: &Id,
        cart: &[BrowserEntry],
        wishlist: &[BrowserEntry],
    ) -> Result<Result<Merged, BTreeMap<String, String>>, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let now = self.clock.now_ms();
        let mut ids: Vec<Id> = cart
            .iter()
            .chain(wishlist)
            .map(|e| e.product_id.clone())
            .collect();
        ids.sort();
        ids.dedup();
        let products: HashMap<String, ProductRow> =
            products_with_ids(&mut *tx, self.db.dialect, &ids)
                .await?
                .into_iter()
                .map(|p| (p.id.clone(), p))
                .collect();
        let in_shop: Vec<&str> = products.keys().map(String::as_str).collect();
        let offered = variants_of(&mut *tx, &in_shop, false).await?;
        let mut merged = Merged::default();
        let mut errors = BTreeMap::new();
        // Each entry's product and variant, or `None` when either is gone.
        let mut read = |entries: &[BrowserEntry], quantities: bool| {
            let mut found = Vec::with_capacity(entries.len());
            for entry in entries {
                let Some(product) = products.get(entry.product_id.as_str()) else {
                    found.push(None);
                    continue;
                };
                let variants = offered
                    .get(&product.id)
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                match chosen(product, variants, entry.variant_id.as_deref()) {
                    Ok(variant) => {
                        if quantities {
                            if let Err(refusal) = check_quantity(&product.sale, entry.quantity) {
                                errors
                                    .insert(format!("{}.quantity", entry.field), refusal.message());
                            }
                        }
                        found.push(Some((product, variant)));
                    }
                    Err(Refusal::ChooseVariant(message)) => {
                        errors.insert(format!("{}.variantId", entry.field), message);
                        found.push(None);
                    }
                    Err(_) => found.push(None),
                }
            }
            found
        };
        let cart_found = read(cart, true);
        let wishlist_found = read(wishlist, false);
        if !errors.is_empty() {
            return Ok(Err(errors));
        }

        let mut held = held_items(&mut tx, user_id, List::Cart).await?;
        for (entry, found) in cart.iter().zip(cart_found) {
            let Some((product, variant)) = found else {
                merged.unknown += 1;
                continue;
            };
            let line = held.get(&variant.id).cloned();
            let decided = cart::merge_cart_line(
                &product.sale,
                line.as_ref().map(|e| e.1),
                held.len(),
                variant.stock,
                entry.quantity,
            );
            match decided {
                CartMerge::OutOfStock => merged.out_of_stock += 1,
                CartMerge::OverLimit => merged.over_limit += 1,
                CartMerge::Hold { quantity, capped } => {
                    merged.capped += usize::from(capped);
                    let id = match line {
                        Some((id, in_cart)) if in_cart == quantity => id,
                        Some((id, _)) => {
                            set_quantity(&mut tx, (user_id, List::Cart), &id, quantity).await?;
                            id
                        }
                        None => {
                            let ids = (&entry.product_id, variant.id.as_str());
                            insert(&mut tx, user_id, List::Cart, ids, quantity, now).await?
                        }
                    };
                    held.insert(variant.id.clone(), (id, quantity));
                }
            }
        }

        let mut held = held_items(&mut tx, user_id, List::Wishlist).await?;
        for (entry, found) in wishlist.iter().zip(wishlist_found) {
            let Some((_, variant)) = found else {
                merged.unknown += 1;
                continue;
            };
            let line = held.get(&variant.id).map(|e| e.1);
            match cart::decide_add(List::Wishlist, line, held.len(), variant.stock, 1) {
                Ok(quantity) => {
                    let ids = (&entry.product_id, variant.id.as_str());
                    let id = insert(&mut tx, user_id, List::Wishlist, ids, quantity, now).await?;
                    held.insert(variant.id.clone(), (id, quantity));
                }
                // Already there: the union keeps one.
                Err(Refusal::AlreadyInWishlist) => {}
                Err(_) => merged.over_limit += 1,
            }
        }
        tx.commit().await?;
        Ok(Ok(merged))
    }

    /// A write transaction holding the customer's lock.
    async fn begin(&self, user_id: &Id) -> Result<Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, LOCK_KIND, user_id.as_str()).await?;
        Ok(tx)
    }
}

/// The variant a line of `product` means among `offered` (its variants in the shop):
/// the one `asked` names, else its only one (docs/DESIGN.md §9).
fn chosen(
    product: &ProductRow,
    offered: &[VariantRow],
    asked: Option<&str>,
) -> Result<VariantRow, Refusal> {
    let ids: Vec<&str> = offered.iter().map(|v| v.id.as_str()).collect();
    match choose_variant(asked, &ids) {
        Ok(id) => offered
            .iter()
            .find(|v| v.id == id)
            .cloned()
            .ok_or(Refusal::NoSuchVariant),
        Err(ChoiceRefusal::MustChoose) => {
            Err(Refusal::ChooseVariant(choose_message(&product.options)))
        }
        Err(ChoiceRefusal::NoLongerAvailable) => Err(Refusal::NoSuchVariant),
    }
}

/// The customer's entries of `list`: variant id → (item id, quantity).
async fn held_items(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    list: List,
) -> Result<HashMap<String, (Id, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, variant_id, quantity FROM user_items WHERE user_id = $1 AND list = $2",
    )
    .bind(user_id)
    .bind(list.as_str())
    .fetch_all(&mut **tx)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("variant_id")?,
                (row.try_get("id")?, row.try_get("quantity")?),
            ))
        })
        .collect()
}

async fn count(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    list: List,
) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) AS n FROM user_items WHERE user_id = $1 AND list = $2")
        .bind(user_id)
        .bind(list.as_str())
        .fetch_one(&mut **tx)
        .await?
        .try_get("n")
}

/// A new entry of `list` holding `quantity` of (product, variant).
async fn insert(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    list: List,
    (product_id, variant_id): (&Id, &str),
    quantity: i64,
    created_at: i64,
) -> Result<Id, sqlx::Error> {
    let id = Id::generate();
    sqlx::query(
        "INSERT INTO user_items (id, user_id, list, product_id, variant_id, quantity, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(list.as_str())
    .bind(product_id)
    .bind(variant_id)
    .bind(quantity)
    .bind(created_at)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

/// Sets the quantity of entry `id` if it is still in `owner`'s list; false when it is
/// not (removed or ordered meanwhile).
async fn set_quantity(
    tx: &mut Transaction<'static, Any>,
    entry: (&Id, List),
    id: &Id,
    quantity: i64,
) -> Result<bool, sqlx::Error> {
    let set = set_quantity_query(entry, id, quantity)
        .execute(&mut **tx)
        .await?;
    Ok(set.rows_affected() == 1)
}

/// The statement of [`set_quantity`].
fn set_quantity_query<'q>(
    (user_id, list): (&'q Id, List),
    id: &'q Id,
    quantity: i64,
) -> Query<'q, Any, AnyArguments<'q>> {
    sqlx::query("UPDATE user_items SET quantity = $4 WHERE id = $1 AND user_id = $2 AND list = $3")
        .bind(id)
        .bind(user_id)
        .bind(list.as_str())
        .bind(quantity)
}
