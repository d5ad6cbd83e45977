//! Folds and patterns of `tensor.extract_slice` and `tensor.insert_slice` after upstream's
//! TensorOps.cpp: identity slices, extract-after-insert and insert-after-extract/insert of the
//! same slice, empty inserts, constant operands that become static offsets/sizes/strides (with
//! a `tensor.cast` where the canonical type is more static), casts folded into slices, and a
//! cast of a slice folded into the slice. `parallel_insert_slice` lives in `scf.forall`, which we
//! do not have. Upstream's `InsertSliceOpSourceCastInserter` is left out: our verifier (as
//! upstream's) wants the source type to match the static sizes exactly, so after the constant
//! folding here it finds nothing valid to do.

use super::build::*;
use crate::util::{compatible_shapes, is_rank_reduction};
use flowgate_builtin::offsets::{
    constant_int, entry_value, fold_constant_entries, fold_constant_entries_where, out_of_bounds, Entry, SliceLists,
};
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern, Value, DYNAMIC};

pub(super) const FOLDS: &[(&str, flowgate_ir::FoldFn)] =
    &[("tensor.extract_slice", fold_extract_slice), ("tensor.insert_slice", fold_insert_slice)];

pub(super) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(ExtractSliceConstantArgs),
        Box::new(ExtractSliceOfCast),
        Box::new(InsertSliceConstantArgs),
        Box::new(InsertSliceOfCast),
        Box::new(CastOfExtractSlice),
    ]
}

/// Upstream's `foldIdentityOffsetSizeAndStrideOpInterface`: zero offsets, unit strides and
/// sizes equal to the (static) leading sizes of `shape`.
fn is_identity(ctx: &Context, lists: &SliceLists, shape: &[i64]) -> bool {
    lists.offsets.iter().all(|&o| entry_value(ctx, o) == Some(0))
        && lists.strides.iter().all(|&s| entry_value(ctx, s) == Some(1))
        && lists.sizes.iter().zip(shape).all(|(&s, &d)| d != DYNAMIC && entry_value(ctx, s) == Some(d))
}

fn fold_extract_slice(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let s = read_slice(ctx, op)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(s.source) == ty && is_identity(ctx, &s.lists, &tensor_shape(ctx, ty)?) {
        return Some(vec![FoldResult::Value(s.source)]);
    }
    // Extracting exactly the slice an insert_slice wrote gives what was inserted.
    let ins = ctx.defining_op(s.source).filter(|&d| ctx.is_op(d, "tensor.insert_slice"))?;
    let i = read_slice(ctx, ins)?;
    (ctx.value_type(i.source) == ty && i.lists.same_as(&s.lists)).then(|| vec![FoldResult::Value(i.source)])
}

fn fold_insert_slice(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let s = read_slice(ctx, op)?;
    let dest = s.dest?;
    let (st, dt) = (ctx.value_type(s.source), ctx.value_type(dest));
    let dshape = tensor_shape(ctx, dt)?;
    if st == dt && !dshape.contains(&DYNAMIC) && is_identity(ctx, &s.lists, &dshape) {
        return Some(vec![FoldResult::Value(s.source)]);
    }
    // Writing the same slice twice: the first write is dead, so insert into its destination.
    if let Some(prev) = ctx.defining_op(dest).filter(|&d| ctx.is_op(d, "tensor.insert_slice")) {
        if let Some(p) = read_slice(ctx, prev) {
            if let Some(pdest) = p.dest.filter(|_| ctx.value_type(p.source) == st && p.lists.same_as(&s.lists)) {
                ctx.set_operand(op, 1, pdest);
                return Some(vec![FoldResult::Value(ctx.result(op, 0))]);
            }
        }
    }
    // Writing back the slice just read from the destination changes nothing.
    if let Some(ext) = ctx.defining_op(s.source).filter(|&d| ctx.is_op(d, "tensor.extract_slice")) {
        if let Some(e) = read_slice(ctx, ext) {
            if e.source == dest && e.lists.same_as(&s.lists) {
                return Some(vec![FoldResult::Value(dest)]);
            }
        }
    }
    // An empty slice writes nothing.
    if s.lists.sizes.iter().any(|&e| entry_value(ctx, e) == Some(0)) {
        return Some(vec![FoldResult::Value(dest)]);
    }
    None
}

/// Does any index operand come from a constant? Then the constant-argument patterns go first
/// (upstream's cast folders wait for them).
fn has_constant_index_operand(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op).iter().any(|&v| ctx.is_index(ctx.value_type(v)) && constant_int(ctx, v).is_some())
}

fn in_bounds(ctx: &Context, source: Value, lists: &SliceLists) -> bool {
    let Some(shape) = tensor_shape(ctx, ctx.value_type(source)) else { return false };
    let [o, s, t] = lists.statics();
    out_of_bounds(&shape, &o, &s, &t).is_none()
}

/// `extract_slice` with constant offset/size/stride operands: make them static and give the
/// result its canonical (more static) type, cast back to the old type
/// (`OpWithOffsetSizesAndStridesConstantArgumentFolder` with `SliceCanonicalizer`).
struct ExtractSliceConstantArgs;
impl RewritePattern for ExtractSliceConstantArgs {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract_slice")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(s) = read_slice(ctx, op) else { return false };
        let mut lists = s.lists.clone();
        // A folded list that runs out of bounds would not verify: leave the operands.
        if !lists.fold_constants(ctx) || !in_bounds(ctx, s.source, &lists) {
            return false;
        }
        let old = ctx.value_type(ctx.result(op, 0));
        let Some(old_shape) = tensor_shape(ctx, old) else { return false };
        let src_ty = ctx.value_type(s.source);
        let loc = ctx.op_loc(op);
        let Some(new) = canonical_slice_type(b.ctx, src_ty, &lists.sizes, old_shape.len()) else { return false };
        if !tensor_shape(b.ctx, new).is_some_and(|n| compatible_shapes(&n, &old_shape)) {
            return false;
        }
        let mut v = build_extract_slice(b, loc, new, s.source, &lists);
        if new != old {
            v = build_cast(b, loc, v, old);
        }
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `extract_slice` of a `tensor.cast` that only drops static information reads the cast's
/// source (`ExtractSliceOpCastFolder`), when the slice stays in bounds of that source.
struct ExtractSliceOfCast;
impl RewritePattern for ExtractSliceOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.extract_slice")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if has_constant_index_operand(ctx, op) {
            return false;
        }
        let Some(s) = read_slice(ctx, op) else { return false };
        let Some(src) = foldable_cast_source(ctx, s.source) else { return false };
        if !in_bounds(ctx, src, &s.lists) {
            return false;
        }
        let (ty, loc) = (ctx.value_type(ctx.result(op, 0)), ctx.op_loc(op));
        let v = build_extract_slice(b, loc, ty, src, &s.lists);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `insert_slice` with constant offset/size/stride operands: make them static (offsets and
/// sizes when non-negative, strides when non-zero) and cast the source to the canonical, more
/// static slice type (`InsertSliceOpConstantArgumentFolder`).
struct InsertSliceConstantArgs;
impl RewritePattern for InsertSliceConstantArgs {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.insert_slice")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(s) = read_slice(ctx, op) else { return false };
        let Some(dest) = s.dest else { return false };
        let mut lists = s.lists.clone();
        let a = fold_constant_entries(ctx, &mut lists.offsets, true);
        let c = fold_constant_entries(ctx, &mut lists.sizes, true);
        let d = fold_constant_entries_where(ctx, &mut lists.strides, |x| x != 0);
        if !(a || c || d) || !in_bounds(ctx, dest, &lists) {
            return false;
        }
        let old = ctx.value_type(s.source);
        let Some(old_shape) = tensor_shape(ctx, old) else { return false };
        let dest_ty = ctx.value_type(dest);
        let loc = ctx.op_loc(op);
        let Some(new) = canonical_slice_type(b.ctx, dest_ty, &lists.sizes, old_shape.len()) else { return false };
        if !tensor_shape(b.ctx, new).is_some_and(|n| compatible_shapes(&n, &old_shape)) {
            return false;
        }
        let mut src = s.source;
        if new != old {
            src = build_cast(b, loc, src, new);
        }
        let v = build_insert_slice(b, loc, src, dest, &lists);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// `insert_slice` whose source or destination is a `tensor.cast` that only drops static
/// information uses the cast's source; sizes become the source's static sizes, and a changed
/// destination type is cast back (`InsertSliceOpCastFolder`).
struct InsertSliceOfCast;
impl RewritePattern for InsertSliceOfCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.insert_slice")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if has_constant_index_operand(ctx, op) {
            return false;
        }
        let Some(s) = read_slice(ctx, op) else { return false };
        let Some(dest) = s.dest else { return false };
        let (src_cast, dst_cast) = (foldable_cast_source(ctx, s.source), foldable_cast_source(ctx, dest));
        if src_cast.is_none() && dst_cast.is_none() {
            return false;
        }
        let (src, dst) = (src_cast.unwrap_or(s.source), dst_cast.unwrap_or(dest));
        let (Some((src_shape, src_elem, _)), Some(dst_shape)) =
            (tensor_parts(ctx, ctx.value_type(src)), tensor_shape(ctx, ctx.value_type(dst)))
        else {
            return false;
        };
        let mut lists = s.lists.clone();
        let mut sizes = lists.statics()[1].clone();
        let Some(dropped) = rank_reduction_mask(&sizes, &src_shape, true) else { return false };
        // The kept sizes take the source's static sizes, in order. As upstream, the walk over
        // the source's dimensions stops advancing at its first dynamic one.
        let mut k = 0;
        for (i, &drop) in dropped.iter().enumerate() {
            if drop {
                continue;
            }
            if let Some(&d) = src_shape.get(k).filter(|&&d| d != DYNAMIC) {
                lists.sizes[i] = Entry::Static(d);
                sizes[i] = d;
                k += 1;
            }
        }
        // The new op must verify: the source a rank reduction of the sizes, in bounds.
        let dst_elem = tensor_parts(ctx, ctx.value_type(dst)).map(|p| p.1);
        let [offsets, _, strides] = lists.statics();
        if !is_rank_reduction(&sizes, &src_shape)
            || dst_elem != Some(src_elem)
            || out_of_bounds(&dst_shape, &offsets, &sizes, &strides).is_some()
        {
            return false;
        }
        let loc = ctx.op_loc(op);
        let old_dest_ty = ctx.value_type(dest);
        let mut v = build_insert_slice(b, loc, src, dst, &lists);
        if b.ctx.value_type(v) != old_dest_ty {
            v = build_cast(b, loc, v, old_dest_ty);
        }
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// A `tensor.cast` to a more static type of an `extract_slice` result becomes the slice with
/// those static sizes (`TensorCastExtractSlice`).
struct CastOfExtractSlice;
impl RewritePattern for CastOfExtractSlice {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.cast")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        if ctx.operands(op).len() != 1 || ctx.results(op).len() != 1 {
            return false;
        }
        let (src, ty) = (ctx.operand(op, 0), ctx.value_type(ctx.result(op, 0)));
        let Some(ext) = ctx.defining_op(src).filter(|&d| ctx.is_op(d, "tensor.extract_slice")) else { return false };
        let src_ty = ctx.value_type(src);
        let (Some(cast_shape), Some(slice_shape)) = (tensor_shape(ctx, ty), tensor_shape(ctx, src_ty)) else {
            return false;
        };
        if !preserves_static_information(ctx, src_ty, ty) || cast_shape == slice_shape {
            return false;
        }
        let Some(s) = read_slice(ctx, ext) else { return false };
        let sizes = s.lists.statics()[1].clone();
        let Some(dropped) = rank_reduction_mask(&sizes, &slice_shape, false) else { return false };
        let mut lists = s.lists.clone();
        let mut kept = cast_shape.iter();
        for (i, &drop) in dropped.iter().enumerate() {
            if drop {
                continue;
            }
            let Some(&d) = kept.next() else { return false };
            if d != DYNAMIC {
                lists.sizes[i] = Entry::Static(d);
            }
        }
        if !in_bounds(ctx, s.source, &lists) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let v = build_extract_slice(b, loc, ty, s.source, &lists);
        b.ctx.replace_op(op, &[v]);
        true
    }
}
