//! Single-element loop-carried buffers carried in registers, and stores forwarded to loads.
//!
//! A `[1]` (or `[1, 1]`, ...) value carried by an `scf.for` is a buffer of its loop
//! (`carried.rs`): each trip loads it, computes, stores the new value into the op's buffer and
//! copies that into the loop's buffer. The loop-carried dependency then runs through memory,
//! a store-to-load round trip or three per trip: the Scan cumsum benchmark (state `[1]`) spent
//! 17 ns per step on that chain where C's register chain costs one `addss`. Here such a loop
//! carries the element itself:
//!
//! ```text
//! %s0 = memref.load %init[0]
//! %r = scf.for ... iter_args(%s = %s0) -> f32 {   // the body's loads of the old buffer: %s
//!   ...; %y = memref.load %dst[0]; scf.yield %y     // %dst: the buffer the yield copied into
//! }
//! memref.store %r, %dst[0]                          // the buffer holds the final value again
//! ```
//!
//! and [`forward`] then replaces each load of a buffer element stored earlier in the same block
//! (with nothing between that may write memory through another name) by the stored value, so
//! the chain stays in registers. Only loops whose body reads the carried buffer with plain
//! loads qualify. [`drop_dead_stores`] last erases the body's stores into the buffer when
//! nothing in the loop reads it any more: the store after the loop writes the final value
//! (a store per trip the Scan cumsum benchmark's C version does not make).

use super::super::emit::Lower;
use flowgate_ir::{BlockId, InsertPoint, OpId, TypeKind, Value};
use flowgate_scf::{ForOp, YieldOp};
use std::collections::HashMap;

/// Carries every single-element buffer of the `scf.for` loops of `f` as a register. Returns
/// each loop with the buffer that holds its carried value after it.
pub(crate) fn carry_scalars(l: &mut Lower<'_>, f: OpId) -> Vec<(OpId, Value)> {
    let mut loops = Vec::new();
    l.ctx.walk(f, &mut |op| loops.extend(ForOp::cast(l.ctx, op)));
    let mut promoted = Vec::new();
    for lp in loops {
        for k in 0..lp.init_args(l.ctx).len() {
            promoted.extend(promote(l, lp, k).map(|dst| (lp.op(), dst)));
        }
    }
    promoted
}

/// Erases the stores into each promoted loop's buffer made inside that loop, when every use of
/// the buffer inside it is such a store (run after [`forward`], which removes the loads it
/// can). The buffer holds one element and the store after the loop overwrites it, so those
/// stores are dead; a buffer read in the loop any other way keeps them.
pub(crate) fn drop_dead_stores(l: &mut Lower<'_>, promoted: &[(OpId, Value)]) {
    for &(lp, dst) in promoted {
        let inside: Vec<_> = l.ctx.uses(dst).iter().filter(|u| l.ctx.is_ancestor(lp, u.op)).copied().collect();
        if inside.iter().all(|u| u.index == 1 && l.ctx.is_op(u.op, "memref.store")) {
            for u in inside {
                l.ctx.erase_op(u.op);
            }
        }
    }
}

/// The element type and rank of a single-element memref type.
fn single(l: &Lower<'_>, v: Value) -> Option<(flowgate_ir::Type, usize)> {
    match l.ctx.type_kind(l.ctx.value_type(v)) {
        TypeKind::MemRef { shape, element, layout: None, .. } if shape.iter().all(|&d| d == 1) => {
            Some((*element, shape.len()))
        }
        _ => None,
    }
}

/// Carries the `k`th iter_arg of `for_op` in a register when it qualifies; returns the buffer
/// that holds the value after the loop.
fn promote(l: &mut Lower<'_>, for_op: ForOp, k: usize) -> Option<Value> {
    let lp = for_op.op();
    let blk = l.ctx.entry_block(for_op.body(l.ctx))?;
    let y = l.ctx.terminator(blk).and_then(|t| YieldOp::cast(l.ctx, t))?;
    let (Some(&arg), Some(&init), Some(&dst)) =
        (for_op.region_iter_args(l.ctx).get(k), for_op.init_args(l.ctx).get(k), y.values(l.ctx).get(k))
    else {
        return None;
    };
    let y = y.op();
    let (et, rank) = single(l, arg)?;
    // The final value goes back into the buffer the yield copied into, after the loop: it must
    // be made outside the loop (the buffers of `carried.rs` are allocated at function entry).
    let outside = l.ctx.defining_op(dst).is_some_and(|d| l.ctx.is_op(d, "memref.alloc") && !l.ctx.is_ancestor(lp, d));
    if dst == arg || !outside || l.ctx.value_type(dst) != l.ctx.value_type(arg) {
        return None;
    }
    let uses = l.ctx.uses(arg).to_vec();
    if uses.iter().any(|u| u.index != 0 || !l.ctx.is_op(u.op, "memref.load")) {
        return None;
    }
    let &res = l.ctx.results(lp).get(k)?;
    l.loc = l.ctx.op_loc(lp);
    l.ip = InsertPoint::Before(lp);
    // One index 0 before the loop serves the three accesses.
    let c0 = l.with_builder(|b, loc| flowgate_arith::builders::constant_index(b, 0, loc));
    let idx = vec![c0; rank];
    let first = l.op1("memref.load", &[&[init][..], &idx].concat(), et);
    l.ctx.set_operand(lp, ForOp::NUM_FIXED_OPERANDS + k, first);
    l.ctx.set_value_type(arg, et);
    for u in uses {
        let r = l.ctx.result(u.op, 0);
        l.ctx.replace_all_uses(r, arg);
        l.ctx.erase_op(u.op);
    }
    l.ip = InsertPoint::Before(y);
    let last = l.op1("memref.load", &[&[dst][..], &idx].concat(), et);
    l.ctx.set_operand(y, k, last);
    l.ctx.replace_all_uses(res, dst);
    l.ctx.set_value_type(res, et);
    l.ip = super::after(l.ctx, lp);
    let st = flowgate_ir::OperationState::new(l.ctx, "memref.store", l.loc).operands(&[&[res, dst][..], &idx].concat());
    l.create(st);
    Some(dst)
}

/// An index operand: a constant, or an SSA value compared by identity.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Index {
    Const(i128),
    Value(Value),
}

/// Forwards stores to loads in every block of `f` (see the module comment).
pub(crate) fn forward(l: &mut Lower<'_>, f: OpId) {
    let mut blocks = Vec::new();
    for &r in l.ctx.regions(f) {
        blocks.extend_from_slice(l.ctx.region_blocks(r));
    }
    l.ctx.walk(f, &mut |op| {
        for &r in l.ctx.regions(op) {
            blocks.extend_from_slice(l.ctx.region_blocks(r));
        }
    });
    blocks.sort();
    blocks.dedup();
    for b in blocks {
        forward_block(l, b);
    }
}

fn index_key(l: &Lower<'_>, v: Value) -> Index {
    l.ctx
        .defining_op(v)
        .filter(|&d| l.ctx.is_op(d, "arith.constant"))
        .and_then(|d| l.ctx.attr(d, "value"))
        .and_then(|a| l.ctx.attr_as_int(a))
        .map_or(Index::Value(v), Index::Const)
}

fn is_alloc(l: &Lower<'_>, m: Value) -> bool {
    l.ctx.defining_op(m).is_some_and(|d| l.ctx.is_op(d, "memref.alloc"))
}

/// A `memref.view` of bytes a runtime call returned (`borrow::view`).
fn is_runtime_view(l: &Lower<'_>, m: Value) -> bool {
    l.ctx.defining_op(m).is_some_and(|d| l.ctx.is_op(d, "memref.view"))
}

fn forward_block(l: &mut Lower<'_>, b: BlockId) {
    // The last value stored into each (buffer, indices) of a `memref.alloc` buffer. Distinct
    // allocations never alias; anything that may write memory otherwise clears the table.
    let mut known: HashMap<(Value, Vec<Index>), Value> = HashMap::new();
    let mut op = l.ctx.first_op(b);
    while let Some(o) = op {
        op = l.ctx.next_op(o);
        let name = l.ctx.op_name(o);
        if name == "memref.load" {
            let ops = l.ctx.operands(o).to_vec();
            let key = (ops[0], ops[1..].iter().map(|&v| index_key(l, v)).collect::<Vec<_>>());
            if let Some(&v) = known.get(&key) {
                let r = l.ctx.result(o, 0);
                l.ctx.replace_all_uses(r, v);
                l.ctx.erase_op(o);
            }
        } else if name == "memref.store" {
            let ops = l.ctx.operands(o).to_vec();
            let m = ops[1];
            if is_runtime_view(l, m) {
                // A runtime tensor's elements (`borrow.rs`) are never one of our allocations, so
                // the forwarded values of allocations stay (the stacked Scan output is written
                // in place between the state's store and its reload on every trip).
                known.retain(|(km, _), _| is_alloc(l, *km));
                continue;
            }
            if !is_alloc(l, m) {
                known.clear();
                continue;
            }
            let idx: Vec<Index> = ops[2..].iter().map(|&v| index_key(l, v)).collect();
            let all_const = idx.iter().all(|i| matches!(i, Index::Const(_)));
            // A store through a computed index may hit any element of its buffer.
            known.retain(|(km, ki), _| {
                *km != m || (all_const && ki.iter().all(|i| matches!(i, Index::Const(_))) && *ki != idx)
            });
            known.insert((m, idx), ops[0]);
        } else if !(name.starts_with("arith.") || name.starts_with("math.")) || !l.ctx.regions(o).is_empty() {
            known.clear();
        }
    }
}
