//! Uploaded photos (profile and review photos): checked by their bytes, refused before decoding when their header
//! promises too many pixels, then decoded and written afresh so no metadata (EXIF,
//! GPS, comments) survives.

use std::io::Cursor;
use std::sync::LazyLock;

use image::codecs::jpeg::JpegEncoder;
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

/// What the photos being decoded at once may hold, in MiB. Each takes its share before
/// it decodes ([`cost_mib`]): a 40-megapixel photo takes most of it and decodes alone,
/// small ones decode side by side. Past it, uploads wait their turn.
const DECODE_BUDGET_MIB: u32 = 186;
static DECODING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(DECODE_BUDGET_MIB as usize));

/// Checks `bytes` and re-encodes them to fit a `side` × `side` square, on the blocking
/// pool, within the decoding budget.
pub async fn process(bytes: bytes::Bytes, side: u32) -> Result<Photo, PhotoError> {
    let header = bytes.clone();
    let plan = tokio::task::spawn_blocking(move || inspect(&header, side))
        .await
        .map_err(|_| PhotoError::Unreadable)??;
    let _permit = DECODING
        .acquire_many(plan.cost)
        .await
        .map_err(|_| PhotoError::Unreadable)?;
    tokio::task::spawn_blocking(move || process_now(&bytes, &plan, side))
        .await
        .map_err(|_| PhotoError::Unreadable)?
}

/// How a photo will be decoded, as its header says.
struct Plan {
    /// From the leading bytes only, never the name or declared type.
    format: ImageFormat,
    /// The MiB decoding will hold ([`cost_mib`]).
    cost: u32,
    /// Read row by row and scaled as it is read ([`streamed_png`]).
    streamed: bool,
}

/// The [`Plan`] for `bytes`, from the header: refused before any decoding when it
/// promises more pixels, or more bytes, than the shop decodes.
fn inspect(bytes: &[u8], side: u32) -> Result<Plan, PhotoError> {
    let format = match image::guess_format(bytes) {
        Ok(f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP)) => f,
        _ => return Err(PhotoError::NotAnImage),
    };
    let decoder = ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .map_err(|_| PhotoError::Unreadable)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels);
    }
    let streamed = streamed_png(bytes, format, side);
    let cost = cost_mib(if streamed { 0 } else { decoder.total_bytes() }, side);
    if cost > DECODE_BUDGET_MIB {
        // 16 bits a channel: more bytes than the pixels' count promised (a PNG read
        // row by row holds only its scaled picture, in 8 bits).
        return Err(PhotoError::TooManyPixels);
    }
    Ok(Plan {
        format,
        cost,
        streamed,
    })
}

/// MiB held while a photo decodes to `decoded` bytes and is scaled to fit `side`: the
/// decoded picture, and the scaled one twice (itself and its 8-bit copy for the encoder).
fn cost_mib(decoded: u64, side: u32) -> u32 {
    const MIB: u64 = 1024 * 1024;
    let scaled = u64::from(side) * u64::from(side) * 4;
    u32::try_from((decoded + 2 * scaled).div_ceil(MIB)).unwrap_or(u32::MAX)
}

fn process_now(bytes: &[u8], plan: &Plan, side: u32) -> Result<Photo, PhotoError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), plan.format);
    let mut limits = Limits::default();
    limits.max_alloc = Some(u64::from(DECODE_BUDGET_MIB) * 1024 * 1024);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| PhotoError::Unreadable)?;
    // A phone photo stores 'rotate me' in EXIF; applied below, before EXIF is dropped.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = if plan.streamed {
        scaled_png(bytes, side).map_err(|_| PhotoError::Unreadable)?
    } else {
        DynamicImage::from_decoder(decoder).map_err(|_| PhotoError::Unreadable)?
    };
    if picture.width() > side || picture.height() > side {
        // Area averaging straight into the small picture: `resize` filters through a
        // 32-bit float copy as tall as the original, 200 MB for a 40-megapixel photo.
        picture = picture.thumbnail(side, side);
    }
    // On the scaled picture (a turn of the full one would copy it): the square it fits
    // is the same either way round.
    picture.apply_orientation(orientation);
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

/// Whether a photo is a PNG too large for `side` that can be read a row at a time (not
/// interlaced): it is then scaled as it is read ([`scaled_png`]), and never held whole.
fn streamed_png(bytes: &[u8], format: ImageFormat, side: u32) -> bool {
    if format != ImageFormat::Png {
        return false;
    }
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder
        .read_header_info()
        .is_ok_and(|info| !info.interlaced && (info.width > side || info.height > side))
}

/// A PNG scaled to fit `side` × `side` as its rows are read: each row is added into the
/// row of the small picture it falls in, and that row is averaged when its last source
/// row has been read, so memory holds one source row and the small picture. The
/// boxes are those of `image`'s `thumbnail`, which scales every other picture.
fn scaled_png(bytes: &[u8], side: u32) -> Result<DynamicImage, png::DecodingError> {
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let (width, height) = (reader.info().width, reader.info().height);
    let (color, _) = reader.output_color_type();
    let samples = color.samples();
    let alpha = matches!(color, png::ColorType::Rgba | png::ColorType::GrayscaleAlpha);
    let channels = if alpha { 4 } else { 3 };
    let (new_width, new_height) = fit(width, height, side);
    // The source columns and rows each small pixel averages, as `thumbnail` bounds them.
    let bounds = |size: u32, new_size: u32| -> Vec<(u32, u32)> {
        let ratio = size as f32 / new_size as f32;
        (0..new_size)
            .map(|i| {
                let low = i as f32 * ratio;
                let start = (low.ceil() as u32).min(size - 1);
                let end = ((low + ratio).ceil() as u32).clamp(start, size);
                (start, end.max(start + 1))
            })
            .collect()
    };
    let columns = bounds(width, new_width);
    let rows = bounds(height, new_height);
    let mut out = vec![0u8; new_width as usize * new_height as usize * channels];
    let mut sums = vec![0u64; new_width as usize * channels];
    let mut out_row = 0usize;
    let mut y = 0u32;
    while let Some(row) = reader.next_row()? {
        let data = row.data();
        while out_row < rows.len() && y >= rows[out_row].1 {
            out_row += 1;
        }
        if out_row < rows.len() && y >= rows[out_row].0 {
            for (x, &(start, end)) in columns.iter().enumerate() {
                let sum = &mut sums[x * channels..(x + 1) * channels];
                for source in start..end {
                    let pixel = &data[source as usize * samples..(source as usize + 1) * samples];
                    let rgba = match samples {
                        1 => [pixel[0], pixel[0], pixel[0], 255],
                        2 => [pixel[0], pixel[0], pixel[0], pixel[1]],
                        3 => [pixel[0], pixel[1], pixel[2], 255],
                        _ => [pixel[0], pixel[1], pixel[2], pixel[3]],
                    };
                    for (total, value) in sum.iter_mut().zip(rgba) {
                        *total += u64::from(value);
                    }
                }
            }
            if y + 1 == rows[out_row].1 {
                let (top, bottom) = rows[out_row];
                let line = &mut out[out_row * sums.len()..(out_row + 1) * sums.len()];
                for (x, &(start, end)) in columns.iter().enumerate() {
                    let count = u64::from(end - start) * u64::from(bottom - top);
                    for c in 0..channels {
                        let total = sums[x * channels + c];
                        line[x * channels + c] = ((total + count / 2) / count) as u8;
                    }
                }
                sums.fill(0);
            }
        }
        y += 1;
    }
    let picture = if alpha {
        image::RgbaImage::from_raw(new_width, new_height, out).map(DynamicImage::ImageRgba8)
    } else {
        image::RgbImage::from_raw(new_width, new_height, out).map(DynamicImage::ImageRgb8)
    };
    Ok(picture.expect("the buffer is the picture's size"))
}

/// The size `image`'s `thumbnail` gives a `width` × `height` picture to fit `side` ×
/// `side`: its aspect kept, each side rounded, at least 1.
fn fit(width: u32, height: u32, side: u32) -> (u32, u32) {
    let ratio = (f64::from(side) / f64::from(width)).min(f64::from(side) / f64::from(height));
    let scale = |size: u32| ((f64::from(size) * ratio).round() as u32).max(1);
    (scale(width), scale(height))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    #[test]
    fn a_png_scaled_as_it_is_read_matches_the_whole_picture_scaled() {
        let gradient = |width: u32, height: u32| {
            RgbaImage::from_fn(width, height, |x, y| {
                Rgba([
                    (x * 255 / width) as u8,
                    (y * 255 / height) as u8,
                    ((x + y) % 256) as u8,
                    (255 - x % 200) as u8,
                ])
            })
        };
        for (width, height, side) in [
            (300, 200, 64),
            (200, 300, 64),
            (1000, 7, 100),
            (129, 129, 64),
        ] {
            let whole = DynamicImage::ImageRgba8(gradient(width, height));
            let png = encoded(whole.clone(), ImageFormat::Png);
            assert!(streamed_png(&png, ImageFormat::Png, side));
            let streamed = scaled_png(&png, side).unwrap().to_rgba8();
            let expected = whole.thumbnail(side, side).to_rgba8();
            assert_eq!(
                streamed.dimensions(),
                expected.dimensions(),
                "{width}x{height}"
            );
            for (a, b) in streamed.pixels().zip(expected.pixels()) {
                for c in 0..4 {
                    assert!(a[c].abs_diff(b[c]) <= 1, "{width}x{height}: {a:?} {b:?}");
                }
            }
        }
        let rgb = encoded(
            DynamicImage::ImageRgb8(RgbImage::new(300, 200)),
            ImageFormat::Png,
        );
        assert!(matches!(
            scaled_png(&rgb, 64).unwrap(),
            DynamicImage::ImageRgb8(_)
        ));
        let small = encoded(
            DynamicImage::ImageRgb8(RgbImage::new(30, 20)),
            ImageFormat::Png,
        );
        assert!(
            !streamed_png(&small, ImageFormat::Png, 64),
            "a picture that fits is read whole"
        );
    }

    fn process_now_profile(bytes: &[u8]) -> Result<Photo, PhotoError> {
        process_now(bytes, &inspect(bytes, PROFILE_SIDE)?, PROFILE_SIDE)
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
    fn the_largest_photo_fits_the_decoding_budget_alone() {
        let rgba_40_mp = 40_000_000 * 4;
        let cost = cost_mib(rgba_40_mp, REVIEW_SIDE);
        assert!(cost <= DECODE_BUDGET_MIB, "{cost}");
        assert!(
            2 * cost > DECODE_BUDGET_MIB,
            "two decode one after the other: {cost}"
        );
        // 16 bits a channel doubles the bytes: refused before decoding.
        assert!(cost_mib(rgba_40_mp * 2, REVIEW_SIDE) > DECODE_BUDGET_MIB);
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
