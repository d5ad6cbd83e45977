//! `memref.transpose`: upstream's `TransposeOp::fold` (identity permutations and transposes
//! of transposes).

use crate::transpose::permutation;
use flowgate_ir::{AttrKind, Context, OpId};

/// Upstream's `TransposeOp::fold`: an identity permutation that keeps the type is its input;
/// a transpose of a transpose is one transpose of the first one's input with the
/// permutations composed (`composed[i] = inner[outer[i]]`), in place.
pub(crate) fn fold(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<flowgate_ir::Attribute>],
) -> Option<Vec<flowgate_ir::FoldResult>> {
    use flowgate_ir::FoldResult;
    let perm_of = |ctx: &Context, o: OpId| match ctx.attr(o, "permutation").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::AffineMap(text)) => permutation(text).1,
        _ => None,
    };
    let outer = perm_of(ctx, op)?;
    let src = *ctx.operands(op).first()?;
    let res = *ctx.results(op).first()?;
    if outer.iter().enumerate().all(|(i, &k)| i == k) && ctx.value_type(src) == ctx.value_type(res) {
        return Some(vec![FoldResult::Value(src)]);
    }
    let producer = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.transpose"))?;
    let inner = perm_of(ctx, producer)?;
    let composed: Vec<usize> = outer.iter().map(|&i| inner.get(i).copied()).collect::<Option<_>>()?;
    let x = *ctx.operands(producer).first()?;
    let dims = (0..composed.len()).map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ");
    let results = composed.iter().map(|i| format!("d{i}")).collect::<Vec<_>>().join(", ");
    let map = ctx.intern_attr(AttrKind::AffineMap(format!("({dims}) -> ({results})")));
    ctx.set_operand(op, 0, x);
    ctx.set_attr(op, "permutation", map);
    Some(vec![FoldResult::Value(res)])
}
