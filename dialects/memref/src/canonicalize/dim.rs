//! `memref.dim` and `memref.rank`: a static size or rank is a constant; a dynamic size of an
//! `alloc`, `alloca` or `view` is the operand that gave it; `dim` reads through a cast
//! (upstream's `DimOp::fold`, `RankOp::fold`), and `dim` of a `memref.reshape` loads the size
//! from the shape operand (`DimOfMemRefReshape`). `dim` of a `subview` is its size operand,
//! found past the dropped dimensions with the view folds' rank-reduction mask.

use super::cast_consumers::fold_memref_cast;
use crate::util::{ranked, segments};
use flowgate_builtin::producer::source_producer;
use flowgate_ir::{
    Attribute, Builder, Context, FoldResult, OpId, OperationState, RegionId, RewritePattern, TypeKind, Value, DYNAMIC,
};

pub(crate) fn fold_rank(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let src = *ctx.operands(op).first()?;
    let rank = ranked(ctx, ctx.value_type(src))?.shape.len();
    let idx = ctx.index_type();
    Some(vec![FoldResult::Attr(ctx.integer_attr(rank as i128, idx))])
}

pub(crate) fn fold_dim(ctx: &mut Context, op: OpId, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let index = consts.get(1).copied().flatten().and_then(|a| ctx.attr_as_int(a))?;
    let src = *ctx.operands(op).first()?;
    let m = ranked(ctx, ctx.value_type(src))?;
    // An out-of-bounds index is undefined behaviour but valid IR: leave it.
    let i = usize::try_from(index).ok().filter(|&i| i < m.shape.len())?;
    if m.shape[i] != DYNAMIC {
        let idx = ctx.index_type();
        return Some(vec![FoldResult::Attr(ctx.integer_attr(m.shape[i] as i128, idx))]);
    }
    // The position of dimension `i` among the dynamic ones.
    let dyn_pos = m.shape[..i].iter().filter(|&&d| d == DYNAMIC).count();
    if let Some(d) = ctx.defining_op(src) {
        let sizes = if ctx.is_op(d, "memref.alloc") || ctx.is_op(d, "memref.alloca") {
            segments(ctx, d, 2).map(|s| s[0].clone())
        } else if ctx.is_op(d, "memref.view") {
            ctx.operands(d).get(2..).map(|s| s.to_vec())
        } else {
            None
        };
        if let Some(&v) = sizes.as_ref().and_then(|s| s.get(dyn_pos)) {
            return Some(vec![FoldResult::Value(v)]);
        }
        if ctx.is_op(d, "memref.subview") {
            if let Some(v) = subview_size(ctx, d, i) {
                return Some(vec![FoldResult::Value(v)]);
            }
        }
    }
    fold_memref_cast(ctx, op, None).then(|| vec![FoldResult::Value(ctx.result(op, 0))])
}

/// The size operand of a subview's source dimension that becomes result dimension `i`, past
/// the dimensions the subview drops (upstream's `getDroppedDims`).
fn subview_size(ctx: &Context, subview: OpId, i: usize) -> Option<Value> {
    let lists = super::mixed::read(ctx, subview)?;
    let src_ty = ctx.value_type(lists.source);
    let res_ty = ctx.value_type(*ctx.results(subview).first()?);
    let dropped = super::layout::rank_reduction_mask(ctx, src_ty, res_ty, &lists.sizes)?;
    let src_index = dropped.iter().enumerate().filter(|(_, &d)| !d).map(|(k, _)| k).nth(i)?;
    match lists.sizes.get(src_index)? {
        super::mixed::Entry::Dynamic(v) => Some(*v),
        super::mixed::Entry::Static(_) => None,
    }
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(DimOfMemRefReshape)]
}

struct DimOfMemRefReshape;

/// `region` strictly encloses `inner` (upstream's `Region::isProperAncestor`).
fn is_proper_ancestor(ctx: &Context, region: RegionId, inner: RegionId) -> bool {
    let mut cur = ctx.region_parent(inner).and_then(|o| ctx.parent_region(o));
    while let Some(r) = cur {
        if r == region {
            return true;
        }
        cur = ctx.region_parent(r).and_then(|o| ctx.parent_region(o));
    }
    false
}

/// `a` comes before `b` in their block.
fn is_before_in_block(ctx: &Context, a: OpId, b: OpId) -> bool {
    let mut cur = ctx.next_op(a);
    while let Some(o) = cur {
        if o == b {
            return true;
        }
        cur = ctx.next_op(o);
    }
    false
}

impl RewritePattern for DimOfMemRefReshape {
    fn root(&self) -> Option<&'static str> {
        Some("memref.dim")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(&index) = ctx.operands(op).get(1) else { return false };
        let Some(reshape) = source_producer(ctx, op, "memref.reshape") else { return false };
        let Some(&shape) = ctx.operands(reshape).get(1) else { return false };
        // The index must dominate the reshape, checked as cheaply as upstream does: defined
        // before it in its block, or in a region enclosing the reshape's.
        let index_block = ctx.value_block(index);
        if index_block.is_some() && index_block == ctx.parent_block(reshape) {
            if ctx.defining_op(index).is_some_and(|d| is_before_in_block(ctx, reshape, d)) {
                return false;
            }
        } else if ctx.parent_block(op) != ctx.parent_block(reshape) {
            let (Some(ir), Some(rr)) = (index_block.and_then(|bl| ctx.block_parent(bl)), ctx.parent_region(reshape))
            else {
                return false;
            };
            if !is_proper_ancestor(ctx, ir, rr) {
                return false;
            }
        }
        let Some(elem) = ranked(ctx, ctx.value_type(shape)).map(|m| m.element) else { return false };
        let result_ty = ctx.value_type(ctx.result(op, 0));
        if elem != result_ty && !matches!(ctx.type_kind(elem), TypeKind::Integer { .. }) {
            return false;
        }
        let loc = ctx.op_loc(op);
        // Right after the reshape: a later store to the shape buffer must not be seen.
        b.set_insertion_point_after(reshape);
        let st = OperationState::new(b.ctx, "memref.load", loc).operands(&[shape, index]).results(&[elem]);
        let mut v: Value = b.create_value(st);
        if elem != result_ty {
            let st = OperationState::new(b.ctx, "arith.index_cast", loc).operands(&[v]).results(&[result_ty]);
            v = b.create_value(st);
        }
        b.ctx.replace_op(op, &[v]);
        true
    }
}
