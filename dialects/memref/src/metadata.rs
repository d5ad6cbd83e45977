//! memref ops that expose a descriptor's fields as values: `extract_aligned_pointer_as_index`
//! and `extract_strided_metadata`, with upstream's syntax and verifiers. Code generation reads
//! them straight from the descriptor (both backends), so they must parse in custom form too.

use crate::util::*;
use flowgate_ir::asm::{attr_to_string as attr_str, type_to_string as type_str};
use flowgate_ir::asm::{OpParser, OpPrinter, PResult, TokKind};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, TypeKind};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = |name| OpDef { traits: Traits::PURE, operands: Count::Exactly(1), ..OpDef::leaf(name) };
    vec![
        OpDef {
            parse: Some(parse_aligned_pointer),
            print: Some(print_with_result_types),
            verify: Some(verify_aligned_pointer),
            results: Count::Exactly(1),
            result_names: Some(|_, _| Some("intptr".into())),
            ..base("memref.extract_aligned_pointer_as_index")
        },
        OpDef {
            parse: Some(parse_strided_metadata),
            print: Some(print_with_result_types),
            verify: Some(verify_strided_metadata),
            results: Count::AtLeast(2),
            result_names_each: Some(metadata_names),
            ..base("memref.extract_strided_metadata")
        },
    ]
}

/// `%base_buffer, %offset, %sizes:N, %strides:N`, as upstream names them.
fn metadata_names(ctx: &Context, op: OpId) -> Option<Vec<String>> {
    let n = ctx.results(op).len().checked_sub(2)? / 2;
    let group = |name: &str| std::iter::once(name.to_string()).chain((1..n).map(|_| String::new()));
    let mut names = vec!["base_buffer".to_string(), "offset".to_string()];
    if n > 0 {
        names.extend(group("sizes"));
        names.extend(group("strides"));
    }
    Some(names)
}

/// `%p = memref.extract_aligned_pointer_as_index %m : memref<...> -> index`
fn parse_aligned_pointer(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = p.parse_type()?;
    p.add_operand(&m, t)?;
    // Upstream prints the result types as a bare comma-separated list (no parentheses).
    p.expect(TokKind::Arrow, "'->'")?;
    let mut results = vec![p.parse_type()?];
    while p.accept_comma() {
        results.push(p.parse_type()?);
    }
    p.add_result_types(&results);
    Ok(())
}

/// `%base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m
///      : memref<?x?xf32> -> memref<f32>, index, index, index, index, index`
fn parse_strided_metadata(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_aligned_pointer(p)
}

fn print_with_result_types(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.print_attrs_colon_type(op, ctx.value_type(ctx.operand(op, 0)));
    p.write(" -> ");
    for (i, &r) in ctx.results(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_type(ctx.value_type(r));
    }
}

fn verify_aligned_pointer(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, 0));
    if !ctx.is_memref(t) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand #0 must be ranked or unranked memref of any type values, but got {}", q(ctx, t)),
        ));
    }
    let r = ctx.value_type(ctx.results(op)[0]);
    if !ctx.is_index(r) {
        return Err(Diagnostic::op_error(ctx, op, format!("result #0 must be index, but got {}", q(ctx, r))));
    }
    Ok(())
}

fn verify_strided_metadata(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = ctx.value_type(ctx.operand(op, 0));
    let (rank, element, memory_space) = match ctx.type_kind(t) {
        TypeKind::MemRef { shape, element, memory_space, .. } => (shape.len(), *element, *memory_space),
        _ => {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("operand #0 must be strided memref of any type values, but got {}", q(ctx, t)),
            ))
        }
    };
    // Upstream infers the result types from the source and reports a mismatch as such.
    let results = ctx.results(op);
    let base = ctx.value_type(results[0]);
    let base_ok = matches!(ctx.type_kind(base),
        TypeKind::MemRef { shape, element: e, layout: None, memory_space: ms }
            if shape.is_empty() && *e == element && *ms == memory_space);
    let rest_ok = results[1..].iter().all(|&r| ctx.is_index(ctx.value_type(r)));
    if results.len() != 2 + 2 * rank || !base_ok || !rest_ok {
        let list = |ts: &mut dyn Iterator<Item = String>| ts.collect::<Vec<_>>().join(", ");
        let base_q = match memory_space {
            Some(ms) => format!("'memref<{}, {}>'", type_str(ctx, element), attr_str(ctx, ms)),
            None => format!("'memref<{}>'", type_str(ctx, element)),
        };
        let inferred = list(&mut std::iter::once(base_q).chain((0..1 + 2 * rank).map(|_| "'index'".to_string())));
        let got = list(&mut results.iter().map(|&r| q(ctx, ctx.value_type(r))));
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("inferred type(s) {inferred} are incompatible with return type(s) of operation {got}"),
        ));
    }
    Ok(())
}
