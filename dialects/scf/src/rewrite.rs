//! Rewriting helpers shared by the canonicalization patterns of several ops.

use crate::util::region_terminator;
use flowgate_ir::{Context, OpId, OperationState, RegionId, Value};

/// Move the ops of `region`'s single block before `op`, binding its arguments to `args`, and
/// return the operands of its terminator (which is erased).
pub(crate) fn inline_before(ctx: &mut Context, region: RegionId, op: OpId, args: &[Value]) -> Vec<Value> {
    let Some(block) = ctx.entry_block(region) else { return Vec::new() };
    let term = region_terminator(ctx, region);
    // A yielded block argument is the value bound to it.
    let block_args = ctx.block_args(block).to_vec();
    let yielded: Vec<Value> = term
        .map(|t| ctx.operands(t).to_vec())
        .unwrap_or_default()
        .into_iter()
        .map(|v| block_args.iter().position(|&a| a == v).and_then(|k| args.get(k).copied()).unwrap_or(v))
        .collect();
    if let Some(t) = term {
        ctx.erase_op(t);
    }
    let Some(dest) = ctx.parent_block(op) else { return yielded };
    ctx.inline_block_before(block, dest, Some(op), args);
    yielded
}

/// Re-create `op` (an `scf.if` or `scf.for`) with `operands`, `keep`-filtered results and its
/// regions moved over; returns the new op.
pub(crate) fn rebuild_with(ctx: &mut Context, op: OpId, operands: &[Value], keep: &[bool]) -> OpId {
    let name = ctx.op_name_sym(op);
    let loc = ctx.op_loc(op);
    let results = ctx.results(op).to_vec();
    let types: Vec<_> = results.iter().zip(keep).filter(|(_, &k)| k).map(|(&r, _)| ctx.value_type(r)).collect();
    let mut regions = Vec::new();
    for r in ctx.regions(op).to_vec() {
        let n = ctx.create_region();
        ctx.take_region_body(r, n);
        regions.push(n);
    }
    let mut st = OperationState::with_symbol(name, loc).operands(operands).results(&types).regions(&regions);
    st.attrs = ctx.attrs(op).to_vec();
    let new = ctx.create_op(st);
    ctx.insert_op_before(new, op);
    for &r in &regions {
        if let Some(t) = region_terminator(ctx, r) {
            let kept: Vec<Value> = ctx.operands(t).iter().zip(keep).filter(|(_, &k)| k).map(|(&v, _)| v).collect();
            ctx.set_operands(t, kept);
        }
    }
    let mut j = 0;
    for (&r, &k) in results.iter().zip(keep) {
        if k {
            let nr = ctx.result(new, j);
            ctx.replace_all_uses(r, nr);
            j += 1;
        }
    }
    ctx.erase_op(op);
    new
}
