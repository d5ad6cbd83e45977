//! `memref.memory_space_cast`: the same buffer seen in another memory space, with upstream's
//! syntax (`%m : memref<...> to memref<..., 1>`) and cast-compatibility check.

use crate::util::*;
use flowgate_ir::{Context, Diagnostic, OpDef, OpId, Type};

pub(crate) fn defs() -> Vec<OpDef> {
    vec![OpDef {
        result_names: Some(|_, _| Some("memspacecast".into())),
        ..flowgate_ir::asm::formats::cast_op("memref.memory_space_cast", verify)
    }]
}

/// Upstream's `MemorySpaceCastOp::areCastCompatible`: only the memory space may differ.
fn compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ranked(ctx, a), ranked(ctx, b)) {
        (Some(x), Some(y)) => x.element == y.element && x.layout == y.layout && x.shape == y.shape,
        (None, None) => ctx.is_memref(a) && ctx.is_memref(b) && ctx.element_type(a) == ctx.element_type(b),
        _ => false,
    }
}

fn verify(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let (a, b) = (ctx.value_type(ctx.operand(op, 0)), ctx.value_type(ctx.result(op, 0)));
    for (what, t) in [("operand #0", a), ("result #0", b)] {
        if !ctx.is_memref(t) {
            return Err(Diagnostic::op_error(
                ctx,
                op,
                format!("{what} must be ranked or unranked memref of any type values, but got {}", q(ctx, t)),
            ));
        }
    }
    if !compatible(ctx, a, b) {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            format!("operand type {} and result type {} are cast incompatible", q(ctx, a), q(ctx, b)),
        ));
    }
    Ok(())
}
