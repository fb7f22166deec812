//! The staff's stock changes and a product's stock history (docs/DESIGN.md §15): stock moves
//! by a change with a reason, never by a form saving the number it loaded, so a sale
//! while the form was open is never undone.

use sqlx::Row;

use super::product_rows::product_in;
use super::product_rows::ProductRefusal;
use super::variants;
use super::{stock_crossed_zero, Catalogue, ProductRow};
use crate::domain::id::Id;
use crate::store::activity::{Activity, Actor, Changes, Entry};
use crate::store::stock::{self, Cause, Movement};

impl Catalogue {
    /// Moves product `id`'s stock by `change` units (not 0) for `reason`: its one
    /// variant's ([`Catalogue::change_variant_stock`]); a product with several variants
    /// is refused ([`ProductRefusal::SeveralVariants`]), as each variant's stock moves
    /// on its own.
    pub async fn change_stock(
        &self,
        id: &Id,
        change: i64,
        reason: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let variants = variants::variants_of(&self.db.pool, &[id.as_str()], false)
            .await?
            .remove(id.as_str())
            .unwrap_or_default();
        match variants.as_slice() {
            [] => Ok(Err(ProductRefusal::NoSuchProduct)),
            [one] => {
                self.change_variant_stock(&one.id, change, reason, actor, activity)
                    .await
            }
            _ => Ok(Err(ProductRefusal::SeveralVariants)),
        }
    }

    /// Moves variant `variant_id`'s stock by `change` units (not 0) for `reason`: a
    /// conditional increment that never leaves fewer than no units, however many
    /// changes and orders race it ([`ProductRefusal::Short`] with the units there are,
    /// nothing written); an archived variant is not found. Its product's stock (the
    /// sum) follows. Written to the stock history and the activity log in its own
    /// transaction; resolves to the product as it now is. Its `version` does not move:
    /// a form open on it stays current.
    pub async fn change_variant_stock(
        &self,
        variant_id: &str,
        change: i64,
        reason: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        // The variant's row first, then its product's (deriving it, below), as an order
        // takes all its variants before their products: two writers never hold one row
        // each while waiting for the other's.
        let moved: Option<(i64, String, String)> = sqlx::query(
            "UPDATE product_variants SET stock = stock + $1 \
             WHERE id = $2 AND archived_at IS NULL AND stock + $1 >= 0 \
             RETURNING stock, product_id, sku",
        )
        .bind(change)
        .bind(variant_id)
        .fetch_optional(&mut *tx)
        .await?
        .map(|row| {
            Ok::<_, sqlx::Error>((
                row.try_get("stock")?,
                row.try_get("product_id")?,
                row.try_get("sku")?,
            ))
        })
        .transpose()?;
        let Some((after, product_id, sku)) = moved else {
            let stock: Option<i64> = sqlx::query(
                "SELECT stock FROM product_variants WHERE id = $1 AND archived_at IS NULL",
            )
            .bind(variant_id)
            .fetch_optional(&mut *tx)
            .await?
            .map(|row| row.try_get("stock"))
            .transpose()?;
            return Ok(Err(match stock {
                Some(stock) => ProductRefusal::Short(stock),
                None => ProductRefusal::NoSuchVariant,
            }));
        };
        variants::derive_products(&mut tx, &[product_id.as_str()], now).await?;
        let moved = Movement {
            product_id: product_id.clone(),
            variant_id: Some(variant_id.to_string()),
            change,
            stock_after: after,
        };
        stock::record(&mut tx, &[moved], Cause::Staff { actor, reason }, now).await?;
        let product = product_in(&mut tx, &product_id)
            .await?
            .expect("its variant is");
        let changes = Changes::new()
            .field("stock", after - change, after)
            .field("sku", None::<String>, Some(sku))
            .field("reason", None::<String>, Some(reason.to_string()));
        activity
            .record(
                &mut tx,
                Entry {
                    actor,
                    object_type: "product",
                    object_id: &product_id,
                    object_name: &product.name,
                    action: "stock",
                    changes,
                },
            )
            .await?;
        tx.commit().await?;
        // Only the product running out or coming back changes what search holds.
        let before = product.stock - change;
        if (product.stock == 0) != (before == 0) {
            stock_crossed_zero(&self.db, &[product_id.as_str()]).await;
            self.after_write().await;
        }
        Ok(Ok(product))
    }

    /// Page `page` of product `id`'s stock history, newest first, and how many entries
    /// it has; none when there is no such product.
    pub async fn stock_history(
        &self,
        id: &Id,
        page: i64,
        per_page: i64,
    ) -> Result<Option<(Vec<stock::Entry>, i64)>, sqlx::Error> {
        let exists = sqlx::query("SELECT 1 AS one FROM products WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.db.pool)
            .await?
            .is_some();
        if !exists {
            return Ok(None);
        }
        stock::history(&self.db, id.as_str(), page, per_page)
            .await
            .map(Some)
    }
}
