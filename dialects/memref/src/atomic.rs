//! `memref.atomic_rmw`, `memref.generic_atomic_rmw` with its `atomic_yield`, and
//! `memref.prefetch`, with upstream's syntax and verifiers.

use crate::util::*;
use flowgate_ir::asm::{Argument, Delimiter, OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, Type};

/// Upstream's `arith::AtomicRMWKind`, in enum order (the stored value is the index).
const KINDS: &[&str] = &[
    "addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu", "mulf", "muli", "ori", "andi",
    "maxnumf", "minnumf", "xori",
];
const FLOAT_KINDS: &[&str] = &["addf", "maximumf", "minimumf", "mulf", "maxnumf", "minnumf"];
const INT_KINDS: &[&str] = &["addi", "maxs", "maxu", "mins", "minu", "muli", "ori", "andi", "xori"];

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::leaf;
    vec![
        OpDef {
            parse: Some(parse_atomic_rmw),
            print: Some(print_atomic_rmw),
            verify: Some(verify_atomic_rmw),
            inherent_attrs: &["kind"],
            result_names: Some(|_, _| Some("atomic_rmw".into())),
            operands: Count::AtLeast(2),
            results: Count::Exactly(1),
            ..base("memref.atomic_rmw")
        },
        OpDef {
            traits: Traits::SINGLE_BLOCK,
            parse: Some(parse_generic),
            print: Some(print_generic),
            verify: Some(verify_generic),
            implicit_terminator: Some("memref.atomic_yield"),
            operands: Count::AtLeast(1),
            results: Count::Exactly(1),
            regions: Count::Exactly(1),
            successors: Count::Exactly(0),
            ..OpDef::new("memref.generic_atomic_rmw")
        },
        flowgate_builtin::shaped::single_yield_op("memref.atomic_yield", verify_yield),
        OpDef {
            parse: Some(parse_prefetch),
            print: Some(print_prefetch),
            verify: Some(verify_prefetch),
            inherent_attrs: &["isWrite", "localityHint", "isDataCache"],
            operands: Count::AtLeast(1),
            results: Count::Exactly(0),
            ..base("memref.prefetch")
        },
    ]
}

/// The memref operand at `at`, its indices after it: upstream's index count check.
fn check_indices(ctx: &Context, op: OpId, at: usize) -> Result<Type, Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, at));
    let m = expect_memref(ctx, op, &format!("operand #{at}"), t)?;
    check_index_operands(ctx, op, at + 1..usize::MAX)?;
    let n = ctx.operands(op).len() - at - 1;
    if n != m.shape.len() {
        return Err(op_err(
            ctx,
            op,
            format!("invalid number of indices for accessed memref, expected {} but got {n}", m.shape.len()),
        ));
    }
    Ok(m.element)
}

// ----- atomic_rmw -----

/// `memref.atomic_rmw addf %v, %m[%i] : (f32, memref<...>) -> f32`
fn parse_atomic_rmw(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let loc = p.current_loc();
    let kind = p.parse_keyword()?;
    let Some(k) = KINDS.iter().position(|&n| n == kind) else {
        return Err(
            p.error_at(loc, format!("expected ::mlir::arith::AtomicRMWKind to be one of: {}", KINDS.join(", ")))
        );
    };
    let i64t = p.ctx().integer_type(64);
    let a = p.ctx().integer_attr(k as i128, i64t);
    p.add_attr("kind", a);
    let v = p.parse_operand()?;
    p.expect_comma()?;
    let m = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let tloc = p.current_loc();
    let (ins, outs) = p.parse_functional_type()?;
    if ins.len() != 2 || outs.len() != 1 {
        return Err(p.error_at(tloc, "expected (value type, memref type) -> result type"));
    }
    p.add_operand(&v, ins[0])?;
    p.add_operand(&m, ins[1])?;
    p.add_index_operands(&idx)?;
    p.add_result_types(&outs);
    Ok(())
}

fn kind_name(ctx: &Context, op: OpId) -> Option<&'static str> {
    let k = ctx.attr(op, "kind").and_then(|a| ctx.attr_as_int(a))?;
    KINDS.get(usize::try_from(k).ok()?).copied()
}

fn print_atomic_rmw(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.write(&format!(" {} ", kind_name(ctx, op).unwrap_or("addf")));
    p.print_value(ops[0]);
    p.write(", ");
    p.print_value(ops[1]);
    p.write("[");
    p.print_operands(&ops[2..]);
    p.write("]");
    p.print_optional_attr_dict(op, &["kind"]);
    p.write(" : (");
    p.print_type(ctx.value_type(ops[0]));
    p.write(", ");
    p.print_type(ctx.value_type(ops[1]));
    p.write(") -> ");
    p.print_type(ctx.value_type(ctx.result(op, 0)));
}

fn verify_atomic_rmw(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let kind = kind_name(ctx, op).ok_or_else(|| op_err(ctx, op, "requires attribute 'kind'"))?;
    // Upstream's AtomicRMWOp::verify words the index count check its own way.
    let memref_ty = ctx.operands(op).get(1).map(|&v| ctx.value_type(v));
    if let Some(m) = memref_ty.and_then(|t| ranked(ctx, t)) {
        if ctx.operands(op).len().saturating_sub(2) != m.shape.len() {
            return Err(op_err(ctx, op, "expects the number of subscripts to be equal to memref rank"));
        }
    }
    let elem = check_indices(ctx, op, 1)?;
    let vt = ctx.value_type(ctx.operand(op, 0));
    if vt != elem || ctx.value_type(ctx.result(op, 0)) != elem {
        return Err(op_err(ctx, op, "failed to verify that value type matches element type of memref"));
    }
    if FLOAT_KINDS.contains(&kind) && !ctx.is_float(vt) {
        return Err(op_err(ctx, op, format!("with kind '{kind}' expects a floating-point type")));
    }
    if INT_KINDS.contains(&kind) && !ctx.is_integer(vt) {
        return Err(op_err(ctx, op, format!("with kind '{kind}' expects an integer type")));
    }
    Ok(())
}

// ----- generic_atomic_rmw / atomic_yield -----

/// `memref.generic_atomic_rmw %m[%i] : memref<...> { ^bb0(%old: T): ... atomic_yield %v : T }`
fn parse_generic(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    p.expect_colon()?;
    let loc = p.current_loc();
    let t = p.parse_type()?;
    let Some(elem) = p.ctx().element_type(t).filter(|_| p.ctx().is_memref(t)) else {
        return Err(p.error_at(loc, "expected memref type"));
    };
    p.add_operand(&m, t)?;
    p.add_index_operands(&idx)?;
    let no_args: [Argument; 0] = [];
    p.add_region(&no_args)?;
    p.parse_optional_attr_dict()?;
    p.add_result_types(&[elem]);
    Ok(())
}

fn print_generic(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.print_first_operand(op);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("] : ");
    p.print_type(ctx.value_type(ops[0]));
    p.write(" ");
    p.print_region(ctx.region(op, 0), true, true);
    p.print_optional_attr_dict(op, &[]);
}

fn verify_generic(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let elem = check_indices(ctx, op, 0)?;
    let rt = ctx.value_type(ctx.result(op, 0));
    if rt != elem {
        return Err(op_err(ctx, op, "failed to verify that result type matches element type of memref"));
    }
    let Some(body) = ctx.entry_block(ctx.region(op, 0)) else {
        return Err(op_err(ctx, op, "region #0 ('atomic_body') failed to verify constraint: region with 1 blocks"));
    };
    let args = ctx.block_args(body);
    if args.len() != 1 {
        return Err(op_err(ctx, op, "expected single number of entry block arguments"));
    }
    if ctx.value_type(args[0]) != rt {
        return Err(op_err(ctx, op, "expected block argument of the same type result type"));
    }
    let mut impure = None;
    ctx.walk(op, &mut |o| {
        if o != op && impure.is_none() && !ctx.has_trait(o, Traits::PURE) {
            impure = Some(o);
        }
    });
    if let Some(o) = impure {
        return Err(Diagnostic::error(
            ctx.op_loc(o),
            "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
        ));
    }
    Ok(())
}

fn verify_yield(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = ctx.parent_op(op).filter(|&o| ctx.is_op(o, "memref.generic_atomic_rmw")) else {
        return Err(op_err(ctx, op, "expects parent op 'memref.generic_atomic_rmw'"));
    };
    let yielded = ctx.value_type(ctx.operand(op, 0));
    let Some(&r) = ctx.results(parent).first() else { return Ok(()) };
    let pt = ctx.value_type(r);
    if yielded != pt {
        return Err(op_err(
            ctx,
            op,
            format!("types mismatch between yield op: {} and its parent: {}", q(ctx, yielded), q(ctx, pt)),
        ));
    }
    Ok(())
}

// ----- prefetch -----

/// `memref.prefetch %m[%i], read|write, locality<0..3>, data|instr : memref<...>`
fn parse_prefetch(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let name_loc = p.op_loc();
    let m = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    p.expect_comma()?;
    let rw = p.parse_keyword()?;
    p.expect_comma()?;
    p.expect_keyword("locality")?;
    p.expect(TokKind::Less, "'<'")?;
    let hint = p.parse_integer()?;
    p.expect(TokKind::Greater, "'>'")?;
    p.expect_comma()?;
    let cache = p.parse_keyword()?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    p.add_operand(&m, t)?;
    p.add_index_operands(&idx)?;
    if rw != "read" && rw != "write" {
        return Err(p.error_at(name_loc, "rw specifier has to be 'read' or 'write'"));
    }
    if cache != "data" && cache != "instr" {
        return Err(p.error_at(name_loc, "cache type has to be 'data' or 'instr'"));
    }
    let i32t = p.ctx().integer_type(32);
    let (w, h, d) =
        (p.ctx().bool_attr(rw == "write"), p.ctx().integer_attr(hint, i32t), p.ctx().bool_attr(cache == "data"));
    p.add_attr("isWrite", w);
    p.add_attr("localityHint", h);
    p.add_attr("isDataCache", d);
    Ok(())
}

fn print_prefetch(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    let flag = |n: &str| ctx.attr(op, n).and_then(|a| ctx.attr_as_int(a)).unwrap_or(0) != 0;
    let hint = ctx.attr(op, "localityHint").and_then(|a| ctx.attr_as_int(a)).unwrap_or(0);
    p.print_first_operand(op);
    p.write("[");
    p.print_operands(&ops[1..]);
    p.write("]");
    let rw = if flag("isWrite") { "write" } else { "read" };
    let cache = if flag("isDataCache") { "data" } else { "instr" };
    p.write(&format!(", {rw}, locality<{hint}>, {cache}"));
    p.print_optional_attr_dict(op, &["isWrite", "localityHint", "isDataCache"]);
    p.write(" : ");
    p.print_type(ctx.value_type(ops[0]));
}

fn verify_prefetch(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let hint = ctx.attr(op, "localityHint");
    let ok = hint.is_some_and(|a| {
        ctx.attr_as_int(a).is_some_and(|v| (0..=3).contains(&v))
            && ctx.attr_type(a).is_some_and(|t| ctx.is_signless_integer(t) && ctx.int_width(t) == Some(32))
    });
    if !ok {
        return Err(op_err(
            ctx,
            op,
            "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3",
        ));
    }
    check_indices(ctx, op, 0).map(|_| ())
}
