//! Sign-up: the account is made and signed in at once, and its address is verified
//! with an e-mailed six-digit code, which can be sent again.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{
    internal, parse_credentials, parse_email, start_session, subject, EmailRequest, Empty, Session,
    UserData,
};
use crate::domain::account::{check_signup_password, Email};
use crate::domain::account_policy::{
    AttemptKind, CODE_LIFETIME_MINUTES, CODE_LIFETIME_MS, RESEND_EVERY_MS,
};
use crate::domain::id::Id;
use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::ApiJson;
use crate::http::form::Form;
use crate::http::identity::ClientIp;
use crate::http::{ok, AppState, Envelope};
use crate::mail::templates;
use crate::security::{self, password};
use crate::store::accounts::{CodeCheck, NewCode, UserRow};

/// The form `POST /auth/signup` takes (multipart; a urlencoded or JSON body works too).
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct SignupForm {
    #[schema(example = "ada@example.com", format = Email, max_length = 254)]
    email_address: String,
    /// 8 to 40 characters: letters, digits and `@$!%?&`, with a lowercase letter, an
    /// uppercase letter and a digit.
    #[schema(min_length = 8, max_length = 40)]
    password: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpRequest {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email_address: String,
    /// The six digits from the e-mail.
    #[serde(default)]
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    pub otp: String,
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
        (status = 429, description = "The client's address asked for 30 code mails within the hour", body = ErrorBody),
        (status = 503, description = "The code could not be e-mailed", body = ErrorBody),
    ))]
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    form: Form,
) -> Result<(StatusCode, Json<Envelope<Session>>), AppError> {
    let email = parse_credentials(
        form.get("emailAddress")?.unwrap_or_default(),
        form.get("password")?.unwrap_or_default(),
        check_signup_password,
    )?;
    let taken = || AppError::Conflict("An account with this email already exists".into());
    if state.accounts.user_by_email(&email).await?.is_some() {
        return Err(taken());
    }
    count_code_mail(&state, &ip).await?;
    let hash = password::hash(form.get("password")?.unwrap_or_default())
        .await
        .map_err(internal)?;
    let id = Id::generate();
    let code = security::six_digit_code();
    let now = state.clock.now_ms();
    let user = state
        .accounts
        .create_customer(
            &id,
            &email,
            &hash,
            NewCode {
                digest: &state.keys.code_digest(id.as_str(), &code),
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
        ok("Account created successfully!", start_session(&state, user)),
    ))
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
    let now = state.clock.now_ms();
    let digest = state.keys.code_digest(user.id.as_str(), otp);
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
        .user_by_email(email)
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
        (status = 429, description = "Less than a minute since the last code, or the client's address asked for 30 code mails within the hour", body = ErrorBody),
        (status = 503, description = "The code could not be e-mailed", body = ErrorBody),
    ))]
pub async fn resend_otp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<EmailRequest>,
) -> Result<Json<Envelope<Empty>>, AppError> {
    let email = parse_email(&body.email_address)?;
    let user = pending_user(&state, &email).await?;
    count_code_mail(&state, &ip).await?;
    let now = state.clock.now_ms();
    let code = security::six_digit_code();
    let replaced = state
        .accounts
        .replace_code(
            &user.id,
            NewCode {
                digest: &state.keys.code_digest(user.id.as_str(), &code),
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

/// Counts a verification code about to be mailed at the asking of `ip`: a 429 once
/// the address has asked for
/// [`CODE_MAIL_ADDRESS_LIMIT`](crate::domain::account_policy::CODE_MAIL_ADDRESS_LIMIT)'s worth.
async fn count_code_mail(state: &AppState, ip: &str) -> Result<(), AppError> {
    state
        .accounts
        .take_attempts(
            &[(
                AttemptKind::CodeMailIp,
                &subject(AttemptKind::CodeMailIp, ip),
            )],
            state.clock.now_ms(),
        )
        .await?
        .map(|_| ())
        .map_err(|wait| {
            AppError::too_many("Too many verification e-mails from your network.", wait)
        })
}
