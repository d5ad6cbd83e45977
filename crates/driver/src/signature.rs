//! A model's declared input types read from its `TypeProto`s; the checks themselves are the
//! runtime's (`flowgate_runtime::signature`), shared with compiled models' `<name>_run`.

use flowgate_onnx_import::proto::{tensor_shape_proto::dimension, type_proto, TypeProto};
pub use flowgate_runtime::signature::*;

/// A graph input's or output's declared type, from its `TypeProto`.
pub fn declared(t: Option<&TypeProto>) -> Declared {
    match t.and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(tt)) => Declared::Tensor {
            elem: tt.elem_type.filter(|&c| c != 0),
            shape: tt.shape.as_ref().map(|s| {
                s.dim
                    .iter()
                    .map(|d| match &d.value {
                        Some(dimension::Value::DimValue(v)) => Dim::Static(*v),
                        Some(dimension::Value::DimParam(p)) if !p.is_empty() => Dim::Symbol(p.clone()),
                        _ => Dim::Any,
                    })
                    .collect()
            }),
        },
        Some(type_proto::Value::SequenceType(s)) => Declared::Sequence(Box::new(declared(s.elem_type.as_deref()))),
        Some(type_proto::Value::OptionalType(o)) => Declared::Optional(Box::new(declared(o.elem_type.as_deref()))),
        _ => Declared::Any,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_types_come_from_the_proto() {
        let text = r#"<ir_version: 8, opset_import: ["" : 17]>
g (float[L,1,256] x, seq(int64[N]) s, optional(float[2]) o, float u) => (float[L,1,256] y) { y = Identity(x) }"#;
        let m = flowgate_onnx_import::text::parse_model_text(text, "t.onnxtxt").unwrap();
        let g = m.graph.unwrap();
        let shown: Vec<String> = g.input.iter().map(|i| declared(i.r#type.as_ref()).to_string()).collect();
        assert_eq!(shown, ["float32[L,1,256]", "seq(int64[N])", "optional(float32[2])", "float32[]"]);
    }
}
