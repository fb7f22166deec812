//! Form bodies: `multipart/form-data` (what the storefront sends, with files),
//! `application/x-www-form-urlencoded` and flat JSON objects, read into text fields
//! and at most one file, with limits on every part.

use std::collections::HashMap;

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;
use bytes::{Bytes, BytesMut};

use super::extract::ApiJson;
use super::AppError;
use crate::media::photo;

/// Most fields a form may have.
const MAX_FIELDS: usize = 20;
/// Longest text field, in bytes.
const MAX_TEXT_BYTES: usize = 4096;

/// A file sent in a form, its bytes exactly as sent.
pub struct Upload {
    pub field: String,
    pub bytes: Bytes,
}

/// A form's text fields by name, and its file if one was sent.
#[derive(Default)]
pub struct Form {
    pub text: HashMap<String, String>,
    pub file: Option<Upload>,
}

impl Form {
    /// A text field, `None` when absent.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.text.get(name).map(String::as_str)
    }
}

impl<S: Send + Sync> FromRequest<S> for Form {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let content_type = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if content_type.starts_with("multipart/form-data") {
            let multipart = Multipart::from_request(req, state)
                .await
                .map_err(|e| AppError::bad_request(format!("Invalid form: {}", e.body_text())))?;
            read_multipart(multipart).await
        } else if content_type.starts_with("application/x-www-form-urlencoded") {
            let axum::Form(text) = axum::Form::<HashMap<String, String>>::from_request(req, state)
                .await
                .map_err(|e| AppError::bad_request(format!("Invalid form: {}", e.body_text())))?;
            checked_text(text)
        } else if content_type.starts_with("application/json") {
            let ApiJson(object) =
                ApiJson::<HashMap<String, serde_json::Value>>::from_request(req, state).await?;
            let text = object
                .into_iter()
                .map(|(name, value)| match value {
                    serde_json::Value::String(s) => (name, s),
                    other => (name, other.to_string()),
                })
                .collect();
            checked_text(text)
        } else {
            Err(AppError::UnsupportedMediaType(
                "Expected multipart/form-data (or a form or JSON body)".into(),
            ))
        }
    }
}

fn checked_text(text: HashMap<String, String>) -> Result<Form, AppError> {
    if text.len() > MAX_FIELDS {
        return Err(AppError::bad_request("Too many form fields"));
    }
    if let Some((name, _)) = text.iter().find(|(_, v)| v.len() > MAX_TEXT_BYTES) {
        return Err(AppError::field(name, format!("{name} is too long")));
    }
    Ok(Form { text, file: None })
}

async fn read_multipart(mut multipart: Multipart) -> Result<Form, AppError> {
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge(photo::TOO_LARGE.into())
        } else {
            AppError::bad_request(format!("Invalid form: {}", e.body_text()))
        }
    };
    let mut form = Form::default();
    let mut fields = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(AppError::bad_request("Too many form fields"));
        }
        let name = field.name().unwrap_or_default().to_string();
        let is_file = field.file_name().is_some();
        let limit = if is_file {
            photo::MAX_PHOTO_BYTES
        } else {
            MAX_TEXT_BYTES
        };
        // Read piece by piece and stop at the limit: an oversized part is refused
        // without ever being held whole.
        let mut bytes = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > limit {
                return Err(if is_file {
                    AppError::PayloadTooLarge(photo::TOO_LARGE.into())
                } else {
                    AppError::field(&name, format!("{name} is too long"))
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        if is_file {
            // Browsers send an empty part for a file input left empty.
            if bytes.is_empty() {
                continue;
            }
            if form.file.is_some() {
                return Err(AppError::bad_request("Only one file may be sent"));
            }
            form.file = Some(Upload {
                field: name,
                bytes: bytes.freeze(),
            });
        } else {
            let text = String::from_utf8(bytes.to_vec())
                .map_err(|_| AppError::field(&name, format!("{name} is not valid text")))?;
            form.text.insert(name, text);
        }
    }
    Ok(form)
}
