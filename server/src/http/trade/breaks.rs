//! The console's quantity breaks (docs/DESIGN.md §11): a variant's breaks by audience,
//! everyone's and each group's, one audience replaced at a time.

use axum::extract::State;
use axum::http::request::Parts;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use super::groups::refused;
use crate::domain::price_resolver::{check_breaks, PriceBreak};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, Missing, PathId};
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::store::customer_groups::GroupRefusal;

#[derive(OpenApi)]
#[openapi(paths(price_breaks, set_price_breaks))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route(
        "/admin/variant/{id}/price-break",
        get(price_breaks).put(set_price_breaks),
    )
}

const VARIANT_NOT_FOUND: &str = "Variant not found";

/// From `minQuantity` units a line, one unit costs `price`.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreakView {
    /// 2 or more, each break more than the one before.
    #[serde(default)]
    #[schema(required = true, minimum = 2)]
    pub min_quantity: i64,
    /// Each break less than the one before.
    #[schema(minimum = 0.01, maximum = 1000000, multiple_of = 0.01)]
    pub price: f64,
}

impl From<PriceBreak> for PriceBreakView {
    fn from(b: PriceBreak) -> Self {
        PriceBreakView {
            min_quantity: b.min_quantity,
            price: b.price.as_f64(),
        }
    }
}

/// One audience's breaks on a variant.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AudienceBreaks {
    /// The group; `null`: everyone.
    pub group_id: Option<String>,
    pub breaks: Vec<PriceBreakView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreakList {
    /// Everyone's first (when it has any), then each group's.
    pub price_breaks: Vec<AudienceBreaks>,
}

/// One audience's breaks, replacing those it had.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceBreaksRequest {
    /// The group; `null` or absent: everyone.
    pub group_id: Option<String>,
    /// At most 10; empty removes the audience's breaks.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub breaks: Vec<PriceBreakView>,
}

/// The `{id}` of a variant.
pub struct VariantId;

impl Missing for VariantId {
    fn error(_: &Parts) -> AppError {
        AppError::NotFound(VARIANT_NOT_FOUND.into())
    }
}

/// A variant's quantity breaks, by audience.
#[utoipa::path(get, path = "/api/admin/variant/{id}/price-break", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Price breaks'", body = Envelope<PriceBreakList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Variant not found'", body = ErrorBody),
    ))]
pub async fn price_breaks(
    State(state): State<AppState>,
    _admin: AdminUser,
    PathId(id, _): PathId<VariantId>,
) -> Result<Json<Envelope<PriceBreakList>>, AppError> {
    let breaks = state
        .customer_groups
        .breaks(id.as_str())
        .await?
        .ok_or_else(|| AppError::NotFound(VARIANT_NOT_FOUND.into()))?;
    Ok(ok("Price breaks", break_list(breaks)))
}

/// Replaces one audience's breaks on a variant (everyone's, or one group's).
#[utoipa::path(put, path = "/api/admin/variant/{id}/price-break", tag = "admin",
    params(("id" = String, Path)), request_body = PriceBreaksRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Price breaks saved'", body = Envelope<PriceBreakList>),
        (status = 400, description = "Breaks that break a rule, named in `errors` (`breaks[1].minQuantity` 'Each break starts at more units than the one before', `breaks[1].price` 'Each break costs less than the one before', `groupId` 'No such customer group', …)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 404, description = "'Variant not found'", body = ErrorBody),
    ))]
pub async fn set_price_breaks(
    State(state): State<AppState>,
    admin: AdminUser,
    PathId(id, _): PathId<VariantId>,
    ApiJson(body): ApiJson<PriceBreaksRequest>,
) -> Result<Json<Envelope<PriceBreakList>>, AppError> {
    let drafts: Vec<(i64, Option<f64>)> = body
        .breaks
        .iter()
        .map(|b| (b.min_quantity, Some(b.price)))
        .collect();
    let breaks = check_breaks(&drafts).map_err(AppError::fields)?;
    let group_id = body
        .group_id
        .as_deref()
        .map(str::trim)
        .filter(|g| !g.is_empty());
    let after = state
        .customer_groups
        .set_breaks(
            id.as_str(),
            group_id,
            &breaks,
            &admin.actor(),
            &state.activity,
        )
        .await?
        .map_err(|refusal| match refusal {
            GroupRefusal::NotFound => AppError::field("groupId", "No such customer group"),
            GroupRefusal::UnknownVariants(_) => AppError::NotFound(VARIANT_NOT_FOUND.into()),
            other => refused(other),
        })?;
    Ok(ok("Price breaks saved", break_list(after)))
}

fn break_list(breaks: Vec<(Option<String>, Vec<PriceBreak>)>) -> PriceBreakList {
    PriceBreakList {
        price_breaks: breaks
            .into_iter()
            .map(|(group_id, breaks)| AudienceBreaks {
                group_id,
                breaks: breaks.into_iter().map(Into::into).collect(),
            })
            .collect(),
    }
}
