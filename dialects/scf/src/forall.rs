//! `scf.forall` and its terminator `scf.forall.in_parallel`, with upstream's syntax and
//! verifier. Bounds are mixed static/dynamic lists; `shared_outs` are tensors each thread
//! writes slices of through `tensor.parallel_insert_slice` in the terminator. Flowgate parses,
//! prints and verifies them; nothing lowers them (the code generator refuses them).

use crate::util::*;
use flowgate_ir::asm::{Argument, Delimiter, OpParser, OpPrinter, PResult, TokKind, UnresolvedOperand};
use flowgate_ir::{AttrKind, Context, Count, Diagnostic, OpDef, OpId, OperationState, Traits, Value, DYNAMIC};

/// Attributes printed through the custom syntax rather than the attribute dictionary.
const ELIDED: &[&str] = &["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"];
/// Ops allowed in `scf.forall.in_parallel` (upstream's `ParallelCombiningOpInterface`), with
/// the operand each one writes into.
const COMBINING: &[(&str, usize)] = &[("tensor.parallel_insert_slice", 1)];

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            inherent_attrs: &["mapping", "operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"],
            parse: Some(parse_forall),
            print: Some(print_forall),
            verify: Some(verify_forall),
            implicit_terminator: Some("scf.forall.in_parallel"),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.forall")
        },
        OpDef {
            // Not pure: what it holds writes the shared outputs.
            traits: Traits::TERMINATOR | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            parse: Some(parse_in_parallel),
            print: Some(print_in_parallel),
            verify: Some(verify_in_parallel),
            operands: Count::Exactly(0),
            results: Count::Exactly(0),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.forall.in_parallel")
        },
    ]
}

/// A bound list as parsed: the operands of its dynamic entries, and every entry's static value
/// (`DYNAMIC` where an operand stands).
type Mixed = (Vec<UnresolvedOperand>, Vec<i64>);

/// `(0, %n, 4)`: upstream's dynamic index list in parentheses.
fn parse_mixed(p: &mut OpParser<'_, '_>) -> PResult<Mixed> {
    p.expect(TokKind::LParen, "'('")?;
    let mut dynamic = Vec::new();
    let mut values = Vec::new();
    if p.accept(TokKind::RParen) {
        return Ok((dynamic, values));
    }
    loop {
        if p.is_operand() {
            dynamic.push(p.parse_operand()?);
            values.push(DYNAMIC);
        } else {
            let v = p.parse_integer()?;
            values.push(i64::try_from(v).map_err(|_| p.error("integer value too large"))?);
        }
        if !p.accept_comma() {
            break;
        }
    }
    p.expect(TokKind::RParen, "')'")?;
    Ok((dynamic, values))
}

/// `scf.forall (%i, %j) in (%n, 4) [shared_outs(%o = %t) -> (types)] {...} [{attrs}]`, or
/// with `= (lbs) to (ubs) step (steps)` in place of `in (ubs)`.
fn parse_forall(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let n = ivs.len();
    let (lbs, ubs, steps) = if p.accept_keyword("in") {
        ((Vec::new(), vec![0; n]), parse_mixed(p)?, (Vec::new(), vec![1; n]))
    } else {
        p.expect_equal()?;
        let lbs = parse_mixed(p)?;
        p.expect_keyword("to")?;
        let ubs = parse_mixed(p)?;
        p.expect_keyword("step")?;
        (lbs, ubs, parse_mixed(p)?)
    };
    let idx = p.ctx().index_type();
    for (dynamic, _) in [&lbs, &ubs, &steps] {
        p.add_operands_same_type(dynamic, idx)?;
    }
    let mut out_args = Vec::new();
    let mut outs = Vec::new();
    let mut tys = Vec::new();
    let outs_loc = p.current_loc();
    if p.accept_keyword("shared_outs") {
        (out_args, outs) = parse_assignment_list(p)?;
        tys = p.parse_optional_arrow_type_list()?;
        if outs.len() != tys.len() {
            return Err(custom_error(
                p,
                outs_loc,
                format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    outs.len(),
                    tys.len()
                ),
            ));
        }
        p.add_operands(&outs, &tys, outs_loc)?;
    }
    p.add_result_types(&tys);
    let mut args: Vec<Argument> = ivs.into_iter().map(|a| Argument { ty: Some(idx), ..a }).collect();
    typed_args(&mut out_args, &tys);
    args.extend(out_args);
    let body = p.add_region(&args)?;
    ensure_in_parallel(p, body);
    p.parse_optional_attr_dict()?;
    for (name, (_, values)) in [("staticLowerBound", &lbs), ("staticUpperBound", &ubs), ("staticStep", &steps)] {
        let a = p.ctx().dense_i64_array_attr(values);
        p.add_attr(name, a);
    }
    let sizes = [lbs.0.len(), ubs.0.len(), steps.0.len(), outs.len()].map(|s| s as i32);
    let seg = p.ctx().dense_i32_array_attr(&sizes);
    p.add_attr("operandSegmentSizes", seg);
    Ok(())
}

/// The elided terminator: an `scf.forall.in_parallel` with an empty body.
fn ensure_in_parallel(p: &mut OpParser<'_, '_>, body: flowgate_ir::RegionId) {
    let loc = p.op_loc();
    let ctx = p.ctx();
    let block = match ctx.entry_block(body) {
        Some(b) => b,
        None => ctx.add_block(body, &[], loc),
    };
    if ctx.last_op(block).is_some_and(|o| ctx.has_trait(o, Traits::TERMINATOR)) {
        return;
    }
    let region = ctx.create_region();
    ctx.add_block(region, &[], loc);
    let st = OperationState::new(ctx, "scf.forall.in_parallel", loc).regions(&[region]);
    let op = ctx.create_op(st);
    ctx.append_op(block, op);
}

/// The operand groups by `operandSegmentSizes`: dynamic lower bounds, upper bounds, steps,
/// and the shared outputs.
fn groups(ctx: &Context, op: OpId) -> Option<[Vec<Value>; 4]> {
    let sizes = ctx.attr(op, "operandSegmentSizes").and_then(|a| ctx.attr_as_dense_array(a))?;
    let sizes: Vec<usize> = sizes.iter().map(|&s| usize::try_from(s).ok()).collect::<Option<_>>()?;
    let ops = ctx.operands(op);
    if sizes.len() != 4 || sizes.iter().try_fold(0usize, |a, &s| a.checked_add(s)) != Some(ops.len()) {
        return None;
    }
    let mut at = 0;
    Some([0, 1, 2, 3].map(|i| {
        let g = ops[at..at + sizes[i]].to_vec();
        at += sizes[i];
        g
    }))
}

fn static_list(ctx: &Context, op: OpId, name: &str) -> Vec<i64> {
    let values = ctx.attr(op, name).and_then(|a| ctx.attr_as_dense_array(a)).unwrap_or_default();
    values.iter().map(|&v| i64::try_from(v).unwrap_or(DYNAMIC)).collect()
}

/// Every entry is `want`, statically or as a constant operand (upstream's `isNormalized`).
fn all_equal(ctx: &Context, values: &[i64], dynamic: &[Value], want: i64) -> bool {
    let mut d = dynamic.iter();
    values.iter().all(|&v| {
        if v == DYNAMIC {
            d.next().and_then(|&x| constant_int(ctx, x)) == Some(i128::from(want))
        } else {
            v == want
        }
    })
}

fn print_mixed(p: &mut OpPrinter<'_>, values: &[i64], dynamic: &[Value]) {
    let mut s = String::new();
    let mut d = dynamic.iter();
    p.write("(");
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (v == DYNAMIC).then(|| d.next()) {
            Some(Some(&x)) => p.print_value(x),
            Some(None) => p.write("<<missing>>"),
            None => {
                s.clear();
                s.push_str(&v.to_string());
                p.write(&s);
            }
        }
    }
    p.write(")");
}

fn print_forall(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some([lbs, ubs, steps, outs]) = groups(ctx, op) else { return };
    let body = ctx.region(op, 0);
    let args = entry_args(ctx, body);
    let n = static_list(ctx, op, "staticLowerBound").len();
    p.write(" (");
    p.print_operands(&args[..n.min(args.len())]);
    let (slb, sub, sst) = (
        static_list(ctx, op, "staticLowerBound"),
        static_list(ctx, op, "staticUpperBound"),
        static_list(ctx, op, "staticStep"),
    );
    if all_equal(ctx, &slb, &lbs, 0) && all_equal(ctx, &sst, &steps, 1) {
        p.write(") in ");
        print_mixed(p, &sub, &ubs);
    } else {
        p.write(") = ");
        print_mixed(p, &slb, &lbs);
        p.write(" to ");
        print_mixed(p, &sub, &ubs);
        p.write(" step ");
        print_mixed(p, &sst, &steps);
    }
    print_init_list(p, " shared_outs", args.get(n..).unwrap_or(&[]), &outs);
    p.write(" ");
    if !outs.is_empty() {
        p.write("-> (");
        p.print_value_types(ctx.results(op));
        p.write(") ");
    }
    p.print_region(body, false, !ctx.results(op).is_empty());
    p.print_optional_attr_dict(op, ELIDED);
}

/// Upstream's `verifyListOfOperandsOrIntegers`, reported without the op prefix as upstream.
fn check_list(
    ctx: &Context,
    op: OpId,
    name: &str,
    n: usize,
    values: &[i64],
    dynamic: &[Value],
) -> Result<(), Diagnostic> {
    if values.len() != n {
        return Err(Diagnostic::error(ctx.op_loc(op), format!("expected {n} {name} values, got {}", values.len())));
    }
    let n_dyn = values.iter().filter(|&&v| v == DYNAMIC).count();
    if dynamic.len() != n_dyn {
        return Err(Diagnostic::error(ctx.op_loc(op), format!("expected {n_dyn} dynamic {name} values")));
    }
    Ok(())
}

fn verify_forall(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some([lbs, ubs, steps, outs]) = groups(ctx, op) else {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "operand count does not match count from 'operandSegmentSizes' attribute",
        ));
    };
    for (i, &v) in lbs.iter().chain(&ubs).chain(&steps).enumerate() {
        if !ctx.is_index(ctx.value_type(v)) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #{i} must be variadic of index, but got {}", q(ctx, ctx.value_type(v))),
            ));
        }
    }
    let first_out = lbs.len() + ubs.len() + steps.len();
    for (i, &v) in outs.iter().enumerate() {
        let t = ctx.value_type(v);
        if !matches!(ctx.type_kind(t), flowgate_ir::TypeKind::RankedTensor { .. }) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!(
                    "operand #{} must be variadic of ranked tensor of any type values, but got {}",
                    first_out + i,
                    q(ctx, t)
                ),
            ));
        }
    }
    check_implicit_terminator(ctx, op, "scf.forall.in_parallel")?;
    // Upstream's rank is the number of lower bounds.
    let n = static_list(ctx, op, "staticLowerBound").len();
    let results = ctx.results(op);
    if results.len() != outs.len() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("produces {} results, but has only {} outputs", results.len(), outs.len()),
        ));
    }
    let args = entry_args(ctx, ctx.region(op, 0));
    if args.len() != n + outs.len() {
        return Err(Diagnostic::op_error(ctx, op, format!("region expects {n} arguments")));
    }
    if let Some(i) = args[..n].iter().position(|&a| !ctx.is_index(ctx.value_type(a))) {
        return Err(Diagnostic::op_error(ctx, op, format!("expects {i}-th block argument to be an index")));
    }
    if let Some(i) = outs.iter().zip(&args[n..]).position(|(&o, &a)| ctx.value_type(o) != ctx.value_type(a)) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("type mismatch between {i}-th output and corresponding block argument"),
        ));
    }
    if let Some(m) = ctx.attr(op, "mapping") {
        // Device mappings are attributes of other dialects (`#gpu.block<x>`), which Flowgate
        // keeps as opaque dialect attributes.
        let items = match ctx.attr_kind(m) {
            AttrKind::Array(items) if items.iter().all(|&a| matches!(ctx.attr_kind(a), AttrKind::Opaque { .. })) => {
                items
            }
            _ => {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute",
                ))
            }
        };
        if !items.is_empty() && items.len() != n {
            return Err(Diagnostic::op_error(ctx, op, "mapping attribute size must match op rank"));
        }
    }
    check_list(ctx, op, "lower bound", n, &static_list(ctx, op, "staticLowerBound"), &lbs)?;
    check_list(ctx, op, "upper bound", n, &static_list(ctx, op, "staticUpperBound"), &ubs)?;
    check_list(ctx, op, "step", n, &static_list(ctx, op, "staticStep"), &steps)
}

/// `scf.forall.in_parallel { ... } [{attrs}]`
fn parse_in_parallel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.op_loc();
    let r = p.add_region(&[])?;
    if p.ctx().entry_block(r).is_none() {
        p.ctx().add_block(r, &[], loc);
    }
    p.parse_optional_attr_dict()
}

fn print_in_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, false);
    p.print_optional_attr_dict(op, &[]);
}

/// Only combining ops, each writing into one of the loop's shared outputs.
fn verify_in_parallel(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let forall = check_parent(ctx, op, &["scf.forall"])?;
    let n = static_list(ctx, forall, "staticLowerBound").len();
    let args = entry_args(ctx, ctx.region(forall, 0));
    let outs = args.get(n..).unwrap_or(&[]);
    let Some(&block) = ctx.region_blocks(ctx.region(op, 0)).first() else { return Ok(()) };
    for inner in ctx.block_ops(block) {
        let Some(&(_, dest)) = COMBINING.iter().find(|(name, _)| ctx.is_op(inner, name)) else {
            return Err(Diagnostic::op_error(ctx, op, "expected only ParallelCombiningOpInterface ops"));
        };
        let written = ctx.operands(inner).get(dest).copied();
        if !written.is_some_and(|d| outs.contains(&d)) {
            return Err(Diagnostic::op_error(ctx, inner, "may only insert into an output block argument"));
        }
    }
    Ok(())
}
