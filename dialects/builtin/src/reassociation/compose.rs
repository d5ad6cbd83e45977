//! Reassociation arithmetic shared by the tensor and memref reshaping ops, after upstream's
//! `ReshapeOpsUtils`: composing the groups of two reshapes of the same direction, matching the
//! groups of an expand and a collapse, and finding how one static/dynamic shape collapses into
//! another. Pure functions on shapes (`DYNAMIC` for `?`) and groups of dimension indices; every
//! one returns `None` where upstream fails, and never panics on inconsistent input (indices out
//! of range, empty groups, products that overflow).

use flowgate_ir::DYNAMIC;

/// Groups of dimension indices, as the `reassociation` attribute holds them.
pub type Groups = Vec<Vec<i64>>;

/// Upstream's `composeReassociationIndices`: the groups of two reshapes in the same direction
/// (both collapsing or both expanding) as one. The side with more groups is the one whose
/// groups index the outer shape; each group of the other names groups of it.
/// `[[0, 1], [2], [3, 4]]` then `[[0, 1], [2]]` is `[[0, 1, 2], [3, 4]]`.
pub fn compose_reassociations(producer: &[Vec<i64>], consumer: &[Vec<i64>]) -> Option<Groups> {
    if producer.len() == consumer.len() {
        return None;
    }
    let (outer, inner) = if producer.len() < consumer.len() { (consumer, producer) } else { (producer, consumer) };
    // A rank-0 end: nothing to compose.
    if inner.is_empty() {
        return Some(Vec::new());
    }
    if inner.iter().map(Vec::len).sum::<usize>() != outer.len() {
        return None;
    }
    inner
        .iter()
        .map(|g| {
            let mut out = Vec::new();
            for &i in g {
                out.extend_from_slice(outer.get(usize::try_from(i).ok()?)?);
            }
            Some(out)
        })
        .collect()
}

/// The shape `shape` collapses to under `groups` (upstream's `inferCollapsedType`): each group's
/// product, dynamic when one member is.
pub fn collapsed_shape(shape: &[i64], groups: &[Vec<i64>]) -> Option<Vec<i64>> {
    groups
        .iter()
        .map(|g| {
            let mut size = 1i64;
            let mut dynamic = false;
            for &d in g {
                let s = *shape.get(usize::try_from(d).ok()?)?;
                if s == DYNAMIC {
                    dynamic = true;
                } else {
                    size = size.checked_mul(s)?;
                }
            }
            Some(if dynamic { DYNAMIC } else { size })
        })
        .collect()
}

/// The matching of `ComposeCollapseOfExpandOp`: `higher` are the groups of the reshape whose
/// outer side has the higher rank, `lower` the other's; both index the shared intermediate
/// shape. Each group of `lower` becomes the run of `higher` groups that ends where it ends, so
/// the result maps the higher-rank end onto the lower-rank end. `None` when a `higher` group
/// straddles two `lower` groups.
pub fn compose_collapse_of_expand(higher: &[Vec<i64>], lower: &[Vec<i64>]) -> Option<Groups> {
    let mut next = 0usize;
    let mut out = Vec::with_capacity(lower.len());
    for group in lower {
        let last = *group.last()?;
        let mut composed = Vec::new();
        while let Some(h) = higher.get(next) {
            let rightmost = *h.last()?;
            if rightmost > last {
                return None;
            }
            composed.push(i64::try_from(next).ok()?);
            next += 1;
            if rightmost == last {
                break;
            }
        }
        out.push(composed);
    }
    Some(out)
}

/// `ComposeExpandOfCollapseOp::findCollapsingReassociation`: how `src_shape` collapses into
/// `result_shape` when both are reshapes of one intermediate shape whose dimension `i` is
/// group `i` of `src_groups` (over `src_shape`) and of `result_groups` (over `result_shape`).
/// Each pair of groups is matched on its own: equal sub-shapes map one to one, otherwise the
/// source sub-shape must collapse into the result's.
pub fn find_collapsing_reassociation(
    src_groups: &[Vec<i64>],
    result_groups: &[Vec<i64>],
    src_shape: &[i64],
    result_shape: &[i64],
) -> Option<Groups> {
    if src_groups.is_empty() {
        return reassociation_for_collapse(src_shape, result_shape);
    }
    let mut out = Vec::new();
    for (src_g, res_g) in src_groups.iter().zip(result_groups) {
        let src_front = usize::try_from(*src_g.first()?).ok()?;
        let res_front = usize::try_from(*res_g.first()?).ok()?;
        let src_sub = src_shape.get(src_front..src_front.checked_add(src_g.len())?)?;
        let res_sub = result_shape.get(res_front..res_front.checked_add(res_g.len())?)?;
        if dynamic_count(src_sub) >= 2 && dynamic_count(res_sub) >= 2 {
            return None;
        }
        let front = src_front as i64;
        if src_sub.len() == res_sub.len() {
            if src_sub != res_sub {
                return None;
            }
            out.extend((0..src_sub.len() as i64).map(|i| vec![front + i]));
            continue;
        }
        for g in reassociation_for_collapse(src_sub, res_sub)? {
            out.push(g.iter().map(|&i| front + i).collect());
        }
    }
    Some(out)
}

fn dynamic_count(shape: &[i64]) -> usize {
    shape.iter().filter(|&&d| d == DYNAMIC).count()
}

/// Upstream's `getReassociationIndicesForCollapse`: the groups that collapse `source` into
/// the lower-rank `target`, when there is exactly one way up to where unit dimensions go.
/// The source is scanned left to right and right to left; both scans must agree except on
/// unit dimensions, so mixed sub-shapes such as `?x2x?` into `?x?` are refused as ambiguous.
pub fn reassociation_for_collapse(source: &[i64], target: &[i64]) -> Option<Groups> {
    if source.len() <= target.len() {
        return None;
    }
    if target.is_empty() {
        // Only unit (or dynamic, assumed unit) dimensions collapse to a scalar shape.
        if source.iter().any(|&d| d != 1 && d != DYNAMIC) {
            return None;
        }
        return Some(vec![(0..source.len() as i64).collect()]);
    }
    let forward = ranges_for_collapse(source, target)?;
    let backward = ranges_for_collapse_reversed(source, target)?;
    if forward.len() != target.len() || backward.len() != target.len() {
        return None;
    }
    let mut out = Vec::with_capacity(target.len());
    for (f, b) in forward.iter().zip(&backward) {
        let only_one: Vec<usize> = (f.left..=f.right)
            .filter(|i| !b.contains(*i))
            .chain((b.left..=b.right).filter(|i| !f.contains(*i)))
            .collect();
        // Unit dimensions may go to either neighbour; nothing else may differ. (Later upstream
        // versions also require the two spans to overlap; LLVM 22 does not.)
        if only_one.iter().any(|&i| source.get(i) != Some(&1)) {
            return None;
        }
        out.push((f.left as i64..=f.right as i64).collect());
    }
    Some(out)
}

/// An inclusive range of source dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    left: usize,
    right: usize,
}

impl Span {
    fn contains(&self, i: usize) -> bool {
        self.left <= i && i <= self.right
    }
}

/// From `start`, the first run of `source` that can collapse into a dynamic dimension (it holds
/// one). Greedy: everything to the end.
fn span_for_dynamic(source: &[i64], start: usize, greedy: bool) -> Option<Span> {
    if start >= source.len() {
        return None;
    }
    let mut found = false;
    let mut result = Span { left: start, right: start };
    for (right, &size) in source.iter().enumerate().skip(start) {
        if found && !greedy {
            break;
        }
        if size == DYNAMIC {
            found = true;
        }
        result.right = right;
    }
    found.then_some(result)
}

/// From `start`, the first run of static dimensions whose product is `target` (a run holding a
/// dynamic dimension restarts after it). Greedy: trailing unit dimensions join the run.
fn span_for_size(source: &[i64], start: usize, target: i64, greedy: bool) -> Option<Span> {
    let n = source.len();
    if start >= n {
        return None;
    }
    let mut it = Span { left: start, right: start };
    let mut result = it;
    let mut product: i64 = 1;
    let mut reached = false;
    while it.right < n {
        let size = source[it.right];
        if reached && !greedy {
            break;
        }
        if size == DYNAMIC {
            if reached {
                break;
            }
            // A static target cannot take a dynamic dimension: restart after it.
            product = 1;
            it = Span { left: it.right + 1, right: it.right + 1 };
            result = it;
            continue;
        }
        product = product.checked_mul(size)?;
        if product > target && reached {
            break;
        }
        // Too large without a match: drop dimensions from the front of the run.
        while product > target && it.left != it.right {
            product = product.checked_div(source[it.left])?;
            it.left += 1;
        }
        result = it;
        if product == target {
            reached = true;
        }
        it.right += 1;
    }
    reached.then_some(result)
}

/// The left-to-right scan: one span of source dimensions per target dimension. Only the last
/// target dimension matches greedily; dimensions skipped to find a match join the previous
/// span, which must be a dynamic one.
fn ranges_for_collapse(source: &[i64], target: &[i64]) -> Option<Vec<Span>> {
    let n = source.len();
    if n <= target.len() {
        return None;
    }
    let mut spans: Vec<Span> = Vec::with_capacity(target.len());
    let mut next = 0usize;
    let mut prev_target: Option<i64> = None;
    for (t, &size) in target.iter().enumerate() {
        let greedy = t + 1 == target.len();
        let span = if size == DYNAMIC {
            span_for_dynamic(source, next, greedy)?
        } else {
            span_for_size(source, next, size, greedy)?
        };
        if span.left > span.right || span.right >= n {
            return None;
        }
        if span.left > next {
            if prev_target != Some(DYNAMIC) {
                return None;
            }
            spans.last_mut()?.right = span.left - 1;
        }
        prev_target = Some(size);
        next = span.right + 1;
        spans.push(span);
    }
    if spans.last()?.right < n - 1 {
        return None;
    }
    Some(spans)
}

/// The same scan right to left, with the spans mapped back to the original order.
fn ranges_for_collapse_reversed(source: &[i64], target: &[i64]) -> Option<Vec<Span>> {
    let src: Vec<i64> = source.iter().rev().copied().collect();
    let tgt: Vec<i64> = target.iter().rev().copied().collect();
    let n = source.len();
    let mut spans = ranges_for_collapse(&src, &tgt)?;
    for s in &mut spans {
        *s = Span { left: n - 1 - s.right, right: n - 1 - s.left };
    }
    spans.reverse();
    Some(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    const D: i64 = DYNAMIC;

    #[test]
    fn compose_same_direction() {
        let p = vec![vec![0, 1], vec![2], vec![3, 4]];
        let c = vec![vec![0, 1], vec![2]];
        assert_eq!(compose_reassociations(&p, &c), Some(vec![vec![0, 1, 2], vec![3, 4]]));
        assert_eq!(compose_reassociations(&c, &p), Some(vec![vec![0, 1, 2], vec![3, 4]]));
        assert_eq!(compose_reassociations(&[], &[vec![0, 1, 2]]), Some(vec![]));
        assert_eq!(compose_reassociations(&c, &c), None);
        // Index past the other side's groups.
        assert_eq!(compose_reassociations(&p, &[vec![0, 7], vec![2]]), None);
    }

    #[test]
    fn collapse_of_expand_matching() {
        let expand = vec![vec![0], vec![1], vec![2, 3]];
        let collapse = vec![vec![0, 1], vec![2, 3]];
        assert_eq!(compose_collapse_of_expand(&expand, &collapse), Some(vec![vec![0, 1], vec![2]]));
        let straddle = vec![vec![0, 1], vec![2, 3], vec![4]];
        assert_eq!(compose_collapse_of_expand(&straddle, &[vec![0], vec![1, 2], vec![3, 4]]), None);
    }

    #[test]
    fn collapse_reassociation() {
        assert_eq!(
            reassociation_for_collapse(&[2, 3, 4, 5, 6, 7, 8], &[24, 5, 42, 8]),
            Some(vec![vec![0, 1, 2], vec![3], vec![4, 5], vec![6]])
        );
        assert_eq!(reassociation_for_collapse(&[1, 1, 1], &[]), Some(vec![vec![0, 1, 2]]));
        // The scans place the middle unit dimension differently; unit dimensions may differ.
        assert_eq!(reassociation_for_collapse(&[3, 1, 1, 4], &[3, 1, 4]), Some(vec![vec![0], vec![1], vec![2, 3]]));
        assert_eq!(reassociation_for_collapse(&[1, 1, 3], &[3, 1]), None);
        assert_eq!(reassociation_for_collapse(&[1, 2], &[]), None);
        // Ambiguous mixed sub-shapes.
        assert_eq!(reassociation_for_collapse(&[D, D, D], &[D, D]), None);
        assert_eq!(reassociation_for_collapse(&[D, 2, D], &[D, D]), None);
        assert_eq!(reassociation_for_collapse(&[D, 2, 3, 5], &[D, 15]), Some(vec![vec![0, 1], vec![2, 3]]));
        assert_eq!(
            reassociation_for_collapse(&[4, 32, 10, 64, 2], &[4, 32, 10, 128]),
            Some(vec![vec![0], vec![1], vec![2], vec![3, 4]])
        );
        assert_eq!(reassociation_for_collapse(&[2, 2, 3], &[12, 1]), None);
        // Sizes whose product overflows are refused, not wrapped.
        assert_eq!(reassociation_for_collapse(&[i64::MAX, 4, 2], &[8]), None);
        // A 3 that no target dimension takes.
        assert_eq!(reassociation_for_collapse(&[0, 3, 2], &[0, 2]), None);
        assert_eq!(reassociation_for_collapse(&[1, 4, 1, 512], &[4, 512]), Some(vec![vec![0, 1], vec![2, 3]]));
    }

    #[test]
    fn collapsing_reassociation_per_group() {
        // tensor<4x32x10x64x2> [[0, 1], [2], [3, 4]] -> 128x10x128, expanded [[0, 1], [2], [3]]
        // to 4x32x10x128: collapse 4x32x10x64x2 into 4x32x10x128.
        let src_groups = vec![vec![0, 1], vec![2], vec![3, 4]];
        let res_groups = vec![vec![0, 1], vec![2], vec![3]];
        assert_eq!(
            find_collapsing_reassociation(&src_groups, &res_groups, &[4, 32, 10, 64, 2], &[4, 32, 10, 128]),
            Some(vec![vec![0], vec![1], vec![2], vec![3, 4]])
        );
        assert_eq!(find_collapsing_reassociation(&[vec![0, 1, 2]], &[vec![0, 1]], &[D, D, D], &[D, D]), None);
    }

    #[test]
    fn collapsed_shapes() {
        assert_eq!(collapsed_shape(&[2, 3, D, 4], &[vec![0, 1], vec![2, 3]]), Some(vec![6, D]));
        assert_eq!(collapsed_shape(&[2], &[vec![0, 1]]), None);
    }
}
