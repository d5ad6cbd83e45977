//! Folds and canonicalization patterns of `memref.subview`, after upstream's
//! `SubViewOp::fold`, `OpWithOffsetSizesAndStridesConstantArgumentFolder`,
//! `SubViewOpMemRefCastFolder` and `TrivialSubViewOpFolder`.

use super::layout::{cast_only_loses_info, drop_dims, infer_subview_type, rank_reduction_mask};
use super::mixed::{self, const_value, fold_constants, read, replace_with_cast, Entry, Lists};
use crate::util::{ranked, strides_and_offset};
use flowgate_builtin::offsets::out_of_bounds;
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern, Type, DYNAMIC};

pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let l = read(ctx, op)?;
    let src_ty = ctx.value_type(l.source);
    let res_ty = ctx.value_type(*ctx.results(op).first()?);
    // A subview whose type is its source's, fully static, selects all of it.
    if src_ty == res_ty {
        let static_shape = ranked(ctx, res_ty).is_some_and(|m| !m.shape.contains(&DYNAMIC));
        let static_layout = strides_and_offset(ctx, res_ty).is_some_and(|(s, o)| o != DYNAMIC && !s.contains(&DYNAMIC));
        if static_shape && static_layout {
            return Some(vec![FoldResult::Value(l.source)]);
        }
    }
    // subview(subview(x)) with zero offsets, unit strides and the same sizes is the inner one.
    let inner = ctx.defining_op(l.source).filter(|&d| ctx.is_op(d, "memref.subview"))?;
    let il = read(ctx, inner)?;
    let all = |list: &[Entry], v: i64| list.iter().all(|&e| const_value(ctx, e) == Some(v));
    if all(&l.offsets, 0) && all(&l.strides, 1) && same_entries(ctx, &l.sizes, &il.sizes) && src_ty == res_ty {
        return Some(vec![FoldResult::Value(l.source)]);
    }
    None
}

/// Entries equal as upstream compares `OpFoldResult`s: the same static value or the same SSA
/// value.
fn same_entries(ctx: &Context, a: &[Entry], b: &[Entry]) -> bool {
    let _ = ctx;
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(ConstantArguments), Box::new(CastSource), Box::new(Trivial)]
}

/// The new type of a subview whose source has type `source` (possibly not the current
/// source's), keeping the dimensions the current op drops (upstream's
/// `getCanonicalSubViewResultType`). The dropped dimensions are those of the op as it is
/// (`current` sizes), not of the new lists.
fn canonical_type(ctx: &mut Context, op: OpId, current: &Lists, l: &Lists, source: Type) -> Option<Type> {
    let cur_src = ctx.value_type(current.source);
    let cur_res = ctx.value_type(*ctx.results(op).first()?);
    let full = infer_subview_type(ctx, source, &l.offsets, &l.sizes, &l.strides)?;
    let dropped = rank_reduction_mask(ctx, cur_src, cur_res, &current.sizes)?;
    drop_dims(ctx, full, &dropped)
}

/// Constant offsets, sizes and strides become static ones, with a cast back to the old type.
/// Negative offsets and sizes, zero strides and slices out of bounds stay as they are (the
/// new op would not verify).
struct ConstantArguments;

impl RewritePattern for ConstantArguments {
    fn root(&self) -> Option<&'static str> {
        Some("memref.subview")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(current) = read(ctx, op) else { return false };
        let mut l = current.clone();
        let a = fold_constants(ctx, &mut l.offsets, |c| c >= 0);
        let s = fold_constants(ctx, &mut l.sizes, |c| c >= 0);
        let t = fold_constants(ctx, &mut l.strides, |c| c != 0);
        if !(a || s || t) {
            return false;
        }
        let Some(src) = ranked(ctx, ctx.value_type(l.source)) else { return false };
        let (so, ss, st) = (mixed::statics(&l.offsets), mixed::statics(&l.sizes), mixed::statics(&l.strides));
        if out_of_bounds(&src.shape, &so, &ss, &st).is_some() {
            return false;
        }
        let source_ty = ctx.value_type(l.source);
        rebuild(b, op, &current, &l, source_ty)
    }
}

/// Replace `op` by a subview of `l` whose type is computed from `source_ty`, cast back to the
/// old result type.
fn rebuild(b: &mut Builder<'_>, op: OpId, current: &Lists, l: &Lists, source_ty: Type) -> bool {
    let Some(ty) = canonical_type(b.ctx, op, current, l, source_ty) else { return false };
    let loc = b.ctx.op_loc(op);
    let st = mixed::state(b.ctx, "memref.subview", loc, l, ty);
    let nv = b.create_value(st);
    replace_with_cast(b, op, nv);
    true
}

/// `subview(cast(x))` -> `cast(subview(x))` when the cast only makes the type more dynamic.
/// Waits for the constant-argument pattern while an operand is a constant.
struct CastSource;

impl RewritePattern for CastSource {
    fn root(&self) -> Option<&'static str> {
        Some("memref.subview")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if ctx.operands(op).iter().any(|&v| mixed::constant_int(ctx, v).is_some()) {
            return false;
        }
        let Some(l) = read(ctx, op) else { return false };
        let Some(cast) = ctx.defining_op(l.source).filter(|&d| ctx.is_op(d, "memref.cast")) else { return false };
        let &[x] = ctx.operands(cast) else { return false };
        if !cast_only_loses_info(ctx, ctx.value_type(x), ctx.value_type(l.source)) {
            return false;
        }
        let new_lists = Lists { source: x, ..l.clone() };
        let x_ty = b.ctx.value_type(x);
        rebuild(b, op, &l, &new_lists, x_ty)
    }
}

/// A subview of all of its source (zero offsets, unit strides, the source's static sizes, no
/// rank reduction) is its source, cast when the layouts are spelled differently.
struct Trivial;

impl RewritePattern for Trivial {
    fn root(&self) -> Option<&'static str> {
        Some("memref.subview")
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(l) = read(ctx, op) else { return false };
        let Some(&res) = ctx.results(op).first() else { return false };
        let (Some(src), Some(dst)) = (ranked(ctx, ctx.value_type(l.source)), ranked(ctx, ctx.value_type(res))) else {
            return false;
        };
        if src.shape.len() != dst.shape.len() || l.sizes.len() != src.shape.len() {
            return false;
        }
        let all = |list: &[Entry], v: i64| list.iter().all(|&e| const_value(ctx, e) == Some(v));
        let sizes_match = l.sizes.iter().zip(&src.shape).all(|(&e, &d)| d != DYNAMIC && const_value(ctx, e) == Some(d));
        if !(all(&l.offsets, 0) && all(&l.strides, 1) && sizes_match) {
            return false;
        }
        replace_with_cast(b, op, l.source);
        true
    }
}
