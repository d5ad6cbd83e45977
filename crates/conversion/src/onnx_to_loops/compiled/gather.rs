//! `Gather` with a scalar index into a buffer of the compiled tier: how `convert-onnx-to-scf`
//! slices a Scan input per step (and a Loop body its `Gather(x, i)`).
//!
//! When the gathered tensor is defined outside the loop that gathers from it and has a static
//! shape of at most [`MAX_WHOLE`] elements, it is read into one buffer once, where it is defined
//! (`flowgate_rt_read_buffer`; a function argument is read in place, `borrow.rs`), and each step
//! copies its slice with loads and stores: no call per step. The index is checked in the loop; one out of range takes a cold branch that calls
//! `flowgate_rt_read_slice`, which reports the error with the node's name. The check goes when
//! the index is the induction variable of a loop from 0 whose constant trip count is at most the
//! tensor's length (a Scan over a static input), and its negative half when the trip count is
//! computed (an induction variable from 0 is never negative). Otherwise (a tensor
//! made in the loop, or too large) the runtime copies the slice straight into the buffer
//! (`flowgate_rt_read_slice`, which checks the index), so a step allocates nothing.

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::{memref_type, nest, stack::const_index};
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
            let it = l.ctx.index_type();
            let range = induction_range(l, i);
            if range.is_some_and(|ub| ub.is_some_and(|ub| ub <= len)) {
                // Always in range: no check at all.
                let wi = l.cast("arith.index_cast", i, it);
                nest::copy(l, big, &[wi], buf, &[], &out)?;
            } else {
                // ONNX indices count from the end when negative (never an induction variable).
                let t = l.const_i64(len);
                let zero = l.const_i64(0);
                let w = if range.is_some() {
                    i
                } else {
                    let neg = l.cmpi("slt", i, zero);
                    let wrapped = l.arith("arith.addi", i, t);
                    l.select(neg, wrapped, i)
                };
                // An index out of range is an error, which the cold branch reports; the copy
                // then reads row 0 (any row would do, the results of a failed run are not
                // used). The copy follows the branch in the same block, so the loads of the
                // row after it are forwarded the stored values (`promote::forward`).
                let outside = l.cmpi("uge", w, t);
                scf_if(l, outside, |l| read_slice(l))?;
                let inside = l.cmpi("ult", w, t);
                let safe = l.select(inside, w, zero);
                let wi = l.cast("arith.index_cast", safe, it);
                nest::copy(l, big, &[wi], buf, &[], &out)?;
            }
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

/// `scf.if %cond { then }` without results or else branch, at the insertion point.
fn scf_if(l: &mut Lower<'_>, cond: Value, then: impl FnOnce(&mut Lower<'_>) -> LResult<()>) -> LResult<()> {
    let loc = l.loc;
    let region = l.ctx.create_region();
    let b = l.ctx.add_block(region, &[], loc);
    let else_region = l.ctx.create_region();
    let st = OperationState::new(l.ctx, "scf.if", loc).operands(&[cond]).regions(&[region, else_region]);
    l.create(st);
    let saved = l.ip;
    let y = OperationState::new(l.ctx, "scf.yield", loc);
    l.ip = InsertPoint::End(b);
    let y = l.create(y);
    l.ip = InsertPoint::Before(y);
    then(l)?;
    l.ip = saved;
    Ok(())
}

/// When `i` is `arith.index_cast` of the induction variable of an `scf.for` from 0 by a
/// positive constant step, it is never negative: `Some` of the loop's constant upper bound
/// (it stays below it), or `Some(None)` when that bound is computed.
fn induction_range(l: &Lower<'_>, i: Value) -> Option<Option<i64>> {
    let cast = l.ctx.defining_op(i).filter(|&d| l.ctx.is_op(d, "arith.index_cast"))?;
    let iv = l.ctx.operand(cast, 0);
    if l.ctx.defining_op(iv).is_some() {
        return None;
    }
    let blk = l.ctx.value_block(iv)?;
    let for_op = ForOp::cast(l.ctx, l.ctx.block_parent_op(blk)?)?;
    if l.ctx.block_arg(blk, 0) != iv {
        return None;
    }
    let lb = const_index(l, for_op.lower_bound(l.ctx))?;
    let step = const_index(l, for_op.step(l.ctx))?;
    if lb != 0 || step < 1 {
        return None;
    }
    Some(const_index(l, for_op.upper_bound(l.ctx)))
}
