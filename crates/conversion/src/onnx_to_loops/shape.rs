//! Shape ops: `Shape`, `Size`, `Reshape`, `Expand`, `Squeeze`, `Unsqueeze`, `Flatten`, `Range`,
//! and the Scan lowering's length and batch checks (`onnx.Scan.check_length`, `check_batch`).
//! Shapes are computed at run time by the runtime, from whatever the inputs hold.

use super::constants::i64_tensor;
use super::emit::{LResult, Lower};
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = match name {
        "Shape" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let start = l.int_attr(op, "start").unwrap_or(0);
            let end = l.int_attr(op, "end").unwrap_or(i64::MAX);
            let (s, e) = (l.const_i64(start), l.const_i64(end));
            l.rt("shape", &[node, x, s, e])?
        }
        "Size" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            l.rt("size", &[node, x])?
        }
        "Reshape" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let s = l.handle(ops[1])?;
            let az = l.const_i32(l.int_attr(op, "allowzero").unwrap_or(0) as i32);
            l.rt("reshape", &[node, x, s, az])?
        }
        "Expand" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let s = l.handle(ops[1])?;
            l.rt("expand", &[node, x, s])?
        }
        "Squeeze" | "Unsqueeze" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let axes = axes_input(l, op, &ops, 1)?;
            let axes = match axes {
                Some(a) => a,
                None if name == "Squeeze" => l.rt("null", &[])?,
                None => return Err(l.err(op, "Unsqueeze needs axes")),
            };
            l.rt(if name == "Squeeze" { "squeeze" } else { "unsqueeze" }, &[node, x, axes])?
        }
        "Flatten" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let axis = l.const_i64(l.int_attr(op, "axis").unwrap_or(1));
            l.rt("flatten", &[node, x, axis])?
        }
        // convert-onnx-to-scf's run-time checks that a scan input is as long as scan input #0,
        // and that an opset-8 Scan operand has scan input #0's batch size.
        "Scan.check_length" => scan_check(l, op, &ops, "scan_length", [("axis", 0), ("input", 0)])?,
        "Scan.check_batch" => scan_check(l, op, &ops, "scan_batch", [("operand", 0), ("states", 0)])?,
        "Range" => {
            let node = l.node_id(op);
            let hs: Vec<Value> = ops.iter().map(|&v| l.handle(v)).collect::<LResult<_>>()?;
            l.rt("range", &[node, hs[0], hs[1], hs[2]])?
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

/// A Scan check: runtime function `rt` on the node, the size `ops[0]` (an index, which the
/// check passes through), the value `ops[1]` and two integer attributes (with defaults).
fn scan_check(l: &mut Lower<'_>, op: OpId, ops: &[Value], rt: &str, attrs: [(&str, i64); 2]) -> LResult<Value> {
    let node = l.node_id(op);
    let i64t = l.ctx.integer_type(64);
    let size = l.cast("arith.index_cast", ops[0], i64t);
    let x = l.handle(ops[1])?;
    let mut args = vec![node, size, x];
    for (name, default) in attrs {
        let v = l.int_attr(op, name).unwrap_or(default);
        args.push(l.const_i64(v));
    }
    let n = l.rt(rt, &args)?;
    let idx = l.ctx.index_type();
    Ok(l.cast("arith.index_cast", n, idx))
}

/// An axes list given as input `k` (newer opsets) or as the `axes` attribute (older ones).
pub(crate) fn axes_input(l: &mut Lower<'_>, op: OpId, ops: &[Value], k: usize) -> LResult<Option<Value>> {
    if let Some(&v) = ops.get(k) {
        if !l.absent(v) {
            return l.handle(v).map(Some);
        }
    }
    match l.ints_attr(op, "axes") {
        Some(a) => i64_tensor(l, &a).map(Some),
        None => Ok(None),
    }
}
