//! `TensorProto` contents as dense elements attributes (`dense<...> : tensor<...>`).
//!
//! Data comes from `raw_data` (little-endian, as the ONNX spec fixes) or from the typed field
//! the spec assigns to each data type; float16 and bfloat16 bits are converted with `half`.
//! Every element count is checked against the dimensions before anything is built.

use flowgate_ir::{AttrKind, Attribute, Context, DenseElements};
use flowgate_onnx::dtype::{self, code};

use crate::proto::TensorProto;

/// The dense attribute holding `t`. Errors name the tensor.
pub fn import_tensor(ctx: &mut Context, t: &TensorProto) -> Result<Attribute, String> {
    let name = t.name.as_deref().unwrap_or("");
    let what = if name.is_empty() { "tensor".to_string() } else { format!("tensor '{name}'") };
    let c = t.data_type.unwrap_or(0);
    let elem = dtype::element_type(ctx, c).map_err(|e| format!("{what}: {e}"))?;
    if t.dims.iter().any(|&d| d < 0) {
        return Err(format!("{what} has a negative dimension"));
    }
    let count = t
        .dims
        .iter()
        .try_fold(1usize, |acc, &d| usize::try_from(d).ok().and_then(|d| acc.checked_mul(d)))
        .ok_or_else(|| format!("{what}: the number of elements overflows"))?;
    if t.data_location == Some(crate::proto::tensor_proto::DataLocation::External as i32) && t.raw_data.is_none() {
        return Err(format!("{what}: its external data was not loaded"));
    }
    let data = read_elements(t, c).map_err(|e| format!("{what}: {e}"))?;
    // (small_elements checked the hex data of the small types against the shape.)
    if !dtype::is_small_code(c) && data.len() != count {
        return Err(format!("{what} holds {} elements but its shape {:?} needs {count}", data.len(), t.dims));
    }
    let ty = ctx.tensor_type(t.dims.clone(), elem);
    Ok(dense(ctx, ty, data))
}

/// The elements of `t` from its raw or typed data fields, checked against its dimensions (for
/// tools that read test data rather than import it).
pub fn tensor_elements(t: &TensorProto) -> Result<DenseElements, String> {
    let c = t.data_type.unwrap_or(0);
    let count = t
        .dims
        .iter()
        .try_fold(1usize, |acc, &d| usize::try_from(d).ok().and_then(|d| acc.checked_mul(d)))
        .ok_or_else(|| "bad dimensions".to_string())?;
    let data = read_elements(t, c)?;
    // (small_elements checked the hex data of the small types against the shape.)
    if !dtype::is_small_code(c) && data.len() != count {
        return Err(format!("holds {} elements but its shape {:?} needs {count}", data.len(), t.dims));
    }
    Ok(data)
}

/// Builds the attribute, as a splat when every element is equal (as upstream prints it).
pub fn dense(ctx: &mut Context, ty: flowgate_ir::Type, data: DenseElements) -> Attribute {
    let splat = match &data {
        DenseElements::Ints(v) => !v.is_empty() && v.iter().all(|&x| x == v[0]),
        DenseElements::Floats(v) => !v.is_empty() && v.iter().all(|&x| x == v[0]),
        _ => false,
    };
    let data = match data {
        DenseElements::Ints(v) if splat => DenseElements::Ints(v[..1].to_vec()),
        DenseElements::Floats(v) if splat => DenseElements::Floats(v[..1].to_vec()),
        d => d,
    };
    ctx.intern_attr(AttrKind::DenseElements { ty, splat, data })
}

fn chunks<const N: usize>(raw: &[u8]) -> Result<impl Iterator<Item = [u8; N]> + '_, String> {
    if raw.len() % N != 0 {
        return Err(format!("raw_data has {} bytes, not a multiple of the element size {N}", raw.len()));
    }
    Ok(raw.chunks_exact(N).map(|c| {
        let mut a = [0u8; N];
        a.copy_from_slice(c);
        a
    }))
}

fn floats(v: impl Iterator<Item = f64>) -> DenseElements {
    DenseElements::Floats(v.map(f64::to_bits).collect())
}

fn ints(v: impl Iterator<Item = i128>) -> DenseElements {
    DenseElements::Ints(v.collect())
}

/// A float8/float4/int4/int2 tensor as upstream's raw form: one byte per element (the float
/// code, or the integer sign-extended), as raw bytes. ONNX packs the sub-byte types in raw_data (and
/// in int32_data, one packed byte per entry) low bits first.
fn small_elements(t: &TensorProto, c: i32) -> Result<DenseElements, String> {
    let count: usize = t.dims.iter().map(|&d| d.max(0) as usize).product();
    let packed: Vec<u8> = match t.raw_data.as_deref() {
        Some(raw) => raw.to_vec(),
        None => t.int32_data.iter().map(|&x| x as u8).collect(),
    };
    let bits = match c {
        code::INT4 | code::UINT4 | code::FLOAT4E2M1 => 4,
        code::INT2 | code::UINT2 => 2,
        _ => 8,
    };
    let per_byte = 8 / bits;
    if packed.len() != count.div_ceil(per_byte) {
        return Err(format!(
            "holds {} bytes of {} data, but its shape {:?} needs {}",
            packed.len(),
            dtype::dtype_name(c),
            t.dims,
            count.div_ceil(per_byte)
        ));
    }
    let signed = matches!(c, code::INT4 | code::INT2);
    let mut bytes = Vec::with_capacity(count);
    for i in 0..count {
        let byte = packed[i / per_byte];
        let shift = (i % per_byte) * bits;
        let mut v = (byte >> shift) & (((1u16 << bits) - 1) as u8);
        if signed && bits < 8 && v >> (bits - 1) != 0 {
            v |= !(((1u16 << bits) - 1) as u8);
        }
        bytes.push(v);
    }
    Ok(DenseElements::Hex(bytes))
}

/// ONNX strings are bytes; the runtime's are UTF-8 (every string op of the spec works on text),
/// so other bytes are an error rather than a lossy conversion.
fn string_elements(t: &TensorProto) -> Result<DenseElements, String> {
    let v = t
        .string_data
        .iter()
        .enumerate()
        .map(|(i, b)| String::from_utf8(b.clone()).map_err(|_| format!("string element #{i} is not valid UTF-8")));
    Ok(DenseElements::Strings(v.collect::<Result<_, _>>()?))
}

fn read_elements(t: &TensorProto, c: i32) -> Result<DenseElements, String> {
    if dtype::is_small_code(c) {
        return small_elements(t, c);
    }
    if c == code::STRING {
        return string_elements(t);
    }
    if let Some(raw) = t.raw_data.as_deref() {
        return Ok(match c {
            code::FLOAT => floats(chunks::<4>(raw)?.map(|b| f32::from_le_bytes(b) as f64)),
            code::DOUBLE => floats(chunks::<8>(raw)?.map(f64::from_le_bytes)),
            code::FLOAT16 => floats(chunks::<2>(raw)?.map(|b| half::f16::from_le_bytes(b).to_f64())),
            code::BFLOAT16 => floats(chunks::<2>(raw)?.map(|b| half::bf16::from_le_bytes(b).to_f64())),
            code::BOOL => ints(raw.iter().map(|&b| (b != 0) as i128)),
            code::INT8 => ints(raw.iter().map(|&b| b as i8 as i128)),
            code::UINT8 => ints(raw.iter().map(|&b| b as i128)),
            code::INT16 => ints(chunks::<2>(raw)?.map(|b| i16::from_le_bytes(b) as i128)),
            code::UINT16 => ints(chunks::<2>(raw)?.map(|b| u16::from_le_bytes(b) as i128)),
            code::INT32 => ints(chunks::<4>(raw)?.map(|b| i32::from_le_bytes(b) as i128)),
            code::UINT32 => ints(chunks::<4>(raw)?.map(|b| u32::from_le_bytes(b) as i128)),
            code::INT64 => ints(chunks::<8>(raw)?.map(|b| i64::from_le_bytes(b) as i128)),
            code::UINT64 => ints(chunks::<8>(raw)?.map(|b| u64::from_le_bytes(b) as i128)),
            _ => return Err(format!("element type '{}' is not supported", dtype::dtype_name(c))),
        });
    }
    // The typed field the ONNX spec assigns to each data type.
    Ok(match c {
        code::FLOAT => floats(t.float_data.iter().map(|&x| x as f64)),
        code::DOUBLE => floats(t.double_data.iter().copied()),
        // 16-bit floats travel as their bit patterns in int32_data.
        code::FLOAT16 => floats(t.int32_data.iter().map(|&x| half::f16::from_bits(x as u16).to_f64())),
        code::BFLOAT16 => floats(t.int32_data.iter().map(|&x| half::bf16::from_bits(x as u16).to_f64())),
        code::BOOL => ints(t.int32_data.iter().map(|&x| (x != 0) as i128)),
        code::INT8 => ints(t.int32_data.iter().map(|&x| x as i8 as i128)),
        code::UINT8 => ints(t.int32_data.iter().map(|&x| x as u8 as i128)),
        code::INT16 => ints(t.int32_data.iter().map(|&x| x as i16 as i128)),
        code::UINT16 => ints(t.int32_data.iter().map(|&x| x as u16 as i128)),
        code::INT32 => ints(t.int32_data.iter().map(|&x| x as i128)),
        code::INT64 => ints(t.int64_data.iter().map(|&x| x as i128)),
        code::UINT32 => ints(t.uint64_data.iter().map(|&x| x as u32 as i128)),
        code::UINT64 => ints(t.uint64_data.iter().map(|&x| x as i128)),
        _ => return Err(format!("element type '{}' is not supported", dtype::dtype_name(c))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::attr_to_string;

    fn tensor(c: i32, dims: &[i64]) -> TensorProto {
        TensorProto { data_type: Some(c), dims: dims.to_vec(), name: Some("t".into()), ..Default::default() }
    }

    fn show(t: &TensorProto) -> Result<String, String> {
        let mut ctx = Context::new();
        let a = import_tensor(&mut ctx, t)?;
        Ok(attr_to_string(&ctx, a))
    }

    #[test]
    fn typed_fields_and_raw_data_agree() {
        let mut a = tensor(code::FLOAT, &[2]);
        a.float_data = vec![1.5, -2.0];
        let mut b = tensor(code::FLOAT, &[2]);
        b.raw_data = Some([1.5f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat());
        assert_eq!(show(&a), show(&b));
        assert_eq!(show(&a).expect("ok"), "dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>");
    }

    #[test]
    fn half_precision_uses_bit_patterns() {
        let mut h = tensor(code::FLOAT16, &[2]);
        h.int32_data = vec![half::f16::from_f32(0.5).to_bits() as i32, half::f16::from_f32(-3.0).to_bits() as i32];
        assert_eq!(show(&h).expect("ok"), "dense<[5.000000e-01, -3.000000e+00]> : tensor<2xf16>");
        let mut b = tensor(code::BFLOAT16, &[]);
        b.raw_data = Some(half::bf16::from_f32(2.0).to_le_bytes().to_vec());
        assert_eq!(show(&b).expect("ok"), "dense<2.000000e+00> : tensor<bf16>");
    }

    #[test]
    fn integers_bools_and_unsigned() {
        let mut i = tensor(code::INT64, &[3]);
        i.int64_data = vec![7, 7, 7];
        assert_eq!(show(&i).expect("ok"), "dense<7> : tensor<3xi64>");
        let mut u = tensor(code::UINT8, &[2]);
        u.raw_data = Some(vec![255, 1]);
        assert_eq!(show(&u).expect("ok"), "dense<[255, 1]> : tensor<2xui8>");
        let mut bo = tensor(code::BOOL, &[2]);
        bo.int32_data = vec![1, 0];
        assert_eq!(show(&bo).expect("ok"), "dense<[true, false]> : tensor<2xi1>");
    }

    #[test]
    fn strings() {
        let mut s = tensor(code::STRING, &[2]);
        s.string_data = vec![b"a\"b".to_vec(), "\u{e9}".as_bytes().to_vec()];
        // Printed as upstream escapes them: `"` and non-ASCII bytes as `\XX`.
        assert_eq!(show(&s).expect("ok"), r#"dense<["a\22b", "\C3\A9"]> : tensor<2x!onnx.string>"#);
    }

    #[test]
    fn bad_tensors_are_errors() {
        let mut short = tensor(code::FLOAT, &[3]);
        short.float_data = vec![1.0];
        assert_eq!(show(&short).unwrap_err(), "tensor 't' holds 1 elements but its shape [3] needs 3");
        let mut odd = tensor(code::INT32, &[1]);
        odd.raw_data = Some(vec![1, 2, 3]);
        assert!(show(&odd).unwrap_err().contains("not a multiple"));
        let c = tensor(code::COMPLEX64, &[1]);
        assert_eq!(show(&c).unwrap_err(), "tensor 't': element type 'complex64' is not supported");
        let mut s = tensor(code::STRING, &[1]);
        s.string_data = vec![vec![0xff]];
        assert_eq!(show(&s).unwrap_err(), "tensor 't': string element #0 is not valid UTF-8");
        s.string_data = vec![b"a".to_vec(), b"b".to_vec()];
        assert_eq!(show(&s).unwrap_err(), "tensor 't' holds 2 elements but its shape [1] needs 1");
    }
}
