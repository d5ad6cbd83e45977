//! Ops that read a `memref.cast`'s source directly (upstream's `foldMemRefCast`): `load`,
//! `store`, `atomic_rmw`, `dealloc`, `prefetch`, `dma_start`, `dma_wait`, and `dim` through
//! [`fold_memref_cast`]. The cast only changes static information of the type, so the op
//! behaves the same on the cast's source; an unranked source stays behind its cast.

use flowgate_ir::{Attribute, Context, FoldResult, OpId, TypeKind, Value};

/// Replace each operand defined by a `memref.cast` of a ranked memref with the cast's source,
/// except operands equal to `keep` (a stored value is data, not the accessed buffer). True
/// when one changed.
pub(crate) fn fold_memref_cast(ctx: &mut Context, op: OpId, keep: Option<Value>) -> bool {
    let mut folded = false;
    for (i, v) in ctx.operands(op).to_vec().into_iter().enumerate() {
        if Some(v) == keep {
            continue;
        }
        let Some(cast) = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "memref.cast")) else { continue };
        let &[src] = ctx.operands(cast) else { continue };
        if matches!(ctx.type_kind(ctx.value_type(src)), TypeKind::UnrankedMemRef { .. }) {
            continue;
        }
        ctx.set_operand(op, i, src);
        folded = true;
    }
    folded
}

fn in_place(ctx: &Context, op: OpId) -> Vec<FoldResult> {
    ctx.results(op).iter().map(|&r| FoldResult::Value(r)).collect()
}

/// `load`, `dealloc`, `prefetch`, `dma_start`, `dma_wait`: every operand.
pub(crate) fn fold_all(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_memref_cast(ctx, op, None).then(|| in_place(ctx, op))
}

/// `store` and `atomic_rmw`: every operand but the value (operand 0).
pub(crate) fn fold_except_value(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let value = ctx.operands(op).first().copied();
    fold_memref_cast(ctx, op, value).then(|| in_place(ctx, op))
}

/// Upstream's `CastOp::canFoldIntoConsumerOp`: a cast between ranked strided memrefs of the
/// same element type and rank that only makes sizes, offset or strides more dynamic.
pub(crate) fn can_fold_into_consumer(ctx: &Context, cast: OpId) -> bool {
    let (&[src], &[res]) = (ctx.operands(cast), ctx.results(cast)) else { return false };
    let (st, rt) = (ctx.value_type(src), ctx.value_type(res));
    let (Some(s), Some(r)) = (crate::util::ranked(ctx, st), crate::util::ranked(ctx, rt)) else { return false };
    if s.element != r.element || s.shape.len() != r.shape.len() {
        return false;
    }
    let (Some((s_strides, s_off)), Some((r_strides, r_off))) =
        (crate::util::strides_and_offset(ctx, st), crate::util::strides_and_offset(ctx, rt))
    else {
        return false;
    };
    let more_static = |a: i64, b: i64| a != b && a == flowgate_ir::DYNAMIC && b != flowgate_ir::DYNAMIC;
    !(s.shape.iter().zip(&r.shape).any(|(&a, &b)| more_static(a, b))
        || more_static(s_off, r_off)
        || s_strides.iter().zip(&r_strides).any(|(&a, &b)| more_static(a, b)))
}
