//! What the catalogue reads outside listings: the category tree, banners, one product
//! or a few by id, and the homepage's top products; and the product row, its columns
//! and joins, which listings and the other stores share. Every read for the shop
//! leaves archived products out ([`IN_SHOP`]); the console reads them too.

use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use super::Catalogue;
use crate::domain::id::Id;
use crate::domain::pricing::Discount;
use crate::domain::tax::TaxClass;
use crate::domain::variant::{ProductOption, SaleUnit, Unit};
use crate::domain::Money;
use crate::store::{placeholders, Dialect};

/// The condition every query for the shop puts on `products p`: archived products
/// are no longer sold. The listing's indexes are partial on it (migration 0011), so
/// a query that says it walks only products in the shop.
pub const IN_SHOP: &str = "p.archived_at IS NULL";

/// Each category's highest running discount, `$1` being now (Unix ms).
pub const CATEGORY_DISCOUNTS: &str = "SELECT c.id, (SELECT p.discount_bp FROM products p \
     WHERE p.category_id = c.id AND p.paid_cents <> p.price_cents AND p.archived_at IS NULL \
     AND (p.discount_ends_at IS NULL OR p.discount_ends_at > $1) \
     ORDER BY p.discount_bp DESC LIMIT 1) AS best FROM categories c";

/// A category with its sub-categories, in display order.
#[derive(Clone, Debug)]
pub struct CategoryTree {
    pub id: String,
    pub title: String,
    /// Bumped by each rename (docs/DESIGN.md §15).
    pub version: i64,
    pub sub_categories: Vec<SubCategoryRef>,
    /// The highest discount running on one of its products, in basis points (0: none).
    pub max_discount_bp: i64,
}

/// A product as stored, with its category titles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub discount: Discount,
    pub images: Vec<String>,
    pub stock: i64,
    pub category: (String, String),
    pub sub_category: (String, String),
    pub size: Option<String>,
    pub color: Option<String>,
    pub featured: bool,
    pub rating_sum: i64,
    pub review_count: i64,
    pub created_at: i64,
    /// When an administrator archived it (Unix ms): then it is no longer in the shop.
    pub archived_at: Option<i64>,
    /// Bumped by each administrator's write of its fields, never by stock movements
    /// (docs/DESIGN.md §15): a console save naming an older one is refused.
    pub version: i64,
    /// Its options (docs/DESIGN.md §9): none for a product with one variant.
    pub options: Vec<ProductOption>,
    pub sale: SaleUnit,
    /// The dearest variant's price in the shop (`price` is the cheapest).
    pub max_price: Money,
    /// Which of the shop's tax rates its price carries (docs/DESIGN.md §10).
    pub tax_class: TaxClass,
}

/// A sub-category in its category's tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubCategoryRef {
    pub id: String,
    pub title: String,
    /// Bumped by each rename (docs/DESIGN.md §15).
    pub version: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BannerRow {
    pub id: String,
    pub image: String,
    pub url: String,
    /// Bumped by each change of its link (docs/DESIGN.md §15).
    pub version: i64,
}

pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.name, p.description, p.price_cents, p.discount_bp, p.discount_ends_at, \
     p.images, p.stock, p.category_id, c.title AS category_title, p.sub_category_id, s.title AS sub_category_title, \
     p.size, p.color, p.featured, p.rating_sum, p.review_count, p.created_at, p.archived_at, p.version, \
     p.options, p.unit, p.pack_size, p.min_quantity, p.quantity_step, p.max_price_cents, p.tax_class";
pub(crate) const PRODUCT_JOINS: &str =
    "JOIN categories c ON c.id = p.category_id JOIN sub_categories s ON s.id = p.sub_category_id";
/// [`PRODUCT_COLUMNS`] as the `'key', expression` pairs of a JSON object, keyed as
/// [`StoredProduct`] reads them.
const PRODUCT_OBJECT: &str = "'id', p.id, 'name', p.name, 'description', p.description, \
     'price_cents', p.price_cents, 'discount_bp', p.discount_bp, 'discount_ends_at', p.discount_ends_at, \
     'images', p.images, 'stock', p.stock, 'category_id', p.category_id, 'category_title', c.title, \
     'sub_category_id', p.sub_category_id, 'sub_category_title', s.title, 'size', p.size, \
     'color', p.color, 'featured', p.featured, 'rating_sum', p.rating_sum, \
     'review_count', p.review_count, 'created_at', p.created_at, 'archived_at', p.archived_at, \
     'version', p.version, 'options', p.options, 'unit', p.unit, 'pack_size', p.pack_size, \
     'min_quantity', p.min_quantity, 'quantity_step', p.quantity_step, 'max_price_cents', p.max_price_cents, \
     'tax_class', p.tax_class";

impl Catalogue {
    pub async fn categories(&self) -> Result<Vec<CategoryTree>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT c.id, c.title, c.version, s.id AS sub_id, s.title AS sub_title, \
             s.version AS sub_version FROM categories c \
             LEFT JOIN sub_categories s ON s.category_id = c.id \
             ORDER BY c.position, c.title, c.id, s.position, s.title, s.id",
        )
        .fetch_all(&self.db.pool)
        .await?;
        let mut tree: Vec<CategoryTree> = Vec::new();
        for row in rows {
            let id: String = row.try_get("id")?;
            if tree.last().is_none_or(|c| c.id != id) {
                tree.push(CategoryTree {
                    id,
                    title: row.try_get("title")?,
                    version: row.try_get("version")?,
                    sub_categories: Vec::new(),
                    max_discount_bp: 0,
                });
            }
            if let Some(sub_id) = row.try_get::<Option<String>, _>("sub_id")? {
                let category = tree.last_mut().expect("pushed above");
                category.sub_categories.push(SubCategoryRef {
                    id: sub_id,
                    title: row.try_get("sub_title")?,
                    version: row.try_get("sub_version")?,
                });
            }
        }
        // One seek per category into products_cat_discount. A discount that ended in
        // the last 30 s, before the sweep, is left out by its end time.
        let best = sqlx::query(CATEGORY_DISCOUNTS)
            .bind(self.clock.now_ms())
            .fetch_all(&self.db.pool)
            .await?;
        for row in best {
            let id: String = row.try_get("id")?;
            let bp: Option<i64> = row.try_get("best")?;
            if let Some(category) = tree.iter_mut().find(|c| c.id == id) {
                category.max_discount_bp = bp.unwrap_or(0);
            }
        }
        Ok(tree)
    }

    pub async fn banners(&self) -> Result<Vec<BannerRow>, sqlx::Error> {
        let rows = sqlx::query("SELECT id, image, url, version FROM banners ORDER BY position, id")
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(BannerRow {
                    id: r.try_get("id")?,
                    image: r.try_get("image")?,
                    url: r.try_get("url")?,
                    version: r.try_get("version")?,
                })
            })
            .collect()
    }

    /// Product `id` as the shop shows it: none once it is archived.
    pub async fn product(&self, id: &Id) -> Result<Option<ProductRow>, sqlx::Error> {
        product_in_shop(&self.db.pool, id).await
    }

    /// How many products are in the shop.
    pub async fn shop_product_count(&self) -> Result<i64, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT COUNT(*) AS n FROM products p WHERE {IN_SHOP}"
        ))
        .fetch_one(&self.db.pool)
        .await?
        .try_get("n")
    }

    /// The ids of `limit` products in the shop in id order, after skipping `offset`:
    /// a sitemap's products, read along the primary key.
    pub async fn shop_product_ids(
        &self,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(&format!(
            "SELECT p.id FROM products p WHERE {IN_SHOP} ORDER BY p.id LIMIT $1 OFFSET $2"
        ))
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(|row| row.try_get("id"))
        .collect()
    }

    /// Product `id` for the console: archived or not.
    pub async fn admin_product(&self, id: &Id) -> Result<Option<ProductRow>, sqlx::Error> {
        let sql =
            format!("SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref().map(product_from_row).transpose()
    }

    /// The products with these ids that are in the shop, in no particular order. The
    /// caller bounds `ids` (at most a list's 100 entries).
    pub async fn products_by_ids(&self, ids: &[Id]) -> Result<Vec<ProductRow>, sqlx::Error> {
        products_with_ids(&self.db.pool, self.db.dialect, ids).await
    }

    /// The homepage's top products: the featured ones, newest first, else the newest
    /// products when none is featured (docs/DESIGN.md §5).
    pub async fn top_products(&self, limit: i64) -> Result<Vec<ProductRow>, sqlx::Error> {
        let featured = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.featured = 1 AND {IN_SHOP} ORDER BY p.created_at DESC, p.id DESC LIMIT $1"
        );
        let rows = sqlx::query(&featured)
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?;
        if !rows.is_empty() {
            return rows.iter().map(product_from_row).collect();
        }
        let newest = format!("SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE {IN_SHOP} ORDER BY p.created_at DESC, p.id DESC LIMIT $1");
        let rows = sqlx::query(&newest)
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(product_from_row).collect()
    }
}

/// The products with these ids that are in the shop (not archived), in no particular
/// order, read through `executor` (a connection inside the caller's transaction, when
/// it has one, or the pool): what listings show and cart details and checkout may sell.
/// They come as one JSON array the database builds ([`crate::store::Dialect::json_rows`]),
/// so a page of rows costs the driver one value instead of a copy of every column of
/// every row. The caller bounds `ids`.
pub(crate) async fn products_with_ids<'c, E>(
    executor: E,
    dialect: Dialect,
    ids: &[Id],
) -> Result<Vec<ProductRow>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    Ok(read_products_with_ids(executor, dialect, ids, "0").await?.0)
}

/// The rows of [`products_with_ids`], and whether `flag` (an expression of 1 or 0 over
/// a product `p`) is 1 for any of them: a listing reads with its page whether everyone
/// has quantity breaks on one.
pub(super) async fn read_products_with_ids<'c, E>(
    executor: E,
    dialect: Dialect,
    ids: &[Id],
    flag: &str,
) -> Result<(Vec<ProductRow>, bool), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    if ids.is_empty() {
        return Ok((Vec::new(), false));
    }
    let sql = format!(
        "SELECT {} AS page, CAST(COALESCE(MAX({flag}), 0) AS BIGINT) AS flag \
         FROM products p {PRODUCT_JOINS} WHERE p.id IN ({}) AND {IN_SHOP}",
        dialect.json_rows(PRODUCT_OBJECT),
        placeholders(ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in ids {
        query = query.bind(id.clone());
    }
    let row = query.fetch_one(executor).await?;
    let page: String = row.try_get("page")?;
    let flag: i64 = row.try_get("flag")?;
    let stored: Vec<StoredProduct> = serde_json::from_str(&page).map_err(decode_error)?;
    let rows = stored
        .into_iter()
        .map(ProductRow::try_from)
        .collect::<Result<_, _>>()?;
    Ok((rows, flag == 1))
}

pub(crate) fn product_from_row(row: &AnyRow) -> Result<ProductRow, sqlx::Error> {
    ProductRow::try_from(StoredProduct {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        price_cents: row.try_get("price_cents")?,
        discount_bp: row.try_get("discount_bp")?,
        discount_ends_at: row.try_get("discount_ends_at")?,
        images: row.try_get("images")?,
        stock: row.try_get("stock")?,
        category_id: row.try_get("category_id")?,
        category_title: row.try_get("category_title")?,
        sub_category_id: row.try_get("sub_category_id")?,
        sub_category_title: row.try_get("sub_category_title")?,
        size: row.try_get("size")?,
        color: row.try_get("color")?,
        featured: row.try_get("featured")?,
        rating_sum: row.try_get("rating_sum")?,
        review_count: row.try_get("review_count")?,
        created_at: row.try_get("created_at")?,
        archived_at: row.try_get("archived_at")?,
        version: row.try_get("version")?,
        options: row.try_get("options")?,
        unit: row.try_get("unit")?,
        pack_size: row.try_get("pack_size")?,
        min_quantity: row.try_get("min_quantity")?,
        quantity_step: row.try_get("quantity_step")?,
        max_price_cents: row.try_get("max_price_cents")?,
        tax_class: row.try_get("tax_class")?,
    })
}

/// A product's columns as stored ([`PRODUCT_COLUMNS`], or an object of
/// [`PRODUCT_OBJECT`]), before they become a [`ProductRow`].
#[derive(serde::Deserialize)]
struct StoredProduct {
    id: String,
    name: String,
    description: String,
    price_cents: i64,
    discount_bp: i64,
    discount_ends_at: Option<i64>,
    /// A JSON array of media paths.
    images: String,
    stock: i64,
    category_id: String,
    category_title: String,
    sub_category_id: String,
    sub_category_title: String,
    size: Option<String>,
    color: Option<String>,
    featured: i64,
    rating_sum: i64,
    review_count: i64,
    created_at: i64,
    archived_at: Option<i64>,
    version: i64,
    /// A JSON array of `{name, values}`.
    options: String,
    unit: String,
    pack_size: Option<i64>,
    min_quantity: i64,
    quantity_step: i64,
    max_price_cents: Option<i64>,
    tax_class: String,
}

impl TryFrom<StoredProduct> for ProductRow {
    type Error = sqlx::Error;

    fn try_from(stored: StoredProduct) -> Result<Self, Self::Error> {
        Ok(ProductRow {
            id: stored.id,
            name: stored.name,
            description: stored.description,
            price: Money::from_cents(stored.price_cents),
            discount: Discount {
                basis_points: stored.discount_bp,
                ends_at: stored.discount_ends_at,
            },
            images: serde_json::from_str(&stored.images).map_err(decode_error)?,
            stock: stored.stock,
            category: (stored.category_id, stored.category_title),
            sub_category: (stored.sub_category_id, stored.sub_category_title),
            size: stored.size,
            color: stored.color,
            featured: stored.featured != 0,
            rating_sum: stored.rating_sum,
            review_count: stored.review_count,
            created_at: stored.created_at,
            archived_at: stored.archived_at,
            version: stored.version,
            options: serde_json::from_str(&stored.options).map_err(decode_error)?,
            sale: SaleUnit {
                unit: Unit::parse(&stored.unit).unwrap_or_default(),
                pack_size: stored.pack_size,
                min_quantity: stored.min_quantity,
                quantity_step: stored.quantity_step,
            },
            max_price: Money::from_cents(stored.max_price_cents.unwrap_or(stored.price_cents)),
            tax_class: TaxClass::parse(&stored.tax_class).unwrap_or_default(),
        })
    }
}

/// A JSON value read from the database that does not hold what it should.
pub(super) fn decode_error(e: serde_json::Error) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(e))
}

/// Product `id` as the shop shows it, read on `executor`: none once it is archived.
pub(super) async fn product_in_shop<'e, E>(
    executor: E,
    id: &Id,
) -> Result<Option<ProductRow>, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let sql = format!(
        "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id = $1 AND {IN_SHOP}"
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(executor).await?;
    row.as_ref().map(product_from_row).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names a `SELECT` list's columns are read by, and the keys of a JSON object's
    /// `'key', expression` pairs, both in order.
    fn names_and_keys<'a>(columns: &'a str, object: &'a str) -> (Vec<&'a str>, Vec<&'a str>) {
        let names = columns
            .split(',')
            .map(|column| {
                let column = column.trim();
                column.rsplit_once(" AS ").map_or_else(
                    || column.split_once('.').map_or(column, |(_, name)| name),
                    |(_, name)| name,
                )
            })
            .collect();
        let keys = object
            .split(',')
            .step_by(2)
            .map(|key| key.trim().trim_matches('\''))
            .collect();
        (names, keys)
    }

    /// The JSON object's keys are the columns' names, in the same order, so the two ways
    /// of reading a product read the same columns.
    #[test]
    fn the_product_object_holds_the_product_columns() {
        let (columns, keys) = names_and_keys(PRODUCT_COLUMNS, PRODUCT_OBJECT);
        assert_eq!(keys, columns);
        assert_eq!(keys.len(), 27);
    }

    /// And so for a variant's.
    #[test]
    fn the_variant_object_holds_the_variant_columns() {
        use super::super::variants::{VARIANT_COLUMNS, VARIANT_OBJECT};
        let (columns, keys) = names_and_keys(VARIANT_COLUMNS, VARIANT_OBJECT);
        assert_eq!(keys, columns);
        assert_eq!(keys.len(), 10);
    }
}
