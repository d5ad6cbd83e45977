//! `ImageDecoder` (opset 20): one runtime call that decodes the byte stream; the image's size
//! is known only then, so the result is a handle of shape `[?, ?, C]`.

use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::codes::PixelFormat;

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    if name != "ImageDecoder" {
        return Ok(None);
    }
    let mut args = l.node_and_inputs(op, 1, 1, "encoded_stream")?;
    let format = l.str_attr(op, "pixel_format").unwrap_or_else(|| "RGB".into());
    let format = PixelFormat::from_name(&format)
        .ok_or_else(|| l.err(op, format!("ImageDecoder: unknown pixel_format '{format}' (RGB, BGR or Grayscale)")))?;
    args.push(l.const_i32(format.code()));
    Ok(Some(vec![l.rt("image_decode", &args)?]))
}
