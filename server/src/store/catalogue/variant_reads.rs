//! Reading a product with its variants for its page, its variants for the console, how
//! many each product of the console's table has, and finding a variant by its SKU
//! (docs/DESIGN.md §9).

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::read::{
    decode_error, product_from_row, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS,
};
use super::variants::{variants_of, variants_of_one, StoredVariant, VariantRow, VARIANT_OBJECT};
use super::Catalogue;
use crate::domain::id::Id;
use crate::store::placeholders;
use crate::store::prices::EVERYONES_BREAKS_ON_VARIANT;
use crate::store::Dialect;

/// A product in the shop with its variants in the shop in position order, and whether
/// everyone has quantity breaks on one of them (only then does pricing change a guest's
/// answer), read with them.
#[derive(Debug)]
pub struct ShopProduct {
    pub product: ProductRow,
    pub variants: Vec<VariantRow>,
    pub everyones_breaks: bool,
}

/// What a SKU names: its variant's id, and the product with its variants in the shop.
#[derive(Debug)]
pub struct SkuMatch {
    pub found: ShopProduct,
    pub variant_id: String,
}

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
        variants_of_one(&self.db.pool, product_id, archived).await
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

    /// Product `id` and its variants, both as the shop shows them (see
    /// [`product_with_variants`]).
    pub async fn product_with_variants(&self, id: &Id) -> Result<Option<ShopProduct>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        product_with_variants(&mut conn, self.db.dialect, id).await
    }
}

/// What `sku` names (ignoring case): its variant's product and that product's
/// variants in the shop, both in the shop (an archived variant, or one of an
/// archived product, is not found). Read through the unique index on `lower(sku)`, in
/// one statement on the caller's connection.
pub async fn by_sku(
    conn: &mut AnyConnection,
    dialect: Dialect,
    sku: &str,
) -> Result<Option<SkuMatch>, sqlx::Error> {
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS}, {}, f.id AS found_id FROM product_variants f \
         JOIN products p ON p.id = f.product_id {PRODUCT_JOINS} \
         WHERE lower(f.sku) = lower($1) AND f.archived_at IS NULL AND {IN_SHOP}",
        shop_variants_column(dialect)
    );
    let Some(row) = sqlx::query(&sql).bind(sku).fetch_optional(conn).await? else {
        return Ok(None);
    };
    Ok(Some(SkuMatch {
        found: shop_product_from_row(&row)?,
        variant_id: row.try_get("found_id")?,
    }))
}

/// Product `id` in the shop and its variants in the shop in position order: one
/// statement on the caller's connection.
pub async fn product_with_variants(
    conn: &mut AnyConnection,
    dialect: Dialect,
    id: &Id,
) -> Result<Option<ShopProduct>, sqlx::Error> {
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS}, {} FROM products p {PRODUCT_JOINS} \
         WHERE p.id = $1 AND {IN_SHOP}",
        shop_variants_column(dialect)
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(shop_product_from_row).transpose()
}

/// The column (`variants`) that reads product `p`'s variants in the shop with it, in
/// position order, each with whether everyone has quantity breaks on it: one JSON
/// value, so the product and its variants are one statement (each one more is a
/// round trip to the connection, docs/ARCHITECTURE.md).
pub fn shop_variants_column(dialect: Dialect) -> String {
    let pairs = format!("{VARIANT_OBJECT}, 'everyones_breaks', {EVERYONES_BREAKS_ON_VARIANT}");
    format!(
        "(SELECT {} FROM product_variants v WHERE v.product_id = p.id \
         AND v.archived_at IS NULL) AS variants",
        dialect.json_rows_in_order(&pairs, "v.position, v.id")
    )
}

/// A variant as [`shop_variants_column`] reads it.
#[derive(serde::Deserialize)]
struct ShopVariant {
    #[serde(flatten)]
    stored: StoredVariant,
    everyones_breaks: i64,
}

/// The product of a row with [`PRODUCT_COLUMNS`] and [`shop_variants_column`].
fn shop_product_from_row(row: &AnyRow) -> Result<ShopProduct, sqlx::Error> {
    let variants: Vec<ShopVariant> =
        serde_json::from_str(&row.try_get::<String, _>("variants")?).map_err(decode_error)?;
    Ok(ShopProduct {
        product: product_from_row(row)?,
        everyones_breaks: variants.iter().any(|v| v.everyones_breaks != 0),
        variants: variants.into_iter().map(|v| v.stored.into()).collect(),
    })
}
