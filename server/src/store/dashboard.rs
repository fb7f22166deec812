//! The SQL of the administrators' dashboard (docs/DESIGN.md §8): one query per panel, each
//! a range of an index (migration 0009), so the dashboard costs the same however many
//! orders and products the shop has, save the few rows that match.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::Db;
use crate::domain::product_rules::LOW_STOCK;
use crate::domain::Money;

/// Orders placed in a period and what they came to, cancelled ones left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Period {
    pub orders: i64,
    pub revenue: Money,
}

/// Variants in a stock band (docs/DESIGN.md §9): how many, and the first few (lowest
/// stock, then their product's name).
#[derive(Clone, Debug, Default)]
pub struct StockPanel {
    pub count: i64,
    pub products: Vec<StockRow>,
}

#[derive(Clone, Debug)]
pub struct StockRow {
    /// The product's id and name.
    pub id: String,
    pub name: String,
    pub variant_id: String,
    pub sku: String,
    pub options: crate::domain::variant::VariantOptions,
    pub stock: i64,
}

#[derive(Clone, Debug)]
pub struct NewReview {
    pub id: String,
    pub product_id: String,
    pub product_name: String,
    pub rating: i64,
    pub comment: String,
    /// `None` once the author's account is gone.
    pub author: Option<String>,
    pub created_at: i64,
}

#[derive(Clone, Debug)]
pub struct Figures {
    pub today: Period,
    pub week: Period,
    /// Orders waiting for the shop: placed (to prepare), ready for pickup (to hand over).
    pub placed: i64,
    pub ready_for_pickup: i64,
    pub low_stock: StockPanel,
    pub out_of_stock: StockPanel,
    pub reviews: Vec<NewReview>,
}

#[derive(Clone, Debug)]
pub struct Dashboard {
    db: Db,
}

impl Dashboard {
    pub fn new(db: Db) -> Self {
        Dashboard { db }
    }

    /// The figures as they stand: "today" from `day_start`, "this week" from
    /// `week_start` (at or before `day_start`), at most `rows` products per stock panel
    /// and `rows` reviews.
    pub async fn figures(
        &self,
        day_start: i64,
        week_start: i64,
        rows: i64,
    ) -> Result<Figures, sqlx::Error> {
        let mut conn = self.db.pool.acquire().await?;
        // One walk of `orders_by_created` from the week's start, covering: the day is
        // the tail of the week. PostgreSQL sums BIGINT as NUMERIC, which sqlx's Any
        // driver cannot read, hence the casts.
        let sums = sqlx::query(
            "SELECT COUNT(*) AS week_orders, \
                 CAST(COALESCE(SUM(total_cents), 0) AS BIGINT) AS week_cents, \
                 CAST(COALESCE(SUM(CASE WHEN created_at >= $2 THEN 1 ELSE 0 END), 0) AS BIGINT) AS day_orders, \
                 CAST(COALESCE(SUM(CASE WHEN created_at >= $2 THEN total_cents ELSE 0 END), 0) AS BIGINT) AS day_cents \
             FROM orders WHERE created_at >= $1 AND status <> 'cancelled'",
        )
        .bind(week_start)
        .bind(day_start)
        .fetch_one(&mut *conn)
        .await?;
        let waiting = sqlx::query(
            "SELECT status, COUNT(*) AS n FROM orders \
             WHERE status IN ('placed', 'ready_for_pickup') GROUP BY status",
        )
        .fetch_all(&mut *conn)
        .await?;
        let mut placed = 0;
        let mut ready_for_pickup = 0;
        for row in &waiting {
            let n: i64 = row.try_get("n")?;
            match row.try_get::<String, _>("status")?.as_str() {
                "placed" => placed = n,
                _ => ready_for_pickup = n,
            }
        }
        // Variants below LOW_STOCK units are low on stock (1 to 9); none is out of stock.
        // Both panels count variants in the shop only (of products in the shop), read in
        // order from `product_variants_by_stock`. `v.archived_at IS NULL` is written
        // out, as the partial index's own condition, so both planners see that the
        // index holds every row asked for.
        let low = format!(
            "v.archived_at IS NULL AND v.stock BETWEEN 1 AND {}",
            LOW_STOCK - 1
        );
        let out = "v.archived_at IS NULL AND v.stock <= 0".to_string();
        let low_stock = stock_panel(&mut conn, &low, rows).await?;
        let out_of_stock = stock_panel(&mut conn, &out, rows).await?;
        let reviews = sqlx::query(
            "SELECT r.id, r.rating, r.comment, r.created_at, p.id AS product_id, p.name AS product_name, \
                 u.full_name AS author \
             FROM reviews r JOIN products p ON p.id = r.product_id LEFT JOIN users u ON u.id = r.user_id \
             WHERE r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $1",
        )
        .bind(rows)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(review)
        .collect::<Result<_, _>>()?;
        Ok(Figures {
            today: Period {
                orders: sums.try_get("day_orders")?,
                revenue: Money::from_cents(sums.try_get("day_cents")?),
            },
            week: Period {
                orders: sums.try_get("week_orders")?,
                revenue: Money::from_cents(sums.try_get("week_cents")?),
            },
            placed,
            ready_for_pickup,
            low_stock,
            out_of_stock,
            reviews,
        })
    }
}

/// The variants `band` keeps: how many (a window over the matches, so one query) and
/// the first `rows`.
async fn stock_panel(
    conn: &mut sqlx::AnyConnection,
    band: &str,
    rows: i64,
) -> Result<StockPanel, sqlx::Error> {
    let found = sqlx::query(&format!(
        "SELECT p.id, p.name, v.id AS variant_id, v.sku, v.options, v.stock, COUNT(*) OVER () AS n \
         FROM product_variants v JOIN products p ON p.id = v.product_id \
         WHERE {band} AND p.archived_at IS NULL ORDER BY v.stock, p.name, v.id LIMIT $1"
    ))
    .bind(rows)
    .fetch_all(&mut *conn)
    .await?;
    let count = match found.first() {
        Some(row) => row.try_get("n")?,
        None => 0,
    };
    let products = found
        .iter()
        .map(|row| {
            Ok(StockRow {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
                variant_id: row.try_get("variant_id")?,
                sku: row.try_get("sku")?,
                options: crate::domain::variant::options_from_text(
                    &row.try_get::<String, _>("options")?,
                ),
                stock: row.try_get("stock")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(StockPanel { count, products })
}

fn review(row: &AnyRow) -> Result<NewReview, sqlx::Error> {
    Ok(NewReview {
        id: row.try_get("id")?,
        product_id: row.try_get("product_id")?,
        product_name: row.try_get("product_name")?,
        rating: row.try_get("rating")?,
        comment: row.try_get("comment")?,
        author: row.try_get("author")?,
        created_at: row.try_get("created_at")?,
    })
}
