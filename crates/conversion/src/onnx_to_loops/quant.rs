//! The quantization operators, each one runtime call (`crates/runtime/src/quant`, onnxruntime's
//! integer arithmetic): `QuantizeLinear`, `DequantizeLinear` (opsets 10 to 28: axis, blocks,
//! `output_dtype`, `saturate`, `precision`), `DynamicQuantizeLinear` (its three results taken
//! from the sequence the kernel returns), `MatMulInteger`, `QLinearMatMul`, `ConvInteger` and
//! `QLinearConv` (the convolution attributes as `Conv`'s).

use super::emit::{LResult, Lower};
use super::reduce::opset_at_least;
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let r = match name {
        "QuantizeLinear" => {
            let mut args = l.node_and_inputs(op, 2, 3, "x and y_scale")?;
            args.extend(layout(l, op));
            args.push(l.const_i32(int_attr_i32(l, op, "output_dtype")?));
            args.push(l.const_i32(l.int_attr(op, "saturate").unwrap_or(1) as i32));
            // Opset 23 divides in the scale's type unless `precision` says otherwise; before,
            // onnxruntime divides in float32 whatever the input type.
            let precision = match int_attr_i32(l, op, "precision")? {
                0 if !opset_at_least(l, 23) => flowgate_onnx::dtype::code::FLOAT,
                p => p,
            };
            args.push(l.const_i32(precision));
            l.rt("quantize_linear", &args)?
        }
        "DequantizeLinear" => {
            let mut args = l.node_and_inputs(op, 2, 3, "x and x_scale")?;
            args.extend(layout(l, op));
            args.push(l.const_i32(int_attr_i32(l, op, "output_dtype")?));
            l.rt("dequantize_linear", &args)?
        }
        "DynamicQuantizeLinear" => {
            let args = l.node_and_inputs(op, 1, 1, "x")?;
            let seq = l.rt("dynamic_quantize_linear", &args)?;
            let n = l.ctx.results(op).len();
            return l.seq_elements(args[0], seq, n).map(Some);
        }
        "MatMulInteger" => {
            let args = l.node_and_inputs(op, 2, 4, "A and B")?;
            l.rt("matmul_integer", &args)?
        }
        "QLinearMatMul" => {
            let args = l.node_and_inputs(
                op,
                8,
                8,
                "a, a_scale, a_zero_point, b, b_scale, b_zero_point, y_scale and y_zero_point",
            )?;
            l.rt("qlinear_matmul", &args)?
        }
        "ConvInteger" => {
            let mut args = l.node_and_inputs(op, 2, 4, "x and w")?;
            args.extend(super::nn::conv_attrs(l, op)?);
            l.rt("conv_integer", &args)?
        }
        "QLinearConv" => {
            let inputs = "x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale and y_zero_point";
            let mut args = l.node_and_inputs(op, 8, 9, inputs)?;
            args.extend(super::nn::conv_attrs(l, op)?);
            l.rt("qlinear_conv", &args)?
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

/// `axis` (default 1) and `block_size` (default 0) as i64 constants.
fn layout(l: &mut Lower<'_>, op: OpId) -> [Value; 2] {
    let axis = l.int_attr(op, "axis").unwrap_or(1);
    let block = l.int_attr(op, "block_size").unwrap_or(0);
    [l.const_i64(axis), l.const_i64(block)]
}

/// An element-type attribute (0 when absent), checked to fit the runtime's i32 code.
fn int_attr_i32(l: &Lower<'_>, op: OpId, name: &str) -> LResult<i32> {
    let v = l.int_attr(op, name).unwrap_or(0);
    i32::try_from(v).map_err(|_| l.err(op, format!("attribute '{name}' = {v} is not an element type")))
}
