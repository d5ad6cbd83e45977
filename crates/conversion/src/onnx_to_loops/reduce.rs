//! Reductions (`ReduceSum` ... with axes as attribute or input), `Softmax`, `LogSoftmax`, `Hardmax`,
//! `ArgMax`, `ArgMin`, and the running sums and products `CumSum`, `CumProd` (axis a scalar input
//! read at run time).

use super::emit::{LResult, Lower};
use super::shape::axes_input;
use flowgate_ir::{OpId, Value};
use flowgate_runtime_abi::ReduceOp;

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = if let Some(code) = ReduceOp::from_name(name).map(ReduceOp::code) {
        let node = l.node_id(op);
        let x = l.handle(ops[0])?;
        let axes = match axes_input(l, op, &ops, 1)? {
            Some(a) => a,
            None => l.rt("null", &[])?,
        };
        let c = l.const_i32(code);
        let keep = l.const_i32(l.int_attr(op, "keepdims").unwrap_or(1) as i32);
        let noop = l.const_i32(l.int_attr(op, "noop_with_empty_axes").unwrap_or(0) as i32);
        l.rt("reduce", &[node, c, x, axes, keep, noop])?
    } else {
        match name {
            "Softmax" | "LogSoftmax" | "Hardmax" => {
                let legacy = opset(l) < 13;
                let node = l.node_id(op);
                let x = l.handle(ops[0])?;
                let axis = l.int_attr(op, "axis").unwrap_or(if legacy { 1 } else { -1 });
                let a = l.const_i64(axis);
                let lg = l.const_i32(legacy as i32);
                let kernel = match name {
                    "Softmax" => "softmax",
                    "LogSoftmax" => "log_softmax",
                    _ => "hardmax",
                };
                l.rt(kernel, &[node, x, a, lg])?
            }
            "ArgMax" | "ArgMin" => {
                let node = l.node_id(op);
                let x = l.handle(ops[0])?;
                let a = l.const_i64(l.int_attr(op, "axis").unwrap_or(0));
                let k = l.const_i32(l.int_attr(op, "keepdims").unwrap_or(1) as i32);
                let s = l.const_i32(l.int_attr(op, "select_last_index").unwrap_or(0) as i32);
                let m = l.const_i32((name == "ArgMin") as i32);
                l.rt("arg_reduce", &[node, x, a, k, s, m])?
            }
            "CumSum" | "CumProd" => {
                let node = l.node_id(op);
                let Some(&axis) = ops.get(1) else {
                    return Err(l.err(op, format!("{name} needs an axis input")));
                };
                let x = l.handle(ops[0])?;
                let a = l.int64(node, axis)?;
                let ex = l.const_i32(l.int_attr(op, "exclusive").unwrap_or(0) as i32);
                let rev = l.const_i32(l.int_attr(op, "reverse").unwrap_or(0) as i32);
                let product = l.const_i32((name == "CumProd") as i32);
                l.rt("cumulative", &[node, x, a, ex, rev, product])?
            }
            _ => return Ok(None),
        }
    };
    Ok(Some(vec![r]))
}

/// Whether the model's default-domain opset is `v` or newer; an unknown opset (hand-written IR)
/// counts as the newest.
pub(crate) fn opset_at_least(l: &Lower<'_>, v: i64) -> bool {
    let o = opset(l);
    o == 0 || o >= v
}

/// The model's default-domain opset (`onnx.opset_import` on the module), 0 when unknown.
pub(crate) fn opset(l: &Lower<'_>) -> i64 {
    let Some(d) = l.ctx.attr(l.module, "onnx.opset_import") else { return 0 };
    let flowgate_ir::AttrKind::Dictionary(entries) = l.ctx.attr_kind(d) else { return 0 };
    entries
        .iter()
        .find(|(k, _)| matches!(l.ctx.str(*k), "ai.onnx" | ""))
        .and_then(|(_, v)| l.ctx.attr_as_int(*v))
        .map(|v| v as i64)
        .unwrap_or(0)
}
