//! Categories, products and banners: the SQL behind the catalogue calls, and the
//! inserts the seeders use.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::any::AnyRow;
use sqlx::{Executor, Row};

use super::{dialect::search_words, Db, Dialect};
use crate::domain::pricing::{price_at, Discount};
use crate::domain::time::now_ms;
use crate::domain::Money;

pub use crate::domain::listing::{ProductSort, SortField};

/// Each category's highest running discount, `$1` being now (Unix ms).
pub const CATEGORY_DISCOUNTS: &str = "SELECT c.id, (SELECT p.discount_bp FROM products p \
     WHERE p.category_id = c.id AND p.paid_cents <> p.price_cents \
     AND (p.discount_ends_at IS NULL OR p.discount_ends_at > $1) \
     ORDER BY p.discount_bp DESC LIMIT 1) AS best FROM categories c";

/// A category with its sub-categories, in display order.
#[derive(Clone, Debug)]
pub struct CategoryTree {
    pub id: String,
    pub title: String,
    pub sub_categories: Vec<(String, String)>,
    /// The highest discount running on one of its products, in basis points (0: none).
    pub max_discount_bp: i64,
}

/// A product as stored, with its category titles.
#[derive(Clone, Debug)]
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
}

#[derive(Clone, Debug)]
pub struct BannerRow {
    pub id: String,
    pub image: String,
    pub url: String,
}

/// What a product listing is narrowed to. Every list is already bounded by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProductFilter {
    pub keyword_words: Vec<String>,
    pub category_ids: Vec<String>,
    pub sub_category_ids: Vec<String>,
    /// Bounds on the price the shopper pays, inclusive.
    pub min_paid: Option<Money>,
    pub max_paid: Option<Money>,
}

/// Most words a keyword search looks at.
pub const MAX_SEARCH_WORDS: usize = 8;

pub(crate) const PRODUCT_COLUMNS: &str = "p.id, p.name, p.description, p.price_cents, p.discount_bp, p.discount_ends_at, \
     p.images, p.stock, p.category_id, c.title AS category_title, p.sub_category_id, s.title AS sub_category_title, \
     p.size, p.color, p.featured, p.rating_sum, p.review_count, p.created_at";
pub(crate) const PRODUCT_JOINS: &str =
    "JOIN categories c ON c.id = p.category_id JOIN sub_categories s ON s.id = p.sub_category_id";

/// The catalogue's queries over one database.
#[derive(Clone, Debug)]
pub struct Catalogue {
    db: Db,
    counts: Arc<CountCache>,
}

enum Arg {
    Text(String),
    Int(i64),
}

impl Catalogue {
    pub fn new(db: Db) -> Self {
        Catalogue {
            db,
            counts: Arc::new(CountCache::new(Duration::from_secs(10), 4096)),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub async fn categories(&self) -> Result<Vec<CategoryTree>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT c.id, c.title, s.id AS sub_id, s.title AS sub_title FROM categories c \
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
                    sub_categories: Vec::new(),
                    max_discount_bp: 0,
                });
            }
            if let Some(sub_id) = row.try_get::<Option<String>, _>("sub_id")? {
                let category = tree.last_mut().expect("pushed above");
                category
                    .sub_categories
                    .push((sub_id, row.try_get("sub_title")?));
            }
        }
        // One seek per category into products_cat_discount. A discount that ended in
        // the last 30 s, before the sweep, is left out by its end time.
        let best = sqlx::query(CATEGORY_DISCOUNTS)
            .bind(now_ms())
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
        let rows = sqlx::query("SELECT id, image, url FROM banners ORDER BY position, id")
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(BannerRow {
                    id: r.try_get("id")?,
                    image: r.try_get("image")?,
                    url: r.try_get("url")?,
                })
            })
            .collect()
    }

    pub async fn product(&self, id: &str) -> Result<Option<ProductRow>, sqlx::Error> {
        let sql =
            format!("SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id = $1");
        let row = sqlx::query(&sql)
            .bind(id.to_string())
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref().map(product_from_row).transpose()
    }

    /// The products with these ids that exist, in no particular order. The caller
    /// bounds `ids` (at most a list's 100 entries).
    pub async fn products_by_ids(&self, ids: &[String]) -> Result<Vec<ProductRow>, sqlx::Error> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.id IN ({})",
            super::placeholders(ids.len())
        );
        let mut query = sqlx::query(&sql);
        for id in ids {
            query = query.bind(id.clone());
        }
        let rows = query.fetch_all(&self.db.pool).await?;
        rows.iter().map(product_from_row).collect()
    }

    /// The homepage's top products: the featured ones, newest first, else the newest
    /// products when none is featured (DESIGN.md §5).
    pub async fn top_products(&self, limit: i64) -> Result<Vec<ProductRow>, sqlx::Error> {
        let featured = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} WHERE p.featured = 1 ORDER BY p.created_at DESC, p.id DESC LIMIT $1"
        );
        let rows = sqlx::query(&featured)
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?;
        if !rows.is_empty() {
            return rows.iter().map(product_from_row).collect();
        }
        let newest = format!("SELECT {PRODUCT_COLUMNS} FROM products p {PRODUCT_JOINS} ORDER BY p.created_at DESC, p.id DESC LIMIT $1");
        let rows = sqlx::query(&newest)
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(product_from_row).collect()
    }

    /// One page of products and the number of products matching `filter`.
    pub async fn list_products(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<ProductRow>, i64), sqlx::Error> {
        // A keyword search counts first: how many it matches decides how to sort them.
        let (hint, known_total) = if filter.is_keyword_only() {
            let matches = self.count_products(filter).await?;
            let all = self.count_products(&ProductFilter::default()).await?;
            (
                self.db.dialect.sort_index_hint(sort.field, matches, all),
                Some(matches),
            )
        } else {
            ("", None)
        };
        if let Some(total) = known_total.filter(|&total| offset >= total) {
            // Past the last match: nothing to walk an index for.
            return Ok((Vec::new(), total));
        }
        let (sql, mut args) = self.page_sql(filter, sort, hint);
        args.push(Arg::Int(limit));
        args.push(Arg::Int(offset));
        let rows = bind_all(sqlx::query(&sql), args)
            .fetch_all(&self.db.pool)
            .await?;
        let products = rows
            .iter()
            .map(product_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        let total = match known_total {
            Some(total) => total,
            // A first page that is not full already holds every match.
            None if offset == 0 && (products.len() as i64) < limit => products.len() as i64,
            None => self.count_products(filter).await?,
        };
        Ok((products, total))
    }

    /// The page query for a listing: its SQL (ending in `LIMIT` and `OFFSET` placeholders)
    /// and every argument but those two.
    fn page_sql(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        hint: &str,
    ) -> (String, Vec<Arg>) {
        let (where_sql, args) = self.where_clause(filter);
        let direction = if sort.descending { "DESC" } else { "ASC" };
        let order = match sort.field {
            SortField::Name => self.db.dialect.name_order(),
            SortField::Price => "p.paid_cents",
            SortField::CreatedAt => "p.created_at",
        };
        let n = args.len();
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM products p{hint} {PRODUCT_JOINS}{where_sql} \
             ORDER BY {order} {direction}, p.id {direction} LIMIT ${} OFFSET ${}",
            n + 1,
            n + 2
        );
        (sql, args)
    }

    /// The database's plans for a listing's page and count queries, one line per step:
    /// for tests and diagnosis. On PostgreSQL sequential scans are switched off for
    /// the plan, so a `Seq Scan` in it means no index can serve the query.
    pub async fn listing_plan(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
    ) -> Result<Vec<String>, sqlx::Error> {
        let (page, mut page_args) = self.page_sql(filter, sort, "");
        page_args.push(Arg::Int(10));
        page_args.push(Arg::Int(0));
        let (where_sql, count_args) = self.where_clause(filter);
        let count = format!("SELECT COUNT(*) AS n FROM products p{where_sql}");
        let (explain, column) = match self.db.dialect {
            Dialect::Sqlite => ("EXPLAIN QUERY PLAN ", "detail"),
            Dialect::Postgres => ("EXPLAIN ", "QUERY PLAN"),
        };
        // In a transaction that is never committed, so the setting cannot outlive it,
        // whatever happens (an error, a cancelled call).
        let mut tx = self.db.pool.begin().await?;
        if self.db.dialect == Dialect::Postgres {
            tx.execute("SET LOCAL enable_seqscan = off").await?;
        }
        let mut lines = Vec::new();
        for (sql, args) in [(page, page_args), (count, count_args)] {
            let rows = bind_all(sqlx::query(&format!("{explain}{sql}")), args)
                .fetch_all(&mut *tx)
                .await?;
            for row in rows {
                lines.push(row.try_get::<String, _>(column)?);
            }
        }
        tx.rollback().await?;
        Ok(lines)
    }

    /// How many products match `filter`. Counting walks every matching index entry, so
    /// the answer is kept for a few seconds: a listing's total may lag a new product by
    /// that long, which no shopper notices, and repeated page views stay cheap.
    pub async fn count_products(&self, filter: &ProductFilter) -> Result<i64, sqlx::Error> {
        if let Some(total) = self.counts.get(filter) {
            return Ok(total);
        }
        let (where_sql, args) = self.where_clause(filter);
        let sql = format!("SELECT COUNT(*) AS n FROM products p{where_sql}");
        let total: i64 = bind_all(sqlx::query(&sql), args)
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")?;
        self.counts.put(filter.clone(), total);
        Ok(total)
    }

    fn where_clause(&self, filter: &ProductFilter) -> (String, Vec<Arg>) {
        let mut clauses = Vec::new();
        let mut args = Vec::new();
        if !filter.keyword_words.is_empty() {
            args.push(Arg::Text(
                self.db.dialect.keyword_query(&filter.keyword_words),
            ));
            clauses.push(self.db.dialect.keyword_predicate(args.len()));
        }
        for (column, ids) in [
            ("p.category_id", &filter.category_ids),
            ("p.sub_category_id", &filter.sub_category_ids),
        ] {
            if ids.is_empty() {
                continue;
            }
            let placeholders: Vec<String> = ids
                .iter()
                .map(|id| {
                    args.push(Arg::Text(id.clone()));
                    format!("${}", args.len())
                })
                .collect();
            clauses.push(format!("{column} IN ({})", placeholders.join(", ")));
        }
        if let Some(min) = filter.min_paid {
            args.push(Arg::Int(min.cents()));
            clauses.push(format!("p.paid_cents >= ${}", args.len()));
        }
        if let Some(max) = filter.max_paid {
            args.push(Arg::Int(max.cents()));
            clauses.push(format!("p.paid_cents <= ${}", args.len()));
        }
        let sql = if clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", clauses.join(" AND "))
        };
        (sql, args)
    }

    /// Puts the price a shopper pays back to the list price for discounts that have
    /// ended, so price filters and sorts stay true. Every node may run it: it is
    /// idempotent and served by the `products_discount_ends` index.
    pub async fn sweep_expired_discounts(&self) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "UPDATE products SET paid_cents = price_cents, updated_at = $1 \
             WHERE paid_cents <> price_cents AND discount_ends_at IS NOT NULL AND discount_ends_at <= $1",
        )
        .bind(now_ms())
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected())
    }

    pub async fn product_count(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT COUNT(*) AS n FROM products")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")
    }

    pub async fn insert_categories(&self, categories: &[NewCategory]) -> Result<(), sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = now_ms();
        for c in categories {
            sqlx::query(
                    "INSERT INTO categories (id, title, position, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING",
                )
                .bind(c.id.clone())
                .bind(c.title.clone())
                .bind(c.position)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            for (position, (id, title)) in c.sub_categories.iter().enumerate() {
                sqlx::query(
                        "INSERT INTO sub_categories (id, category_id, title, position, created_at) VALUES ($1, $2, $3, $4, $5) \
                         ON CONFLICT (id) DO NOTHING",
                    )
                    .bind(id.clone())
                    .bind(c.id.clone())
                    .bind(title.clone())
                    .bind(position as i64)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await
    }

    /// Inserts products in batches; a product whose id exists is left as it is.
    pub async fn insert_products(&self, products: &[NewProduct]) -> Result<(), sqlx::Error> {
        let titles = self.titles().await?;
        const COLUMNS: &str = "id, name, description, price_cents, discount_bp, discount_ends_at, paid_cents, images, stock, \
             category_id, sub_category_id, size, color, featured, search_text, created_at, updated_at";
        const PER_ROW: usize = 17;
        let now = now_ms();
        let mut tx = self.db.begin_write().await?;
        for batch in products.chunks(500) {
            let rows: Vec<String> = (0..batch.len())
                .map(|r| {
                    let cells: Vec<String> = (1..=PER_ROW)
                        .map(|c| format!("${}", r * PER_ROW + c))
                        .collect();
                    format!("({})", cells.join(", "))
                })
                .collect();
            let sql = format!(
                "INSERT INTO products ({COLUMNS}) VALUES {} ON CONFLICT (id) DO NOTHING",
                rows.join(", ")
            );
            let mut query = sqlx::query(&sql);
            for p in batch {
                let paid = price_at(p.price, p.discount, now).discounted_price;
                // Stored as the very words a query is split into, so both search
                // engines see '1.25' or '3/4' as the same two words.
                let search_text = search_words(
                    &[
                        p.name.as_str(),
                        &p.description,
                        titles.get(&p.category_id).map_or("", String::as_str),
                        titles.get(&p.sub_category_id).map_or("", String::as_str),
                    ]
                    .join(" "),
                    usize::MAX,
                )
                .join(" ");
                query = query
                    .bind(p.id.clone())
                    .bind(p.name.clone())
                    .bind(p.description.clone())
                    .bind(p.price.cents())
                    .bind(p.discount.basis_points)
                    .bind(p.discount.ends_at)
                    .bind(paid.cents())
                    .bind(serde_json::to_string(&p.images).expect("a list of strings serialises"))
                    .bind(p.stock)
                    .bind(p.category_id.clone())
                    .bind(p.sub_category_id.clone())
                    .bind(p.size.clone())
                    .bind(p.color.clone())
                    .bind(i64::from(p.featured))
                    .bind(search_text)
                    .bind(p.created_at)
                    .bind(now);
            }
            tx.execute(query).await?;
        }
        tx.commit().await?;
        // Only now can a count see the new products.
        self.counts.clear();
        Ok(())
    }

    /// Tidies the search index and statistics ([`Dialect::after_bulk_load`]); the seeders
    /// call it after loading products.
    pub async fn tidy_after_bulk_load(&self) -> Result<(), sqlx::Error> {
        if let Some(sql) = self.db.dialect.after_bulk_load() {
            self.db.pool.execute(sql).await?;
        }
        Ok(())
    }

    pub async fn insert_banners(&self, banners: &[NewBanner]) -> Result<(), sqlx::Error> {
        let now = now_ms();
        for b in banners {
            sqlx::query(
                "INSERT INTO banners (id, image, url, position, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING",
            )
            .bind(b.id.clone())
            .bind(b.image.clone())
            .bind(b.url.clone())
            .bind(b.position)
            .bind(now)
            .execute(&self.db.pool)
            .await?;
        }
        Ok(())
    }

    /// Category and sub-category titles by id, for the search text.
    async fn titles(&self) -> Result<HashMap<String, String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, title FROM categories UNION ALL SELECT id, title FROM sub_categories",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("title")?)))
            .collect()
    }
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    args: Vec<Arg>,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for arg in args {
        query = match arg {
            Arg::Text(text) => query.bind(text),
            Arg::Int(int) => query.bind(int),
        };
    }
    query
}

pub(crate) fn product_from_row(row: &AnyRow) -> Result<ProductRow, sqlx::Error> {
    let images: String = row.try_get("images")?;
    Ok(ProductRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        price: Money::from_cents(row.try_get("price_cents")?),
        discount: Discount {
            basis_points: row.try_get("discount_bp")?,
            ends_at: row.try_get("discount_ends_at")?,
        },
        images: serde_json::from_str(&images).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        stock: row.try_get("stock")?,
        category: (row.try_get("category_id")?, row.try_get("category_title")?),
        sub_category: (
            row.try_get("sub_category_id")?,
            row.try_get("sub_category_title")?,
        ),
        size: row.try_get("size")?,
        color: row.try_get("color")?,
        featured: row.try_get::<i64, _>("featured")? != 0,
        rating_sum: row.try_get("rating_sum")?,
        review_count: row.try_get("review_count")?,
        created_at: row.try_get("created_at")?,
    })
}

/// A category to insert, with its sub-categories as (id, title) in display order.
#[derive(Clone, Debug)]
pub struct NewCategory {
    pub id: String,
    pub title: String,
    pub position: i64,
    pub sub_categories: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
pub struct NewProduct {
    pub id: String,
    pub name: String,
    pub description: String,
    pub price: Money,
    pub discount: Discount,
    pub images: Vec<String>,
    pub stock: i64,
    pub category_id: String,
    pub sub_category_id: String,
    pub size: Option<String>,
    pub color: Option<String>,
    pub featured: bool,
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct NewBanner {
    pub id: String,
    pub image: String,
    pub url: String,
    pub position: i64,
}

impl ProductFilter {
    /// The words of a shopper's search text, at most [`MAX_SEARCH_WORDS`].
    pub fn keyword(text: &str) -> Vec<String> {
        search_words(text, MAX_SEARCH_WORDS)
    }

    /// A keyword search with no other condition.
    fn is_keyword_only(&self) -> bool {
        !self.keyword_words.is_empty()
            && self.category_ids.is_empty()
            && self.sub_category_ids.is_empty()
            && self.min_paid.is_none()
            && self.max_paid.is_none()
    }
}

/// Listing totals by filter, each kept for `ttl`. Bounded: when full it starts afresh.
///
/// When a total expires, the first caller recounts while the others keep getting the
/// old total: otherwise every request in flight at that moment would count at once.
#[derive(Debug)]
struct CountCache {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<ProductFilter, CountEntry>>,
}

#[derive(Debug)]
struct CountEntry {
    total: i64,
    counted_at: Instant,
    /// When a caller set out to recount it; another may try after `RECOUNT_GRACE`.
    recounting_since: Option<Instant>,
}

/// How long a recount may take before another caller tries (the first may have failed).
const RECOUNT_GRACE: Duration = Duration::from_secs(2);

impl CountCache {
    fn new(ttl: Duration, capacity: usize) -> Self {
        CountCache {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The total for `filter` while it is fresh, or while another caller recounts it.
    /// `None` asks this caller to count and [`CountCache::put`] the result.
    fn get(&self, filter: &ProductFilter) -> Option<i64> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let entry = entries.get_mut(filter)?;
        if entry.counted_at.elapsed() < self.ttl {
            return Some(entry.total);
        }
        match entry.recounting_since {
            Some(since) if since.elapsed() < RECOUNT_GRACE => Some(entry.total),
            _ => {
                entry.recounting_since = Some(Instant::now());
                None
            }
        }
    }

    fn put(&self, filter: ProductFilter, total: i64) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= self.capacity && !entries.contains_key(&filter) {
            entries.clear();
        }
        entries.insert(
            filter,
            CountEntry {
                total,
                counted_at: Instant::now(),
                recounting_since: None,
            },
        );
    }

    fn clear(&self) {
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expired_count_is_recounted_by_one_caller_while_the_others_get_the_old_one() {
        let cache = CountCache::new(Duration::from_millis(30), 8);
        let filter = ProductFilter::default();
        cache.put(filter.clone(), 7);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(
            cache.get(&filter),
            None,
            "the first caller after expiry recounts"
        );
        assert_eq!(
            cache.get(&filter),
            Some(7),
            "the others keep the old total meanwhile"
        );
        assert_eq!(cache.get(&filter), Some(7));
        cache.put(filter.clone(), 8);
        assert_eq!(cache.get(&filter), Some(8));
    }

    #[test]
    fn count_cache_forgets_after_its_ttl_and_when_full() {
        let cache = CountCache::new(Duration::from_millis(30), 2);
        let a = ProductFilter {
            category_ids: vec!["a".into()],
            ..Default::default()
        };
        let b = ProductFilter {
            category_ids: vec!["b".into()],
            ..Default::default()
        };
        cache.put(a.clone(), 7);
        assert_eq!(cache.get(&a), Some(7));
        cache.put(b.clone(), 3);
        cache.put(ProductFilter::default(), 1); // full: starts afresh
        assert_eq!(cache.get(&a), None);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(cache.get(&ProductFilter::default()), None);
    }
}
