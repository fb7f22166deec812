//! What every write of products shares (`products.rs`, `import.rs`, `photos.rs`,
//! `stock_changes.rs`, `categories.rs`): a product's fields as the console sets them,
//! why a write is refused, and the rows' SQL: reading one product inside a write, inserting
//! and setting products, archiving, the search text a product is found by, and the
//! changes between two versions of a product's fields in the activity log's names.

use sqlx::{Any, Row, Transaction};

use super::read::{product_from_row, ProductRow, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::variants;
use crate::domain::id::new_id;
use crate::domain::pricing::{price_at, Discount};
use crate::domain::search_terms::index_words;
use crate::domain::tax::TaxClass;
use crate::domain::Money;
use crate::store::activity::{Activity, Actor, Changes, Entry};
use crate::store::value_rows;

/// Every field of a product an administrator sets, checked at the edge.
#[derive(Clone, Debug, PartialEq)]
pub struct ProductInput {
    pub name: String,
    pub description: String,
    pub price: Money,
    pub discount: Discount,
    pub stock: i64,
    /// Checked for its shape at the edge; the store checks it exists.
    pub category_id: String,
    pub sub_category_id: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub featured: bool,
    /// `None`: as it is (a new product's: standard).
    pub tax_class: Option<TaxClass>,
    /// Its related products' ids in staff's order (docs/DESIGN.md §12); `None`: as they
    /// are (a new product's: none).
    pub related: Option<Vec<String>>,
}

/// Why a product write did not happen. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProductRefusal {
    NoSuchProduct,
    NoSuchCategory,
    /// The sub-category does not exist or belongs to another category.
    NoSuchSubCategory,
    /// More than [`MAX_PHOTOS`](crate::domain::product_rules::MAX_PHOTOS) photos.
    TooManyPhotos,
    /// A photo list naming a photo the product does not have.
    NotItsPhoto,
    /// Orders name it (this many lines): it can be archived, not deleted.
    InOrders(i64),
    /// The form was loaded at an older version: nothing was written. The product as it
    /// now is, for the console to show.
    Stale(Box<ProductRow>),
    /// A stock change would leave fewer than no units: the product has this many.
    Short(i64),
    /// The save's variants were refused (docs/DESIGN.md §9).
    Variant(super::variants::VariantRefusal),
    /// The variant at this index of the save shows a photo the product does not have.
    NotItsImage(usize),
    /// New options were sent without the variants that name their values.
    OptionsWithoutVariants,
    /// A product-wide stock change of a product with several variants: each variant's
    /// stock moves on its own.
    SeveralVariants,
    /// No variant in the shop has that id.
    NoSuchVariant,
    /// Its related products were refused (docs/DESIGN.md §12).
    Related(super::related::RelatedRefusal),
}

pub(super) async fn product_in(
    tx: &mut Transaction<'static, Any>,
    id: &str,
) -> Result<Option<ProductRow>, sqlx::Error> {
    let sql = format!("SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&mut **tx).await?;
    row.as_ref().map(product_from_row).transpose()
}

/// Writes a new product (no photos yet) with its price paid now; resolves to its id.
pub(super) async fn insert_product(
    tx: &mut Transaction<'static, Any>,
    input: &ProductInput,
    search_text: &str,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = new_id();
    insert_products(tx, &[(id.as_str(), input, search_text)], now).await?;
    Ok(id)
}

/// Writes new products, each `(id, fields, search text)`, with no photos yet and their
/// prices paid now: a few hundred to a statement.
pub(super) async fn insert_products(
    tx: &mut Transaction<'static, Any>,
    products: &[(&str, &ProductInput, &str)],
    now: i64,
) -> Result<(), sqlx::Error> {
    const PER_ROW: usize = 18;
    for batch in products.chunks(500) {
        let sql = format!(
            "INSERT INTO products (id, name, description, price_cents, discount_bp, discount_ends_at, \
             paid_cents, images, stock, category_id, sub_category_id, size, color, featured, \
             search_text, created_at, updated_at, tax_class) VALUES {}",
            value_rows(batch.len(), PER_ROW)
        );
        let mut query = sqlx::query(&sql);
        for (id, input, search_text) in batch {
            query = query
                .bind(*id)
                .bind(&input.name)
                .bind(&input.description)
                .bind(input.price.cents())
                .bind(input.discount.basis_points)
                .bind(input.discount.ends_at)
                .bind(
                    price_at(input.price, input.discount, now)
                        .discounted_price
                        .cents(),
                )
                .bind("[]")
                .bind(input.stock)
                .bind(&input.category_id)
                .bind(&input.sub_category_id)
                .bind(&input.size)
                .bind(&input.color)
                .bind(i64::from(input.featured))
                .bind(*search_text)
                .bind(now)
                .bind(now)
                .bind(input.tax_class.unwrap_or_default().as_str());
        }
        query.execute(&mut **tx).await?;
    }
    let ids: Vec<&str> = products.iter().map(|(id, _, _)| *id).collect();
    variants::give_default_variants(tx, &ids).await
}

/// Sets every field of product `id`, with its price paid now, and its stock only when
/// `stock` says so (an import's explicit number): a form's save never writes back the
/// stock it read, which an order may have changed since. With `version`, it writes only
/// while the product is still at it. Resolves to whether it wrote. The caller has taken
/// the product's rows ([`variants::lock_products`]) before reading what it checks, so
/// no other save or order moves them meanwhile.
pub(super) async fn set_product(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    input: &ProductInput,
    stock: Option<i64>,
    search_text: &str,
    now: i64,
    version: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let written = sqlx::query(
        "UPDATE products SET name = $1, description = $2, price_cents = $3, discount_bp = $4, \
         discount_ends_at = $5, paid_cents = $6, stock = COALESCE($7, stock), category_id = $8, \
         sub_category_id = $9, size = $10, color = $11, featured = $12, search_text = $13, \
         updated_at = $14, version = version + 1, tax_class = COALESCE($17, tax_class) \
         WHERE id = $15 AND ($16 IS NULL OR version = $16)",
    )
    .bind(&input.name)
    .bind(&input.description)
    .bind(input.price.cents())
    .bind(input.discount.basis_points)
    .bind(input.discount.ends_at)
    .bind(
        price_at(input.price, input.discount, now)
            .discounted_price
            .cents(),
    )
    .bind(stock)
    .bind(&input.category_id)
    .bind(&input.sub_category_id)
    .bind(&input.size)
    .bind(&input.color)
    .bind(i64::from(input.featured))
    .bind(search_text)
    .bind(now)
    .bind(id)
    .bind(version)
    .bind(input.tax_class.map(TaxClass::as_str))
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if written == 1 {
        variants::carry_to_single_variant(tx, id).await?;
    }
    Ok(written == 1)
}

/// Archives product `id` or brings it back, with its activity entry, in `tx`.
pub(super) async fn archive_in(
    tx: &mut Transaction<'static, Any>,
    (id, name): (&str, &str),
    archived: bool,
    now: i64,
    actor: &Actor,
    activity: &Activity,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE products SET archived_at = $1, updated_at = $2, version = version + 1 WHERE id = $3",
    )
        .bind(archived.then_some(now))
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    activity
        .record(
            tx,
            Entry {
                actor,
                object_type: "product",
                object_id: id,
                object_name: name,
                action: if archived { "archived" } else { "unarchived" },
                changes: Changes::new().field("archived", !archived, archived),
            },
        )
        .await
}

/// The words a keyword search finds `input` by (as the seeders store them), once its
/// category and sub-category are known to exist and belong together.
pub(super) async fn search_text_for(
    tx: &mut Transaction<'static, Any>,
    input: &ProductInput,
) -> Result<Result<String, ProductRefusal>, sqlx::Error> {
    let category: Option<String> = sqlx::query("SELECT title FROM categories WHERE id = $1")
        .bind(&input.category_id)
        .fetch_optional(&mut **tx)
        .await?
        .map(|row| row.try_get("title"))
        .transpose()?;
    let Some(category) = category else {
        return Ok(Err(ProductRefusal::NoSuchCategory));
    };
    let sub_category: Option<String> =
        sqlx::query("SELECT title FROM sub_categories WHERE id = $1 AND category_id = $2")
            .bind(&input.sub_category_id)
            .bind(&input.category_id)
            .fetch_optional(&mut **tx)
            .await?
            .map(|row| row.try_get("title"))
            .transpose()?;
    let Some(sub_category) = sub_category else {
        return Ok(Err(ProductRefusal::NoSuchSubCategory));
    };
    Ok(Ok(search_text(
        &input.name,
        &input.description,
        &category,
        &sub_category,
    )))
}

/// The words a keyword search finds a product by, as the seeders store them: its name,
/// description, category and sub-category, each size both joined and apart
/// (`domain/search_terms.rs`).
pub(super) fn search_text(
    name: &str,
    description: &str,
    category: &str,
    sub_category: &str,
) -> String {
    let text = [name, description, category, sub_category].join(" ");
    index_words(&text).join(" ")
}

/// What an administrator would see in the form for `product`.
pub(super) fn input_of(product: &ProductRow) -> ProductInput {
    ProductInput {
        name: product.name.clone(),
        description: product.description.clone(),
        price: product.price,
        discount: product.discount,
        stock: product.stock,
        category_id: product.category.0.clone(),
        sub_category_id: product.sub_category.0.clone(),
        size: product.size.clone(),
        color: product.color.clone(),
        featured: product.featured,
        tax_class: Some(product.tax_class),
        related: None,
    }
}

/// The fields that differ between `before` (none for a new product) and `after`, in
/// the API's names and units.
pub(super) fn changes_between(before: Option<&ProductInput>, after: &ProductInput) -> Changes {
    Changes::between(before, after, |p| {
        vec![
            ("name", p.name.clone().into()),
            ("description", p.description.clone().into()),
            ("price", p.price.as_f64().into()),
            (
                "discountPercentage",
                (p.discount.basis_points as f64 / 100.0).into(),
            ),
            (
                "discountEndDate",
                p.discount.ends_at.map(crate::domain::time::iso8601).into(),
            ),
            ("stock", p.stock.into()),
            ("categoryId", p.category_id.clone().into()),
            ("subCategoryId", p.sub_category_id.clone().into()),
            ("size", p.size.clone().into()),
            ("color", p.color.clone().into()),
            ("featured", p.featured.into()),
            ("taxClass", p.tax_class.unwrap_or_default().as_str().into()),
            ("relatedProductIds", p.related.clone().into()),
        ]
    })
}

/// `changes` and `more` in one entry.
pub(super) fn merged(changes: Changes, more: Changes) -> Changes {
    more.fields()
        .iter()
        .fold(changes, |all, (field, (before, after))| {
            all.field(field, before.clone(), after.clone())
        })
}

/// `changes` without `fields`.
pub(super) fn without(changes: Changes, fields: &[&str]) -> Changes {
    changes
        .fields()
        .iter()
        .filter(|(field, _)| !fields.contains(&field.as_str()))
        .fold(Changes::new(), |kept, (field, (before, after))| {
            kept.field(field, before.clone(), after.clone())
        })
}
