//! Reference counting for runtime handles, inserted after the op lowering.
//!
//! Every handle a runtime call returns is owned (+1); runtime calls borrow their arguments.
//! A handle flows on through values that take ownership: `scf.yield`, `scf.condition`, loop
//! inits and `func.return` *consume* one reference. So for each owned handle, in the block
//! that defines it (a block argument of a loop body or branch is owned by that block):
//! - every consuming use gets a `retain` just before it;
//! - after the last use (the op of this block that contains it, so a use inside a nested loop
//!   keeps the value alive until the loop ends) comes one `release`;
//! - except when that last use is itself the only, consuming use: then ownership moves there
//!   and neither is needed (a loop-carried tensor passes from iteration to iteration with no
//!   reference-count traffic).
//!
//! A sequence insert whose input sequence dies there calls `seq_insert_consume`, which appends
//! in place when the runtime sees the only reference: an insert per iteration stays O(1).
//!
//! Function arguments are borrowed from the caller: retained before consuming uses, never
//! released.

use super::emit::{LResult, Lower};
use super::types;
use flowgate_ir::{BlockId, Context, InsertPoint, OpId, Value};
use std::collections::HashMap;

pub(crate) fn insert(l: &mut Lower<'_>, f: OpId) -> LResult<()> {
    let mut blocks = Vec::new();
    l.ctx.walk(f, &mut |op| {
        for &r in l.ctx.regions(op) {
            blocks.extend_from_slice(l.ctx.region_blocks(r));
        }
    });
    let entry = l.ctx.entry_block(l.ctx.region(f, 0));
    for b in blocks {
        let mut owned: Vec<(Value, Option<OpId>)> = Vec::new();
        let borrowed_args = Some(b) == entry;
        for a in l.ctx.block_args(b).to_vec() {
            if types::is_ptr(l.ctx, l.ctx.value_type(a)) {
                if borrowed_args {
                    retain_consumers(l, a, None)?;
                } else {
                    owned.push((a, None));
                }
            }
        }
        for op in l.ctx.block_ops(b).collect::<Vec<_>>() {
            // A null handle (an absent optional input) owns nothing.
            if callee(l.ctx, op) == Some("flowgate_rt_null") {
                continue;
            }
            for &r in l.ctx.results(op) {
                if types::is_ptr(l.ctx, l.ctx.value_type(r)) {
                    owned.push((r, Some(op)));
                }
            }
        }
        // Positions of the block's ops, so the last use is found without rescanning the block.
        let pos: HashMap<OpId, usize> = l.ctx.block_ops(b).enumerate().map(|(i, o)| (o, i)).collect();
        for (v, def) in owned {
            manage(l, b, &pos, v, def)?;
        }
    }
    Ok(())
}

fn manage(l: &mut Lower<'_>, b: BlockId, pos: &HashMap<OpId, usize>, v: Value, def: Option<OpId>) -> LResult<()> {
    let uses = l.ctx.uses(v).to_vec();
    if uses.is_empty() {
        l.ip = match def {
            Some(d) => after_stores(l.ctx, d),
            None => start(l.ctx, b),
        };
        return release(l, v);
    }
    // The op of this block that contains each use, and the last of them.
    let mut last: Option<(usize, OpId)> = None;
    for u in &uses {
        let Some(a) = ancestor_in(l.ctx, u.op, b) else { continue };
        // Retains and releases inserted for earlier values are not in `pos`; they are never
        // uses of this value.
        let Some(&p) = pos.get(&a) else { continue };
        if last.is_none_or(|(lp, _)| p > lp) {
            last = Some((p, a));
        }
    }
    let Some((_, last_op)) = last else { return Ok(()) };
    let in_last: Vec<_> = uses.iter().filter(|u| ancestor_in(l.ctx, u.op, b) == Some(last_op)).collect();
    let transfer = match in_last.as_slice() {
        [u] if u.op == last_op => {
            if consumes(l.ctx, u.op, u.index as usize) {
                true
            } else if is_seq_insert(l.ctx, u.op, u.index as usize) {
                let callee = l.ctx.symbol_ref_attr("flowgate_rt_seq_insert_consume");
                l.ctx.set_attr(u.op, "callee", callee);
                l.declare_rt("seq_insert_consume")?;
                true
            } else {
                false
            }
        }
        _ => false,
    };
    let transferred = if transfer { Some(last_op) } else { None };
    retain_consumers(l, v, transferred)?;
    if !transfer {
        let is_term = l.ctx.terminator(b) == Some(last_op) && l.ctx.next_op(last_op).is_none();
        l.ip = if is_term { InsertPoint::Before(last_op) } else { after_stores(l.ctx, last_op) };
        release(l, v)?;
    }
    Ok(())
}

/// A `retain` before every use of `v` that takes ownership, except the one at `skip`.
fn retain_consumers(l: &mut Lower<'_>, v: Value, skip: Option<OpId>) -> LResult<()> {
    let uses = l.ctx.uses(v).to_vec();
    for u in uses {
        if Some(u.op) == skip || !consumes(l.ctx, u.op, u.index as usize) {
            continue;
        }
        l.ip = InsertPoint::Before(u.op);
        l.loc = l.ctx.op_loc(u.op);
        l.rt_void("retain", &[v])?;
    }
    Ok(())
}

fn release(l: &mut Lower<'_>, v: Value) -> LResult<()> {
    l.rt_void("release", &[v])?;
    Ok(())
}

/// Whether operand `i` of `op` takes ownership of a reference.
fn consumes(ctx: &Context, op: OpId, i: usize) -> bool {
    if flowgate_ir::region_branch::is_forwarded(ctx, op, i) {
        return true;
    }
    match ctx.op_name(op) {
        "func.return" => true,
        "func.call" => callee(ctx, op).is_some_and(|c| c == "flowgate_rt_set_result") && i == 2,
        _ => false,
    }
}

fn is_seq_insert(ctx: &Context, op: OpId, i: usize) -> bool {
    ctx.is_op(op, "func.call") && i == 1 && callee(ctx, op) == Some("flowgate_rt_seq_insert")
}

fn callee(ctx: &Context, op: OpId) -> Option<&str> {
    ctx.attr(op, "callee").and_then(|a| ctx.attr_as_symbol_ref(a))
}

pub(crate) fn ancestor_in(ctx: &Context, mut op: OpId, b: BlockId) -> Option<OpId> {
    loop {
        if ctx.parent_block(op) == Some(b) {
            return Some(op);
        }
        op = ctx.parent_op(op)?;
    }
}

fn after(ctx: &Context, op: OpId) -> InsertPoint {
    match (ctx.next_op(op), ctx.parent_block(op)) {
        (Some(n), _) => InsertPoint::Before(n),
        (None, Some(b)) => InsertPoint::End(b),
        _ => InsertPoint::Detached,
    }
}

/// After `op` and the `memref.store`s that follow it. A release is a call: a register stored
/// there (a loop's carried element written back after the loop, `compiled/promote.rs`) would
/// otherwise be live across it, and Cranelift's allocator then keeps it on the stack for the
/// whole loop, a store and a reload on every trip of its dependency chain. Releasing later is
/// always safe (a store takes no reference).
fn after_stores(ctx: &Context, op: OpId) -> InsertPoint {
    let mut last = op;
    while let Some(n) = ctx.next_op(last).filter(|&n| ctx.is_op(n, "memref.store")) {
        last = n;
    }
    after(ctx, last)
}

fn start(ctx: &Context, b: BlockId) -> InsertPoint {
    match ctx.first_op(b) {
        Some(o) => InsertPoint::Before(o),
        None => InsertPoint::End(b),
    }
}
