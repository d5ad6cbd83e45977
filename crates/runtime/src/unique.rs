//! `Unique`: the distinct elements (no axis: of the flattened input) or distinct slices along
//! `axis`, with each one's first index, every element's or slice's position in the result
//! (`inverse_indices`) and the counts. Sorted ascending (slices lexicographically, floats by
//! value with NaN largest and all NaNs equal, -0 equal to 0) or, with `sorted = 0`, in order of
//! first occurrence, as onnxruntime. String tensors compare by their UTF-8 bytes.

use std::cmp::Ordering;

use crate::broadcast::norm_axis;
use crate::error::RtResult;
use crate::select::cmp_elem;
use crate::strings::StrTensor;
use crate::value::{checked_numel, RtValue, Tensor};

/// The four results: `Y`, `indices`, `inverse_indices`, `counts` (the last three INT64).
pub struct UniqueOut {
    pub y: Tensor,
    pub indices: Tensor,
    pub inverse: Tensor,
    pub counts: Tensor,
}

/// How the distinct slices group the input's slices along the axis.
struct Groups {
    /// Each group's first slice, in output order.
    first: Vec<usize>,
    /// Each slice's group.
    inverse: Vec<i64>,
    counts: Vec<i64>,
}

/// Groups `dim` slices by `cmp` (a total order on slice indices); the groups come out sorted
/// by it, or by first occurrence.
fn group(dim: usize, sorted: bool, cmp: impl Fn(usize, usize) -> Ordering) -> Groups {
    let mut order: Vec<usize> = (0..dim).collect();
    // Stable: within a group the first slice leads.
    order.sort_by(|&a, &b| cmp(a, b));
    let mut first = Vec::new();
    let mut slice_group = vec![0usize; dim];
    for (k, &s) in order.iter().enumerate() {
        if k == 0 || cmp(order[k - 1], s) != Ordering::Equal {
            first.push(s);
        }
        slice_group[s] = first.len() - 1;
    }
    // Output position of each sorted group.
    let mut rank: Vec<usize> = (0..first.len()).collect();
    if !sorted {
        rank.sort_by_key(|&g| first[g]);
        let mut pos = vec![0usize; first.len()];
        for (p, &g) in rank.iter().enumerate() {
            pos[g] = p;
        }
        first = rank.iter().map(|&g| first[g]).collect();
        rank = pos;
    }
    let inverse: Vec<i64> = slice_group.iter().map(|&g| rank[g] as i64).collect();
    let mut counts = vec![0i64; first.len()];
    for &g in &inverse {
        counts[g as usize] += 1;
    }
    Groups { first, inverse, counts }
}

/// Unique of a numeric tensor; `axis` `None` flattens it.
pub fn unique(x: &Tensor, axis: Option<i64>, sorted: bool) -> RtResult<UniqueOut> {
    let (outer, dim, inner, a) = match axis {
        None => (1, x.len(), 1, None),
        Some(ax) => {
            let a = norm_axis(ax, x.rank()).map_err(|e| rt_err!("Unique: {e}"))?;
            (x.shape()[..a].iter().product(), x.shape()[a], x.shape()[a + 1..].iter().product(), Some(a))
        }
    };
    let groups = dispatch!(x.data(), v => group(dim, sorted, |p, q| {
        for o in 0..outer {
            for i in 0..inner {
                let c = cmp_elem(v[(o * dim + p) * inner + i], v[(o * dim + q) * inner + i]);
                if c != Ordering::Equal {
                    return c;
                }
            }
        }
        Ordering::Equal
    }));
    let n = groups.first.len();
    let shape = match a {
        None => vec![n],
        Some(a) => {
            let mut s = x.shape().to_vec();
            s[a] = n;
            s
        }
    };
    checked_numel(&shape, x.dtype().size())?;
    let mut picks = Vec::with_capacity(outer * n * inner);
    for o in 0..outer {
        for &s in &groups.first {
            let base = (o * dim + s) * inner;
            picks.extend(base..base + inner);
        }
    }
    Ok(UniqueOut {
        y: Tensor::from_data(shape, x.data().take(&picks)?)?,
        indices: Tensor::from_vec(vec![n], groups.first.iter().map(|&s| s as i64).collect())?,
        inverse: Tensor::from_vec(vec![dim], groups.inverse)?,
        counts: Tensor::from_vec(vec![n], groups.counts)?,
    })
}

/// Unique of a string tensor: the numeric kernel on each string's rank among the distinct
/// strings (same order, same equalities), whose result ranks pick the strings back.
pub fn unique_strings(x: &StrTensor, axis: Option<i64>, sorted: bool) -> RtResult<(StrTensor, UniqueOut)> {
    let mut distinct: Vec<&str> = x.data().iter().map(String::as_str).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let ranks: Vec<i64> = x.data().iter().map(|s| distinct.binary_search(&s.as_str()).unwrap_or(0) as i64).collect();
    let out = unique(&Tensor::from_vec(x.shape().to_vec(), ranks)?, axis, sorted)?;
    let y = out.y.to_i64s("Unique")?.iter().map(|&r| distinct[r as usize].to_string()).collect();
    Ok((StrTensor::new(out.y.shape().to_vec(), y)?, out))
}

/// Unique of either kind of tensor value, its results as values.
pub fn unique_value(x: &RtValue, axis: Option<i64>, sorted: bool) -> RtResult<[RtValue; 4]> {
    let (y, out) = match x {
        RtValue::Strings(s) => {
            let (y, out) = unique_strings(s, axis, sorted)?;
            (Some(RtValue::strings(y)), out)
        }
        other => (None, unique(other.as_tensor().map_err(|e| rt_err!("Unique: {e}"))?, axis, sorted)?),
    };
    let UniqueOut { y: numbers, indices, inverse, counts } = out;
    let y = y.unwrap_or_else(|| RtValue::tensor(numbers));
    Ok([y, RtValue::tensor(indices), RtValue::tensor(inverse), RtValue::tensor(counts)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i64s(t: &Tensor) -> Vec<i64> {
        t.as_slice::<i64>().unwrap().to_vec()
    }

    #[test]
    fn flattened_sorted_and_by_first_occurrence() {
        let x = Tensor::from_vec(vec![2, 3], vec![2f32, 1., 1., 3., 4., 3.]).unwrap();
        let u = unique(&x, None, true).unwrap();
        assert_eq!(u.y.shape(), [4]);
        assert_eq!(u.y.as_slice::<f32>().unwrap(), &[1., 2., 3., 4.]);
        assert_eq!(i64s(&u.indices), [1, 0, 3, 4]);
        assert_eq!(i64s(&u.inverse), [1, 0, 0, 2, 3, 2]);
        assert_eq!(i64s(&u.counts), [2, 1, 2, 1]);
        let u = unique(&x, None, false).unwrap();
        assert_eq!(u.y.as_slice::<f32>().unwrap(), &[2., 1., 3., 4.]);
        assert_eq!(i64s(&u.indices), [0, 1, 3, 4]);
        assert_eq!(i64s(&u.inverse), [0, 1, 1, 2, 3, 2]);
        assert_eq!(i64s(&u.counts), [1, 2, 2, 1]);
    }

    #[test]
    fn slices_along_an_axis() {
        // Rows of [[1,0,0],[1,0,0],[2,3,3]] (axis -2), then its columns (axis 1).
        let x = Tensor::from_vec(vec![3, 3], vec![1i32, 0, 0, 1, 0, 0, 2, 3, 3]).unwrap();
        let u = unique(&x, Some(-2), true).unwrap();
        assert_eq!(u.y.shape(), [2, 3]);
        assert_eq!(u.y.as_slice::<i32>().unwrap(), &[1, 0, 0, 2, 3, 3]);
        assert_eq!(i64s(&u.indices), [0, 2]);
        assert_eq!(i64s(&u.inverse), [0, 0, 1]);
        assert_eq!(i64s(&u.counts), [2, 1]);
        let u = unique(&x, Some(1), true).unwrap();
        assert_eq!(u.y.shape(), [3, 2]);
        assert_eq!(u.y.as_slice::<i32>().unwrap(), &[0, 1, 0, 1, 3, 2]);
        assert_eq!(i64s(&u.inverse), [1, 0, 0]);
    }

    #[test]
    fn nans_and_signed_zeros_group() {
        let x = Tensor::from_vec(vec![4], vec![f64::NAN, -0.0, 0.0, f64::NAN]).unwrap();
        let u = unique(&x, None, true).unwrap();
        assert_eq!(u.y.len(), 2);
        assert_eq!(i64s(&u.counts), [2, 2]);
    }

    #[test]
    fn strings_by_value() {
        let x = StrTensor::new(vec![3], vec!["b".into(), "a".into(), "b".into()]).unwrap();
        let (y, u) = unique_strings(&x, None, false).unwrap();
        assert_eq!(y.data(), ["b", "a"]);
        assert_eq!(i64s(&u.inverse), [0, 1, 0]);
    }

    #[test]
    fn bad_axis_names_the_op() {
        let x = Tensor::from_vec(vec![2], vec![1i64, 2]).unwrap();
        let e = unique(&x, Some(1), true).err().unwrap().to_string();
        assert!(e.contains("Unique") && e.contains("axis"), "{e}");
        let e = unique(&Tensor::scalar(1i64), Some(0), true).err().unwrap().to_string();
        assert!(e.contains("Unique"), "{e}");
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::unique_value;
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// Unique; returns the SEQUENCE `[Y, indices, inverse_indices, counts]`.
    pub(crate) unsafe fn flowgate_rt_unique(node: i32, x: Handle, has_axis: i32, axis: i64, sorted: i32) -> Handle {
        run_v(node, Kind::Sequence, || {
            let outs = unique_value(val(x)?, pos(has_axis, axis), sorted != 0)?;
            Ok(RtValue::sequence(None, outs.into_iter().map(Arc::new).collect()))
        })
    }
}
