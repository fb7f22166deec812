//! The administrators' activity log (docs/DESIGN.md §8): every change an administrator
//! made, newest first, optionally one administrator's, one kind of object's or one
//! object's. Entries are written by the changes themselves (store::activity).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::domain::id::Id;
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiQuery;
use crate::http::identity::AdminUser;
use crate::http::paging::Paging;
use crate::http::{ok, AppState, Envelope};
use crate::store::activity::{ActivityRow, Filter};

#[derive(OpenApi)]
#[openapi(paths(list))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new().route("/admin/activity", get(list))
}

/// The kinds of object the log names (store::activity's `Entry::object_type`).
const OBJECT_TYPES: [&str; 17] = [
    "product",
    "category",
    "sub_category",
    "banner",
    "order",
    "customer",
    "review",
    "promo_code",
    "delivery_method",
    "settings",
    "page",
    "search_synonyms",
    "trade_application",
    "customer_group",
    "return",
    "staff",
    "webhook",
];
/// The longest object id: ids are 24 characters, order numbers fewer.
const MAX_OBJECT_ID_CHARS: usize = 100;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActivityQuery {
    /// Only this administrator's changes (their `_id`).
    #[serde(rename = "adminId")]
    #[param(pattern = "^(?:[0-9a-f]{24})?$")]
    pub admin_id: Option<String>,
    /// Only changes to this kind of object: product, category, sub_category, banner,
    /// order, customer, review, promo_code, delivery_method, settings, page,
    /// search_synonyms, trade_application, customer_group, return.
    #[serde(rename = "objectType")]
    #[param(
        pattern = "^(?:product|category|sub_category|banner|order|customer|review|promo_code|delivery_method|settings|page|search_synonyms|trade_application|customer_group|return)?$"
    )]
    pub object_type: Option<String>,
    /// Only changes to this object: its `_id`, or an order's number.
    #[serde(rename = "objectId")]
    pub object_id: Option<String>,
    #[param(pattern = "^(?:0*(?:[1-9][0-9]{0,3}|10000))?$")]
    pub page: Option<String>,
    #[serde(rename = "perPage")]
    #[param(pattern = "^(?:0*[1-9][0-9]*)?$")]
    pub per_page: Option<String>,
}

/// One field's value before and after a change.
#[derive(Serialize, ToSchema)]
pub struct FieldChange {
    /// Any JSON value (`null` when the field had none).
    #[schema(value_type = Value)]
    pub before: serde_json::Value,
    /// Any JSON value (`null` when the field has none now).
    #[schema(value_type = Value)]
    pub after: serde_json::Value,
}

/// A member of staff as the activity log names them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityActor {
    #[serde(rename = "_id")]
    pub id: String,
    pub email_address: String,
    /// owner, manager, warehouse or support; null when not kept.
    pub role: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityEntry {
    #[serde(rename = "_id")]
    pub id: String,
    pub admin_id: String,
    /// The administrator's address when they made the change.
    pub admin_email: String,
    /// Who did it, as they were then: their role is null for changes made before
    /// staff roles were kept.
    pub actor: ActivityActor,
    pub object_type: String,
    /// The object's `_id`, or an order's number.
    pub object_id: String,
    /// What the object was called when the change was made (a product's name, a
    /// category's title, a promo code, an order's number, a customer's name or
    /// address); null for an older entry whose object is gone.
    pub object_name: Option<String>,
    /// What was done, in a word: status_changed, marked_paid, note_added, refunded
    /// (an order's money given back, `changes.refunded` the amount and `changes.reason`
    /// why), disabled, enabled,
    /// created, updated, archived, …
    pub action: String,
    /// The fields that changed, each with its value before and after.
    pub changes: BTreeMap<String, FieldChange>,
    pub created_at: String,
}

impl From<ActivityRow> for ActivityEntry {
    fn from(row: ActivityRow) -> Self {
        ActivityEntry {
            id: row.id,
            actor: ActivityActor {
                id: row.admin_id.clone(),
                email_address: row.admin_email.clone(),
                role: row.admin_role,
            },
            admin_id: row.admin_id,
            admin_email: row.admin_email,
            object_type: row.object_type,
            object_id: row.object_id,
            object_name: row.object_name,
            action: row.action,
            changes: row
                .changes
                .fields()
                .iter()
                .map(|(field, (before, after))| {
                    (
                        field.clone(),
                        FieldChange {
                            before: before.clone(),
                            after: after.clone(),
                        },
                    )
                })
                .collect(),
            created_at: iso8601(row.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityList {
    pub activity: Vec<ActivityEntry>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

/// The activity log, newest first. Empty parameters count as absent; each bad one is
/// a 400 naming it.
#[utoipa::path(get, path = "/api/admin/activity", tag = "admin", params(ActivityQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Activity': a page of entries", body = Envelope<ActivityList>),
        (status = 400, description = "An `adminId` that is not an id, an unknown `objectType`, an `objectId` over 100 characters, a bad page", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiQuery(query): ApiQuery<ActivityQuery>,
) -> Result<Json<Envelope<ActivityList>>, AppError> {
    fn present(value: &Option<String>) -> Option<&str> {
        value.as_deref().map(str::trim).filter(|v| !v.is_empty())
    }
    let mut errors = BTreeMap::new();
    let mut filter = Filter::default();
    if let Some(text) = present(&query.admin_id) {
        match Id::parse(text) {
            Some(id) => filter.admin_id = Some(id),
            None => {
                errors.insert(
                    "adminId",
                    "adminId must be an administrator's _id".to_string(),
                );
            }
        }
    }
    if let Some(text) = present(&query.object_type) {
        if OBJECT_TYPES.contains(&text) {
            filter.object_type = Some(text.to_string());
        } else {
            errors.insert(
                "objectType",
                format!("objectType must be one of {}", OBJECT_TYPES.join(", ")),
            );
        }
    }
    if let Some(text) = present(&query.object_id) {
        if text.chars().count() > MAX_OBJECT_ID_CHARS {
            errors.insert(
                "objectId",
                format!("objectId must be at most {MAX_OBJECT_ID_CHARS} characters"),
            );
        }
        filter.object_id = Some(text.to_string());
    }
    let paging = Paging::parse(
        query.page.as_deref(),
        query.per_page.as_deref(),
        10,
        100,
        &mut errors,
    );
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let (rows, total) = state
        .activity
        .list(&filter, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Activity",
        ActivityList {
            activity: rows.into_iter().map(ActivityEntry::from).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}
