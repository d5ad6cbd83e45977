//! `Gather` with a scalar index into a buffer of the compiled tier: how `convert-onnx-to-scf`
//! slices a Scan input per step (and a Loop body its `Gather(x, i)`). The runtime copies the
//! slice straight into the buffer (`flowgate_rt_read_slice`, which checks the index), so a step
//! allocates nothing, however large the sliced tensor is.

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::memref_type;
use flowgate_ir::{OpId, Value};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<Value>>> {
    if !l.compiled || !l.ctx.is_op(op, "onnx.Gather") || l.ctx.operands(op).len() != 2 {
        return Ok(None);
    }
    let (data, idx) = (l.ctx.operand(op, 0), l.ctx.operand(op, 1));
    if !l.is_register(idx) || types::scalar_elem(l.ctx, l.onnx_type(idx)).is_none() {
        return Ok(None);
    }
    let rt = l.onnx_type(l.ctx.result(op, 0));
    let Some(mty) = memref_type(l.ctx, rt) else { return Ok(None) };
    let Some(e) = types::tensor_elem(l.ctx, rt) else { return Ok(None) };
    if types::tensor_elem(l.ctx, l.onnx_type(data)) != Some(e) {
        return Ok(None);
    }
    let axis = l.int_attr(op, "axis").unwrap_or(0);
    let node = l.node_id(op);
    let h = l.handle(data)?;
    let i = l.int64(node, idx)?;
    let buf = l.buffer(mty, true)?;
    let addr = l.address(buf);
    let a = l.const_i64(axis);
    let dt = l.const_i32(e.dtype());
    let n = l.const_i64(types::tensor_shape(l.ctx, rt).unwrap_or_default().iter().product());
    l.rt_void("read_slice", &[node, h, a, i, addr, dt, n])?;
    l.mark_ready(buf);
    l.orig.insert(buf, rt);
    Ok(Some(vec![buf]))
}
