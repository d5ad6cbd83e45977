//! Strided-layout arithmetic of the view folds: upstream's saturated integers (`?` absorbs,
//! except that zero times anything is zero; overflow saturates to `?`), the result type of a
//! subview, and the rank-reduction mask of a subview.

use crate::util::{ranked, strides_and_offset};
use flowgate_ir::{AttrKind, Context, Type, TypeKind, DYNAMIC};
use std::collections::BTreeMap;

use super::mixed::{statics, Entry};

pub(crate) fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.checked_mul(b).unwrap_or(DYNAMIC)
}

pub(crate) fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        return DYNAMIC;
    }
    a.checked_add(b).unwrap_or(DYNAMIC)
}

/// `memref<shape x element, strided<strides, offset: offset>, space>`.
pub(crate) fn strided_type(
    ctx: &mut Context,
    shape: Vec<i64>,
    element: Type,
    strides: Vec<i64>,
    offset: i64,
    memory_space: Option<flowgate_ir::Attribute>,
) -> Type {
    let layout = ctx.intern_attr(AttrKind::Strided { strides, offset });
    ctx.intern_type(TypeKind::MemRef { shape, element, layout: Some(layout), memory_space })
}

/// Upstream's `SubViewOp::inferResultType` for mixed lists: `None` for a negative static
/// offset or size, a zero static stride, or a source without a strided layout.
pub(crate) fn infer_subview_type(
    ctx: &mut Context,
    source: Type,
    offsets: &[Entry],
    sizes: &[Entry],
    strides: &[Entry],
) -> Option<Type> {
    let (offsets, sizes, strides) = (statics(offsets), statics(sizes), statics(strides));
    if offsets.iter().chain(&sizes).any(|&v| v != DYNAMIC && v < 0) || strides.contains(&0) {
        return None;
    }
    let src = ranked(ctx, source)?;
    let (src_strides, src_offset) = strides_and_offset(ctx, source)?;
    if [offsets.len(), sizes.len(), strides.len(), src_strides.len()].iter().any(|&n| n != src.shape.len()) {
        return None;
    }
    let offset = offsets.iter().zip(&src_strides).fold(src_offset, |acc, (&o, &s)| sat_add(acc, sat_mul(o, s)));
    let new_strides: Vec<i64> = src_strides.iter().zip(&strides).map(|(&a, &b)| sat_mul(a, b)).collect();
    Some(strided_type(ctx, sizes, src.element, new_strides, offset, src.memory_space))
}

/// Upstream's `computeMemRefRankReductionMask`: which dimensions of `original` are dropped in
/// `reduced`, told apart by their strides when several unit dimensions could be.
pub(crate) fn rank_reduction_mask(ctx: &Context, original: Type, reduced: Type, sizes: &[Entry]) -> Option<Vec<bool>> {
    let orig_rank = ranked(ctx, original)?.shape.len();
    let red_rank = ranked(ctx, reduced)?.shape.len();
    let strides = || Some((strides_and_offset(ctx, original)?.0, strides_and_offset(ctx, reduced)?.0));
    reduction_mask(orig_rank, red_rank, &statics(sizes), strides)
}

/// The core of [`rank_reduction_mask`] on plain data: `sizes` static (`DYNAMIC` for values),
/// `strides` giving the original's and the reduced type's strides when needed.
pub(crate) fn reduction_mask(
    orig_rank: usize,
    red_rank: usize,
    sizes: &[i64],
    strides: impl FnOnce() -> Option<(Vec<i64>, Vec<i64>)>,
) -> Option<Vec<bool>> {
    let mut unused = vec![false; orig_rank];
    if orig_rank == red_rank {
        return Some(unused);
    }
    for (i, &s) in sizes.iter().enumerate().take(orig_rank) {
        unused[i] = s == 1;
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + red_rank == orig_rank {
        return Some(unused);
    }
    let (orig_strides, cand_strides) = strides()?;
    let occurrences = |v: &[i64]| {
        let mut m = BTreeMap::<i64, usize>::new();
        for &s in v {
            *m.entry(s).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(&orig_strides);
    let candidate = occurrences(&cand_strides);
    for (dim, flag) in unused.iter_mut().enumerate() {
        if !*flag {
            continue;
        }
        let s = *orig_strides.get(dim)?;
        let have = unaccounted.get(&s).copied().unwrap_or(0);
        let want = candidate.get(&s).copied().unwrap_or(0);
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => {
                unaccounted.insert(s, have - 1);
            }
            std::cmp::Ordering::Equal => *flag = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + red_rank == orig_rank).then_some(unused)
}

/// Drop the `dropped` dimensions of a strided type (shape and strides).
pub(crate) fn drop_dims(ctx: &mut Context, ty: Type, dropped: &[bool]) -> Option<Type> {
    let m = ranked(ctx, ty)?;
    let (strides, offset) = strides_and_offset(ctx, ty)?;
    if dropped.len() != m.shape.len() || strides.len() != m.shape.len() {
        return None;
    }
    let keep = |v: &[i64]| -> Vec<i64> { v.iter().zip(dropped).filter(|(_, &d)| !d).map(|(&x, _)| x).collect() };
    Some(strided_type(ctx, keep(&m.shape), m.element, keep(&strides), offset, m.memory_space))
}

/// Upstream's `CastOp::canFoldIntoConsumerOp` on the types of a `memref.cast`: both ranked
/// and strided, same element type and rank, and the cast only makes sizes, offset or strides
/// more dynamic.
pub(crate) fn cast_only_loses_info(ctx: &Context, source: Type, result: Type) -> bool {
    let (Some(s), Some(r)) = (ranked(ctx, source), ranked(ctx, result)) else { return false };
    if s.element != r.element || s.shape.len() != r.shape.len() {
        return false;
    }
    let (Some((ss, so)), Some((rs, ro))) = (strides_and_offset(ctx, source), strides_and_offset(ctx, result)) else {
        return false;
    };
    let more_static = |a: i64, b: i64| a != b && a == DYNAMIC && b != DYNAMIC;
    !(s.shape.iter().zip(&r.shape).any(|(&a, &b)| more_static(a, b))
        || more_static(so, ro)
        || ss.iter().zip(&rs).any(|(&a, &b)| more_static(a, b)))
}
