//! `ImageDecoder` (opset 20): a 1-D UINT8 tensor holding an encoded image (PNG, JPEG, BMP,
//! TIFF, WebP or PNM, told apart by their magic bytes) decoded by the `image` crate to UINT8
//! `[H, W, 3]` in RGB or BGR order, or `[H, W, 1]` luma. The onnx reference decodes with Pillow;
//! its grayscale is `convert("L")`, whose integer formula [`luma`] repeats bit for bit.

use flowgate_runtime_abi::codes::PixelFormat;
use image::ImageFormat;

use crate::error::RtResult;
use crate::value::{fmt_shape, DType, Tensor};

/// Decodes `encoded` (a 1-D UINT8 tensor) to an image tensor in `format`.
pub fn image_decode(encoded: &Tensor, format: PixelFormat) -> RtResult<Tensor> {
    if encoded.dtype() != DType::U8 || encoded.rank() != 1 {
        bail!(
            "ImageDecoder: encoded_stream must be a 1-D uint8 tensor, got {} of shape {}",
            encoded.dtype().name(),
            fmt_shape(encoded.shape())
        );
    }
    let bytes = encoded.as_slice::<u8>().unwrap_or_default();
    let kind = image::guess_format(bytes).map_err(|_| match foreign_format(bytes) {
        Some(name) => rt_err!("ImageDecoder: {name} images are not supported (PNG, JPEG, BMP, TIFF, WebP and PNM are)"),
        None => rt_err!(
            "ImageDecoder: the {} bytes are not an image of a known format (PNG, JPEG, BMP, TIFF, WebP, PNM)",
            bytes.len()
        ),
    })?;
    let name = format_name(kind);
    // The crate's default limits cap one decode's allocations (512 MiB), so a header claiming a
    // huge image is an error rather than an abort.
    let img = image::load_from_memory_with_format(bytes, kind)
        .map_err(|e| rt_err!("ImageDecoder: cannot decode the {name} image: {e}"))?
        .into_rgb8();
    let (w, h) = (img.width() as usize, img.height() as usize);
    let rgb = img.into_raw();
    let (channels, data) = match format {
        PixelFormat::Rgb => (3, rgb),
        PixelFormat::Bgr => (3, rgb.chunks_exact(3).flat_map(|p| [p[2], p[1], p[0]]).collect()),
        PixelFormat::Grayscale => (1, rgb.chunks_exact(3).map(luma).collect()),
    };
    Tensor::from_vec(vec![h, w, channels], data)
}

/// Pillow's RGB to "L" (ITU-R 601-2 luma in 16-bit fixed point, rounded half up): the
/// reference's grayscale output.
fn luma(p: &[u8]) -> u8 {
    let l = u32::from(p[0]) * 19595 + u32::from(p[1]) * 38470 + u32::from(p[2]) * 7471 + 0x8000;
    (l >> 16) as u8
}

/// The name of a format the `image` crate recognises, for messages.
fn format_name(f: ImageFormat) -> &'static str {
    match f {
        ImageFormat::Png => "PNG",
        ImageFormat::Jpeg => "JPEG",
        ImageFormat::Bmp => "BMP",
        ImageFormat::Tiff => "TIFF",
        ImageFormat::WebP => "WebP",
        ImageFormat::Pnm => "PNM",
        ImageFormat::Gif => "GIF",
        ImageFormat::Ico => "ICO",
        ImageFormat::Avif => "AVIF",
        ImageFormat::OpenExr => "OpenEXR",
        ImageFormat::Hdr => "HDR",
        ImageFormat::Qoi => "QOI",
        ImageFormat::Tga => "TGA",
        ImageFormat::Dds => "DDS",
        ImageFormat::Farbfeld => "farbfeld",
        _ => "image",
    }
}

/// Formats the `image` crate does not recognise at all but the ONNX suite uses, by their
/// signatures: a JPEG 2000 file (JP2 box) or raw codestream (SOC then SIZ marker).
fn foreign_format(b: &[u8]) -> Option<&'static str> {
    const JP2: &[u8] = b"\x00\x00\x00\x0cjP  \r\n\x87\n";
    (b.starts_with(JP2) || b.starts_with(b"\xff\x4f\xff\x51")).then_some("JPEG 2000")
}

pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::error::decode;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_image_decode(node: i32, encoded: Handle, pixel_format: i32) -> Handle {
        run_t(node, || super::image_decode(ten(encoded)?, decode(pixel_format)?))
    }
}

#[cfg(test)]
mod tests {
    use super::{image_decode, luma};
    use crate::value::{DType, Tensor};
    use flowgate_runtime_abi::codes::PixelFormat;
    use image::{ImageFormat, RgbImage};

    /// A 3x2 image with distinct pixels, encoded as `format`.
    fn encoded(format: ImageFormat) -> (Vec<u8>, Tensor) {
        let px: Vec<u8> = (0..18u8).map(|i| i * 13 + 7).collect();
        let img = RgbImage::from_raw(3, 2, px.clone()).unwrap();
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, format).unwrap();
        let bytes = out.into_inner();
        (px, Tensor::from_vec(vec![bytes.len()], bytes).unwrap())
    }

    #[test]
    fn lossless_formats_round_trip_in_each_pixel_format() {
        for format in [ImageFormat::Png, ImageFormat::Bmp, ImageFormat::Tiff, ImageFormat::Pnm] {
            let (px, t) = encoded(format);
            let rgb = image_decode(&t, PixelFormat::Rgb).unwrap();
            assert_eq!(rgb.shape(), &[2, 3, 3], "{format:?}");
            assert_eq!(rgb.as_slice::<u8>().unwrap(), &px[..], "{format:?}");
            let bgr = image_decode(&t, PixelFormat::Bgr).unwrap();
            let swapped: Vec<u8> = px.chunks(3).flat_map(|p| [p[2], p[1], p[0]]).collect();
            assert_eq!(bgr.as_slice::<u8>().unwrap(), &swapped[..], "{format:?}");
            let gray = image_decode(&t, PixelFormat::Grayscale).unwrap();
            assert_eq!(gray.shape(), &[2, 3, 1]);
            let want: Vec<u8> = px.chunks(3).map(luma).collect();
            assert_eq!(gray.as_slice::<u8>().unwrap(), &want[..]);
        }
    }

    #[test]
    fn luma_is_pillows_fixed_point_formula() {
        // Values Pillow's convert("L") gives: white stays 255, the primaries weigh 76/150/29,
        // and (1, 1, 0) rounds 0.877 up to 1.
        assert_eq!(luma(&[255, 255, 255]), 255);
        assert_eq!(luma(&[255, 0, 0]), 76);
        assert_eq!(luma(&[0, 255, 0]), 150);
        assert_eq!(luma(&[0, 0, 255]), 29);
        assert_eq!(luma(&[1, 1, 0]), 1);
        assert_eq!(luma(&[7, 7, 7]), 7);
    }

    #[test]
    fn bad_streams_are_errors_naming_the_format() {
        let err = |bytes: &[u8]| {
            let t = Tensor::from_vec(vec![bytes.len()], bytes.to_vec()).unwrap();
            image_decode(&t, PixelFormat::Rgb).unwrap_err().0
        };
        let (_, png) = encoded(ImageFormat::Png);
        let png = png.as_slice::<u8>().unwrap();
        let e = err(&png[..png.len() / 2]);
        assert!(e.contains("ImageDecoder") && e.contains("cannot decode the PNG image"), "{e}");
        let e = err(&[]);
        assert!(e.contains("ImageDecoder") && e.contains("not an image of a known format"), "{e}");
        let e = err(b"hello, world");
        assert!(e.contains("not an image of a known format"), "{e}");
        let e = err(b"\x00\x00\x00\x0cjP  \r\n\x87\n\x00\x00\x00\x14ftypjp2 ");
        assert!(e.contains("JPEG 2000 images are not supported"), "{e}");
        let e = err(b"\xff\x4f\xff\x51\x00\x2f");
        assert!(e.contains("JPEG 2000"), "{e}");
        // Recognised by its signature but not among the codecs built in.
        let e = err(b"GIF89a\x01\x00\x01\x00");
        assert!(e.contains("GIF"), "{e}");
        // A JPEG header cut short.
        let (_, jpg) = encoded(ImageFormat::Jpeg);
        let e = err(&jpg.as_slice::<u8>().unwrap()[..20]);
        assert!(e.contains("JPEG"), "{e}");
    }

    #[test]
    fn the_input_must_be_a_uint8_vector() {
        let e = image_decode(&Tensor::zeros(DType::U8, vec![2, 2]).unwrap(), PixelFormat::Rgb).unwrap_err();
        assert!(e.0.contains("1-D uint8"), "{}", e.0);
        let e = image_decode(&Tensor::from_i64s(vec![1, 2]), PixelFormat::Rgb).unwrap_err();
        assert!(e.0.contains("int64"), "{}", e.0);
    }
}
