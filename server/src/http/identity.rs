//! Who is calling: the signed-in user behind a bearer token (if any, and whether an
//! administrator), and the client's address.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::{AppError, AppState};
use crate::domain::id::Id;
use crate::domain::staff::{Action, StaffRole, ROLE_REFUSED};
use crate::store::accounts::UserRow;
use crate::store::activity::Actor;

/// What a request without a valid token hears, whatever the reason.
pub const SIGN_IN_REQUIRED: &str = "Please log in to continue";

/// The user behind the request's `Authorization: Bearer` token: 401 when there is
/// none, it is forged or expired, or it was revoked (the user's token version moved
/// on, the user is gone, or an administrator disabled the account).
pub struct CurrentUser(pub UserRow);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let token = bearer(parts).ok_or_else(unauthorized)?;
        user_of(token, state).await.map(CurrentUser)
    }
}

/// The signed-in user when the request carries a token, `None` when it carries none
/// (a guest). A token that does not hold is still a 401: the storefront then signs
/// out rather than carrying on as someone else.
pub struct MaybeUser(pub Option<UserRow>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        match bearer(parts) {
            Some(token) => user_of(token, state).await.map(|u| MaybeUser(Some(u))),
            None => Ok(MaybeUser(None)),
        }
    }
}

/// A member of staff (docs/DESIGN.md §8, §13): 401 without a valid token, 403 for a
/// customer. On a console route the gate ([`crate::http::staff::gate`]) has already
/// checked the role against the route and hands the member over; elsewhere the
/// extractor checks only that the caller is staff.
pub struct AdminUser(pub UserRow);

/// A member of staff the gate let through, with their role.
#[derive(Clone, Debug)]
pub struct StaffMember {
    pub user: UserRow,
    pub role: StaffRole,
}

/// How often a member's `last_seen_at` is brought up to date: not on every call.
const LAST_SEEN_EVERY_MS: i64 = 5 * 60 * 1000;

/// The member of staff behind a request's token: 401 without a valid one, 403 for a
/// customer (and for a disabled member, whose token no longer holds: 401).
pub(crate) async fn staff_member(
    headers: &axum::http::HeaderMap,
    state: &AppState,
) -> Result<StaffMember, AppError> {
    let token = bearer_in(headers).ok_or_else(unauthorized)?;
    let user = user_of(token, state).await?;
    let Some(role) = user.role.staff() else {
        return Err(AppError::Forbidden(ADMINS_ONLY.into()));
    };
    let now = state.clock.now_ms();
    if user
        .last_seen_at
        .is_none_or(|seen| now - seen >= LAST_SEEN_EVERY_MS)
    {
        state.accounts.seen(&user.id, now).await?;
    }
    Ok(StaffMember { user, role })
}

impl AdminUser {
    /// The member's role.
    pub fn role(&self) -> StaffRole {
        self.0.role.staff().unwrap_or(StaffRole::Support)
    }

    /// 403 'Your role does not allow this' unless the member's role may do `action`:
    /// the handler's own check where the rule depends on the object it loaded.
    pub fn require(&self, action: Action) -> Result<(), AppError> {
        if self.role().may(action) {
            Ok(())
        } else {
            Err(AppError::Forbidden(ROLE_REFUSED.into()))
        }
    }
}

impl AdminUser {
    /// The administrator as the activity log names them.
    pub fn actor(&self) -> Actor {
        actor_of(&self.0)
    }
}

/// An administrator as the activity log names them: every console change records it.
pub(crate) fn actor_of(admin: &UserRow) -> Actor {
    Actor {
        id: admin.id.clone(),
        email: admin.email.clone(),
        role: admin.role.staff(),
    }
}

/// What a customer hears from an administrator's call.
pub const ADMINS_ONLY: &str = "Only administrators can do this";

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        if let Some(member) = parts.extensions.get::<StaffMember>() {
            return Ok(AdminUser(member.user.clone()));
        }
        staff_member(&parts.headers, state)
            .await
            .map(|member| AdminUser(member.user))
    }
}

fn unauthorized() -> AppError {
    AppError::Unauthorized(SIGN_IN_REQUIRED.into())
}

/// The request's `Authorization: Bearer` token, if it has one.
fn bearer(parts: &Parts) -> Option<&str> {
    bearer_in(&parts.headers)
}

fn bearer_in(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
}

/// The signed-in user of a request that may also come from a guest, leniently: no token,
/// or one that does not hold, is a guest (`None`). Public answers that differ for some
/// customers (trade prices: docs/DESIGN.md §11) read it; they never refuse a guest.
pub(crate) async fn signed_in(
    headers: &axum::http::HeaderMap,
    state: &AppState,
) -> Result<Option<UserRow>, AppError> {
    let Some(token) = bearer_in(headers) else {
        return Ok(None);
    };
    match user_of(token, state).await {
        Ok(user) => Ok(Some(user)),
        Err(AppError::Unauthorized(_)) => Ok(None),
        Err(other) => Err(other),
    }
}

/// The user a token names, if it is ours, unexpired, and not revoked.
async fn user_of(token: &str, state: &AppState) -> Result<UserRow, AppError> {
    let claims = state
        .keys
        .verify_token(token, state.clock.now_secs())
        .ok_or_else(unauthorized)?;
    // A signed subject is one of ours; one of no id's shape names no account.
    let user_id = Id::parse(&claims.sub).ok_or_else(unauthorized)?;
    state
        .accounts
        .user_by_id(&user_id)
        .await?
        // Disabling bumps the token version too; this also holds should a token be
        // issued to a disabled account some other way.
        .filter(|user| user.token_version == claims.ver && user.disabled_at.is_none())
        .ok_or_else(unauthorized)
}

/// The client's IP address: the connection's peer, or with `--trust-forwarded-for`
/// the address the nearest proxy appended to `X-Forwarded-For`.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, std::convert::Infallible> {
        if state.settings.trust_forwarded_for {
            let forwarded = parts
                .headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .rfind(|v| !v.is_empty());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip.to_string()));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "unknown".to_string(), |info| info.0.ip().to_string());
        Ok(ClientIp(peer))
    }
}
