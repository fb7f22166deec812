//! A product's variants as stored (docs/DESIGN.md §9, migration 0021), and what keeps
//! the product's own `price_cents`, `paid_cents`, `max_price_cents` and `stock` (what
//! listings sort, filter and show) derived from them. Every write of variants runs
//! [`derive_products`] in its own transaction.

use std::collections::HashMap;

use sqlx::{Any, Executor, Row, Transaction};

use crate::domain::id::new_id;
use crate::domain::pricing::{price_at, Discount};
use crate::domain::variant::{options_from_text, ProductOption, SaleUnit, VariantOptions};
use crate::domain::variant_rules::derive;
use crate::domain::Money;
use crate::store::placeholders;

/// One variant as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantRow {
    pub id: String,
    pub product_id: String,
    pub sku: String,
    pub options: VariantOptions,
    pub price: Money,
    pub stock: i64,
    pub weight_grams: Option<i64>,
    pub image: Option<String>,
    pub position: i64,
    /// When a save left it out while an order named it: no longer in the shop.
    pub archived_at: Option<i64>,
}

pub(super) const VARIANT_COLUMNS: &str = "v.id, v.product_id, v.sku, v.options, v.price_cents, \
     v.stock, v.weight_grams, v.image, v.position, v.archived_at";

/// [`VARIANT_COLUMNS`] as the `'key', expression` pairs of a JSON object, keyed as
/// [`StoredVariant`] reads them.
pub(super) const VARIANT_OBJECT: &str = "'id', v.id, 'product_id', v.product_id, 'sku', v.sku, \
     'options', v.options, 'price_cents', v.price_cents, 'stock', v.stock, \
     'weight_grams', v.weight_grams, 'image', v.image, 'position', v.position, \
     'archived_at', v.archived_at";

/// A variant's columns as stored ([`VARIANT_COLUMNS`], or an object of
/// [`VARIANT_OBJECT`]), before they become a [`VariantRow`].
#[derive(serde::Deserialize)]
pub(super) struct StoredVariant {
    id: String,
    product_id: String,
    sku: String,
    /// A JSON object of option name to value.
    options: String,
    price_cents: i64,
    stock: i64,
    weight_grams: Option<i64>,
    image: Option<String>,
    position: i64,
    archived_at: Option<i64>,
}

impl From<StoredVariant> for VariantRow {
    fn from(stored: StoredVariant) -> Self {
        VariantRow {
            id: stored.id,
            product_id: stored.product_id,
            sku: stored.sku,
            options: options_from_text(&stored.options),
            price: Money::from_cents(stored.price_cents),
            stock: stored.stock,
            weight_grams: stored.weight_grams,
            image: stored.image,
            position: stored.position,
            archived_at: stored.archived_at,
        }
    }
}

pub(super) fn variant_from_row(row: &sqlx::any::AnyRow) -> Result<VariantRow, sqlx::Error> {
    Ok(VariantRow::from(StoredVariant {
        id: row.try_get("id")?,
        product_id: row.try_get("product_id")?,
        sku: row.try_get("sku")?,
        options: row.try_get("options")?,
        price_cents: row.try_get("price_cents")?,
        stock: row.try_get("stock")?,
        weight_grams: row.try_get("weight_grams")?,
        image: row.try_get("image")?,
        position: row.try_get("position")?,
        archived_at: row.try_get("archived_at")?,
    }))
}

/// The variants of one product, in position order; archived ones only with `archived`.
pub(crate) async fn variants_of_one<'e, E>(
    executor: E,
    product_id: &str,
    archived: bool,
) -> Result<Vec<VariantRow>, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    Ok(variants_of(executor, &[product_id], archived)
        .await?
        .remove(product_id)
        .unwrap_or_default())
}

/// The variants of `product_ids` by product, each list in position order; archived
/// ones only with `archived`.
pub(crate) async fn variants_of<'e, E>(
    executor: E,
    product_ids: &[&str],
    archived: bool,
) -> Result<HashMap<String, Vec<VariantRow>>, sqlx::Error>
where
    E: Executor<'e, Database = Any>,
{
    let mut by_product: HashMap<String, Vec<VariantRow>> = HashMap::new();
    if product_ids.is_empty() {
        return Ok(by_product);
    }
    let sql = format!(
        "SELECT {VARIANT_COLUMNS} FROM product_variants v WHERE v.product_id IN ({}){} \
         ORDER BY v.product_id, v.position, v.id",
        placeholders(product_ids.len()),
        if archived {
            ""
        } else {
            " AND v.archived_at IS NULL"
        }
    );
    let mut query = sqlx::query(&sql);
    for id in product_ids {
        query = query.bind(*id);
    }
    for row in query.fetch_all(executor).await? {
        let variant = variant_from_row(&row)?;
        by_product
            .entry(variant.product_id.clone())
            .or_default()
            .push(variant);
    }
    Ok(by_product)
}

/// Gives each of `product_ids` that has no variant yet its one variant, carrying the
/// product's price and stock and a generated SKU (the migration's rule): what every
/// product written without variants (seeders, imports, the spec's fields) gets.
pub(crate) async fn give_default_variants(
    tx: &mut Transaction<'static, Any>,
    product_ids: &[&str],
) -> Result<(), sqlx::Error> {
    for batch in product_ids.chunks(400) {
        let pairs: Vec<String> = (0..batch.len())
            .map(|i| format!("(${}, ${})", 2 * i + 1, 2 * i + 2))
            .collect();
        let sql = format!(
            "INSERT INTO product_variants (id, product_id, sku, options, price_cents, stock, position, created_at) \
             SELECT x.column1, p.id, upper(p.id), '{{}}', p.price_cents, p.stock, 0, p.created_at \
             FROM (VALUES {}) x JOIN products p ON p.id = x.column2 \
             WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)",
            pairs.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for id in batch {
            query = query.bind(new_id()).bind(*id);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Takes the row locks of `product_ids` and of all their variants, on PostgreSQL
/// (SQLite's write lock holds already), in the one order every writer of stock or
/// price keeps: variants by id, then products by id. An order takes its lines'
/// variants and then their products in that order ([`crate::store::orders`]), so a
/// console write taking its locks here first never deadlocks with one.
pub(crate) async fn lock_products(
    tx: &mut Transaction<'static, Any>,
    dialect: crate::store::Dialect,
    product_ids: &[&str],
) -> Result<(), sqlx::Error> {
    if dialect == crate::store::Dialect::Sqlite || product_ids.is_empty() {
        return Ok(());
    }
    // One JSON parameter holds every id, however many an import names.
    let ids = serde_json::to_string(product_ids).expect("strings serialise");
    for (table, column) in [("product_variants", "product_id"), ("products", "id")] {
        sqlx::query(&format!(
            "SELECT id FROM {table} WHERE {column} IN \
             (SELECT json_array_elements_text($1::json)) ORDER BY id FOR UPDATE"
        ))
        .bind(&ids)
        .fetch_all(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Carries a one-variant product's price and stock, as written on the product by the
/// spec's fields, to its variant. Products with several variants are left alone: their
/// price and stock are derived from their variants ([`derive_products`]), never the
/// other way round.
pub(crate) async fn carry_to_single_variant(
    tx: &mut Transaction<'static, Any>,
    product_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE product_variants SET price_cents = (SELECT price_cents FROM products WHERE id = $1), \
         stock = (SELECT stock FROM products WHERE id = $1) \
         WHERE product_id = $1 AND archived_at IS NULL \
         AND (SELECT COUNT(*) FROM product_variants w WHERE w.product_id = $1 AND w.archived_at IS NULL) = 1",
    )
    .bind(product_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Derives each of `product_ids`' price (the cheapest variant in the shop), its
/// dearest price, the price paid `now` and its stock (the sum) from its variants that
/// are not archived. A product whose variants are all archived keeps its price, with
/// no stock.
pub(crate) async fn derive_products(
    tx: &mut Transaction<'static, Any>,
    product_ids: &[&str],
    now: i64,
) -> Result<(), sqlx::Error> {
    for id in product_ids {
        let variants = sqlx::query(
            "SELECT v.price_cents, v.stock FROM product_variants v \
             WHERE v.product_id = $1 AND v.archived_at IS NULL",
        )
        .bind(*id)
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|row| {
            Ok((
                Money::from_cents(row.try_get("price_cents")?),
                row.try_get::<i64, _>("stock")?,
            ))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let derived = derive(variants);
        let Some(product) = sqlx::query(
            "SELECT price_cents, discount_bp, discount_ends_at FROM products WHERE id = $1",
        )
        .bind(*id)
        .fetch_optional(&mut **tx)
        .await?
        else {
            continue;
        };
        let price = match derived {
            Some(derived) => derived.price,
            None => Money::from_cents(product.try_get("price_cents")?),
        };
        let discount = Discount {
            basis_points: product.try_get("discount_bp")?,
            ends_at: product.try_get("discount_ends_at")?,
        };
        let paid = price_at(price, discount, now).discounted_price;
        sqlx::query(
            "UPDATE products SET price_cents = $1, paid_cents = $2, max_price_cents = $3, stock = $4 \
             WHERE id = $5",
        )
        .bind(price.cents())
        .bind(paid.cents())
        .bind(derived.map_or(price, |d| d.max_price).cents())
        .bind(derived.map_or(0, |d| d.stock))
        .bind(*id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// One variant as a save gives it: an existing one by `id`, or a new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantInput {
    pub id: Option<String>,
    pub sku: String,
    pub options: VariantOptions,
    pub price: Money,
    /// The starting stock of a new variant; ignored for an existing one (stock then
    /// moves only as docs/DESIGN.md §15 says).
    pub stock: i64,
    pub weight_grams: Option<i64>,
    pub image: Option<String>,
    pub position: i64,
}

/// Why a product's variants were not saved. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantRefusal {
    /// The variant at this index of the save has a SKU another variant has (ignoring
    /// case; archived variants keep theirs).
    DuplicateSku(usize),
    /// The variant at this index names an `id` that is not one of the product's.
    NotItsVariant(usize),
}

/// What a save of a product's variants did, for the activity log and the stock history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariantsSaved {
    /// New variants: (id, starting stock).
    pub created: Vec<(String, i64)>,
    pub updated: Vec<String>,
    pub deleted: Vec<String>,
    /// Left out of the save while an order names them.
    pub archived: Vec<String>,
}

/// Sets product `product_id`'s variants to `inputs` (already checked by the domain's
/// rules: options, SKUs' shape, combinations): updates those named by id (never their
/// stock), creates the new ones with their starting stock, deletes those left out that
/// no order names and archives the others, then derives the product's price and stock
/// ([`derive_products`]). SKUs are locked first, in order, so two saves taking the same
/// SKU at once cannot both succeed.
pub(crate) async fn save_variants(
    tx: &mut Transaction<'static, Any>,
    dialect: crate::store::Dialect,
    product_id: &str,
    inputs: &[VariantInput],
    now: i64,
) -> Result<Result<VariantsSaved, VariantRefusal>, sqlx::Error> {
    // Rows first, then SKUs: the order every product write keeps (a console save has
    // taken the rows already; taking them again is free).
    lock_products(tx, dialect, &[product_id]).await?;
    let mut keys: Vec<String> = inputs.iter().map(|v| v.sku.to_lowercase()).collect();
    keys.sort();
    keys.dedup();
    for key in &keys {
        crate::store::lock_subject(tx, dialect, "sku", key).await?;
    }
    let existing = variants_of_one(&mut **tx, product_id, true).await?;
    for (index, input) in inputs.iter().enumerate() {
        if let Some(id) = &input.id {
            if !existing.iter().any(|v| &v.id == id) {
                return Ok(Err(VariantRefusal::NotItsVariant(index)));
            }
        }
        let holder: Option<String> =
            sqlx::query("SELECT id FROM product_variants WHERE lower(sku) = lower($1)")
                .bind(&input.sku)
                .fetch_optional(&mut **tx)
                .await?
                .map(|row| row.try_get("id"))
                .transpose()?;
        let taken_by_another = holder.is_some_and(|holder| input.id.as_deref() != Some(&holder));
        let twice_here = inputs[..index]
            .iter()
            .any(|earlier| earlier.sku.eq_ignore_ascii_case(&input.sku));
        if taken_by_another || twice_here {
            return Ok(Err(VariantRefusal::DuplicateSku(index)));
        }
    }

    let mut saved = VariantsSaved::default();
    // Those left out go first, so a new variant may take the values one of them had.
    for old in &existing {
        if inputs.iter().any(|v| v.id.as_deref() == Some(&old.id)) || old.archived_at.is_some() {
            continue;
        }
        let named: i64 = sqlx::query("SELECT COUNT(*) AS n FROM order_lines WHERE variant_id = $1")
            .bind(&old.id)
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
        if named > 0 {
            sqlx::query("UPDATE product_variants SET archived_at = $1 WHERE id = $2")
                .bind(now)
                .bind(&old.id)
                .execute(&mut **tx)
                .await?;
            saved.archived.push(old.id.clone());
        } else {
            sqlx::query("DELETE FROM product_variants WHERE id = $1")
                .bind(&old.id)
                .execute(&mut **tx)
                .await?;
            saved.deleted.push(old.id.clone());
        }
    }
    // Two variants may swap SKUs or values in one save: each kept one first takes a
    // stand-in unique to it, so no statement below meets a value another still holds.
    for id in inputs.iter().filter_map(|v| v.id.as_deref()) {
        sqlx::query("UPDATE product_variants SET sku = '~' || id, options = id WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    for input in inputs {
        let options = crate::domain::variant::options_text(&input.options);
        match &input.id {
            Some(id) => {
                sqlx::query(
                    "UPDATE product_variants SET sku = $1, options = $2, price_cents = $3, \
                     weight_grams = $4, image = $5, position = $6, archived_at = NULL WHERE id = $7",
                )
                .bind(&input.sku)
                .bind(&options)
                .bind(input.price.cents())
                .bind(input.weight_grams)
                .bind(&input.image)
                .bind(input.position)
                .bind(id)
                .execute(&mut **tx)
                .await?;
                saved.updated.push(id.clone());
            }
            None => {
                let id = new_id();
                sqlx::query(
                    "INSERT INTO product_variants (id, product_id, sku, options, price_cents, stock, \
                     weight_grams, image, position, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                )
                .bind(&id)
                .bind(product_id)
                .bind(&input.sku)
                .bind(&options)
                .bind(input.price.cents())
                .bind(input.stock)
                .bind(input.weight_grams)
                .bind(&input.image)
                .bind(input.position)
                .bind(now)
                .execute(&mut **tx)
                .await?;
                saved.created.push((id, input.stock));
            }
        }
    }
    derive_products(tx, &[product_id], now).await?;
    Ok(Ok(saved))
}

/// Sets product `product_id`'s options and sale unit (checked by the domain's rules).
pub(crate) async fn set_options_and_unit(
    tx: &mut Transaction<'static, Any>,
    product_id: &str,
    options: &[ProductOption],
    sale: SaleUnit,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE products SET options = $1, unit = $2, pack_size = $3, min_quantity = $4, \
         quantity_step = $5 WHERE id = $6",
    )
    .bind(serde_json::to_string(options).expect("options serialise"))
    .bind(sale.unit.as_str())
    .bind(sale.pack_size)
    .bind(sale.min_quantity)
    .bind(sale.quantity_step)
    .bind(product_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
