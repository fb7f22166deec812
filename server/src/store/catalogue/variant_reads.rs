//! Reading a product's variants for its page and the console, how many each product
//! of the console's table has, and finding a variant by its SKU (docs/DESIGN.md §9).

use std::collections::HashMap;

use sqlx::Row;

use super::read::{product_from_row, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::variants::{variant_from_row, variants_of, VariantRow, VARIANT_COLUMNS};
use super::Catalogue;
use crate::store::placeholders;

/// A product's variants in the shop, and how many of them have no weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VariantTally {
    pub count: i64,
    pub unweighed: i64,
}

impl Catalogue {
    /// Product `product_id`'s variants in position order: those in the shop, and the
    /// archived ones too with `archived` (the console's).
    pub async fn variants(
        &self,
        product_id: &str,
        archived: bool,
    ) -> Result<Vec<VariantRow>, sqlx::Error> {
        Ok(self
            .variants_by_product(&[product_id], archived)
            .await?
            .remove(product_id)
            .unwrap_or_default())
    }

    /// The variants of each of `product_ids` (a page: the caller bounds them) by
    /// product, each list in position order; archived ones only with `archived`.
    pub async fn variants_by_product(
        &self,
        product_ids: &[&str],
        archived: bool,
    ) -> Result<HashMap<String, Vec<VariantRow>>, sqlx::Error> {
        variants_of(&self.db.pool, product_ids, archived).await
    }

    /// How many variants each of `product_ids` has in the shop (archived ones left out),
    /// and how many of those have no weight (docs/DESIGN.md §10: delivery prices by it):
    /// one query for a page of the console's table.
    pub async fn variant_counts(
        &self,
        product_ids: &[&str],
    ) -> Result<HashMap<String, VariantTally>, sqlx::Error> {
        if product_ids.is_empty() {
            return Ok(HashMap::new());
        }
        let sql = format!(
            "SELECT product_id, COUNT(*) AS n, \
             CAST(SUM(CASE WHEN weight_grams IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS unweighed \
             FROM product_variants WHERE product_id IN ({}) AND archived_at IS NULL GROUP BY product_id",
            placeholders(product_ids.len())
        );
        let mut query = sqlx::query(&sql);
        for id in product_ids {
            query = query.bind(*id);
        }
        query
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(|row| {
                let tally = VariantTally {
                    count: row.try_get("n")?,
                    unweighed: row.try_get("unweighed")?,
                };
                Ok((row.try_get("product_id")?, tally))
            })
            .collect()
    }

    /// The variant whose SKU is `sku` (ignoring case) and its product, both in the
    /// shop: an archived variant, or one of an archived product, is not found. Read
    /// through the unique index on `lower(sku)`.
    pub async fn by_sku(&self, sku: &str) -> Result<Option<(ProductRow, VariantRow)>, sqlx::Error> {
        let sql = format!(
            "SELECT {VARIANT_COLUMNS} FROM product_variants v \
             WHERE lower(v.sku) = lower($1) AND v.archived_at IS NULL"
        );
        let Some(row) = sqlx::query(&sql)
            .bind(sku)
            .fetch_optional(&self.db.pool)
            .await?
        else {
            return Ok(None);
        };
        let variant = variant_from_row(&row)?;
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id = $1 AND {IN_SHOP}"
        );
        let product = sqlx::query(&sql)
            .bind(&variant.product_id)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(match product {
            Some(row) => Some((product_from_row(&row)?, variant)),
            None => None,
        })
    }
}
