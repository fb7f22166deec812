//! The console's trade applications (docs/DESIGN.md §11): the list, newest first and
//! filtered by status, and the decision: approve into a group with a credit limit and
//! payment terms, or reject with a reason. The applicant is mailed either way.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::request::Parts;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::ApplicationView;
use crate::domain::currency::{self, Reading};
use crate::domain::trade::{check_reason, check_terms, Status};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery, Missing, PathId};
use crate::http::identity::AdminUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::mail::trade as letters;
use crate::store::trade::{ApplicationRow, DecisionRefusal};

#[derive(OpenApi)]
#[openapi(paths(list, approve, reject))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/trade/application", get(list))
        .route("/admin/trade/application/{id}/approve", post(approve))
        .route("/admin/trade/application/{id}/reject", post(reject))
}

/// An application as the console sees it: with its applicant.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminApplicationView {
    #[serde(flatten)]
    pub application: ApplicationView,
    pub user_id: String,
    pub email_address: String,
    pub full_name: String,
}

impl From<ApplicationRow> for AdminApplicationView {
    fn from(row: ApplicationRow) -> Self {
        AdminApplicationView {
            user_id: row.user_id.clone(),
            email_address: row.email.clone(),
            full_name: row.full_name.clone(),
            application: row.into(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminApplicationList {
    pub applications: Vec<AdminApplicationView>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminApplicationData {
    pub application: AdminApplicationView,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationQuery {
    /// `open`, `approved` or `rejected`; blank: every one.
    #[param(pattern = "^(?:open|approved|rejected)?$")]
    pub status: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    /// Default 20, at most 100.
    #[serde(rename = "perPage")]
    #[param(rename = "perPage", pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// The terms of an approval.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproveRequest {
    /// The customer group the account joins.
    #[serde(default)]
    #[schema(required = true)]
    pub group_id: String,
    /// 0 to 10,000,000, two decimals at most; 0: no pay on account.
    #[schema(minimum = 0, maximum = 10000000, multiple_of = 0.01)]
    pub credit_limit: f64,
    /// Days from an account order to its due date, 0 to 120.
    #[schema(minimum = 0, maximum = 120)]
    pub terms_days: i64,
}

/// Why an application is rejected: the applicant's letter quotes it.
#[derive(Deserialize, ToSchema)]
pub struct RejectRequest {
    /// 1 to 500 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub reason: String,
}

/// The `{id}` of an application.
pub struct ApplicationId;

impl Missing for ApplicationId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound(NOT_FOUND.into())
    }
}

const NOT_FOUND: &str = "Application not found";

/// Applications, newest first.
#[utoipa::path(get, path = "/api/admin/trade/application", tag = "admin",
    params(ApplicationQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Trade applications'", body = Envelope<AdminApplicationList>),
        (status = 400, description = "A bad status or page, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<ApplicationQuery>,
) -> Result<Json<Envelope<AdminApplicationList>>, AppError> {
    let mut errors = BTreeMap::new();
    let status = match query.status.as_deref() {
        None | Some("") => None,
        Some(text) => {
            let status = Status::parse(text);
            if status.is_none() {
                errors.insert("status", "status must be open, approved or rejected".into());
            }
            status
        }
    };
    let paging = Paging::parse(
        query.page.as_deref(),
        query.per_page.as_deref(),
        20,
        100,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let (rows, total) = state
        .trade
        .list(status, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Trade applications",
        AdminApplicationList {
            applications: rows.into_iter().map(Into::into).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// Approves an application: the customer's trade account opens in the group.
#[utoipa::path(post, path = "/api/admin/trade/application/{id}/approve", tag = "admin",
    params(("id" = String, Path)), request_body = ApproveRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Application approved'", body = Envelope<AdminApplicationData>),
        (status = 400, description = "Fields that break a rule, named in `errors`; `errors.groupId` 'No such customer group'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Application not found'", body = ErrorBody),
        (status = 409, description = "'This application was already approved' (or rejected)", body = ErrorBody),
    ))]
pub async fn approve(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<ApplicationId>,
    ApiJson(body): ApiJson<ApproveRequest>,
) -> Result<Json<Envelope<AdminApplicationData>>, AppError> {
    let terms = check_terms(
        &body.group_id,
        Some(body.credit_limit),
        Some(body.terms_days),
    )
    .map_err(AppError::fields)?;
    let shop = state.shop_settings.get().await?;
    let letter = |row: &ApplicationRow, group: &str| {
        let credit = currency::format(terms.credit_limit, shop.currency, Reading::Rupees);
        letters::application_approved(&row.form.company_name, group, &credit, terms.terms_days)
    };
    let row = state
        .trade
        .approve(id.as_str(), &terms, &admin.actor(), &state.activity, letter)
        .await?
        .map_err(refused)?;
    state.outbox.wake();
    Ok(ok(
        "Application approved",
        AdminApplicationData {
            application: row.into(),
        },
    ))
}

/// Rejects an application; the applicant's letter quotes the reason.
#[utoipa::path(post, path = "/api/admin/trade/application/{id}/reject", tag = "admin",
    params(("id" = String, Path)), request_body = RejectRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Application rejected'", body = Envelope<AdminApplicationData>),
        (status = 400, description = "'A reason is required', 'The reason must be at most 500 characters'", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Application not found'", body = ErrorBody),
        (status = 409, description = "'This application was already approved' (or rejected)", body = ErrorBody),
    ))]
pub async fn reject(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<ApplicationId>,
    ApiJson(body): ApiJson<RejectRequest>,
) -> Result<Json<Envelope<AdminApplicationData>>, AppError> {
    let reason = check_reason(&body.reason).map_err(|text| AppError::field("reason", text))?;
    let letter =
        |row: &ApplicationRow| letters::application_rejected(&row.form.company_name, &reason);
    let row = state
        .trade
        .reject(
            id.as_str(),
            &reason,
            &admin.actor(),
            &state.activity,
            letter,
        )
        .await?
        .map_err(refused)?;
    state.outbox.wake();
    Ok(ok(
        "Application rejected",
        AdminApplicationData {
            application: row.into(),
        },
    ))
}

fn refused(refusal: DecisionRefusal) -> AppError {
    match refusal {
        DecisionRefusal::NotFound => AppError::NotFound(NOT_FOUND.into()),
        DecisionRefusal::Decided(status) => {
            AppError::Conflict(format!("This application was already {}", status.as_str()))
        }
        DecisionRefusal::NoSuchGroup => AppError::field("groupId", "No such customer group"),
    }
}
