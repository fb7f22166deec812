//! Product listings: filters, sorting, paging and keyword search, their SQL, and the
//! sweep that keeps the price they filter and sort on true.

use sqlx::{Executor, Row};

use super::filter::ProductFilter;
use super::read::{
    product_from_row, read_products_with_ids, ProductRow, IN_SHOP, PRODUCT_COLUMNS, PRODUCT_JOINS,
};
use super::{Catalogue, Facets};
use crate::domain::id::Id;
use crate::domain::listing::{ProductSort, SortField};
use crate::domain::option_filter::OptionFilter;
use crate::store::prices::EVERYONES_BREAKS_ON_PRODUCT;
use crate::store::Dialect;

/// One page of a listing.
#[derive(Debug)]
pub struct ListingPage {
    pub rows: Vec<ProductRow>,
    /// How many products match.
    pub total: i64,
    /// Whether everyone has quantity breaks on a variant of one of `rows`, when it was
    /// read with them (`None` from the database's listing): a guest's page needs no
    /// pricing without.
    pub everyones_breaks: Option<bool>,
}

pub(super) enum Arg {
    Text(String),
    Int(i64),
}

impl Catalogue {
    /// One page of products and the number of products matching `filter`
    /// ([`Catalogue::list_page`]).
    pub async fn list_products(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<ProductRow>, i64), sqlx::Error> {
        let page = self.list_page(filter, sort, offset, limit).await?;
        Ok((page.rows, page.total))
    }

    /// One page of products matching `filter`. The search index finds the page's ids
    /// (keyword listings by searching it, others from the orders it keeps in memory)
    /// and only those rows are read, with whether everyone has breaks on them; while it
    /// is being built, the database finds them.
    pub async fn list_page(
        &self,
        filter: &ProductFilter,
        sort: ProductSort,
        offset: i64,
        limit: i64,
    ) -> Result<ListingPage, sqlx::Error> {
        let (Ok(offset_at), Ok(limit_at)) = (usize::try_from(offset), usize::try_from(limit))
        else {
            return Ok(ListingPage {
                rows: Vec::new(),
                total: 0,
                everyones_breaks: Some(false),
            });
        };
        let hits = if filter.keyword_words.is_empty() {
            self.search
                .browse(filter, sort, offset_at, limit_at)
                .map(Ok)
        } else {
            let parts = self.keyword_parts(&filter.keyword_words);
            self.search
                .search(filter, &parts, sort, offset_at, limit_at)
        };
        if let Some(hits) = hits {
            let hits = hits.map_err(super::version::index_error)?;
            let (rows, everyones_breaks) = self.products_in_order(&hits.ids).await?;
            return Ok(ListingPage {
                rows,
                total: hits.total,
                everyones_breaks: Some(everyones_breaks),
            });
        }
        // The index is still being built: the database answers meanwhile.
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
            return Ok(ListingPage {
                rows: Vec::new(),
                total,
                everyones_breaks: Some(false),
            });
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
        Ok(ListingPage {
            rows: products,
            total,
            everyones_breaks: None,
        })
    }

    /// The listing's facets (docs/API.md, "Facets"), counted by the search index and
    /// kept as its totals are; `None` while the index is being built.
    pub fn listing_facets(&self, filter: &ProductFilter) -> Result<Option<Facets>, sqlx::Error> {
        let now = self.clock.now_ms();
        let generation = match self.facets.get(filter, now) {
            Ok(facets) => return Ok(Some(facets)),
            Err(generation) => generation,
        };
        let parts = self.keyword_parts(&filter.keyword_words);
        let Some(facets) = self.search.facets(filter, &parts) else {
            return Ok(None);
        };
        let facets = facets.map_err(super::version::index_error)?;
        self.facets
            .put(filter.clone(), facets.clone(), now, generation);
        Ok(Some(facets))
    }

    /// The catalogue version this node has caught up with (-1 before its first look):
    /// what it shows of the catalogue is as of that version.
    pub fn version_seen(&self) -> i64 {
        self.version_seen.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Whether keyword listings go through the search index yet (it is built at start;
    /// until then the database answers them).
    pub fn search_is_built(&self) -> bool {
        self.search.is_built()
    }

    /// For a keyword search that found nothing, the words it may have meant: each word
    /// the search index does not know replaced by the closest one it does, when those
    /// words find something. `None` otherwise, or while the index is being built.
    pub fn did_you_mean(&self, filter: &ProductFilter) -> Option<String> {
        self.search
            .did_you_mean(filter)
            .map(|words| words.join(" "))
    }

    /// The products with these ids that are in the shop, in the order given, and whether
    /// everyone has breaks on one of them.
    async fn products_in_order(
        &self,
        ids: &[String],
    ) -> Result<(Vec<ProductRow>, bool), sqlx::Error> {
        let ids: Vec<Id> = ids.iter().filter_map(|id| Id::parse(id)).collect();
        let (mut rows, everyones_breaks) = read_products_with_ids(
            &self.db.pool,
            self.db.dialect,
            &ids,
            EVERYONES_BREAKS_ON_PRODUCT,
        )
        .await?;
        rows.sort_by_key(|row| ids.iter().position(|id| id.as_str() == row.id));
        Ok((rows, everyones_breaks))
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
            SortField::CreatedAt | SortField::Relevance => "p.created_at",
        };
        let n = args.len();
        // A deferred join: the page's keys come from the listing's index alone, skipped
        // rows included, and only the rows shown are read and joined, so a deep page
        // costs little more than the first.
        let key = self.db.dialect.row_key();
        let sql = format!(
            "SELECT {PRODUCT_COLUMNS} FROM (SELECT p.{key} FROM products p{hint}{where_sql} \
             ORDER BY {order} {direction}, p.id {direction} LIMIT ${} OFFSET ${}) page \
             JOIN products p ON p.{key} = page.{key} {PRODUCT_JOINS} \
             ORDER BY {order} {direction}, p.id {direction}",
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
        let now = self.clock.now_ms();
        let generation = match self.counts.get(filter, now) {
            Ok(total) => return Ok(total),
            Err(generation) => generation,
        };
        let (where_sql, args) = self.where_clause(filter);
        let sql = format!("SELECT COUNT(*) AS n FROM products p{where_sql}");
        let total: i64 = bind_all(sqlx::query(&sql), args)
            .fetch_one(&self.db.pool)
            .await?
            .try_get("n")?;
        self.counts.put(filter.clone(), total, now, generation);
        Ok(total)
    }

    /// The listing's conditions: always [`IN_SHOP`] first, which lets every query use
    /// the listing's partial indexes (and count from them alone).
    fn where_clause(&self, filter: &ProductFilter) -> (String, Vec<Arg>) {
        let mut clauses = vec![IN_SHOP.to_string()];
        let mut args = Vec::new();
        if !filter.keyword_words.is_empty() {
            let parts = self.keyword_parts(&filter.keyword_words);
            args.push(Arg::Text(self.db.dialect.keyword_query(&parts)));
            let by_words = self.db.dialect.keyword_predicate(args.len());
            match &filter.sku {
                Some(sku) => {
                    args.push(Arg::Text(sku.clone()));
                    clauses.push(format!(
                        "({by_words} OR EXISTS (SELECT 1 FROM product_variants v \
                         WHERE v.product_id = p.id AND v.archived_at IS NULL AND lower(v.sku) = ${}))",
                        args.len()
                    ));
                }
                None => clauses.push(by_words),
            }
        }
        if !filter.options.is_empty() {
            clauses.push(option_clause(&filter.options, &mut args));
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
                    args.push(Arg::Text(id.to_string()));
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
        (format!(" WHERE {}", clauses.join(" AND ")), args)
    }

    /// Puts the price a shopper pays back to the list price for discounts that have
    /// ended, so price filters and sorts stay true. Every node may run it: it is
    /// idempotent and served by the `products_discount_ends` index.
    pub async fn sweep_expired_discounts(&self) -> Result<u64, sqlx::Error> {
        let mut tx = self.db.begin_write().await?;
        let now = self.clock.now_ms();
        const ENDED: &str = "paid_cents <> price_cents AND discount_ends_at IS NOT NULL \
                             AND discount_ends_at <= $1";
        let ids = |rows: Vec<sqlx::any::AnyRow>| -> Result<Vec<String>, sqlx::Error> {
            rows.iter().map(|row| row.try_get("id")).collect()
        };
        let select = format!("SELECT id FROM products WHERE {ENDED}");
        let ended = ids(sqlx::query(&select).bind(now).fetch_all(&mut *tx).await?)?;
        // Their rows in the order orders take them, so a sweep never deadlocks with one.
        let ended: Vec<&str> = ended.iter().map(String::as_str).collect();
        super::variants::lock_products(&mut tx, self.db.dialect, &ended).await?;
        let update = format!(
            "UPDATE products SET paid_cents = price_cents, updated_at = $1 WHERE {ENDED} RETURNING id"
        );
        let swept = ids(sqlx::query(&update).bind(now).fetch_all(&mut *tx).await?)?;
        if !swept.is_empty() {
            // Price filters and sorts go by the price paid: every node's totals and
            // search index must follow.
            let ids: Vec<&str> = swept.iter().map(String::as_str).collect();
            super::bump_version(&mut tx, &ids).await?;
        }
        tx.commit().await?;
        if !swept.is_empty() {
            self.after_write().await;
        }
        Ok(swept.len() as u64)
    }
}

/// The option filter as SQL: one variant in the shop whose stored options (a JSON
/// object) hold, for every asked name, one of its values. Only asked while the search
/// index is being built, so a plain text match of the JSON serves.
fn option_clause(options: &OptionFilter, args: &mut Vec<Arg>) -> String {
    let like = |text: &str| {
        text.replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    };
    let json = |text: &str| serde_json::to_string(text).expect("a string serialises");
    let mut names = Vec::new();
    for name in options.names() {
        let mut alternatives = Vec::new();
        for value in options.values(name) {
            args.push(Arg::Text(format!(
                "%{}:{}%",
                like(&json(name)),
                like(&json(value))
            )));
            alternatives.push(format!("lower(v.options) LIKE ${} ESCAPE '\\'", args.len()));
        }
        names.push(format!("({})", alternatives.join(" OR ")));
    }
    format!(
        "EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id \
         AND v.archived_at IS NULL AND {})",
        names.join(" AND ")
    )
}

pub(super) fn bind_all<'q>(
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
