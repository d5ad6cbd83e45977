//! `memref.rank` with upstream's syntax and verifier.

use crate::util::*;
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = OpDef::pure_value;
    vec![OpDef {
        parse: Some(|p| flowgate_builtin::shaped::parse_rank(p, flowgate_builtin::shaped::Shaped::MemRef)),
        print: Some(flowgate_ir::asm::formats::print_operand_colon_type),
        verify: Some(verify_rank),
        result_names: Some(|_, _| Some("rank".into())),
        operands: Count::Exactly(1),
        ..base("memref.rank")
    }]
}

// ----- rank -----

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
