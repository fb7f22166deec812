//! Uploaded photos (profile and review photos): checked by their bytes, refused before decoding when their header
//! promises too many pixels, then decoded and written afresh so no metadata (EXIF,
//! GPS, comments) survives.

use std::io::Cursor;
use std::sync::LazyLock;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

/// The largest upload accepted: 5 MiB, the storefront's '5.0MB'.
pub const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;
/// The most pixels a header may announce; more is refused before any decoding.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Profile photos are stored to fit this square: enough for any avatar on any screen.
pub const PROFILE_SIDE: u32 = 1024;
/// Review photos are stored to fit this square: enough to zoom into on a large screen.
pub const REVIEW_SIDE: u32 = 2048;

pub const NOT_AN_IMAGE: &str = "Please select a valid image file (JPEG, PNG, GIF, or WebP)";
pub const TOO_LARGE: &str = "File size must be less than 5.0MB";
pub const TOO_MANY_PIXELS: &str = "Image is too large: at most 40 megapixels";
pub const UNREADABLE: &str = "Failed to process the image. Please try again.";

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    #[error("{NOT_AN_IMAGE}")]
    NotAnImage,
    #[error("{TOO_MANY_PIXELS}")]
    TooManyPixels,
    #[error("{UNREADABLE}")]
    Unreadable,
}

/// A photo ready to store: freshly encoded bytes and the extension they call for.
#[derive(Debug)]
pub struct Photo {
    pub bytes: Vec<u8>,
    pub extension: &'static str,
}

/// Decoding holds up to a few hundred MiB: one photo at a time per core.
static DECODING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

/// Checks `bytes` and re-encodes them to fit a `side` × `side` square, on the blocking pool.
pub async fn process(bytes: bytes::Bytes, side: u32) -> Result<Photo, PhotoError> {
    let _permit = DECODING
        .acquire()
        .await
        .map_err(|_| PhotoError::Unreadable)?;
    tokio::task::spawn_blocking(move || process_now(&bytes, side))
        .await
        .map_err(|_| PhotoError::Unreadable)?
}

fn process_now(bytes: &[u8], side: u32) -> Result<Photo, PhotoError> {
    // The format comes from the leading bytes only: never the name or declared type.
    let format = match image::guess_format(bytes) {
        Ok(f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP)) => f,
        _ => return Err(PhotoError::NotAnImage),
    };
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| PhotoError::Unreadable)?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| PhotoError::Unreadable)?;
    // A phone photo stores 'rotate me' in EXIF; apply it before EXIF is dropped.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| PhotoError::Unreadable)?;
    picture.apply_orientation(orientation);
    if picture.width() > side || picture.height() > side {
        picture = picture.resize(side, side, FilterType::Triangle);
    }
    let mut out = Cursor::new(Vec::new());
    let extension = if picture.color().has_alpha() {
        picture
            .to_rgba8()
            .write_to(&mut out, ImageFormat::Png)
            .map_err(|_| PhotoError::Unreadable)?;
        "png"
    } else {
        picture
            .to_rgb8()
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, 85))
            .map_err(|_| PhotoError::Unreadable)?;
        "jpg"
    };
    Ok(Photo {
        bytes: out.into_inner(),
        extension,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    fn process_now_profile(bytes: &[u8]) -> Result<Photo, PhotoError> {
        process_now(bytes, PROFILE_SIDE)
    }

    fn encoded(picture: DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn every_accepted_format_is_read_by_its_bytes() {
        let opaque = DynamicImage::ImageRgb8(RgbImage::from_pixel(8, 6, Rgb([200, 10, 10])));
        for format in [
            ImageFormat::Jpeg,
            ImageFormat::Png,
            ImageFormat::Gif,
            ImageFormat::WebP,
        ] {
            let photo = process_now_profile(&encoded(opaque.clone(), format)).unwrap();
            let back = image::load_from_memory(&photo.bytes).unwrap();
            assert_eq!((back.width(), back.height()), (8, 6), "{format:?}");
        }
    }

    #[test]
    fn transparency_is_kept_as_png_and_opaque_photos_become_jpeg() {
        let clear = DynamicImage::ImageRgba8(RgbaImage::from_pixel(4, 4, Rgba([0, 0, 0, 0])));
        assert_eq!(
            process_now_profile(&encoded(clear, ImageFormat::Png))
                .unwrap()
                .extension,
            "png"
        );
        let opaque = DynamicImage::ImageRgb8(RgbImage::new(4, 4));
        assert_eq!(
            process_now_profile(&encoded(opaque, ImageFormat::Png))
                .unwrap()
                .extension,
            "jpg"
        );
    }

    #[test]
    fn big_photos_are_scaled_to_fit() {
        let wide = DynamicImage::ImageRgb8(RgbImage::new(3000, 1500));
        let photo = process_now_profile(&encoded(wide, ImageFormat::Png)).unwrap();
        let back = image::load_from_memory(&photo.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (1024, 512));
    }

    #[test]
    fn other_content_is_refused() {
        assert_eq!(
            process_now_profile(b"<html><script>alert(1)</script></html>").unwrap_err(),
            PhotoError::NotAnImage
        );
        assert_eq!(
            process_now_profile(b"").unwrap_err(),
            PhotoError::NotAnImage
        );
        assert_eq!(
            process_now_profile(b"BM\x00\x00").unwrap_err(),
            PhotoError::NotAnImage,
            "BMP is not accepted"
        );
        let mut truncated = encoded(
            DynamicImage::ImageRgb8(RgbImage::new(64, 64)),
            ImageFormat::Png,
        );
        truncated.truncate(60);
        assert_eq!(
            process_now_profile(&truncated).unwrap_err(),
            PhotoError::Unreadable
        );
    }
}
