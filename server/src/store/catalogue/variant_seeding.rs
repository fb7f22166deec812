//! The seeders' variants (docs/DESIGN.md §9, "Demo catalogue"): many products' options,
//! sale units and variants written in a few transactions, where the console's save
//! ([`Catalogue::replace_variants`]) takes one product per transaction. The product's
//! price and stock are then derived from its variants as every write derives them.

use sqlx::Row;

use super::variants::{derive_products, set_options_and_unit, VariantInput};
use super::{bump_all, Catalogue};
use crate::domain::id::stable_id;
use crate::domain::variant::{options_text, ProductOption, SaleUnit};
use crate::store::{placeholders, value_rows};

/// A seeded product's options, sale unit and variants (new ones: their `id` is left
/// out and derived from the SKU, so seeding twice writes the same rows).
#[derive(Clone, Debug)]
pub struct SeedVariants {
    pub product_id: String,
    pub options: Vec<ProductOption>,
    pub sale: SaleUnit,
    pub variants: Vec<VariantInput>,
}

/// Products per transaction.
const BATCH: usize = 500;
/// Columns of a variant row.
const PER_ROW: usize = 10;

impl Catalogue {
    /// Gives each product its options, sale unit and variants, in place of the one
    /// variant it was made with. A product that has other variants already (seeded
    /// before, or changed in the console), or whose one variant an order names, is
    /// left as it is. Returns how many products got their variants.
    pub async fn seed_variants(&self, products: &[SeedVariants]) -> Result<usize, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut seeded = 0;
        for batch in products.chunks(BATCH) {
            let mut tx = self.db.begin_write().await?;
            let ids: Vec<&str> = batch.iter().map(|p| p.product_id.as_str()).collect();
            let sql = format!(
                "SELECT v.product_id FROM product_variants v WHERE v.product_id IN ({}) \
                 AND NOT EXISTS (SELECT 1 FROM order_lines o WHERE o.variant_id = v.id) \
                 GROUP BY v.product_id HAVING COUNT(*) = 1 AND MAX(v.options) = '{{}}'",
                placeholders(ids.len())
            );
            let fresh: Vec<String> = ids
                .iter()
                .fold(sqlx::query(&sql), |q, id| q.bind(*id))
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|row| row.try_get("product_id"))
                .collect::<Result<_, _>>()?;
            let fresh: Vec<&SeedVariants> = batch
                .iter()
                .filter(|p| fresh.contains(&p.product_id))
                .collect();
            if fresh.is_empty() {
                continue;
            }
            let fresh_ids: Vec<&str> = fresh.iter().map(|p| p.product_id.as_str()).collect();
            let sql = format!(
                "DELETE FROM product_variants WHERE product_id IN ({})",
                placeholders(fresh_ids.len())
            );
            fresh_ids
                .iter()
                .fold(sqlx::query(&sql), |q, id| q.bind(*id))
                .execute(&mut *tx)
                .await?;
            let rows: Vec<(&str, &VariantInput)> = fresh
                .iter()
                .flat_map(|p| p.variants.iter().map(|v| (p.product_id.as_str(), v)))
                .collect();
            for chunk in rows.chunks(100) {
                let sql = format!(
                    "INSERT INTO product_variants (id, product_id, sku, options, price_cents, stock, \
                     weight_grams, image, position, created_at) VALUES {}",
                    value_rows(chunk.len(), PER_ROW)
                );
                let mut query = sqlx::query(&sql);
                for (product_id, v) in chunk {
                    query = query
                        .bind(
                            v.id.clone()
                                .unwrap_or_else(|| stable_id("variant", &v.sku.to_lowercase())),
                        )
                        .bind(*product_id)
                        .bind(v.sku.clone())
                        .bind(options_text(&v.options))
                        .bind(v.price.cents())
                        .bind(v.stock)
                        .bind(v.weight_grams)
                        .bind(v.image.clone())
                        .bind(v.position)
                        .bind(now);
                }
                query.execute(&mut *tx).await?;
            }
            for p in &fresh {
                set_options_and_unit(&mut tx, &p.product_id, &p.options, p.sale).await?;
            }
            derive_products(&mut tx, &fresh_ids, now).await?;
            bump_all(&mut tx).await?;
            tx.commit().await?;
            seeded += fresh.len();
        }
        self.after_write().await;
        Ok(seeded)
    }
}
