//! Folds of `memref.transpose`, after upstream's `TransposeOp::fold`.

use crate::transpose::{map_attr, permutation};
use flowgate_ir::{Attribute, Context, FoldResult, OpId};

/// An identity permutation between equal types is its input; `transpose(transpose(x))` is one
/// transpose of `x` by the composed permutation.
pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let (n, perm) = permutation(ctx, op)?;
    let (&[src], &[res]) = (ctx.operands(op), ctx.results(op)) else { return None };
    if perm.iter().enumerate().all(|(i, &p)| i == p) && ctx.value_type(src) == ctx.value_type(res) {
        return Some(vec![FoldResult::Value(src)]);
    }
    let inner = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "memref.transpose"))?;
    let (m, inner_perm) = permutation(ctx, inner)?;
    let &[x] = ctx.operands(inner) else { return None };
    if m != n || perm.iter().any(|&i| i >= inner_perm.len()) {
        return None;
    }
    let composed: Vec<usize> = perm.iter().map(|&i| inner_perm[i]).collect();
    let a = map_attr(ctx, n, &composed);
    ctx.set_operand(op, 0, x);
    ctx.set_attr(op, "permutation", a);
    Some(vec![FoldResult::Value(res)])
}
