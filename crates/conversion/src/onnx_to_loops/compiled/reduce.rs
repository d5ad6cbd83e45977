//! `ReduceSum` over one axis of a static float tensor in the compiled tier: a nest over the
//! result, each element summed over the axis by an `scf.for` that carries the sum in a register
//! (from 0, in index order). The input's op, when it is an elementwise nest used only here, is
//! computed inside that loop (`nest::defer`), so `sum(s * c, -1)` makes no intermediate buffer.
//! Integer sums stay with the runtime, which saturates them as onnxruntime does.

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::memref_type;
use super::nest::{self, open, Nest};
use flowgate_ir::{OpId, OperationState};
use std::collections::HashMap;

/// What the tier needs of a `ReduceSum` it computes.
pub(crate) struct Reduce {
    /// The input's shape.
    pub input: Vec<i64>,
    pub axis: usize,
    pub keep: bool,
}

/// The axes of every `ReduceSum` in `f` given by an `onnx.Constant` (or the `axes` attribute),
/// read before the lowering replaces the constants.
pub(crate) fn record_axes(l: &mut Lower<'_>, f: OpId) {
    for op in l.ctx.find_ops(f, "onnx.ReduceSum") {
        let axes = match l.ctx.operands(op).get(1) {
            Some(&a) => flowgate_onnx_shape::consts::const_ints(l.ctx, a),
            None => l.ints_attr(op, "axes"),
        };
        if let Some(a) = axes {
            l.tier.reduce_axes.insert(op, a);
        }
    }
}

/// The reduction `op` is when the tier computes it: `ReduceSum` of a static f32/f64 input over
/// one axis.
pub(crate) fn info(l: &mut Lower<'_>, op: OpId) -> Option<Reduce> {
    if !l.compiled
        || l.tier.constant.contains(&op)
        || !l.ctx.is_op(op, "onnx.ReduceSum")
        || l.ctx.results(op).len() != 1
    {
        return None;
    }
    let [axis] = l.tier.reduce_axes.get(&op)?.as_slice() else { return None };
    let x = *l.ctx.operands(op).first()?;
    let (xt, rt) = (l.onnx_type(x), l.onnx_type(l.ctx.result(op, 0)));
    memref_type(l.ctx, xt)?;
    memref_type(l.ctx, rt)?;
    types::tensor_elem(l.ctx, xt).filter(|e| e.is_float() && e.narrow().is_none())?;
    let input = types::tensor_shape(l.ctx, xt)?;
    let r = input.len() as i64;
    let axis = usize::try_from(if *axis < 0 { axis + r } else { *axis }).ok().filter(|&a| a < input.len())?;
    let keep = l.int_attr(op, "keepdims").unwrap_or(1) != 0;
    let mut out = input.clone();
    if keep {
        out[axis] = 1;
    } else {
        out.remove(axis);
    }
    (types::tensor_shape(l.ctx, rt)? == out).then_some(Reduce { input, axis, keep })
}

/// The nest of a `ReduceSum` the tier takes, writing a buffer of its own.
pub(crate) fn lower(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<flowgate_ir::Value>>> {
    let Some(r) = info(l, op) else { return Ok(None) };
    let rt = l.onnx_type(l.ctx.result(op, 0));
    let Some(mty) = memref_type(l.ctx, rt) else { return Ok(None) };
    let x = l.ctx.operand(op, 0);
    let et = l.elem(x).map(|e| e.scalar_type(l.ctx)).ok_or_else(|| l.err(op, "internal: ReduceSum element type"))?;
    let node = l.node_index(op);
    let mut leaves = HashMap::new();
    nest::collect_value(l, x, node, &mut leaves)?;
    let buf = l.buffer(mty, true)?;
    let saved = l.ip;
    let out: Vec<i64> = if r.keep {
        r.input.iter().enumerate().map(|(j, &d)| if j == r.axis { 1 } else { d }).collect()
    } else {
        r.input.iter().enumerate().filter(|&(j, _)| j != r.axis).map(|(_, &d)| d).collect()
    };
    let Nest { idx, c0, outer } = open(l, &out);
    let zero = l.const_float(0.0, et);
    let (ub, c1) = l.with_builder(|b, loc| {
        (
            flowgate_arith::builders::constant_index(b, r.input[r.axis], loc),
            flowgate_arith::builders::constant_index(b, 1, loc),
        )
    });
    let it = l.ctx.index_type();
    let region = l.ctx.create_region();
    let blk = l.ctx.add_block(region, &[it, et], l.loc);
    let st =
        OperationState::new(l.ctx, "scf.for", l.loc).operands(&[c0, ub, c1, zero]).results(&[et]).regions(&[region]);
    let for_op = l.create(st);
    let after_for = l.ip;
    l.ip = flowgate_ir::InsertPoint::End(blk);
    let (k, acc) = (l.ctx.block_arg(blk, 0), l.ctx.block_arg(blk, 1));
    let mut at = idx.clone();
    if r.keep {
        at[r.axis] = k;
    } else {
        at.insert(r.axis, k);
    }
    let v = nest::leaf_at(l, op, x, &at, c0, &leaves)?;
    let s = l.arith("arith.addf", acc, v);
    let st = OperationState::new(l.ctx, "scf.yield", l.loc).operands(&[s]);
    l.create(st);
    l.ip = after_for;
    let sum = l.ctx.result(for_op, 0);
    Ok(Some(nest::finish(l, sum, buf, &idx, outer, saved, rt)))
}
