//! The staff (docs/DESIGN.md §13): owners invite by e-mail, change roles, disable and
//! enable members; an invited address accepts through its link and signs in. The
//! [`gate`] checks every console route's role before its handler runs.

pub mod gate;

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::domain::account::{check_signup_password, Email};
use crate::domain::staff::StaffRole;
use crate::domain::time::{iso8601, DAY_MS};
use crate::http::auth::{start_session, Empty, Session};
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiPath};
use crate::http::identity::AdminUser;
use crate::http::{ok, AppState, Envelope};
use crate::mail::staff as letters;
use crate::security::{self, password, token_digest};
use crate::store::staff::{Member, MemberChange, StaffRefusal};

#[derive(OpenApi)]
#[openapi(paths(list, invite, change, resend_invite, revoke, accept_invite))]
pub struct Doc;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/staff", get(list).post(invite))
        .route("/admin/staff/{id}", patch(change).delete(revoke))
        .route("/admin/staff/{id}/resend-invite", post(resend_invite))
        .route("/auth/admin/accept-invite", post(accept_invite))
}

/// How long an invitation's link works.
const INVITE_DAYS: i64 = 7;
const STAFF_NOT_FOUND: &str = "Staff member not found";
const ALREADY_STAFF: &str = "This address is already on the staff";
const ALREADY_INVITED: &str = "This address has been invited already: resend the invitation";
const LAST_OWNER: &str = "The shop needs at least one owner";
const BAD_INVITE: &str =
    "This invitation link is invalid, used or expired. Ask an owner for a new one.";
const ROLE_NAMES: &str = "Choose owner, manager, warehouse or support";

/// A member of staff, or an invitation not yet accepted.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMemberView {
    /// The member's user id, or the invitation's id while `status` is `invited`.
    #[serde(rename = "_id")]
    pub id: String,
    pub email_address: String,
    /// owner, manager, warehouse or support.
    pub role: String,
    /// invited, active or disabled.
    pub status: String,
    /// When they last used the console (to the nearest five minutes); null if never.
    pub last_seen_at: Option<String>,
}

impl From<Member> for StaffMemberView {
    fn from(member: Member) -> Self {
        StaffMemberView {
            id: member.id,
            email_address: member.email,
            role: member.role.as_str().to_string(),
            status: member.standing.as_str().to_string(),
            last_seen_at: member.last_seen_at.map(iso8601),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct StaffList {
    pub staff: Vec<StaffMemberView>,
}

#[derive(Serialize, ToSchema)]
pub struct MemberData {
    pub member: StaffMemberView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
    /// owner, manager, warehouse or support.
    #[serde(default)]
    #[schema(required = true, pattern = "^(owner|manager|warehouse|support)$")]
    pub role: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberChangeRequest {
    /// owner, manager, warehouse or support.
    #[schema(pattern = "^(owner|manager|warehouse|support)$")]
    pub role: Option<String>,
    /// `true` disables the member (their tokens stop working), `false` enables them.
    pub disabled: Option<bool>,
}

#[derive(Deserialize, ToSchema)]
pub struct AcceptInviteRequest {
    /// The `token` of the invitation's link.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub token: String,
    /// The sign-up rule: 8 to 40 characters of letters, digits and `@$!%?&`, with a
    /// lowercase letter, an uppercase letter and a digit.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 40)]
    pub password: String,
}

fn parse_role(raw: &str) -> Result<StaffRole, AppError> {
    StaffRole::parse(raw.trim()).ok_or_else(|| AppError::field("role", ROLE_NAMES))
}

fn refused(refusal: StaffRefusal) -> AppError {
    match refusal {
        StaffRefusal::NotFound => AppError::NotFound(STAFF_NOT_FOUND.into()),
        StaffRefusal::AlreadyStaff => AppError::Conflict(ALREADY_STAFF.into()),
        StaffRefusal::AlreadyInvited => AppError::Conflict(ALREADY_INVITED.into()),
        StaffRefusal::TooMany => AppError::Conflict(format!(
            "The staff has at most {} members and invitations",
            crate::store::staff::MAX_STAFF
        )),
        StaffRefusal::LastOwner => AppError::Conflict(LAST_OWNER.into()),
        StaffRefusal::NotAnInvitation => AppError::Conflict(
            "Only an invitation not yet accepted can be deleted: disable a member instead".into(),
        ),
    }
}

/// A new invitation link: the token for the mail, its digest to keep, its expiry.
fn invite_link(state: &AppState) -> (String, String, i64) {
    let (token, digest) = security::reset_token();
    let link = format!(
        "{}/admin/accept-invite?token={token}",
        state.settings.public_url.trim_end_matches('/')
    );
    (link, digest, state.clock.now_ms() + INVITE_DAYS * DAY_MS)
}

/// The staff: members (oldest first) and invitations not yet accepted, at most 100.
#[utoipa::path(get, path = "/api/admin/staff", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "The staff", body = Envelope<StaffList>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<Json<Envelope<StaffList>>, AppError> {
    let staff = state.staff.list().await?;
    Ok(ok(
        "Staff",
        StaffList {
            staff: staff.into_iter().map(Into::into).collect(),
        },
    ))
}

/// Invites an address to the staff with a role: a single-use link valid 7 days is
/// e-mailed. An existing customer's address keeps its account (and its orders), which
/// becomes a member of staff once the invitation is accepted.
#[utoipa::path(post, path = "/api/admin/staff", tag = "admin", request_body = InviteRequest,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "'Invitation sent'", body = Envelope<MemberData>),
        (status = 400, description = "Not an e-mail address; an unknown role", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 409, description = "'This address is already on the staff'; invited already; 100 on the staff", body = ErrorBody),
    ))]
pub async fn invite(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<InviteRequest>,
) -> Result<(StatusCode, Json<Envelope<MemberData>>), AppError> {
    let mut errors = BTreeMap::new();
    let email = Email::parse(&body.email_address);
    if let Err(text) = &email {
        errors.insert("emailAddress".to_string(), text.to_string());
    }
    let role = StaffRole::parse(body.role.trim());
    if role.is_none() {
        errors.insert("role".to_string(), ROLE_NAMES.to_string());
    }
    let (Ok(email), Some(role)) = (email, role) else {
        return Err(AppError::fields(errors));
    };
    let (link, digest, expires) = invite_link(&state);
    let letter = letters::invitation(role.as_str(), &link, INVITE_DAYS);
    let member = state
        .staff
        .invite(&email, role, &digest, expires, &letter, &admin.actor())
        .await?
        .map_err(refused)?;
    state.outbox.wake();
    Ok((
        StatusCode::CREATED,
        ok(
            "Invitation sent",
            MemberData {
                member: member.into(),
            },
        ),
    ))
}

/// Changes a member's role, or disables or enables them. The last active owner can be
/// neither demoted nor disabled. A disabled member's tokens stop working at once; a
/// role change holds from their next request.
#[utoipa::path(patch, path = "/api/admin/staff/{id}", tag = "admin", params(("id" = String, Path)),
    request_body = MemberChangeRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "'Staff member updated'", body = Envelope<MemberData>),
        (status = 400, description = "An unknown role", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Staff member not found' (an invitation is changed by resending or deleting it)", body = ErrorBody),
        (status = 409, description = "'The shop needs at least one owner'", body = ErrorBody),
    ))]
pub async fn change(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<MemberChangeRequest>,
) -> Result<Json<Envelope<MemberData>>, AppError> {
    let role = body.role.as_deref().map(parse_role).transpose()?;
    let change = MemberChange {
        role,
        disabled: body.disabled,
    };
    let member = state
        .staff
        .change(&id, change, &admin.actor())
        .await?
        .map_err(refused)?;
    Ok(ok(
        "Staff member updated",
        MemberData {
            member: member.into(),
        },
    ))
}

/// E-mails an invitation again with a new link (the earlier link stops working),
/// valid 7 days from now.
#[utoipa::path(post, path = "/api/admin/staff/{id}/resend-invite", tag = "admin",
    params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "'Invitation sent again'", body = Envelope<Empty>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Staff member not found'", body = ErrorBody),
        (status = 409, description = "A member who has accepted already", body = ErrorBody),
    ))]
pub async fn resend_invite(
    State(state): State<AppState>,
    _admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let (link, digest, expires) = invite_link(&state);
    state
        .staff
        .resend(&id, &digest, expires, |role| {
            letters::invitation(role.as_str(), &link, INVITE_DAYS)
        })
        .await?
        .map_err(refused)?;
    state.outbox.wake();
    Ok(ok("Invitation sent again", Empty {}))
}

/// Withdraws an invitation not yet accepted: its link stops working.
#[utoipa::path(delete, path = "/api/admin/staff/{id}", tag = "admin", params(("id" = String, Path)),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "'Invitation withdrawn'", body = Envelope<Empty>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff; 'Your role does not allow this' (owners only)", body = ErrorBody),
        (status = 404, description = "'Staff member not found'", body = ErrorBody),
        (status = 409, description = "A member, not an invitation: disable them instead", body = ErrorBody),
    ))]
pub async fn revoke(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    state
        .staff
        .revoke(&id, &admin.actor())
        .await?
        .map_err(refused)?;
    Ok(ok("Invitation withdrawn", Empty {}))
}

/// Accepts an invitation: sets the password (the sign-up rules) and signs in, as the
/// console's login answers. The link works once.
#[utoipa::path(post, path = "/api/auth/admin/accept-invite", tag = "auth", request_body = AcceptInviteRequest,
    responses(
        (status = 200, description = "'Welcome to the staff'", body = Envelope<Session>),
        (status = 400, description = "A password breaking the rules; a bad, used or expired link", body = ErrorBody),
    ))]
pub async fn accept_invite(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<AcceptInviteRequest>,
) -> Result<Json<Envelope<Session>>, AppError> {
    let token = body.token.trim();
    if token.is_empty() {
        return Err(AppError::field("token", BAD_INVITE));
    }
    check_signup_password(&body.password).map_err(|text| AppError::field("password", text))?;
    let hash = password::hash(&body.password)
        .await
        .map_err(AppError::Internal)?;
    let id = state
        .staff
        .accept(&token_digest(token), &hash)
        .await?
        .ok_or_else(|| AppError::bad_request(BAD_INVITE))?;
    let user = state
        .accounts
        .user_by_id(&id)
        .await?
        .ok_or_else(|| AppError::bad_request(BAD_INVITE))?;
    Ok(ok("Welcome to the staff", start_session(&state, user)))
}
