//! The catalogue's version and change feed: how nodes sharing one database learn that
//! the catalogue changed, so what each keeps in memory (the listing's totals and the
//! search index) stays true on all.
//!
//! Every write that changes what the shop shows of its catalogue (products, categories,
//! banners, hidden reviews, ended discounts) bumps the one row of `catalogue_version`
//! in its own transaction ([`bump`]) and names the products it changed in
//! `catalogue_changes` under the new version. The node that wrote catches up as soon as
//! it commits; every node polls the row each second ([`Catalogue::follow_changes`]),
//! and when it has moved forgets its totals and re-reads the products changed since the
//! version it last saw into its search index, so the others follow within about a
//! second. Orders' stock changes do not bump it: neither totals nor the index hold
//! stock, and a row every order wrote would make all checkouts wait on one another.
//!
//! Every version is also reported to the request that made it (`store/shown.rs`): the
//! node that served it catches up and forgets its kept answers once it has finished.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use sqlx::{Any, Row, Transaction};

use super::search::{Built, IndexedProduct};
use super::{Catalogue, IN_SHOP};
use crate::domain::money::Money;
use crate::domain::pricing::Discount;
use crate::domain::search_terms::index_words;
use crate::store::activity::{Activity, Entry};
use crate::store::{placeholders, value_rows};

/// How many versions of the change feed are kept. A node further behind (or starting)
/// builds its index afresh instead of reading the feed.
const CHANGES_KEPT: i64 = 10_000;
/// Products read from the database per query when building or catching up.
const BATCH: usize = 500;

/// Marks the catalogue changed, in the transaction that changes it, naming the
/// products whose listing may have changed (none for a banner, say).
pub(crate) async fn bump(
    tx: &mut Transaction<'static, Any>,
    products: &[&str],
) -> Result<(), sqlx::Error> {
    let version = next_version(tx).await?;
    for batch in products.chunks(BATCH) {
        let sql = format!(
            "INSERT INTO catalogue_changes (version, product_id) VALUES {}",
            value_rows(batch.len(), 2)
        );
        let mut query = sqlx::query(&sql);
        for id in batch {
            query = query.bind(version).bind(*id);
        }
        query.execute(&mut **tx).await?;
    }
    if !products.is_empty() {
        forget_old_changes(tx, version).await?;
    }
    Ok(())
}

/// Tells every node's search index that these products ran out or came back (its
/// in-stock count), in a transaction of its own after the one that moved their stock:
/// that one holds the products' rows, and an administrator's bulk change holds the
/// catalogue's version while it takes products one by one, so one transaction taking
/// both would deadlock with it. Only the rare movement that takes the last unit, or
/// brings units back to a product that had none, comes here (an order, a cancellation,
/// a member of staff's change); a failure is logged, and the index counts the product
/// wrongly until its next change.
pub(crate) async fn stock_crossed_zero(db: &crate::store::Db, products: &[&str]) {
    if products.is_empty() {
        return;
    }
    let told = async {
        let mut tx = db.begin_write().await?;
        bump(&mut tx, products).await?;
        tx.commit().await
    };
    if let Err(e) = told.await {
        tracing::warn!(error = %e, "telling the search index of a stock change failed");
    }
}

/// Marks the catalogue changed everywhere: after a bulk load, every node builds its
/// search index afresh.
pub(crate) async fn bump_all(tx: &mut Transaction<'static, Any>) -> Result<(), sqlx::Error> {
    let version = next_version(tx).await?;
    sqlx::query("INSERT INTO catalogue_changes (version, product_id) VALUES ($1, NULL)")
        .bind(version)
        .execute(&mut **tx)
        .await?;
    forget_old_changes(tx, version).await
}

async fn next_version(tx: &mut Transaction<'static, Any>) -> Result<i64, sqlx::Error> {
    let version = sqlx::query(
        "UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version",
    )
    .fetch_one(&mut **tx)
    .await?
    .try_get("version")?;
    // The node that made it forgets its kept answers once the request has finished.
    crate::store::shown::changed();
    Ok(version)
}

async fn forget_old_changes(
    tx: &mut Transaction<'static, Any>,
    version: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM catalogue_changes WHERE version <= $1")
        .bind(version - CHANGES_KEPT)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Logs a catalogue change and marks the catalogue changed, both in the transaction
/// that makes it: what changes the shop is never logged without the other nodes being
/// told. (A transaction logging many changes, such as a bulk change or an import,
/// records them with [`Activity`] and bumps once.)
pub(crate) async fn record_change(
    tx: &mut Transaction<'static, Any>,
    activity: &Activity,
    entry: Entry<'_>,
) -> Result<(), sqlx::Error> {
    let products: &[&str] = if entry.object_type == "product" {
        &[entry.object_id]
    } else {
        &[]
    };
    bump(tx, products).await?;
    activity.record(tx, entry).await
}

/// What a node must do to catch up with the feed.
enum CatchUp {
    Rebuild,
    Products(Arc<Built>, Vec<String>),
}

impl Catalogue {
    /// Reads the catalogue's version and, when it is not the one this node last saw,
    /// forgets the listing's totals and brings the search index up to it (building it
    /// when there is none yet or the feed no longer reaches back far enough). Resolves
    /// to whether it had moved. Every serving node calls it each second (`app::serve`),
    /// and each catalogue write calls it once committed, so the writer's own change
    /// shows at once.
    pub async fn follow_changes(&self) -> Result<bool, sqlx::Error> {
        // One catch-up at a time: two would race to put older rows over newer ones.
        let _turn = self.following.lock().await;
        let version: i64 = sqlx::query("SELECT version FROM catalogue_version WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("version")?;
        let seen = self.version_seen.load(Ordering::SeqCst);
        if seen == version && self.search.is_built() {
            return Ok(false);
        }
        self.forget_counts();
        self.reload_synonyms().await?;
        let catch_up = match self.search.in_use() {
            Some(built) if seen >= 0 && version - seen < CHANGES_KEPT => {
                let rows = sqlx::query(
                    "SELECT DISTINCT product_id FROM catalogue_changes WHERE version > $1 AND version <= $2",
                )
                .bind(seen)
                .bind(version)
                .fetch_all(&self.db.pool)
                .await?;
                let ids = rows
                    .iter()
                    .map(|row| row.try_get::<Option<String>, _>("product_id"))
                    .collect::<Result<Option<Vec<String>>, _>>()?;
                ids.map_or(CatchUp::Rebuild, |ids| CatchUp::Products(built, ids))
            }
            _ => CatchUp::Rebuild,
        };
        match catch_up {
            CatchUp::Rebuild => self.build_search_index().await?,
            CatchUp::Products(built, ids) => self.reindex(built, ids).await?,
        }
        self.version_seen.store(version, Ordering::SeqCst);
        Ok(true)
    }

    /// The catalogue's version in the database and the one this node's search index
    /// holds (-1 before it is built), for `/metrics`: their difference is how many
    /// catalogue writes the index has yet to catch up with.
    pub async fn versions(&self) -> Result<(i64, i64), sqlx::Error> {
        let version: i64 = sqlx::query("SELECT version FROM catalogue_version WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("version")?;
        Ok((version, self.version_seen.load(Ordering::SeqCst)))
    }

    /// Builds the search index from every product in the shop and puts it in place of
    /// the one in use, which serves searches meanwhile.
    async fn build_search_index(&self) -> Result<(), sqlx::Error> {
        let started = std::time::Instant::now();
        let built = Arc::new(Built::new().map_err(index_error)?);
        let mut after = String::new();
        let mut count = 0;
        loop {
            let sql = format!(
                "SELECT {INDEXED_COLUMNS} FROM products p WHERE {IN_SHOP} AND p.id > $1 \
                 ORDER BY p.id LIMIT {BATCH}"
            );
            let products = self
                .indexed_products(&sql, std::slice::from_ref(&after))
                .await?;
            let Some(last) = products.last() else { break };
            after = last.id.clone();
            count += products.len();
            let built = built.clone();
            off_thread(move || built.add(&products)).await?;
        }
        let committing = built.clone();
        let (segments, bytes) = off_thread(move || {
            committing.commit()?;
            let segments = committing.merge_segments();
            Ok((segments, committing.size_bytes()))
        })
        .await?;
        self.search.replace(built);
        tracing::info!(
            "search index built: {count} products in {} ms ({segments} segments merged into one, {:.1} MB)",
            started.elapsed().as_millis(),
            bytes as f64 / 1_048_576.0
        );
        Ok(())
    }

    /// Re-reads products `ids` into the search index `built`: changed, added, or gone.
    async fn reindex(&self, built: Arc<Built>, ids: Vec<String>) -> Result<(), sqlx::Error> {
        for batch in ids.chunks(BATCH) {
            let sql = format!(
                "SELECT {INDEXED_COLUMNS} FROM products p WHERE {IN_SHOP} AND p.id IN ({})",
                placeholders(batch.len())
            );
            let products = self.indexed_products(&sql, batch).await?;
            let built = built.clone();
            let batch = batch.to_vec();
            off_thread(move || built.apply(&batch, &products)).await?;
        }
        Ok(())
    }

    /// What the index holds of the products `sql` reads, with `args` bound in order.
    async fn indexed_products(
        &self,
        sql: &str,
        args: &[String],
    ) -> Result<Vec<IndexedProduct>, sqlx::Error> {
        let rows = args
            .iter()
            .fold(sqlx::query(sql), |query, arg| query.bind(arg.clone()))
            .fetch_all(&self.db.pool)
            .await?;
        let mut products: Vec<IndexedProduct> = rows
            .iter()
            .map(indexed_from_row)
            .collect::<Result<_, _>>()?;
        // What the SKU search and the option filter read: the variants in the shop.
        let ids: Vec<&str> = products.iter().map(|p| p.id.as_str()).collect();
        let mut variants = super::variants::variants_of(&self.db.pool, &ids, false).await?;
        for product in &mut products {
            for variant in variants.remove(&product.id).unwrap_or_default() {
                product.skus.push(variant.sku);
                product.variant_options.push(variant.options);
            }
        }
        Ok(products)
    }
}

const INDEXED_COLUMNS: &str = "p.id, p.name, p.search_text, p.category_id, p.sub_category_id, \
     p.paid_cents, p.created_at, p.stock, p.images, p.price_cents, p.discount_bp, p.discount_ends_at";

fn indexed_from_row(row: &sqlx::any::AnyRow) -> Result<IndexedProduct, sqlx::Error> {
    Ok(IndexedProduct {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        // Read as products are stored now, each size joined and apart, whenever it was
        // stored (reading text stored so gives the same words).
        search_text: index_words(&row.try_get::<String, _>("search_text")?).join(" "),
        category_id: row.try_get("category_id")?,
        sub_category_id: row.try_get("sub_category_id")?,
        paid_cents: row.try_get("paid_cents")?,
        created_at: row.try_get("created_at")?,
        stock: row.try_get("stock")?,
        image: serde_json::from_str::<Vec<String>>(&row.try_get::<String, _>("images")?)
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?
            .into_iter()
            .next(),
        price: Money::from_cents(row.try_get("price_cents")?),
        discount: Discount {
            basis_points: row.try_get("discount_bp")?,
            ends_at: row.try_get("discount_ends_at")?,
        },
        skus: Vec::new(),
        variant_options: Vec::new(),
    })
}

/// Runs index work that blocks (tantivy's writer waits for its indexing thread) on the
/// blocking pool, its fault as the store's error.
async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> tantivy::Result<T> + Send + 'static,
) -> Result<T, sqlx::Error> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| index_error(e.to_string()))?
        .map_err(index_error)
}

/// A fault of the search index, as the store's error: it is logged and answered as
/// every other fault is.
pub(super) fn index_error(e: impl std::fmt::Display) -> sqlx::Error {
    sqlx::Error::Protocol(format!("search index: {e}"))
}
