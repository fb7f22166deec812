//! The one error type of the HTTP layer. Every failure leaves as the envelope of
//! docs/DESIGN.md §4: `{"success": false, "message": …, "code"?: …, "errors": {field: text}}`.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

pub use super::error_code::ErrorCode;

/// The answer to a save of an object changed since the form was loaded.
pub const STALE: &str = "This changed since you opened it: reload to see the latest";
/// What a save's `version` must be, when it names one (docs/DESIGN.md §15).
pub const VERSION_RULE: &str = "version must be a whole number from 1";

/// A console save's `version`: absent, or a whole number from 1 (400 `errors.version`).
pub fn check_version(version: Option<i64>) -> Result<(), AppError> {
    match version {
        Some(version) if version < 1 => Err(AppError::field("version", VERSION_RULE)),
        _ => Ok(()),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Malformed or invalid input; `errors` names the fields.
    #[error("{message}")]
    BadRequest {
        message: String,
        errors: BTreeMap<String, String>,
    },
    /// Not signed in, or wrong credentials.
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Conflict(String),
    /// A conflict with named parts: an order's lines short of stock, by product id.
    #[error("{message}")]
    ConflictFields {
        message: String,
        errors: BTreeMap<String, String>,
    },
    /// A save of an object changed since it was loaded (docs/DESIGN.md §15): the object as it
    /// now is goes in the answer's `data`, for the caller to show.
    #[error("{STALE}")]
    Stale(Box<serde_json::Value>),
    /// Well-formed input that breaks a rule; `errors` names the fields.
    #[error("{message}")]
    Unprocessable {
        message: String,
        errors: BTreeMap<String, String>,
    },
    /// The card was refused: the provider's message, also under `errors.payment`.
    #[error("{0}")]
    PaymentRefused(String),
    /// Too many attempts: the caller may try again after `retry_after_secs`.
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// A mail the call depends on could not be sent; nothing was changed for good.
    #[error("We could not send the e-mail right now. Please try again in a few minutes.")]
    MailUnavailable,
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    /// The database has no free connection in time: the caller may retry.
    #[error("the service is busy")]
    Unavailable,
    /// Anything the caller cannot fix. Logged with its cause, answered generically.
    #[error(transparent)]
    Internal(Box<dyn std::error::Error + Send + Sync>),
    /// Another refusal, answered as it is with `code` added (`AppError::with_code`).
    #[error("{error}")]
    Coded {
        code: ErrorCode,
        error: Box<AppError>,
    },
}

impl AppError {
    /// A 409 for a stale save, with `current` (the call's success `data` shape) in `data`.
    pub fn stale(current: impl Serialize) -> Self {
        match serde_json::to_value(current) {
            Ok(value) => AppError::Stale(Box::new(value)),
            Err(e) => AppError::Internal(Box::new(e)),
        }
    }

    /// A 400 naming one field.
    pub fn field(field: &str, text: impl Into<String>) -> Self {
        let text = text.into();
        AppError::BadRequest {
            message: text.clone(),
            errors: BTreeMap::from([(field.to_string(), text)]),
        }
    }

    /// A 400 naming several fields; the message is the first field's text.
    /// Fields may be named by `&'static str` or `String`; the order, and so the
    /// message, is the same either way.
    pub fn fields<K: Into<String>>(errors: BTreeMap<K, String>) -> Self {
        let errors: BTreeMap<String, String> =
            errors.into_iter().map(|(k, v)| (k.into(), v)).collect();
        AppError::BadRequest {
            message: errors.values().next().cloned().unwrap_or_default(),
            errors,
        }
    }

    /// A 429 after `wait_ms` milliseconds, rounded up to whole minutes in the message.
    pub fn too_many(what: &str, wait_ms: i64) -> Self {
        let secs = (wait_ms.max(1) as u64).div_ceil(1000);
        let minutes = secs.div_ceil(60);
        let unit = if minutes == 1 { "minute" } else { "minutes" };
        AppError::TooManyRequests {
            message: format!("{what} Please try again in {minutes} {unit}."),
            retry_after_secs: secs,
        }
    }

    /// A 422 for a rule the request breaks as a whole.
    pub fn unprocessable(message: impl Into<String>) -> Self {
        AppError::Unprocessable {
            message: message.into(),
            errors: BTreeMap::new(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest {
            message: message.into(),
            errors: BTreeMap::new(),
        }
    }

    /// This refusal, answered the same with `code` in the envelope.
    pub fn with_code(self, code: ErrorCode) -> Self {
        AppError::Coded {
            code,
            error: Box::new(self),
        }
    }

    /// The envelope's `code`, if the refusal carries one.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            AppError::Coded { code, .. } => Some(*code),
            AppError::PaymentRefused(_) => Some(ErrorCode::CardDeclined),
            _ => None,
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Coded { error, .. } => error.status(),
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::Conflict(_) | AppError::ConflictFields { .. } | AppError::Stale(_) => {
                StatusCode::CONFLICT
            }
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::PaymentRefused(_) => StatusCode::PAYMENT_REQUIRED,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::MailUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            AppError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The failure envelope, as the OpenAPI document describes it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Always `false`.
    pub success: bool,
    pub message: String,
    /// What the refusal means, for the client to act on; left out when it has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub code: Option<ErrorCode>,
    /// Problems by field name, when the input had any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
    /// With a 409 for a stale save: the object as it now is.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub data: Option<serde_json::Value>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let code = self.code();
        self.answer(code)
    }
}

impl AppError {
    /// The envelope of this refusal, with `code`.
    fn answer(self, code: Option<ErrorCode>) -> Response {
        if let AppError::Coded { error, .. } = self {
            return error.answer(code);
        }
        let status = self.status();
        let retry_after = match &self {
            AppError::TooManyRequests {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            AppError::Unavailable => Some(1),
            AppError::MailUnavailable => Some(60),
            _ => None,
        };
        let mut data = None;
        let (message, errors) = match self {
            AppError::Stale(current) => {
                data = Some(*current);
                (STALE.to_string(), None)
            }
            AppError::BadRequest { message, errors }
            | AppError::Unprocessable { message, errors }
            | AppError::ConflictFields { message, errors } => {
                (message, (!errors.is_empty()).then_some(errors))
            }
            AppError::PaymentRefused(message) => {
                let errors = BTreeMap::from([("payment".to_string(), message.clone())]);
                (message, Some(errors))
            }
            AppError::Internal(cause) => {
                tracing::error!(error = %cause, "request failed");
                (
                    "Something went wrong on our side. Please try again.".to_string(),
                    None,
                )
            }
            AppError::Unavailable => (
                "The shop is busy right now. Please try again in a moment.".to_string(),
                None,
            ),
            other => (other.to_string(), None),
        };
        let mut response = (
            status,
            Json(ErrorBody {
                success: false,
                message,
                code,
                errors,
                data,
            }),
        )
            .into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// Storage errors are mapped once, here.
impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        match err {
            sqlx::Error::PoolTimedOut => {
                tracing::warn!("database pool exhausted");
                AppError::Unavailable
            }
            other => AppError::Internal(Box::new(other)),
        }
    }
}

impl From<object_store::Error> for AppError {
    fn from(err: object_store::Error) -> Self {
        AppError::Internal(Box::new(err))
    }
}

/// The mailer has logged the cause; the caller hears the mail did not leave.
impl From<crate::mail::MailError> for AppError {
    fn from(_: crate::mail::MailError) -> Self {
        AppError::MailUnavailable
    }
}

/// Photo problems, with the storefront's messages.
impl From<crate::media::photo::PhotoError> for AppError {
    fn from(err: crate::media::photo::PhotoError) -> Self {
        use crate::media::photo::PhotoError;
        match err {
            PhotoError::NotAnImage => AppError::UnsupportedMediaType(err.to_string()),
            PhotoError::TooManyPixels => AppError::PayloadTooLarge(err.to_string()),
            PhotoError::Unreadable => AppError::Unprocessable {
                message: err.to_string(),
                errors: BTreeMap::from([("profilePicture".to_string(), err.to_string())]),
            },
        }
    }
}

impl From<crate::payments::ProviderError> for AppError {
    fn from(err: crate::payments::ProviderError) -> Self {
        match err {
            crate::payments::ProviderError::Unavailable => AppError::Unprocessable {
                message: CARDS_UNAVAILABLE.into(),
                errors: BTreeMap::from([("payment".to_string(), CARDS_UNAVAILABLE.to_string())]),
            }
            .with_code(ErrorCode::CardsUnavailable),
            other => AppError::Internal(Box::new(other)),
        }
    }
}

/// What a card payment hears when the shop takes none (`SHOP_PAYMENTS=manual`).
pub const CARDS_UNAVAILABLE: &str = "Card payments are not available";

#[cfg(test)]
mod code_tests {
    use axum::response::IntoResponse;
    use serde_json::{json, Value};

    use super::AppError;
    use crate::http::error_code::ErrorCode;

    async fn answer(error: AppError) -> (u16, Value) {
        let response = error.into_response();
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (status, serde_json::from_slice(&body).unwrap())
    }

    #[tokio::test]
    async fn a_code_is_added_to_the_refusal_as_it_was() {
        let plain = answer(AppError::Conflict("Still being placed".into())).await;
        assert_eq!(
            plain,
            (
                409,
                json!({"success": false, "message": "Still being placed"})
            )
        );
        let coded = answer(
            AppError::Conflict("Still being placed".into()).with_code(ErrorCode::OrderInFlight),
        )
        .await;
        assert_eq!(
            coded,
            (
                409,
                json!({"success": false, "message": "Still being placed", "code": "order_in_flight"})
            )
        );
    }

    #[tokio::test]
    async fn a_refused_card_says_card_declined() {
        let (status, body) =
            answer(AppError::PaymentRefused("Your card was declined".into())).await;
        assert_eq!(status, 402);
        assert_eq!(body["code"], "card_declined");
        assert_eq!(body["errors"]["payment"], "Your card was declined");
    }

    #[tokio::test]
    async fn the_outer_code_wins_and_the_status_is_the_refusals() {
        let error = AppError::bad_request("Your cart is empty")
            .with_code(ErrorCode::InvalidFields)
            .with_code(ErrorCode::CartEmpty);
        assert_eq!(error.status().as_u16(), 400);
        let (_, body) = answer(error).await;
        assert_eq!(body["code"], "cart_empty");
        assert_eq!(body["message"], "Your cart is empty");
    }
}
