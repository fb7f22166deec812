//! Webhook endpoints in the console (docs/DESIGN.md §13): owners add, change, rotate
//! and delete them and read each one's delivery log; [`deliver`] sends the events and
//! [`send`] holds the client and the address rule.

pub mod deliver;
pub mod send;

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::time::iso8601;
use crate::domain::webhook::EventType;
use crate::http::auth::Empty;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::identity::AdminUser;
use crate::http::paging::{parse_paging, PageQuery};
use crate::http::{ok, AppState, Envelope};
use crate::store::webhooks::{DeliveryRow, Endpoint, EndpointFields, MAX_ENDPOINTS};

#[derive(OpenApi)]
#[openapi(paths(list, create, one, update, delete, rotate_secret, deliveries, resend))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/webhook", get(list).post(create))
        .route("/admin/webhook/{id}", get(one).patch(update).delete(delete))
        .route("/admin/webhook/{id}/rotate-secret", post(rotate_secret))
        .route("/admin/webhook/{id}/delivery", get(deliveries))
        .route(
            "/admin/webhook/{id}/delivery/{delivery_id}/resend",
            post(resend),
        )
}

const NOT_FOUND: &str = "Webhook not found";
const MAX_DESCRIPTION_CHARS: usize = 200;
const MAX_URL_CHARS: usize = 2000;

/// An endpoint, without its secret.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    #[serde(rename = "_id")]
    pub id: String,
    pub url: String,
    /// The event types it hears.
    pub events: Vec<String>,
    pub description: String,
    /// `false` once switched off, by staff or after a day of failed tries.
    pub active: bool,
    pub created_at: String,
}

impl From<Endpoint> for Webhook {
    fn from(e: Endpoint) -> Self {
        Webhook {
            id: e.id,
            url: e.url,
            events: e.events,
            description: e.description,
            active: e.active,
            created_at: iso8601(e.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
}

#[derive(Serialize, ToSchema)]
pub struct WebhookData {
    pub webhook: Webhook,
}

/// An endpoint and its signing secret, answered only at creation and rotation.
#[derive(Serialize, ToSchema)]
pub struct WebhookWithSecret {
    pub webhook: Webhook,
    /// `whsec_` and 64 hex digits; the HMAC key is this whole string.
    pub secret: String,
}

#[derive(Deserialize, ToSchema)]
pub struct WebhookRequest {
    /// `https://` to a public host (any address with `SHOP_WEBHOOKS_ALLOW_PRIVATE`).
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2000)]
    pub url: String,
    /// At least one of the event types.
    #[serde(default)]
    #[schema(required = true, min_items = 1)]
    pub events: Vec<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub description: String,
}

#[derive(Deserialize, ToSchema)]
pub struct WebhookChange {
    #[schema(min_length = 1, max_length = 2000)]
    pub url: Option<String>,
    #[schema(min_items = 1)]
    pub events: Option<Vec<String>>,
    #[schema(max_length = 200)]
    pub description: Option<String>,
    pub active: Option<bool>,
}

/// One try of a delivery.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttemptView {
    pub at: String,
    /// The HTTP status, or null when none came.
    pub status: Option<i64>,
    pub duration_ms: i64,
    pub error: Option<String>,
}

/// A delivery of one event to the endpoint, with every try.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryView {
    #[serde(rename = "_id")]
    pub id: String,
    pub event_id: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// pending, delivered or failed.
    pub state: String,
    pub created_at: String,
    pub attempts: Vec<AttemptView>,
}

impl From<DeliveryRow> for DeliveryView {
    fn from(d: DeliveryRow) -> Self {
        DeliveryView {
            id: d.id,
            event_id: d.event_id,
            kind: d.event_type,
            state: d.state,
            created_at: iso8601(d.created_at),
            attempts: d
                .attempts
                .into_iter()
                .map(|a| AttemptView {
                    at: iso8601(a.at),
                    status: a.status,
                    duration_ms: a.duration_ms,
                    error: a.error,
                })
                .collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryList {
    pub deliveries: Vec<DeliveryView>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
}

#[derive(Serialize, ToSchema)]
pub struct DeliveryData {
    pub delivery: DeliveryView,
}

/// A new signing secret: `whsec_` and 32 random bytes in hex.
fn new_secret() -> String {
    let bytes: [u8; 32] = crate::security::random_bytes();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("whsec_{hex}")
}

fn parse_events(raw: &[String], errors: &mut BTreeMap<String, String>) -> Vec<EventType> {
    let events: Vec<EventType> = raw
        .iter()
        .filter_map(|e| EventType::parse(e.trim()))
        .collect();
    if raw.is_empty() {
        errors.insert("events".into(), "Choose at least one event".into());
    } else if events.len() != raw.len() {
        errors.insert(
            "events".into(),
            format!(
                "Choose among {}",
                EventType::ALL.map(EventType::as_str).join(", ")
            ),
        );
    }
    let mut unique = Vec::new();
    for event in events {
        if !unique.contains(&event) {
            unique.push(event);
        }
    }
    unique
}

fn check_description(raw: &str, errors: &mut BTreeMap<String, String>) -> String {
    let text = raw.trim();
    if text.chars().count() > MAX_DESCRIPTION_CHARS || text.chars().any(char::is_control) {
        errors.insert(
            "description".into(),
            "At most 200 characters, on one line".into(),
        );
    }
    text.to_string()
}

async fn check_url(
    state: &AppState,
    raw: &str,
    errors: &mut BTreeMap<String, String>,
) -> Option<String> {
    if raw.chars().count() > MAX_URL_CHARS {
        errors.insert("url".into(), "At most 2000 characters".into());
        return None;
    }
    match state.webhook_sender.check(raw).await {
        Ok(url) => Some(url.to_string()),
        Err(problem) => {
            errors.insert("url".into(), problem.into());
            None
        }
    }
}

/// The endpoints, oldest first (at most 20).
#[utoipa::path(get, path = "/api/admin/webhook", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "The endpoints", body = Envelope<WebhookList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<WebhookList>>, AppError> {
    let webhooks = state.webhooks.list().await?;
    Ok(ok(
        "Webhooks",
        WebhookList {
            webhooks: webhooks.into_iter().map(Into::into).collect(),
        },
    ))
}

/// Adds an endpoint. Its secret is answered here once (and again only by rotating it).
#[utoipa::path(post, path = "/api/admin/webhook", tag = "admin", request_body = WebhookRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Webhook created'", body = Envelope<WebhookWithSecret>),
        (status = 400, description = "errors.url (not https, not public, not a URL), errors.events, errors.description", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 409, description = "'A shop has at most 20 webhook endpoints'", body = ErrorBody),
    ))]
pub async fn create(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<WebhookRequest>,
) -> Result<(StatusCode, Json<Envelope<WebhookWithSecret>>), AppError> {
    let mut errors = BTreeMap::new();
    let events = parse_events(&body.events, &mut errors);
    let description = check_description(&body.description, &mut errors);
    let url = check_url(&state, &body.url, &mut errors).await;
    let (Some(url), true) = (url, errors.is_empty()) else {
        return Err(AppError::fields(errors));
    };
    let secret = new_secret();
    let endpoint = state
        .webhooks
        .create(&url, &events, &description, &secret, &admin.actor())
        .await?
        .ok_or_else(|| {
            AppError::Conflict(format!(
                "A shop has at most {MAX_ENDPOINTS} webhook endpoints"
            ))
        })?;
    Ok((
        StatusCode::CREATED,
        ok(
            "Webhook created",
            WebhookWithSecret {
                webhook: endpoint.into(),
                secret,
            },
        ),
    ))
}

async fn found(state: &AppState, id: &str) -> Result<Endpoint, AppError> {
    state
        .webhooks
        .get(id)
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// One endpoint.
#[utoipa::path(get, path = "/api/admin/webhook/{id}", tag = "admin", operation_id = "get_webhook",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The endpoint", body = Envelope<WebhookData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Webhook not found'", body = ErrorBody),
    ))]
pub async fn one(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<WebhookData>>, AppError> {
    let endpoint = found(&state, &id).await?;
    Ok(ok(
        "Webhook",
        WebhookData {
            webhook: endpoint.into(),
        },
    ))
}

/// Changes an endpoint: its address (checked again), events, description, or whether
/// it is on.
#[utoipa::path(patch, path = "/api/admin/webhook/{id}", tag = "admin", operation_id = "update_webhook",
    params(("id" = String, Path)), request_body = WebhookChange, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Webhook updated'", body = Envelope<WebhookData>),
        (status = 400, description = "errors.url, errors.events, errors.description", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Webhook not found'", body = ErrorBody),
    ))]
pub async fn update(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<WebhookChange>,
) -> Result<Json<Envelope<WebhookData>>, AppError> {
    let mut errors = BTreeMap::new();
    let events = body.events.as_deref().map(|e| parse_events(e, &mut errors));
    let description = body
        .description
        .as_deref()
        .map(|d| check_description(d, &mut errors));
    let url = match body.url.as_deref() {
        Some(raw) => check_url(&state, raw, &mut errors).await,
        None => None,
    };
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let fields = EndpointFields {
        url,
        events,
        description,
        active: body.active,
    };
    let after = state
        .webhooks
        .update(&id, &fields, &admin.actor())
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(ok(
        "Webhook updated",
        WebhookData {
            webhook: after.into(),
        },
    ))
}

/// Deletes an endpoint with its delivery log.
#[utoipa::path(delete, path = "/api/admin/webhook/{id}", tag = "admin", operation_id = "delete_webhook",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Webhook deleted'", body = Envelope<Empty>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Webhook not found'", body = ErrorBody),
    ))]
pub async fn delete(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    if !state.webhooks.delete(&id, &admin.actor()).await? {
        return Err(AppError::NotFound(NOT_FOUND.into()));
    }
    Ok(ok("Webhook deleted", Empty {}))
}

/// A new signing secret, answered once; the old one stops at once.
#[utoipa::path(post, path = "/api/admin/webhook/{id}/rotate-secret", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Secret rotated'", body = Envelope<WebhookWithSecret>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Webhook not found'", body = ErrorBody),
    ))]
pub async fn rotate_secret(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<WebhookWithSecret>>, AppError> {
    let secret = new_secret();
    let endpoint = state
        .webhooks
        .rotate(&id, &secret, &admin.actor())
        .await?
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(ok(
        "Secret rotated",
        WebhookWithSecret {
            webhook: endpoint.into(),
            secret,
        },
    ))
}

/// The endpoint's deliveries, newest first, each with every try.
#[utoipa::path(get, path = "/api/admin/webhook/{id}/delivery", tag = "admin",
    params(("id" = String, Path), PageQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of deliveries", body = Envelope<DeliveryList>),
        (status = 400, description = "A bad page or perPage", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Webhook not found'", body = ErrorBody),
    ))]
pub async fn deliveries(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<Envelope<DeliveryList>>, AppError> {
    let paging = parse_paging(query.page.as_deref(), query.per_page.as_deref())?;
    found(&state, &id).await?;
    let (rows, total) = state
        .webhooks
        .deliveries(&id, paging.per_page, paging.offset())
        .await?;
    Ok(ok(
        "Deliveries",
        DeliveryList {
            deliveries: rows.into_iter().map(Into::into).collect(),
            total,
            page: paging.page,
            per_page: paging.per_page,
        },
    ))
}

/// Sends the delivery's event again now, with the same event `id`, and answers the
/// delivery with the new try.
#[utoipa::path(post, path = "/api/admin/webhook/{id}/delivery/{delivery_id}/resend", tag = "admin",
    params(("id" = String, Path), ("delivery_id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Delivery sent again'", body = Envelope<DeliveryData>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Delivery not found'", body = ErrorBody),
        (status = 409, description = "Being sent right now", body = ErrorBody),
    ))]
pub async fn resend(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath((id, delivery_id)): ApiPath<(String, String)>,
) -> Result<Json<Envelope<DeliveryData>>, AppError> {
    let delivery = deliver::send_again(&state, &id, &delivery_id)
        .await?
        .ok_or_else(|| AppError::NotFound("Delivery not found".into()))?;
    Ok(ok(
        "Delivery sent again",
        DeliveryData {
            delivery: delivery.into(),
        },
    ))
}
