//! Reductions (ReduceSum, ReduceMean, ...): the reduced axes are gathered last so each output
//! element reduces one contiguous group. Floats accumulate in f64. Integers accumulate in i128
//! and a result outside the element type saturates to its minimum or maximum (Sum, Prod,
//! SumSquare, L1), as onnxruntime's integer reductions do (they sum in double and clamp; see
//! ARCHITECTURE.md, "Integer overflow"); a Mean is exact and always in range.
//! An empty group gives the ONNX-18 identities: 0 for sums and norms, 1 for Prod, -inf / +inf
//! (the type's min / max for integers) for Max / Min, -inf for LogSumExp and LogSum; the spec leaves the
//! Mean of nothing undefined, and it is 0 as onnxruntime gives (numpy would give NaN).

use crate::broadcast::{strided_take, strides};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::shape::norm_axes;
use crate::value::{DType, Data, Tensor};

pub use flowgate_runtime_abi::ReduceOp;

/// Reduces `x` over `axes` (all axes when absent or empty, unless `noop_with_empty_axes`, which
/// returns a copy).
pub fn reduce(
    op: ReduceOp,
    x: &Tensor,
    axes: Option<&Tensor>,
    keepdims: bool,
    noop_with_empty_axes: bool,
) -> RtResult<Tensor> {
    let dt = x.dtype();
    if dt == DType::Bool && !matches!(op, ReduceOp::Max | ReduceOp::Min) {
        bail!("{} is not defined for element type bool", op.name());
    }
    let axes = match axes {
        Some(a) => a.to_i64_list(&format!("{} axes", op.name()), true)?,
        None => Vec::new(),
    };
    if axes.is_empty() && noop_with_empty_axes {
        return Ok(x.clone());
    }
    let r = x.rank();
    let axes = if axes.is_empty() { (0..r).collect() } else { norm_axes(&axes, r)? };
    let kept: Vec<usize> = (0..r).filter(|a| !axes.contains(a)).collect();
    // Gather kept axes first, reduced axes last.
    let order: Vec<usize> = kept.iter().chain(&axes).copied().collect();
    let st = strides(x.shape());
    let perm_shape: Vec<usize> = order.iter().map(|&a| x.shape()[a]).collect();
    let perm_strides: Vec<isize> = order.iter().map(|&a| st[a] as isize).collect();
    // Reduced axes already last (the common case): the data is in order as it is.
    let in_order = order.iter().enumerate().all(|(i, &a)| i == a);
    let group: usize = axes.iter().map(|&a| x.shape()[a]).product();
    let groups: usize = kept.iter().map(|&a| x.shape()[a]).product();
    let out_shape: Vec<usize> = if keepdims {
        (0..r).map(|a| if axes.contains(&a) { 1 } else { x.shape()[a] }).collect()
    } else {
        kept.iter().map(|&a| x.shape()[a]).collect()
    };
    let data = dispatch!(x.data(), v => {
        if in_order {
            reduce_vec(op, v, groups, group)
        } else {
            reduce_vec(op, &strided_take(v, &perm_shape, &perm_strides, 0)?, groups, group)
        }
    });
    Tensor::from_data(out_shape, data)
}

fn reduce_vec<T: Elem>(op: ReduceOp, v: &[T], groups: usize, group: usize) -> Data {
    let chunks = (0..groups).map(|g| v.get(g * group..(g + 1) * group).unwrap_or(&[]));
    let out: Vec<T> = if T::DTYPE.is_float() {
        chunks.map(|c| T::from_f64(reduce_f64(op, c.iter().map(|x| x.to_f64())))).collect()
    } else {
        chunks.map(|c| reduce_int::<T>(op, c)).collect()
    };
    T::into_data(out)
}

fn reduce_f64(op: ReduceOp, it: impl Iterator<Item = f64> + Clone) -> f64 {
    let n = it.clone().count() as f64;
    match op {
        ReduceOp::Sum => it.sum(),
        ReduceOp::Mean => {
            if n == 0.0 {
                0.0
            } else {
                it.sum::<f64>() / n
            }
        }
        ReduceOp::Prod => it.product(),
        ReduceOp::SumSquare => it.map(|x| x * x).sum(),
        ReduceOp::L1 => it.map(f64::abs).sum(),
        ReduceOp::L2 => it.map(|x| x * x).sum::<f64>().sqrt(),
        ReduceOp::Max => it.fold(f64::NEG_INFINITY, |a, x| if a.is_nan() || x.is_nan() { f64::NAN } else { a.max(x) }),
        ReduceOp::Min => it.fold(f64::INFINITY, |a, x| if a.is_nan() || x.is_nan() { f64::NAN } else { a.min(x) }),
        ReduceOp::LogSum => it.sum::<f64>().ln(),
        ReduceOp::LogSumExp => {
            let m = reduce_f64(ReduceOp::Max, it.clone());
            if !m.is_finite() {
                // All -inf (or empty) gives -inf; +inf or NaN propagate.
                return if m == f64::NEG_INFINITY { m } else { it.map(f64::exp).sum::<f64>().ln() };
            }
            m + it.map(|x| (x - m).exp()).sum::<f64>().ln()
        }
    }
}

fn reduce_int<T: Elem>(op: ReduceOp, c: &[T]) -> T {
    let it = c.iter().map(|x| x.to_i128());
    let n = c.len() as i128;
    // The type's extremes, for Max / Min of an empty group.
    let (lo, hi) = extremes::<T>();
    let sat = |v: i128| T::from_i128(v.clamp(lo, hi));
    match op {
        ReduceOp::Sum => sat(it.fold(0i128, i128::saturating_add)),
        ReduceOp::Mean => T::from_i128(if n == 0 { 0 } else { it.fold(0i128, i128::saturating_add) / n }),
        ReduceOp::Prod => sat(it.fold(1i128, i128::saturating_mul)),
        ReduceOp::SumSquare => sat(it.fold(0i128, |a, x| a.saturating_add(x.saturating_mul(x)))),
        ReduceOp::L1 => sat(it.fold(0i128, |a, x| a.saturating_add(x.saturating_abs()))),
        ReduceOp::L2 => T::from_f64(c.iter().map(|x| x.to_f64() * x.to_f64()).sum::<f64>().sqrt()),
        ReduceOp::Max => T::from_i128(it.fold(lo, i128::max)),
        ReduceOp::Min => T::from_i128(it.fold(hi, i128::min)),
        ReduceOp::LogSumExp | ReduceOp::LogSum => T::from_f64(reduce_f64(op, c.iter().map(|x| x.to_f64()))),
    }
}

/// The smallest and largest values of an integer (or bool) type, as i128.
fn extremes<T: Elem>() -> (i128, i128) {
    match T::DTYPE {
        DType::Bool => (0, 1),
        DType::I8 => (i8::MIN.into(), i8::MAX.into()),
        DType::I16 => (i16::MIN.into(), i16::MAX.into()),
        DType::I32 => (i32::MIN.into(), i32::MAX.into()),
        DType::I64 => (i64::MIN.into(), i64::MAX.into()),
        DType::U8 => (0, u8::MAX.into()),
        DType::U16 => (0, u16::MAX.into()),
        DType::U32 => (0, u32::MAX.into()),
        _ => (0, u64::MAX.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Tensor {
        Tensor::from_vec(vec![2, 3], vec![1f32, 2., 3., 4., 5., 6.]).unwrap()
    }

    fn axes(v: &[i64]) -> Tensor {
        Tensor::from_i64s(v.to_vec())
    }

    #[test]
    fn integer_overflow_saturates_as_onnxruntime() {
        let t = Tensor::from_vec(vec![3], vec![i32::MAX, 1, -5]).unwrap();
        let sum = |op, t: &Tensor| reduce(op, t, None, false, false).unwrap();
        // The exact sum fits: no saturation on the way (onnxruntime: 2147483643).
        assert_eq!(sum(ReduceOp::Sum, &t).as_slice::<i32>().unwrap(), &[i32::MAX - 4]);
        let t = Tensor::from_vec(vec![2], vec![i32::MAX, 1]).unwrap();
        assert_eq!(sum(ReduceOp::Sum, &t).as_slice::<i32>().unwrap(), &[i32::MAX]);
        assert_eq!(sum(ReduceOp::Mean, &t).as_slice::<i32>().unwrap(), &[1 << 30]);
        let t = Tensor::from_vec(vec![3], vec![-i64::MAX, -i64::MAX, -5]).unwrap();
        assert_eq!(sum(ReduceOp::Sum, &t).as_slice::<i64>().unwrap(), &[i64::MIN]);
        assert_eq!(sum(ReduceOp::SumSquare, &t).as_slice::<i64>().unwrap(), &[i64::MAX]);
        let t = Tensor::from_vec(vec![100], vec![3i32; 100]).unwrap();
        assert_eq!(sum(ReduceOp::Prod, &t).as_slice::<i32>().unwrap(), &[i32::MAX]);
        let t = Tensor::from_vec(vec![2], vec![u8::MAX, 1]).unwrap();
        assert_eq!(sum(ReduceOp::Sum, &t).as_slice::<u8>().unwrap(), &[u8::MAX]);
    }

    #[test]
    fn mean_of_nothing_is_zero_as_onnxruntime() {
        let t = Tensor::from_vec(vec![3, 0], Vec::<f64>::new()).unwrap();
        let m = reduce(ReduceOp::Mean, &t, Some(&axes(&[-1])), false, false).unwrap();
        assert_eq!(m.as_slice::<f64>().unwrap(), &[0., 0., 0.]);
    }

    #[test]
    fn reduce_axes_and_keepdims() {
        let s = reduce(ReduceOp::Sum, &x(), Some(&axes(&[0])), false, false).unwrap();
        assert_eq!(s.shape(), &[3]);
        assert_eq!(s.as_slice::<f32>().unwrap(), &[5., 7., 9.]);
        let s = reduce(ReduceOp::Mean, &x(), Some(&axes(&[-1])), true, false).unwrap();
        assert_eq!(s.shape(), &[2, 1]);
        assert_eq!(s.as_slice::<f32>().unwrap(), &[2., 5.]);
        let s = reduce(ReduceOp::Prod, &x(), None, false, false).unwrap();
        assert_eq!(s.shape(), &[] as &[usize]);
        assert_eq!(s.as_slice::<f32>().unwrap(), &[720.]);
        let s = reduce(ReduceOp::Max, &x(), Some(&axes(&[])), true, true).unwrap();
        assert_eq!(s, x());
        let s = reduce(ReduceOp::L2, &x(), Some(&axes(&[1])), false, false).unwrap();
        assert!((s.as_slice::<f32>().unwrap()[0] - 14f32.sqrt()).abs() < 1e-6);
        let s = reduce(ReduceOp::LogSumExp, &x(), Some(&axes(&[1])), false, false).unwrap();
        let want = (1f64.exp() + 2f64.exp() + 3f64.exp()).ln() as f32;
        assert!((s.as_slice::<f32>().unwrap()[0] - want).abs() < 1e-6);
        let s = reduce(ReduceOp::LogSum, &x(), Some(&axes(&[1])), false, false).unwrap();
        assert_eq!(s.as_slice::<f32>().unwrap(), &[6f64.ln() as f32, 15f64.ln() as f32]);
        assert!(reduce(ReduceOp::Sum, &x(), Some(&axes(&[0, 0])), false, false).is_err());
        assert!(reduce(ReduceOp::Sum, &x(), Some(&axes(&[2])), false, false).is_err());
    }

    #[test]
    fn integers_and_empty_groups() {
        let i = Tensor::from_vec(vec![2, 2], vec![1i32, -7, 3, 4]).unwrap();
        let m = reduce(ReduceOp::Min, &i, Some(&axes(&[1])), false, false).unwrap();
        assert_eq!(m.as_slice::<i32>().unwrap(), &[-7, 3]);
        let m = reduce(ReduceOp::Mean, &i, Some(&axes(&[0])), false, false).unwrap();
        assert_eq!(m.as_slice::<i32>().unwrap(), &[2, -1]);
        let e = Tensor::from_vec(vec![2, 0], Vec::<f32>::new()).unwrap();
        let s = reduce(ReduceOp::Sum, &e, Some(&axes(&[1])), false, false).unwrap();
        assert_eq!(s.as_slice::<f32>().unwrap(), &[0., 0.]);
        let s = reduce(ReduceOp::Max, &e, Some(&axes(&[1])), false, false).unwrap();
        assert_eq!(s.as_slice::<f32>().unwrap(), &[f32::NEG_INFINITY; 2]);
        let ei = Tensor::from_vec(vec![0], Vec::<i64>::new()).unwrap();
        let s = reduce(ReduceOp::Min, &ei, None, false, false).unwrap();
        assert_eq!(s.as_slice::<i64>().unwrap(), &[i64::MAX]);
        let b = Tensor::from_vec(vec![2], vec![true, false]).unwrap();
        assert!(reduce(ReduceOp::Sum, &b, None, false, false).is_err());
        assert_eq!(reduce(ReduceOp::Min, &b, None, false, false).unwrap().as_slice::<bool>().unwrap(), &[false]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::reduce::{reduce, ReduceOp};
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_reduce(
        node: i32,
        op: i32,
        x: Handle,
        axes_or_null: Handle,
        keepdims: i32,
        noop_with_empty_axes: i32,
    ) -> Handle {
        run_t(node, || {
            let op = crate::error::decode::<ReduceOp>(op)?;
            reduce(op, ten(x)?, opt_ten(axes_or_null)?, keepdims != 0, noop_with_empty_axes != 0)
        })
    }
}
