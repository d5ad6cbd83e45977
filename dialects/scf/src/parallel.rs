//! `scf.parallel`, its `scf.reduce` terminator and `scf.reduce.return`.

use crate::rewrite::inline_before;
use crate::util::*;
use flowgate_ir::asm::{Argument, Delimiter, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RewritePattern, Traits};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            inherent_attrs: &["operandSegmentSizes"],
            parse: Some(parse_parallel),
            print: Some(print_parallel),
            verify: Some(verify_parallel),
            canonicalize: Some(patterns),
            implicit_terminator: Some("scf.reduce"),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.parallel")
        },
        OpDef {
            traits: Traits::TERMINATOR | Traits::RECURSIVE_EFFECTS,
            parse: Some(parse_reduce),
            print: Some(print_reduce),
            verify: Some(verify_reduce),
            results: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.reduce")
        },
        OpDef {
            traits: Traits::TERMINATOR | Traits::PURE,
            parse: Some(parse_reduce_return),
            print: Some(print_reduce_return),
            verify: Some(verify_reduce_return),
            operands: Count::Exactly(1),
            results: Count::Exactly(0),
            regions: Count::Exactly(0),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.reduce.return")
        },
    ]
}

/// The operand groups of an `scf.parallel`: lower bounds, upper bounds, steps, init values.
pub struct ParallelOperands {
    pub lbs: Vec<flowgate_ir::Value>,
    pub ubs: Vec<flowgate_ir::Value>,
    pub steps: Vec<flowgate_ir::Value>,
    pub inits: Vec<flowgate_ir::Value>,
}

/// Split the operands by `operandSegmentSizes`; `None` when the attribute is missing or does not
/// add up.
pub fn parallel_operands(ctx: &Context, op: OpId) -> Option<ParallelOperands> {
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a))?;
    if sizes.len() != 4 || sizes.iter().any(|&s| s < 0) {
        return None;
    }
    let sizes: Vec<usize> = sizes.iter().map(|&s| s as usize).collect();
    let ops = ctx.operands(op);
    if sizes.iter().sum::<usize>() != ops.len() {
        return None;
    }
    let mut at = 0;
    let mut take = |n: usize| {
        let v = ops[at..at + n].to_vec();
        at += n;
        v
    };
    Some(ParallelOperands { lbs: take(sizes[0]), ubs: take(sizes[1]), steps: take(sizes[2]), inits: take(sizes[3]) })
}

fn parse_paren_operands(p: &mut OpParser<'_, '_>) -> PResult<Vec<flowgate_ir::asm::UnresolvedOperand>> {
    p.parse_operand_list(Delimiter::Paren)
}

/// `(%a, %b)` with exactly one value per induction variable.
fn parse_bound_list(p: &mut OpParser<'_, '_>, n: usize) -> PResult<Vec<flowgate_ir::asm::UnresolvedOperand>> {
    let loc = p.current_loc();
    let list = parse_paren_operands(p)?;
    if list.len() != n {
        return Err(custom_error(p, loc, format!("expected {n} operands")));
    }
    Ok(list)
}

/// `scf.parallel (%i, %j) = (%a, %b) to (%c, %d) step (%e, %f) [init (%x)] [-> t] {...}`
fn parse_parallel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    p.expect_equal()?;
    let lbs = parse_bound_list(p, ivs.len())?;
    p.expect_keyword("to")?;
    let ubs = parse_bound_list(p, ivs.len())?;
    p.expect_keyword("step")?;
    let steps = parse_bound_list(p, ivs.len())?;
    let inits = if p.accept_keyword("init") { parse_paren_operands(p)? } else { Vec::new() };
    let tys = p.parse_optional_arrow_type_list()?;
    p.add_result_types(&tys);
    let idx = p.ctx().index_type();
    let args: Vec<Argument> = ivs.into_iter().map(|a| Argument { ty: Some(idx), ..a }).collect();
    let body = p.add_region(&args)?;
    p.ensure_terminator(body, "scf.reduce");
    p.parse_optional_attr_dict()?;
    for group in [&lbs, &ubs, &steps] {
        p.add_operands_same_type(group, idx)?;
    }
    if inits.len() != tys.len() {
        // Upstream resolves the init values as a range, with this message at the op name.
        let loc = p.op_loc();
        return Err(p.error_at(
            loc,
            format!("number of operands and types do not match: got {} operands and {} types", inits.len(), tys.len()),
        ));
    }
    let loc = p.current_loc();
    p.add_operands(&inits, &tys, loc)?;
    let n = |v: usize| v as i32;
    let seg = p.ctx().dense_i32_array_attr(&[n(lbs.len()), n(ubs.len()), n(steps.len()), n(inits.len())]);
    p.add_attr("operandSegmentSizes", seg);
    Ok(())
}

fn print_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(g) = parallel_operands(ctx, op) else { return };
    let body = ctx.region(op, 0);
    p.write(" (");
    p.print_operands(&entry_args(ctx, body));
    p.write(") = (");
    p.print_operands(&g.lbs);
    p.write(") to (");
    p.print_operands(&g.ubs);
    p.write(") step (");
    p.print_operands(&g.steps);
    p.write(")");
    if !g.inits.is_empty() {
        p.write(" init (");
        p.print_operands(&g.inits);
        p.write(")");
    }
    p.print_optional_arrow_type_list(&ctx.result_types(op));
    p.write(" ");
    p.print_region(body, false, true);
    p.print_optional_attr_dict(op, &["operandSegmentSizes"]);
}

fn verify_parallel(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(g) = parallel_operands(ctx, op) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "operand count does not match count from 'operandSegmentSizes' attribute",
        ));
    };
    for (i, &v) in g.lbs.iter().chain(&g.ubs).chain(&g.steps).enumerate() {
        if !ctx.is_index(ctx.value_type(v)) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #{i} must be variadic of index, but got {}", q(ctx, ctx.value_type(v))),
            ));
        }
    }
    check_one_block(ctx, op, 0, "region")?;
    if g.steps.is_empty() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    if g.steps.iter().any(|&s| constant_int(ctx, s).is_some_and(|c| c <= 0)) {
        return Err(Diagnostic::op_error(ctx, op, "constant step operand must be positive"));
    }
    let body = ctx.region(op, 0);
    let ivs = entry_args(ctx, body);
    if ivs.len() != g.steps.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {}",
                ivs.len(),
                g.steps.len()
            ),
        ));
    }
    if g.lbs.len() != g.steps.len() || g.ubs.len() != g.steps.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects the same number of lower bounds: {}, upper bounds: {} and steps: {}",
                g.lbs.len(),
                g.ubs.len(),
                g.steps.len()
            ),
        ));
    }
    if ivs.iter().any(|&a| !ctx.is_index(ctx.value_type(a))) {
        return Err(Diagnostic::op_error(ctx, op, "expects arguments for the induction variable to be of index type"));
    }
    let reduce = match region_terminator(ctx, body) {
        Some(t) if ctx.is_op(t, "scf.reduce") => t,
        other => {
            let mut d = Diagnostic::op_error(ctx, op, "expects body to terminate with 'scf.reduce'");
            if let Some(t) = other {
                d = d.with_note(ctx.op_loc(t), "terminator here");
            }
            return Err(d);
        }
    };
    let results = ctx.result_types(op);
    let reductions = ctx.operands(reduce);
    // Upstream counts the reduction regions here; the reduce op pairs them with operands.
    let num_reductions = ctx.regions(reduce).len();
    if results.len() != num_reductions {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects number of results: {} to be the same as number of reductions: {}",
                results.len(),
                num_reductions
            ),
        ));
    }
    if results.len() != g.inits.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects number of results: {} to be the same as number of initial values: {}",
                results.len(),
                g.inits.len()
            ),
        ));
    }
    for (i, (&r, &v)) in results.iter().zip(reductions).enumerate() {
        let t = ctx.value_type(v);
        if r != t {
            return Err(Diagnostic::op_error(
                ctx,
                reduce,
                format!(
                    "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                    q(ctx, t),
                    q(ctx, r)
                ),
            ));
        }
    }
    // Flowgate-only: the lowering seeds each accumulator with its init value, so they must agree.
    for (i, (&r, &v)) in results.iter().zip(&g.inits).enumerate() {
        let t = ctx.value_type(v);
        if r != t {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "expects type of {i}-th initial value: {} to be the same as the {i}-th result type: {}",
                    q(ctx, t),
                    q(ctx, r)
                ),
            ));
        }
    }
    Ok(())
}

/// `scf.reduce` or `scf.reduce(%a, %b : t1, t2) {^bb0(%l: t1, %r: t1): ...}, {...}`
fn parse_reduce(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.accept(TokKind::LParen) {
        let vals = p.parse_operand_list(Delimiter::None)?;
        let loc = p.current_loc();
        let tys = p.parse_colon_type_list()?;
        p.expect(TokKind::RParen, "')'")?;
        p.add_operands(&vals, &tys, loc)?;
    }
    // The reduction regions may come without operands (the verifier reports the mismatch).
    if p.is_region() {
        loop {
            p.add_region(&[])?;
            if !p.accept_comma() {
                break;
            }
        }
    }
    p.parse_optional_attr_dict()
}

fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let vals = ctx.operands(op);
    if !vals.is_empty() {
        p.write("(");
        p.print_operands(vals);
        p.write(" : ");
        p.print_value_types(vals);
        p.write(")");
    }
    p.write(" ");
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(r, true, true);
    }
    p.print_optional_attr_dict(op, &[]);
}

fn verify_reduce(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_parent(ctx, op, &["scf.parallel"])?;
    let vals = ctx.operands(op);
    let regions = ctx.regions(op);
    if vals.len() != regions.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
                regions.len(),
                vals.len()
            ),
        ));
    }
    for (i, (&v, &r)) in vals.iter().zip(regions).enumerate() {
        let blocks = ctx.region_blocks(r);
        if blocks.len() != 1 {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("region #{i} ('reductions') failed to verify constraint: region with 1 blocks"),
            ));
        }
        let b = blocks[0];
        let t = ctx.value_type(v);
        let Some(last) = ctx.last_op(b) else {
            // Upstream's region verifier reports an empty block at the op, before any op check.
            return Err(Diagnostic::error(ctx.op_loc(op), "empty block: expect at least a terminator"));
        };
        let args = ctx.block_args(b);
        if args.len() != 2 || args.iter().any(|&a| ctx.value_type(a) != t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("expected two block arguments with type {} in the {i}-th reduction region", q(ctx, t)),
            ));
        }
        if !ctx.is_op(last, "scf.reduce.return") {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

/// `scf.reduce.return %v : t`
fn parse_reduce_return(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let v = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_operand(&v, t)?;
    Ok(())
}

fn print_reduce_return(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let v = ctx.operand(op, 0);
    p.write(" ");
    p.print_value(v);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(ctx.value_type(v));
}

fn verify_reduce_return(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    check_parent(ctx, op, &["scf.reduce"])?;
    let Some(b) = ctx.parent_block(op) else { return Ok(()) };
    let Some(&first) = ctx.block_args(b).first() else { return Ok(()) };
    let want = ctx.value_type(first);
    if want != ctx.value_type(ctx.operand(op, 0)) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("must have type {} (the type of the reduction inputs)", q(ctx, want)),
        ));
    }
    Ok(())
}

// ----- canonicalization: loops with an empty dimension -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ParallelZeroTrip), Box::new(ParallelSingleIteration), Box::new(ParallelMergeNested)]
}

/// Create an `scf.parallel` before `before` from its operand groups, result types and a body
/// region (moved in), carrying over `before`'s other attributes.
fn build_parallel(
    ctx: &mut Context,
    before: OpId,
    g: &ParallelOperands,
    results: &[flowgate_ir::Type],
    body: flowgate_ir::RegionId,
) -> OpId {
    let loc = ctx.op_loc(before);
    let mut operands = g.lbs.clone();
    operands.extend(&g.ubs);
    operands.extend(&g.steps);
    operands.extend(&g.inits);
    let seg =
        ctx.dense_i32_array_attr(&[g.lbs.len() as i32, g.ubs.len() as i32, g.steps.len() as i32, g.inits.len() as i32]);
    let mut st = OperationState::new(ctx, "scf.parallel", loc).operands(&operands).results(results).regions(&[body]);
    let seg_name = ctx.intern_str("operandSegmentSizes");
    st.attrs = ctx.attrs(before).iter().copied().filter(|&(n, _)| n != seg_name).collect();
    st.attrs.push((seg_name, seg));
    let new = ctx.create_op(st);
    ctx.insert_op_before(new, before);
    new
}

/// Dimensions of constant bounds that run exactly once use their lower bound and go (upstream's
/// CollapseSingleIterationLoops); with none left, the body and the reductions run inline.
struct ParallelSingleIteration;

impl RewritePattern for ParallelSingleIteration {
    fn root(&self) -> Option<&'static str> {
        Some("scf.parallel")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(g) = parallel_operands(ctx, op) else { return false };
        let n = g.lbs.len();
        if g.ubs.len() != n || g.steps.len() != n || g.inits.len() != ctx.results(op).len() {
            return false;
        }
        let single: Vec<bool> = (0..n)
            .map(|d| match (constant_int(ctx, g.lbs[d]), constant_int(ctx, g.ubs[d]), constant_int(ctx, g.steps[d])) {
                (Some(l), Some(u), Some(s)) => l < u && u - l <= s,
                _ => false,
            })
            .collect();
        if !single.iter().any(|&x| x) {
            return false;
        }
        let body = ctx.region(op, 0);
        let Some(block) = ctx.entry_block(body) else { return false };
        if ctx.region_blocks(body).len() != 1 || ctx.block_args(block).len() != n {
            return false;
        }
        let Some(term) = ctx.last_op(block).filter(|&t| ctx.is_op(t, "scf.reduce")) else { return false };
        if single.iter().all(|&x| x) {
            // Every dimension runs once: the body runs here, then each reduction combines the
            // init with the body's value.
            if ctx.regions(term).len() != g.inits.len() || ctx.operands(term).len() != g.inits.len() {
                return false;
            }
            let mut reductions = Vec::new();
            for r in ctx.regions(term).to_vec() {
                let nr = ctx.create_region();
                ctx.take_region_body(r, nr);
                reductions.push(nr);
            }
            let values = inline_before(ctx, body, op, &g.lbs);
            let mut results = Vec::new();
            for (i, r) in reductions.into_iter().enumerate() {
                let out = inline_before(ctx, r, op, &[g.inits[i], values[i]]);
                let Some(&v) = out.first() else { return true };
                results.push(v);
            }
            ctx.replace_op(op, &results);
            return true;
        }
        // Keep the other dimensions in a new loop whose body binds the dropped ivs to their
        // lower bounds.
        let keep = |v: &[flowgate_ir::Value]| -> Vec<flowgate_ir::Value> {
            v.iter().zip(&single).filter(|(_, &s)| !s).map(|(&x, _)| x).collect()
        };
        let ng =
            ParallelOperands { lbs: keep(&g.lbs), ubs: keep(&g.ubs), steps: keep(&g.steps), inits: g.inits.clone() };
        let region = ctx.create_region();
        let idx = ctx.index_type();
        let loc = ctx.op_loc(op);
        let nb = ctx.add_block(region, &vec![idx; ng.lbs.len()], loc);
        let new_args = ctx.block_args(nb).to_vec();
        let mut k = 0;
        let args: Vec<flowgate_ir::Value> = (0..n)
            .map(|d| {
                if single[d] {
                    g.lbs[d]
                } else {
                    k += 1;
                    new_args[k - 1]
                }
            })
            .collect();
        ctx.merge_blocks(block, nb, &args);
        let types: Vec<_> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        let new = build_parallel(ctx, op, &ng, &types, region);
        let results = ctx.results(new).to_vec();
        ctx.replace_op(op, &results);
        true
    }
}

/// An `scf.parallel` whose body is only another one (neither reducing, the inner bounds
/// defined above the outer loop) is one loop over both sets of dimensions.
struct ParallelMergeNested;

impl RewritePattern for ParallelMergeNested {
    fn root(&self) -> Option<&'static str> {
        Some("scf.parallel")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(outer) = parallel_operands(ctx, op) else { return false };
        if !outer.inits.is_empty() || !ctx.results(op).is_empty() {
            return false;
        }
        let body = ctx.region(op, 0);
        let Some(block) = ctx.entry_block(body) else { return false };
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        let [inner, term] = ops[..] else { return false };
        if !ctx.is_op(inner, "scf.parallel") || !ctx.is_op(term, "scf.reduce") || !ctx.operands(term).is_empty() {
            return false;
        }
        let Some(ig) = parallel_operands(ctx, inner) else { return false };
        if !ig.inits.is_empty() || !ctx.results(inner).is_empty() {
            return false;
        }
        // The inner bounds must not depend on the outer ivs (nothing else is in the body).
        let outer_ivs = ctx.block_args(block).to_vec();
        if ig.lbs.iter().chain(&ig.ubs).chain(&ig.steps).any(|v| outer_ivs.contains(v)) {
            return false;
        }
        let inner_body = ctx.region(inner, 0);
        let Some(inner_block) = ctx.entry_block(inner_body) else { return false };
        if ctx.region_blocks(inner_body).len() != 1 {
            return false;
        }
        let idx = ctx.index_type();
        let loc = ctx.op_loc(op);
        let region = ctx.create_region();
        let total = outer.lbs.len() + ig.lbs.len();
        let nb = ctx.add_block(region, &vec![idx; total], loc);
        let new_args = ctx.block_args(nb).to_vec();
        for (&old, &new) in outer_ivs.iter().zip(&new_args) {
            ctx.replace_all_uses(old, new);
        }
        ctx.merge_blocks(inner_block, nb, &new_args[outer.lbs.len()..]);
        let cat = |a: &[flowgate_ir::Value], b: &[flowgate_ir::Value]| -> Vec<flowgate_ir::Value> {
            a.iter().chain(b).copied().collect()
        };
        let g = ParallelOperands {
            lbs: cat(&outer.lbs, &ig.lbs),
            ubs: cat(&outer.ubs, &ig.ubs),
            steps: cat(&outer.steps, &ig.steps),
            inits: Vec::new(),
        };
        build_parallel(ctx, op, &g, &[], region);
        ctx.erase_op(op);
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
        let Some(g) = parallel_operands(ctx, op) else { return false };
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
