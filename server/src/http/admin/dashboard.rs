//! The administrators' dashboard (docs/DESIGN.md §8): the day's and week's orders and
//! takings, the orders waiting for the shop, stock running low or out, and the newest
//! reviews. Days and weeks are UTC: "today" from 00:00 UTC, "this week" from Monday
//! 00:00 UTC, both up to now; cancelled orders count in neither.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::domain::time::{iso8601, start_of_day, start_of_week};
use crate::http::error::{AppError, ErrorBody};
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::dashboard::{Period, StockPanel};

#[derive(OpenApi)]
#[openapi(paths(dashboard))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/dashboard", get(dashboard))
}

/// How many variants each stock panel lists, and how many reviews.
const ROWS: i64 = 5;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardData {
    /// Orders placed since 00:00 UTC today, not cancelled.
    pub today: PeriodFigures,
    /// Orders placed since Monday 00:00 UTC, not cancelled.
    pub week: PeriodFigures,
    pub waiting: Waiting,
    /// Variants (of products in the shop) with 1 to 9 units left.
    pub low_stock: StockFigures,
    /// Variants (of products in the shop) with none left.
    pub out_of_stock: StockFigures,
    /// The newest reviews, newest first.
    pub reviews: Vec<DashboardReview>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodFigures {
    /// Where the period starts (ISO 8601, UTC); it runs to now.
    pub from: String,
    pub orders: i64,
    /// The orders' totals (delivery fees included), in the cart's reading.
    pub revenue: f64,
}

/// Orders the shop has to act on.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiting {
    /// Placed, to be prepared.
    pub placed: i64,
    /// Ready, waiting to be collected.
    pub ready_for_pickup: i64,
}

#[derive(Serialize, ToSchema)]
pub struct StockFigures {
    pub count: i64,
    /// The first few: lowest stock first, then by name.
    pub products: Vec<StockProduct>,
}

/// A variant in a stock panel, named by its product.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockProduct {
    /// The product's id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub variant_id: String,
    pub sku: String,
    /// Its values of the product's options (`{}` without options).
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub options: crate::domain::variant::VariantOptions,
    pub stock: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardReview {
    #[serde(rename = "_id")]
    pub id: String,
    pub product_id: String,
    pub product_name: String,
    pub rating: i64,
    pub comment: String,
    /// The author's full name; `null` once their account is gone.
    pub author: Option<String>,
    pub created_at: String,
}

/// The dashboard's figures, as they stand now.
#[utoipa::path(get, path = "/api/admin/dashboard", tag = "admin",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Dashboard'", body = Envelope<DashboardData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn dashboard(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<DashboardData>>, AppError> {
    let now = state.clock.now_ms();
    let (day, week) = (start_of_day(now), start_of_week(now));
    let figures = state.dashboard.figures(day, week, ROWS).await?;
    let period = |from: i64, p: Period| PeriodFigures {
        from: iso8601(from),
        orders: p.orders,
        revenue: p.revenue.as_f64(),
    };
    let panel = |p: StockPanel| StockFigures {
        count: p.count,
        products: p
            .products
            .into_iter()
            .map(|row| StockProduct {
                id: row.id,
                name: row.name,
                variant_id: row.variant_id,
                sku: row.sku,
                options: row.options,
                stock: row.stock,
            })
            .collect(),
    };
    Ok(ok(
        "Dashboard",
        DashboardData {
            today: period(day, figures.today),
            week: period(week, figures.week),
            waiting: Waiting {
                placed: figures.placed,
                ready_for_pickup: figures.ready_for_pickup,
            },
            low_stock: panel(figures.low_stock),
            out_of_stock: panel(figures.out_of_stock),
            reviews: figures
                .reviews
                .into_iter()
                .map(|r| DashboardReview {
                    id: r.id,
                    product_id: r.product_id,
                    product_name: r.product_name,
                    rating: r.rating,
                    comment: r.comment,
                    author: r.author,
                    created_at: iso8601(r.created_at),
                })
                .collect(),
        },
    ))
}
