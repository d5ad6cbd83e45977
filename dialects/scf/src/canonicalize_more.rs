//! More of upstream's scf canonicalizations: `scf.if` to `arith.select`, `scf.if` yielding its
//! own condition, constant `scf.index_switch`, single-block `scf.execute_region`, zero-trip
//! `scf.parallel`, and loop-invariant values carried through `scf.while`.

use crate::canonicalize::{inline_before, rebuild_with};
use crate::util::{constant_int, region_terminator};
use flowgate_ir::{Builder, Context, OpId, OperationState, RegionId, RewritePattern, Value};

pub(crate) fn switch_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(SwitchConstantCase)]
}

pub(crate) fn execute_region_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(InlineSingleBlockExecuteRegion)]
}

pub(crate) fn parallel_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ParallelZeroTrip)]
}

pub(crate) fn while_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(WhileRemoveInvariant)]
}

fn defined_in(ctx: &Context, v: Value, r: RegionId) -> bool {
    ctx.value_block(v).and_then(|b| ctx.block_parent(b)) == Some(r)
}

/// Both yields of an `scf.if` with an else region.
fn if_yields(ctx: &Context, op: OpId) -> Option<(OpId, OpId)> {
    let t = region_terminator(ctx, ctx.region(op, 0))?;
    let e = region_terminator(ctx, ctx.region(op, 1))?;
    (ctx.is_op(t, "scf.yield") && ctx.is_op(e, "scf.yield") && ctx.operands(t).len() == ctx.operands(e).len())
        .then_some((t, e))
}

fn create_value(ctx: &mut Context, before: OpId, name: &str, operands: &[Value], ty: flowgate_ir::Type) -> Value {
    let loc = ctx.op_loc(before);
    let st = OperationState::new(ctx, name, loc).operands(operands).results(&[ty]);
    let o = ctx.create_op(st);
    ctx.insert_op_before(o, before);
    ctx.result(o, 0)
}

/// A result whose branches yield the same value is that value; one whose branches yield the
/// constants `true`/`false` is the condition (or its negation).
pub(crate) struct IfYieldConditionOrValue;

impl RewritePattern for IfYieldConditionOrValue {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some((t, e)) = if_yields(ctx, op) else { return false };
        let cond = ctx.operand(op, 0);
        let mut changed = false;
        for i in 0..ctx.results(op).len() {
            let r = ctx.result(op, i);
            if !ctx.has_uses(r) {
                continue;
            }
            let (tv, ev) = (ctx.operand(t, i), ctx.operand(e, i));
            if tv == ev {
                ctx.replace_all_uses(r, tv);
                changed = true;
                continue;
            }
            let is_i1 = ctx.int_width(ctx.value_type(r)) == Some(1);
            match (constant_int(ctx, tv), constant_int(ctx, ev)) {
                (Some(1), Some(0)) if is_i1 => {
                    ctx.replace_all_uses(r, cond);
                    changed = true;
                }
                (Some(0), Some(1)) if is_i1 => {
                    let i1 = ctx.i1_type();
                    let loc = ctx.op_loc(op);
                    let one = ctx.bool_attr(true);
                    let st = OperationState::new(ctx, "arith.constant", loc).results(&[i1]).attr(ctx, "value", one);
                    let c = ctx.create_op(st);
                    ctx.insert_op_before(c, op);
                    let one = ctx.result(c, 0);
                    let not = create_value(ctx, op, "arith.xori", &[cond, one], i1);
                    ctx.replace_all_uses(r, not);
                    changed = true;
                }
                _ => {}
            }
        }
        changed
    }
}

/// Results whose branches yield values defined above the `scf.if` become `arith.select`; the
/// `scf.if` keeps only the others (and goes away when nothing else is left in it).
pub(crate) struct IfToSelect;

impl RewritePattern for IfToSelect {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        if ctx.results(op).is_empty() {
            return false;
        }
        let Some((t, e)) = if_yields(ctx, op) else { return false };
        let (tr, er) = (ctx.region(op, 0), ctx.region(op, 1));
        let cond = ctx.operand(op, 0);
        let n = ctx.results(op).len();
        let keep: Vec<bool> =
            (0..n).map(|i| defined_in(ctx, ctx.operand(t, i), tr) || defined_in(ctx, ctx.operand(e, i), er)).collect();
        if keep.iter().all(|&k| k) {
            return false;
        }
        for i in (0..n).filter(|&i| !keep[i]) {
            let (tv, ev) = (ctx.operand(t, i), ctx.operand(e, i));
            let r = ctx.result(op, i);
            let v =
                if tv == ev { tv } else { create_value(ctx, op, "arith.select", &[cond, tv, ev], ctx.value_type(r)) };
            ctx.replace_all_uses(r, v);
        }
        let operands = ctx.operands(op).to_vec();
        let new = rebuild_with(ctx, op, &operands, &keep);
        // With no results and only yields left, the if does nothing.
        let only_yields =
            ctx.regions(new).iter().all(|&r| ctx.entry_block(r).is_none_or(|b| ctx.first_op(b) == ctx.last_op(b)));
        if ctx.results(new).is_empty() && only_yields {
            ctx.erase_op(new);
        }
        true
    }
}

/// `scf.index_switch` on a constant runs one region: inline it.
struct SwitchConstantCase;

impl RewritePattern for SwitchConstantCase {
    fn root(&self) -> Option<&'static str> {
        Some("scf.index_switch")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(v) = constant_int(ctx, ctx.operand(op, 0)) else { return false };
        let cases = crate::misc::switch_cases(ctx, op);
        let regions = ctx.regions(op).to_vec();
        if cases.len() + 1 != regions.len() {
            return false;
        }
        let idx = cases.iter().position(|&c| i128::from(c) == v).map_or(0, |i| i + 1);
        let yielded = inline_before(ctx, regions[idx], op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
}

/// A single-block `scf.execute_region` (without `no_inline`) is just its ops.
struct InlineSingleBlockExecuteRegion;

impl RewritePattern for InlineSingleBlockExecuteRegion {
    fn root(&self) -> Option<&'static str> {
        Some("scf.execute_region")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let r = ctx.region(op, 0);
        if ctx.has_attr(op, "no_inline") || ctx.region_blocks(r).len() != 1 {
            return false;
        }
        if !region_terminator(ctx, r).is_some_and(|t| ctx.is_op(t, "scf.yield")) {
            return false;
        }
        let yielded = inline_before(ctx, r, op, &[]);
        ctx.replace_op(op, &yielded);
        true
    }
}

/// An `scf.parallel` with a dimension of constant `lb >= ub` runs no iteration.
struct ParallelZeroTrip;

impl RewritePattern for ParallelZeroTrip {
    fn root(&self) -> Option<&'static str> {
        Some("scf.parallel")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(g) = crate::parallel::parallel_operands(ctx, op) else { return false };
        let empty = g.lbs.iter().zip(&g.ubs).any(|(&l, &u)| {
            l == u || matches!((constant_int(ctx, l), constant_int(ctx, u)), (Some(a), Some(b)) if a >= b)
        });
        if !empty || g.inits.len() != ctx.results(op).len() {
            return false;
        }
        ctx.replace_op(op, &g.inits);
        true
    }
}

/// A value that `scf.while` carries unchanged (the condition forwards the before-argument and
/// the body yields it back) is its init value throughout: drop it from the loop.
struct WhileRemoveInvariant;

impl RewritePattern for WhileRemoveInvariant {
    fn root(&self) -> Option<&'static str> {
        Some("scf.while")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let (br, ar) = (ctx.region(op, 0), ctx.region(op, 1));
        let (Some(bb), Some(ab)) = (ctx.entry_block(br), ctx.entry_block(ar)) else { return false };
        let (Some(cond), Some(y)) = (region_terminator(ctx, br), region_terminator(ctx, ar)) else { return false };
        if !ctx.is_op(cond, "scf.condition") || !ctx.is_op(y, "scf.yield") {
            return false;
        }
        let inits = ctx.operands(op).to_vec();
        let before_args = ctx.block_args(bb).to_vec();
        let after_args = ctx.block_args(ab).to_vec();
        let forwarded = ctx.operands(cond).get(1..).unwrap_or(&[]).to_vec();
        let yielded = ctx.operands(y).to_vec();
        if before_args.len() != inits.len()
            || yielded.len() != inits.len()
            || after_args.len() != forwarded.len()
            || ctx.results(op).len() != forwarded.len()
        {
            return false;
        }
        // (before index, forwarded index) of one invariant value.
        let found = (0..inits.len()).find_map(|i| {
            let j = forwarded.iter().position(|&f| f == before_args[i])?;
            (yielded[i] == after_args[j]).then_some((i, j))
        });
        let Some((i, j)) = found else { return false };
        let init = inits[i];
        let result = ctx.result(op, j);
        ctx.replace_all_uses(before_args[i], init);
        ctx.replace_all_uses(after_args[j], init);
        ctx.replace_all_uses(result, init);
        // Drop the value from the terminators, the blocks and the op.
        let mut ys = ctx.operands(y).to_vec();
        ys.remove(i);
        ctx.set_operands(y, ys);
        let mut cs = ctx.operands(cond).to_vec();
        cs.remove(j + 1);
        ctx.set_operands(cond, cs);
        ctx.erase_block_arg(bb, i);
        ctx.erase_block_arg(ab, j);
        let mut operands = inits;
        operands.remove(i);
        let keep: Vec<bool> = (0..forwarded.len()).map(|k| k != j).collect();
        rebuild_while(ctx, op, &operands, &keep);
        true
    }
}

/// Re-create a `scf.while` with new inits and the kept results; its regions move over.
fn rebuild_while(ctx: &mut Context, op: OpId, operands: &[Value], keep: &[bool]) {
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
    let kept = results.iter().zip(keep).filter(|(_, &k)| k).map(|(&r, _)| r);
    for (k, r) in kept.enumerate() {
        let nr = ctx.result(new, k);
        ctx.replace_all_uses(r, nr);
    }
    ctx.erase_op(op);
}
