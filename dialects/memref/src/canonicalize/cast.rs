//! Folds of `memref.cast`, after upstream's `CastOp::fold` and the cast-op interface's
//! identity fold.

use flowgate_ir::{Attribute, Context, FoldResult, OpId, TypeKind};

/// `cast(x : T) : T -> x`; `cast(cast(x))` reads `x` directly when `x` is ranked (upstream's
/// `foldMemRefCast` on the cast itself, which checks no more than that).
pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (&[src], &[res]) = (ctx.operands(op), ctx.results(op)) else { return None };
    if ctx.value_type(src) == ctx.value_type(res) {
        return Some(vec![FoldResult::Value(src)]);
    }
    let inner = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.cast"))?;
    let &[x] = ctx.operands(inner) else { return None };
    if matches!(ctx.type_kind(ctx.value_type(x)), TypeKind::UnrankedMemRef { .. }) {
        return None;
    }
    ctx.set_operand(op, 0, x);
    Some(vec![FoldResult::Value(res)])
}
