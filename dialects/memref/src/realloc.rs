//! `memref.realloc` with upstream's syntax and verifier.

use crate::util::*;
use flowgate_builtin::shaped::{parse_source_sizes, print_source_sizes};
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits, DYNAMIC};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::pure_value;
    vec![OpDef {
        traits: Traits::NONE,
        parse: Some(parse_realloc),
        print: Some(print_realloc),
        verify: Some(verify_realloc),
        inherent_attrs: &["alignment"],
        result_names: Some(|_, _| Some("realloc".into())),
        operands: Count::AtLeast(1),
        ..base("memref.realloc")
    }]
}

// ----- realloc -----

/// `memref.realloc %src(%size)? : memref<...> to memref<...>`
fn parse_realloc(p: &mut OpParser<'_, '_>) -> PResult<()> {
    parse_source_sizes(p, Delimiter::OptionalParen, |p| {
        let st = parse_memref_type(p, true)?;
        p.expect_keyword("to")?;
        Ok((st, parse_memref_type(p, true)?))
    })
}

fn print_realloc(p: &mut OpPrinter<'_>, op: OpId) {
    print_source_sizes(p, op, Delimiter::Paren, operand_type(p.ctx, op, 0));
    p.write(" to ");
    p.print_type(result_type(p.ctx, op));
}

fn verify_realloc(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    if let Some(a) = ctx.attr(op, "alignment") {
        crate::alloc::check_alignment(ctx, op, a)?;
    }
    let st = operand_type(ctx, op, 0);
    let rt = result_type(ctx, op);
    let src = expect_memref(ctx, op, "operand #0", st)?;
    let res = expect_memref(ctx, op, "result #0", rt)?;
    check_index_operands(ctx, op, 1..usize::MAX)?;
    if ctx.operands(op).len() > 2 {
        return Err(op_err(ctx, op, "expects at most one dynamic result size"));
    }
    let err = |msg: String| Err(Diagnostic::error(ctx.op_loc(op), msg));
    if src.shape.len() != 1 {
        return Err(op_err(
            ctx,
            op,
            format!("operand #0 must be 1D memref of any type values, but got {}", q(ctx, st)),
        ));
    }
    if res.shape.len() != 1 {
        return Err(op_err(ctx, op, format!("result #0 must be 1D memref of any type values, but got {}", q(ctx, rt))));
    }
    if !identity_layout(ctx, st) {
        return err(format!("unsupported layout for source memref type {}", q(ctx, st)));
    }
    if !identity_layout(ctx, rt) {
        return err(format!("unsupported layout for result memref type {}", q(ctx, rt)));
    }
    if src.memory_space != res.memory_space {
        return err(format!(
            "different memory spaces specified for source memref type {} and result memref type {}",
            q(ctx, st),
            q(ctx, rt)
        ));
    }
    if src.element != res.element {
        return err(format!(
            "different element types specified for source memref type {} and result memref type {}",
            q(ctx, st),
            q(ctx, rt)
        ));
    }
    let dynamic = res.shape[0] == DYNAMIC;
    let has_size = ctx.operands(op).len() == 2;
    if dynamic && !has_size {
        return err(format!("missing dimension operand for result type {}", q(ctx, rt)));
    }
    if !dynamic && has_size {
        return err(format!("unnecessary dimension operand for result type {}", q(ctx, rt)));
    }
    Ok(())
}
