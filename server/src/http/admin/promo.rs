//! The administrators' promo codes (docs/DESIGN.md §8): the list, a new code and an edit.
//! A code is switched off rather than deleted, so the orders that used it keep it.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::domain::id::Id;
use crate::domain::promo::{self, Promo, PromoKind, MAX_CODE_CHARS};
use crate::domain::time::{iso8601, parse_date, DAY_MS};
use crate::domain::Money;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::{actor_of, AdminUser};
use crate::http::paging::parse_paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::promo::{PromoInput, PromoWriteRefusal};

#[derive(OpenApi)]
#[openapi(paths(list, create, update))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/promo-code", get(list).post(create))
        .route("/admin/promo-code/{id}", put(update))
}

/// A promo code as the console shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCode {
    #[serde(rename = "_id")]
    pub id: String,
    /// Uppercased; shoppers may type it in any case.
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// Percent off (e.g. 12.5), or the amount off in the shop's currency.
    pub amount: f64,
    /// The first day it applies (UTC, `YYYY-MM-DD`), or null: at once.
    pub starts_on: Option<String>,
    /// The last day it applies (UTC, inclusive), or null: until switched off.
    pub ends_on: Option<String>,
    /// Orders that may use it in all, or null: no limit.
    pub usage_limit: Option<i64>,
    /// Orders one customer (an account, or a guest's e-mail) may use it in, or null.
    pub per_customer_limit: Option<i64>,
    /// The subtotal an order needs, before any discount.
    pub min_subtotal: f64,
    pub active: bool,
    /// Orders that have used it.
    pub used_count: i64,
    /// Bumped by each administrator's write, not by its uses: a `PUT` sends the one it
    /// loaded (docs/DESIGN.md §15).
    pub version: i64,
}

impl From<Promo> for PromoCode {
    fn from(p: Promo) -> PromoCode {
        let day = |ms: i64| iso8601(ms)[..10].to_string();
        PromoCode {
            id: p.id,
            code: p.code,
            kind: p.kind.as_str().to_string(),
            amount: p.amount as f64 / 100.0,
            starts_on: p.starts_at.map(day),
            ends_on: p.ends_at.map(|end| day(end - DAY_MS)),
            usage_limit: p.usage_limit,
            per_customer_limit: p.per_customer_limit,
            min_subtotal: p.min_subtotal.as_f64(),
            active: p.active,
            used_count: p.used_count,
            version: p.version,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCodeList {
    pub promo_codes: Vec<PromoCode>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoCodeData {
    pub promo_code: PromoCode,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PromoListQuery {
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// Every field of a code, as the console's form sends it.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoRequest {
    /// 3 to 32 letters, digits, `-` or `_`; stored uppercased.
    #[serde(default)]
    #[schema(
        required = true,
        pattern = "^[ \\t\\n\\r]*[A-Za-z0-9_-]{3,32}[ \\t\\n\\r]*$"
    )]
    pub code: String,
    /// `percent` or `fixed`.
    #[serde(default)]
    #[schema(
        required = true,
        pattern = "^[ \\t\\n\\r]*(?:percent|fixed)[ \\t\\n\\r]*$"
    )]
    pub kind: String,
    /// Percent off (0.01 to 100) or the amount off (0.01 to 1,000,000), two decimals at most.
    #[schema(required = true, value_type = f64, minimum = 0.01, maximum = 1000000, multiple_of = 0.01)]
    pub amount: Option<f64>,
    #[serde(default)]
    pub starts_on: Option<String>,
    #[serde(default)]
    pub ends_on: Option<String>,
    /// 1 to 1,000,000,000, or null for no limit.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000000000)]
    pub usage_limit: Option<i64>,
    /// 1 to 1,000,000,000, or null for no limit.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000000000)]
    pub per_customer_limit: Option<i64>,
    /// 0 to 1,000,000, two decimals at most.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 1000000, multiple_of = 0.01)]
    pub min_subtotal: f64,
    #[serde(default = "yes")]
    pub active: bool,
    /// `PUT`: the code's `version` when the form was loaded; a code changed since is
    /// refused with 409 and the code as it now is. Without it the save is applied.
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

fn yes() -> bool {
    true
}

/// Every code, newest first.
#[utoipa::path(get, path = "/api/admin/promo-code", tag = "admin", params(PromoListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of codes", body = Envelope<PromoCodeList>),
        (status = 400, description = "Bad paging", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<PromoListQuery>,
) -> Result<Json<Envelope<PromoCodeList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    let (rows, total) = state.promos.list(paging.per_page, paging.offset()).await?;
    Ok(ok(
        "Promo codes",
        PromoCodeList {
            promo_codes: rows.into_iter().map(PromoCode::from).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// A new code.
#[utoipa::path(post, path = "/api/admin/promo-code", tag = "admin", request_body = PromoRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Promo code created'", body = Envelope<PromoCodeData>),
        (status = 400, description = "Fields that break a rule, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 409, description = "'A promo code with this code exists'", body = ErrorBody),
    ))]
pub async fn create(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiJson(body): ApiJson<PromoRequest>,
) -> Result<(StatusCode, Json<Envelope<PromoCodeData>>), AppError> {
    let input = check(&body)?;
    let actor = actor_of(&admin);
    let created = state
        .promos
        .create(&input, &actor, &state.activity)
        .await?
        .map_err(refused)?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Promo code created",
            PromoCodeData {
                promo_code: created.into(),
            },
        ),
    ))
}

/// Sets every field of a code; its uses so far stay.
#[utoipa::path(put, path = "/api/admin/promo-code/{id}", tag = "admin", params(("id" = String, Path)),
    request_body = PromoRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Promo code updated'", body = Envelope<PromoCodeData>),
        (status = 400, description = "Fields that break a rule, named in `errors`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Promo code not found'", body = ErrorBody),
        (status = 409, description = "'A promo code with this code exists'; or 'This changed since you opened it: reload to see the latest': `version` is not the code's, `data` holds `{promoCode}` as it now is, and nothing was written", body = ErrorBody),
    ))]
pub async fn update(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PromoRequest>,
) -> Result<Json<Envelope<PromoCodeData>>, AppError> {
    let id = Id::parse(&id).ok_or_else(|| refused(PromoWriteRefusal::NoSuchCode))?;
    let input = check(&body)?;
    let actor = actor_of(&admin);
    let updated = state
        .promos
        .update(id.as_str(), body.version, &input, &actor, &state.activity)
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Promo code updated",
        PromoCodeData {
            promo_code: updated.into(),
        },
    ))
}

fn refused(refusal: PromoWriteRefusal) -> AppError {
    match refusal {
        PromoWriteRefusal::NoSuchCode => AppError::NotFound("Promo code not found".into()),
        PromoWriteRefusal::Taken => AppError::Conflict("A promo code with this code exists".into()),
        PromoWriteRefusal::LimitUnderUses(used) => AppError::fields(BTreeMap::from([(
            "usageLimit",
            format!("It has been used {used} times already: the limit cannot be lower"),
        )])),
        PromoWriteRefusal::Stale(current) => AppError::stale(PromoCodeData {
            promo_code: (*current).into(),
        }),
    }
}

/// `body` as a code, or every field that breaks a rule.
fn check(body: &PromoRequest) -> Result<PromoInput, AppError> {
    let mut errors: BTreeMap<&str, String> = BTreeMap::new();
    if body.version.is_some_and(|version| version < 1) {
        errors.insert("version", crate::http::error::VERSION_RULE.into());
    }
    let code = promo::normalise(&body.code);
    let code_chars = code.chars().count();
    if !(3..=MAX_CODE_CHARS).contains(&code_chars)
        || !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        errors.insert(
            "code",
            format!("Use 3 to {MAX_CODE_CHARS} letters, digits, - or _"),
        );
    }
    let kind = PromoKind::parse(body.kind.trim());
    if kind.is_none() {
        errors.insert("kind", "Choose percent or fixed".into());
    }
    let hundredths = body
        .amount
        .filter(|a| a.is_finite())
        .map(|a| a * 100.0)
        .filter(|h| (h - h.round()).abs() < 1e-6)
        .map(|h| h.round() as i64);
    let most = match kind {
        Some(PromoKind::Percent) => 10_000,
        _ => 100_000_000,
    };
    let amount = match hundredths {
        Some(h) if (1..=most).contains(&h) => h,
        _ => {
            errors.insert(
                "amount",
                match kind {
                    Some(PromoKind::Percent) => "A percentage from 0.01 to 100".to_string(),
                    _ => "An amount from 0.01 to 1000000, two decimals at most".to_string(),
                },
            );
            0
        }
    };
    let day = |text: &Option<String>, field: &'static str, errors: &mut BTreeMap<&str, String>| {
        let text = text.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        let day = parse_date(text);
        if day.is_none() {
            errors.insert(field, "A date like 2026-12-31".into());
        }
        day
    };
    let starts_at = day(&body.starts_on, "startsOn", &mut errors);
    // The code applies through the whole of its last day (UTC).
    let ends_at = day(&body.ends_on, "endsOn", &mut errors).map(|d| d + DAY_MS);
    if let (Some(start), Some(end)) = (starts_at, ends_at) {
        if end <= start {
            errors.insert("endsOn", "The last day cannot be before the first".into());
        }
    }
    for (value, field) in [
        (body.usage_limit, "usageLimit"),
        (body.per_customer_limit, "perCustomerLimit"),
    ] {
        if value.is_some_and(|n| !(1..=1_000_000_000).contains(&n)) {
            errors.insert(field, "At least 1, or empty for no limit".into());
        }
    }
    let min = body.min_subtotal * 100.0;
    let min_subtotal = if body.min_subtotal.is_finite()
        && (0.0..=100_000_000.0).contains(&min)
        && (min - min.round()).abs() < 1e-6
    {
        Money::from_cents(min.round() as i64)
    } else {
        errors.insert(
            "minSubtotal",
            "An amount from 0 to 1000000, two decimals at most".into(),
        );
        Money::from_cents(0)
    };
    match kind {
        Some(kind) if errors.is_empty() => Ok(PromoInput {
            code,
            kind,
            amount,
            starts_at,
            ends_at,
            usage_limit: body.usage_limit,
            per_customer_limit: body.per_customer_limit,
            min_subtotal,
            active: body.active,
        }),
        _ => Err(AppError::fields(errors)),
    }
}
