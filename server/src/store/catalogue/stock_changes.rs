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
    /// Moves product `id`'s stock by `change` units (not 0) for `reason`: a conditional
    /// increment that never leaves fewer than no units, however many changes and orders
    /// race it ([`ProductRefusal::Short`] with the units there are, nothing written).
    /// Written to the stock history and the activity log in its own transaction;
    /// resolves to the product as it now is. Its `version` does not move: a form open
    /// on it stays current.
    pub async fn change_stock(
        &self,
        id: &Id,
        change: i64,
        reason: &str,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let after: Option<(i64, String)> = sqlx::query(
            "UPDATE products SET stock = stock + $1 WHERE id = $2 AND stock + $1 >= 0 \
             RETURNING stock, name",
        )
        .bind(change)
        .bind(id.as_str())
        .fetch_optional(&mut *tx)
        .await?
        .map(|row| Ok::<_, sqlx::Error>((row.try_get("stock")?, row.try_get("name")?)))
        .transpose()?;
        let Some((after, name)) = after else {
            return Ok(Err(match product_in(&mut tx, id.as_str()).await? {
                Some(product) => ProductRefusal::Short(product.stock),
                None => ProductRefusal::NoSuchProduct,
            }));
        };
        variants::carry_to_single_variant(&mut tx, id.as_str()).await?;
        let moved = Movement {
            product_id: id.as_str().to_string(),
            variant_id: None,
            change,
            stock_after: after,
        };
        stock::record(&mut tx, &[moved], Cause::Staff { actor, reason }, now).await?;
        let changes = Changes::new().field("stock", after - change, after).field(
            "reason",
            None::<String>,
            Some(reason.to_string()),
        );
        activity
            .record(
                &mut tx,
                Entry {
                    actor,
                    object_type: "product",
                    object_id: id.as_str(),
                    object_name: &name,
                    action: "stock",
                    changes,
                },
            )
            .await?;
        let product = product_in(&mut tx, id.as_str())
            .await?
            .expect("changed above");
        tx.commit().await?;
        // Only running out or coming back changes what search holds.
        if (after == 0) != (after - change == 0) {
            stock_crossed_zero(&self.db, &[id.as_str()]).await;
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
