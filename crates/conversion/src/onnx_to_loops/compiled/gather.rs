//! `Gather` with a scalar index into a buffer of the compiled tier: how `convert-onnx-to-scf`
//! slices a Scan input per step (and a Loop body its `Gather(x, i)`).
//!
//! When the gathered tensor is defined outside the loop that gathers from it and has a static
//! shape of at most [`MAX_WHOLE`] elements, it is read into one buffer once, where it is defined
//! (`flowgate_rt_read_buffer`; a function argument is read in place, `borrow.rs`), and each step
//! copies its slice with loads and stores: no call per step. The index is checked in the loop; one out of range takes a cold branch that calls
//! `flowgate_rt_read_slice`, which reports the error with the node's name. Otherwise (a tensor
//! made in the loop, or too large) the runtime copies the slice straight into the buffer
//! (`flowgate_rt_read_slice`, which checks the index), so a step allocates nothing.

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::{memref_type, nest};
use flowgate_ir::{InsertPoint, OpId, OperationState, Value};
use flowgate_scf::{ForOp, WhileOp};

/// The largest tensor (in elements) a loop's `Gather` reads whole into a buffer: a Scan input
/// of 10^6 steps of 16 floats fits, the copy costs less than one call per step.
pub(crate) const MAX_WHOLE: i64 = 1 << 24;

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<Value>>> {
    if !l.compiled || l.tier.constant.contains(&op) || !l.ctx.is_op(op, "onnx.Gather") || l.ctx.operands(op).len() != 2
    {
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
    let out: Vec<i64> = types::tensor_shape(l.ctx, rt).unwrap_or_default();
    let whole = whole_type(l, op, data, axis, &out);
    let read_slice = |l: &mut Lower<'_>| -> LResult<()> {
        let addr = l.address(buf);
        let a = l.const_i64(axis);
        let dt = l.const_i32(e.dtype());
        let n = l.const_i64(out.iter().product());
        l.rt_void("read_slice", &[node, h, a, i, addr, dt, n])
    };
    match whole {
        Some((wty, len)) => {
            let big = l.read_only_memref(data, l.node_of(node), wty)?;
            // ONNX indices count from the end when negative.
            let t = l.const_i64(len);
            let zero = l.const_i64(0);
            let neg = l.cmpi("slt", i, zero);
            let wrapped = l.arith("arith.addi", i, t);
            let w = l.select(neg, wrapped, i);
            let inside = l.cmpi("ult", w, t);
            let it = l.ctx.index_type();
            let wi = l.cast("arith.index_cast", w, it);
            scf_if_else(l, inside, |l| nest::copy(l, big, &[wi], buf, &[], &out).map(|_| ()), |l| read_slice(l))?;
        }
        None => read_slice(l)?,
    }
    l.mark_ready(buf);
    l.orig.insert(buf, rt);
    Ok(Some(vec![buf]))
}

/// The buffer type of `data` when a loop's Gather along axis 0 reads it whole (see the module
/// comment), and its length along the axis.
fn whole_type(l: &mut Lower<'_>, op: OpId, data: Value, axis: i64, out: &[i64]) -> Option<(flowgate_ir::Type, i64)> {
    let dt = l.onnx_type(data);
    let shape = types::tensor_shape(l.ctx, dt)?;
    if (axis != 0 && axis != -(shape.len() as i64)) || shape.len() != out.len() + 1 || shape[1..] != *out {
        return None;
    }
    if shape.iter().any(|&d| d < 1) || shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d))? > MAX_WHOLE {
        return None;
    }
    // Only a loop that does not define `data` amortizes the copy.
    let lp = l.ctx.find_ancestor(op, |c, o| ForOp::cast(c, o).is_some() || WhileOp::cast(c, o).is_some())?;
    let def = l.ctx.value_block(data).and_then(|b| l.ctx.block_parent_op(b))?;
    if l.ctx.is_ancestor(lp, def) {
        return None;
    }
    let e = types::tensor_elem(l.ctx, dt).filter(|e| e.narrow().is_none())?;
    let st = e.scalar_type(l.ctx);
    Some((l.ctx.memref_type(shape.clone(), st), shape[0]))
}

/// `scf.if %cond { then } else { els }` without results, at the insertion point.
fn scf_if_else(
    l: &mut Lower<'_>,
    cond: Value,
    then: impl FnOnce(&mut Lower<'_>) -> LResult<()>,
    els: impl FnOnce(&mut Lower<'_>) -> LResult<()>,
) -> LResult<()> {
    let loc = l.loc;
    let regions = [l.ctx.create_region(), l.ctx.create_region()];
    let blocks = [l.ctx.add_block(regions[0], &[], loc), l.ctx.add_block(regions[1], &[], loc)];
    let st = OperationState::new(l.ctx, "scf.if", loc).operands(&[cond]).regions(&regions);
    l.create(st);
    let saved = l.ip;
    for (b, f) in
        [(blocks[0], Box::new(then) as Box<dyn FnOnce(&mut Lower<'_>) -> LResult<()>>), (blocks[1], Box::new(els))]
    {
        let y = OperationState::new(l.ctx, "scf.yield", loc);
        l.ip = InsertPoint::End(b);
        let y = l.create(y);
        l.ip = InsertPoint::Before(y);
        f(l)?;
    }
    l.ip = saved;
    Ok(())
}
