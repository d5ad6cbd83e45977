//! `scf.if`: two single-block regions, the taken one yields the results.

use crate::rewrite::{inline_before, rebuild_with};
use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{
    Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RegionId, RewritePattern, Traits, Value,
};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        canonicalize: Some(patterns),
        fold: Some(crate::if_combine::fold_if),
        region_branch: Some(crate::views::yield_to_results_edges),
        implicit_terminator: Some("scf.yield"),
        operands: Count::Exactly(1),
        regions: Count::Exactly(2),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.if")
    }
}

/// `scf.if %c [-> (t...)] {...} [else {...}]`
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().i1_type();
    p.add_operand(&cond, i1)?;
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    let then = p.add_region(&[])?;
    p.ensure_terminator(then, "scf.yield");
    if p.accept_keyword("else") {
        let els = p.add_region(&[])?;
        p.ensure_terminator(els, "scf.yield");
    } else {
        p.add_empty_region();
    }
    p.parse_optional_attr_dict()
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    let results = ctx.result_types(op);
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(&results);
        p.write(")");
    }
    let terms = !results.is_empty();
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, terms);
    let els = ctx.region(op, 1);
    if !ctx.is_region_empty(els) {
        p.write(" else ");
        p.print_region(els, false, terms);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_operand(ctx, op, 0, is_i1, "1-bit signless integer")?;
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if !entry_args(ctx, r).is_empty() {
            return Err(Diagnostic::op_error(ctx, op, format!("region #{i} should have no arguments")));
        }
    }
    check_implicit_terminator(ctx, op, "scf.yield")?;
    check_one_block(ctx, op, 0, "thenRegion")?;
    let results = ctx.result_types(op);
    if !results.is_empty() && ctx.is_region_empty(ctx.region(op, 1)) {
        return Err(Diagnostic::op_error(ctx, op, "must have an else block if defining values"));
    }
    for &r in ctx.regions(op) {
        if let Some(y) = region_terminator(ctx, r) {
            let ys = types(ctx, ctx.operands(y));
            check_edge(ctx, op, ("Operation scf.yield", "parent"), Some(y), &ys, &results)?;
        }
    }
    Ok(())
}

// ----- canonicalization: constant conditions, unused results, results that are the condition or
// a value from above (upstream's `arith.select` conversion) -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    let mut v = crate::if_combine::patterns();
    v.extend::<Vec<Box<dyn RewritePattern>>>(vec![
        Box::new(IfConstantCondition),
        Box::new(IfRemoveUnusedResults),
        Box::new(IfYieldConditionOrValue),
        Box::new(IfToSelect),
        Box::new(IfRemoveEmptyElse),
    ]);
    v
}

/// An `scf.if` without results whose else block holds only its yield has no else.
struct IfRemoveEmptyElse;

impl RewritePattern for IfRemoveEmptyElse {
    fn root(&self) -> Option<&'static str> {
        Some("scf.if")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        if !ctx.results(op).is_empty() || ctx.regions(op).len() != 2 {
            return false;
        }
        let Some(block) = ctx.entry_block(ctx.region(op, 1)) else { return false };
        let only_yield = ctx.first_op(block) == ctx.last_op(block)
            && ctx.last_op(block).is_none_or(|t| ctx.is_op(t, "scf.yield") && ctx.operands(t).is_empty());
        if !only_yield || ctx.region_blocks(ctx.region(op, 1)).len() != 1 {
            return false;
        }
        ctx.erase_block(block);
        true
    }
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
struct IfYieldConditionOrValue;

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
struct IfToSelect;

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
