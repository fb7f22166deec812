//! A trade customer's statement (docs/DESIGN.md §11): their open orders on account,
//! soonest due first, each `open`, `due` (today) or `overdue`, with the account's credit.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use crate::domain::time::{date_of, iso8601};
use crate::domain::trade::standing;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiQuery;
use crate::http::identity::CurrentUser;
use crate::http::paging::{parse_paging, PageQuery};
use crate::http::{ok, AppState, Envelope};

#[derive(OpenApi)]
#[openapi(paths(statement))]
pub struct Doc;

/// An open order on account.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLine {
    pub number: String,
    pub placed_at: String,
    pub total: f64,
    pub po_number: String,
    /// `YYYY-MM-DD`.
    pub due_date: String,
    /// `open` (due later), `due` (today) or `overdue`.
    #[schema(pattern = "^(?:open|due|overdue)$")]
    pub standing: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statement {
    pub orders: Vec<StatementLine>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
    /// 0 without an approved account.
    pub credit_limit: f64,
    /// What the account owes: every open order's total.
    pub outstanding: f64,
    /// The credit limit less what is owed, never below 0.
    pub available: f64,
    /// Today, as the due dates are read (`YYYY-MM-DD`, UTC).
    pub today: String,
}

/// The signed-in customer's open orders on account.
#[utoipa::path(get, path = "/api/trade/statement", tag = "trade", params(PageQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Statement'; empty, with the credit figures 0, for a customer without an approved account", body = Envelope<Statement>),
        (status = 400, description = "A bad `page` or `perPage`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn statement(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<Statement>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (orders, total) = state
        .account_orders
        .statement(&user.id, paging.per_page, paging.offset())
        .await?;
    let standing_now = state.trade.standing(&user.id).await?;
    let today = date_of(state.clock.now_ms());
    let (credit_limit, outstanding, available) = match standing_now {
        Some(s) => (s.credit_limit, s.outstanding, s.available),
        None => Default::default(),
    };
    Ok(ok(
        "Statement",
        Statement {
            orders: orders
                .into_iter()
                .map(|o| StatementLine {
                    standing: standing(&o.due_date, &today).to_string(),
                    number: o.number,
                    placed_at: iso8601(o.created_at),
                    total: o.total.as_f64(),
                    po_number: o.po_number,
                    due_date: o.due_date,
                })
                .collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
            credit_limit: credit_limit.as_f64(),
            outstanding: outstanding.as_f64(),
            available: available.as_f64(),
            today,
        },
    ))
}
