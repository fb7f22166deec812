//! The console's products (docs/DESIGN.md §8): the products table, and creating, editing,
//! archiving, deleting and bulk-changing products. Every write
//! records itself in the activity log in its own transaction, recomputes what the
//! listings filter and search on (the price paid now, the search text), and clears
//! this node's listing totals, so the shop shows the change at once; every write also
//! bumps the catalogue's version, so the other nodes follow within a second.

use sqlx::Row;

use super::listing::{bind_all, Arg};
use super::product_rows::{
    archive_in, changes_between, input_of, insert_product, merged, product_in, search_text_for,
    set_product, without, ProductInput, ProductRefusal,
};
use super::product_variants::{self, VariantsPlan};
use super::read::{product_from_row, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS};
use super::related;
use super::{bump_version, record_change, variants, Catalogue};
use crate::domain::id::Id;
use crate::domain::product_rules::{adjusted, LOW_STOCK};
use crate::domain::synonyms::plain;
use crate::store::activity::{Activity, Actor, Entry};
use crate::store::placeholders;
use crate::store::stock;

/// The stock history's reason for a new product's first units.
pub const NEW_PRODUCT: &str = "New product";
/// The stock history's reason for a variant's first units, added to a product.
pub const NEW_VARIANT: &str = "New variant";
/// The stock history's reason for the bulk 'Set stock' action.
pub const SET_STOCK: &str = "Set stock";

/// How much stock a product has, as the products table filters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StockState {
    /// Any units at all.
    InStock,
    /// 1 to [`LOW_STOCK`] - 1 units.
    Low,
    Out,
}

/// What the administrators' products table is narrowed to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdminFilter {
    pub keyword_words: Vec<String>,
    pub category_id: Option<Id>,
    pub sub_category_id: Option<Id>,
    pub stock: Option<StockState>,
    pub featured: Option<bool>,
    /// Archived products only, or (the default) only those in the shop.
    pub archived: bool,
    /// Only products with a variant in the shop that has no weight.
    pub missing_weight: bool,
}

/// The products table's order; ties are broken by id in the same direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdminSortField {
    CreatedAt,
    Name,
    Price,
    Stock,
}

/// One change to many products at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BulkChange {
    SetStock(i64),
    /// Every price up or down by this many percent (-90 to +500), to the cent.
    AdjustPrice(f64),
    /// Archived (`true`) or back in the shop (`false`), as [`Catalogue::set_archived`].
    Archive(bool),
}

impl Catalogue {
    /// A page of the products table and how many match in all. Products in the shop
    /// are served by the listing's partial indexes (`products_by_stock` for the stock
    /// order and filters); archived ones, few, by `products_archived`.
    pub async fn admin_products(
        &self,
        filter: &AdminFilter,
        sort: AdminSortField,
        descending: bool,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ProductRow>, i64), sqlx::Error> {
        let (where_sql, args) = self.admin_where(filter);
        let direction = if descending { "DESC" } else { "ASC" };
        let order = match sort {
            AdminSortField::CreatedAt => "p.created_at",
            AdminSortField::Name => self.db.dialect.name_order(),
            AdminSortField::Price => "p.paid_cents",
            AdminSortField::Stock => "p.stock",
        };
        let n = args.len();
        let page = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS}{where_sql} \
             ORDER BY {order} {direction}, p.id {direction} LIMIT ${} OFFSET ${}",
            n + 1,
            n + 2
        );
        let mut page_args = args;
        page_args.push(Arg::Int(limit));
        page_args.push(Arg::Int(offset));
        let rows = bind_all(sqlx::query(&page), page_args)
            .fetch_all(&self.db.pool)
            .await?;
        let products = rows
            .iter()
            .map(product_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        let (where_sql, args) = self.admin_where(filter);
        let count = format!("SELECT COUNT(*) AS n FROM products p{where_sql}");
        let total: i64 = bind_all(sqlx::query(&count), args)
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")?;
        Ok((products, total))
    }

    /// Every product, archived ones too, `limit` at a time in id order after `after`:
    /// an export walks the whole catalogue a page at a time along the primary key.
    pub async fn products_after(
        &self,
        after: Option<&str>,
        limit: i64,
    ) -> Result<Vec<ProductRow>, sqlx::Error> {
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id > $1 \
             ORDER BY p.id LIMIT $2"
        );
        sqlx::query(&sql)
            .bind(after.unwrap_or(""))
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?
            .iter()
            .map(product_from_row)
            .collect()
    }

    fn admin_where(&self, filter: &AdminFilter) -> (String, Vec<Arg>) {
        let mut clauses = vec![if filter.archived {
            "p.archived_at IS NOT NULL".to_string()
        } else {
            IN_SHOP.to_string()
        }];
        let mut args = Vec::new();
        if !filter.keyword_words.is_empty() {
            args.push(Arg::Text(
                self.db.dialect.keyword_query(&plain(&filter.keyword_words)),
            ));
            clauses.push(self.db.dialect.keyword_predicate(args.len()));
        }
        if let Some(id) = &filter.category_id {
            args.push(Arg::Text(id.to_string()));
            clauses.push(format!("p.category_id = ${}", args.len()));
        }
        if let Some(id) = &filter.sub_category_id {
            args.push(Arg::Text(id.to_string()));
            clauses.push(format!("p.sub_category_id = ${}", args.len()));
        }
        match filter.stock {
            Some(StockState::InStock) => clauses.push("p.stock > 0".into()),
            Some(StockState::Low) => {
                clauses.push(format!("p.stock BETWEEN 1 AND {}", LOW_STOCK - 1))
            }
            Some(StockState::Out) => clauses.push("p.stock <= 0".into()),
            None => {}
        }
        if let Some(featured) = filter.featured {
            args.push(Arg::Int(i64::from(featured)));
            clauses.push(format!("p.featured = ${}", args.len()));
        }
        if filter.missing_weight {
            clauses.push(
                "EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id \
                 AND v.archived_at IS NULL AND v.weight_grams IS NULL)"
                    .into(),
            );
        }
        (format!(" WHERE {}", clauses.join(" AND ")), args)
    }

    /// Archives product `id` (`archived`), or brings it back to the shop: archived, it
    /// leaves the listing, search, its page, the homepage, carts and checkout, but keeps
    /// its order lines, reviews and the carts' entries (shown again once it is back).
    /// Resolves to the product as it now is; a product already so records nothing.
    pub async fn set_archived(
        &self,
        id: &Id,
        archived: bool,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let Some(before) = product_in(&mut tx, id.as_str()).await? else {
            return Ok(Err(ProductRefusal::NoSuchProduct));
        };
        if before.archived_at.is_some() == archived {
            return Ok(Ok(before));
        }
        archive_in(
            &mut tx,
            (id.as_str(), &before.name),
            archived,
            now,
            actor,
            activity,
        )
        .await?;
        bump_version(&mut tx, &[id.as_str()]).await?;
        let product = product_in(&mut tx, id.as_str()).await?.expect("read above");
        tx.commit().await?;
        // The listing's totals and search hold only products in the shop.
        self.after_write().await;
        Ok(Ok(product))
    }

    /// Deletes product `id`, which no order may name (an ordered product is archived
    /// instead): its reviews and its entries in carts and wishlists go with it. Resolves
    /// to the product as it was and the media its reviews held, for the caller to
    /// remove once this has committed.
    pub async fn delete_product(
        &self,
        id: &Id,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<(ProductRow, Vec<String>), ProductRefusal>, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        // The rows' locks first, in the order orders take them: an order taking its
        // stock now waits for this, or this for the order, whose line the count below
        // then sees.
        variants::lock_products(&mut tx, self.db.dialect, &[id.as_str()]).await?;
        if sqlx::query("SELECT id FROM products WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?
            .is_none()
        {
            return Ok(Err(ProductRefusal::NoSuchProduct));
        }
        let before = product_in(&mut tx, id.as_str())
            .await?
            .expect("locked above");
        let lines: i64 = sqlx::query("SELECT COUNT(*) AS n FROM order_lines WHERE product_id = $1")
            .bind(id.as_str())
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if lines > 0 {
            return Ok(Err(ProductRefusal::InOrders(lines)));
        }
        let mut review_media = Vec::new();
        for row in sqlx::query("SELECT images FROM reviews WHERE product_id = $1")
            .bind(id.as_str())
            .fetch_all(&mut *tx)
            .await?
        {
            let images: String = row.try_get("images")?;
            review_media.extend(serde_json::from_str::<Vec<String>>(&images).unwrap_or_default());
        }
        sqlx::query("DELETE FROM products WHERE id = $1")
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        stock::forget(&mut tx, id.as_str()).await?;
        let changes = changes_between(None, &input_of(&before)).reversed().field(
            "images",
            before.images.clone(),
            None::<Vec<String>>,
        );
        record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "product",
                object_id: id.as_str(),
                object_name: &before.name,
                action: "deleted",
                changes,
            },
        )
        .await?;
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok((before, review_media)))
    }

    /// Adds a product with no photos yet, with its options, sale unit and variants as
    /// `plan` says (else one variant carrying its price and stock); resolves to it as
    /// stored.
    pub async fn create_product(
        &self,
        input: &ProductInput,
        plan: &VariantsPlan,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        let search_text = match search_text_for(&mut tx, input).await? {
            Ok(text) => text,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let related = input.related.as_deref().unwrap_or_default();
        if let Err(refusal) = related::check_related_in(&mut tx, None, related).await? {
            return Ok(Err(ProductRefusal::Related(refusal)));
        }
        let id = insert_product(&mut tx, input, &search_text, now).await?;
        related::set_related(&mut tx, &id, related).await?;
        let applied =
            match product_variants::apply(&mut tx, self.db.dialect, &id, None, plan, now).await? {
                Ok(applied) => applied,
                Err(refusal) => return Ok(Err(refusal)),
            };
        let cause = stock::Cause::Staff {
            actor,
            reason: NEW_PRODUCT,
        };
        if plan.variants.is_some() {
            stock::record(&mut tx, &applied.started, cause, now).await?;
        } else {
            let first = stock::Movement {
                product_id: id.clone(),
                variant_id: None,
                change: input.stock,
                stock_after: input.stock,
            };
            stock::record(&mut tx, &[first], cause, now).await?;
        }
        let mut changes = changes_between(None, input);
        if plan.variants.is_some() {
            // Derived from the variants, whose own entries say what they hold.
            changes = without(changes, &["price", "stock"]);
        }
        let changes = merged(changes, applied.changes);
        record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "product",
                object_id: &id,
                object_name: &input.name,
                action: "created",
                changes,
            },
        )
        .await?;
        let product = product_in(&mut tx, &id).await?.expect("inserted above");
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok(product))
    }

    /// Sets every field of product `id` but its stock, which only the named paths move
    /// ([`Catalogue::change_stock`], orders, the bulk action, an import), and its
    /// options, sale unit and variants as `plan` says; resolves to it as stored. With
    /// `version`, the one the form was loaded at, a product changed since is refused
    /// ([`ProductRefusal::Stale`]). A write that changes nothing records nothing. The
    /// price of a product with several variants, or saved with its variants, is theirs
    /// (the cheapest): the `price` sent is then ignored.
    pub async fn update_product(
        &self,
        id: &Id,
        version: Option<i64>,
        input: &ProductInput,
        plan: &VariantsPlan,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<ProductRow, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        // The rows a save writes, in the order orders take them, before they are read.
        variants::lock_products(&mut tx, self.db.dialect, &[id.as_str()]).await?;
        let Some(before) = product_in(&mut tx, id.as_str()).await? else {
            return Ok(Err(ProductRefusal::NoSuchProduct));
        };
        if version.is_some_and(|loaded| loaded != before.version) {
            return Ok(Err(ProductRefusal::Stale(Box::new(before))));
        }
        let several = variants::variants_of(&mut *tx, &[id.as_str()], false)
            .await?
            .get(id.as_str())
            .is_some_and(|v| v.len() > 1);
        let derived_price = plan.variants.is_some() || several;
        let input = &ProductInput {
            stock: before.stock,
            price: if derived_price {
                before.price
            } else {
                input.price
            },
            // A save that does not name a tax class keeps the product's.
            tax_class: Some(input.tax_class.unwrap_or(before.tax_class)),
            ..input.clone()
        };
        let search_text = match search_text_for(&mut tx, input).await? {
            Ok(text) => text,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let mut stored = input_of(&before);
        if let Some(related) = &input.related {
            if let Err(refusal) =
                related::check_related_in(&mut tx, Some(id.as_str()), related).await?
            {
                return Ok(Err(ProductRefusal::Related(refusal)));
            }
            stored.related = Some(related::related_ids_of(&mut tx, id.as_str()).await?);
        }
        let fields = changes_between(Some(&stored), input);
        if fields.is_empty() && plan == &VariantsPlan::default() {
            return Ok(Ok(before));
        }
        if !set_product(
            &mut tx,
            id.as_str(),
            input,
            None,
            &search_text,
            now,
            version,
        )
        .await?
        {
            let current = product_in(&mut tx, id.as_str()).await?.expect("read above");
            return Ok(Err(ProductRefusal::Stale(Box::new(current))));
        }
        if let Some(related) = &input.related {
            related::set_related(&mut tx, id.as_str(), related).await?;
        }
        let applied = match product_variants::apply(
            &mut tx,
            self.db.dialect,
            id.as_str(),
            Some(&before),
            plan,
            now,
        )
        .await?
        {
            Ok(applied) => applied,
            Err(refusal) => return Ok(Err(refusal)),
        };
        let changes = merged(fields, applied.changes);
        if changes.is_empty() {
            // Nothing changed: the transaction is dropped, the version stays.
            return Ok(Ok(before));
        }
        let cause = stock::Cause::Staff {
            actor,
            reason: NEW_VARIANT,
        };
        stock::record(&mut tx, &applied.started, cause, now).await?;
        record_change(
            &mut tx,
            activity,
            Entry {
                actor,
                object_type: "product",
                object_id: id.as_str(),
                object_name: &input.name,
                action: "updated",
                changes,
            },
        )
        .await?;
        let product = product_in(&mut tx, id.as_str())
            .await?
            .expect("updated above");
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok(product))
    }

    /// Applies `change` to every product in `ids` (at most [`MAX_BULK`](crate::domain::product_rules::MAX_BULK)) in one
    /// transaction, one activity entry each; resolves to the products as stored. An
    /// unknown id refuses the whole change.
    pub async fn bulk_change(
        &self,
        ids: &[Id],
        change: BulkChange,
        actor: &Actor,
        activity: &Activity,
    ) -> Result<Result<Vec<ProductRow>, ProductRefusal>, sqlx::Error> {
        let now = self.clock.now_ms();
        let mut tx = self.db.begin_write().await?;
        // The rows are locked before they are read, in the order orders take them: the
        // stock written back below is then the stock there is, never one an order
        // changed since the read.
        let mut distinct: Vec<&str> = ids.iter().map(Id::as_str).collect();
        distinct.sort_unstable();
        distinct.dedup();
        variants::lock_products(&mut tx, self.db.dialect, &distinct).await?;
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id IN ({}) ORDER BY p.id",
            placeholders(ids.len())
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(id.as_str());
        }
        let before = query
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(product_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        if before.len() != distinct.len() {
            return Ok(Err(ProductRefusal::NoSuchProduct));
        }
        let mut after = Vec::with_capacity(before.len());
        for product in before {
            if let BulkChange::Archive(archived) = change {
                if product.archived_at.is_some() != archived {
                    let named = (product.id.as_str(), product.name.as_str());
                    archive_in(&mut tx, named, archived, now, actor, activity).await?;
                }
                after.push(product_in(&mut tx, &product.id).await?.expect("read above"));
                continue;
            }
            // Each variant in the shop takes the change (docs/DESIGN.md §9): 'Set stock'
            // gives every one the number, 'Adjust price' moves every one's price; the
            // product's own price and stock follow from them.
            let (moved, repriced) = bulk_variants(&mut tx, &product.id, change).await?;
            let cause = stock::Cause::Staff {
                actor,
                reason: SET_STOCK,
            };
            stock::record(&mut tx, &moved, cause, now).await?;
            variants::derive_products(&mut tx, &[product.id.as_str()], now).await?;
            // A price is the product's own field; stock is not (docs/DESIGN.md §15).
            sqlx::query(
                "UPDATE products SET updated_at = $1, version = version + $2 WHERE id = $3",
            )
            .bind(now)
            .bind(i64::from(repriced))
            .bind(&product.id)
            .execute(&mut *tx)
            .await?;
            let now_is = product_in(&mut tx, &product.id).await?.expect("read above");
            let changes = changes_between(Some(&input_of(&product)), &input_of(&now_is));
            if !changes.is_empty() {
                record_change(
                    &mut tx,
                    activity,
                    Entry {
                        actor,
                        object_type: "product",
                        object_id: &product.id,
                        object_name: &product.name,
                        action: "updated",
                        changes,
                    },
                )
                .await?;
            }
            after.push(now_is);
        }
        bump_version(&mut tx, &distinct).await?;
        tx.commit().await?;
        self.after_write().await;
        Ok(Ok(after))
    }
}

/// Applies a bulk 'Set stock' or 'Adjust price' to each variant in the shop of product
/// `id`, whose rows the caller has locked ([`variants::lock_products`]): the stock
/// movements to record, and whether a price moved.
async fn bulk_variants(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
    change: BulkChange,
) -> Result<(Vec<stock::Movement>, bool), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, price_cents, stock FROM product_variants \
         WHERE product_id = $1 AND archived_at IS NULL ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut **tx)
    .await?;
    let mut moved = Vec::new();
    let mut repriced = false;
    for row in rows {
        let variant: String = row.try_get("id")?;
        let price = crate::domain::Money::from_cents(row.try_get("price_cents")?);
        let stock: i64 = row.try_get("stock")?;
        let (new_price, new_stock) = match change {
            BulkChange::SetStock(units) => (price, units),
            BulkChange::AdjustPrice(percent) => (adjusted(price, percent), stock),
            BulkChange::Archive(_) => (price, stock),
        };
        if new_price == price && new_stock == stock {
            continue;
        }
        repriced |= new_price != price;
        sqlx::query("UPDATE product_variants SET price_cents = $1, stock = $2 WHERE id = $3")
            .bind(new_price.cents())
            .bind(new_stock)
            .bind(&variant)
            .execute(&mut **tx)
            .await?;
        moved.push(stock::Movement {
            product_id: id.to_string(),
            variant_id: Some(variant),
            change: new_stock - stock,
            stock_after: new_stock,
        });
    }
    Ok((moved, repriced))
}
