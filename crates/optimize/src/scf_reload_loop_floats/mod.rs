//! `scf-reload-loop-floats` (Flowgate's own): a float that a loop carries does not live across a
//! call outside the loop. Its initial value is stored to a stack slot where it is defined and
//! loaded back just before the loop; a result used after a call is stored just after the loop
//! and loaded back before that use:
//!
//! ```text
//! %s0 = call @unbox_f32(...)                %s0 = call @unbox_f32(...)
//! %n = call @unbox_i64(...)                 %slot = memref.alloca() : memref<f32>
//! %r = scf.for ... iter_args(%s = %s0)  =>  memref.store %s0, %slot[]
//!                                           %n = call @unbox_i64(...)
//!                                           %s1 = memref.load %slot[]
//!                                           %r = scf.for ... iter_args(%s = %s1)
//! ```
//!
//! Why: the System V x86-64 ABI has no callee-saved float register, so a float live across a
//! call must sit in memory there. Cranelift's register allocator merges a loop's carried value
//! with the value that enters the loop and the one that leaves it, and when that merged range
//! crosses a call outside the loop it splits it so that the part inside the loop stays in the
//! spill slot: every trip then stores and reloads the value, which is on the loop's critical
//! dependency chain (the `If` in a `Loop` benchmark ran at 2.3x C from that alone). With the
//! crossing moved onto a value of its own, the loop's range meets no call and stays in a
//! register; the store and load run once per loop entry. LLVM's mem2reg undoes the rewrite.
//!
//! Integers are left alone (they have callee-saved registers), and so are constants (Cranelift
//! materializes them where they are used).

#[cfg(test)]
mod tests;

use flowgate_ir::{Context, Diagnostic, FloatKind, Location, OpId, OperationState, Type, Value, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};
use flowgate_scf::{ForOp, WhileOp};
use std::collections::HashMap;

const ARGUMENT: &str = "scf-reload-loop-floats";

pub const INFO: PassInfo = PassInfo {
    argument: ARGUMENT,
    description: "Keep floats carried by scf loops off live ranges that cross a call, through a stack slot",
    create: |o: &PassOptions| {
        o.check_known(ARGUMENT, &[])?;
        Ok(Box::new(ReloadLoopFloats) as Box<dyn Pass>)
    },
};

pub struct ReloadLoopFloats;

impl Pass for ReloadLoopFloats {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "SCFReloadLoopFloats"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        reload_loop_floats(ctx, op);
        Ok(())
    }
}

/// Rewrite every loop nested in `root`; returns how many values went through a slot.
pub fn reload_loop_floats(ctx: &mut Context, root: OpId) -> usize {
    let loops: Vec<OpId> = ctx
        .collect_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| o != root && (ForOp::cast(ctx, o).is_some() || WhileOp::cast(ctx, o).is_some()))
        .collect();
    let mut slots = HashMap::new();
    let mut rerouted = 0;
    for lp in loops {
        if ctx.parent_block(lp).is_none() {
            continue;
        }
        rerouted += reload_inits(ctx, lp, &mut slots);
        rerouted += reload_results(ctx, lp);
    }
    rerouted
}

/// The loop-carried initial values of `lp` (an `scf.for` or `scf.while`), as operand indices.
fn init_operands(ctx: &Context, lp: OpId) -> std::ops::Range<usize> {
    let first = if ForOp::cast(ctx, lp).is_some() { ForOp::NUM_FIXED_OPERANDS } else { 0 };
    first..ctx.operands(lp).len()
}

/// f32 and f64: the floats the code generators keep in float registers.
fn is_float_scalar(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.float_kind(ty), Some(FloatKind::F32 | FloatKind::F64))
}

/// Initial values that live across a call before `lp` are loaded from their slot just before
/// it. `slots` keeps one slot per value, for a value that starts several loops.
fn reload_inits(ctx: &mut Context, lp: OpId, slots: &mut HashMap<Value, Value>) -> usize {
    let mut n = 0;
    for i in init_operands(ctx, lp) {
        let v = ctx.operand(lp, i);
        let ty = ctx.value_type(v);
        if !is_float_scalar(ctx, ty) {
            continue;
        }
        if ctx.defining_op(v).is_some_and(|d| ctx.op_name(d) == "arith.constant") || !crosses_call(ctx, v, lp) {
            continue;
        }
        let slot = match slots.get(&v) {
            Some(&s) => s,
            None => {
                let Some(s) = slot_at_definition(ctx, v) else { continue };
                slots.insert(v, s);
                s
            }
        };
        let load = load_before(ctx, slot, ty, lp);
        ctx.set_operand(lp, i, load);
        n += 1;
    }
    n
}

/// Results of `lp` used after a call are stored just after it and loaded back before each such
/// use (once per op of the loop's block that holds uses).
fn reload_results(ctx: &mut Context, lp: OpId) -> usize {
    let Some(block) = ctx.parent_block(lp) else { return 0 };
    let mut n = 0;
    for r in ctx.results(lp).to_vec() {
        let ty = ctx.value_type(r);
        if !is_float_scalar(ctx, ty) {
            continue;
        }
        // (user, operand index, the user's ancestor in the loop's block)
        let late: Vec<(OpId, usize, OpId)> = ctx
            .uses(r)
            .iter()
            .filter_map(|u| {
                let at = ancestor_in(ctx, u.op, block)?;
                let crosses = call_between(ctx, lp, at) || (at != u.op && may_call(ctx, at));
                crosses.then_some((u.op, u.index as usize, at))
            })
            .collect();
        if late.is_empty() {
            continue;
        }
        let slot = alloca_before(ctx, ty, lp);
        let loc = ctx.op_loc(lp);
        let st = OperationState::new(ctx, "memref.store", loc).operands(&[r, slot]);
        let store = ctx.create_op(st);
        ctx.insert_op_after(store, lp);
        let mut loads: HashMap<OpId, Value> = HashMap::new();
        for (user, index, at) in late {
            let v = match loads.get(&at) {
                Some(&v) => v,
                None => {
                    let v = load_before(ctx, slot, ty, at);
                    loads.insert(at, v);
                    v
                }
            };
            ctx.set_operand(user, index, v);
        }
        n += 1;
    }
    n
}

/// Whether `v`, an operand of `lp`, is live across an op that may call on its way from its
/// definition to `lp`. A value defined outside an enclosing loop is live across that whole
/// loop, so a call anywhere in it counts.
fn crosses_call(ctx: &Context, v: Value, lp: OpId) -> bool {
    let def = ctx.defining_op(v);
    let home = ctx.value_block(v);
    let mut cur = lp;
    loop {
        let mut o = ctx.prev_op(cur);
        while let Some(x) = o {
            if Some(x) == def {
                return false;
            }
            if may_call(ctx, x) {
                return true;
            }
            o = ctx.prev_op(x);
        }
        let Some(block) = ctx.parent_block(cur) else { return false };
        if def.is_none() && home == Some(block) {
            return false;
        }
        let Some(parent) = ctx.block_parent_op(block) else { return false };
        if is_loop(ctx, parent) && may_call(ctx, parent) {
            return true;
        }
        cur = parent;
    }
}

fn is_loop(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.op_name(op), "scf.for" | "scf.while" | "scf.parallel" | "scf.forall")
}

/// Whether `op` or an op nested in it may become a call in the generated code: anything but
/// the arith, index, scf and memory-access ops that both code generators emit inline.
fn may_call(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    let inline = (name.starts_with("arith.") && name != "arith.remf")
        || name.starts_with("index.")
        || name.starts_with("scf.")
        || (name.starts_with("memref.")
            && !matches!(name, "memref.alloc" | "memref.dealloc" | "memref.copy" | "memref.realloc"))
        || matches!(name, "math.sqrt" | "math.absf" | "math.absi" | "cf.br" | "cf.cond_br" | "func.return");
    if !inline {
        return true;
    }
    ctx.regions(op)
        .iter()
        .flat_map(|&r| ctx.region_blocks(r).iter())
        .any(|&b| ctx.block_ops(b).any(|o| may_call(ctx, o)))
}

/// Whether an op strictly between `from` and `to` (in one block, `from` first) may call.
fn call_between(ctx: &Context, from: OpId, to: OpId) -> bool {
    let mut o = ctx.next_op(from);
    while let Some(x) = o {
        if x == to {
            return false;
        }
        if may_call(ctx, x) {
            return true;
        }
        o = ctx.next_op(x);
    }
    false
}

/// `op` or its ancestor that sits in `block`.
fn ancestor_in(ctx: &Context, op: OpId, block: flowgate_ir::BlockId) -> Option<OpId> {
    let mut cur = op;
    loop {
        if ctx.parent_block(cur) == Some(block) {
            return Some(cur);
        }
        cur = ctx.parent_op(cur)?;
    }
}

/// A `memref<ty>` stack slot holding `v`, stored right where `v` is defined (after its op, or
/// at the start of the block whose argument it is).
fn slot_at_definition(ctx: &mut Context, v: Value) -> Option<Value> {
    let def = ctx.defining_op(v);
    let block = ctx.value_block(v)?;
    let ty = ctx.value_type(v);
    let loc = match ctx.value_loc(v) {
        Some(l) => l,
        None => ctx.unknown_loc(),
    };
    let (alloca, slot) = new_slot(ctx, ty, loc);
    let st = OperationState::new(ctx, "memref.store", loc).operands(&[v, slot]);
    let store = ctx.create_op(st);
    match def {
        Some(d) => {
            ctx.insert_op_after(alloca, d);
            ctx.insert_op_after(store, alloca);
        }
        None => {
            ctx.prepend_op(block, store);
            ctx.prepend_op(block, alloca);
        }
    }
    Some(slot)
}

/// A `memref<ty>` stack slot made just before `at`.
fn alloca_before(ctx: &mut Context, ty: Type, at: OpId) -> Value {
    let loc = ctx.op_loc(at);
    let (alloca, slot) = new_slot(ctx, ty, loc);
    ctx.insert_op_before(alloca, at);
    slot
}

/// A detached `memref.alloca() : memref<ty>` and its result.
fn new_slot(ctx: &mut Context, ty: Type, loc: Location) -> (OpId, Value) {
    let mty = ctx.memref_type(vec![], ty);
    let no_sizes = ctx.dense_i32_array_attr(&[0, 0]);
    let st = OperationState::new(ctx, "memref.alloca", loc).results(&[mty]).attr(ctx, "operandSegmentSizes", no_sizes);
    let alloca = ctx.create_op(st);
    (alloca, ctx.result(alloca, 0))
}

fn load_before(ctx: &mut Context, slot: Value, ty: Type, at: OpId) -> Value {
    let loc = ctx.op_loc(at);
    let st = OperationState::new(ctx, "memref.load", loc).operands(&[slot]).results(&[ty]);
    let load = ctx.create_op(st);
    ctx.insert_op_before(load, at);
    ctx.result(load, 0)
}
