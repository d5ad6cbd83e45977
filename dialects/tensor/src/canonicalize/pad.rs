//! Fold and patterns of `tensor.pad` after upstream's TensorOps.cpp: a pad to its own static
//! type, zero padding, casts folded in from the source or into the result, orthogonal
//! extract_slice/pad chains, constant low/high operands that make the result more static, and
//! consecutive pads of the same value. Every rewrite keeps `nofold` pads.

use super::build::*;
use flowgate_builtin::offsets::{constant_int, entry_value, split, Entry};
use flowgate_ir::{Attribute, Builder, Context, FoldResult, OpId, RewritePattern, Traits, DYNAMIC};

pub(super) const FOLDS: &[(&str, flowgate_ir::FoldFn)] = &[("tensor.pad", fold_pad)];

pub(super) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![
        Box::new(StaticZeroPadding),
        Box::new(SourceCast),
        Box::new(TargetCast),
        Box::new(OrthogonalPaddings),
        Box::new(StaticPadding),
        Box::new(ConsecutiveConstantPadding),
    ]
}

/// A pad whose static result type is its source type pads nothing.
fn fold_pad(ctx: &mut Context, op: OpId, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let p = read_pad(ctx, op)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    let static_shape = tensor_shape(ctx, ty).is_some_and(|s| !s.contains(&DYNAMIC));
    (static_shape && ty == ctx.value_type(p.source) && !p.nofold).then(|| vec![FoldResult::Value(p.source)])
}

fn is_zero(ctx: &Context, e: Entry) -> bool {
    entry_value(ctx, e) == Some(0)
}

/// Would a pad of `source` with these lists verify with result shape `result`? (The verifier's
/// inferred type: static where the source size and both pads are static.)
fn pad_type_ok(source: &[i64], low: &[Entry], high: &[Entry], result: &[i64]) -> bool {
    let (low, high) = (split(low).0, split(high).0);
    result.len() == source.len()
        && (0..source.len()).all(|i| {
            if [source[i], low[i], high[i]].contains(&DYNAMIC) {
                return true;
            }
            source[i].saturating_add(low[i]).saturating_add(high[i]) == result[i]
        })
}

/// Zero low and high padding (static or constant) is a cast (`FoldStaticZeroPadding`).
struct StaticZeroPadding;
impl RewritePattern for StaticZeroPadding {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(p) = read_pad(ctx, op) else { return false };
        if p.nofold || !p.low.iter().chain(&p.high).all(|&e| is_zero(ctx, e)) {
            return false;
        }
        let (ty, loc) = (ctx.value_type(ctx.result(op, 0)), ctx.op_loc(op));
        let v = build_cast(b, loc, p.source, ty);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// A pad of a `tensor.cast` that only drops static information pads the cast's source; a
/// result type that becomes more static is cast back (`FoldSourceTensorCast`).
struct SourceCast;
impl RewritePattern for SourceCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(p) = read_pad(ctx, op) else { return false };
        let Some(src) = foldable_cast_source(ctx, p.source) else { return false };
        let ty = ctx.value_type(ctx.result(op, 0));
        let (Some(src_shape), Some((shape, elem, _))) = (tensor_shape(ctx, ctx.value_type(src)), tensor_parts(ctx, ty))
        else {
            return false;
        };
        let (low, high) = (split(&p.low).0, split(&p.high).0);
        if shape.len() != src_shape.len() || low.len() != src_shape.len() {
            return false;
        }
        // Upstream's inferResultType with the old result shape for the dynamic dimensions.
        let mut new_shape = Vec::with_capacity(shape.len());
        for i in 0..shape.len() {
            if [src_shape[i], low[i], high[i]].contains(&DYNAMIC) {
                new_shape.push(shape[i]);
                continue;
            }
            let Some(d) = src_shape[i].checked_add(low[i]).and_then(|d| d.checked_add(high[i])) else { return false };
            // A static result size that disagrees fails at run time; keep the IR.
            if d < 0 || (shape[i] != DYNAMIC && shape[i] != d) {
                return false;
            }
            new_shape.push(d);
        }
        let new_ty = b.ctx.tensor_type(new_shape, elem);
        if new_ty == ty {
            b.ctx.set_operand(op, 0, src);
            return true;
        }
        let loc = b.ctx.op_loc(op);
        let v = build_pad_from(b, op, new_ty, src, &p.low, &p.high, p.nofold);
        let c = build_cast(b, loc, v, ty);
        b.ctx.replace_op(op, &[c]);
        true
    }
}

/// A pad whose only use is a `tensor.cast` to a more static type gets that type
/// (`FoldTargetTensorCast`).
struct TargetCast;
impl RewritePattern for TargetCast {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(p) = read_pad(ctx, op) else { return false };
        let r = ctx.result(op, 0);
        let [u] = ctx.uses(r) else { return false };
        let cast = u.op;
        if !ctx.is_op(cast, "tensor.cast") || ctx.results(cast).len() != 1 {
            return false;
        }
        let cast_ty = ctx.value_type(ctx.result(cast, 0));
        if !preserves_static_information(ctx, ctx.value_type(r), cast_ty) {
            return false;
        }
        let (Some(src_shape), Some(shape)) = (tensor_shape(ctx, ctx.value_type(p.source)), tensor_shape(ctx, cast_ty))
        else {
            return false;
        };
        if !pad_type_ok(&src_shape, &p.low, &p.high, &shape) {
            return false;
        }
        let v = build_pad_from(b, op, cast_ty, p.source, &p.low, &p.high, p.nofold);
        b.ctx.replace_op(cast, &[v]);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// The padded dimensions of a pad: a low or high size that is not a known 0.
fn padded_dims(ctx: &Context, p: &Pad) -> Vec<bool> {
    p.low.iter().zip(&p.high).map(|(&l, &h)| !is_zero(ctx, l) || !is_zero(ctx, h)).collect()
}

/// The constant a pad yields, when it yields a constant.
fn padding_constant(ctx: &Context, op: OpId) -> Option<Attribute> {
    let v = constant_padding_value(ctx, op)?;
    let d = ctx.defining_op(v).filter(|&d| ctx.has_trait(d, Traits::CONSTANT_LIKE))?;
    ctx.attr(d, "value")
}

/// `pad(extract_slice(pad(extract_slice x)))` where the two pads pad different dimensions,
/// only high, with the same constant: one slice of `x` and one pad (`FoldOrthogonalPaddings`).
struct OrthogonalPaddings;
impl RewritePattern for OrthogonalPaddings {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(pad) = read_pad(ctx, op) else { return false };
        let def = |v, name| ctx.defining_op(v).filter(|&d| ctx.is_op(d, name));
        let Some(inner_op) = def(pad.source, "tensor.extract_slice") else { return false };
        let Some(inner) = read_slice(ctx, inner_op) else { return false };
        let Some(outer_pad_op) = def(inner.source, "tensor.pad") else { return false };
        let Some(outer_pad) = read_pad(ctx, outer_pad_op).filter(|p| !p.nofold) else { return false };
        let Some(outer_op) = def(outer_pad.source, "tensor.extract_slice") else { return false };
        let Some(outer) = read_slice(ctx, outer_op) else { return false };
        let rank = pad.low.len();
        let outer_src_ty = ctx.value_type(outer.source);
        let (Some(outer_src_shape), Some(inner_src_shape)) =
            (tensor_shape(ctx, outer_src_ty), tensor_shape(ctx, ctx.value_type(inner.source)))
        else {
            return false;
        };
        // Not rank-reducing, unit strides, high padding only, the same constant.
        let unit = |s: &[Entry]| s.iter().all(|&e| entry_value(ctx, e) == Some(1));
        let zero = |s: &[Entry]| s.iter().all(|&e| is_zero(ctx, e));
        if outer_src_shape.len() != rank
            || inner.lists.sizes.len() != rank
            || outer.lists.sizes.len() != rank
            || outer_pad.high.len() != rank
            || !unit(&inner.lists.strides)
            || !unit(&outer.lists.strides)
            || !zero(&pad.low)
            || !zero(&outer_pad.low)
        {
            return false;
        }
        match (padding_constant(ctx, op), padding_constant(ctx, outer_pad_op)) {
            (Some(a), Some(c)) if a == c => {}
            _ => return false,
        }
        let (inner_dims, outer_dims) = (padded_dims(ctx, &pad), padded_dims(ctx, &outer_pad));
        if inner_dims.iter().zip(&outer_dims).any(|(&a, &c)| a && c) {
            return false;
        }
        // Each dimension takes the offset of the pair that neither pads nor offsets it away.
        let mut offsets = Vec::with_capacity(rank);
        for i in 0..rank {
            let (io, oo) = (inner.lists.offsets[i], outer.lists.offsets[i]);
            if !inner_dims[i] && entry_value(ctx, io) == Some(0) {
                offsets.push(oo);
            } else if !outer_dims[i] && entry_value(ctx, oo) == Some(0) {
                offsets.push(io);
            } else {
                return false;
            }
        }
        // Dimensions the outer pad pads must be sliced whole by the inner slice.
        let mut sizes = inner.lists.sizes.clone();
        for i in (0..rank).filter(|&i| outer_dims[i]) {
            let whole = inner_src_shape[i];
            if whole == DYNAMIC || entry_value(ctx, inner.lists.sizes[i]) != Some(whole) {
                return false;
            }
            sizes[i] = outer.lists.sizes[i];
        }
        let high: Vec<Entry> = (0..rank)
            .map(|i| {
                if outer_dims[i] {
                    outer_pad.high[i]
                } else if inner_dims[i] {
                    pad.high[i]
                } else {
                    Entry::Static(0)
                }
            })
            .collect();
        let lists = flowgate_builtin::offsets::SliceLists { offsets, sizes, strides: inner.lists.strides.clone() };
        let [o, s, t] = lists.statics();
        let ty = ctx.value_type(ctx.result(op, 0));
        let Some(result_shape) = tensor_shape(ctx, ty) else { return false };
        if flowgate_builtin::offsets::out_of_bounds(&outer_src_shape, &o, &s, &t).is_some()
            || s.iter().any(|&d| d < 0 && d != DYNAMIC)
            || !pad_type_ok(&s, &pad.low, &high, &result_shape)
        {
            return false;
        }
        let loc = ctx.op_loc(op);
        let Some(slice_ty) = with_shape(b.ctx, outer_src_ty, s) else { return false };
        let slice = build_extract_slice(b, loc, slice_ty, outer.source, &lists);
        let v = build_pad_from(b, op, ty, slice, &pad.low, &high, pad.nofold);
        b.ctx.replace_op(op, &[v]);
        true
    }
}

/// Constant low/high operands become static when that makes the result type more static; the
/// new result is cast back (`FoldStaticPadding`).
struct StaticPadding;
impl RewritePattern for StaticPadding {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(p) = read_pad(ctx, op) else { return false };
        let ty = ctx.value_type(ctx.result(op, 0));
        let (Some(src_shape), Some((shape, elem, _))) =
            (tensor_shape(ctx, ctx.value_type(p.source)), tensor_parts(ctx, ty))
        else {
            return false;
        };
        if shape.len() != src_shape.len() {
            return false;
        }
        let fold = |l: &[Entry]| -> Vec<Entry> {
            l.iter()
                .map(|&e| match e {
                    Entry::Dynamic(v) => constant_int(ctx, v).map_or(e, Entry::Static),
                    s => s,
                })
                .collect()
        };
        let (low, high) = (fold(&p.low), fold(&p.high));
        let (sl, sh) = (split(&low).0, split(&high).0);
        let mut new_shape = Vec::with_capacity(shape.len());
        for i in 0..shape.len() {
            if shape[i] != DYNAMIC || [src_shape[i], sl[i], sh[i]].contains(&DYNAMIC) {
                new_shape.push(shape[i]);
                continue;
            }
            // A negative or overflowing size is invalid IR; keep it as it is.
            match src_shape[i].checked_add(sl[i]).and_then(|d| d.checked_add(sh[i])) {
                Some(d) if d >= 0 => new_shape.push(d),
                _ => return false,
            }
        }
        if new_shape == shape || new_shape.iter().all(|&d| d == DYNAMIC) {
            return false;
        }
        let loc = ctx.op_loc(op);
        let new_ty = b.ctx.tensor_type(new_shape, elem);
        let v = build_pad_from(b, op, new_ty, p.source, &low, &high, p.nofold);
        let c = build_cast(b, loc, v, ty);
        b.ctx.replace_op(op, &[c]);
        true
    }
}

/// A pad of a pad, both yielding the same value: one pad with the summed sizes
/// (`FoldConsecutiveConstantPadding`). Upstream adds non-constant sizes with `affine.apply`; we
/// have no affine dialect, so only sums that fold (constants, or one side 0) are taken.
struct ConsecutiveConstantPadding;
impl RewritePattern for ConsecutiveConstantPadding {
    fn root(&self) -> Option<&'static str> {
        Some("tensor.pad")
    }
    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &*b.ctx;
        let Some(p) = read_pad(ctx, op).filter(|p| !p.nofold) else { return false };
        let Some(prod_op) = ctx.defining_op(p.source).filter(|&d| ctx.is_op(d, "tensor.pad")) else { return false };
        let Some(prod) = read_pad(ctx, prod_op).filter(|q| !q.nofold && q.low.len() == p.low.len()) else {
            return false;
        };
        match (constant_padding_value(ctx, op), constant_padding_value(ctx, prod_op)) {
            (Some(a), Some(c)) if a == c => {}
            _ => return false,
        }
        let add = |a: Entry, c: Entry| -> Option<Entry> {
            match (entry_value(ctx, a), entry_value(ctx, c)) {
                (Some(x), Some(y)) => x.checked_add(y).filter(|&s| s != DYNAMIC).map(Entry::Static),
                (Some(0), None) => Some(c),
                (None, Some(0)) => Some(a),
                _ => None,
            }
        };
        let sum =
            |x: &[Entry], y: &[Entry]| -> Option<Vec<Entry>> { x.iter().zip(y).map(|(&a, &c)| add(a, c)).collect() };
        let (Some(low), Some(high)) = (sum(&p.low, &prod.low), sum(&p.high, &prod.high)) else { return false };
        let ty = ctx.value_type(ctx.result(op, 0));
        let (Some(src_shape), Some(shape)) = (tensor_shape(ctx, ctx.value_type(prod.source)), tensor_shape(ctx, ty))
        else {
            return false;
        };
        if !pad_type_ok(&src_shape, &low, &high, &shape) {
            return false;
        }
        let v = build_pad_from(b, op, ty, prod.source, &low, &high, false);
        b.ctx.replace_op(op, &[v]);
        true
    }
}
