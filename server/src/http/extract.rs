//! axum's extractors, with their rejections turned into the shop's error envelope.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;
use serde_json::Value;

use std::marker::PhantomData;

use super::error::AppError;
use crate::domain::id::Id;

/// `Query<T>` whose malformed query strings, and values holding a control character
/// ([`refuse_control`]), answer 400 in the envelope.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let pairs = parts
            .uri
            .query()
            .and_then(|query| serde_urlencoded::from_str::<Vec<(String, String)>>(query).ok());
        for (name, value) in pairs.iter().flatten() {
            refuse_control(name, name)?;
            refuse_control(name, value)?;
        }
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| ApiQuery(v))
            .map_err(|e: QueryRejection| {
                AppError::bad_request(format!(
                    "Invalid query string: {}",
                    e.body_text()
                        .trim_start_matches("Failed to deserialize query string: ")
                ))
            })
    }
}

/// `Path<T>` whose mismatched segments answer 400 in the envelope.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(v)| ApiPath(v))
            .map_err(|e: PathRejection| {
                AppError::bad_request(format!("Invalid path: {}", e.body_text()))
            })
    }
}

/// The answer for an id that names nothing of a kind; each area defines its kinds.
pub trait Missing {
    /// The 404 (or other refusal) for a request whose id names nothing.
    fn error(parts: &Parts) -> AppError;
}

/// The `{id}` segment of a path as an [`Id`]. A segment that cannot be an id names
/// nothing, so it gets the same answer as an unknown id: `M`'s.
pub struct PathId<M>(pub Id, pub PhantomData<M>);

impl<M: Missing, S: Send + Sync> FromRequestParts<S> for PathId<M> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let ApiPath(text) = ApiPath::<String>::from_request_parts(parts, state).await?;
        Id::parse(&text)
            .map(|id| PathId(id, PhantomData))
            .ok_or_else(|| M::error(parts))
    }
}

/// `Json<T>`: malformed or mistyped JSON is a 400, a body over the limit a 413, a
/// missing `Content-Type: application/json` a 415, each in the envelope. The body must
/// be an object, and no text `T` reads may hold a control character
/// ([`refuse_control`]); fields `T` does not know are ignored, whatever they hold.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let Json(mut value) =
            Json::<Value>::from_request(req, state)
                .await
                .map_err(|e: JsonRejection| match e.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => {
                        AppError::PayloadTooLarge("Request body is too large".into())
                    }
                    StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(
                        "Expected a JSON body with Content-Type: application/json".into(),
                    ),
                    _ => AppError::bad_request(format!("Invalid JSON body: {}", e.body_text())),
                })?;
        if !value.is_object() {
            return Err(AppError::bad_request(
                "Invalid JSON body: expected an object",
            ));
        }
        whole_numbers_as_integers(&mut value);
        let mut ignored = std::collections::HashSet::new();
        let read = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(
            &value,
            &mut |path: serde_ignored::Path| {
                ignored.insert(path_text(&path));
            },
        ));
        refuse_control_in(&value, &mut String::new(), &ignored)?;
        read.map(ApiJson)
            .map_err(|e| AppError::bad_request(format!("Invalid JSON body: {e}")))
    }
}

/// Refuses text holding a control character other than tab, line feed and carriage
/// return, with a 400 naming `field`: NUL, which PostgreSQL cannot store in text (and
/// SQLite would), and the others, which no form means to send. Every JSON body, query
/// string and form passes through it, so both backends refuse alike.
pub fn refuse_control(field: &str, text: &str) -> Result<(), AppError> {
    if holds_control(text) {
        return Err(AppError::field(
            field,
            format!("{field} must not contain control characters"),
        ));
    }
    Ok(())
}

/// Whether `text` holds a control character other than tab, line feed and carriage return.
pub fn holds_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// Writes every number in `value` that is whole and fits an `i64` as one, in place:
/// JSON has one kind of number, so `5.0` is the integer 5 (as JSON Schema says), and a
/// field that takes a whole number takes it.
fn whole_numbers_as_integers(value: &mut Value) {
    match value {
        Value::Number(n) => {
            if let Some(f) = n.as_f64().filter(|_| n.is_f64()) {
                if f.fract() == 0.0 && f >= i64::MIN as f64 && f < i64::MAX as f64 {
                    *value = Value::from(f as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers_as_integers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// A path as [`refuse_control_in`] writes it: `wishlist[0].productId`.
fn path_text(path: &serde_ignored::Path) -> String {
    use serde_ignored::Path;
    match path {
        Path::Root => String::new(),
        Path::Seq { parent, index } => format!("{}[{index}]", path_text(parent)),
        Path::Map { parent, key } => match path_text(parent) {
            parent if parent.is_empty() => key.clone(),
            parent => format!("{parent}.{key}"),
        },
        Path::Some { parent }
        | Path::NewtypeStruct { parent }
        | Path::NewtypeVariant { parent } => path_text(parent),
    }
}

/// [`refuse_control`] on every key and string in `value`, naming each by its path
/// (`wishlist[0].productId`), but for those at the paths in `ignored`.
fn refuse_control_in(
    value: &Value,
    path: &mut String,
    ignored: &std::collections::HashSet<String>,
) -> Result<(), AppError> {
    let at = path.len();
    match value {
        Value::String(text) => refuse_control(path, text)?,
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push_str(&format!("[{i}]"));
                refuse_control_in(item, path, ignored)?;
                path.truncate(at);
            }
        }
        Value::Object(fields) => {
            for (name, item) in fields {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(name);
                if !ignored.contains(path.as_str()) {
                    refuse_control(path, name)?;
                    refuse_control_in(item, path, ignored)?;
                }
                path.truncate(at);
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::post;
    use axum::Router;
    use tower::ServiceExt;

    #[derive(serde::Deserialize)]
    struct Payload {
        #[allow(dead_code)]
        quantity: u32,
    }

    async fn call(body: &'static str, content_type: &str) -> (StatusCode, serde_json::Value) {
        let app = Router::new()
            .route("/", post(|ApiJson(_): ApiJson<Payload>| async { "ok" }))
            .layer(axum::extract::DefaultBodyLimit::max(64));
        let request = axum::http::Request::post("/")
            .header("content-type", content_type)
            .body(Body::from(body))
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(serde_json::Value::Null),
        )
    }

    #[tokio::test]
    async fn a_whole_number_written_with_a_fraction_is_an_integer() {
        assert_eq!(
            call("{\"quantity\": 5.0}", "application/json").await.0,
            StatusCode::OK
        );
        assert_eq!(
            call("{\"quantity\": 5e0}", "application/json").await.0,
            StatusCode::OK
        );
        let (status, body) = call("{\"quantity\": 5.5}", "application/json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["message"].as_str().unwrap().contains("quantity"),
            "{body}"
        );
    }

    #[tokio::test]
    async fn malformed_json_is_a_400_envelope() {
        let (status, body) = call("{\"quantity\": ", "application/json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["success"], false);
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Invalid JSON body"),
            "{body}"
        );
    }

    #[tokio::test]
    async fn mistyped_json_is_a_400_envelope() {
        let (status, body) = call("{\"quantity\": \"many\"}", "application/json").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["message"].as_str().unwrap().contains("quantity"),
            "{body}"
        );
    }

    #[tokio::test]
    async fn an_oversized_body_is_a_413_envelope() {
        let (status, body) =
            call("{\"quantity\": 1, \"padding\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}", "application/json").await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["message"], "Request body is too large");
    }

    #[tokio::test]
    async fn a_body_without_json_content_type_is_a_415_envelope() {
        let (status, body) = call("{\"quantity\": 1}", "text/plain").await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(body["success"], false);
    }
}
