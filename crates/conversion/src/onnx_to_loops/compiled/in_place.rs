//! Loop-carried buffers written in place. Without this, an `scf.for` carrying a buffer computes
//! the new value into the buffer of the op that makes it and the yield copies that into the
//! loop's buffer (`carried.rs`): one copy of the whole state per trip (a `memmove` of 16 KiB per
//! step for Mamba's `[1,256,16]` state).
//!
//! When the body stops reading the old value (the iteration argument) where it writes the new one,
//! the op writes the new value straight into the iteration argument's buffer and the loop yields
//! that buffer unchanged:
//! - every read of the iteration argument is in an op of the body before the one that writes
//!   the new value (`W`), or is a load in `W` at exactly the indices of `W`'s only store of the
//!   new value, in the same block, before that store (an elementwise nest reads element `i` of the
//!   old value and then writes element `i` of the new one, so no element is read after it is
//!   overwritten);
//! - the new value's buffer is used only inside the loop (it becomes the iteration argument).
//!
//! The first trip then writes into the init's buffer: when that buffer is read after the loop or
//! written outside the loop's block, the init is first copied, once before the loop, into a
//! buffer of the loop's own. Nothing is copied per trip. Single-element buffers are left to
//! `promote.rs`, which carries them in registers.

use super::super::emit::{LResult, Lower};
use super::super::ownership::ancestor_in;
use flowgate_ir::{BlockId, InsertPoint, OpId, TypeKind, Value};
use flowgate_scf::{ForOp, YieldOp};

/// Writes the carried buffers of every `scf.for` of `f` in place where the body allows it.
pub(crate) fn insert(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    let mut loops = Vec::new();
    l.ctx.walk(f, &mut |op| loops.extend(ForOp::cast(l.ctx, op)));
    for lp in loops {
        let lp = lp.op();
        let Some(blk) = l.ctx.entry_block(l.ctx.region(lp, 0)) else { continue };
        let Some(y) = l.ctx.terminator(blk).filter(|&t| l.ctx.is_op(t, YieldOp::NAME)) else { continue };
        for k in 0..l.ctx.operands(y).len() {
            if writable_in_place(l, lp, blk, y, k) {
                rewrite(l, lp, blk, y, k)?;
            }
        }
    }
    Ok(())
}

fn is_alloc(l: &Lower<'_>, m: Value) -> bool {
    l.ctx.defining_op(m).is_some_and(|d| l.ctx.is_op(d, "memref.alloc"))
}

/// A buffer of more than one element with the identity layout.
fn multi_element(l: &Lower<'_>, m: Value) -> bool {
    matches!(l.ctx.type_kind(l.ctx.value_type(m)),
        TypeKind::MemRef { shape, layout: None, .. } if shape.iter().any(|&d| d != 1))
}

/// Whether `a` comes before `b`, two ops of one block.
fn before(l: &Lower<'_>, a: OpId, b: OpId) -> bool {
    let mut op = l.ctx.next_op(a);
    while let Some(o) = op {
        if o == b {
            return true;
        }
        op = l.ctx.next_op(o);
    }
    false
}

fn writable_in_place(l: &Lower<'_>, lp: OpId, blk: BlockId, y: OpId, k: usize) -> bool {
    let v = l.ctx.operand(y, k);
    let a = l.ctx.block_arg(blk, 1 + k);
    if v == a || !l.is_memref(v) || !l.tier.fresh.contains(&v) || !is_alloc(l, v) || !multi_element(l, v) {
        return false;
    }
    if l.ctx.value_type(v) != l.ctx.value_type(a) {
        return false;
    }
    let uses_v = l.ctx.uses(v).to_vec();
    if uses_v.iter().any(|u| !l.ctx.is_ancestor(lp, u.op)) {
        return false;
    }
    // The one store of the new value, and the op of the body that holds it.
    let stores: Vec<OpId> =
        uses_v.iter().filter(|u| u.index == 1 && l.ctx.is_op(u.op, "memref.store")).map(|u| u.op).collect();
    let [st] = stores.as_slice() else { return false };
    let st = *st;
    let Some(w) = ancestor_in(l.ctx, st, blk) else { return false };
    // Nothing else in W touches the new value (a MatMul nest reads its own buffer back).
    if uses_v.iter().any(|u| u.op != st && ancestor_in(l.ctx, u.op, blk) == Some(w)) {
        return false;
    }
    let st_idx = &l.ctx.operands(st)[2..];
    l.ctx.uses(a).iter().all(|u| match ancestor_in(l.ctx, u.op, blk) {
        Some(o) if o == w => {
            l.ctx.is_op(u.op, "memref.load")
                && u.index == 0
                && &l.ctx.operands(u.op)[1..] == st_idx
                && l.ctx.parent_block(u.op) == l.ctx.parent_block(st)
                && before(l, u.op, st)
        }
        Some(o) => before(l, o, w),
        None => false,
    })
}

/// Whether the loop may write into its init buffer `init`: one op's buffer (not another
/// loop's), every other use of it before the loop in the loop's block (so it is written anew
/// before the loop runs again and nothing reads it afterwards).
fn init_writable(l: &Lower<'_>, lp: OpId, init: Value) -> bool {
    let Some(pb) = l.ctx.parent_block(lp) else { return false };
    l.tier.fresh.contains(&init)
        && is_alloc(l, init)
        && l.ctx.uses(init).iter().all(|u| {
            (u.op == lp && u.index as usize >= 3)
                || ancestor_in(l.ctx, u.op, pb).is_some_and(|o| o != lp && before(l, o, lp))
        })
        && l.ctx.uses(init).iter().filter(|u| u.op == lp).count() == 1
}

fn rewrite(l: &mut Lower<'_>, lp: OpId, blk: BlockId, y: OpId, k: usize) -> LResult<()> {
    let v = l.ctx.operand(y, k);
    let a = l.ctx.block_arg(blk, 1 + k);
    let init = l.ctx.operand(lp, 3 + k);
    if !init_writable(l, lp, init) {
        let ty = l.ctx.value_type(v);
        let own = l.buffer(ty, false)?;
        l.ip = InsertPoint::Before(lp);
        l.loc = l.ctx.op_loc(lp);
        l.copy_buffer(init, own)?;
        l.ctx.set_operand(lp, 3 + k, own);
    }
    for u in l.ctx.uses(v).to_vec() {
        l.ctx.set_operand(u.op, u.index as usize, a);
    }
    // The new value's own buffer is no longer used.
    if let Some(d) = l.ctx.defining_op(v).filter(|_| l.ctx.uses(v).is_empty()) {
        l.tier.buffers.retain(|&b| b != v);
        l.tier.fresh.remove(&v);
        l.ctx.erase_op(d);
    }
    Ok(())
}
