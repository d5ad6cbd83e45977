//! ONNX `Gemm`: `Y = alpha * A' B' + beta * C`, where A' and B' are A and B, transposed when
//! `transA`/`transB` is set, and C broadcasts unidirectionally to `[M, N]`. Floats go through
//! `matrixmultiply` (transposition is a swap of strides, nothing is copied); integer types use a
//! plain loop with wrapping arithmetic, as MatMul does.

use crate::broadcast::{broadcast_indices, broadcast_pair};
use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::value::{fmt_shape, DType, Tensor};

/// The problem after the checks: sizes and whether each operand is read transposed.
struct Dims {
    m: usize,
    k: usize,
    n: usize,
    ta: bool,
    tb: bool,
}

pub fn gemm(a: &Tensor, b: &Tensor, c: Option<&Tensor>, alpha: f64, beta: f64, ta: bool, tb: bool) -> RtResult<Tensor> {
    if a.rank() != 2 || b.rank() != 2 {
        bail!("Gemm needs 2-D A and B, got shapes {} and {}", fmt_shape(a.shape()), fmt_shape(b.shape()));
    }
    for t in [Some(b), c].into_iter().flatten() {
        if t.dtype() != a.dtype() {
            bail!("Gemm needs inputs of one element type, got {} and {}", a.dtype().name(), t.dtype().name());
        }
    }
    let (m, k) = if ta { (a.shape()[1], a.shape()[0]) } else { (a.shape()[0], a.shape()[1]) };
    let (k2, n) = if tb { (b.shape()[1], b.shape()[0]) } else { (b.shape()[0], b.shape()[1]) };
    if k != k2 {
        bail!(
            "Gemm dimension mismatch: A' is {m}x{k} and B' is {k2}x{n} (shapes {} and {}, transA={}, transB={})",
            fmt_shape(a.shape()),
            fmt_shape(b.shape()),
            ta as i32,
            tb as i32
        );
    }
    // C's element indices for each output element (unidirectional broadcast to [M, N]).
    let c_idx = match c {
        Some(c) => {
            let fits = broadcast_pair(c.shape(), &[m, n]).is_ok_and(|s| s == [m, n]);
            if !fits {
                bail!("Gemm: C of shape {} cannot broadcast to [{m}, {n}]", fmt_shape(c.shape()));
            }
            let idx = broadcast_indices(c.shape(), &[m, n])?;
            Some(idx.unwrap_or_else(|| (0..m * n).collect()))
        }
        None => None,
    };
    let d = Dims { m, k, n, ta, tb };
    let dtype = a.dtype();
    if dtype.is_float() {
        return with_real!(dtype, "Gemm", T => gemm_real::<T>(a, b, c, c_idx.as_deref(), &d, alpha, beta));
    }
    if dtype == DType::Bool || dtype.size() < 4 {
        bail!("Gemm is not defined for element type {}", dtype.name());
    }
    let data = dispatch!(a.data(), v => gemm_int(v, b, c, c_idx.as_deref(), &d, alpha, beta)?);
    Tensor::from_data(vec![m, n], data)
}

fn gemm_real<T: Real>(
    a: &Tensor,
    b: &Tensor,
    c: Option<&Tensor>,
    c_idx: Option<&[usize]>,
    d: &Dims,
    alpha: f64,
    beta: f64,
) -> RtResult<Tensor> {
    let av = reals::<T>(a, "Gemm")?;
    let bv = crate::prepack::reals::<T>(b, "Gemm")?;
    let mut y = vec![T::default(); d.m * d.n];
    let mut beta_t = T::default();
    if let (Some(c), Some(idx)) = (c, c_idx) {
        let cv = crate::prepack::reals::<T>(c, "Gemm")?;
        for (slot, &i) in y.iter_mut().zip(idx) {
            *slot = cv.get(i).copied().unwrap_or_default();
        }
        beta_t = T::of(beta);
    }
    // Row-major [r, s] has strides (s, 1); its transpose is read with (1, s).
    let (ars, acs) = if d.ta { (1, d.m) } else { (d.k, 1) };
    let (brs, bcs) = if d.tb { (1, d.k) } else { (d.n, 1) };
    T::gemm(
        d.m,
        d.k,
        d.n,
        T::of(alpha),
        Mat { data: &av, rs: ars, cs: acs },
        Mat { data: &bv, rs: brs, cs: bcs },
        beta_t,
        MatMut { data: &mut y, rs: d.n },
    )?;
    from_reals(a.dtype(), vec![d.m, d.n], y)
}

fn gemm_int<T: Elem>(
    av: &[T],
    b: &Tensor,
    c: Option<&Tensor>,
    c_idx: Option<&[usize]>,
    d: &Dims,
    alpha: f64,
    beta: f64,
) -> RtResult<crate::value::Data> {
    let bv = T::slice(b.data()).unwrap_or(&[]);
    let cv = c.and_then(|c| T::slice(c.data())).unwrap_or(&[]);
    let (alpha, beta) = (alpha as i128, beta as i128);
    let at = |i: usize, l: usize| if d.ta { l * d.m + i } else { i * d.k + l };
    let bt = |l: usize, j: usize| if d.tb { j * d.k + l } else { l * d.n + j };
    let mut y = Vec::with_capacity(d.m * d.n);
    for i in 0..d.m {
        for j in 0..d.n {
            let mut acc: i128 = 0;
            for l in 0..d.k {
                let x = av.get(at(i, l)).map_or(0, |v| v.to_i128());
                let z = bv.get(bt(l, j)).map_or(0, |v| v.to_i128());
                acc = acc.wrapping_add(x.wrapping_mul(z));
            }
            acc = acc.wrapping_mul(alpha);
            if let Some(idx) = c_idx {
                let cval = idx.get(i * d.n + j).and_then(|&k| cv.get(k)).map_or(0, |v| v.to_i128());
                acc = acc.wrapping_add(cval.wrapping_mul(beta));
            }
            y.push(T::from_i128(acc));
        }
    }
    Ok(T::into_data(y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn transposes_alpha_beta_and_bias_broadcast() {
        let a = f(&[2, 3], vec![1., 2., 3., 4., 5., 6.]);
        let b = f(&[3, 2], vec![1., 0., 0., 1., 1., 1.]);
        let y = gemm(&a, &b, None, 1.0, 1.0, false, false).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[4., 5., 10., 11.]);
        // A^T (3x2)^T = 2x3 again, B^T of a 2x3 = 3x2.
        let at = f(&[3, 2], vec![1., 4., 2., 5., 3., 6.]);
        let bt = f(&[2, 3], vec![1., 0., 1., 0., 1., 1.]);
        let c = f(&[2], vec![10., 20.]);
        let y = gemm(&at, &bt, Some(&c), 2.0, 0.5, true, true).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[13., 20., 25., 32.]);
        let c1 = f(&[2, 1], vec![1., 2.]);
        let y = gemm(&a, &b, Some(&c1), 1.0, 1.0, false, false).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[5., 6., 12., 13.]);
        assert!(gemm(&a, &a, None, 1.0, 1.0, false, false).is_err());
        assert!(gemm(&a, &b, Some(&f(&[3], vec![0.; 3])), 1.0, 1.0, false, false).is_err());
    }

    #[test]
    fn integer_and_half() {
        let a = Tensor::from_vec(vec![1, 2], vec![2i64, 3]).unwrap();
        let b = Tensor::from_vec(vec![2, 1], vec![4i64, 5]).unwrap();
        let y = gemm(&a, &b, Some(&Tensor::scalar(1i64)), 1.0, 3.0, false, false).unwrap();
        assert_eq!(y.as_slice::<i64>().unwrap(), &[26]);
        let h = crate::cast::cast(&f(&[1, 1], vec![3.]), DType::F16);
        let y = gemm(&h, &h, None, 1.0, 1.0, false, false).unwrap();
        assert_eq!(y.dtype(), DType::F16);
        assert!(gemm(
            &Tensor::from_vec(vec![1, 1], vec![true]).unwrap(),
            &Tensor::from_vec(vec![1, 1], vec![true]).unwrap(),
            None,
            1.0,
            1.0,
            false,
            false
        )
        .is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::gemm::gemm;
    use crate::value::Handle;

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_gemm(
        node: i32,
        a: Handle,
        b: Handle,
        c_or_null: Handle,
        alpha: f64,
        beta: f64,
        trans_a: i32,
        trans_b: i32,
    ) -> Handle {
        run_t(node, || gemm(ten(a)?, ten(b)?, opt_ten(c_or_null)?, alpha, beta, trans_a != 0, trans_b != 0))
    }
}
