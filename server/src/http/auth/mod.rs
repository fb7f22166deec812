//! The account calls of spec §7 under `/api/auth`, one file per flow: [`signup`]
//! (sign-up and its e-mailed code), [`session`] (login, the administrators' login,
//! the current user), [`recovery`] (a new password through an e-mailed link) and
//! [`profile`] (the profile with its private photo, deleting the account). Here: the
//! routers, and what several flows share: the user as the storefront sees them, the
//! session a sign-up or login starts, and parsing and attempt-log helpers.

use std::collections::BTreeMap;

use axum::routing::{delete, get, patch, post};
use axum::Router;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::AppError;
use super::AppState;
use crate::domain::account::Email;
use crate::domain::account_policy::AttemptKind;
use crate::domain::time::iso8601;
use crate::security::token_digest;
use crate::store::accounts::UserRow;

pub mod profile;
pub mod recovery;
pub mod session;
pub mod signup;

/// The calls whose bodies are small JSON or text forms.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/signup", post(signup::signup))
        .route("/auth/login", post(session::login))
        .route("/auth/admin/login", post(session::admin_login))
        .route("/auth/verify-otp", post(signup::verify_otp))
        .route("/auth/resend-otp", post(signup::resend_otp))
        .route("/auth/user", get(session::current_user))
        .route("/auth/forgot-password", post(recovery::forgot_password))
        .route(
            "/auth/verify-reset-token",
            post(recovery::verify_reset_token),
        )
        .route("/auth/reset-password", post(recovery::reset_password))
        .route("/auth/change-password", post(recovery::change_password))
        .route("/auth/delete-account", delete(profile::delete_account))
        .route("/auth/signed-url", get(profile::signed_url))
}

/// The calls that carry a photo: their body limit is the photo's, not the default.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/auth/edit-profile", patch(profile::edit_profile))
}

/// A user as the storefront sees them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    /// Empty until the profile is set up.
    pub full_name: String,
    /// Digits, with a leading `+` for international numbers; empty until set.
    pub phone_number: String,
    pub email_address: String,
    /// Path of the private photo: show it through `GET /auth/signed-url`.
    pub profile_photo: Option<String>,
    pub is_email_verified: bool,
    /// `customer`, or a member of staff's role: `owner`, `manager`, `warehouse` or
    /// `support` (docs/DESIGN.md §13).
    pub role: String,
    /// What a member of staff's role may do in the console (`orders.view`,
    /// `orders.refund`, `stock`, `staff`, …): the console hides the rest. Empty for a
    /// customer.
    pub permissions: Vec<String>,
    pub created_at: String,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        User {
            id: row.id.into_string(),
            full_name: row.full_name,
            phone_number: row.phone_number,
            email_address: row.email,
            profile_photo: row.profile_photo,
            is_email_verified: row.email_verified,
            role: row.role.as_str().to_string(),
            permissions: row
                .role
                .staff()
                .map(|role| role.permissions().into_iter().map(String::from).collect())
                .unwrap_or_default(),
            created_at: iso8601(row.created_at),
        }
    }
}

/// A signed-in user and their access token (send it as `Authorization: Bearer …`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub user: User,
    pub access_token: String,
}

#[derive(Serialize, ToSchema)]
pub struct UserData {
    pub user: User,
}

/// Nothing beyond the message.
#[derive(Serialize, ToSchema)]
pub struct Empty {}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
}

/// The address and password fields, checked with `check_password`; every problem
/// named in one 400.
fn parse_credentials(
    email: &str,
    password: &str,
    check_password: fn(&str) -> Result<(), &'static str>,
) -> Result<Email, AppError> {
    let email = Email::parse(email);
    let mut errors = BTreeMap::new();
    if let Err(text) = &email {
        errors.insert("emailAddress".to_string(), text.to_string());
    }
    if let Err(text) = check_password(password) {
        errors.insert("password".to_string(), text.to_string());
    }
    match email {
        Ok(email) if errors.is_empty() => Ok(email),
        _ => Err(AppError::fields(errors)),
    }
}

fn parse_email(raw: &str) -> Result<Email, AppError> {
    Email::parse(raw).map_err(|text| AppError::field("emailAddress", text))
}

/// The attempt-log subject for `kind` of `who`: a digest, so the log holds no
/// addresses.
pub(crate) fn subject(kind: AttemptKind, who: &str) -> String {
    token_digest(&format!("{}:{who}", kind.as_str()))
}

fn internal(e: crate::BoxError) -> AppError {
    AppError::Internal(e)
}

pub(crate) fn start_session(state: &AppState, user: UserRow) -> Session {
    Session {
        access_token: state.keys.issue_token(
            user.id.as_str(),
            user.token_version,
            state.clock.now_secs(),
        ),
        user: user.into(),
    }
}
