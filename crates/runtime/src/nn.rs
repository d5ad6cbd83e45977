//! Softmax / LogSoftmax / Hardmax and ArgMax / ArgMin.

use crate::broadcast::norm_axis;
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{Data, Tensor};

/// (outer, group, inner) of a softmax over `axis`; `legacy` (opset < 13) flattens to 2-D at
/// `axis`, so the group is everything from `axis` on.
fn softmax_layout(x: &Tensor, axis: i64, legacy: bool) -> RtResult<(usize, usize, usize)> {
    let a = norm_axis(axis, x.rank())?;
    let outer: usize = x.shape()[..a].iter().product();
    if legacy {
        Ok((outer, x.shape()[a..].iter().product(), 1))
    } else {
        Ok((outer, x.shape()[a], x.shape()[a + 1..].iter().product()))
    }
}

/// Softmax (or LogSoftmax when `log`) along `axis`, computed in f64 with the maximum subtracted.
pub fn softmax(x: &Tensor, axis: i64, legacy: bool, log: bool) -> RtResult<Tensor> {
    if !x.dtype().is_float() {
        bail!("{} is not defined for element type {}", if log { "LogSoftmax" } else { "Softmax" }, x.dtype().name());
    }
    let layout = softmax_layout(x, axis, legacy)?;
    let data = dispatch!(x.data(), v => softmax_vec(v, layout, log));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn softmax_vec<T: Elem>(v: &[T], (outer, group, inner): (usize, usize, usize), log: bool) -> Data {
    let mut out: Vec<T> = v.to_vec();
    let mut buf = vec![0f64; group];
    for o in 0..outer {
        for i in 0..inner {
            let at = |g: usize| (o * group + g) * inner + i;
            for (g, b) in buf.iter_mut().enumerate() {
                *b = v.get(at(g)).map_or(0.0, |x| x.to_f64());
            }
            let m = buf.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let s: f64 = buf.iter().map(|x| (x - m).exp()).sum();
            for (g, &x) in buf.iter().enumerate() {
                let y = if log { x - m - s.ln() } else { (x - m).exp() / s };
                if let Some(slot) = out.get_mut(at(g)) {
                    *slot = T::from_f64(y);
                }
            }
        }
    }
    T::into_data(out)
}

/// Hardmax: 1 at the first maximum of each group along `axis` (flattened to 2-D there when
/// `legacy`, as Softmax), 0 elsewhere.
pub fn hardmax(x: &Tensor, axis: i64, legacy: bool) -> RtResult<Tensor> {
    if !x.dtype().is_float() {
        bail!("Hardmax is not defined for element type {}", x.dtype().name());
    }
    let (outer, group, inner) = softmax_layout(x, axis, legacy)?;
    if group == 0 {
        return Tensor::zeros(x.dtype(), x.shape().to_vec());
    }
    let best = dispatch!(x.data(), v => arg_vec(v, outer, group, inner, false, false));
    let mut y = vec![0f64; x.len()];
    for (k, &g) in best.iter().enumerate() {
        let (o, i) = (k / inner.max(1), k % inner.max(1));
        y[(o * group + g as usize) * inner + i] = 1.0;
    }
    crate::real::from_reals(x.dtype(), x.shape().to_vec(), y)
}

/// ArgMax (ArgMin when `is_min`) along `axis`, as INT64. Ties pick the first index, or the last
/// with `select_last_index`; NaN counts as the extreme value (as numpy).
pub fn arg_reduce(x: &Tensor, axis: i64, keepdims: bool, select_last: bool, is_min: bool) -> RtResult<Tensor> {
    let a = norm_axis(axis, x.rank())?;
    let dim = x.shape()[a];
    if dim == 0 {
        bail!(
            "{} over an empty dimension (axis {a} of shape {})",
            if is_min { "ArgMin" } else { "ArgMax" },
            crate::value::fmt_shape(x.shape())
        );
    }
    let outer: usize = x.shape()[..a].iter().product();
    let inner: usize = x.shape()[a + 1..].iter().product();
    let out = dispatch!(x.data(), v => arg_vec(v, outer, dim, inner, select_last, is_min));
    let mut shape = x.shape().to_vec();
    if keepdims {
        shape[a] = 1;
    } else {
        shape.remove(a);
    }
    Tensor::from_vec(shape, out)
}

fn arg_vec<T: Elem>(v: &[T], outer: usize, dim: usize, inner: usize, last: bool, is_min: bool) -> Vec<i64> {
    let float = T::DTYPE.is_float();
    // `better(x, best)`: x replaces the current best (strictly, or on ties with `last`).
    let better = |x: T, best: T| -> bool {
        if float {
            let (x, b) = (x.to_f64(), best.to_f64());
            if b.is_nan() {
                return last && x.is_nan();
            }
            if x.is_nan() {
                return true;
            }
            if is_min {
                x < b || (last && x == b)
            } else {
                x > b || (last && x == b)
            }
        } else {
            let (x, b) = (x.to_i128(), best.to_i128());
            if is_min {
                x < b || (last && x == b)
            } else {
                x > b || (last && x == b)
            }
        }
    };
    let mut out = Vec::with_capacity(outer * inner);
    for o in 0..outer {
        for i in 0..inner {
            let at = |g: usize| v.get((o * dim + g) * inner + i).copied();
            let (mut best_i, mut best) = (0usize, at(0));
            for g in 1..dim {
                if let (Some(x), Some(b)) = (at(g), best) {
                    if better(x, b) {
                        best_i = g;
                        best = Some(x);
                    }
                }
            }
            out.push(best_i as i64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hardmax_marks_the_first_maximum() {
        let x = Tensor::from_vec(vec![2, 3], vec![1f32, 3., 3., -1., -2., -3.]).unwrap();
        let y = hardmax(&x, -1, false).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 1., 0., 1., 0., 0.]);
        let y = hardmax(&x, 0, false).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 1., 1., 0., 0., 0.]);
        // Legacy: one group of all six elements.
        let y = hardmax(&x, 0, true).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 1., 0., 0., 0., 0.]);
    }

    #[test]
    fn softmax_axes_and_legacy() {
        let x = Tensor::from_vec(vec![2, 2], vec![0f32, 0., 1., 1.]).unwrap();
        let s = softmax(&x, -1, false, false).unwrap();
        assert_eq!(s.as_slice::<f32>().unwrap(), &[0.5; 4]);
        let s = softmax(&x, 0, false, false).unwrap();
        let e = 1.0 / (1.0 + 1f64.exp());
        let got = s.as_slice::<f32>().unwrap();
        assert!((f64::from(got[0]) - e).abs() < 1e-7);
        assert!((f64::from(got[2]) - (1.0 - e)).abs() < 1e-7);
        // Legacy axis 0 normalises over all four elements.
        let s = softmax(&x, 0, true, false).unwrap();
        let total: f32 = s.as_slice::<f32>().unwrap().iter().sum();
        assert!((total - 1.0).abs() < 1e-6);
        let l = softmax(&x, 1, false, true).unwrap();
        assert!((l.as_slice::<f32>().unwrap()[0] + 2f32.ln()).abs() < 1e-6);
        let big = Tensor::from_vec(vec![2], vec![1000f64, 1000.]).unwrap();
        assert_eq!(softmax(&big, 0, false, false).unwrap().as_slice::<f64>().unwrap(), &[0.5, 0.5]);
        assert!(softmax(&Tensor::from_i64s(vec![1]), 0, false, false).is_err());
        assert!(softmax(&x, 2, false, false).is_err());
    }

    #[test]
    fn argmax_argmin() {
        let x = Tensor::from_vec(vec![2, 3], vec![1i32, 5, 5, 7, 2, 7]).unwrap();
        let a = arg_reduce(&x, 1, false, false, false).unwrap();
        assert_eq!(a.as_slice::<i64>().unwrap(), &[1, 0]);
        let a = arg_reduce(&x, 1, true, true, false).unwrap();
        assert_eq!(a.shape(), &[2, 1]);
        assert_eq!(a.as_slice::<i64>().unwrap(), &[2, 2]);
        let a = arg_reduce(&x, 0, false, false, true).unwrap();
        assert_eq!(a.as_slice::<i64>().unwrap(), &[0, 1, 0]);
        let f = Tensor::from_vec(vec![3], vec![1f32, f32::NAN, 3.]).unwrap();
        assert_eq!(arg_reduce(&f, 0, false, false, false).unwrap().as_slice::<i64>().unwrap(), &[1]);
        let e = Tensor::from_vec(vec![0], Vec::<f32>::new()).unwrap();
        assert!(arg_reduce(&e, 0, false, false, false).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::nn::{arg_reduce, hardmax, softmax};
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_softmax(node: i32, x: Handle, axis: i64, legacy: i32) -> Handle {
        run_t(node, || softmax(ten(x)?, axis, legacy != 0, false))
    }

    pub(crate) unsafe fn flowgate_rt_log_softmax(node: i32, x: Handle, axis: i64, legacy: i32) -> Handle {
        run_t(node, || softmax(ten(x)?, axis, legacy != 0, true))
    }

    pub(crate) unsafe fn flowgate_rt_hardmax(node: i32, x: Handle, axis: i64, legacy: i32) -> Handle {
        run_t(node, || hardmax(ten(x)?, axis, legacy != 0))
    }

    pub(crate) unsafe fn flowgate_rt_arg_reduce(
        node: i32,
        x: Handle,
        axis: i64,
        keepdims: i32,
        select_last_index: i32,
        is_min: i32,
    ) -> Handle {
        run_t(node, || arg_reduce(ten(x)?, axis, keepdims != 0, select_last_index != 0, is_min != 0))
    }
}
