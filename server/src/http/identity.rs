//! Who is calling: the signed-in user behind a bearer token (if any, and whether an
//! administrator), and the client's address.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use super::{AppError, AppState};
use crate::domain::id::Id;
use crate::store::accounts::{Role, UserRow};
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

/// An administrator (docs/DESIGN.md §8): 401 without a valid token, 403 for a customer.
pub struct AdminUser(pub UserRow);

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
    }
}

/// What a customer hears from an administrator's call.
pub const ADMINS_ONLY: &str = "Only administrators can do this";

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        if user.role != Role::Admin {
            return Err(AppError::Forbidden(ADMINS_ONLY.into()));
        }
        Ok(AdminUser(user))
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
