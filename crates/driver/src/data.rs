//! Test data and user inputs: ONNX `TensorProto` / `SequenceProto` / `OptionalProto` files and
//! NumPy `.npy` files, to and from runtime values.

use anyhow::{anyhow, bail, Context as _, Result};
use flowgate_ir::DenseElements;
use flowgate_onnx_import::proto::{type_proto, OptionalProto, SequenceProto, TensorProto, TypeProto};
use flowgate_runtime::{DType, RtValue, Tensor};
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

/// A runtime tensor from a `TensorProto` (raw or typed data fields).
pub fn tensor_from_proto(t: &TensorProto) -> Result<Tensor> {
    let code = t.data_type.unwrap_or(0);
    let dtype = DType::from_code(code).map_err(|e| anyhow!("{}", e.0))?;
    let elems = flowgate_onnx_import::to_ir::tensor::tensor_elements(t).map_err(|e| anyhow!(e))?;
    let shape: Vec<usize> = t.dims.iter().map(|&d| usize::try_from(d)).collect::<Result<_, _>>()?;
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
        _ => bail!("unsupported tensor data"),
    }
    Ok(out)
}

pub fn tensor_to_proto(t: &Tensor, name: &str) -> TensorProto {
    TensorProto {
        name: Some(name.to_string()),
        data_type: Some(t.dtype().code()),
        dims: t.shape().iter().map(|&d| d as i64).collect(),
        raw_data: Some(t.to_le_bytes()),
        ..Default::default()
    }
}

/// Reads a `.pb` file holding a value of kind `kind`.
pub fn read_pb(path: &Path, kind: &Kind) -> Result<Arc<RtValue>> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    decode_value(&bytes, kind).with_context(|| format!("'{}'", path.display()))
}

fn decode_value(bytes: &[u8], kind: &Kind) -> Result<Arc<RtValue>> {
    Ok(match kind {
        Kind::Tensor => Arc::new(RtValue::tensor(tensor_from_proto(&TensorProto::decode(bytes)?)?)),
        Kind::Sequence(_) => sequence_value(&SequenceProto::decode(bytes)?, kind)?,
        Kind::Optional(_) => optional_value(&OptionalProto::decode(bytes)?, kind)?,
    })
}

fn sequence_value(s: &SequenceProto, kind: &Kind) -> Result<Arc<RtValue>> {
    if !s.sequence_values.is_empty() || !s.optional_values.is_empty() || !s.map_values.is_empty() {
        bail!("sequences of sequences, optionals or maps are not supported");
    }
    let items: Vec<Arc<RtValue>> =
        s.tensor_values.iter().map(|t| Ok(Arc::new(RtValue::tensor(tensor_from_proto(t)?)))).collect::<Result<_>>()?;
    let declared = match kind {
        Kind::Sequence(Some(c)) => DType::from_code(*c).ok(),
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
        Some(Arc::new(RtValue::tensor(tensor_from_proto(t)?)))
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
        RtValue::Tensor(t) => tensor_to_proto(t, name).encode_to_vec(),
        RtValue::Sequence { .. } => sequence_proto(v, name)?.encode_to_vec(),
        RtValue::Optional(o) => {
            let mut p = OptionalProto { name: Some(name.to_string()), elem_type: Some(0), ..Default::default() };
            if let Some(x) = o {
                match x.as_ref() {
                    RtValue::Tensor(t) => {
                        p.elem_type = Some(1);
                        p.tensor_value = Some(tensor_to_proto(t, ""));
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
    let tensors = items
        .iter()
        .map(|i| i.as_tensor().map(|t| tensor_to_proto(t, "")).map_err(|e| anyhow!("{}", e.0)))
        .collect::<Result<_>>()?;
    Ok(SequenceProto { name: Some(name.to_string()), elem_type: Some(1), tensor_values: tensors, ..Default::default() })
}

/// Reads a NumPy `.npy` file as a tensor.
pub fn read_npy(path: &Path) -> Result<Tensor> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{}'", path.display()))?;
    let npy = npyz::NpyFile::new(&bytes[..]).with_context(|| format!("'{}' is not a .npy file", path.display()))?;
    let shape: Vec<usize> = npy.shape().iter().map(|&d| d as usize).collect();
    if npy.order() != npyz::Order::C {
        bail!("'{}': Fortran-order arrays are not supported", path.display());
    }
    let descr = match npy.dtype() {
        npyz::DType::Plain(ts) => ts.to_string(),
        _ => bail!("'{}': structured arrays are not supported", path.display()),
    };
    macro_rules! read {
        ($t:ty) => {{
            let v: Vec<$t> = npy.into_vec()?;
            Tensor::from_vec(shape, v).map_err(|e| anyhow!("{}", e.0))?
        }};
    }
    Ok(match descr.trim_start_matches(['<', '|', '=']) {
        "f4" => read!(f32),
        "f8" => read!(f64),
        "f2" => read!(half::f16),
        "i1" => read!(i8),
        "i2" => read!(i16),
        "i4" => read!(i32),
        "i8" => read!(i64),
        "u1" => read!(u8),
        "u2" => read!(u16),
        "u4" => read!(u32),
        "u8" => read!(u64),
        "b1" => read!(bool),
        other => bail!("'{}': element type '{other}' is not supported", path.display()),
    })
}

/// Writes a tensor as `.npy` (bfloat16, which NumPy lacks, as float32).
pub fn write_npy(path: &Path, t: &Tensor) -> Result<()> {
    use npyz::WriterBuilder;
    let file = std::fs::File::create(path).with_context(|| format!("cannot write '{}'", path.display()))?;
    let shape: Vec<u64> = t.shape().iter().map(|&d| d as u64).collect();
    let mut w = std::io::BufWriter::new(file);
    macro_rules! write {
        ($v:expr) => {{
            let mut wr = npyz::WriteOptions::new().default_dtype().shape(&shape).writer(&mut w).begin_nd()?;
            wr.extend($v)?;
            wr.finish()?;
        }};
    }
    match t.dtype() {
        DType::F32 => write!(t.as_slice::<f32>().unwrap_or(&[]).iter().copied()),
        DType::F64 => write!(t.as_slice::<f64>().unwrap_or(&[]).iter().copied()),
        DType::F16 => write!(t.as_slice::<half::f16>().unwrap_or(&[]).iter().copied()),
        DType::BF16 => write!(t.as_slice::<half::bf16>().unwrap_or(&[]).iter().map(|x| x.to_f32())),
        DType::I8 => write!(t.as_slice::<i8>().unwrap_or(&[]).iter().copied()),
        DType::I16 => write!(t.as_slice::<i16>().unwrap_or(&[]).iter().copied()),
        DType::I32 => write!(t.as_slice::<i32>().unwrap_or(&[]).iter().copied()),
        DType::I64 => write!(t.as_slice::<i64>().unwrap_or(&[]).iter().copied()),
        DType::U8 => write!(t.as_slice::<u8>().unwrap_or(&[]).iter().copied()),
        DType::U16 => write!(t.as_slice::<u16>().unwrap_or(&[]).iter().copied()),
        DType::U32 => write!(t.as_slice::<u32>().unwrap_or(&[]).iter().copied()),
        DType::U64 => write!(t.as_slice::<u64>().unwrap_or(&[]).iter().copied()),
        DType::Bool => write!(t.as_slice::<bool>().unwrap_or(&[]).iter().copied()),
    }
    use std::io::Write as _;
    w.flush().with_context(|| format!("cannot write '{}'", path.display()))?;
    Ok(())
}
