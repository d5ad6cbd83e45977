//! `memref.load`, `memref.store`, `memref.dim`, `memref.copy` and `memref.cast`.

use crate::util::*;
use flowgate_builtin::shaped::{
    parse_element_write, parse_source_dest_types, print_element_write, Shaped, WriteSeparator,
};
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, Type, TypeKind, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::leaf;
    vec![
        OpDef {
            traits: Traits::READ_ONLY,
            inherent_attrs: &["nontemporal", "alignment"],
            parse: Some(parse_load),
            print: Some(print_load),
            verify: Some(verify_load),
            operands: Count::AtLeast(1),
            results: Count::Exactly(1),
            ..base("memref.load")
        },
        OpDef {
            inherent_attrs: &["nontemporal", "alignment"],
            parse: Some(parse_store),
            print: Some(print_store),
            verify: Some(verify_store),
            operands: Count::AtLeast(2),
            results: Count::Exactly(0),
            ..base("memref.store")
        },
        OpDef {
            traits: Traits::PURE,
            parse: Some(|p| flowgate_builtin::shaped::parse_dim(p, |p| p.parse_type())),
            print: Some(flowgate_builtin::shaped::print_dim),
            verify: Some(verify_dim),
            result_names: Some(|_, _| Some("dim".into())),
            operands: Count::Exactly(2),
            results: Count::Exactly(1),
            ..base("memref.dim")
        },
        OpDef {
            parse: Some(parse_copy),
            print: Some(print_copy),
            verify: Some(verify_copy),
            operands: Count::Exactly(2),
            results: Count::Exactly(0),
            ..base("memref.copy")
        },
        OpDef {
            result_names: Some(|_, _| Some("cast".into())),
            ..flowgate_ir::asm::formats::cast_op("memref.cast", verify_cast)
        },
    ]
}

/// `nontemporal` defaults to false, which upstream leaves out.
fn nontemporal(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "nontemporal").and_then(|a| ctx.attr_as_int(a)).is_some_and(|v| v != 0)
}

fn parse_load(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.parse_operand()?;
    let t = flowgate_builtin::shaped::parse_indexed(p, &m)?;
    let elem = p.ctx().element_type(t);
    let Some(elem) = elem.filter(|_| p.ctx().is_memref(t)) else {
        return Err(p.error("expected memref type"));
    };
    p.add_result_types(&[elem]);
    Ok(())
}

fn print_load(p: &mut OpPrinter<'_>, op: OpId) {
    p.write(" ");
    let elided: &[&str] = if nontemporal(p.ctx, op) { &[] } else { &["nontemporal"] };
    flowgate_builtin::shaped::print_indexed(p, op, 0, elided);
}

/// The memref operand at `at` and its rank (`None` when unranked).
fn memref_operand(ctx: &Context, op: OpId, at: usize) -> Result<(Type, Option<usize>), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, at));
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => Ok((t, Some(shape.len()))),
        TypeKind::UnrankedMemRef { .. } => Ok((t, None)),
        _ => Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand #{at} must be memref of any type values, but got {}", q(ctx, t)),
        )),
    }
}

fn verify_load(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(a) = ctx.attr(op, "alignment") {
        crate::alloc::check_alignment(ctx, op, a)?;
    }
    let (t, rank) = memref_operand(ctx, op, 0)?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if ctx.element_type(t) != Some(ctx.value_type(ctx.result(op, 0))) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "failed to verify that result type matches element type of 'memref'",
        ));
    }
    let n = ctx.operands(op).len() - 1;
    if let Some(r) = rank.filter(|&r| r != n) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("incorrect number of indices for load, expected {r} but got {n}"),
        ));
    }
    Ok(())
}

/// `memref.store %v, %m[%i] : memref<...>`
fn parse_store(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_element_write(p, Shaped::MemRef, WriteSeparator::Comma).map(drop)
}

fn print_store(p: &mut OpPrinter<'_>, op: OpId) {
    let elided: &[&str] = if nontemporal(p.ctx, op) { &[] } else { &["nontemporal"] };
    print_element_write(p, op, WriteSeparator::Comma, elided);
}

fn verify_store(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(a) = ctx.attr(op, "alignment") {
        crate::alloc::check_alignment(ctx, op, a)?;
    }
    let (t, rank) = memref_operand(ctx, op, 1)?;
    check_index_operands(ctx, op, 2..usize::MAX)?;
    if ctx.element_type(t) != Some(ctx.value_type(ctx.operand(op, 0))) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "failed to verify that type of 'value' matches element type of 'memref'",
        ));
    }
    if rank.is_some_and(|r| r != ctx.operands(op).len() - 2) {
        return Err(Diagnostic::op_error(ctx, op, "store index operand count not equal to memref rank"));
    }
    Ok(())
}

fn verify_dim(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, 0));
    let ok = match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => !shape.is_empty(),
        TypeKind::UnrankedMemRef { .. } => true,
        _ => false,
    };
    if !ok {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!(
                "operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got {}",
                q(ctx, t)
            ),
        ));
    }
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if !ctx.is_index(ctx.value_type(ctx.result(op, 0))) {
        return Err(Diagnostic::op_error(ctx, op, "result #0 must be index"));
    }
    Ok(())
}

/// `%a, %b : t1 to t2` (copy) and `%a : t1 to t2` (cast) share the type syntax.
fn parse_copy(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let a = p.parse_operand()?;
    p.expect_comma()?;
    let b = p.parse_operand()?;
    parse_source_dest_types(p, &a, &b, "to").map(drop)
}

fn print_copy(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.write(" ");
    p.print_operands(ops);
    p.print_attrs_colon_type(op, ctx.value_type(ops[0]));
    p.write(" to ");
    p.print_type(ctx.value_type(ops[1]));
}

fn verify_copy(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (ta, tb) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.operand(op, 1)));
    for (i, t) in [ta, tb].into_iter().enumerate() {
        if !ctx.is_memref(t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #{i} must be ranked or unranked memref of any type values, but got {}", q(ctx, t)),
            ));
        }
    }
    if ctx.element_type(ta) != ctx.element_type(tb) {
        return Err(Diagnostic::op_error(ctx, op, "requires the same element type for all operands"));
    }
    if let (Some(a), Some(b)) = (ctx.shape(ta), ctx.shape(tb)) {
        if !compatible_shapes(a, b) {
            return Err(Diagnostic::op_error(ctx, op, "requires the same shape for all operands"));
        }
    }
    Ok(())
}

/// Upstream's `CastOp::areCastCompatible` for memrefs.
pub(crate) fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ranked(ctx, a), ranked(ctx, b)) {
        (Some(x), Some(y)) => {
            if x.element != y.element || x.memory_space != y.memory_space || x.shape.len() != y.shape.len() {
                return false;
            }
            if !compatible_shapes(&x.shape, &y.shape) {
                return false;
            }
            if x.layout == y.layout {
                return true;
            }
            let (Some((sa, oa)), Some((sb, ob))) = (strides_and_offset(ctx, a), strides_and_offset(ctx, b)) else {
                return false;
            };
            let same = |p: i64, q: i64| p == DYNAMIC || q == DYNAMIC || p == q;
            same(oa, ob) && sa.iter().zip(&sb).all(|(&p, &q)| same(p, q))
        }
        (None, None) => false,
        _ => {
            ctx.is_memref(a)
                && ctx.is_memref(b)
                && ctx.element_type(a) == ctx.element_type(b)
                && memory_space(ctx, a) == memory_space(ctx, b)
        }
    }
}

fn verify_cast(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (a, b) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    if !cast_compatible(ctx, a, b) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    Ok(())
}
