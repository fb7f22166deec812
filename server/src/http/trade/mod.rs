//! Trade accounts (docs/DESIGN.md §11). Here: the shopper's application (apply, read
//! the latest) and the views the calls share; the console's review of applications in
//! [`review`], customer groups and their prices in [`groups`], quantity breaks in
//! [`breaks`], a group's price list as a file in [`price_list`]; who
//! asks for a price in [`shopper`]; the account's statement in [`statement`]; quick
//! order and buy again in [`quick_order`].

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::time::iso8601;
use crate::domain::trade::{check_application, ApplicationInput};
use crate::domain::Money;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::CurrentUser;
use crate::http::{ok, AppState, Envelope};
use crate::mail::trade as letters;
use crate::store::trade::{ApplicationRow, ApplyRefusal, TradeStanding};

pub mod breaks;
pub mod groups;
pub mod price_list;
pub mod quick_order;
pub mod review;
pub mod shopper;
pub mod statement;

#[derive(OpenApi)]
#[openapi(paths(apply, latest))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/trade/application", get(latest).post(apply))
        .route("/trade/statement", get(statement::statement))
        .merge(review::router())
        .merge(groups::router())
        .merge(price_list::router())
        .merge(breaks::router())
        .merge(quick_order::router())
}

const UNDER_REVIEW: &str = "Your application is being reviewed";
const ALREADY_TRADE: &str = "You already have a trade account";

/// The trades an applicant may name.
#[derive(ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum TradeKind {
    Plumber,
    HeatingEngineer,
    Builder,
    Electrician,
    Other,
}

/// Where the business is.
#[derive(Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessAddress {
    /// 1 to 200 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub street_address: String,
    /// 1 to 200 characters.
    #[serde(default)]
    #[schema(required = true)]
    pub town_city: String,
    /// Letters, digits, spaces or hyphens, at most 16.
    #[serde(default)]
    #[schema(required = true)]
    pub postcode: String,
    /// An ISO 3166-1 code such as GB; blank: the shop's.
    #[serde(default)]
    pub country: String,
}

/// The application form.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationRequest {
    /// 1 to 120 characters once trimmed.
    #[serde(default)]
    #[schema(required = true)]
    pub company_name: String,
    /// At most 40 characters (a VAT or company number).
    #[serde(default)]
    pub tax_number: String,
    #[serde(default)]
    #[schema(required = true, value_type = TradeKind)]
    pub trade: String,
    /// The spec's phone rule (as the checkout's).
    #[serde(default)]
    #[schema(required = true)]
    pub phone_number: String,
    #[serde(default)]
    #[schema(required = true)]
    pub address: BusinessAddress,
}

/// A customer group as an application or an account names it.
#[derive(Serialize, ToSchema)]
pub struct GroupRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

impl GroupRef {
    fn from_pair(group: Option<(String, String)>) -> Option<GroupRef> {
        group.map(|(id, name)| GroupRef { id, name })
    }
}

/// An application as its applicant sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationView {
    #[serde(rename = "_id")]
    pub id: String,
    pub company_name: String,
    pub tax_number: String,
    #[schema(value_type = TradeKind)]
    pub trade: String,
    pub phone_number: String,
    pub address: BusinessAddress,
    /// `open` (being reviewed), `approved` or `rejected`.
    pub status: String,
    /// Why it was rejected; `null` otherwise.
    pub reason: Option<String>,
    /// The group it was approved into; `null` until approved (or once the group is gone).
    pub group: Option<GroupRef>,
    pub credit_limit: Option<f64>,
    pub terms_days: Option<i64>,
    /// When staff decided (ISO 8601); `null` while open.
    pub decided_at: Option<String>,
    pub created_at: String,
}

impl From<ApplicationRow> for ApplicationView {
    fn from(row: ApplicationRow) -> Self {
        let form = row.form;
        ApplicationView {
            id: row.id,
            company_name: form.company_name,
            tax_number: form.tax_number,
            trade: form.trade,
            phone_number: form.phone_number,
            address: BusinessAddress {
                street_address: form.street_address,
                town_city: form.town_city,
                postcode: form.postcode,
                country: form.country,
            },
            status: row.status.as_str().to_string(),
            reason: row.reason,
            group: GroupRef::from_pair(row.group),
            credit_limit: row.credit_limit.map(Money::as_f64),
            terms_days: row.terms_days,
            decided_at: row.decided_at.map(iso8601),
            created_at: iso8601(row.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ApplicationData {
    pub application: ApplicationView,
}

#[derive(Serialize, ToSchema)]
pub struct LatestApplication {
    /// The latest application; `null` for a customer who never applied.
    pub application: Option<ApplicationView>,
}

/// Where a customer stands with the trade (`GET /auth/user`'s `user.trade`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TradeView {
    /// The latest application's: `open`, `approved` or `rejected`.
    pub status: String,
    pub company_name: String,
    /// The account's group; `null` until approved.
    pub group: Option<GroupRef>,
    /// 0 until approved.
    pub credit_limit: f64,
    /// 0 until approved.
    pub terms_days: i64,
    /// The credit limit less what the account owes; 0 until approved.
    pub available: f64,
}

impl From<TradeStanding> for TradeView {
    fn from(s: TradeStanding) -> Self {
        TradeView {
            status: s.status.as_str().to_string(),
            company_name: s.company_name,
            group: GroupRef::from_pair(s.group),
            credit_limit: s.credit_limit.as_f64(),
            terms_days: s.terms_days,
            available: s.available.as_f64(),
        }
    }
}

/// Applies for a trade account.
///
/// The applicant is mailed that it arrived, and each administrator that it waits.
#[utoipa::path(post, path = "/api/trade/application", tag = "trade",
    request_body = ApplicationRequest, security(("bearer" = [])),
    responses(
        (status = 201, description = "'Application sent'", body = Envelope<ApplicationData>),
        (status = 400, description = "Fields that break a rule, named in `errors` (`companyName`, `trade`, `phoneNumber`, `address.postcode`, …)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "'Your application is being reviewed' while one is open; 'You already have a trade account' once approved", body = ErrorBody),
    ))]
pub async fn apply(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<ApplicationRequest>,
) -> Result<(StatusCode, Json<Envelope<ApplicationData>>), AppError> {
    let address = body.address;
    let input = ApplicationInput {
        company_name: body.company_name,
        tax_number: body.tax_number,
        trade: body.trade,
        phone_number: body.phone_number,
        street_address: address.street_address,
        town_city: address.town_city,
        postcode: address.postcode,
        country: address.country,
    };
    let shop = state.shop_settings.get().await?;
    let application =
        check_application(&input, &shop.identity.address.country).map_err(AppError::fields)?;
    let company = &application.get().company_name;
    let console = format!(
        "{}/admin/trade-applications",
        state.settings.public_url.trim_end_matches('/')
    );
    let applicant = letters::application_received(company);
    let staff = letters::application_waiting(company, &user.email, &console);
    let row = state
        .trade
        .apply(&user.id, &application, &applicant, &staff)
        .await?
        .map_err(|refusal| {
            AppError::Conflict(
                match refusal {
                    ApplyRefusal::UnderReview => UNDER_REVIEW,
                    ApplyRefusal::AlreadyTrade => ALREADY_TRADE,
                }
                .into(),
            )
        })?;
    state.outbox.wake();
    Ok((
        StatusCode::CREATED,
        ok(
            "Application sent",
            ApplicationData {
                application: row.into(),
            },
        ),
    ))
}

/// The signed-in customer's latest application.
#[utoipa::path(get, path = "/api/trade/application", tag = "trade", security(("bearer" = [])),
    responses(
        (status = 200, description = "'Trade application'", body = Envelope<LatestApplication>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn latest(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Envelope<LatestApplication>>, AppError> {
    let application = state.trade.latest(&user.id).await?.map(Into::into);
    Ok(ok("Trade application", LatestApplication { application }))
}
