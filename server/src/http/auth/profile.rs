//! The signed-in user's own account: the profile fields, the private photo and the
//! signed URL that shows it, and deleting the account.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::session::confirm_password;
use super::{subject, Empty, UserData};
use crate::domain::account::FullName;
use crate::domain::account_policy::{AttemptKind, SIGNED_URL_LIFETIME_SECS};
use crate::domain::phone::Phone;

use crate::http::error::{AppError, ErrorBody};
use crate::http::extract::{ApiJson, ApiQuery};
use crate::http::form::Form;
use crate::http::identity::CurrentUser;
use crate::http::{ok, AppState, Envelope};
use crate::media::photo;

#[derive(Deserialize, ToSchema)]
pub struct PasswordRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

/// The form `PATCH /auth/edit-profile` takes (multipart); every field is optional.
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
#[allow(dead_code)] // documents the form; the handler reads it field by field
pub struct ProfileForm {
    /// At most 100 characters once runs of white space are one space.
    #[schema(required = false, max_length = 100)]
    full_name: String,
    /// Spaces, dashes, brackets and dots are ignored; an empty value clears it.
    #[schema(required = false)]
    phone_number: String,
    /// JPEG, PNG, GIF or WebP, at most 5 MB and 40 megapixels.
    #[schema(required = false, value_type = String, format = Binary)]
    profile_picture: Vec<u8>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignedUrlParams {
    /// The `profilePhoto` path of the signed-in user.
    #[serde(default)]
    #[param(required = true, min_length = 1)]
    pub path: String,
    /// Only `private` is served this way.
    #[serde(default, rename = "type")]
    #[param(required = true, pattern = "^private$")]
    pub kind: String,
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
        (status = 409, description = "A member of staff: an owner disables the account instead", body = ErrorBody),
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
    // Staff accounts are closed by an owner (docs/DESIGN.md §13): deleting one's own
    // could leave the shop without an owner.
    if user.role.is_staff() {
        return Err(AppError::Conflict(
            "A member of staff's account is closed by an owner, who disables it".into(),
        ));
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
    let full_name = match form.get("fullName")?.map(FullName::parse) {
        Some(Ok(name)) => Some(name.into_inner()),
        Some(Err(text)) => {
            errors.insert("fullName".to_string(), text.to_string());
            None
        }
        None => None,
    };
    let phone = match form.get("phoneNumber")? {
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
            Some(
                crate::http::media::store_photo(&state, upload.bytes, photo::PROFILE_SIDE, &stem)
                    .await?,
            )
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
            state.clock.now_ms(),
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
                    crate::http::identity::SIGN_IN_REQUIRED.into(),
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
    let expires = state.clock.now_secs() + SIGNED_URL_LIFETIME_SECS;
    Ok(ok(
        "Signed URL created",
        crate::http::media::signed_url(&state, &params.path, expires),
    ))
}
