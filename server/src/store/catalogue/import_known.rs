//! What a CSV import reads of the catalogue before it plans (docs/DESIGN.md §8, §9): the
//! categories by title, the products the file names with their variants, and which
//! variant holds each SKU the file gives, a few hundred rows at a time.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::import_lines::ImportProduct;
use super::read::{product_from_row, ProductRow, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::variants::{variants_of, VariantRow};
use crate::domain::id::Id;
use crate::store::placeholders;

/// Rows read from the database at a time.
const BATCH: usize = 500;

/// What the catalogue holds of the products a file names.
pub(super) struct Known {
    pub categories: HashMap<String, CategoryEntry>,
    pub products: HashMap<String, ProductRow>,
    /// Their variants, archived ones too, by product id.
    pub variants: HashMap<String, Vec<VariantRow>>,
    /// The variant holding each SKU the file gives, by the SKU in lowercase.
    pub holders: HashMap<String, String>,
}

/// What the catalogue holds of the products `products` name, their categories by title
/// and the holders of their SKUs.
pub(super) async fn known(
    conn: &mut AnyConnection,
    products: &[ImportProduct],
) -> Result<Known, sqlx::Error> {
    let categories = category_titles(conn).await?;
    let found = products_named(conn, products).await?;
    let ids: Vec<&str> = found.keys().map(String::as_str).collect();
    let mut variants = HashMap::with_capacity(ids.len());
    for batch in ids.chunks(BATCH) {
        variants.extend(variants_of(&mut *conn, batch, true).await?);
    }
    let skus: Vec<String> = products
        .iter()
        .filter_map(|p| p.fields.as_ref().ok()?.plan.variants.as_ref())
        .flatten()
        .map(|v| v.sku.to_lowercase())
        .collect();
    let mut holders = HashMap::with_capacity(skus.len());
    for batch in skus.chunks(BATCH) {
        let sql = format!(
            "SELECT id, lower(sku) AS sku FROM product_variants WHERE lower(sku) IN ({})",
            placeholders(batch.len())
        );
        let mut query = sqlx::query(&sql);
        for sku in batch {
            query = query.bind(sku);
        }
        for row in query.fetch_all(&mut *conn).await? {
            holders.insert(row.try_get("sku")?, row.try_get("id")?);
        }
    }
    Ok(Known {
        categories,
        products: found,
        variants,
        holders,
    })
}

/// A category's id and title, and its sub-categories by lowercase title.
pub(super) struct CategoryEntry {
    pub id: String,
    pub title: String,
    pub subs: HashMap<String, (String, String)>,
}

/// Every category by lowercase title, with its sub-categories likewise: titles are
/// unique in any case (migration 0011).
async fn category_titles(
    conn: &mut AnyConnection,
) -> Result<HashMap<String, CategoryEntry>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT c.id, c.title, s.id AS sub_id, s.title AS sub_title FROM categories c \
         LEFT JOIN sub_categories s ON s.category_id = c.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut categories: HashMap<String, CategoryEntry> = HashMap::new();
    for row in rows {
        let title: String = row.try_get("title")?;
        let entry = categories
            .entry(title.to_lowercase())
            .or_insert(CategoryEntry {
                id: row.try_get("id")?,
                title,
                subs: HashMap::new(),
            });
        if let Some(sub_id) = row.try_get::<Option<String>, _>("sub_id")? {
            let sub_title: String = row.try_get("sub_title")?;
            entry
                .subs
                .insert(sub_title.to_lowercase(), (sub_id, sub_title));
        }
    }
    Ok(categories)
}

/// The products the file names by id, by id: a few hundred at a time.
async fn products_named(
    conn: &mut AnyConnection,
    products: &[ImportProduct],
) -> Result<HashMap<String, ProductRow>, sqlx::Error> {
    let ids: Vec<Id> = products.iter().filter_map(|p| Id::parse(&p.id)).collect();
    let mut found = HashMap::with_capacity(ids.len());
    for batch in ids.chunks(500) {
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id IN ({})",
            placeholders(batch.len())
        );
        let mut query = sqlx::query(&sql);
        for id in batch {
            query = query.bind(id.as_str());
        }
        for row in query.fetch_all(&mut *conn).await? {
            let product = product_from_row(&row)?;
            found.insert(product.id.clone(), product);
        }
    }
    Ok(found)
}
