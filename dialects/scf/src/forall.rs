//! `scf.forall` and its `scf.forall.in_parallel` terminator: a multi-dimensional parallel loop
//! with mixed static/dynamic bounds whose `shared_outs` tensors are updated only through the
//! terminator's `tensor.parallel_insert_slice` ops. Upstream's syntax and verifier, and the
//! canonicalizations the SCF tests check: constant bounds become static, a `tensor.cast` of an
//! output that only loses static information is folded into the loop, and `tensor.dim` of a
//! result reads the shared output instead.

use crate::util::*;
use flowgate_ir::asm::{Argument, OpParser, OpPrinter, PResult, TokKind, UnresolvedOperand};
use flowgate_ir::{
    AttrKind, Builder, Context, Count, Diagnostic, OpDef, OpId, OperationState, RewritePattern, Traits, Type, TypeKind,
    Value, DYNAMIC,
};

const ELIDED: &[&str] = &["operandSegmentSizes", "staticLowerBound", "staticStep", "staticUpperBound"];
const IN_PARALLEL: &str = "scf.forall.in_parallel";
/// The ops upstream's `ParallelCombiningOpInterface` covers here.
const COMBINING: &[&str] = &["tensor.parallel_insert_slice"];

pub(crate) fn defs() -> Vec<OpDef> {
    vec![
        OpDef {
            traits: Traits::SINGLE_BLOCK | Traits::RECURSIVE_EFFECTS,
            inherent_attrs: &["mapping", "operandSegmentSizes", "staticLowerBound", "staticStep", "staticUpperBound"],
            parse: Some(parse),
            print: Some(print),
            verify: Some(verify),
            canonicalize: Some(patterns),
            implicit_terminator: Some(IN_PARALLEL),
            operands: Count::AtLeast(0),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("scf.forall")
        },
        OpDef {
            traits: Traits::TERMINATOR | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK | Traits::PURE,
            parse: Some(parse_in_parallel),
            print: Some(print_in_parallel),
            verify: Some(verify_in_parallel),
            operands: Count::Exactly(0),
            results: Count::Exactly(0),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new(IN_PARALLEL)
        },
    ]
}

/// One mixed list: every entry's static value (`DYNAMIC` where an operand stands) and the
/// operands.
pub type List = (Vec<i64>, Vec<Value>);

/// The decoded operands of an `scf.forall`.
pub struct Forall {
    pub lbs: List,
    pub ubs: List,
    pub steps: List,
    pub outputs: Vec<Value>,
}

fn dense_array(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    let v = ctx.attr_as_dense_array(ctx.attr(op, name)?)?;
    v.iter().map(|&x| i64::try_from(x).ok()).collect()
}

/// The operands split by `operandSegmentSizes`; `None` when the layout is inconsistent.
pub fn decode(ctx: &Context, op: OpId) -> Option<Forall> {
    let seg = dense_array(ctx, op, "operandSegmentSizes").filter(|v| v.len() == 4)?;
    let ops = ctx.operands(op);
    let mut at = 0usize;
    let mut take = |n: i64| -> Option<Vec<Value>> {
        let n = usize::try_from(n).ok()?;
        let end = at.checked_add(n)?;
        let s = ops.get(at..end)?.to_vec();
        at = end;
        Some(s)
    };
    let (dl, du, ds, outs) = (take(seg[0])?, take(seg[1])?, take(seg[2])?, take(seg[3])?);
    if at != ops.len() {
        return None;
    }
    Some(Forall {
        lbs: (dense_array(ctx, op, "staticLowerBound")?, dl),
        ubs: (dense_array(ctx, op, "staticUpperBound")?, du),
        steps: (dense_array(ctx, op, "staticStep")?, ds),
        outputs: outs,
    })
}

/// `(0, %x, 4)`: a mixed list in parentheses.
fn parse_paren_list(p: &mut OpParser<'_, '_>) -> PResult<(Vec<UnresolvedOperand>, Vec<i64>)> {
    p.expect(TokKind::LParen, "'('")?;
    let (mut dynamic, mut values) = (Vec::new(), Vec::new());
    if p.accept(TokKind::RParen) {
        return Ok((dynamic, values));
    }
    loop {
        if p.is_operand() {
            dynamic.push(p.parse_operand()?);
            values.push(DYNAMIC);
        } else {
            let v = p.parse_integer()?;
            let v = i64::try_from(v).map_err(|_| p.error("integer value too large"))?;
            values.push(v);
        }
        if !p.accept_comma() {
            break;
        }
    }
    p.expect(TokKind::RParen, "')'")?;
    Ok((dynamic, values))
}

fn print_paren_list(p: &mut OpPrinter<'_>, (values, dynamic): &List) {
    p.write("(");
    let mut d = dynamic.iter();
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (v == DYNAMIC).then(|| d.next()) {
            Some(Some(&x)) => p.print_value(x),
            Some(None) => p.write("<<missing>>"),
            None => p.write(&v.to_string()),
        }
    }
    p.write(")");
}

/// `scf.forall (%i, ..) in (ubs) | = (lbs) to (ubs) step (steps) [shared_outs(%o = %t) -> (ts)]
/// {body} [attrs]`
fn parse(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let ivs = p.parse_argument_list(flowgate_ir::asm::Delimiter::Paren, false, false)?;
    let rank = ivs.len();
    let (lbs, ubs, steps) = if p.accept_keyword("in") {
        let ubs = parse_paren_list(p)?;
        ((Vec::new(), vec![0; rank]), ubs, (Vec::new(), vec![1; rank]))
    } else {
        p.expect_equal()?;
        let lbs = parse_paren_list(p)?;
        p.expect_keyword("to")?;
        let ubs = parse_paren_list(p)?;
        p.expect_keyword("step")?;
        let steps = parse_paren_list(p)?;
        (lbs, ubs, steps)
    };
    let (mut outs, mut out_vals, mut types) = (Vec::new(), Vec::new(), Vec::new());
    if p.accept_keyword("shared_outs") {
        let loc = p.current_loc();
        let (a, v) = parse_assignment_list(p)?;
        types = p.parse_optional_arrow_type_list()?;
        if v.len() != types.len() {
            let msg = format!(
                "number of operands and types do not match: got {} operands and {} types",
                v.len(),
                types.len()
            );
            return Err(custom_error(p, loc, msg));
        }
        (outs, out_vals) = (a, v);
    }
    let idx = p.ctx().index_type();
    let mut args: Vec<Argument> = ivs
        .into_iter()
        .map(|mut a| {
            a.ty = Some(idx);
            a
        })
        .collect();
    typed_args(&mut outs, &types);
    args.extend(outs);
    let body = p.add_region(&args)?;
    let loc = p.op_loc();
    ensure_in_parallel(p.ctx(), body, loc);
    let mut seg = Vec::new();
    for (name, (dynamic, values)) in [("staticLowerBound", &lbs), ("staticUpperBound", &ubs), ("staticStep", &steps)] {
        p.add_operands_same_type(dynamic, idx)?;
        seg.push(dynamic.len() as i32);
        let a = p.ctx().dense_i64_array_attr(values);
        p.add_attr(name, a);
    }
    for (u, &t) in out_vals.iter().zip(&types) {
        p.add_operand(u, t)?;
    }
    seg.push(out_vals.len() as i32);
    p.add_result_types(&types);
    p.parse_optional_attr_dict()?;
    let a = p.ctx().dense_i32_array_attr(&seg);
    p.add_attr("operandSegmentSizes", a);
    Ok(())
}

/// Upstream's `ensureTerminator` for the body: an elided `scf.forall.in_parallel` (it prints
/// only when the loop has results) comes back with its empty block.
fn ensure_in_parallel(ctx: &mut Context, body: flowgate_ir::RegionId, loc: flowgate_ir::Location) {
    let block = match ctx.entry_block(body) {
        Some(b) => b,
        None => ctx.add_block(body, &[], loc),
    };
    if ctx.last_op(block).is_some_and(|o| ctx.has_trait(o, Traits::TERMINATOR)) {
        return;
    }
    let r = ctx.create_region();
    ctx.add_block(r, &[], loc);
    let st = OperationState::new(ctx, IN_PARALLEL, loc).regions(&[r]);
    let t = ctx.create_op(st);
    ctx.append_op(block, t);
}

fn print(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(f) = decode(ctx, op) else { return };
    let body = ctx.region(op, 0);
    let args = entry_args(ctx, body);
    let rank = f.lbs.0.len();
    p.write(" (");
    for (i, &a) in args.iter().take(rank).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(a);
    }
    p.write(")");
    if f.lbs.0.iter().all(|&v| v == 0) && f.steps.0.iter().all(|&v| v == 1) {
        p.write(" in ");
        print_paren_list(p, &f.ubs);
    } else {
        p.write(" = ");
        print_paren_list(p, &f.lbs);
        p.write(" to ");
        print_paren_list(p, &f.ubs);
        p.write(" step ");
        print_paren_list(p, &f.steps);
    }
    print_init_list(p, " shared_outs", args.get(rank..).unwrap_or(&[]), &f.outputs);
    p.write(" ");
    if !f.outputs.is_empty() {
        p.write("-> (");
        p.print_result_types(&ctx.result_types(op));
        p.write(") ");
    }
    p.print_region(body, false, !ctx.results(op).is_empty());
    p.print_optional_attr_dict(op, ELIDED);
}

/// Upstream's `verifyListOfOperandsOrIntegers`.
fn check_list(ctx: &Context, op: OpId, name: &str, rank: usize, (values, dynamic): &List) -> Result<(), Diagnostic> {
    if values.len() != rank {
        let msg = format!("expected {rank} {name} values, got {}", values.len());
        return Err(Diagnostic::error(ctx.op_loc(op), msg));
    }
    let n = values.iter().filter(|&&v| v == DYNAMIC).count();
    if n != dynamic.len() {
        return Err(Diagnostic::error(ctx.op_loc(op), format!("expected {n} dynamic {name} values")));
    }
    Ok(())
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(f) = decode(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "operand count does not match the operand segment sizes"));
    };
    // Upstream's `getRank` reads the lower bounds.
    let rank = f.lbs.0.len();
    let nres = ctx.results(op).len();
    if nres != f.outputs.len() {
        let msg = format!("produces {nres} results, but has only {} outputs", f.outputs.len());
        return Err(Diagnostic::op_error(ctx, op, msg));
    }
    let args = entry_args(ctx, ctx.region(op, 0));
    if args.len() != rank + f.outputs.len() {
        return Err(Diagnostic::op_error(ctx, op, format!("region expects {rank} arguments")));
    }
    for (i, &a) in args.iter().take(rank).enumerate() {
        if !ctx.is_index(ctx.value_type(a)) {
            return Err(Diagnostic::op_error(ctx, op, format!("expects {i}-th block argument to be an index")));
        }
    }
    for (i, (&a, &o)) in args[rank..].iter().zip(&f.outputs).enumerate() {
        if ctx.value_type(a) != ctx.value_type(o) {
            let msg = format!("type mismatch between {i}-th output and corresponding block argument");
            return Err(Diagnostic::op_error(ctx, op, msg));
        }
    }
    if let Some(a) = ctx.attr(op, "mapping") {
        // Device mapping attributes are dialect attributes (`#gpu.thread<x>`, ...).
        let AttrKind::Array(m) = ctx.attr_kind(a) else {
            return Err(mapping_constraint(ctx, op));
        };
        if m.iter().any(|&e| !matches!(ctx.attr_kind(e), AttrKind::Opaque { .. })) {
            return Err(mapping_constraint(ctx, op));
        }
        if !m.is_empty() && m.len() != rank {
            return Err(Diagnostic::op_error(ctx, op, "mapping attribute size must match op rank"));
        }
    }
    check_list(ctx, op, "lower bound", rank, &f.lbs)?;
    check_list(ctx, op, "upper bound", rank, &f.ubs)?;
    check_list(ctx, op, "step", rank, &f.steps)?;
    check_implicit_terminator(ctx, op, IN_PARALLEL)
}

fn mapping_constraint(ctx: &Context, op: OpId) -> Diagnostic {
    Diagnostic::op_error(ctx, op, "attribute 'mapping' failed to satisfy constraint: Device Mapping array attribute")
}

/// `scf.forall.in_parallel {ops}`
fn parse_in_parallel(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let r = p.add_region(&[])?;
    if p.ctx().is_region_empty(r) {
        let loc = p.op_loc();
        p.ctx().add_block(r, &[], loc);
    }
    p.parse_optional_attr_dict()
}

fn print_in_parallel(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_region(ctx.region(op, 0), false, true);
    p.print_optional_attr_dict(op, &[]);
}

fn verify_in_parallel(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let parent = ctx.parent_op(op).filter(|&f| ctx.is_op(f, "scf.forall"));
    let Some(forall) = parent else {
        return Err(Diagnostic::op_error(ctx, op, "expected forall op parent"));
    };
    let rank = decode(ctx, forall).map_or(0, |f| f.lbs.0.len());
    let out_args = entry_args(ctx, ctx.region(forall, 0));
    let out_args = out_args.get(rank..).unwrap_or(&[]);
    let Some(b) = ctx.entry_block(ctx.region(op, 0)) else { return Ok(()) };
    for o in ctx.block_ops(b).collect::<Vec<_>>() {
        if !COMBINING.iter().any(|n| ctx.is_op(o, n)) {
            return Err(Diagnostic::op_error(ctx, op, "expected only ParallelCombiningOpInterface ops"));
        }
        // The updated destination of `tensor.parallel_insert_slice` is its second operand.
        if ctx.operands(o).get(1).is_none_or(|d| !out_args.contains(d)) {
            return Err(Diagnostic::op_error(ctx, o, "may only insert into an output block argument"));
        }
    }
    Ok(())
}

// ----- canonicalization -----

fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ForallConstantBounds), Box::new(ForallFoldOutputCast), Box::new(DimOfForallResult)]
}

/// Upstream's `ForallOpControlOperandsFolder`: bounds and steps given by constants become
/// static entries.
struct ForallConstantBounds;

impl RewritePattern for ForallConstantBounds {
    fn root(&self) -> Option<&'static str> {
        Some("scf.forall")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(f) = decode(ctx, op) else { return false };
        let mut changed = false;
        let mut fold = |(values, dynamic): List| -> List {
            let mut d = dynamic.into_iter();
            let mut kept = Vec::new();
            let mut out = Vec::new();
            for v in values {
                if v != DYNAMIC {
                    out.push(v);
                    continue;
                }
                let Some(x) = d.next() else {
                    out.push(v);
                    continue;
                };
                match constant_int(ctx, x).and_then(|c| i64::try_from(c).ok()).filter(|&c| c != DYNAMIC) {
                    Some(c) => {
                        out.push(c);
                        changed = true;
                    }
                    None => {
                        out.push(DYNAMIC);
                        kept.push(x);
                    }
                }
            }
            (out, kept)
        };
        let (lbs, ubs, steps) = (fold(f.lbs), fold(f.ubs), fold(f.steps));
        if !changed {
            return false;
        }
        let mut operands = Vec::new();
        let mut seg = Vec::new();
        for (name, (values, dynamic)) in
            [("staticLowerBound", &lbs), ("staticUpperBound", &ubs), ("staticStep", &steps)]
        {
            operands.extend(dynamic);
            seg.push(dynamic.len() as i32);
            let a = ctx.dense_i64_array_attr(values);
            ctx.set_attr(op, name, a);
        }
        operands.extend(&f.outputs);
        seg.push(f.outputs.len() as i32);
        let a = ctx.dense_i32_array_attr(&seg);
        ctx.set_attr(op, "operandSegmentSizes", a);
        ctx.set_operands(op, operands);
        true
    }
}

/// Upstream's `preservesStaticInformation(source, target)`: `target` is a ranked tensor of the
/// same rank, element type and encoding that keeps every static size of `source`.
fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (
        TypeKind::RankedTensor { shape: s, element: se, encoding: sn },
        TypeKind::RankedTensor { shape: t, element: te, encoding: tn },
    ) = (ctx.type_kind(source), ctx.type_kind(target))
    else {
        return false;
    };
    s.len() == t.len() && se == te && sn == tn && s.iter().zip(t).all(|(&a, &b)| a == DYNAMIC || a == b)
}

/// Upstream's `FoldTensorCastOfOutputIntoForallOp`: a shared output that is a `tensor.cast`
/// losing static information takes the cast's source; the loop's block argument and result
/// get the more static type, and the result is cast back for its users.
struct ForallFoldOutputCast;

impl RewritePattern for ForallFoldOutputCast {
    fn root(&self) -> Option<&'static str> {
        Some("scf.forall")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(f) = decode(ctx, op) else { return false };
        let rank = f.lbs.0.len();
        let body = ctx.region(op, 0);
        let Some(block) = ctx.entry_block(body) else { return false };
        let args = ctx.block_args(block).to_vec();
        if args.len() != rank + f.outputs.len() || ctx.results(op).len() != f.outputs.len() {
            return false;
        }
        // (output index, cast source, old type)
        let mut folds = Vec::new();
        for (i, &o) in f.outputs.iter().enumerate() {
            let Some(c) = ctx.defining_op(o).filter(|&c| ctx.is_op(c, "tensor.cast")) else { continue };
            let Some(&src) = ctx.operands(c).first() else { continue };
            let (st, dt) = (ctx.value_type(src), ctx.value_type(o));
            if st != dt && preserves_static_information(ctx, dt, st) {
                folds.push((i, src, dt));
            }
        }
        if folds.is_empty() {
            return false;
        }
        let loc = ctx.op_loc(op);
        let first = ctx.first_op(block);
        let mut new_operands = ctx.operands(op).to_vec();
        let out_base = new_operands.len() - f.outputs.len();
        for &(i, src, old) in &folds {
            new_operands[out_base + i] = src;
            // The block argument takes the static type; its old users see a cast back.
            let st = ctx.value_type(src);
            let arg = args[rank + i];
            let cast_st = OperationState::new(ctx, "tensor.cast", loc).operands(&[arg]).results(&[old]);
            let cast = ctx.create_op(cast_st);
            match first {
                Some(fo) => ctx.insert_op_before(cast, fo),
                None => ctx.append_op(block, cast),
            }
            let cv = ctx.result(cast, 0);
            let users: Vec<_> = ctx.uses(arg).iter().filter(|u| u.op != cast).map(|u| (u.op, u.index)).collect();
            for (u, k) in users {
                // Destinations of the terminator's inserts keep pointing at the argument.
                let is_dest = k == 1 && COMBINING.iter().any(|n| ctx.is_op(u, n));
                if !is_dest {
                    ctx.set_operand(u, k as usize, cv);
                }
            }
            ctx.set_value_type(arg, st);
        }
        ctx.set_operands(op, new_operands);
        // New result types: rebuild the op, casting the changed results back.
        let results = ctx.results(op).to_vec();
        let mut types: Vec<Type> = results.iter().map(|&r| ctx.value_type(r)).collect();
        for &(i, src, _) in &folds {
            types[i] = ctx.value_type(src);
        }
        let name = ctx.op_name_sym(op);
        let region = ctx.create_region();
        ctx.take_region_body(body, region);
        let mut st = OperationState::with_symbol(name, loc).operands(ctx.operands(op)).results(&types);
        st = st.regions(&[region]);
        st.attrs = ctx.attrs(op).to_vec();
        let new = ctx.create_op(st);
        ctx.insert_op_before(new, op);
        for (i, &r) in results.iter().enumerate() {
            let nr = ctx.result(new, i);
            let v = match folds.iter().find(|f| f.0 == i) {
                Some(&(_, _, old)) => {
                    let c = OperationState::new(ctx, "tensor.cast", loc).operands(&[nr]).results(&[old]);
                    let c = ctx.create_op(c);
                    ctx.insert_op_after(c, new);
                    ctx.result(c, 0)
                }
                None => nr,
            };
            ctx.replace_all_uses(r, v);
        }
        ctx.erase_op(op);
        true
    }
}

/// Upstream's `DimOfForallOp`: `tensor.dim` of a loop result is the dim of its shared output
/// (the inserts keep the destination's shape).
struct DimOfForallResult;

impl RewritePattern for DimOfForallResult {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.dim")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(&src) = ctx.operands(op).first() else { return false };
        let Some(forall) = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "scf.forall")) else { return false };
        let Some(i) = ctx.results(forall).iter().position(|&r| r == src) else { return false };
        let Some(out) = decode(ctx, forall).and_then(|f| f.outputs.get(i).copied()) else { return false };
        if ctx.value_type(out) != ctx.value_type(src) {
            return false;
        }
        ctx.set_operand(op, 0, out);
        true
    }
}
