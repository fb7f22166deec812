//! Form bodies: `multipart/form-data` (what the storefront sends, with files),
//! `application/x-www-form-urlencoded` and flat JSON objects, read into text fields
//! and files, with limits on every part.

use std::collections::HashMap;
use std::marker::PhantomData;

use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;
use bytes::{Bytes, BytesMut};

use super::extract::{refuse_control, ApiJson};
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

/// How many files a form may carry and how large each may be.
pub trait FileLimits {
    const MAX_FILES: usize;
    const MAX_FILE_BYTES: usize;
    /// The answer (413) for a file over the limit.
    const FILE_TOO_LARGE: &'static str;
    /// The answer (400) for more files than allowed.
    const TOO_MANY_FILES: &'static str;
    /// The names files come under; a part under one of them that is not a file is a
    /// 400, so photos sent wrongly are not silently lost.
    const FILE_FIELDS: &'static [&'static str];
}

/// One photo of at most 5 MB: the profile form.
pub struct OnePhoto;

impl FileLimits for OnePhoto {
    const MAX_FILES: usize = 1;
    const MAX_FILE_BYTES: usize = photo::MAX_PHOTO_BYTES;
    const FILE_TOO_LARGE: &'static str = photo::TOO_LARGE;
    const TOO_MANY_FILES: &'static str = "Only one file may be sent";
    const FILE_FIELDS: &'static [&'static str] = &["profilePicture"];
}

/// A form's text fields by name, and its files in the order sent.
pub struct Form<L: FileLimits = OnePhoto> {
    pub text: HashMap<String, String>,
    pub files: Vec<Upload>,
    limits: PhantomData<fn() -> L>,
}

impl<L: FileLimits> Default for Form<L> {
    fn default() -> Self {
        Form {
            text: HashMap::new(),
            files: Vec::new(),
            limits: PhantomData,
        }
    }
}

impl<L: FileLimits> Form<L> {
    /// A text field, `None` when absent; a 400 naming it when it holds a control
    /// character ([`refuse_control`]). Fields the call never reads are ignored,
    /// whatever they hold.
    pub fn get(&self, name: &str) -> Result<Option<&str>, AppError> {
        let value = self.text.get(name).map(String::as_str);
        if let Some(value) = value {
            refuse_control(name, value)?;
        }
        Ok(value)
    }
}

impl<S: Send + Sync, L: FileLimits> FromRequest<S> for Form<L> {
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
            checked_text::<L>(text)
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
            checked_text::<L>(text)
        } else {
            Err(AppError::UnsupportedMediaType(
                "Expected multipart/form-data (or a form or JSON body)".into(),
            ))
        }
    }
}

fn checked_text<L: FileLimits>(text: HashMap<String, String>) -> Result<Form<L>, AppError> {
    if text.len() > MAX_FIELDS {
        return Err(AppError::bad_request("Too many form fields"));
    }
    if let Some((name, _)) = text.iter().find(|(_, v)| v.len() > MAX_TEXT_BYTES) {
        return Err(AppError::field(name, format!("{name} is too long")));
    }
    Ok(Form {
        text,
        ..Form::default()
    })
}

async fn read_multipart<L: FileLimits>(mut multipart: Multipart) -> Result<Form<L>, AppError> {
    let broken = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            AppError::PayloadTooLarge(L::FILE_TOO_LARGE.into())
        } else {
            AppError::bad_request(format!("Invalid form: {}", e.body_text()))
        }
    };
    let mut form = Form::<L>::default();
    let mut fields = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(broken)? {
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(AppError::bad_request("Too many form fields"));
        }
        let name = field.name().unwrap_or_default().to_string();
        // A part's name is text in its header, where no control character belongs
        // (some would not even parse): refused alike, read or not.
        refuse_control(&name, &name)?;
        let is_file = field.file_name().is_some();
        if !is_file && L::FILE_FIELDS.contains(&name.as_str()) {
            return Err(AppError::field(&name, format!("{name} must be a file")));
        }
        let limit = if is_file {
            L::MAX_FILE_BYTES
        } else {
            MAX_TEXT_BYTES
        };
        // Read piece by piece and stop at the limit: an oversized part is refused
        // without ever being held whole.
        let mut bytes = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > limit {
                return Err(if is_file {
                    AppError::PayloadTooLarge(L::FILE_TOO_LARGE.into())
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
            if form.files.len() == L::MAX_FILES {
                return Err(AppError::bad_request(L::TOO_MANY_FILES));
            }
            form.files.push(Upload {
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
