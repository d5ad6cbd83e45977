//! What the slice and pad patterns read from and build: typed views of `extract_slice`,
//! `insert_slice` and `pad`, builders that write upstream's operand and attribute layout, and
//! the `tensor.cast` rules of upstream's `preservesStaticInformation`.

use crate::util::{i64_array, segments};
use flowgate_builtin::offsets::{mixed, Entry, SliceLists};
use flowgate_ir::{Attribute, Builder, Context, Location, OpId, OperationState, RegionId, Type, TypeKind, Value};

/// A ranked tensor type's parts: shape, element type, encoding.
pub(crate) fn tensor_parts(ctx: &Context, t: Type) -> Option<(Vec<i64>, Type, Option<Attribute>)> {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, encoding } => Some((shape.clone(), *element, *encoding)),
        _ => None,
    }
}

pub(crate) fn tensor_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    tensor_parts(ctx, t).map(|p| p.0)
}

/// `t` with another shape, keeping its element type and encoding.
pub(crate) fn with_shape(ctx: &mut Context, t: Type, shape: Vec<i64>) -> Option<Type> {
    let (_, element, encoding) = tensor_parts(ctx, t)?;
    Some(ctx.intern_type(TypeKind::RankedTensor { shape, element, encoding }))
}

/// Upstream's `preservesStaticInformation(source, target)`: both ranked with the same element
/// type, rank and encoding, and no static size of `source` dynamic in `target`.
pub(crate) fn preserves_static_information(ctx: &Context, source: Type, target: Type) -> bool {
    let (Some((s, se, senc)), Some((t, te, tenc))) = (tensor_parts(ctx, source), tensor_parts(ctx, target)) else {
        return false;
    };
    se == te
        && senc == tenc
        && s.len() == t.len()
        && s.iter().zip(&t).all(|(&a, &b)| a == flowgate_ir::DYNAMIC || b != flowgate_ir::DYNAMIC)
}

/// The source of a `tensor.cast` defining `v` when the cast only drops static information, so
/// that its consumer may read the source instead (upstream's `canFoldIntoConsumerOp`).
pub(crate) fn foldable_cast_source(ctx: &Context, v: Value) -> Option<Value> {
    let cast = ctx.defining_op(v).filter(|&d| ctx.is_op(d, "tensor.cast") && ctx.operands(d).len() == 1)?;
    let src = ctx.operand(cast, 0);
    preserves_static_information(ctx, ctx.value_type(v), ctx.value_type(src)).then_some(src)
}

/// An `extract_slice` (`dest` is `None`) or `insert_slice` as read from the IR; `None` when the
/// operand layout is inconsistent (the verifier reports it; patterns leave it alone).
pub(crate) struct Slice {
    pub source: Value,
    pub dest: Option<Value>,
    pub lists: SliceLists,
}

pub(crate) fn read_slice(ctx: &Context, op: OpId) -> Option<Slice> {
    let tensors = match ctx.op_name(op) {
        "tensor.extract_slice" => 1,
        "tensor.insert_slice" => 2,
        _ => return None,
    };
    let seg = segments(ctx, op, tensors + 3).ok()?;
    if seg[..tensors].iter().any(|s| s.len() != 1) || ctx.results(op).len() != 1 {
        return None;
    }
    let list = |name: &str, i: usize| mixed(&i64_array(ctx, op, name), &seg[tensors + i]);
    let lists = SliceLists {
        offsets: list("static_offsets", 0)?,
        sizes: list("static_sizes", 1)?,
        strides: list("static_strides", 2)?,
    };
    let rank = tensor_shape(ctx, ctx.value_type(*seg[tensors - 1].first()?))?.len();
    if [&lists.offsets, &lists.sizes, &lists.strides].iter().any(|l| l.len() != rank) {
        return None;
    }
    Some(Slice { source: seg[0][0], dest: (tensors == 2).then(|| seg[1][0]), lists })
}

fn slice_state(ctx: &mut Context, name: &str, loc: Location, tensors: &[Value], lists: &SliceLists) -> OperationState {
    let [offsets, sizes, strides] = lists.statics();
    let dynamic = lists.dynamic();
    let mut seg = vec![1i32; tensors.len()];
    seg.extend(dynamic.iter().map(|d| d.len() as i32));
    let operands: Vec<Value> = tensors.iter().copied().chain(dynamic.into_iter().flatten()).collect();
    let (o, s, t) =
        (ctx.dense_i64_array_attr(&offsets), ctx.dense_i64_array_attr(&sizes), ctx.dense_i64_array_attr(&strides));
    let seg = ctx.dense_i32_array_attr(&seg);
    OperationState::new(ctx, name, loc)
        .operands(&operands)
        .attr(ctx, "static_offsets", o)
        .attr(ctx, "static_sizes", s)
        .attr(ctx, "static_strides", t)
        .attr(ctx, "operandSegmentSizes", seg)
}

pub(crate) fn build_extract_slice(
    b: &mut Builder<'_>,
    loc: Location,
    ty: Type,
    source: Value,
    lists: &SliceLists,
) -> Value {
    let st = slice_state(b.ctx, "tensor.extract_slice", loc, &[source], lists).results(&[ty]);
    b.create_value(st)
}

pub(crate) fn build_insert_slice(
    b: &mut Builder<'_>,
    loc: Location,
    source: Value,
    dest: Value,
    lists: &SliceLists,
) -> Value {
    let ty = b.ctx.value_type(dest);
    let st = slice_state(b.ctx, "tensor.insert_slice", loc, &[source, dest], lists).results(&[ty]);
    b.create_value(st)
}

pub(crate) fn build_cast(b: &mut Builder<'_>, loc: Location, v: Value, ty: Type) -> Value {
    let st = OperationState::new(b.ctx, "tensor.cast", loc).operands(&[v]).results(&[ty]);
    b.create_value(st)
}

/// Upstream's `ExtractSliceOp::inferCanonicalRankReducedResultType`: the slice type from the
/// static sizes (dynamic where a size is a value), with the first unit dimensions dropped until
/// the rank is `rank`; `None` when that rank cannot be reached.
pub(crate) fn canonical_slice_type(ctx: &mut Context, source: Type, sizes: &[Entry], rank: usize) -> Option<Type> {
    let shape: Vec<i64> = sizes.iter().map(|e| e.as_static().unwrap_or(flowgate_ir::DYNAMIC)).collect();
    let mut drop = shape.len().checked_sub(rank)?;
    let mut projected = Vec::with_capacity(rank);
    for &d in &shape {
        if drop > 0 && d == 1 {
            drop -= 1;
        } else {
            projected.push(d);
        }
    }
    if projected.len() != rank {
        return None;
    }
    with_shape(ctx, source, projected)
}

/// Upstream's `computeRankReductionMask`: which dimensions of `full` are dropped to get
/// `reduced` (greedily, left to right; with `match_dynamic`, a dynamic size on either side
/// matches anything but a 1). `None` when `reduced` is not such a reduction.
pub(crate) fn rank_reduction_mask(full: &[i64], reduced: &[i64], match_dynamic: bool) -> Option<Vec<bool>> {
    let dynamic = flowgate_ir::DYNAMIC;
    let mut dropped = vec![false; full.len()];
    let mut j = 0;
    for (i, &d) in full.iter().enumerate() {
        if let Some(&r) = reduced.get(j) {
            if (match_dynamic && d != 1 && (r == dynamic || d == dynamic)) || d == r {
                j += 1;
                continue;
            }
        }
        if d != 1 {
            return None;
        }
        dropped[i] = true;
    }
    (j == reduced.len()).then_some(dropped)
}

/// A `tensor.pad` as read from the IR.
pub(crate) struct Pad {
    pub source: Value,
    pub low: Vec<Entry>,
    pub high: Vec<Entry>,
    pub nofold: bool,
}

pub(crate) fn read_pad(ctx: &Context, op: OpId) -> Option<Pad> {
    if !ctx.is_op(op, "tensor.pad") || ctx.results(op).len() != 1 || ctx.regions(op).len() != 1 {
        return None;
    }
    let seg = segments(ctx, op, 3).ok()?;
    let source = *seg[0].first().filter(|_| seg[0].len() == 1)?;
    let low = mixed(&i64_array(ctx, op, "static_low"), &seg[1])?;
    let high = mixed(&i64_array(ctx, op, "static_high"), &seg[2])?;
    let rank = tensor_shape(ctx, ctx.value_type(source))?.len();
    if low.len() != rank || high.len() != rank {
        return None;
    }
    Some(Pad { source, low, high, nofold: ctx.has_attr(op, "nofold") })
}

/// Attributes of `op` that are not part of the pad's own layout (upstream's
/// `getPrunedAttributeList`), carried over to a replacement pad.
fn pad_extra_attrs(ctx: &Context, op: OpId) -> Vec<(flowgate_ir::Symbol, Attribute)> {
    const OWN: &[&str] = &["operandSegmentSizes", "static_low", "static_high", "nofold"];
    ctx.attrs(op).iter().filter(|(k, _)| !OWN.contains(&ctx.str(*k))).copied().collect()
}

/// A new `tensor.pad` replacing `old`: its body is moved over from `old`, which must be
/// replaced right after.
pub(crate) fn build_pad_from(
    b: &mut Builder<'_>,
    old: OpId,
    ty: Type,
    source: Value,
    low: &[Entry],
    high: &[Entry],
    nofold: bool,
) -> Value {
    let ctx = &mut *b.ctx;
    let loc = ctx.op_loc(old);
    let (sl, dl) = flowgate_builtin::offsets::split(low);
    let (sh, dh) = flowgate_builtin::offsets::split(high);
    let operands: Vec<Value> = std::iter::once(source).chain(dl.iter().copied()).chain(dh.iter().copied()).collect();
    let seg = ctx.dense_i32_array_attr(&[1, dl.len() as i32, dh.len() as i32]);
    let (al, ah) = (ctx.dense_i64_array_attr(&sl), ctx.dense_i64_array_attr(&sh));
    let region: RegionId = ctx.create_region();
    ctx.take_region_body(ctx.region(old, 0), region);
    let mut st = OperationState::new(ctx, "tensor.pad", loc)
        .operands(&operands)
        .results(&[ty])
        .regions(&[region])
        .attr(ctx, "static_low", al)
        .attr(ctx, "static_high", ah)
        .attr(ctx, "operandSegmentSizes", seg);
    if nofold {
        let u = ctx.unit_attr();
        st.add_attr(ctx, "nofold", u);
    }
    for (k, v) in pad_extra_attrs(ctx, old) {
        st.set_attr_sym(k, v);
    }
    b.create_value(st)
}

/// Upstream's `PadOp::getConstantPaddingValue`: the yielded value when it is a constant or
/// defined outside the pad's body.
pub(crate) fn constant_padding_value(ctx: &Context, op: OpId) -> Option<Value> {
    let block = ctx.entry_block(*ctx.regions(op).first()?)?;
    let term = ctx.last_op(block).filter(|&t| ctx.is_op(t, "tensor.yield"))?;
    let v = *ctx.operands(term).first()?;
    if ctx.defining_op(v).is_some_and(|d| ctx.has_trait(d, flowgate_ir::Traits::CONSTANT_LIKE)) {
        return Some(v);
    }
    (ctx.value_block(v) != Some(block)).then_some(v)
}
