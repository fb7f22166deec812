//! Importing products from a file (the console's CSV import, docs/DESIGN.md §8, §9): each
//! product of the file (its lines, one per variant) is checked against the catalogue as
//! it stands, then either reported (a dry run) or written, every product in one
//! transaction or none at all.
//!
//! The HTTP layer reads the file, makes products of its lines and checks their fields
//! on their own; here a product's category and sub-category are found by their titles,
//! its id (if it has one) must name a product, its lines are matched to its variants
//! (by `variantId`, else by SKU) and its SKUs must be free (`import_plan.rs`). A product
//! that changes nothing writes nothing; one that changes some fields writes only those,
//! keeping what the file cannot show as it was (a discount's end is a day in the file,
//! an instant in the shop), and moves no stock it did not change. The lines of a
//! product are its variants: an existing variant no line names is deleted, or archived
//! when an order names it, as a console save does.

use sqlx::{Any, Row, Transaction};

use super::categories::TREE_LOCK;
pub use super::import_lines::{
    ImportAction, ImportLine, ImportProduct, LineOutcome, TitledProduct,
};
use super::import_plan::{plan, Planned, Write};
use super::product_rows::{changes_between, input_of, insert_products, merged, set_product};
use super::product_rows::{without, ProductInput, ProductRefusal};
use super::product_variants;
use super::variants;
use super::{bump_version, Catalogue};
use crate::domain::id::new_id;
use crate::domain::variant::generated_sku;
use crate::store::activity::{Activity, Actor, Entry};
use crate::store::{lock_subject, stock};

/// The stock history's reason for units an imported file sets.
pub const CSV_IMPORT: &str = "CSV import";

impl Catalogue {
    /// Checks `products` against the catalogue; with `apply`, writes them all in one
    /// transaction (with an activity entry per product changed), unless any line is
    /// refused, when nothing is written. Resolves to each line's outcome, in the
    /// products' order, and whether the lines were applied.
    pub async fn import_products(
        &self,
        products: Vec<ImportProduct>,
        apply: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<(Vec<LineOutcome>, bool), sqlx::Error> {
        if !apply {
            let mut conn = self.db.pool.acquire().await?;
            let planned = plan(&mut conn, products).await?;
            return Ok((outcomes(planned), false));
        }
        let mut tx = self.db.begin_write().await?;
        // No category can go (nor change its title) between the check and the write.
        lock_subject(&mut tx, self.db.dialect, TREE_LOCK.0, TREE_LOCK.1).await?;
        // The named products' rows, all at once and in the order orders take them, so
        // what the plan reads is what is written over and no order deadlocks with it.
        let mut named: Vec<&str> = products
            .iter()
            .map(|p| p.id.as_str())
            .filter(|id| !id.is_empty())
            .collect();
        named.sort_unstable();
        named.dedup();
        variants::lock_products(&mut tx, self.db.dialect, &named).await?;
        let mut planned = plan(&mut tx, products).await?;
        if planned.iter().any(Planned::refused) {
            tx.rollback().await?;
            return Ok((outcomes(planned), false));
        }
        let now = self.clock.now_ms();
        // New products first, in one go, each with its one variant; then every product's
        // variants and stock as its lines say.
        for product in planned.iter_mut() {
            if let Some(write) = product.write.as_mut().filter(|w| w.before.is_none()) {
                write.id = new_id();
            }
        }
        let creates: Vec<(&str, &ProductInput, &str)> = planned
            .iter()
            .filter_map(|p| p.write.as_ref())
            .filter(|w| w.before.is_none())
            .map(|w| (w.id.as_str(), &w.input, w.search_text.as_str()))
            .collect();
        insert_products(&mut tx, &creates, now).await?;
        let mut entries = Vec::new();
        let mut moved = Vec::new();
        let mut refused = None;
        for (at, product) in planned.iter().enumerate() {
            let Some(write) = &product.write else {
                continue;
            };
            match self.write_product(&mut tx, write, &mut moved, now).await? {
                Ok(changes) => entries.push((write, changes)),
                Err(refusal) => {
                    refused = Some((at, refusal));
                    break;
                }
            }
        }
        if let Some((at, refusal)) = refused {
            // A SKU another save took since the check: the file is refused as a whole.
            drop(entries);
            tx.rollback().await?;
            planned[at].refuse(&refusal);
            return Ok((outcomes(planned), false));
        }
        let cause = stock::Cause::Staff {
            actor,
            reason: CSV_IMPORT,
        };
        stock::record(&mut tx, &moved, cause, now).await?;
        let entries: Vec<Entry> = entries
            .into_iter()
            .map(|(write, changes)| Entry {
                actor,
                object_type: "product",
                object_id: &write.id,
                object_name: &write.input.name,
                action: if write.before.is_none() {
                    "created"
                } else {
                    "updated"
                },
                changes,
            })
            .collect();
        activity.record_all(&mut tx, &entries).await?;
        let written = !entries.is_empty();
        if written {
            let changed: Vec<&str> = entries.iter().map(|entry| entry.object_id).collect();
            bump_version(&mut tx, &changed).await?;
        }
        for product in planned.iter_mut() {
            let Some(write) = &product.write else {
                continue;
            };
            for outcome in &mut product.outcomes {
                outcome.id = Some(write.id.clone());
                if outcome.sku.is_empty() {
                    // A new product's one variant, named by the migration's rule.
                    outcome.sku = generated_sku(&write.id);
                }
            }
        }
        tx.commit().await?;
        if written {
            self.after_write().await;
        }
        Ok((outcomes(planned), true))
    }

    /// Writes one product of the file (a new one is inserted already): its fields, its
    /// stock as the file gives it, its options, sale unit and variants. Adds its stock
    /// movements to `moved`; resolves to its activity entry's changes.
    async fn write_product(
        &self,
        tx: &mut Transaction<'static, Any>,
        write: &Write,
        moved: &mut Vec<stock::Movement>,
        now: i64,
    ) -> Result<Result<crate::store::activity::Changes, ProductRefusal>, sqlx::Error> {
        let id = write.id.as_str();
        let several = write.plan.variants.is_some();
        if let Some(before) = &write.before {
            // Under the import's write, whatever version the product is at; the stock
            // only when the file changes it, so no sale is written over.
            let stock =
                (!several && write.input.stock != before.stock).then_some(write.input.stock);
            let input = ProductInput {
                price: if several {
                    before.price
                } else {
                    write.input.price
                },
                ..write.input.clone()
            };
            set_product(tx, id, &input, stock, &write.search_text, now, None).await?;
        }
        for (variant_id, units) in &write.stock_sets {
            if let Some(movement) = set_variant_stock(tx, id, variant_id, *units).await? {
                moved.push(movement);
            }
        }
        let before = write.before.as_ref();
        let applied =
            match product_variants::apply(tx, self.db.dialect, id, before, &write.plan, now).await?
            {
                Ok(applied) => applied,
                Err(refusal) => return Ok(Err(refusal)),
            };
        moved.extend(applied.started);
        let mut changes = changes_between(before.map(input_of).as_ref(), &write.input);
        if several {
            changes = without(changes, &["price", "stock"]);
        } else if before.is_none_or(|b| b.stock != write.input.stock) {
            moved.push(stock::Movement {
                product_id: id.to_string(),
                variant_id: None,
                change: write.input.stock - before.map_or(0, |b| b.stock),
                stock_after: write.input.stock,
            });
        }
        Ok(Ok(merged(changes, applied.changes)))
    }
}

/// Sets variant `variant_id`'s stock to `units`, the number the file gives it: the
/// movement to record, if it moved.
async fn set_variant_stock(
    tx: &mut Transaction<'static, Any>,
    product_id: &str,
    variant_id: &str,
    units: i64,
) -> Result<Option<stock::Movement>, sqlx::Error> {
    let was: i64 = sqlx::query("SELECT stock FROM product_variants WHERE id = $1")
        .bind(variant_id)
        .fetch_one(&mut **tx)
        .await?
        .try_get("stock")?;
    if was == units {
        return Ok(None);
    }
    sqlx::query("UPDATE product_variants SET stock = $1 WHERE id = $2")
        .bind(units)
        .bind(variant_id)
        .execute(&mut **tx)
        .await?;
    Ok(Some(stock::Movement {
        product_id: product_id.to_string(),
        variant_id: Some(variant_id.to_string()),
        change: units - was,
        stock_after: units,
    }))
}

/// Every line's outcome, in the file's order of products.
fn outcomes(planned: Vec<Planned>) -> Vec<LineOutcome> {
    planned.into_iter().flat_map(|p| p.outcomes).collect()
}
