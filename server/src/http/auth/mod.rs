//! The account calls of spec §7 under `/api/auth`: sign-up with an e-mailed code,
//! login (and the administrators' login), recovery by e-mailed link, the profile
//! with its private photo, changing the password, and deleting the account.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{delete, get, patch, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::error::{AppError, ErrorBody};
use super::extract::{ApiJson, ApiQuery};
use super::form::Form;
use super::identity::{ClientIp, CurrentUser};
use super::{ok, AppState, Envelope};
use crate::domain::account::{
    check_login_password, check_new_password, check_signup_password, Email, FullName, Phone,
    RESET_PASSWORD_RULE,
};
use crate::domain::account_policy::{
    AttemptKind, CODE_LIFETIME_MINUTES, CODE_LIFETIME_MS, LOGIN_LIMIT, RESEND_EVERY_MS,
    RESET_LIFETIME_MINUTES, RESET_LIFETIME_MS, RESET_MAIL_LIMIT, SIGNED_URL_LIFETIME_SECS,
};
use crate::domain::time::{iso8601, now_ms};
use crate::mail::templates;
use crate::media::photo;
use crate::security::{self, password, token_digest};
use crate::store::accounts::{CodeCheck, NewCode, Role, UserRow};

/// The calls whose bodies are small JSON or text forms.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/signup", post(signup))
        .route("/auth/login", post(login))
        .route("/auth/admin/login", post(admin_login))
        .route("/auth/verify-otp", post(verify_otp))
        .route("/auth/resend-otp", post(resend_otp))
        .route("/auth/user", get(current_user))
        .route("/auth/forgot-password", post(forgot_password))
        .route("/auth/verify-reset-token", post(verify_reset_token))
        .route("/auth/reset-password", post(reset_password))
        .route("/auth/change-password", post(change_password))
        .route("/auth/delete-account", delete(delete_account))
        .route("/auth/signed-url", get(signed_url))
}

/// The calls that carry a photo: their body limit is the photo's, not the default.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/auth/edit-profile", patch(edit_profile))
}

const WRONG_CREDENTIALS: &str = "Invalid email or password";
const TOO_MANY_LOGINS: &str = "Too many login attempts.";
const RESET_SENT: &str = "Reset password instructions sent to your email";
const BAD_RESET_TOKEN: &str = "Invalid or expired reset token. Please request a new one.";

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
    /// `customer` or `admin`.
    pub role: String,
    pub created_at: String,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        User {
            id: row.id,
            full_name: row.full_name,
            phone_number: row.phone_number,
            email_address: row.email,
            profile_photo: row.profile_photo,
            is_email_verified: row.email_verified,
            role: row.role.as_str().to_string(),
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

#[derive(Serialize, ToSchema)]
pub struct TokenValidity {
    /// Always `true`: an invalid token is a 400.
    pub valid: bool,
}

/// Nothing beyond the message.
#[derive(Serialize, ToSchema)]
pub struct Empty {}

/// `emailAddress` and `password`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    #[serde(default)]
    pub email_address: String,
    #[serde(default)]
    pub password: String,
}

/// The form `POST /auth/signup` takes (multipart; a urlencoded or JSON body works too).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct SignupForm {
    #[schema(example = "ada@example.com")]
    email_address: String,
    /// 8 to 40 characters: letters, digits and `@$!%?&`, with a lowercase letter, an
    /// uppercase letter and a digit.
    password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpRequest {
    #[serde(default)]
    pub email_address: String,
    /// The six digits from the e-mail.
    #[serde(default)]
    pub otp: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailRequest {
    #[serde(default)]
    pub email_address: String,
}

#[derive(Deserialize, ToSchema)]
pub struct TokenRequest {
    /// The `token` of the reset link.
    #[serde(default)]
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetRequest {
    #[serde(default)]
    pub token: String,
    /// At least 8 characters with an uppercase letter, a lowercase letter, a digit and
    /// a special character.
    #[serde(default)]
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordRequest {
    #[serde(default)]
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[serde(default)]
    pub current_password: String,
}

/// The form `PATCH /auth/edit-profile` takes (multipart); every field is optional.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct ProfileForm {
    full_name: Option<String>,
    /// Spaces, dashes, brackets and dots are ignored; an empty value clears it.
    phone_number: Option<String>,
    /// JPEG, PNG, GIF or WebP, at most 5 MB and 40 megapixels.
    #[schema(value_type = Option<String>, format = Binary)]
    profile_picture: Option<Vec<u8>>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignedUrlParams {
    /// The `profilePhoto` path of the signed-in user.
    #[serde(default)]
    pub path: String,
    /// Only `private` is served this way.
    #[serde(default, rename = "type")]
    pub kind: String,
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
fn subject(kind: AttemptKind, who: &str) -> String {
    token_digest(&format!("{}:{who}", kind.as_str()))
}

fn internal(e: crate::BoxError) -> AppError {
    AppError::Internal(e)
}

fn session(state: &AppState, user: UserRow) -> Session {
    Session {
        access_token: state
            .keys
            .issue_token(&user.id, user.token_version, now_ms() / 1000),
        user: user.into(),
    }
}

/// Creates an account and e-mails its verification code.
///
/// The account is signed in at once; the code (6 digits, 10 minutes, 5 tries)
/// verifies the address. When the mail cannot be sent the account is not kept.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth",
    request_body(content = SignupForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "'Account created successfully!'", body = Envelope<Session>),
        (status = 400, description = "Field errors", body = ErrorBody),
        (status = 409, description = "The address has an account", body = ErrorBody),
        (status = 503, description = "The code could not be e-mailed", body = ErrorBody),
    ))]
pub async fn signup(
    State(state): State<AppState>,
    form: Form,
) -> Result<(StatusCode, Json<Envelope<Session>>), AppError> {
    let email = parse_credentials(
        form.get("emailAddress").unwrap_or_default(),
        form.get("password").unwrap_or_default(),
        check_signup_password,
    )?;
    let taken = || AppError::Conflict("An account with this email already exists".into());
    if state
        .accounts
        .user_by_email(email.as_str())
        .await?
        .is_some()
    {
        return Err(taken());
    }
    let hash = password::hash(form.get("password").unwrap_or_default())
        .await
        .map_err(internal)?;
    let id = crate::domain::new_id();
    let code = security::six_digit_code();
    let now = now_ms();
    let user = state
        .accounts
        .create_customer(
            &id,
            email.as_str(),
            &hash,
            NewCode {
                digest: &state.keys.code_digest(&id, &code),
                sent_at: now,
                expires_at: now + CODE_LIFETIME_MS,
            },
        )
        .await?
        .ok_or_else(taken)?;
    let sent = state
        .mailer
        .send(
            email.as_str(),
            templates::signup_code(&code, CODE_LIFETIME_MINUTES),
        )
        .await;
    if let Err(err) = sent {
        // No half-made account: the address can sign up again once mail works.
        state.accounts.delete_user(&user.id).await?;
        return Err(err.into());
    }
    Ok((
        StatusCode::CREATED,
        ok("Account created successfully!", session(&state, user)),
    ))
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
        (status = 429, description = "Too many failures; see Retry-After", body = ErrorBody),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<Envelope<Session>>, AppError> {
    let user = authenticate(&state, &ip, &body).await?;
    Ok(ok("Login successful!", session(&state, user)))
}

/// Signs in an administrator (made with `shop admin create`); everyone else is refused.
#[utoipa::path(post, path = "/api/auth/admin/login", tag = "auth", request_body = Credentials,
    responses(
        (status = 200, description = "'Login successful!'", body = Envelope<Session>),
        (status = 401, description = "'Invalid email or password'", body = ErrorBody),
        (status = 403, description = "Not an administrator", body = ErrorBody),
        (status = 429, description = "Too many failures; see Retry-After", body = ErrorBody),
    ))]
pub async fn admin_login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<Credentials>,
) -> Result<Json<Envelope<Session>>, AppError> {
    let user = authenticate(&state, &ip, &body).await?;
    if user.role != Role::Admin {
        return Err(AppError::Forbidden("Administrator access required".into()));
    }
    Ok(ok("Login successful!", session(&state, user)))
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
            LOGIN_LIMIT,
            now_ms(),
        )
        .await?
        .map_err(|wait| AppError::too_many(TOO_MANY_LOGINS, wait))?;
    let user = state.accounts.user_by_email(email.as_str()).await?;
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
            Ok(user)
        }
        _ => Err(AppError::Unauthorized(WRONG_CREDENTIALS.into())),
    }
}

/// Checks `password` for an action of the signed-in `user`, counted with the same
/// limit as logins so a stolen token cannot be used to guess it.
async fn confirm_password(
    state: &AppState,
    user: &UserRow,
    password: &str,
) -> Result<bool, AppError> {
    let account = subject(AttemptKind::LoginAccount, &user.email);
    let attempt = state
        .accounts
        .take_attempts(
            &[(AttemptKind::LoginAccount, &account)],
            LOGIN_LIMIT,
            now_ms(),
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

/// Verifies the address with the e-mailed code and sends a confirmation.
#[utoipa::path(post, path = "/api/auth/verify-otp", tag = "auth", request_body = OtpRequest,
    responses(
        (status = 200, description = "'OTP verified successfully!'", body = Envelope<UserData>),
        (status = 400, description = "Wrong, expired or missing code", body = ErrorBody),
        (status = 404, description = "No account has this address", body = ErrorBody),
        (status = 409, description = "Already verified", body = ErrorBody),
        (status = 429, description = "5 wrong tries: ask for a new code", body = ErrorBody),
    ))]
pub async fn verify_otp(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<OtpRequest>,
) -> Result<Json<Envelope<UserData>>, AppError> {
    let email = parse_email(&body.email_address)?;
    let otp = body.otp.trim();
    if otp.len() != 6 || !otp.bytes().all(|b| b.is_ascii_digit()) {
        return Err(AppError::field("otp", "Please enter a valid OTP."));
    }
    let user = pending_user(&state, &email).await?;
    let now = now_ms();
    let digest = state.keys.code_digest(&user.id, otp);
    match state.accounts.check_code(&user.id, &digest, now).await? {
        CodeCheck::Verified => {}
        CodeCheck::NoCode => {
            return Err(AppError::field(
                "otp",
                "No OTP is waiting for this account. Please request a new one.",
            ))
        }
        CodeCheck::Expired => {
            return Err(AppError::field(
                "otp",
                "OTP has expired. Please request a new one.",
            ))
        }
        CodeCheck::Wrong { tries_left } => {
            let tries = if tries_left == 1 { "try" } else { "tries" };
            return Err(AppError::field(
                "otp",
                format!("Invalid OTP. {tries_left} {tries} left."),
            ));
        }
        CodeCheck::Void => {
            let sent_at = state.accounts.code_sent_at(&user.id).await?.unwrap_or(now);
            return Err(AppError::TooManyRequests {
                message: "Too many wrong attempts. Please request a new OTP.".into(),
                retry_after_secs: ((sent_at + RESEND_EVERY_MS - now).max(1000) as u64)
                    .div_ceil(1000),
            });
        }
    }
    // The address is verified whatever happens to this courtesy mail; a failure is logged.
    let _ = state
        .mailer
        .send(&user.email, templates::account_activated())
        .await;
    let user = state
        .accounts
        .user_by_id(&user.id)
        .await?
        .ok_or_else(|| AppError::NotFound("Account not found".into()))?;
    Ok(ok(
        "OTP verified successfully!",
        UserData { user: user.into() },
    ))
}

/// The account of `email` that still has to verify its address.
async fn pending_user(state: &AppState, email: &Email) -> Result<UserRow, AppError> {
    let user = state
        .accounts
        .user_by_email(email.as_str())
        .await?
        .ok_or_else(|| AppError::NotFound("No account found with this email".into()))?;
    if user.email_verified {
        return Err(AppError::Conflict("Email is already verified".into()));
    }
    Ok(user)
}

/// E-mails a new code; the earlier one stops working. At most once a minute.
#[utoipa::path(post, path = "/api/auth/resend-otp", tag = "auth", request_body = EmailRequest,
    responses(
        (status = 200, description = "'OTP resent successfully!'", body = Envelope<Empty>),
        (status = 404, description = "No account has this address", body = ErrorBody),
        (status = 409, description = "Already verified", body = ErrorBody),
        (status = 429, description = "Less than a minute since the last code", body = ErrorBody),
        (status = 503, description = "The code could not be e-mailed", body = ErrorBody),
    ))]
pub async fn resend_otp(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<EmailRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let email = parse_email(&body.email_address)?;
    let user = pending_user(&state, &email).await?;
    let now = now_ms();
    let code = security::six_digit_code();
    let replaced = state
        .accounts
        .replace_code(
            &user.id,
            NewCode {
                digest: &state.keys.code_digest(&user.id, &code),
                sent_at: now,
                expires_at: now + CODE_LIFETIME_MS,
            },
            now - RESEND_EVERY_MS,
        )
        .await?;
    if !replaced {
        let sent_at = state.accounts.code_sent_at(&user.id).await?.unwrap_or(now);
        let secs = ((sent_at + RESEND_EVERY_MS - now).max(1000) as u64).div_ceil(1000);
        return Err(AppError::TooManyRequests {
            message: format!("Please wait {secs} seconds before requesting a new OTP."),
            retry_after_secs: secs,
        });
    }
    if let Err(err) = state
        .mailer
        .send(
            &user.email,
            templates::resent_code(&code, CODE_LIFETIME_MINUTES),
        )
        .await
    {
        // Nobody received this code: let the next try go through at once.
        state.accounts.drop_code(&user.id).await?;
        return Err(err.into());
    }
    Ok(ok("OTP resent successfully!", Empty {}))
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/auth/user", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "The user", body = Envelope<UserData>),
        (status = 401, description = "No valid token", body = ErrorBody),
    ))]
pub async fn current_user(CurrentUser(user): CurrentUser) -> Json<Envelope<UserData>> {
    ok("User fetched successfully", UserData { user: user.into() })
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
    let now = now_ms();
    let within_limit = state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::ResetMail,
                &subject(AttemptKind::ResetMail, email.as_str()),
            )],
            RESET_MAIL_LIMIT,
            now,
        )
        .await?
        .is_ok();
    if within_limit {
        if let Some(user) = state.accounts.user_by_email(email.as_str()).await? {
            let link = reset_link(&state, &user.id, now).await?;
            // Sent in the background so the answer takes as long for an unknown
            // address; a failure is logged by the mailer.
            let mailer = state.mailer.clone();
            tokio::spawn(async move {
                let _ = mailer
                    .send(
                        &user.email,
                        templates::reset_link(&link, RESET_LIFETIME_MINUTES),
                    )
                    .await;
            });
        }
    } else {
        tracing::warn!("reset mail limit reached for an address; no mail sent");
    }
    Ok(ok(RESET_SENT, Empty {}))
}

/// Stores a new reset token for the user and returns the link that carries it,
/// built from the configured public URL (never from the request).
async fn reset_link(state: &AppState, user_id: &str, now: i64) -> Result<String, AppError> {
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
        .reset_token_is_live(&token_digest(token), now_ms())
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
        .reset_token_is_live(&digest, now_ms())
        .await?
    {
        return Err(AppError::bad_request(BAD_RESET_TOKEN));
    }
    let hash = password::hash(&body.password).await.map_err(internal)?;
    state
        .accounts
        .reset_password(&digest, &hash, now_ms())
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
    let now = now_ms();
    state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::ResetMail,
                &subject(AttemptKind::ResetMail, &user.email),
            )],
            RESET_MAIL_LIMIT,
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

/// Deletes the signed-in account after checking its password: the user, their
/// photo and every token go; reviews stay without their name.
#[utoipa::path(delete, path = "/api/auth/delete-account", tag = "auth", security(("bearer" = [])),
    request_body = PasswordRequest,
    responses(
        (status = 200, description = "'Account deleted successfully!'", body = Envelope<Empty>),
        (status = 400, description = "No password", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Wrong password; nothing changed", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords", body = ErrorBody),
    ))]
pub async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<PasswordRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    if body.password.is_empty() {
        return Err(AppError::field("password", "Password is required"));
    }
    if !confirm_password(&state, &user, &body.password).await? {
        return Err(AppError::Forbidden("Incorrect password".into()));
    }
    state.accounts.delete_user(&user.id).await?;
    state
        .accounts
        .forget_attempts(
            &[],
            Some((
                AttemptKind::LoginAccount,
                &subject(AttemptKind::LoginAccount, &user.email),
            )),
        )
        .await?;
    if let Some(photo) = &user.profile_photo {
        if let Err(e) = state.media.delete(photo).await {
            tracing::error!(error = %e, path = photo, "a deleted account's photo could not be removed");
        }
    }
    Ok(ok("Account deleted successfully!", Empty {}))
}

/// Updates the fields sent: full name, phone number (empty clears it) and photo.
/// The photo is checked by its bytes, stripped of metadata and kept private.
#[utoipa::path(patch, path = "/api/auth/edit-profile", tag = "auth", security(("bearer" = [])),
    request_body(content = ProfileForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "'Profile updated successfully!'", body = Envelope<UserData>),
        (status = 400, description = "Field errors", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 413, description = "'File size must be less than 5.0MB', or over 40 megapixels", body = ErrorBody),
        (status = 415, description = "'Please select a valid image file (JPEG, PNG, GIF, or WebP)'", body = ErrorBody),
        (status = 422, description = "The image could not be read", body = ErrorBody),
    ))]
pub async fn edit_profile(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    form: Form,
) -> Result<Json<Envelope<UserData>>, AppError> {
    let mut errors = BTreeMap::new();
    let full_name = match form.get("fullName").map(FullName::parse) {
        Some(Ok(name)) => Some(name.into_inner()),
        Some(Err(text)) => {
            errors.insert("fullName".to_string(), text.to_string());
            None
        }
        None => None,
    };
    let phone = match form.get("phoneNumber") {
        Some(raw) if raw.trim().is_empty() => Some(String::new()),
        Some(raw) => match Phone::parse(raw) {
            Ok(phone) => Some(phone.into_inner()),
            Err(text) => {
                errors.insert("phoneNumber".to_string(), text.to_string());
                None
            }
        },
        None => None,
    };
    if !errors.is_empty() {
        return Err(AppError::fields(errors));
    }
    let new_photo = match form.files.into_iter().next() {
        Some(upload) if upload.field == "profilePicture" => {
            let stem = format!(
                "{}profile/{}/{}",
                crate::media::PRIVATE_PREFIX,
                user.id,
                crate::domain::new_id()
            );
            Some(super::media::store_photo(&state, upload.bytes, photo::PROFILE_SIDE, &stem).await?)
        }
        Some(upload) => {
            return Err(AppError::field(
                &upload.field,
                "Only profilePicture may carry a file",
            ))
        }
        None => None,
    };
    let saved = state
        .accounts
        .update_profile(
            &user.id,
            full_name.as_deref(),
            phone.as_deref(),
            new_photo.as_deref(),
            now_ms(),
        )
        .await;
    let (user, replaced) = match saved {
        Ok(Some(saved)) => saved,
        // The account went away meanwhile, or the write failed: keep no orphan photo.
        other => {
            if let Some(path) = &new_photo {
                state.media.delete(path).await.ok();
            }
            return match other {
                Err(e) => Err(e.into()),
                _ => Err(AppError::Unauthorized(
                    super::identity::SIGN_IN_REQUIRED.into(),
                )),
            };
        }
    };
    if let Some(old) = replaced {
        if let Err(e) = state.media.delete(&old).await {
            tracing::warn!(error = %e, path = old, "a replaced profile photo could not be removed");
        }
    }
    Ok(ok(
        "Profile updated successfully!",
        UserData { user: user.into() },
    ))
}

/// A URL for the signed-in user's own photo that works for 15 minutes.
#[utoipa::path(get, path = "/api/auth/signed-url", tag = "auth", security(("bearer" = [])),
    params(SignedUrlParams),
    responses(
        (status = 200, description = "The URL, as `data`", body = Envelope<String>),
        (status = 400, description = "Missing path, or a type other than `private`", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "Not the caller's photo", body = ErrorBody),
    ))]
pub async fn signed_url(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(params): ApiQuery<SignedUrlParams>,
) -> Result<Json<Envelope<String>>, AppError> {
    if params.kind != "private" {
        return Err(AppError::field("type", "type must be 'private'"));
    }
    if params.path.is_empty() {
        return Err(AppError::field("path", "path is required"));
    }
    if user.profile_photo.as_deref() != Some(params.path.as_str()) {
        return Err(AppError::Forbidden(
            "You can only view your own profile photo".into(),
        ));
    }
    let expires = now_ms() / 1000 + SIGNED_URL_LIFETIME_SECS;
    Ok(ok(
        "Signed URL created",
        super::media::signed_url(&state, &params.path, expires),
    ))
}
