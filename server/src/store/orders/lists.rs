//! Pages of orders: a customer's, and the administrators' filtered and searched list,
//! and the export's walk by date.

use sqlx::Row;

use super::rows::{fill_details, order_head, ORDER_COLUMNS};
use super::{OrderFilter, OrderRow, Orders};
use crate::domain::id::Id;
use crate::domain::order::Status;
use crate::store::dialect::prefix_bounds;

/// A value bound to a query built from parts.
enum Bind {
    Text(String),
    Int(i64),
}

impl Orders {
    /// A page of the customer's orders, newest first, and how many they have.
    pub async fn of_customer(
        &self,
        user_id: &Id,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        self.page(
            "WHERE user_id = $1",
            vec![Bind::Text(user_id.as_str().to_string())],
            limit,
            offset,
        )
        .await
    }

    /// A page of every order, or those standing at `status`, newest first.
    pub async fn all(
        &self,
        status: Option<Status>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let filter = OrderFilter {
            status,
            ..OrderFilter::default()
        };
        self.search(&filter, limit, offset).await
    }

    /// A page of the orders `filter` keeps, newest first, and how many it keeps.
    ///
    /// Each filter has an index of its own (migrations 0006 and 0009): status, payment
    /// status and fulfilment with the order number, so a page is the index walked
    /// newest first; dates by `created_at`; the search by number (unique), e-mail and
    /// lowercased first name, each a range of its index, so the planner combines them
    /// (OR) and sorts only what matched; the other filters then only sift those. A date
    /// range sorts its matches by number. Several filters without a search are served
    /// by the index the planner finds most selective. Checked with EXPLAIN on both
    /// backends (docs/ARCHITECTURE.md).
    pub async fn search(
        &self,
        filter: &OrderFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let mut conditions = Vec::new();
        let mut binds = Vec::new();
        let bind = |value: Bind, binds: &mut Vec<Bind>| {
            binds.push(value);
            format!("${}", binds.len())
        };
        // With a search, the other filters are written so no index can serve them: a
        // planner without statistics (SQLite's) would otherwise walk, say, every placed
        // order by `orders_by_status` rather than take the search's few matches.
        let searching = filter.query.is_some();
        let text = |column: &str| {
            if searching {
                format!("({column} || '')")
            } else {
                column.to_string()
            }
        };
        let created = if searching {
            "(created_at + 0)"
        } else {
            "created_at"
        };
        if let Some(status) = filter.status {
            let n = bind(Bind::Text(status.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("status")));
        }
        if let Some(payment) = filter.payment_status {
            let n = bind(Bind::Text(payment.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("payment_status")));
        }
        if let Some(fulfilment) = filter.fulfilment {
            let n = bind(Bind::Text(fulfilment.as_str().into()), &mut binds);
            conditions.push(format!("{} = {n}", text("fulfilment")));
        }
        if let Some(from) = filter.from {
            let n = bind(Bind::Int(from), &mut binds);
            conditions.push(format!("{created} >= {n}"));
        }
        if let Some(until) = filter.until {
            let n = bind(Bind::Int(until), &mut binds);
            conditions.push(format!("{created} < {n}"));
        }
        if let Some(query) = &filter.query {
            let dialect = self.db.dialect;
            let (low, high) = prefix_bounds(&query.to_lowercase());
            let mut any = Vec::new();
            let number = query.trim_start_matches('#');
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                let n = bind(Bind::Text(number.into()), &mut binds);
                any.push(format!("number = {n}"));
            }
            let (l, h) = (
                bind(Bind::Text(low), &mut binds),
                bind(Bind::Text(high), &mut binds),
            );
            for column in [
                dialect.bytewise("email_address"),
                dialect.bytewise("lower(first_name)"),
            ] {
                any.push(format!("({column} >= {l} AND {column} < {h})"));
            }
            conditions.push(format!("({})", any.join(" OR ")));
        }
        let clause = if conditions.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", conditions.join(" AND "))
        };
        self.page(&clause, binds, limit, offset).await
    }

    /// The orders placed from `from` to before `until` (Unix ms), oldest first, with
    /// their lines: `limit` of them after `after` (the last one's time and id), so an
    /// export walks any number of them a page at a time along `orders_by_created`.
    pub async fn placed_between(
        &self,
        from: i64,
        until: i64,
        after: Option<(i64, String)>,
        limit: i64,
    ) -> Result<Vec<OrderRow>, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let (after_at, after_id) = after.unwrap_or((from - 1, String::new()));
        let rows = sqlx::query(&format!(
            "SELECT {ORDER_COLUMNS} FROM orders WHERE created_at >= $1 AND created_at < $2 \
             AND (created_at > $3 OR (created_at = $3 AND id > $4)) ORDER BY created_at, id LIMIT $5"
        ))
        .bind(from)
        .bind(until)
        .bind(after_at)
        .bind(after_id)
        .bind(limit)
        .fetch_all(&mut *conn)
        .await?;
        let mut orders = rows.iter().map(order_head).collect::<Result<Vec<_>, _>>()?;
        fill_details(&mut conn, &mut orders).await?;
        Ok(orders)
    }

    async fn page(
        &self,
        filter: &str,
        binds: Vec<Bind>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OrderRow>, i64), sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        let n = binds.len() + 1;
        let sql = format!(
            "SELECT {ORDER_COLUMNS} FROM orders {filter} ORDER BY seq DESC LIMIT ${n} OFFSET ${}",
            n + 1
        );
        let count_sql = format!("SELECT COUNT(*) AS n FROM orders {filter}");
        let mut query = sqlx::query(&sql);
        let mut count = sqlx::query(&count_sql);
        for value in &binds {
            match value {
                Bind::Text(text) => {
                    query = query.bind(text.as_str());
                    count = count.bind(text.as_str());
                }
                Bind::Int(int) => {
                    query = query.bind(*int);
                    count = count.bind(*int);
                }
            }
        }
        let rows = query.bind(limit).bind(offset).fetch_all(&mut *conn).await?;
        let total: i64 = count.fetch_one(&mut *conn).await?.try_get("n")?;
        let mut orders = rows.iter().map(order_head).collect::<Result<Vec<_>, _>>()?;
        fill_details(&mut conn, &mut orders).await?;
        Ok((orders, total))
    }
}
