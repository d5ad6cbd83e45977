//! CumSum and CumProd: running sums or products along one axis, optionally exclusive (each
//! output leaves its own input out: 0 or 1 first) and reversed (from the end). The running value
//! is rounded to the element type after every step, as onnxruntime's kernels work in the
//! element type: floats give the same bits as a sequential loop in that type, integers wrap at
//! their width.

use crate::broadcast::norm_axis;
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{DType, Data, Tensor};

pub fn cumsum(x: &Tensor, axis: i64, exclusive: bool, reverse: bool) -> RtResult<Tensor> {
    cumulative(x, axis, exclusive, reverse, false)
}

/// CumSum (`product` false) or CumProd.
pub fn cumulative(x: &Tensor, axis: i64, exclusive: bool, reverse: bool, product: bool) -> RtResult<Tensor> {
    let op = if product { "CumProd" } else { "CumSum" };
    if x.rank() == 0 {
        bail!("{op} needs an input of rank 1 or more, got a scalar");
    }
    if x.dtype() == DType::Bool {
        bail!("{op} is not defined for element type bool");
    }
    let a = norm_axis(axis, x.rank())?;
    let group = x.shape()[a];
    let inner: usize = x.shape()[a + 1..].iter().product();
    let outer: usize = x.shape()[..a].iter().product();
    let data = dispatch!(x.data(), v => cumulative_vec(v, (outer, group, inner), exclusive, reverse, product));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn cumulative_vec<T: Elem>(
    v: &[T],
    (outer, group, inner): (usize, usize, usize),
    exclusive: bool,
    reverse: bool,
    product: bool,
) -> Data {
    let float = T::DTYPE.is_float();
    let add = |a: T, b: T| match (float, product) {
        (true, false) => T::from_f64(a.to_f64() + b.to_f64()),
        (true, true) => T::from_f64(a.to_f64() * b.to_f64()),
        (false, false) => T::from_i128(a.to_i128() + b.to_i128()),
        // Both factors fit in 64 bits, so their product fits in i128 before wrapping.
        (false, true) => T::from_i128(a.to_i128().wrapping_mul(b.to_i128())),
    };
    let zero = T::from_i128(0);
    let identity = T::from_i128(product as i128);
    let mut out = vec![zero; v.len()];
    for o in 0..outer {
        for i in 0..inner {
            let at = |g: usize| (o * group + g) * inner + i;
            let mut acc = identity;
            for k in 0..group {
                let g = if reverse { group - 1 - k } else { k };
                let (Some(&x), Some(slot)) = (v.get(at(g)), out.get_mut(at(g))) else { continue };
                if exclusive {
                    *slot = acc;
                    acc = add(acc, x);
                } else {
                    acc = add(acc, x);
                    *slot = acc;
                }
            }
        }
    }
    T::into_data(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_data(shape.to_vec(), Data::F32(v)).unwrap()
    }

    #[test]
    fn modes_along_each_axis() {
        let x = t(&[2, 3], vec![1., 2., 3., 4., 5., 6.]);
        let got = |axis, ex, rev| match cumsum(&x, axis, ex, rev).unwrap().data() {
            Data::F32(v) => v.clone(),
            _ => unreachable!(),
        };
        assert_eq!(got(1, false, false), vec![1., 3., 6., 4., 9., 15.]);
        assert_eq!(got(-1, true, false), vec![0., 1., 3., 0., 4., 9.]);
        assert_eq!(got(1, false, true), vec![6., 5., 3., 15., 11., 6.]);
        assert_eq!(got(1, true, true), vec![5., 3., 0., 11., 6., 0.]);
        assert_eq!(got(0, false, false), vec![1., 2., 3., 5., 7., 9.]);
        assert_eq!(got(-2, true, true), vec![4., 5., 6., 0., 0., 0.]);
    }

    #[test]
    fn products_start_from_one() {
        let x = t(&[2, 3], vec![1., 2., 3., 4., 5., 6.]);
        let got = |ex, rev| match cumulative(&x, 1, ex, rev, true).unwrap().data() {
            Data::F32(v) => v.clone(),
            _ => unreachable!(),
        };
        assert_eq!(got(false, false), vec![1., 2., 6., 4., 20., 120.]);
        assert_eq!(got(true, true), vec![6., 3., 1., 30., 6., 1.]);
        let i = Tensor::from_data(vec![2], Data::I32(vec![i32::MAX, 2])).unwrap();
        assert!(
            matches!(cumulative(&i, 0, false, false, true).unwrap().data(), Data::I32(v) if v == &vec![i32::MAX, -2])
        );
    }

    #[test]
    fn integers_wrap_and_bad_inputs_are_errors() {
        let x = Tensor::from_data(vec![2], Data::I32(vec![i32::MAX, 1])).unwrap();
        assert!(matches!(cumsum(&x, 0, false, false).unwrap().data(), Data::I32(v) if v == &vec![i32::MAX, i32::MIN]));
        assert!(cumsum(&x, 1, false, false).is_err());
        let s = Tensor::from_data(vec![], Data::I32(vec![1])).unwrap();
        assert!(cumsum(&s, 0, false, false).is_err());
        let e = Tensor::from_data(vec![0, 3], Data::F32(vec![])).unwrap();
        assert_eq!(cumsum(&e, 1, true, true).unwrap().shape(), &[0, 3]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::value::Handle;

    /// CumSum (`product` 0) or CumProd along `axis` (the axis input's value).
    pub(crate) unsafe fn flowgate_rt_cumulative(
        node: i32,
        x: Handle,
        axis: i64,
        exclusive: i32,
        reverse: i32,
        product: i32,
    ) -> Handle {
        run_t(node, || super::cumulative(ten(x)?, axis, exclusive != 0, reverse != 0, product != 0))
    }
}
