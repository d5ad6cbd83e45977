//! Stacked loop outputs written in place. `convert-onnx-to-scf` gives a Scan output (and a
//! Loop's scan output) as a sequence carried by the loop, appended to once per trip and
//! stacked after it:
//!
//! ```text
//! %e = onnx.SequenceEmpty
//! %r = scf.for %i = 0 to T step 1 iter_args(%s = %e) {
//!   %s2 = onnx.SequenceInsert(%s, %v)        // %v of static shape S
//!   scf.yield %s2
//! }
//! %y = onnx.ConcatFromSequence(%r) {axis = 0, new_axis = 1}
//! ```
//!
//! When `T` is known at compile time and `%v` is in the compiled tier, the stack is one buffer
//! `memref<T x S>` allocated at function entry: the insert stores `%v` into row `%i` (a copy nest)
//! and the sequence passes through the loop untouched; the concat is that buffer, crossed to a
//! handle once, after the loop. No step allocates or calls the runtime.
//!
//! A stack too large for the tier (more than `MAX_ELEMENTS`, so the concat is a handle anyway)
//! is written in place instead: right before the loop, `flowgate_rt_tensor_zeros` makes the
//! result tensor and the buffer is a view of its elements (`borrow.rs`); the concat is that
//! handle, with no copy after the loop (the Scan cumsum benchmark spent a third of its time in
//! that copy at 10^6 steps). The tensor is made per execution of the loop, so a loop nested in
//! another never hands out the same tensor twice.

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::{borrow, gather::MAX_WHOLE, memref_type, nest};
use flowgate_ir::{InsertPoint, OpId, OperationState, Value};
use flowgate_scf::{ForOp, YieldOp};

/// A planned stack: its buffer, the loop's induction variable, the shape of one row.
#[derive(Clone)]
pub(crate) struct Stack {
    buf: Value,
    iv: Value,
    row: Vec<i64>,
    /// The buffer type of one row (the inserted value's type when the plan was made: a value
    /// passed through an `Identity` may later carry a less static type).
    row_ty: flowgate_ir::Type,
    lp: OpId,
    /// The result tensor the buffer views, when the stack is written in place.
    handle: Option<Value>,
}

/// A row stored into a stack: the buffer of the inserted value and the nest copying it.
pub(crate) struct Row {
    value: Value,
    copy: OpId,
    stack: Stack,
}

/// Rows written in place: when the inserted value's buffer is one op's, used only by loads and
/// stores in the stack's loop, its accesses become accesses of the stack's row `iv` and the
/// copy goes: the op that makes the row writes it into the stacked output directly (Mamba's
/// `y_t`, summed straight into row t of `ys`).
pub(crate) fn write_rows_in_place(l: &mut Lower<'_>) {
    let rows = std::mem::take(&mut l.tier.rows);
    let mut count: std::collections::HashMap<Value, usize> = Default::default();
    for r in &rows {
        *count.entry(r.value).or_default() += 1;
    }
    for Row { value: v, copy, stack: s } in rows {
        // A value stacked twice keeps its buffer (each stack copies it).
        if count[&v] > 1 {
            continue;
        }
        let alloc = l.ctx.defining_op(v).filter(|&d| l.ctx.is_op(d, "memref.alloc"));
        let same = super::nest::buffer_elem(l, v) == super::nest::buffer_elem(l, s.buf)
            && matches!(l.ctx.type_kind(l.ctx.value_type(v)),
                flowgate_ir::TypeKind::MemRef { shape, layout: None, .. } if *shape == s.row);
        let uses = l.ctx.uses(v).to_vec();
        let accesses = uses.iter().all(|u| {
            l.ctx.is_ancestor(s.lp, u.op)
                && ((l.ctx.is_op(u.op, "memref.load") && u.index == 0)
                    || (l.ctx.is_op(u.op, "memref.store") && u.index == 1))
        });
        if alloc.is_none() || !same || !accesses || !l.tier.fresh.contains(&v) {
            continue;
        }
        l.ctx.erase_op(copy);
        for u in l.ctx.uses(v).to_vec() {
            let mut ops = l.ctx.operands(u.op).to_vec();
            let at = u.index as usize;
            ops[at] = s.buf;
            ops.insert(at + 1, s.iv);
            l.ctx.set_operands(u.op, ops);
        }
        if let Some(d) = alloc.filter(|_| l.ctx.uses(v).is_empty()) {
            l.tier.buffers.retain(|&b| b != v);
            l.tier.fresh.remove(&v);
            l.ctx.erase_op(d);
        }
    }
}

/// Finds the stacks of function `f` (before its ops are lowered).
pub(crate) fn plan(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    if !l.compiled {
        return Ok(());
    }
    let mut loops = Vec::new();
    l.ctx.walk(f, &mut |op| loops.extend(ForOp::cast(l.ctx, op)));
    for for_op in loops {
        let lp = for_op.op();
        let n_inits = for_op.init_args(l.ctx).len();
        let (lb, ub, step) = (for_op.lower_bound(l.ctx), for_op.upper_bound(l.ctx), for_op.step(l.ctx));
        if n_inits == 0 || const_index(l, lb) != Some(0) || const_index(l, step) != Some(1) {
            continue;
        }
        // A trip count known only when the loop starts (a Loop's `M` given as an input) still
        // makes a stack, written in place into a result of that many rows.
        let trips = match trip_count(l, ub) {
            Some(t) if t >= 1 => Some(t),
            Some(_) => continue,
            None => None,
        };
        let Some(blk) = l.ctx.entry_block(for_op.body(l.ctx)) else { continue };
        let Some(y) = l.ctx.terminator(blk).filter(|&t| l.ctx.is_op(t, YieldOp::NAME)) else { continue };
        for k in 0..n_inits {
            if let Some((ins, cat, row, row_ty)) = pattern(l, for_op, blk, y, k, trips) {
                // The ONNX element type (signedness), and the buffer's.
                let element = match l.ctx.type_kind(l.onnx_type(l.ctx.operand(ins, 1))) {
                    flowgate_ir::TypeKind::RankedTensor { element, .. } => *element,
                    _ => continue,
                };
                let Some(elem) = types::elem_of_scalar_type(l.ctx, element) else { continue };
                let mut shape = vec![trips.unwrap_or(flowgate_ir::types::DYNAMIC)];
                shape.extend_from_slice(&row);
                let st = elem.scalar_type(l.ctx);
                let ty = l.ctx.memref_type(shape.clone(), st);
                let full = l.ctx.tensor_type(shape.clone(), element);
                // In place when the result is a handle anyway and someone uses it (a used handle
                // outlives the loop, so its view does).
                let used = !l.ctx.uses(l.ctx.result(cat, 0)).is_empty();
                let (buf, handle) = if trips.is_none() {
                    // Zero trips make `[0, row...]`: only where that is what stacking nothing
                    // gives (not where the unspecialized model leaves the row's dimensions
                    // unknown, and onnxruntime gives 0 for them).
                    let mut empty = vec![0];
                    empty.extend_from_slice(&row);
                    if !used || super::super::sequence::empty_concat_dims(l, cat) != Some(empty) {
                        continue;
                    }
                    let (buf, h) = in_place_dynamic(l, cat, lp, ub, &row, elem, ty, full)?;
                    (buf, Some(h))
                } else if memref_type(l.ctx, full).is_none() && used {
                    let (buf, h) = in_place(l, cat, lp, &shape, elem, ty, full)?;
                    (buf, Some(h))
                } else {
                    (l.buffer(ty, true)?, None)
                };
                l.orig.insert(buf, full);
                let iv = l.ctx.block_arg(blk, 0);
                let s = Stack { buf, iv, row, row_ty, lp, handle };
                l.tier.stacks.insert(ins, s.clone());
                l.tier.stacks.insert(cat, s);
            }
        }
    }
    Ok(())
}

/// The result tensor of a stack written in place, made right before loop `lp`, and the view
/// of its elements the loop writes.
fn in_place(
    l: &mut Lower<'_>,
    cat: OpId,
    lp: OpId,
    shape: &[i64],
    elem: types::Elem,
    ty: flowgate_ir::Type,
    full: flowgate_ir::Type,
) -> LResult<(Value, Value)> {
    let saved = (l.ip, l.loc);
    let dims = l.shape_handle(shape)?;
    l.ip = InsertPoint::Before(lp);
    l.loc = l.ctx.op_loc(cat);
    let node = l.node_id(cat);
    let dt = l.const_i32(elem.dtype());
    let h = l.rt("tensor_zeros", &[node, dt, dims])?;
    l.orig.insert(h, full);
    let buf = borrow::view(l, h, node, ty)?;
    (l.ip, l.loc) = saved;
    Ok((buf, h))
}

/// [`in_place`] for a loop whose trip count `ub` is known only when it starts: right before the
/// loop, the result tensor of `[max(ub, 0), row...]` zeros (its shape written into a small
/// buffer and made a tensor, `flowgate_rt_from_buffer`) and a view of its elements of type
/// `ty` (`memref<? x row>`). Zero trips leave `[0, row...]`, as stacking nothing does.
#[allow(clippy::too_many_arguments)]
fn in_place_dynamic(
    l: &mut Lower<'_>,
    cat: OpId,
    lp: OpId,
    ub: Value,
    row: &[i64],
    elem: types::Elem,
    ty: flowgate_ir::Type,
    full: flowgate_ir::Type,
) -> LResult<(Value, Value)> {
    let saved = (l.ip, l.loc);
    let (it, i64t) = (l.ctx.index_type(), l.ctx.integer_type(64));
    let dims_ty = l.ctx.memref_type(vec![row.len() as i64 + 1], i64t);
    let dims_buf = l.buffer(dims_ty, false)?;
    let one_dim = l.shape_handle(&[row.len() as i64 + 1])?;
    l.ip = InsertPoint::Before(lp);
    l.loc = l.ctx.op_loc(cat);
    let node = l.node_id(cat);
    let zero = l.const_int(0, it);
    let rows = l.arith("arith.maxsi", ub, zero);
    let rows64 = l.cast("arith.index_cast", rows, i64t);
    let row_len: i64 = row.iter().product();
    for (i, d) in std::iter::once(rows64).chain(row.iter().map(|&d| l.const_i64(d)).collect::<Vec<_>>()).enumerate() {
        let at = l.const_int(i as i128, it);
        let st = OperationState::new(l.ctx, "memref.store", l.loc).operands(&[d, dims_buf, at]);
        l.create(st);
    }
    let addr = l.address(dims_buf);
    let i64_code = l.const_i32(types::Elem::SInt(64).dtype());
    let dims = l.rt("from_buffer", &[node, addr, i64_code, one_dim])?;
    let dt = l.const_i32(elem.dtype());
    let h = l.rt("tensor_zeros", &[node, dt, dims])?;
    l.orig.insert(h, full);
    let len = l.const_i64(row_len);
    let count = l.arith("arith.muli", rows64, len);
    let bytes = l.rt("tensor_data", &[node, h, dt, count])?;
    let st = OperationState::new(l.ctx, "memref.view", l.loc).operands(&[bytes, zero, rows]).results(&[ty]);
    let view = l.create(st);
    let buf = l.ctx.result(view, 0);
    (l.ip, l.loc) = saved;
    Ok((buf, h))
}

/// The insert and the concat of iteration argument `k` of loop `lp` when they form a stack, and
/// the static shape of one row.
fn pattern(
    l: &mut Lower<'_>,
    for_op: ForOp,
    blk: flowgate_ir::BlockId,
    y: OpId,
    k: usize,
    trips: Option<i64>,
) -> Option<(OpId, OpId, Vec<i64>, flowgate_ir::Type)> {
    let lp = for_op.op();
    let init = *for_op.init_args(l.ctx).get(k)?;
    l.ctx.defining_op(init).filter(|&d| l.ctx.is_op(d, "onnx.SequenceEmpty"))?;
    let arg = *for_op.region_iter_args(l.ctx).get(k)?;
    let u = sole_use(l, arg)?;
    let ins = u.op;
    if !l.ctx.is_op(ins, "onnx.SequenceInsert") || u.index != 0 || l.ctx.operands(ins).len() != 2 {
        return None;
    }
    // Exactly once per trip: directly in the loop body.
    if l.ctx.parent_block(ins) != Some(blk) {
        return None;
    }
    let yu = sole_use(l, l.ctx.result(ins, 0))?;
    if yu.op != y || yu.index as usize != k {
        return None;
    }
    let [cu] = l.ctx.uses(l.ctx.result(lp, k)) else { return None };
    let cat = cu.op;
    if !l.ctx.is_op(cat, "onnx.ConcatFromSequence")
        || l.int_attr(cat, "axis") != Some(0)
        || l.int_attr(cat, "new_axis") != Some(1)
    {
        return None;
    }
    let vt = l.onnx_type(l.ctx.operand(ins, 1));
    let row_ty = memref_type(l.ctx, vt)?;
    let row = types::tensor_shape(l.ctx, vt)?;
    // A stack of unknown length is written in place, whatever its size.
    let Some(trips) = trips else { return Some((ins, cat, row, row_ty)) };
    let n = row.iter().try_fold(trips, |a, &d| a.checked_mul(d))?;
    (n <= MAX_WHOLE).then_some((ins, cat, row, row_ty))
}

/// The one use of `v`, looking through `onnx.Identity` ops of one use each: an exported model
/// that declares its sequence without a shape refines the carried type with them (`seq<*>` to
/// `seq<4>` before the insert and back after it).
fn sole_use(l: &Lower<'_>, v: Value) -> Option<flowgate_ir::Use> {
    let mut v = v;
    loop {
        let [u] = l.ctx.uses(v) else { return None };
        if !l.ctx.is_op(u.op, "onnx.Identity") {
            return Some(*u);
        }
        v = l.ctx.result(u.op, 0);
    }
}

/// The value of an `arith.constant` integer or index.
pub(crate) fn const_index(l: &Lower<'_>, v: Value) -> Option<i64> {
    let d = l.ctx.defining_op(v).filter(|&d| l.ctx.is_op(d, "arith.constant"))?;
    l.ctx.attr(d, "value").and_then(|a| l.ctx.attr_as_int(a)).and_then(|x| i64::try_from(x).ok())
}

/// The trip count of a loop from 0 by 1 to `ub`: a constant, or a static dimension of a tensor
/// (a Scan's length, `tensor.dim %x, %c`).
fn trip_count(l: &Lower<'_>, ub: Value) -> Option<i64> {
    if let Some(c) = const_index(l, ub) {
        return Some(c);
    }
    let d = l.ctx.defining_op(ub).filter(|&d| l.ctx.is_op(d, "tensor.dim"))?;
    let (x, i) = (l.ctx.operand(d, 0), l.ctx.operand(d, 1));
    let i = usize::try_from(const_index(l, i)?).ok()?;
    let shape = types::tensor_shape(l.ctx, l.onnx_type(x))?;
    shape.get(i).copied().filter(|&s| s >= 0)
}

/// `SequenceInsert` of a stack: the value stored into its row; the sequence passes through.
pub(crate) fn lower_insert(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<Value>>> {
    let Some(s) = l.tier.stacks.get(&op).filter(|_| l.ctx.is_op(op, "onnx.SequenceInsert")).cloned() else {
        return Ok(None);
    };
    let node = l.node_index(op);
    let v = l.memref_of_type(l.ctx.operand(op, 1), node, s.row_ty)?;
    let copy = nest::copy(l, v, &[], s.buf, &[s.iv], &s.row)?;
    l.tier.rows.push(Row { value: v, copy, stack: s });
    Ok(Some(vec![l.ctx.operand(op, 0)]))
}

/// `ConcatFromSequence` of a stack: its buffer, complete after the loop.
pub(crate) fn lower_concat(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<Value>>> {
    let Some(s) = l.tier.stacks.get(&op).filter(|_| l.ctx.is_op(op, "onnx.ConcatFromSequence")).cloned() else {
        return Ok(None);
    };
    l.tier.ready.insert(s.buf, s.lp);
    if let Some(h) = s.handle {
        // Complete after the loop: a later conversion of it goes there.
        l.tier.ready.insert(h, s.lp);
        return Ok(Some(vec![h]));
    }
    let rt = l.onnx_type(l.ctx.result(op, 0));
    if l.lowered_type(rt) == Some(l.ctx.value_type(s.buf)) {
        return Ok(Some(vec![s.buf]));
    }
    Ok(Some(vec![l.handle_of_buffer(s.buf)?]))
}
