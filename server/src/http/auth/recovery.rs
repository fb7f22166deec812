//! A new password through an e-mailed, single-use link: 'Forgot Password?' when
//! signed out, 'Update Password' (after the current password) when signed in.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session::confirm_password;
use super::{internal, parse_email, subject, EmailRequest, Empty};
use crate::domain::account::{check_new_password, RESET_PASSWORD_RULE};
use crate::domain::account_policy::{AttemptKind, RESET_LIFETIME_MINUTES, RESET_LIFETIME_MS};
use crate::domain::id::Id;

use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::identity::CurrentUser;
use crate::http::{ok, AppState, Envelope};
use crate::mail::templates;
use crate::security::{self, password, token_digest};

const RESET_SENT: &str = "Reset password instructions sent to your email";
const BAD_RESET_TOKEN: &str = "Invalid or expired reset token. Please request a new one.";

#[derive(Deserialize, ToSchema)]
pub struct TokenRequest {
    /// The `token` of the reset link.
    #[serde(default)]
    #[schema(required = true)]
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub token: String,
    /// 8 to 128 characters with an uppercase letter, a lowercase letter, a digit and
    /// a special character (any letter or symbol counts; the pattern names ASCII ones).
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub current_password: String,
}

#[derive(Serialize, ToSchema)]
pub struct TokenValidity {
    /// Always `true`: an invalid token is a 400.
    pub valid: bool,
}

/// E-mails a reset link, valid 30 minutes and once, to the address if it has an
/// account. The answer is the same either way, and at most 5 mails per address are
/// sent per hour.
#[utoipa::path(post, path = "/api/auth/forgot-password", tag = "auth", request_body = EmailRequest,
    responses(
        (status = 200, description = "'Reset password instructions sent to your email'", body = Envelope<Empty>),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
    ))]
pub async fn forgot_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<EmailRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let email = parse_email(&body.email_address)?;
    let now = state.clock.now_ms();
    let within_limit = state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::ResetMail,
                &subject(AttemptKind::ResetMail, email.as_str()),
            )],
            now,
        )
        .await?
        .is_ok();
    if within_limit {
        if let Some(user) = state.accounts.user_by_email(&email).await? {
            let link = reset_link(&state, &user.id, now).await?;
            // Sent in the background so the answer takes as long for an unknown
            // address; a failure is logged by the mailer.
            state.mailer.send_in_background(
                user.email,
                templates::reset_link(&link, RESET_LIFETIME_MINUTES),
            );
        }
    } else {
        tracing::warn!("reset mail limit reached for an address; no mail sent");
    }
    Ok(ok(RESET_SENT, Empty {}))
}

/// Stores a new reset token for the user and returns the link that carries it,
/// built from the configured public URL (never from the request).
async fn reset_link(state: &AppState, user_id: &Id, now: i64) -> Result<String, AppError> {
    let (token, digest) = security::reset_token();
    state
        .accounts
        .add_reset_token(user_id, &digest, now, now + RESET_LIFETIME_MS)
        .await?;
    Ok(format!(
        "{}/new-password?token={token}",
        state.settings.public_url.trim_end_matches('/')
    ))
}

/// Whether a reset link can still be used.
#[utoipa::path(post, path = "/api/auth/verify-reset-token", tag = "auth", request_body = TokenRequest,
    responses(
        (status = 200, description = "The link works", body = Envelope<TokenValidity>),
        (status = 400, description = "'Invalid or expired reset token'", body = ErrorBody),
    ))]
pub async fn verify_reset_token(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TokenRequest>,
) -> Result<Json<Envelope<TokenValidity>>, AppError> {
    let token = body.token.trim();
    if token.is_empty() {
        return Err(AppError::field("token", "Reset token is required"));
    }
    if !state
        .accounts
        .reset_token_is_live(&token_digest(token), state.clock.now_ms())
        .await?
    {
        return Err(AppError::bad_request("Invalid or expired reset token"));
    }
    Ok(ok("Reset token is valid", TokenValidity { valid: true }))
}

/// Sets a new password with a reset link's token. Every earlier access token and
/// reset link of the account stops working.
#[utoipa::path(post, path = "/api/auth/reset-password", tag = "auth", request_body = ResetRequest,
    responses(
        (status = 200, description = "'Password reset successfully!'", body = Envelope<Empty>),
        (status = 400, description = "Bad, used or expired token", body = ErrorBody),
        (status = 422, description = "'Password does not meet requirements.'", body = ErrorBody),
    ))]
pub async fn reset_password(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ResetRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let token = body.token.trim();
    if token.is_empty() {
        return Err(AppError::field("token", "Reset token is required"));
    }
    if let Err(rule) = check_new_password(&body.password) {
        return Err(AppError::Unprocessable {
            message: RESET_PASSWORD_RULE.into(),
            errors: BTreeMap::from([("password".to_string(), rule.to_string())]),
        });
    }
    let digest = token_digest(token);
    // Cheap check first, so a bad token costs no hashing.
    if !state
        .accounts
        .reset_token_is_live(&digest, state.clock.now_ms())
        .await?
    {
        return Err(AppError::bad_request(BAD_RESET_TOKEN));
    }
    let hash = password::hash(&body.password).await.map_err(internal)?;
    state
        .accounts
        .reset_password(&digest, &hash, state.clock.now_ms())
        .await?
        .ok_or_else(|| AppError::bad_request(BAD_RESET_TOKEN))?;
    Ok(ok("Password reset successfully!", Empty {}))
}

/// 'Update Password': checks the current password, then e-mails a link to set a new
/// one (the reset screen). Counted with the reset-mail limit.
#[utoipa::path(post, path = "/api/auth/change-password", tag = "auth", security(("bearer" = [])),
    request_body = ChangePasswordRequest,
    responses(
        (status = 200, description = "'Password reset code sent to your email'", body = Envelope<Empty>),
        (status = 400, description = "Missing or wrong current password", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 429, description = "Too many tries or mails", body = ErrorBody),
        (status = 503, description = "The link could not be e-mailed", body = ErrorBody),
    ))]
pub async fn change_password(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<ChangePasswordRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    if body.current_password.is_empty() {
        return Err(AppError::field(
            "currentPassword",
            "Please enter your current password",
        ));
    }
    if !confirm_password(&state, &user, &body.current_password).await? {
        return Err(AppError::field(
            "currentPassword",
            "Current password is incorrect",
        ));
    }
    let now = state.clock.now_ms();
    state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::ResetMail,
                &subject(AttemptKind::ResetMail, &user.email),
            )],
            now,
        )
        .await?
        .map_err(|wait| AppError::too_many("Too many password e-mails.", wait))?;
    let link = reset_link(&state, &user.id, now).await?;
    state
        .mailer
        .send(
            &user.email,
            templates::change_password_link(&link, RESET_LIFETIME_MINUTES),
        )
        .await?;
    Ok(ok("Password reset code sent to your email", Empty {}))
}
