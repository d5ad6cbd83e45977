//! `memref.rank` with upstream's syntax and verifier.

use crate::util::*;
use flowgate_ir::asm::{OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Traits};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = |name| OpDef {
        traits: Traits::PURE,
        results: Count::Exactly(1),
        regions: Count::Exactly(0),
        successors: Count::Exactly(0),
        ..OpDef::new(name)
    };
    vec![OpDef {
        parse: Some(parse_rank),
        print: Some(print_rank),
        verify: Some(verify_rank),
        result_names: Some(|_, _| Some("rank".into())),
        operands: Count::Exactly(1),
        ..base("memref.rank")
    }]
}

// ----- rank -----

fn parse_rank(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let m = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    p.expect_colon()?;
    let t = parse_memref_type(p, false)?;
    p.add_operand(&m, t)?;
    let idx = p.ctx().index_type();
    p.add_result_types(&[idx]);
    Ok(())
}

fn print_rank(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_value(ctx.operand(op, 0));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_type(operand_type(ctx, op, 0));
}

fn verify_rank(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let t = operand_type(ctx, op, 0);
    if !ctx.is_memref(t) {
        return Err(op_err(
            ctx,
            op,
            format!("operand #0 must be ranked or unranked memref of any type values, but got {}", q(ctx, t)),
        ));
    }
    if !ctx.is_index(result_type(ctx, op)) {
        return Err(op_err(ctx, op, format!("result #0 must be index, but got {}", q(ctx, result_type(ctx, op)))));
    }
    Ok(())
}
