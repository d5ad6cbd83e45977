//! The `tensor` ops `convert-onnx-to-scf` uses to move values between rank-0 tensors and
//! scalars (`extract`, `from_elements`), to unify types at joins (`cast`) and to size scans
//! (`dim`).

use super::emit::{LResult, Lower};
use super::types;
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let operands = l.ctx.operands(op).to_vec();
    Ok(Some(match name {
        "tensor.extract" if operands.len() == 1 => {
            let t = l.onnx_type(operands[0]);
            let Some(e) = types::tensor_elem(l.ctx, t) else {
                return Err(l.err(op, "tensor.extract of this element type is not supported"));
            };
            let node = l.node_id(op);
            vec![l.scalar(node, operands[0], e)?]
        }
        "tensor.from_elements" if operands.len() == 1 => {
            let rt = l.ctx.result_types(op)[0];
            if types::tensor_rank(l.ctx, rt) != Some(0) {
                return Err(l.err(op, "tensor.from_elements is only supported for rank-0 tensors"));
            }
            let v = operands[0];
            l.orig.insert(v, rt);
            vec![v]
        }
        "tensor.cast" => vec![operands[0]],
        "tensor.dim" if operands.len() == 2 => {
            let idx = l.ctx.index_type();
            if let Some(d) = static_argument_dim(l, operands[0], operands[1]) {
                return Ok(Some(vec![l.const_int(d.into(), idx)]));
            }
            let node = l.node_id(op);
            let h = l.handle(operands[0])?;
            let i64t = l.ctx.integer_type(64);
            let axis = l.cast("arith.index_cast", operands[1], i64t);
            let d = l.rt("dim", &[node, h, axis])?;
            vec![l.cast("arith.index_cast", d, idx)]
        }
        _ if name.starts_with("tensor.") => {
            return Err(l.err(op, format!("'{name}' is not supported by convert-onnx-to-loops")));
        }
        _ => return Ok(None),
    }))
}

/// A static dimension of a function argument at a constant axis. An argument's static
/// dimensions hold: the inputs are checked against the declared shapes before every run (the
/// driver, and a compiled model's `<name>_run`), so a Scan over a static input gets a constant
/// trip count, and its Gather of each step needs no bounds check (`compiled/gather.rs`).
fn static_argument_dim(l: &Lower<'_>, t: Value, axis: Value) -> Option<i64> {
    if !super::compiled::borrow::is_argument(l, t) {
        return None;
    }
    let a = usize::try_from(super::compiled::stack::const_index(l, axis)?).ok()?;
    let shape = types::tensor_shape(l.ctx, l.onnx_type(t))?;
    shape.get(a).copied().filter(|&d| d >= 0)
}
