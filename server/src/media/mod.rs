//! The media store: product images, banners and (later) review and profile photos.
//! A local folder by default, an S3-compatible bucket with `s3://bucket`, in memory for tests.

pub mod photo;

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
    /// `AWS_ENDPOINT` for MinIO, SeaweedFS and other S3-compatible stores), else a local
    /// folder.
    pub fn open(spec: &str) -> Result<Media, object_store::Error> {
        // vars_os: a variable that is not UTF-8 is skipped, where vars() would panic.
        let vars = std::env::vars_os()
            .filter_map(|(key, value)| Some((key.into_string().ok()?, value.into_string().ok()?)));
        Media::open_with_env(spec, vars)
    }

    /// [`Media::open`], with the `AWS_*` variables taken from `vars` instead of the
    /// process's environment (tests point one store at their own S3 server).
    pub fn open_with_env(
        spec: &str,
        vars: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Media, object_store::Error> {
        let store: Arc<dyn ObjectStore> = if let Some(bucket) = spec.strip_prefix("s3://") {
            // What AmazonS3Builder::from_env does, from `vars`.
            let mut builder = object_store::aws::AmazonS3Builder::new();
            for (key, value) in vars {
                if key.starts_with("AWS_") {
                    if let Ok(key) = key.to_ascii_lowercase().parse() {
                        builder = builder.with_config(key, value);
                    }
                }
            }
            Arc::new(
                builder
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

    /// Removes the file at `path`; a file already gone is not an error.
    pub async fn delete(&self, path: &str) -> Result<(), object_store::Error> {
        match self.store.delete(&Path::parse(path)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(err),
        }
    }

    /// The bytes at `path`, or `None` when nothing is stored there, including paths
    /// that cannot name a file (under a file, or a name too long for the file system).
    pub async fn get(&self, path: &str) -> Result<Option<Bytes>, object_store::Error> {
        let Ok(path) = Path::parse(path) else {
            return Ok(None);
        };
        match self.store.get(&path).await {
            Ok(found) => found.bytes().await.map(Some),
            Err(object_store::Error::NotFound { .. } | object_store::Error::InvalidPath { .. }) => {
                Ok(None)
            }
            Err(err) if names_no_file(&err) => Ok(None),
            Err(err) => Err(err),
        }
    }
}

/// Whether a store error only says the path cannot name a file: the local folder
/// reports those as I/O errors (ENOTDIR, ENAMETOOLONG) inside its own error type.
fn names_no_file(err: &object_store::Error) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(error) = cause {
        if let Some(io) = error.downcast_ref::<std::io::Error>() {
            use std::io::ErrorKind::{InvalidFilename, NotADirectory, NotFound};
            return matches!(io.kind(), NotFound | NotADirectory | InvalidFilename);
        }
        cause = error.source();
    }
    false
}

/// Whether `path` may name a stored file: segments of letters, digits, `-`, `_` and `.`,
/// none empty or made of dots only, so no request can climb out of the media root.
pub fn is_safe_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= 512
        && path.split('/').all(|segment| {
            !segment.is_empty()
                && segment.len() <= 255
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
        assert!(!is_safe_path(&"x".repeat(256)));
    }

    #[test]
    fn content_type_follows_the_extension() {
        assert_eq!(content_type("x/y.SVG"), "image/svg+xml");
        assert_eq!(content_type("y.jpeg"), "image/jpeg");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }

    #[tokio::test]
    async fn a_path_no_file_can_have_is_not_found_in_a_local_folder() {
        let dir = std::env::temp_dir().join(format!("shop-media-test-{}", crate::domain::new_id()));
        let media = Media::open(dir.to_str().unwrap()).unwrap();
        media
            .put("banners/a.svg", Bytes::from_static(b"<svg/>"))
            .await
            .unwrap();
        assert_eq!(
            media.get("banners/a.svg").await.unwrap().as_deref(),
            Some(&b"<svg/>"[..])
        );
        assert_eq!(
            media.get("banners/a.svg/under-a-file.svg").await.unwrap(),
            None
        );
        assert_eq!(
            media
                .get(&format!("banners/{}.svg", "x".repeat(300)))
                .await
                .unwrap(),
            None
        );
        assert_eq!(media.get("banners/missing.svg").await.unwrap(), None);
        std::fs::remove_dir_all(dir).ok();
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
