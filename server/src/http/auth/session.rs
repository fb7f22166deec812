//! Signing in, under the login limits, and who is signed in. The same limit guards
//! the password checks of the signed-in user's own actions ([`confirm_password`]).

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{internal, parse_credentials, start_session, subject, Session, User};
use crate::domain::account::check_login_password;
use crate::domain::account_policy::AttemptKind;

use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::{ClientIp, CurrentUser};
use crate::http::trade::TradeView;
use crate::http::{ok, AppState, Envelope};
use crate::security::password;
use crate::store::accounts::UserRow;

const WRONG_CREDENTIALS: &str = "Invalid email or password";
const TOO_MANY_LOGINS: &str = "Too many login attempts.";
/// What the owner of a disabled account hears at login (docs/DESIGN.md §8).
pub const ACCOUNT_DISABLED: &str =
    "This account has been disabled. Please contact the shop if you think this is a mistake.";

/// `emailAddress` and `password`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
    /// 6 to 128 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 6, max_length = 128)]
    pub password: String,
}

/// Signs in with e-mail and password.
///
/// Unknown addresses and wrong passwords get the same answer. After 10 failures for
/// one account, or from one address, within 15 minutes the answer is 429 until the
/// oldest of them is 15 minutes old; a successful login clears the account's count.
#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = Credentials,
    responses(
        (status = 200, description = "'Login successful!'", body = Envelope<Session>),
        (status = 400, description = "Field errors", body = ErrorBody),
        (status = 401, description = "'Invalid email or password'", body = ErrorBody),
        (status = 403, description = "The right password for an account an administrator disabled", body = ErrorBody),
        (status = 429, description = "Too many failures; see Retry-After", body = ErrorBody),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<Envelope<Session>>, AppError> {
    let user = authenticate(&state, &ip, &body).await?;
    Ok(ok("Login successful!", start_session(&state, user)))
}

/// Signs in an administrator (made with `shop admin create`); everyone else is refused.
#[utoipa::path(post, path = "/api/auth/admin/login", tag = "auth", request_body = Credentials,
    responses(
        (status = 200, description = "'Login successful!'", body = Envelope<Session>),
        (status = 401, description = "'Invalid email or password'", body = ErrorBody),
        (status = 403, description = "Not an administrator, or a disabled account", body = ErrorBody),
        (status = 429, description = "Too many failures; see Retry-After", body = ErrorBody),
    ))]
pub async fn admin_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<Envelope<Session>>, AppError> {
    let user = authenticate(&state, &ip, &body).await?;
    if !user.role.is_staff() {
        return Err(AppError::Forbidden("Administrator access required".into()));
    }
    Ok(ok("Login successful!", start_session(&state, user)))
}

/// Checks credentials under the login limits.
async fn authenticate(state: &AppState, ip: &str, body: &Credentials) -> Result<UserRow, AppError> {
    let email = parse_credentials(&body.email_address, &body.password, check_login_password)?;
    let account = subject(AttemptKind::LoginAccount, email.as_str());
    let address = subject(AttemptKind::LoginIp, ip);
    // The try is logged before the password is checked, so concurrent guesses count too.
    let attempt = state
        .accounts
        .take_attempts(
            &[
                (AttemptKind::LoginAccount, &account),
                (AttemptKind::LoginIp, &address),
            ],
            state.clock.now_ms(),
        )
        .await?
        .map_err(|wait| AppError::too_many(TOO_MANY_LOGINS, wait))?;
    let user = state.accounts.user_by_email(&email).await?;
    let matches = password::verify(
        &body.password,
        user.as_ref().map(|u| u.password_hash.as_str()),
    )
    .await
    .map_err(internal)?;
    match user {
        Some(user) if matches => {
            state
                .accounts
                .forget_attempts(&attempt, Some((AttemptKind::LoginAccount, &account)))
                .await?;
            // Said only to whoever knows the password, so it reveals nothing to a guesser.
            if user.disabled_at.is_some() {
                return Err(AppError::Forbidden(ACCOUNT_DISABLED.into()));
            }
            Ok(user)
        }
        _ => Err(AppError::Unauthorized(WRONG_CREDENTIALS.into())),
    }
}

/// Checks `password` for an action of the signed-in `user`, counted with the same
/// limit as logins so a stolen token cannot be used to guess it.
pub(super) async fn confirm_password(
    state: &AppState,
    user: &UserRow,
    password: &str,
) -> Result<bool, AppError> {
    let account = subject(AttemptKind::LoginAccount, &user.email);
    let attempt = state
        .accounts
        .take_attempts(
            &[(AttemptKind::LoginAccount, &account)],
            state.clock.now_ms(),
        )
        .await?
        .map_err(|wait| AppError::too_many("Too many wrong passwords.", wait))?;
    let matches = password::verify(password, Some(&user.password_hash))
        .await
        .map_err(internal)?;
    if matches {
        state.accounts.forget_attempts(&attempt, None).await?;
    }
    Ok(matches)
}

/// The signed-in user, and where they stand with the trade (docs/DESIGN.md §11).
#[utoipa::path(get, path = "/api/auth/user", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = Envelope<CurrentUserData>),
        (status = 401, description = "No valid token", body = ErrorBody),
    ))]
pub async fn current_user(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Json<Envelope<CurrentUserData>>, AppError> {
    let trade = state.trade.standing(&user.id).await?.map(Into::into);
    Ok(ok(
        "User fetched successfully",
        CurrentUserData {
            user: CurrentUserView {
                user: user.into(),
                trade,
            },
        },
    ))
}

/// The signed-in user as `GET /auth/user` answers.
#[derive(Serialize, ToSchema)]
pub struct CurrentUserView {
    #[serde(flatten)]
    pub user: User,
    /// Where they stand with the trade; `null` for a customer who never applied.
    pub trade: Option<TradeView>,
}

#[derive(Serialize, ToSchema)]
pub struct CurrentUserData {
    pub user: CurrentUserView,
}
