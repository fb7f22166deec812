//! The one error type of the HTTP layer. Every failure leaves as the envelope of
//! DESIGN.md §4: `{"success": false, "message": …, "errors": {field: text}}`.

use std::collections::BTreeMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Malformed or invalid input; `errors` names the fields.
    #[error("{message}")]
    BadRequest {
        message: String,
        errors: BTreeMap<String, String>,
    },
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Forbidden(String),
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
}

impl AppError {
    /// A 400 naming one field.
    pub fn field(field: &str, text: impl Into<String>) -> Self {
        let text = text.into();
        AppError::BadRequest {
            message: text.clone(),
            errors: BTreeMap::from([(field.to_string(), text)]),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest {
            message: message.into(),
            errors: BTreeMap::new(),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
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
    /// Problems by field name, when the input had any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<BTreeMap<String, String>>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (message, errors) = match self {
            AppError::BadRequest { message, errors } => {
                (message, (!errors.is_empty()).then_some(errors))
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
                errors,
            }),
        )
            .into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
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
