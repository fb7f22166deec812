//! The shopper's return calls: what of an order can be returned and its returns, asking
//! for one, its page, cancelling it and adding photos. The order's owner (signed in) or
//! whoever holds its mailed link (`?token=`) may; staff may read and add photos too.

use crate::domain::staff::{Action, ROLE_REFUSED};
use std::collections::{BTreeMap, BTreeSet};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{return_id, Return, ReturnData};
use crate::domain::id::Id;
use crate::domain::returns::{Reason, MAX_NOTE_CHARS, MAX_UNITS};
use crate::domain::time::iso8601;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath, ApiQuery};
use crate::http::form::{FileLimits, Form};
use crate::http::identity::MaybeUser;
use crate::http::orders::answers::TokenQuery;
use crate::http::{ok, AppState, Envelope};
use crate::media::photo;
use crate::orders::returns::Viewer;
use crate::store::accounts::UserRow;
use crate::store::orders::ReturnAsk;

/// The most lines one return may name (an order has no more distinct lines).
const MAX_LINES: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/order/{number}/return", get(list_for_order).post(ask))
        .route("/return/{id}", get(one))
        .route("/return/{id}/cancel", post(cancel))
}

/// Adding a photo carries one file of at most 10 MB: its body limit is its own.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/return/{id}/photo", post(photo))
}

/// The largest body `POST /return/{id}/photo` takes: the photo and the form around it.
pub const MAX_RETURN_PHOTO_BODY_BYTES: usize = ReturnPhoto::MAX_FILE_BYTES + 64 * 1024;

/// One photo of at most 10 MB, as a review's (docs/DESIGN.md §12).
pub struct ReturnPhoto;

impl FileLimits for ReturnPhoto {
    const MAX_FILES: usize = 1;
    const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
    const FILE_TOO_LARGE: &'static str = "Each image must be at most 10 MB";
    const TOO_MANY_FILES: &'static str = "Send one photo at a time";
    const FILE_FIELDS: &'static [&'static str] = &["photo"];
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineRequest {
    /// A line of the order, by its variant.
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    pub variant_id: String,
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 999)]
    pub quantity: i64,
    #[serde(default)]
    #[schema(required = true, value_type = Reason)]
    pub reason: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ReturnRequest {
    /// The lines to return, each of the order's lines at most once.
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    pub lines: Vec<ReturnLineRequest>,
    /// What is wrong, at most 1000 characters; needed when a reason is `other`.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub note: Option<String>,
}

/// How many units of one line of the order can still be returned.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnableLine {
    pub variant_id: String,
    pub quantity: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderReturns {
    /// Newest first.
    pub returns: Vec<Return>,
    /// The last moment a return can be asked for; `null` for an order not completed,
    /// once the window has closed, or when the shop takes no returns.
    pub returnable_until: Option<String>,
    /// Per line of the order: units ordered less what open returns hold.
    pub returnable: Vec<ReturnableLine>,
}

/// Who the caller is to a return: staff, or a shopper with what they hold.
fn viewer<'a>(user: Option<&'a UserRow>, token: Option<&'a str>) -> Viewer<'a> {
    match user {
        Some(user) if user.role.is_staff() => Viewer::Staff,
        _ => Viewer::Shopper {
            user: user.map(|u| &u.id),
            token,
        },
    }
}

/// The order's returns and what of it can still be returned.
#[utoipa::path(get, path = "/api/order/{number}/return", tag = "returns", operation_id = "order_returns", params(("number" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The order's returns, what can still be returned and until when", body = Envelope<OrderReturns>),
        (status = 404, description = "'Order not found'", body = ErrorBody),
    ))]
pub async fn list_for_order(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<OrderReturns>>, AppError> {
    let (rows, returnable) = state
        .order_service
        .returns_of(user.map(|u| u.id).as_ref(), &number, query.token.as_deref())
        .await?;
    let now = state.clock.now_ms();
    let left = returnable.lines.iter().any(|(_, n)| *n > 0);
    Ok(ok(
        "Returns",
        OrderReturns {
            returns: rows
                .into_iter()
                .map(|r| Return::from_row(&state, r))
                .collect(),
            returnable_until: returnable
                .until
                .filter(|until| *until >= now && left)
                .map(iso8601),
            returnable: returnable
                .lines
                .into_iter()
                .map(|(variant_id, quantity)| ReturnableLine {
                    variant_id,
                    quantity,
                })
                .collect(),
        },
    ))
}

/// Asks to return lines of a completed order within the shop's return window. The
/// shopper and staff are mailed.
#[utoipa::path(post, path = "/api/order/{number}/return", tag = "returns", operation_id = "ask_return", params(("number" = String, Path), TokenQuery),
    request_body = ReturnRequest, security((), ("bearer" = [])),
    responses(
        (status = 201, description = "'Return requested'", body = Envelope<ReturnData>),
        (status = 400, description = "`errors`: `lines` ('Choose at least one item to return'), `lines[i].variantId` ('This item is not in the order', 'This item is listed twice'), `lines[i].quantity`, `lines[i].reason` ('Choose a reason'), `note` ('Tell us what is wrong when the reason is Other', at most 1000 characters)", body = ErrorBody),
        (status = 404, description = "'Order not found'", body = ErrorBody),
        (status = 409, description = "'Only a completed order can be returned'; 'The return window for this order has closed'", body = ErrorBody),
        (status = 422, description = "'You can return at most N of this item', `errors` keyed by the line's `variantId`", body = ErrorBody),
    ))]
pub async fn ask(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(number): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
    ApiJson(body): ApiJson<ReturnRequest>,
) -> Result<(StatusCode, Json<Envelope<ReturnData>>), AppError> {
    let (asks, note) = read_request(&body).map_err(AppError::fields)?;
    let row = state
        .order_service
        .ask_return(
            user.map(|u| u.id).as_ref(),
            &number,
            query.token.as_deref(),
            &asks,
            &note,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        ok("Return requested", Return::data(&state, row)),
    ))
}

/// The request's lines and note, or every problem by field.
fn read_request(
    body: &ReturnRequest,
) -> Result<(Vec<ReturnAsk>, String), BTreeMap<String, String>> {
    let mut errors = BTreeMap::new();
    if body.lines.is_empty() {
        errors.insert(
            "lines".to_string(),
            "Choose at least one item to return".to_string(),
        );
    } else if body.lines.len() > MAX_LINES {
        errors.insert("lines".to_string(), format!("At most {MAX_LINES} lines"));
    }
    let mut seen = BTreeSet::new();
    let mut asks = Vec::new();
    for (i, line) in body.lines.iter().enumerate().take(MAX_LINES) {
        let variant_id = line.variant_id.trim();
        if variant_id.is_empty() || variant_id.len() > 100 {
            errors.insert(
                format!("lines[{i}].variantId"),
                "This item is not in the order".into(),
            );
        } else if !seen.insert(variant_id) {
            errors.insert(
                format!("lines[{i}].variantId"),
                "This item is listed twice".into(),
            );
        }
        if !(1..=MAX_UNITS).contains(&line.quantity) {
            errors.insert(
                format!("lines[{i}].quantity"),
                format!("Quantity must be a whole number from 1 to {MAX_UNITS}"),
            );
        }
        match Reason::parse(line.reason.trim()) {
            Some(reason) => asks.push(ReturnAsk {
                variant_id: variant_id.to_string(),
                quantity: line.quantity,
                reason,
            }),
            None => {
                errors.insert(format!("lines[{i}].reason"), "Choose a reason".into());
            }
        }
    }
    let note = body.note.as_deref().unwrap_or_default().trim().to_string();
    if note.chars().count() > MAX_NOTE_CHARS {
        errors.insert(
            "note".into(),
            format!("A note may be at most {MAX_NOTE_CHARS} characters"),
        );
    } else if note
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        errors.insert(
            "note".into(),
            "A note cannot contain control characters".into(),
        );
    } else if note.is_empty() && asks.iter().any(|a| a.reason == Reason::Other) {
        errors.insert(
            "note".into(),
            "Tell us what is wrong when the reason is Other".into(),
        );
    }
    if errors.is_empty() {
        Ok((asks, note))
    } else {
        Err(errors)
    }
}

/// One return, for its shopper (signed in, or with the order's `?token=`) or staff.
#[utoipa::path(get, path = "/api/return/{id}", tag = "returns", operation_id = "get_return", params(("id" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The return", body = Envelope<ReturnData>),
        (status = 404, description = "'Return not found'", body = ErrorBody),
    ))]
pub async fn one(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    let row = state
        .order_service
        .return_for(viewer(user.as_ref(), query.token.as_deref()), &id)
        .await?;
    Ok(ok("Return", Return::data(&state, row)))
}

/// The shopper cancels their return while it is only asked for.
#[utoipa::path(post, path = "/api/return/{id}/cancel", tag = "returns", operation_id = "cancel_return", params(("id" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "'Return cancelled'", body = Envelope<ReturnData>),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'This return is approved' (or wherever it stands: only a requested return can be cancelled)", body = ErrorBody),
    ))]
pub async fn cancel(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    // Staff do not cancel for the shopper: they reject, with a reason.
    let shopper = Viewer::Shopper {
        user: user.as_ref().map(|u| &u.id),
        token: query.token.as_deref(),
    };
    let row = state.order_service.cancel_return(shopper, &id).await?;
    Ok(ok("Return cancelled", Return::data(&state, row)))
}

/// Adds one photo (multipart field `photo`) to a return while it is requested or
/// approved: at most 5 a return, checked by their bytes, stored privately.
#[utoipa::path(post, path = "/api/return/{id}/photo", tag = "returns", operation_id = "add_return_photo", params(("id" = String, Path), TokenQuery),
    security((), ("bearer" = [])),
    request_body(content = ReturnPhotoForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "'Photo added'", body = Envelope<ReturnData>),
        (status = 400, description = "No photo, or more than one file", body = ErrorBody),
        (status = 403, description = "'Your role does not allow this': a member of staff whose role neither receives nor decides returns", body = ErrorBody),
        (status = 404, description = "'Return not found'", body = ErrorBody),
        (status = 409, description = "'A return has at most 5 photos'; 'This return is received' (photos are taken while it is requested or approved)", body = ErrorBody),
        (status = 413, description = "An image over 10 MB or 40 megapixels", body = ErrorBody),
        (status = 415, description = "A file that is not JPEG, PNG, GIF or WebP", body = ErrorBody),
        (status = 422, description = "An image that cannot be read", body = ErrorBody),
    ))]
pub async fn photo(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<TokenQuery>,
    form: Form<ReturnPhoto>,
) -> Result<Json<Envelope<ReturnData>>, AppError> {
    let id = return_id(&id)?;
    // Staff add photos only in a role that handles returns (docs/DESIGN.md §13).
    if let Some(role) = user.as_ref().and_then(|u| u.role.staff()) {
        if !(role.may(Action::ReceiveReturns) || role.may(Action::DecideReturns)) {
            return Err(AppError::Forbidden(ROLE_REFUSED.into()));
        }
    }
    let row = state
        .order_service
        .return_for(viewer(user.as_ref(), query.token.as_deref()), &id)
        .await?;
    if !row.status.takes_photos() {
        return Err(AppError::Conflict(row.status.refusal()));
    }
    if row.photos.len() >= crate::domain::returns::MAX_PHOTOS {
        return Err(AppError::Conflict("A return has at most 5 photos".into()));
    }
    let Some(upload) = form.files.into_iter().next() else {
        return Err(AppError::field("photo", "Choose a photo"));
    };
    let stem = format!(
        "{}returns/{}/{}",
        crate::media::PRIVATE_PREFIX,
        row.id,
        Id::generate()
    );
    let path =
        crate::http::media::store_photo(&state, upload.bytes, photo::REVIEW_SIDE, &stem).await?;
    match state.order_service.add_return_photo(&id, &path).await {
        Ok(row) => Ok(ok("Photo added", Return::data(&state, row))),
        Err(refused) => {
            if let Err(e) = state.media.delete(&path).await {
                tracing::warn!(error = %e, path, "a refused return photo could not be removed");
            }
            Err(refused.into())
        }
    }
}

/// The photo form, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ReturnPhotoForm {
    /// One JPEG, PNG, GIF or WebP image of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}
