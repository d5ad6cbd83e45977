//! ONNX `TypeProto`s as IR types: tensors are builtin tensors (symbolic or missing dimensions
//! are `?`, a missing shape is unranked), sequences `!onnx.seq<T>`, optionals `!onnx.opt<T>`.
//! Maps, opaque and sparse tensor types have no IR form and are errors naming the kind.

use flowgate_ir::{Context, Type, DYNAMIC};
use flowgate_onnx::{dtype, types as onnx_types};

use crate::proto::tensor_shape_proto::dimension;
use crate::proto::type_proto::Value;
use crate::proto::TypeProto;

/// The IR type of `t`; an absent type or element type becomes `!onnx.unknown`.
pub fn import_type(ctx: &mut Context, t: &TypeProto) -> Result<Type, String> {
    match &t.value {
        None => Ok(onnx_types::unknown_type(ctx)),
        Some(Value::TensorType(x)) => {
            let elem = match x.elem_type {
                None | Some(0) => return Ok(onnx_types::unknown_type(ctx)),
                Some(c) => dtype::element_type(ctx, c)?,
            };
            let dims = x.shape.as_ref().map(|s| {
                s.dim
                    .iter()
                    .map(|d| match d.value {
                        Some(dimension::Value::DimValue(v)) if v >= 0 => v,
                        _ => DYNAMIC,
                    })
                    .collect()
            });
            Ok(onnx_shape_tensor(ctx, elem, dims))
        }
        Some(Value::SequenceType(s)) => {
            let e = match s.elem_type.as_deref() {
                Some(e) => import_type(ctx, e)?,
                None => onnx_types::unknown_type(ctx),
            };
            Ok(onnx_types::seq_type(ctx, e))
        }
        Some(Value::OptionalType(o)) => {
            let e = match o.elem_type.as_deref() {
                Some(e) => import_type(ctx, e)?,
                None => onnx_types::unknown_type(ctx),
            };
            Ok(onnx_types::opt_type(ctx, e))
        }
        Some(Value::SparseTensorType(_)) => Err("sparse tensor types are not supported".to_string()),
        Some(Value::MapType(_)) => Err("map types are not supported".to_string()),
        Some(Value::OpaqueType(_)) => Err("opaque types are not supported".to_string()),
    }
}

fn onnx_shape_tensor(ctx: &mut Context, elem: Type, dims: Option<Vec<i64>>) -> Type {
    flowgate_onnx_shape::types::tensor(ctx, elem, dims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_graph_text;
    use flowgate_ir::asm::type_to_string;

    fn imported(src: &str) -> Result<String, String> {
        let g = parse_graph_text(&format!("g ({src} x) => () {{}}"), "t").expect("parses");
        let mut ctx = Context::new();
        let t = import_type(&mut ctx, g.input[0].r#type.as_ref().expect("typed"))?;
        Ok(type_to_string(&ctx, t))
    }

    #[test]
    fn tensor_sequence_and_optional_types() {
        assert_eq!(imported("float[2,N,3]").as_deref(), Ok("tensor<2x?x3xf32>"));
        assert_eq!(imported("int64").as_deref(), Ok("tensor<i64>"));
        assert_eq!(imported("bool[1]").as_deref(), Ok("tensor<1xi1>"));
        assert_eq!(imported("uint8[4]").as_deref(), Ok("tensor<4xui8>"));
        assert_eq!(imported("float16[]").as_deref(), Ok("tensor<*xf16>"));
        assert_eq!(imported("seq(bfloat16[2])").as_deref(), Ok("!onnx.seq<tensor<2xbf16>>"));
        assert_eq!(imported("optional(seq(double))").as_deref(), Ok("!onnx.opt<!onnx.seq<tensor<f64>>>"));
        assert_eq!(imported("string[2]").as_deref(), Ok("tensor<2x!onnx.string>"));
        assert_eq!(imported("complex64").unwrap_err(), "element type 'complex64' is not supported");
    }
}
