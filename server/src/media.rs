//! The media store: product images, banners and (later) review and profile photos.
//! A local folder by default, an S3-compatible bucket with `s3://bucket`, in memory for tests.

use std::sync::Arc;

use bytes::Bytes;
use object_store::{local::LocalFileSystem, memory::InMemory, path::Path, ObjectStore, PutPayload};

/// Where media live, chosen by configuration.
#[derive(Clone, Debug)]
pub struct Media {
    store: Arc<dyn ObjectStore>,
}

/// Paths under this prefix are private (profile photos): never served without a signed URL.
pub const PRIVATE_PREFIX: &str = "private/";

impl Media {
    /// `s3://bucket` (credentials and region from the standard AWS variables; set
    /// `AWS_ENDPOINT` for MinIO and other S3-compatible stores), else a local folder.
    pub fn open(spec: &str) -> Result<Media, object_store::Error> {
        let store: Arc<dyn ObjectStore> = if let Some(bucket) = spec.strip_prefix("s3://") {
            Arc::new(
                object_store::aws::AmazonS3Builder::from_env()
                    .with_bucket_name(bucket.trim_end_matches('/'))
                    .build()?,
            )
        } else {
            std::fs::create_dir_all(spec).map_err(|e| object_store::Error::Generic {
                store: "local",
                source: Box::new(e),
            })?;
            Arc::new(LocalFileSystem::new_with_prefix(spec)?)
        };
        Ok(Media { store })
    }

    pub fn in_memory() -> Media {
        Media {
            store: Arc::new(InMemory::new()),
        }
    }

    pub async fn put(&self, path: &str, bytes: Bytes) -> Result<(), object_store::Error> {
        self.store
            .put(&Path::parse(path)?, PutPayload::from_bytes(bytes))
            .await
            .map(drop)
    }

    /// The bytes at `path`, or `None` when nothing is stored there.
    pub async fn get(&self, path: &str) -> Result<Option<Bytes>, object_store::Error> {
        match self.store.get(&Path::parse(path)?).await {
            Ok(found) => found.bytes().await.map(Some),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err),
        }
    }
}

/// Whether `path` may name a stored file: segments of letters, digits, `-`, `_` and `.`,
/// none empty or made of dots only, so no request can climb out of the media root.
pub fn is_safe_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= 512
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && !segment.bytes().all(|b| b == b'.')
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        })
}

/// The Content-Type for a stored file, by the extension the shop itself gave it.
pub fn content_type(path: &str) -> &'static str {
    match path
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .as_deref()
    {
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("gif") => "image/gif",
        Some("avif") => "image/avif",
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("ico") => "image/x-icon",
        Some("woff2") => "font/woff2",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_paths_stay_inside_the_root() {
        assert!(is_safe_path("products/faucet-chrome-1.svg"));
        assert!(is_safe_path("a/b_c/d.png"));
        assert!(!is_safe_path("../etc/passwd"));
        assert!(!is_safe_path("products/../../x"));
        assert!(!is_safe_path("/absolute"));
        assert!(!is_safe_path("a//b"));
        assert!(!is_safe_path("a/./b"));
        assert!(!is_safe_path("a\\b"));
        assert!(!is_safe_path("a/b%2e"));
        assert!(!is_safe_path(""));
    }

    #[test]
    fn content_type_follows_the_extension() {
        assert_eq!(content_type("x/y.SVG"), "image/svg+xml");
        assert_eq!(content_type("y.jpeg"), "image/jpeg");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }

    #[tokio::test]
    async fn stores_and_reads_back() {
        let media = Media::in_memory();
        media
            .put("a/b.svg", Bytes::from_static(b"<svg/>"))
            .await
            .unwrap();
        assert_eq!(
            media.get("a/b.svg").await.unwrap().as_deref(),
            Some(&b"<svg/>"[..])
        );
        assert_eq!(media.get("a/missing.svg").await.unwrap(), None);
    }
}
