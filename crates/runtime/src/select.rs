//! Selection: `TopK`, `NonZero`, `Compress`. Element order and ties follow onnxruntime: TopK
//! keeps the lower index first among equal values.

use std::cmp::Ordering;

use crate::broadcast::norm_axis;
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{checked_numel, fmt_shape, DType, Tensor};

/// Total order for TopK: floats by value with NaN largest, integers exactly.
pub(crate) fn cmp_elem<T: Elem>(a: T, b: T) -> Ordering {
    if T::DTYPE.is_float() {
        let (x, y) = (a.to_f64(), b.to_f64());
        match (x.is_nan(), y.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        }
    } else {
        a.to_i128().cmp(&b.to_i128())
    }
}

/// TopK along `axis`: the `k` largest (or smallest) values, sorted, and their INT64 indices.
pub fn top_k(x: &Tensor, k: &Tensor, axis: i64, largest: bool) -> RtResult<(Tensor, Tensor)> {
    if x.rank() == 0 {
        bail!("TopK needs an input of rank >= 1");
    }
    let a = norm_axis(axis, x.rank())?;
    let kv = k.to_i64_list("K", true)?;
    let kk = match kv.as_slice() {
        [v] => *v,
        _ => bail!("TopK: K must hold one value, got shape {}", fmt_shape(k.shape())),
    };
    let dim = x.shape()[a];
    if kk < 0 || kk as u64 > dim as u64 {
        bail!("TopK: k {kk} is out of range for axis {a} of size {dim}");
    }
    let kk = kk as usize;
    let outer: usize = x.shape()[..a].iter().product();
    let inner: usize = x.shape()[a + 1..].iter().product();
    let mut shape = x.shape().to_vec();
    shape[a] = kk;
    checked_numel(&shape, 8)?;
    let mut flat = Vec::with_capacity(outer * kk * inner);
    let mut ids = Vec::with_capacity(outer * kk * inner);
    dispatch!(x.data(), v => {
        let mut order: Vec<usize> = Vec::with_capacity(dim);
        let mut tmp = vec![Vec::<usize>::new(); inner];
        for o in 0..outer {
            for (i, slot) in tmp.iter_mut().enumerate() {
                order.clear();
                order.extend(0..dim);
                let at = |j: usize| v[(o * dim + j) * inner + i];
                // A total order (equal values: the lower index first), so selecting the k
                // first and sorting only those gives what a stable sort of the axis gives,
                // in O(dim + k log k) instead of O(dim log dim).
                let before = |p: &usize, q: &usize| {
                    let c = cmp_elem(at(*p), at(*q));
                    (if largest { c.reverse() } else { c }).then(p.cmp(q))
                };
                if kk > 0 && kk < dim {
                    order.select_nth_unstable_by(kk - 1, before);
                }
                order[..kk].sort_unstable_by(before);
                *slot = order[..kk].to_vec();
            }
            for j in 0..kk {
                for (i, sel) in tmp.iter().enumerate() {
                    flat.push((o * dim + sel[j]) * inner + i);
                    ids.push(sel[j] as i64);
                }
            }
        }
    });
    let values = Tensor::from_data(shape.clone(), x.data().take(&flat)?)?;
    Ok((values, Tensor::from_vec(shape, ids)?))
}

/// NonZero: the INT64 `[rank, count]` coordinates of the non-zero elements, row-major order. A
/// scalar counts as a 1-element vector.
pub fn non_zero(x: &Tensor) -> RtResult<Tensor> {
    let shape: Vec<usize> = if x.rank() == 0 { vec![1] } else { x.shape().to_vec() };
    let nz: Vec<usize> = dispatch!(x.data(), v => v.iter().enumerate().filter(|(_, e)| e.to_f64() != 0.0 || e.to_i128() != 0).map(|(i, _)| i).collect());
    let r = shape.len();
    let n = nz.len();
    let mut out = vec![0i64; r * n];
    for (col, &flat) in nz.iter().enumerate() {
        let mut rest = flat;
        for d in (0..r).rev() {
            out[d * n + col] = (rest % shape[d].max(1)) as i64;
            rest /= shape[d].max(1);
        }
    }
    Tensor::from_vec(vec![r, n], out)
}

/// Compress: the slices along `axis` (or of the flattened input) whose condition is true.
pub fn compress(x: &Tensor, cond: &Tensor, axis: Option<i64>) -> RtResult<Tensor> {
    if cond.dtype() != DType::Bool || cond.rank() != 1 {
        bail!("Compress: condition must be a 1-D bool tensor, got {}{}", cond.dtype().name(), fmt_shape(cond.shape()));
    }
    let c = cond.as_slice::<bool>().unwrap_or(&[]);
    let (outer, dim, inner, a) = match axis {
        None => (1, x.len(), 1, None),
        Some(ax) => {
            let a = norm_axis(ax, x.rank())?;
            (x.shape()[..a].iter().product(), x.shape()[a], x.shape()[a + 1..].iter().product(), Some(a))
        }
    };
    if c.iter().skip(dim).any(|&b| b) {
        bail!("Compress: condition has {} entries but the axis has only {dim}", c.len());
    }
    let keep: Vec<usize> = c.iter().take(dim).enumerate().filter(|(_, &b)| b).map(|(i, _)| i).collect();
    let mut idx = Vec::with_capacity(outer * keep.len() * inner);
    for o in 0..outer {
        for &k in &keep {
            let b = (o * dim + k) * inner;
            idx.extend(b..b + inner);
        }
    }
    let shape = match a {
        None => vec![keep.len()],
        Some(a) => {
            let mut s = x.shape().to_vec();
            s[a] = keep.len();
            s
        }
    };
    Tensor::from_data(shape, x.data().take(&idx)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_k_largest_smallest_ties() {
        let x = Tensor::from_vec(vec![2, 4], vec![1f32, 3., 3., 2., 0., -1., 5., f32::NAN]).unwrap();
        let (v, i) = top_k(&x, &Tensor::from_i64s(vec![2]), -1, true).unwrap();
        assert_eq!(v.shape(), &[2, 2]);
        let vv = v.as_slice::<f32>().unwrap();
        assert_eq!(&vv[..2], &[3., 3.]);
        assert!(vv[2].is_nan());
        assert_eq!(i.as_slice::<i64>().unwrap(), &[1, 2, 3, 2]);
        let (v, i) = top_k(&x, &Tensor::from_i64s(vec![1]), 0, false).unwrap();
        assert_eq!(v.shape(), &[1, 4]);
        assert_eq!(i.as_slice::<i64>().unwrap(), &[1, 1, 0, 0]);
        assert!(top_k(&x, &Tensor::from_i64s(vec![5]), 1, true).is_err());
        let u = Tensor::from_vec(vec![3], vec![u64::MAX, 1, u64::MAX - 1]).unwrap();
        let (v, _) = top_k(&u, &Tensor::from_i64s(vec![2]), 0, true).unwrap();
        assert_eq!(v.as_slice::<u64>().unwrap(), &[u64::MAX, u64::MAX - 1]);
    }

    /// Selection then sorting the k first gives what a stable sort of the whole axis gives,
    /// for every k, with many ties and NaNs, both directions, on a middle axis.
    #[test]
    fn top_k_selection_matches_stable_sort() {
        let mut s = 0x9e37_79b9_u32;
        let vals: Vec<f32> = (0..3 * 37 * 2)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                if s.is_multiple_of(11) {
                    f32::NAN
                } else {
                    (s % 7) as f32
                }
            })
            .collect();
        let x = Tensor::from_vec(vec![3, 37, 2], vals.clone()).unwrap();
        for largest in [true, false] {
            for k in 0..=37 {
                let (v, i) = top_k(&x, &Tensor::from_i64s(vec![k]), 1, largest).unwrap();
                let (v, i) = (v.as_slice::<f32>().unwrap(), i.as_slice::<i64>().unwrap());
                for o in 0..3 {
                    for inner in 0..2 {
                        let at = |j: usize| vals[(o * 37 + j) * 2 + inner];
                        let mut order: Vec<usize> = (0..37).collect();
                        order.sort_by(|&p, &q| {
                            let c = cmp_elem(at(p), at(q));
                            if largest {
                                c.reverse()
                            } else {
                                c
                            }
                        });
                        for (j, &want) in order.iter().take(k as usize).enumerate() {
                            let flat = (o * k as usize + j) * 2 + inner;
                            assert_eq!(i[flat], want as i64, "k {k} largest {largest}");
                            assert_eq!(v[flat].to_bits(), at(want).to_bits());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn non_zero_and_compress() {
        let x = Tensor::from_vec(vec![2, 2], vec![1i32, 0, 0, 7]).unwrap();
        let nz = non_zero(&x).unwrap();
        assert_eq!(nz.shape(), &[2, 2]);
        assert_eq!(nz.as_slice::<i64>().unwrap(), &[0, 1, 0, 1]);
        let c = Tensor::from_vec(vec![2], vec![false, true]).unwrap();
        let y = compress(&x, &c, Some(1)).unwrap();
        assert_eq!(y.shape(), &[2, 1]);
        assert_eq!(y.as_slice::<i32>().unwrap(), &[0, 7]);
        let y = compress(&x, &c, None).unwrap();
        assert_eq!(y.as_slice::<i32>().unwrap(), &[0]);
        let long = Tensor::from_vec(vec![3], vec![false, true, true]).unwrap();
        assert!(compress(&x, &long, Some(0)).is_err());
        let f = Tensor::from_vec(vec![2], vec![0.0f32, -0.0]).unwrap();
        assert_eq!(non_zero(&f).unwrap().shape(), &[1, 0]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::select::{compress, non_zero, top_k};
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// TopK; returns the SEQUENCE `[Values, Indices]` (always sorted).
    pub(crate) unsafe fn flowgate_rt_top_k(node: i32, x: Handle, k: Handle, axis: i64, largest: i32) -> Handle {
        run_v(node, Kind::Sequence, || {
            let (v, i) = top_k(ten(x)?, ten(k)?, axis, largest != 0)?;
            let dt = v.dtype();
            Ok(RtValue::sequence(Some(dt), vec![Arc::new(RtValue::tensor(v)), Arc::new(RtValue::tensor(i))]))
        })
    }

    pub(crate) unsafe fn flowgate_rt_non_zero(node: i32, x: Handle) -> Handle {
        run_t(node, || non_zero(ten(x)?))
    }

    pub(crate) unsafe fn flowgate_rt_compress(node: i32, x: Handle, cond: Handle, has_axis: i32, axis: i64) -> Handle {
        run_t(node, || compress(ten(x)?, ten(cond)?, (has_axis != 0).then_some(axis)))
    }
}
