//! The SQL of carts and wishlists. Every change to a customer's lists runs in one
//! write transaction holding that customer's lock, so limits hold and concurrent adds
//! of one product add up exactly, on any number of nodes.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::catalogue::{product_from_row, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::Db;
use crate::domain::cart::{self, CartMerge, List, Merged, Refusal};
use crate::domain::id::Id;
use crate::domain::time::Clock;

/// An entry of a list with its product as it stands now.
#[derive(Clone, Debug)]
pub struct ItemRow {
    pub id: Id,
    pub quantity: i64,
    pub product: ProductRow,
}

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
    })
}

impl Items {
    pub fn new(db: Db, clock: Clock) -> Self {
        Items { db, clock }
    }

    /// The customer's list, oldest entry first. At most [`cart::MAX_ITEMS`] long by
    /// construction. Entries of archived products are left out (and kept: they show
    /// again if the product comes back).
    pub async fn list(&self, user_id: &Id, list: List) -> Result<Vec<ItemRow>, sqlx::Error> {
        let sql = format!(
            "SELECT i.id AS item_id, i.quantity AS item_quantity, {PRODUCT_COLUMNS} \
             FROM user_items i JOIN products p ON p.id = i.product_id {PRODUCT_JOINS} \
             WHERE i.user_id = $1 AND i.list = $2 AND {IN_SHOP} ORDER BY i.created_at, i.id"
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
        let sql = format!(
            "SELECT i.id AS item_id, i.quantity AS item_quantity, {PRODUCT_COLUMNS} \
             FROM user_items i JOIN products p ON p.id = i.product_id {PRODUCT_JOINS} \
             WHERE i.id = $1 AND i.user_id = $2 AND {IN_SHOP}"
        );
        sqlx::query(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&self.db.pool)
            .await?
            .as_ref()
            .map(item)
            .transpose()
    }

    /// Adds `quantity` of a product to the cart (to what is there already), or the
    /// product to the wishlist (once). The entry's id, or why not.
    pub async fn add(
        &self,
        user_id: &Id,
        list: List,
        product_id: &Id,
        quantity: i64,
    ) -> Result<Result<Id, Refusal>, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let Some(stock) = stock_of(&mut tx, product_id).await? else {
            return Ok(Err(Refusal::NoSuchProduct));
        };
        let existing = sqlx::query(
            "SELECT id, quantity FROM user_items WHERE user_id = $1 AND list = $2 AND product_id = $3",
        )
        .bind(user_id)
        .bind(list.as_str())
        .bind(product_id)
        .fetch_optional(&mut *tx)
        .await?;
        let id = match existing {
            Some(row) => {
                let id: Id = row.try_get("id")?;
                let held: i64 = row.try_get("quantity")?;
                // A product the list holds already needs no count of its entries.
                match cart::decide_add(list, Some(held), 0, stock, quantity) {
                    Ok(wanted) => set_quantity(&mut tx, &id, wanted).await?,
                    Err(refusal) => return Ok(Err(refusal)),
                }
                id
            }
            None => {
                let entries = count(&mut tx, user_id, list).await?;
                let entries = usize::try_from(entries).unwrap_or(usize::MAX);
                match cart::decide_add(list, None, entries, stock, quantity) {
                    Ok(wanted) => {
                        insert(
                            &mut tx,
                            user_id,
                            list,
                            product_id,
                            wanted,
                            self.clock.now_ms(),
                        )
                        .await?
                    }
                    Err(refusal) => return Ok(Err(refusal)),
                }
            }
        };
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Sets the quantity of the customer's cart entry `id`, at most the product's stock.
    /// The caller has checked [`cart::quantity_allowed`].
    pub async fn update_quantity(
        &self,
        user_id: &Id,
        id: &Id,
        quantity: i64,
    ) -> Result<Result<(), Refusal>, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let sql = format!(
            "SELECT i.list, p.stock FROM user_items i JOIN products p ON p.id = i.product_id \
             WHERE i.id = $1 AND i.user_id = $2 AND {IN_SHOP}"
        );
        let row = sqlx::query(&sql)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = row else {
            return Ok(Err(Refusal::NoSuchItem));
        };
        let list: String = row.try_get("list")?;
        let stock: i64 = row.try_get("stock")?;
        // A stored list name is always one of ours; anything else has no quantity either.
        let list = List::parse(&list).unwrap_or(List::Wishlist);
        match cart::decide_update(list, stock, quantity) {
            Ok(quantity) => set_quantity(&mut tx, id, quantity).await?,
            Err(refusal) => return Ok(Err(refusal)),
        }
        tx.commit().await?;
        Ok(Ok(()))
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
                    .execute(&self.db.pool)
                    .await?
            }
            None => {
                sqlx::query("DELETE FROM user_items WHERE id = $1 AND user_id = $2")
                    .bind(id)
                    .bind(user_id)
                    .execute(&self.db.pool)
                    .await?
            }
        };
        Ok(removed.rows_affected() > 0)
    }

    /// Merges a browser's cart and wishlist into the customer's (docs/DESIGN.md §5): cart
    /// quantities add up, capped at the stock and at 99; the wishlist becomes the union.
    /// Entries the lists cannot take are counted in the answer, never half-written:
    /// the whole merge is one transaction.
    pub async fn merge(
        &self,
        user_id: &Id,
        cart: &[(Id, i64)],
        wishlist: &[Id],
    ) -> Result<Merged, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let now = self.clock.now_ms();
        let mut ids: Vec<Id> = cart.iter().map(|(id, _)| id.clone()).collect();
        ids.extend(wishlist.iter().cloned());
        ids.sort();
        ids.dedup();
        let stocks = stocks_of(&mut tx, &ids).await?;
        let mut merged = Merged::default();

        let mut held = held_items(&mut tx, user_id, List::Cart).await?;
        for (product_id, quantity) in cart {
            let Some(&stock) = stocks.get(product_id) else {
                merged.unknown += 1;
                continue;
            };
            let entry = held.get(product_id).cloned();
            match cart::merge_cart_line(entry.as_ref().map(|e| e.1), held.len(), stock, *quantity) {
                CartMerge::OutOfStock => merged.out_of_stock += 1,
                CartMerge::OverLimit => merged.over_limit += 1,
                CartMerge::Hold { quantity, capped } => {
                    merged.capped += usize::from(capped);
                    let id = match entry {
                        Some((id, in_cart)) if in_cart == quantity => id,
                        Some((id, _)) => {
                            set_quantity(&mut tx, &id, quantity).await?;
                            id
                        }
                        None => {
                            insert(&mut tx, user_id, List::Cart, product_id, quantity, now).await?
                        }
                    };
                    held.insert(product_id.clone(), (id, quantity));
                }
            }
        }

        let mut held = held_items(&mut tx, user_id, List::Wishlist).await?;
        for product_id in wishlist {
            let Some(&stock) = stocks.get(product_id) else {
                merged.unknown += 1;
                continue;
            };
            let entry = held.get(product_id).map(|e| e.1);
            match cart::decide_add(List::Wishlist, entry, held.len(), stock, 1) {
                Ok(quantity) => {
                    let id =
                        insert(&mut tx, user_id, List::Wishlist, product_id, quantity, now).await?;
                    held.insert(product_id.clone(), (id, quantity));
                }
                // Already there: the union keeps one.
                Err(Refusal::AlreadyInWishlist) => {}
                Err(_) => merged.over_limit += 1,
            }
        }
        tx.commit().await?;
        Ok(merged)
    }

    /// A write transaction holding the customer's lock.
    async fn begin(&self, user_id: &Id) -> Result<Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, LOCK_KIND, user_id.as_str()).await?;
        Ok(tx)
    }
}

async fn stock_of(
    tx: &mut Transaction<'static, Any>,
    product_id: &Id,
) -> Result<Option<i64>, sqlx::Error> {
    // An archived product is no longer sold: it cannot be added.
    sqlx::query("SELECT stock FROM products p WHERE p.id = $1 AND p.archived_at IS NULL")
        .bind(product_id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("stock"))
        .transpose()
}

/// The stock of each product among `ids` that is in the shop. The caller bounds `ids` (two
/// lists of at most 100 entries).
async fn stocks_of(
    tx: &mut Transaction<'static, Any>,
    ids: &[Id],
) -> Result<HashMap<Id, i64>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT p.id, p.stock FROM products p WHERE p.id IN ({}) AND {IN_SHOP}",
        super::placeholders(ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in ids {
        query = query.bind(id.clone());
    }
    query
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("id")?, row.try_get("stock")?)))
        .collect()
}

/// The customer's entries of `list`: product id → (item id, quantity).
async fn held_items(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    list: List,
) -> Result<HashMap<Id, (Id, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, product_id, quantity FROM user_items WHERE user_id = $1 AND list = $2",
    )
    .bind(user_id)
    .bind(list.as_str())
    .fetch_all(&mut **tx)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("product_id")?,
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

async fn insert(
    tx: &mut Transaction<'static, Any>,
    user_id: &Id,
    list: List,
    product_id: &Id,
    quantity: i64,
    created_at: i64,
) -> Result<Id, sqlx::Error> {
    let id = Id::generate();
    sqlx::query(
        "INSERT INTO user_items (id, user_id, list, product_id, quantity, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(list.as_str())
    .bind(product_id)
    .bind(quantity)
    .bind(created_at)
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

async fn set_quantity(
    tx: &mut Transaction<'static, Any>,
    id: &Id,
    quantity: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE user_items SET quantity = $2 WHERE id = $1")
        .bind(id)
        .bind(quantity)
        .execute(&mut **tx)
        .await
        .map(drop)
}
