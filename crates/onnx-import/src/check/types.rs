//! Type comparison at the level ONNX control flow fixes: kind (tensor, sequence, optional, ...)
//! and element type. Shapes are ignored on purpose: loop-carried values may change shape between
//! iterations and `If` branches may yield different shapes.

use crate::proto::tensor_proto::DataType;
use crate::proto::tensor_shape_proto::{dimension, Dimension};
use crate::proto::type_proto::{self, Value};
use crate::proto::{TensorProto, TensorShapeProto, TypeProto};

/// The declared type of an initializer.
pub(super) fn initializer_type(t: &TensorProto) -> TypeProto {
    TypeProto {
        denotation: None,
        value: Some(Value::TensorType(type_proto::Tensor {
            elem_type: t.data_type,
            shape: Some(TensorShapeProto {
                dim: t
                    .dims
                    .iter()
                    .map(|&d| Dimension { denotation: None, value: Some(dimension::Value::DimValue(d)) })
                    .collect(),
            }),
        })),
    }
}

fn elem_known(e: Option<i32>) -> Option<i32> {
    e.filter(|&e| e != DataType::Undefined as i32)
}

/// `optional(T)` seen as `T`: ONNX lets a value of type `T` flow where `optional(T)` is
/// declared (the backend test `test_loop16_seq_none` carries `optional(seq)` into a body that
/// yields `seq`).
fn strip_optional(t: &TypeProto) -> Option<&TypeProto> {
    match &t.value {
        Some(Value::OptionalType(o)) => o.elem_type.as_deref(),
        _ => Some(t),
    }
}

/// False only when both types are known to differ in kind or element type.
pub(super) fn compatible(a: &TypeProto, b: &TypeProto) -> bool {
    let (Some(va), Some(vb)) = (&a.value, &b.value) else {
        return true;
    };
    let a_opt = matches!(va, Value::OptionalType(_));
    let b_opt = matches!(vb, Value::OptionalType(_));
    if a_opt != b_opt {
        return match (strip_optional(a), strip_optional(b)) {
            (Some(x), Some(y)) => compatible(x, y),
            _ => true,
        };
    }
    fn inner(a: Option<&TypeProto>, b: Option<&TypeProto>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => compatible(a, b),
            _ => true,
        }
    }
    fn elems(a: Option<i32>, b: Option<i32>) -> bool {
        match (elem_known(a), elem_known(b)) {
            (Some(x), Some(y)) => x == y,
            _ => true,
        }
    }
    match (va, vb) {
        (Value::TensorType(x), Value::TensorType(y)) => elems(x.elem_type, y.elem_type),
        (Value::SparseTensorType(x), Value::SparseTensorType(y)) => elems(x.elem_type, y.elem_type),
        (Value::SequenceType(x), Value::SequenceType(y)) => inner(x.elem_type.as_deref(), y.elem_type.as_deref()),
        (Value::OptionalType(x), Value::OptionalType(y)) => inner(x.elem_type.as_deref(), y.elem_type.as_deref()),
        (Value::MapType(x), Value::MapType(y)) => {
            elems(x.key_type, y.key_type) && inner(x.value_type.as_deref(), y.value_type.as_deref())
        }
        (Value::OpaqueType(x), Value::OpaqueType(y)) => x == y,
        _ => false,
    }
}

/// Whether `t` is a tensor of element type `dt`; `None` when `t` says too little to tell.
pub(super) fn is_tensor_of(t: &TypeProto, dt: DataType) -> Option<bool> {
    match &t.value {
        None => None,
        Some(Value::TensorType(x)) => elem_known(x.elem_type).map(|e| e == dt as i32),
        Some(_) => Some(false),
    }
}

/// Element type of a tensor type, when known.
pub(super) fn tensor_elem(t: &TypeProto) -> Option<i32> {
    match &t.value {
        Some(Value::TensorType(x)) => elem_known(x.elem_type),
        _ => None,
    }
}

/// Rank of a tensor type whose shape is known.
pub(super) fn tensor_rank(t: &TypeProto) -> Option<usize> {
    match &t.value {
        Some(Value::TensorType(x)) => x.shape.as_ref().map(|s| s.dim.len()),
        _ => None,
    }
}

pub(super) fn elem_name(e: i32) -> String {
    match DataType::try_from(e) {
        Ok(DataType::Undefined) | Err(_) => format!("type#{e}"),
        Ok(dt) => dt.as_str_name().to_ascii_lowercase(),
    }
}

/// ONNX-style spelling: `tensor(float)`, `seq(tensor(int64))`, `optional(...)`.
pub(super) fn describe(t: &TypeProto) -> String {
    fn opt(t: Option<&TypeProto>) -> String {
        t.map(describe).unwrap_or_else(|| "?".to_string())
    }
    match &t.value {
        None => "?".to_string(),
        Some(Value::TensorType(x)) => format!("tensor({})", x.elem_type.map(elem_name).unwrap_or("?".into())),
        Some(Value::SparseTensorType(x)) => {
            format!("sparse_tensor({})", x.elem_type.map(elem_name).unwrap_or("?".into()))
        }
        Some(Value::SequenceType(x)) => format!("seq({})", opt(x.elem_type.as_deref())),
        Some(Value::OptionalType(x)) => format!("optional({})", opt(x.elem_type.as_deref())),
        Some(Value::MapType(x)) => {
            format!("map({}, {})", x.key_type.map(elem_name).unwrap_or("?".into()), opt(x.value_type.as_deref()))
        }
        Some(Value::OpaqueType(x)) => {
            format!("opaque({}.{})", x.domain.as_deref().unwrap_or(""), x.name.as_deref().unwrap_or(""))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_graph_text;

    fn ty(s: &str) -> TypeProto {
        let g = parse_graph_text(&format!("g ({s} x) => () {{}}"), "t").expect("type parses");
        g.input[0].r#type.clone().expect("typed")
    }

    #[test]
    fn kinds_and_element_types() {
        assert!(compatible(&ty("float[2]"), &ty("float[N,3]")));
        assert!(!compatible(&ty("float"), &ty("int64")));
        assert!(!compatible(&ty("float"), &ty("seq(float)")));
        assert!(compatible(&ty("optional(seq(float[2]))"), &ty("optional(seq(float))")));
        assert!(!compatible(&ty("optional(seq(float))"), &ty("optional(seq(double))")));
        assert!(compatible(&ty("optional(seq(float))"), &ty("seq(float)")));
        assert!(!compatible(&ty("optional(seq(float))"), &ty("float")));
        assert!(compatible(&TypeProto::default(), &ty("float")));
        assert_eq!(describe(&ty("optional(seq(float[2]))")), "optional(seq(tensor(float)))");
        assert_eq!(is_tensor_of(&ty("bool"), DataType::Bool), Some(true));
        assert_eq!(tensor_rank(&ty("float[1,2]")), Some(2));
        assert_eq!(tensor_rank(&ty("float[]")), None);
    }
}
