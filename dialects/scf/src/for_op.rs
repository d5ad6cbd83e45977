//! `scf.for`: a counted loop over a signless integer or index range, with loop-carried values.

use crate::rewrite::{inline_before, rebuild_with};
use crate::trip_count::{offset_trip_count, trip_count, LoopDomain};
use crate::util::*;
use crate::views::ForOp;
use flowgate_arith::BitEnum;
use flowgate_ir::asm::{Argument, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Builder, Context, Count, Diagnostic, OpDef, OpId, RegionId, RewritePattern, Traits, Value};

pub(crate) fn def() -> OpDef {
    OpDef {
        traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
        inherent_attrs: &["unsignedCmp"],
        parse: Some(parse),
        print: Some(print),
        verify: Some(verify),
        canonicalize: Some(patterns),
        implicit_terminator: Some("scf.yield"),
        region_branch: Some(crate::views::for_edges),
        operands: Count::AtLeast(3),
        regions: Count::Exactly(1),
        successors: Count::Exactly(0),
        ..OpDef::new("scf.for")
    }
}

/// `scf.for [unsigned] %iv = %lb to %ub step %s [iter_args(%a = %x) -> (t)] [: ty] {...}`
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    if p.accept_keyword("unsigned") {
        let u = p.ctx().unit_attr();
        p.add_attr("unsignedCmp", u);
    }
    let iv = p.parse_operand()?;
    p.expect_equal()?;
    let lb = p.parse_operand()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand()?;
    let mut args = vec![Argument { name: iv, ty: None, attrs: None, loc: None }];
    let mut inits = Vec::new();
    let mut result_types = Vec::new();
    if p.accept_keyword("iter_args") {
        let (a, v) = parse_assignment_list(p)?;
        args.extend(a);
        inits = v;
        if !p.is(TokKind::Arrow) {
            return Err(p.error("expected '->'"));
        }
        result_types = p.parse_optional_arrow_type_list()?;
    }
    if args.len() != result_types.len() + 1 {
        let loc = p.op_loc();
        return Err(custom_error(p, loc, "mismatch in number of loop-carried values and defined values"));
    }
    let ty = if p.accept(TokKind::Colon) { p.parse_type()? } else { p.ctx().index_type() };
    args[0].ty = Some(ty);
    typed_args(&mut args[1..], &result_types);
    let body = p.add_region(&args)?;
    p.ensure_terminator(body, "scf.yield");
    // Operands resolve after the body, so a bound defined inside the loop is an error.
    for u in [&lb, &ub, &step] {
        p.add_operand(u, ty)?;
    }
    for (u, &t) in inits.iter().zip(&result_types) {
        p.add_operand(u, t)?;
    }
    p.add_result_types(&result_types);
    p.parse_optional_attr_dict()
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(f) = ForOp::cast(ctx, op) else { return };
    let body = f.body(ctx);
    let args = entry_args(ctx, body);
    if ctx.has_attr(op, "unsignedCmp") {
        p.write(" unsigned");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_value(iv);
    }
    p.write(" = ");
    p.print_value(f.lower_bound(ctx));
    p.write(" to ");
    p.print_value(f.upper_bound(ctx));
    p.write(" step ");
    p.print_value(f.step(ctx));
    let inits = f.init_args(ctx);
    print_init_list(p, " iter_args", args.get(1..).unwrap_or(&[]), inits);
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_value_types(inits);
        p.write(")");
    }
    p.write(" ");
    let ivt = ctx.value_type(f.lower_bound(ctx));
    if !ctx.is_index(ivt) {
        p.write(" : ");
        p.print_type(ivt);
        p.write(" ");
    }
    p.print_region(body, false, !inits.is_empty());
    p.print_optional_attr_dict(op, &["unsignedCmp"]);
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(f) = ForOp::cast(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "expects lower bound, upper bound and step operands"));
    };
    let ops = ctx.operands(op);
    let (inits, results) = (f.init_args(ctx), ctx.results(op));
    for i in 0..ForOp::NUM_FIXED_OPERANDS {
        check_operand(ctx, op, i, |c, t| c.is_signless_int_or_index(t), "signless integer or index")?;
    }
    let bound_types = types(ctx, &ops[..ForOp::NUM_FIXED_OPERANDS]);
    if bound_types.windows(2).any(|w| w[0] != w[1]) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "failed to verify that all of {lowerBound, upperBound, step} have same type",
        ));
    }
    if inits.len() != results.len() {
        return Err(Diagnostic::op_error(ctx, op, "mismatch in number of loop-carried values and defined values"));
    }
    check_one_block(ctx, op, 0, "region")?;
    check_implicit_terminator(ctx, op, "scf.yield")?;
    let domain = LoopDomain::of(ctx, bound_types[0], ctx.has_attr(op, "unsignedCmp"));
    let step_ok = |s: i128| domain.map_or(s > 0, |d| d.step_is_positive(s));
    if constant_int(ctx, f.step(ctx)).is_some_and(|s| !step_ok(s)) {
        return Err(Diagnostic::op_error(ctx, op, "constant step operand must be positive"));
    }
    let body = f.body(ctx);
    let args = entry_args(ctx, body);
    let Some((&iv, iter_args)) = args.split_first() else {
        return Err(Diagnostic::op_error(ctx, op, "different number of inits and region iter_args: 0 != 0"));
    };
    let yielded = region_terminator(ctx, body).map(|y| types(ctx, ctx.operands(y))).unwrap_or_default();
    verify_loop_like(ctx, op, &types(ctx, inits), &types(ctx, iter_args), &yielded, &types(ctx, results))?;
    if ctx.value_type(iv) != ctx.value_type(f.lower_bound(ctx)) {
        return Err(Diagnostic::op_error(ctx, op, "expected induction variable to be same type as bounds and step"));
    }
    // The remaining RegionBranchOpInterface edges: an empty yield slips past the checks above.
    let iter_tys = types(ctx, iter_args);
    let y = region_terminator(ctx, body);
    check_edge(ctx, op, ("Operation scf.yield", "Region #0"), y, &yielded, &iter_tys)?;
    check_edge(ctx, op, ("Operation scf.yield", "parent"), y, &yielded, &types(ctx, results))
}

/// Upstream's LoopLikeOpInterface verifier: counts, then types, of inits, iter_args, yielded
/// values and results.
fn verify_loop_like(
    ctx: &Context,
    op: OpId,
    inits: &[flowgate_ir::Type],
    iter_args: &[flowgate_ir::Type],
    yielded: &[flowgate_ir::Type],
    results: &[flowgate_ir::Type],
) -> Result<(), Diagnostic> {
    let err = |m: String| Err(Diagnostic::op_error(ctx, op, m));
    if inits.len() != iter_args.len() {
        return err(format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return err(format!(
            "different number of region iter_args and yielded values: {} != {}",
            iter_args.len(),
            yielded.len()
        ));
    }
    if results.len() != iter_args.len() {
        return err(format!(
            "different number of loop results and region iter_args: {} != {}",
            results.len(),
            iter_args.len()
        ));
    }
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        if init != arg {
            return err(format!(
                "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                q(ctx, init),
                q(ctx, arg)
            ));
        }
        if let Some(&y) = yielded.get(i) {
            if arg != y {
                return err(format!(
                    "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                    q(ctx, arg),
                    q(ctx, y)
                ));
            }
        }
    }
    for (i, (&arg, &r)) in iter_args.iter().zip(results).enumerate() {
        if arg != r {
            return err(format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                q(ctx, arg),
                q(ctx, r)
            ));
        }
    }
    Ok(())
}

// ----- canonicalization: loops of zero or one trip, forwarded or dead loop-carried values -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ForTrivialTripCount), Box::new(ForRemoveIterArgs)]
}

/// The trip count of a loop whose bounds and step are constants, computed in the loop's own
/// width and signedness (see `trip_count`).
fn constant_trip_count(ctx: &Context, op: OpId) -> Option<u128> {
    let f = ForOp::cast(ctx, op)?;
    let (lb, ub, step) = (
        constant_int(ctx, f.lower_bound(ctx))?,
        constant_int(ctx, f.upper_bound(ctx))?,
        constant_int(ctx, f.step(ctx))?,
    );
    let domain = LoopDomain::of(ctx, ctx.value_type(f.lower_bound(ctx)), ctx.has_attr(op, "unsignedCmp"))?;
    trip_count(domain, lb, ub, step)
}

/// The trip count of a loop whose upper bound is `arith.addi(lb, c)` that cannot overflow in
/// the loop's signedness (`nsw` for signed loops, `nuw` for unsigned ones), with a constant
/// step (see `offset_trip_count`).
fn offset_trip_count_of(ctx: &Context, op: OpId) -> Option<u128> {
    let f = ForOp::cast(ctx, op)?;
    let (lb, ub) = (f.lower_bound(ctx), f.upper_bound(ctx));
    let step = constant_int(ctx, f.step(ctx))?;
    let unsigned = ctx.has_attr(op, "unsignedCmp");
    let domain = LoopDomain::of(ctx, ctx.value_type(lb), unsigned)?;
    let add = ctx.defining_op(ub).filter(|&d| ctx.is_op(d, "arith.addi"))?;
    let [x, y] = ctx.operands(add) else { return None };
    let delta = if *x == lb {
        constant_int(ctx, *y)?
    } else if *y == lb {
        constant_int(ctx, *x)?
    } else {
        return None;
    };
    let need = if unsigned { "nuw" } else { "nsw" };
    let flags = ctx.attr(add, "overflowFlags").and_then(|a| BitEnum::Overflow.decode(ctx, a)).unwrap_or(0);
    if flags & BitEnum::Overflow.parse_list([need]).ok()? == 0 {
        return None;
    }
    offset_trip_count(domain, delta, step)
}

/// A loop that runs zero times yields its inits; one that runs once is its body with `iv = lb`.
struct ForTrivialTripCount;

impl RewritePattern for ForTrivialTripCount {
    fn root(&self) -> Option<&'static str> {
        Some("scf.for")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(f) = ForOp::cast(ctx, op) else { return false };
        if f.lower_bound(ctx) == f.upper_bound(ctx) {
            // The same value as both bounds: no iteration whatever it is.
            let inits = f.init_args(ctx).to_vec();
            ctx.replace_op(op, &inits);
            return true;
        }
        let Some(trips) = constant_trip_count(ctx, op).or_else(|| offset_trip_count_of(ctx, op)) else { return false };
        let inits = f.init_args(ctx).to_vec();
        if trips == 0 {
            ctx.replace_op(op, &inits);
            return true;
        }
        if trips != 1 {
            // A loop that runs at least once with only a yield of values defined outside it
            // leaves those values (upstream's SimplifyTrivialLoops).
            let body = ctx.region(op, 0);
            let Some(block) = ctx.entry_block(body) else { return false };
            let Some(term) = region_terminator(ctx, body) else { return false };
            let outside = |v| {
                ctx.value_block(v).is_none_or(|vb| !ctx.region_blocks(body).contains(&vb) && !in_region(ctx, vb, body))
            };
            if ctx.first_op(block) != Some(term) || !ctx.operands(term).iter().all(|&v| outside(v)) {
                return false;
            }
            let yielded = ctx.operands(term).to_vec();
            ctx.replace_op(op, &yielded);
            return true;
        }
        let mut args = vec![f.lower_bound(ctx)];
        args.extend(inits);
        let body = f.body(ctx);
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
        let Some(f) = ForOp::cast(ctx, op) else { return false };
        let body = f.body(ctx);
        let Some(term) = region_terminator(ctx, body) else { return false };
        let inits = f.init_args(ctx).to_vec();
        let iter_args = f.region_iter_args(ctx).to_vec();
        let yielded = ctx.operands(term).to_vec();
        let results = ctx.results(op).to_vec();
        if yielded.len() != inits.len() || iter_args.len() != inits.len() {
            return false;
        }
        let n = inits.len();
        // Loop-invariant iter_args: the greatest set whose members each yield their init or a
        // member with the same init (this covers forwarding and cycles of iter_args).
        let arg_index = |v| iter_args.iter().position(|&a| a == v);
        let mut invariant: Vec<bool> =
            (0..n).map(|i| yielded[i] == inits[i] || arg_index(yielded[i]).is_some()).collect();
        loop {
            let mut changed = false;
            for i in 0..n {
                if !invariant[i] || yielded[i] == inits[i] {
                    continue;
                }
                let ok = arg_index(yielded[i]).is_some_and(|j| invariant[j] && inits[j] == inits[i]);
                if !ok {
                    invariant[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut keep = vec![true; n];
        // What each removed iter_arg and result become.
        let mut replace: Vec<Option<(Value, Value)>> = vec![None; n];
        for i in 0..n {
            let dead = !ctx.has_uses(results[i]) && !ctx.has_uses(iter_args[i]);
            if invariant[i] || dead {
                keep[i] = false;
                replace[i] = Some((inits[i], inits[i]));
                continue;
            }
            // A duplicate of an earlier kept iter_arg: same init, same yielded value.
            if let Some(j) = (0..i).find(|&j| keep[j] && inits[j] == inits[i] && yielded[j] == yielded[i]) {
                keep[i] = false;
                replace[i] = Some((iter_args[j], results[j]));
            }
        }
        if keep.iter().all(|&k| k) {
            return false;
        }
        for i in (0..n).rev() {
            let Some((arg, res)) = replace[i] else { continue };
            ctx.replace_all_uses(iter_args[i], arg);
            ctx.replace_all_uses(results[i], res);
        }
        let mut operands = ctx.operands(op)[..ForOp::NUM_FIXED_OPERANDS].to_vec();
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

/// Is `block` inside `region`, at any depth?
fn in_region(ctx: &Context, block: flowgate_ir::BlockId, region: RegionId) -> bool {
    let mut r = ctx.block_parent(block);
    while let Some(cur) = r {
        if cur == region {
            return true;
        }
        r = ctx.region_parent(cur).and_then(|o| ctx.parent_region(o));
    }
    false
}
