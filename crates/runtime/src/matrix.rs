//! Ops that keep or make a triangle or a diagonal of the matrices in the last two axes: `Trilu`
//! (zero the elements above or below diagonal `k`) and `EyeLike` (ones on diagonal `k` of a 2-D
//! shape). Diagonal `k` holds the elements `(i, j)` with `j - i == k`.

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{fmt_shape, DType, Data, Tensor};

/// Trilu: keeps `j - i >= k` (`upper`) or `j - i <= k` (lower) in every matrix of the last two
/// axes, zeroing the rest.
pub fn trilu(x: &Tensor, k: i64, upper: bool) -> RtResult<Tensor> {
    if x.rank() < 2 {
        bail!("Trilu needs an input of rank 2 or more, got shape {}", fmt_shape(x.shape()));
    }
    let r = x.rank();
    let (m, n) = (x.shape()[r - 2], x.shape()[r - 1]);
    let keep = |p: usize| {
        let (i, j) = ((p / n.max(1)) % m.max(1), p % n.max(1));
        let d = j as i128 - i as i128;
        if upper {
            d >= i128::from(k)
        } else {
            d <= i128::from(k)
        }
    };
    let data = dispatch!(x.data(), v => masked(v, keep));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn masked<T: Elem>(v: &[T], keep: impl Fn(usize) -> bool) -> Data {
    let zero = T::from_i128(0);
    T::into_data(v.iter().enumerate().map(|(p, &e)| if keep(p) { e } else { zero }).collect())
}

/// EyeLike: a tensor of `x`'s 2-D shape and element type `dtype` with ones on diagonal `k`.
pub fn eye_like(x: &Tensor, dtype: DType, k: i64) -> RtResult<Tensor> {
    let &[m, n] = x.shape() else {
        bail!("EyeLike needs a 2-D input, got shape {}", fmt_shape(x.shape()));
    };
    let one = |p: usize| (p % n) as i128 - (p / n) as i128 == i128::from(k);
    let data = dispatch_dtype!(dtype, T => T::into_data((0..m * n).map(|p| T::from_i128(one(p) as i128)).collect()));
    Tensor::from_data(vec![m, n], data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triangles_and_diagonals() {
        let x = Tensor::from_vec(vec![2, 3], vec![1i64, 2, 3, 4, 5, 6]).unwrap();
        let got = |k, upper| trilu(&x, k, upper).unwrap().as_slice::<i64>().unwrap().to_vec();
        assert_eq!(got(0, true), [1, 2, 3, 0, 5, 6]);
        assert_eq!(got(1, true), [0, 2, 3, 0, 0, 6]);
        assert_eq!(got(0, false), [1, 0, 0, 4, 5, 0]);
        assert_eq!(got(-1, false), [0, 0, 0, 4, 0, 0]);
        assert_eq!(got(-5, true), [1, 2, 3, 4, 5, 6]);
        assert!(trilu(&Tensor::from_vec(vec![3], vec![1f32, 2., 3.]).unwrap(), 0, true).is_err());
        let e = eye_like(&x, DType::F32, 1).unwrap();
        assert_eq!(e.as_slice::<f32>().unwrap(), &[0., 1., 0., 0., 0., 1.]);
        assert!(eye_like(&Tensor::from_vec(vec![3], vec![1f32, 2., 3.]).unwrap(), DType::F32, 0).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_trilu(node: i32, x: Handle, k: i64, upper: i32) -> Handle {
        run_t(node, || super::trilu(ten(x)?, k, upper != 0))
    }

    /// `dtype`: the result's ONNX element type code.
    pub(crate) unsafe fn flowgate_rt_eye_like(node: i32, x: Handle, dtype: i32, k: i64) -> Handle {
        run_t(node, || super::eye_like(ten(x)?, self::dtype(dtype)?, k))
    }
}
