//! The SQL of carts and wishlists. Every change to a customer's lists runs in one
//! write transaction holding that customer's lock, so limits hold and concurrent adds
//! of one product add up exactly, on any number of nodes.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::catalogue::{product_from_row, ProductRow, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::Db;
use crate::domain::id::new_id;
use crate::domain::time::now_ms;

/// At most this many products in one list (spec §9).
pub const MAX_ITEMS: usize = 100;
/// At most this many of one product in the cart (spec §5).
pub const MAX_QUANTITY: i64 = 99;

/// Which of a customer's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum List {
    Cart,
    Wishlist,
}

impl List {
    pub fn as_str(self) -> &'static str {
        match self {
            List::Cart => "cart",
            List::Wishlist => "wishlist",
        }
    }

    pub fn parse(text: &str) -> Option<List> {
        match text {
            "cart" => Some(List::Cart),
            "wishlist" => Some(List::Wishlist),
            _ => None,
        }
    }
}

/// An entry of a list with its product as it stands now.
#[derive(Clone, Debug)]
pub struct ItemRow {
    pub id: String,
    pub quantity: i64,
    pub product: ProductRow,
}

/// What adding to a list did.
#[derive(Debug)]
pub enum Added {
    /// The entry `id` holds the product now (on the cart, with the quantity added).
    Added {
        id: String,
    },
    NoSuchProduct,
    AlreadyInWishlist,
    ListFull,
    /// The cart would hold more than [`MAX_QUANTITY`]; it holds `in_cart` now.
    OverMaximum {
        in_cart: i64,
    },
    /// The cart would hold more than the stock; it holds `in_cart` now.
    OverStock {
        stock: i64,
        in_cart: i64,
    },
}

/// What changing a cart quantity did.
#[derive(Debug, PartialEq, Eq)]
pub enum Updated {
    Updated,
    /// No such item of this customer.
    NotFound,
    /// The item is on the wishlist, which has no quantities.
    NotInCart,
    OverStock {
        stock: i64,
    },
}

/// What merging a browser's lists did: how many entries could not be taken over, and why.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Products that no longer exist.
    pub unknown: usize,
    /// Cart entries of products out of stock.
    pub out_of_stock: usize,
    /// Cart entries whose quantity was lowered to the stock or to 99.
    pub capped: usize,
    /// Entries beyond the 100 a list holds.
    pub over_limit: usize,
}

#[derive(Clone, Debug)]
pub struct Items {
    db: Db,
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
    pub fn new(db: Db) -> Self {
        Items { db }
    }

    /// The customer's list, oldest entry first. At most [`MAX_ITEMS`] long by construction.
    pub async fn list(&self, user_id: &str, list: List) -> Result<Vec<ItemRow>, sqlx::Error> {
        let sql = format!(
            "SELECT i.id AS item_id, i.quantity AS item_quantity, {PRODUCT_COLUMNS} \
             FROM user_items i JOIN products p ON p.id = i.product_id {PRODUCT_JOINS} \
             WHERE i.user_id = $1 AND i.list = $2 ORDER BY i.created_at, i.id"
        );
        let rows = sqlx::query(&sql)
            .bind(user_id)
            .bind(list.as_str())
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(item).collect()
    }

    /// The customer's entry `id`, on whichever list.
    pub async fn get(&self, user_id: &str, id: &str) -> Result<Option<ItemRow>, sqlx::Error> {
        let sql = format!(
            "SELECT i.id AS item_id, i.quantity AS item_quantity, {PRODUCT_COLUMNS} \
             FROM user_items i JOIN products p ON p.id = i.product_id {PRODUCT_JOINS} \
             WHERE i.id = $1 AND i.user_id = $2"
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
    /// product to the wishlist (once).
    pub async fn add(
        &self,
        user_id: &str,
        list: List,
        product_id: &str,
        quantity: i64,
    ) -> Result<Added, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let Some(stock) = stock_of(&mut tx, product_id).await? else {
            return Ok(Added::NoSuchProduct);
        };
        let existing = sqlx::query(
            "SELECT id, quantity FROM user_items WHERE user_id = $1 AND list = $2 AND product_id = $3",
        )
        .bind(user_id)
        .bind(list.as_str())
        .bind(product_id)
        .fetch_optional(&mut *tx)
        .await?;
        let outcome = match (list, existing) {
            (List::Wishlist, Some(_)) => Added::AlreadyInWishlist,
            (List::Cart, Some(row)) => {
                let id: String = row.try_get("id")?;
                let in_cart: i64 = row.try_get("quantity")?;
                let wanted = in_cart + quantity;
                if wanted > MAX_QUANTITY {
                    Added::OverMaximum { in_cart }
                } else if wanted > stock {
                    Added::OverStock { stock, in_cart }
                } else {
                    set_quantity(&mut tx, &id, wanted).await?;
                    Added::Added { id }
                }
            }
            (_, None) => {
                let quantity = if list == List::Wishlist { 1 } else { quantity };
                if count(&mut tx, user_id, list).await? >= MAX_ITEMS as i64 {
                    Added::ListFull
                } else if list == List::Cart && quantity > stock {
                    Added::OverStock { stock, in_cart: 0 }
                } else {
                    let id = insert(&mut tx, user_id, list, product_id, quantity).await?;
                    Added::Added { id }
                }
            }
        };
        if matches!(outcome, Added::Added { .. }) {
            tx.commit().await?;
        }
        Ok(outcome)
    }

    /// Sets the quantity of the customer's cart entry `id`, at most the product's stock.
    /// The caller has checked `quantity` is within 1 to [`MAX_QUANTITY`].
    pub async fn update_quantity(
        &self,
        user_id: &str,
        id: &str,
        quantity: i64,
    ) -> Result<Updated, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let row = sqlx::query(
            "SELECT i.list, p.stock FROM user_items i JOIN products p ON p.id = i.product_id \
             WHERE i.id = $1 AND i.user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            return Ok(Updated::NotFound);
        };
        let list: String = row.try_get("list")?;
        let stock: i64 = row.try_get("stock")?;
        if list != List::Cart.as_str() {
            return Ok(Updated::NotInCart);
        }
        if quantity > stock {
            return Ok(Updated::OverStock { stock });
        }
        set_quantity(&mut tx, id, quantity).await?;
        tx.commit().await?;
        Ok(Updated::Updated)
    }

    /// Removes the customer's entry `id` (only from `list` when given). Whether it was there.
    pub async fn remove(
        &self,
        user_id: &str,
        id: &str,
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

    /// Merges a browser's cart and wishlist into the customer's (DESIGN.md §5): cart
    /// quantities add up, capped at the stock and at 99; the wishlist becomes the union.
    /// Entries the lists cannot take are counted in the answer, never half-written:
    /// the whole merge is one transaction.
    pub async fn merge(
        &self,
        user_id: &str,
        cart: &[(String, i64)],
        wishlist: &[String],
    ) -> Result<Merged, sqlx::Error> {
        let mut tx = self.begin(user_id).await?;
        let mut ids: Vec<String> = cart.iter().map(|(id, _)| id.clone()).collect();
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
            let cap = stock.min(MAX_QUANTITY);
            if cap < 1 {
                merged.out_of_stock += 1;
                continue;
            }
            let held_count = held.len();
            match held.get_mut(product_id) {
                Some((id, in_cart)) => {
                    let wanted = in_cart.saturating_add(*quantity).min(cap);
                    if wanted < in_cart.saturating_add(*quantity) {
                        merged.capped += 1;
                    }
                    if wanted != *in_cart {
                        set_quantity(&mut tx, id, wanted).await?;
                        *in_cart = wanted;
                    }
                }
                None if held_count >= MAX_ITEMS => merged.over_limit += 1,
                None => {
                    let wanted = (*quantity).min(cap);
                    if wanted < *quantity {
                        merged.capped += 1;
                    }
                    let id = insert(&mut tx, user_id, List::Cart, product_id, wanted).await?;
                    held.insert(product_id.clone(), (id, wanted));
                }
            }
        }

        let mut held = held_items(&mut tx, user_id, List::Wishlist).await?;
        for product_id in wishlist {
            if !stocks.contains_key(product_id) {
                merged.unknown += 1;
            } else if held.contains_key(product_id) {
                // Already there: the union keeps one.
            } else if held.len() >= MAX_ITEMS {
                merged.over_limit += 1;
            } else {
                let id = insert(&mut tx, user_id, List::Wishlist, product_id, 1).await?;
                held.insert(product_id.clone(), (id, 1));
            }
        }
        tx.commit().await?;
        Ok(merged)
    }

    /// A write transaction holding the customer's lock.
    async fn begin(&self, user_id: &str) -> Result<Transaction<'static, Any>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        super::lock_subject(&mut tx, self.db.dialect, LOCK_KIND, user_id).await?;
        Ok(tx)
    }
}

async fn stock_of(
    tx: &mut Transaction<'static, Any>,
    product_id: &str,
) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query("SELECT stock FROM products WHERE id = $1")
        .bind(product_id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("stock"))
        .transpose()
}

/// The stock of each product among `ids` that exists. The caller bounds `ids` (two
/// lists of at most 100 entries).
async fn stocks_of(
    tx: &mut Transaction<'static, Any>,
    ids: &[String],
) -> Result<HashMap<String, i64>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT id, stock FROM products WHERE id IN ({})",
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
    user_id: &str,
    list: List,
) -> Result<HashMap<String, (String, i64)>, sqlx::Error> {
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
    user_id: &str,
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
    user_id: &str,
    list: List,
    product_id: &str,
    quantity: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO user_items (id, user_id, list, product_id, quantity, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(user_id)
    .bind(list.as_str())
    .bind(product_id)
    .bind(quantity)
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(id)
}

async fn set_quantity(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    quantity: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE user_items SET quantity = $2 WHERE id = $1")
        .bind(id)
        .bind(quantity)
        .execute(&mut **tx)
        .await
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_the_api_names_them() {
        for list in [List::Cart, List::Wishlist] {
            assert_eq!(List::parse(list.as_str()), Some(list));
        }
        assert_eq!(List::parse("Cart"), None);
        assert_eq!(List::parse(""), None);
    }
}
