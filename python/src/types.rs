//! How onnxruntime describes a graph input or output (`NodeArg.type` and `NodeArg.shape`), from
//! the model's `TypeProto`, spelled exactly as onnxruntime spells it so that programs comparing
//! `arg.type == 'tensor(float)'` keep working.

use flowgate_driver::output_shapes::InferredDim;
use flowgate_onnx_import::proto::{tensor_shape_proto::dimension, type_proto, TypeProto};

/// One entry of `NodeArg.shape`: an int, a symbolic name, or `None` (unknown).
pub enum DimOut {
    Int(i64),
    Name(String),
    Unknown,
}

/// onnxruntime's name of an element type code (`TensorProto.DataType`): ONNX's own spelling.
fn elem_name(code: Option<i32>) -> String {
    flowgate_onnx::dtype::dtype_name(code.unwrap_or(0))
}

/// `tensor(float)`, `seq(tensor(int64))`, `optional(seq(tensor(float)))`,
/// `map(int64,tensor(float))`, `sparse_tensor(float)`.
pub fn ort_type(t: Option<&TypeProto>) -> String {
    match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(tt)) => format!("tensor({})", elem_name(tt.elem_type)),
        Some(type_proto::Value::SequenceType(s)) => format!("seq({})", ort_type(s.elem_type.as_deref())),
        Some(type_proto::Value::OptionalType(o)) => format!("optional({})", ort_type(o.elem_type.as_deref())),
        Some(type_proto::Value::MapType(m)) => {
            format!("map({},{})", elem_name(m.key_type), ort_type(m.value_type.as_deref()))
        }
        Some(type_proto::Value::SparseTensorType(s)) => format!("sparse_tensor({})", elem_name(s.elem_type)),
        Some(type_proto::Value::OpaqueType(o)) => {
            format!("opaque({},{})", o.domain.as_deref().unwrap_or(""), o.name.as_deref().unwrap_or(""))
        }
        None => "undefined".to_string(),
    }
}

/// The dimensions of a tensor type, or of the tensor an optional holds; onnxruntime gives `[]`
/// for a tensor without a shape and for every other kind of value.
pub fn ort_shape(t: Option<&TypeProto>) -> Vec<DimOut> {
    let tt = match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(tt)) => tt,
        Some(type_proto::Value::OptionalType(o)) => return ort_shape(o.elem_type.as_deref()),
        _ => return Vec::new(),
    };
    let Some(shape) = &tt.shape else { return Vec::new() };
    shape
        .dim
        .iter()
        .map(|d| match &d.value {
            Some(dimension::Value::DimValue(v)) => DimOut::Int(*v),
            Some(dimension::Value::DimParam(p)) if !p.is_empty() => DimOut::Name(p.clone()),
            _ => DimOut::Unknown,
        })
        .collect()
}

/// An output's `NodeArg.shape`: the declared shape merged with the one shape inference found,
/// as onnxruntime merges them (ONNX's `mergeInShapeInfo`): an inferred size replaces a declared
/// name or unknown, a declared name stays, an inferred name fills an unknown; an output
/// declared without a shape takes the inferred one. Not a tensor: as [`ort_shape`].
pub fn ort_output_shape(t: Option<&TypeProto>, inferred: Option<&[InferredDim]>) -> Vec<DimOut> {
    let declared = match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(tt)) => tt.shape.as_ref().map(|_| ort_shape(t)),
        _ => return ort_shape(t),
    };
    let Some(inferred) = inferred else { return declared.unwrap_or_default() };
    let from_inference = |d: &InferredDim| match d {
        InferredDim::Static(v) => DimOut::Int(*v),
        InferredDim::Symbol(n) => DimOut::Name(n.clone()),
        InferredDim::Unknown => DimOut::Unknown,
    };
    match declared {
        None => inferred.iter().map(from_inference).collect(),
        Some(dims) if dims.len() != inferred.len() => dims,
        Some(dims) => dims
            .into_iter()
            .zip(inferred)
            .map(|(d, i)| match (d, i) {
                (DimOut::Int(v), _) => DimOut::Int(v),
                (_, InferredDim::Static(v)) => DimOut::Int(*v),
                (DimOut::Name(n), _) => DimOut::Name(n),
                (DimOut::Unknown, i) => from_inference(i),
            })
            .collect(),
    }
}
