//! Canonicalization patterns for `scf.if` and `scf.for`, after upstream's: constant conditions,
//! unused results, forwarded or dead loop-carried values, and loops of zero or one trip.

use crate::trip_count::{trip_count, LoopDomain};
use crate::util::{constant_int, region_terminator};
use flowgate_ir::{Builder, Context, OpId, OperationState, RegionId, RewritePattern, Value};

pub(crate) fn if_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(IfConstantCondition),
        Box::new(IfRemoveUnusedResults),
        Box::new(crate::canonicalize_more::IfYieldConditionOrValue),
        Box::new(crate::canonicalize_more::IfToSelect),
    ]
}

pub(crate) fn for_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ForTrivialTripCount), Box::new(ForRemoveIterArgs)]
}

/// Move the ops of `region`'s single block before `op`, binding its arguments to `args`, and
/// return the operands of its terminator (which is erased).
pub(crate) fn inline_before(ctx: &mut Context, region: RegionId, op: OpId, args: &[Value]) -> Vec<Value> {
    let Some(block) = ctx.entry_block(region) else { return Vec::new() };
    let term = region_terminator(ctx, region);
    let yielded = term.map(|t| ctx.operands(t).to_vec()).unwrap_or_default();
    if let Some(t) = term {
        ctx.erase_op(t);
    }
    let Some(dest) = ctx.parent_block(op) else { return yielded };
    ctx.inline_block_before(block, dest, Some(op), args);
    yielded
}

/// `scf.if` on an `arith.constant` condition becomes the taken region's ops.
struct IfConstantCondition;

impl RewritePattern for IfConstantCondition {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(c) = constant_int(ctx, ctx.operand(op, 0)) else { return false };
        let taken = ctx.region(op, if c != 0 { 0 } else { 1 });
        if ctx.is_region_empty(taken) {
            // Only an if without results may lack an else; nothing runs.
            ctx.erase_op(op);
            return true;
        }
        let yielded = inline_before(ctx, taken, op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
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

/// Drop `scf.if` results nobody uses.
struct IfRemoveUnusedResults;

impl RewritePattern for IfRemoveUnusedResults {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let keep: Vec<bool> = ctx.results(op).iter().map(|&r| ctx.has_uses(r)).collect();
        if keep.iter().all(|&k| k) {
            return false;
        }
        let operands = ctx.operands(op).to_vec();
        rebuild_with(ctx, op, &operands, &keep);
        true
    }
}

/// The trip count of a loop whose bounds and step are constants, computed in the loop's own
/// width and signedness (see `trip_count`).
fn constant_trip_count(ctx: &Context, op: OpId) -> Option<u128> {
    let ops = ctx.operands(op);
    let (lb, ub, step) = (constant_int(ctx, ops[0])?, constant_int(ctx, ops[1])?, constant_int(ctx, ops[2])?);
    let domain = LoopDomain::of(ctx, ctx.value_type(ops[0]), ctx.has_attr(op, "unsignedCmp"))?;
    trip_count(domain, lb, ub, step)
}

/// A loop that runs zero times yields its inits; one that runs once is its body with `iv = lb`.
struct ForTrivialTripCount;

impl RewritePattern for ForTrivialTripCount {
    fn root(&self) -> Option<&'static str> {
        Some("scf.for")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        if ctx.operand(op, 0) == ctx.operand(op, 1) {
            // The same value as both bounds: no iteration whatever it is.
            let inits = ctx.operands(op)[3..].to_vec();
            ctx.replace_op(op, &inits);
            return true;
        }
        let Some(trips) = constant_trip_count(ctx, op) else { return false };
        let inits = ctx.operands(op)[3..].to_vec();
        if trips == 0 {
            ctx.replace_op(op, &inits);
            return true;
        }
        if trips != 1 {
            return false;
        }
        let mut args = vec![ctx.operand(op, 0)];
        args.extend(inits);
        let body = ctx.region(op, 0);
        let yielded = inline_before(ctx, body, op, &args);
        ctx.replace_op(op, &yielded);
        true
    }
}

/// Remove loop-carried values that are only forwarded (the body yields the iter_arg itself or
/// the init value), or that are dead (neither the iter_arg nor the result is used).
struct ForRemoveIterArgs;

impl RewritePattern for ForRemoveIterArgs {
    fn root(&self) -> Option<&'static str> {
        Some("scf.for")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let body = ctx.region(op, 0);
        let (Some(block), Some(term)) = (ctx.entry_block(body), region_terminator(ctx, body)) else {
            return false;
        };
        let inits = ctx.operands(op)[3..].to_vec();
        let iter_args = ctx.block_args(block).get(1..).unwrap_or(&[]).to_vec();
        let yielded = ctx.operands(term).to_vec();
        let results = ctx.results(op).to_vec();
        if yielded.len() != inits.len() || iter_args.len() != inits.len() {
            return false;
        }
        let mut keep = vec![true; inits.len()];
        for i in 0..inits.len() {
            let forwarded = yielded[i] == iter_args[i] || yielded[i] == inits[i];
            let dead = !ctx.has_uses(results[i]) && !ctx.has_uses(iter_args[i]);
            if forwarded || dead {
                keep[i] = false;
            }
        }
        if keep.iter().all(|&k| k) {
            return false;
        }
        for i in (0..inits.len()).rev() {
            if keep[i] {
                continue;
            }
            // The value is the init on every iteration and after the loop.
            ctx.replace_all_uses(results[i], inits[i]);
            ctx.replace_all_uses(iter_args[i], inits[i]);
        }
        let mut operands = ctx.operands(op)[..3].to_vec();
        operands.extend(inits.iter().zip(&keep).filter(|(_, &k)| k).map(|(&v, _)| v));
        let new = rebuild_with(ctx, op, &operands, &keep);
        let new_body = ctx.region(new, 0);
        if let Some(nb) = ctx.entry_block(new_body) {
            for i in (0..keep.len()).rev() {
                if !keep[i] {
                    ctx.erase_block_arg(nb, i + 1);
                }
            }
        }
        true
    }
}
