//! `memref.expand_shape` / `memref.collapse_shape`: the folds and compositions upstream shares
//! with tensor (from `flowgate_builtin::reassociation`), and memref's own
//! `CollapseShapeOpMemRefCastFolder` (a collapse reads through a layout-only cast; a cast
//! after it restores the old type when the collapsed type changes) and its expand
//! counterpart (LLVM 22: an expand of a static-to-dynamic cast expands the static source, with
//! the output sizes of its static groups made static).

use super::cast_consumers::can_fold_into_consumer;
use crate::reshape::{collapsed_type, expanded_type};
use crate::util::ranked;
use flowgate_builtin::producer::source_producer;
use flowgate_builtin::reassociation::{
    constant_int, create_collapse, create_expand, fold_reshape, output_shape, reassociation, ComposeCollapseOfExpand,
    ComposeExpandOfCollapse, ComposeReassociative, MixedSize, ReshapeOps,
};
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, OperationState, RewritePattern, DYNAMIC};

const MEMREF: ReshapeOps =
    ReshapeOps { expand: "memref.expand_shape", collapse: "memref.collapse_shape", cast: "memref.cast" };

pub(crate) fn fold_expand(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_reshape(ctx, op, consts, MEMREF.collapse).map(|r| vec![r])
}

pub(crate) fn fold_collapse(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_reshape(ctx, op, consts, MEMREF.expand).map(|r| vec![r])
}

pub(crate) fn expand_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ComposeReassociative { ops: MEMREF, root: MEMREF.expand }),
        Box::new(ComposeExpandOfCollapse { ops: MEMREF }),
        Box::new(ExpandOfCast),
    ]
}

pub(crate) fn collapse_patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ComposeReassociative { ops: MEMREF, root: MEMREF.collapse }),
        Box::new(ComposeCollapseOfExpand {
            ops: MEMREF,
            mul: flowgate_arith::builders::muli,
            constant: flowgate_arith::builders::constant_index,
        }),
        Box::new(CollapseOfCast),
    ]
}

/// `x` when `op`'s source is a `memref.cast` of `x` that only makes the type more dynamic,
/// the cast both patterns below look through.
fn foldable_cast_input(ctx: &Context, op: OpId) -> Option<flowgate_ir::Value> {
    let cast = source_producer(ctx, op, MEMREF.cast).filter(|&c| can_fold_into_consumer(ctx, c))?;
    Some(ctx.operand(cast, 0))
}

/// `collapse(cast(x))` is `collapse(x)` when the cast only makes the type more dynamic; when
/// the collapse of `x` has a more static type, a cast back keeps the users' type.
struct CollapseOfCast;

impl RewritePattern for CollapseOfCast {
    fn root(&self) -> Option<&'static str> {
        Some(MEMREF.collapse)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(inner) = foldable_cast_input(ctx, op) else { return false };
        let (Some(groups), Some(&res)) = (reassociation(ctx, op), ctx.results(op).first()) else { return false };
        let old_ty = ctx.value_type(res);
        let inner_ty = ctx.value_type(inner);
        let Some(new_ty) = collapsed_type(b.ctx, inner_ty, &groups) else { return false };
        if new_ty == old_ty {
            b.ctx.set_operand(op, 0, inner);
            return true;
        }
        let loc = b.ctx.op_loc(op);
        let collapse = create_collapse(b, MEMREF.collapse, new_ty, inner, &groups, loc);
        let v = b.ctx.result(collapse, 0);
        let st = OperationState::new(b.ctx, MEMREF.cast, loc).operands(&[v]).results(&[old_ty]);
        let c = b.create_value(st);
        b.ctx.replace_op(op, &[c]);
        true
    }
}

/// `expand(cast(x))` where the cast only makes `x`'s type more dynamic is an expand of `x`,
/// cast back to the old result type when that differs. The output sizes of a group whose
/// dimension is static in `x` must all be constants that multiply to it; they become static
/// sizes. In a group dynamic in `x`, constant sizes become static and the others stay.
struct ExpandOfCast;

impl RewritePattern for ExpandOfCast {
    fn root(&self) -> Option<&'static str> {
        Some(MEMREF.expand)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(inner) = foldable_cast_input(ctx, op) else { return false };
        let inner_ty = ctx.value_type(inner);
        let (Some(groups), Some(shape), Some(&res)) =
            (reassociation(ctx, op), output_shape(ctx, op), ctx.results(op).first())
        else {
            return false;
        };
        let Some(src_shape) = ranked(ctx, inner_ty).map(|m| m.shape) else { return false };
        if groups.len() != src_shape.len() {
            return false;
        }
        let mut new_shape = shape.clone();
        for (g, &dim) in groups.iter().zip(&src_shape) {
            let Some(members) =
                g.iter().map(|&i| usize::try_from(i).ok().filter(|&i| i < shape.len())).collect::<Option<Vec<_>>>()
            else {
                return false;
            };
            let statics: Vec<Option<i64>> = members
                .iter()
                .map(|&i| match shape[i] {
                    MixedSize::Static(v) => (v != DYNAMIC).then_some(v),
                    MixedSize::Dynamic(v) => constant_int(ctx, v),
                })
                .collect();
            if dim == DYNAMIC {
                // Constant sizes become static; verification wants the group to keep one
                // dynamic size.
                if statics.iter().all(|s| s.is_some()) {
                    return false;
                }
                for (&i, s) in members.iter().zip(statics) {
                    if let Some(s) = s.filter(|&s| s >= 0) {
                        new_shape[i] = MixedSize::Static(s);
                    }
                }
                continue;
            }
            let Some(sizes) = statics.into_iter().collect::<Option<Vec<i64>>>() else { return false };
            let product = sizes.iter().try_fold(1i64, |acc, &s| if s < 0 { None } else { acc.checked_mul(s) });
            if product != Some(dim) {
                return false;
            }
            for (&i, s) in members.iter().zip(sizes) {
                new_shape[i] = MixedSize::Static(s);
            }
        }
        let static_shape: Vec<i64> =
            new_shape.iter().map(|s| if let MixedSize::Static(v) = s { *v } else { DYNAMIC }).collect();
        let old_ty = ctx.value_type(res);
        let loc = ctx.op_loc(op);
        let Some(new_ty) = expanded_type(b.ctx, inner_ty, static_shape, &groups) else { return false };
        let expand = create_expand(b, MEMREF.expand, new_ty, inner, &groups, &new_shape, loc);
        let mut v = b.ctx.result(expand, 0);
        if new_ty != old_ty {
            let st = OperationState::new(b.ctx, MEMREF.cast, loc).operands(&[v]).results(&[old_ty]);
            v = b.create_value(st);
        }
        b.ctx.replace_op(op, &[v]);
        true
    }
}
