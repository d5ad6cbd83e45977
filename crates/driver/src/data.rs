//! Test data and user inputs: ONNX `TensorProto` / `SequenceProto` / `OptionalProto` files, to
//! and from runtime values (`.npy` files: `npy.rs`).

use anyhow::{anyhow, bail, Result};
use flowgate_ir::DenseElements;
use flowgate_onnx_import::proto::{type_proto, OptionalProto, SequenceProto, TensorProto, TypeProto};
use flowgate_runtime::{DType, RtValue, StrTensor, Tensor};
use prost::Message;
use std::path::Path;
use std::sync::Arc;

/// What kind of value a graph input or output holds, from its `TypeProto`.
#[derive(Clone, Debug)]
pub enum Kind {
    Tensor,
    Sequence(Option<i32>),
    Optional(Box<Kind>),
}

pub fn kind_of(t: Option<&TypeProto>) -> Kind {
    match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::SequenceType(s)) => Kind::Sequence(tensor_elem(s.elem_type.as_deref())),
        Some(type_proto::Value::OptionalType(o)) => Kind::Optional(Box::new(kind_of(o.elem_type.as_deref()))),
        _ => Kind::Tensor,
    }
}

fn tensor_elem(t: Option<&TypeProto>) -> Option<i32> {
    match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(tt)) => tt.elem_type,
        _ => None,
    }
}

/// A runtime value from a `TensorProto`: a string tensor for element type string (its
/// `string_data`, which must be UTF-8), a tensor otherwise.
pub fn value_from_proto(t: &TensorProto) -> Result<RtValue> {
    if t.data_type == Some(STRING) {
        let shape = dims(t)?;
        let strings = match flowgate_onnx_import::to_ir::tensor::tensor_elements(t).map_err(|e| anyhow!("{e}"))? {
            DenseElements::Strings(v) => v,
            _ => bail!("unsupported string data"),
        };
        return Ok(RtValue::strings(StrTensor::new(shape, strings).map_err(|e| anyhow!("{}", e.0))?));
    }
    Ok(RtValue::tensor(tensor_from_proto(t)?))
}

const STRING: i32 = flowgate_runtime::STRING_CODE;

fn dims(t: &TensorProto) -> Result<Vec<usize>> {
    t.dims
        .iter()
        .map(|&d| usize::try_from(d).map_err(|_| anyhow!("field 'dims' {:?} holds a negative dimension", t.dims)))
        .collect()
}

/// A runtime tensor from a `TensorProto` (raw or typed data fields).
pub fn tensor_from_proto(t: &TensorProto) -> Result<Tensor> {
    let code = t.data_type.unwrap_or(0);
    let dtype = DType::from_code(code).map_err(|e| anyhow!("field 'data_type': {}", e.0))?;
    let shape = dims(t)?;
    // Before the data is read: a shape whose size overflows is refused, not multiplied.
    flowgate_runtime::checked_numel(&shape, dtype.size()).map_err(|e| anyhow!("field 'dims': {}", e.0))?;
    let elems = flowgate_onnx_import::to_ir::tensor::tensor_elements(t).map_err(|e| anyhow!("{e}"))?;
    let bytes = to_le_bytes(dtype, &elems)?;
    Tensor::new(dtype, shape, &bytes).map_err(|e| anyhow!("{}", e.0))
}

fn to_le_bytes(dtype: DType, e: &DenseElements) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    match e {
        DenseElements::Ints(v) => {
            for &x in v {
                match dtype {
                    DType::Bool | DType::U8 | DType::I8 => out.push(x as u8),
                    DType::U16 | DType::I16 => out.extend((x as u16).to_le_bytes()),
                    DType::U32 | DType::I32 => out.extend((x as u32).to_le_bytes()),
                    DType::U64 | DType::I64 => out.extend((x as u64).to_le_bytes()),
                    _ => bail!("integer data for a {dtype} tensor"),
                }
            }
        }
        DenseElements::Floats(v) => {
            for &b in v {
                let x = f64::from_bits(b);
                match dtype {
                    DType::F32 => out.extend((x as f32).to_le_bytes()),
                    DType::F64 => out.extend(x.to_le_bytes()),
                    DType::F16 => out.extend(half::f16::from_f64(x).to_le_bytes()),
                    DType::BF16 => out.extend(half::bf16::from_f64(x).to_le_bytes()),
                    _ => bail!("float data for a {dtype} tensor"),
                }
            }
        }
        // The small types (float8, float4, int4, int2): one byte per element, as the runtime
        // holds them.
        DenseElements::Hex(h) if dtype.is_small() => out.extend_from_slice(h),
        _ => bail!("unsupported tensor data"),
    }
    Ok(out)
}

/// The element bytes as ONNX stores them: the sub-byte types packed, low bits first.
fn packed_bytes(t: &Tensor) -> Vec<u8> {
    let bytes = t.to_le_bytes();
    let bits = match t.dtype() {
        DType::I4 | DType::U4 | DType::F4E2M1 => 4,
        DType::I2 | DType::U2 => 2,
        _ => return bytes,
    };
    let per_byte = 8 / bits;
    let mask = (1u8 << bits) - 1;
    bytes
        .chunks(per_byte)
        .map(|c| c.iter().enumerate().fold(0u8, |acc, (i, &b)| acc | ((b & mask) << (i * bits))))
        .collect()
}

pub fn tensor_to_proto(t: &Tensor, name: &str) -> TensorProto {
    TensorProto {
        name: Some(name.to_string()),
        data_type: Some(t.dtype().code()),
        dims: t.shape().iter().map(|&d| d as i64).collect(),
        raw_data: Some(packed_bytes(t)),
        ..Default::default()
    }
}

/// A tensor or a string tensor as a `TensorProto`.
fn any_tensor_proto(v: &RtValue, name: &str) -> Result<TensorProto> {
    Ok(match v {
        RtValue::Strings(s) => TensorProto {
            name: Some(name.to_string()),
            data_type: Some(STRING),
            dims: s.shape().iter().map(|&d| d as i64).collect(),
            string_data: s.data().iter().map(|x| x.as_bytes().to_vec()).collect(),
            ..Default::default()
        },
        other => tensor_to_proto(other.as_tensor().map_err(|e| anyhow!("{}", e.0))?, name),
    })
}

/// Reads a `.pb` file holding a value of kind `kind`. Errors name the file and keep the
/// reason (the OS error, prost's decode error, the bad field).
pub fn read_pb(path: &Path, kind: &Kind) -> Result<Arc<RtValue>> {
    let bytes = std::fs::read(path).map_err(|e| anyhow!("cannot read '{}': {e}", path.display()))?;
    decode_value(&bytes, kind).map_err(|e| anyhow!("'{}': {e:#}", path.display()))
}

/// A `.pb` file's bytes as a value of kind `kind` (a `TensorProto`, `SequenceProto` or
/// `OptionalProto`).
pub fn decode_value(bytes: &[u8], kind: &Kind) -> Result<Arc<RtValue>> {
    let what = match kind {
        Kind::Tensor => "TensorProto",
        Kind::Sequence(_) => "SequenceProto",
        Kind::Optional(_) => "OptionalProto",
    };
    let bad = |e: prost::DecodeError| anyhow!("not a {what}: {e}");
    Ok(match kind {
        Kind::Tensor => {
            let t = TensorProto::decode(bytes).map_err(bad)?;
            Arc::new(value_from_proto(&t)?)
        }
        Kind::Sequence(_) => sequence_value(&SequenceProto::decode(bytes).map_err(bad)?, kind)?,
        Kind::Optional(_) => optional_value(&OptionalProto::decode(bytes).map_err(bad)?, kind)?,
    })
}

fn sequence_value(s: &SequenceProto, kind: &Kind) -> Result<Arc<RtValue>> {
    if !s.sequence_values.is_empty() || !s.optional_values.is_empty() || !s.map_values.is_empty() {
        bail!("sequences of sequences, optionals or maps are not supported");
    }
    let items: Vec<Arc<RtValue>> =
        s.tensor_values.iter().map(|t| Ok(Arc::new(value_from_proto(t)?))).collect::<Result<_>>()?;
    let declared = match kind {
        Kind::Sequence(Some(c)) if *c != STRING => DType::from_code(*c).ok(),
        _ => None,
    };
    let dtype = declared.or_else(|| items.first().and_then(|v| v.as_tensor().ok()).map(|t| t.dtype()));
    Ok(Arc::new(RtValue::sequence(dtype, items)))
}

fn optional_value(o: &OptionalProto, kind: &Kind) -> Result<Arc<RtValue>> {
    let inner = match kind {
        Kind::Optional(k) => k.as_ref().clone(),
        k => k.clone(),
    };
    let v = if let Some(t) = &o.tensor_value {
        Some(Arc::new(value_from_proto(t)?))
    } else if let Some(s) = &o.sequence_value {
        Some(sequence_value(s, &inner)?)
    } else {
        None
    };
    Ok(Arc::new(RtValue::optional(v)))
}

/// A value as the protobuf the ONNX backend suite writes.
pub fn encode_value(v: &RtValue, name: &str) -> Result<Vec<u8>> {
    Ok(match v {
        RtValue::Tensor(_) | RtValue::Strings(_) => any_tensor_proto(v, name)?.encode_to_vec(),
        RtValue::Sequence { .. } => sequence_proto(v, name)?.encode_to_vec(),
        RtValue::Optional(o) => {
            let mut p = OptionalProto { name: Some(name.to_string()), elem_type: Some(0), ..Default::default() };
            if let Some(x) = o {
                match x.as_ref() {
                    t @ (RtValue::Tensor(_) | RtValue::Strings(_)) => {
                        p.elem_type = Some(1);
                        p.tensor_value = Some(any_tensor_proto(t, "")?);
                    }
                    s @ RtValue::Sequence { .. } => {
                        p.elem_type = Some(3);
                        p.sequence_value = Some(sequence_proto(s, "")?);
                    }
                    RtValue::Optional(_) => bail!("optional of optional cannot be written"),
                }
            }
            p.encode_to_vec()
        }
    })
}

fn sequence_proto(v: &RtValue, name: &str) -> Result<SequenceProto> {
    let (_, items) = v.as_sequence().map_err(|e| anyhow!("{}", e.0))?;
    let tensors = items.iter().map(|i| any_tensor_proto(i, "")).collect::<Result<_>>()?;
    Ok(SequenceProto { name: Some(name.to_string()), elem_type: Some(1), tensor_values: tensors, ..Default::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(t: &TensorProto) -> String {
        decode_value(&t.encode_to_vec(), &Kind::Tensor).unwrap_err().to_string()
    }

    #[test]
    fn pb_errors_keep_the_reason() {
        let e = decode_value(b"garbage\n", &Kind::Tensor).unwrap_err().to_string();
        assert!(e.starts_with("not a TensorProto: failed to decode Protobuf message: "), "{e}");
        let e = decode_value(b"\x08\x01\x12\x03abc", &Kind::Sequence(None)).unwrap_err().to_string();
        assert!(e.starts_with("not a SequenceProto: failed to decode Protobuf message: "), "{e}");
        let e = read_pb(Path::new("/nonexistent/x.pb"), &Kind::Tensor).unwrap_err().to_string();
        assert_eq!(e, "cannot read '/nonexistent/x.pb': No such file or directory (os error 2)");
    }

    #[test]
    fn pb_fields_are_checked_before_use() {
        let t = |dims: Vec<i64>| TensorProto { data_type: Some(1), dims, ..Default::default() };
        assert_eq!(err(&t(vec![-1])), "field 'dims' [-1] holds a negative dimension");
        assert!(err(&t(vec![i64::MAX])).starts_with("field 'dims': cannot allocate a tensor of shape"));
        assert!(err(&t(vec![0, 1 << 40, 1 << 40])).starts_with("field 'dims': cannot allocate"));
        assert_eq!(err(&t(vec![2])), "holds 0 elements but its shape [2] needs 2");
        let s = TensorProto { data_type: Some(14), ..Default::default() };
        assert_eq!(err(&s), "field 'data_type': unsupported element type complex64");
        let s =
            TensorProto { data_type: Some(8), dims: vec![2], string_data: vec![b"a".to_vec()], ..Default::default() };
        assert_eq!(err(&s), "holds 1 elements but its shape [2] needs 2");
    }

    #[test]
    fn string_tensors_round_trip() {
        let t = TensorProto {
            data_type: Some(8),
            dims: vec![2],
            string_data: vec![b"a".to_vec(), "\u{e9}".as_bytes().to_vec()],
            ..Default::default()
        };
        let v = decode_value(&t.encode_to_vec(), &Kind::Tensor).expect("decodes");
        assert_eq!(v.as_strings().expect("strings").data(), &["a", "\u{e9}"]);
        let again = decode_value(&encode_value(&v, "y").expect("encodes"), &Kind::Tensor).expect("decodes");
        assert_eq!(again, v);
        let bad =
            TensorProto { data_type: Some(8), dims: vec![1], string_data: vec![vec![0xff]], ..Default::default() };
        assert_eq!(err(&bad), "string element #0 is not valid UTF-8");
    }
}
