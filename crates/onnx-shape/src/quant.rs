//! Result types of the quantization operators: a quantized result has the zero point's type
//! (else `output_dtype`, else uint8), a dequantized one the scale's (else `output_dtype`);
//! integer products are int32, QLinear results have y's zero point's type.

use flowgate_ir::{Context, OpId, Type, TypeKind};
use flowgate_onnx::dtype;

use crate::consts::int_attr;
use crate::rules::{matmul, operand_view};
use crate::types::{dynamic_dims, tensor};

pub(crate) fn infer(ctx: &mut Context, op: OpId, name: &str) -> Option<Vec<Type>> {
    let x = operand_view(ctx, op, 0)?;
    Some(match name {
        "QuantizeLinear" => {
            let elem = match (present_elem(ctx, op, 2), attr_elem(ctx, op)?) {
                (Some(e), _) => e,
                (None, Some(e)) => e,
                (None, None) => dtype::element_type(ctx, dtype::code::UINT8).ok()?,
            };
            vec![tensor(ctx, elem, x.dims)]
        }
        "DequantizeLinear" => {
            let elem = match attr_elem(ctx, op)? {
                Some(e) => e,
                None => operand_view(ctx, op, 1)?.elem,
            };
            vec![tensor(ctx, elem, x.dims)]
        }
        "DynamicQuantizeLinear" => {
            let u8t = dtype::element_type(ctx, dtype::code::UINT8).ok()?;
            let f32t = ctx.float_type(flowgate_ir::FloatKind::F32);
            vec![tensor(ctx, u8t, x.dims), ctx.tensor_type(vec![], f32t), ctx.tensor_type(vec![], u8t)]
        }
        "MatMulInteger" => {
            let i32t = ctx.integer_type(32);
            vec![matmul(ctx, op, (0, 1), Some(i32t))?]
        }
        "QLinearMatMul" => {
            let y = present_elem(ctx, op, 7)?;
            vec![matmul(ctx, op, (0, 3), Some(y))?]
        }
        "ConvInteger" | "QLinearConv" => {
            let elem = if name == "ConvInteger" { ctx.integer_type(32) } else { present_elem(ctx, op, 7)? };
            vec![tensor(ctx, elem, x.dims.map(|d| dynamic_dims(d.len())))]
        }
        _ => return None,
    })
}

/// The element type of operand `i` when it is a tensor (not an omitted input).
fn present_elem(ctx: &Context, op: OpId, i: usize) -> Option<Type> {
    let v = *ctx.operands(op).get(i)?;
    if matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::None) {
        return None;
    }
    operand_view(ctx, op, i).map(|v| v.elem)
}

/// `output_dtype` as an element type: `Some(None)` when absent or 0, `None` when it names no
/// type (the lowering reports it).
fn attr_elem(ctx: &mut Context, op: OpId) -> Option<Option<Type>> {
    let code = int_attr(ctx, op, "output_dtype").unwrap_or(0);
    if code == 0 {
        return Some(None);
    }
    dtype::element_type(ctx, i32::try_from(code).ok()?).ok().map(Some)
}
