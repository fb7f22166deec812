//! The administrators' customer calls (docs/DESIGN.md §8): customers with their order
//! figures, one customer with their orders, and disabling or enabling an account. A
//! disabled account cannot sign in (403 at login) and every token it holds stops
//! working at once (its token version is bumped, and `CurrentUser` refuses disabled
//! accounts besides). Each change is written to the activity log with it.

use axum::extract::State;
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiQuery, Missing, PathId};
use crate::http::identity::AdminUser;
use crate::http::orders::Order;
use crate::http::paging::{parse_paging, PageQuery};
use crate::http::{ok, AppState, Envelope};
use crate::store::customers::{CustomerRow, DisableRefusal};

#[derive(OpenApi)]
#[openapi(paths(list, one, disable, enable))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/customer", get(list))
        .route("/admin/customer/{id}", get(one))
        .route("/admin/customer/{id}/disable", post(disable))
        .route("/admin/customer/{id}/enable", post(enable))
}

const CUSTOMER_NOT_FOUND: &str = "Customer not found";
const NOT_YOURSELF: &str = "You cannot disable your own account";
const NOT_AN_ADMIN: &str = "Administrators cannot be disabled";
/// The longest search text: no name or address is longer.
const MAX_QUERY_CHARS: usize = 200;

/// A `{id}` that names no user.
pub struct CustomerId;

impl Missing for CustomerId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound(CUSTOMER_NOT_FOUND.into())
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CustomerListQuery {
    /// The beginning of the customer's full name or e-mail address, case-insensitively.
    pub q: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Customer {
    #[serde(rename = "_id")]
    pub id: String,
    /// Empty until they set it.
    pub full_name: String,
    pub email_address: String,
    pub is_email_verified: bool,
    /// `customer`, or `admin` for an administrator's own page.
    pub role: String,
    /// Every order of theirs, cancelled ones too.
    pub order_count: i64,
    /// What their orders that were not cancelled came to.
    pub total_spent: f64,
    /// When they signed up.
    pub created_at: String,
    pub disabled: bool,
    /// When an administrator disabled the account; `null` when it is not disabled.
    pub disabled_at: Option<String>,
}

impl From<CustomerRow> for Customer {
    fn from(row: CustomerRow) -> Self {
        Customer {
            id: row.id.into_string(),
            full_name: row.full_name,
            email_address: row.email,
            is_email_verified: row.email_verified,
            role: row.role,
            order_count: row.order_count,
            total_spent: row.spent.as_f64(),
            created_at: iso8601(row.created_at),
            disabled: row.disabled_at.is_some(),
            disabled_at: row.disabled_at.map(iso8601),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerList {
    pub customers: Vec<Customer>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerDetail {
    pub customer: Customer,
    /// A page of their orders, newest first, with every event.
    pub orders: Vec<Order>,
    /// How many orders they have in all.
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CustomerData {
    pub customer: Customer,
}

/// Customers (not administrators), newest first; `q` keeps those whose name or e-mail
/// begins with it.
#[utoipa::path(get, path = "/api/admin/customer", tag = "admin", params(CustomerListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customers': a page of customers", body = Envelope<CustomerList>),
        (status = 400, description = "`q` over 200 characters, a bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<CustomerListQuery>,
) -> Result<Json<Envelope<CustomerList>>, AppError> {
    let q = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > MAX_QUERY_CHARS) {
        return Err(AppError::field(
            "q",
            format!("q must be at most {MAX_QUERY_CHARS} characters"),
        ));
    }
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state
        .customers
        .list(q, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Customers",
        CustomerList {
            customers: rows.into_iter().map(Customer::from).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// One customer with a page of their orders.
#[utoipa::path(get, path = "/api/admin/customer/{id}", tag = "admin",
    params(("id" = String, Path), PageQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer'", body = Envelope<CustomerDetail>),
        (status = 400, description = "A bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Customer not found'", body = ErrorBody),
    ))]
pub async fn one(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<CustomerId>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<CustomerDetail>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let customer = state
        .customers
        .one(&id)
        .await?
        .ok_or_else(|| AppError::NotFound(CUSTOMER_NOT_FOUND.into()))?;
    let (orders, total) = state
        .orders
        .of_customer(&id, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Customer",
        CustomerDetail {
            customer: customer.into(),
            orders: orders.into_iter().map(Order::for_admin).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// Disables the customer's account: they cannot sign in, and every token they hold
/// stops working at once. Disabling a disabled account changes nothing.
#[utoipa::path(post, path = "/api/admin/customer/{id}/disable", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer disabled'", body = Envelope<CustomerData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator; 'You cannot disable your own account'; 'Administrators cannot be disabled'", body = ErrorBody),
        (status = 404, description = "'Customer not found'", body = ErrorBody),
    ))]
pub async fn disable(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<CustomerId>,
) -> Result<Json<Envelope<CustomerData>>, AppError> {
    if id == admin.0.id {
        return Err(AppError::Forbidden(NOT_YOURSELF.into()));
    }
    set_disabled(&state, &admin, &id, true, "Customer disabled").await
}

/// Enables a disabled account again: the customer can sign in (their old tokens stay
/// dead). Enabling an enabled account changes nothing.
#[utoipa::path(post, path = "/api/admin/customer/{id}/enable", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Customer enabled'", body = Envelope<CustomerData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator; 'Administrators cannot be disabled'", body = ErrorBody),
        (status = 404, description = "'Customer not found'", body = ErrorBody),
    ))]
pub async fn enable(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<CustomerId>,
) -> Result<Json<Envelope<CustomerData>>, AppError> {
    set_disabled(&state, &admin, &id, false, "Customer enabled").await
}

async fn set_disabled(
    state: &AppState,
    admin: &AdminUser,
    id: &crate::domain::id::Id,
    disabled: bool,
    message: &str,
) -> Result<Json<Envelope<CustomerData>>, AppError> {
    match state
        .customers
        .set_disabled(id, disabled, &admin.actor())
        .await?
    {
        Ok(row) => Ok(ok(
            message,
            CustomerData {
                customer: row.into(),
            },
        )),
        Err(DisableRefusal::NoSuchUser) => Err(AppError::NotFound(CUSTOMER_NOT_FOUND.into())),
        Err(DisableRefusal::Administrator) => Err(AppError::Forbidden(NOT_AN_ADMIN.into())),
    }
}
