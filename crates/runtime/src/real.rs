//! The two float types the neural-network kernels compute in. float16 and bfloat16 inputs are
//! widened to f32 and the result rounded once to nearest even (as onnxruntime's CPU kernels do);
//! f64 stays f64. `Real::gemm` is `matrixmultiply`'s `sgemm`/`dgemm` (one-row, one-column and
//! tiny products read in place by `thin`), so every matrix product of Gemm, Conv (im2col),
//! ConvTranspose and LSTM goes through one well-kept kernel.

use std::borrow::Cow;

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::{DType, Tensor};

/// f32 or f64.
pub(crate) trait Real:
    Elem
    + Default
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::AddAssign
{
    fn of(v: f64) -> Self;
    fn exp(self) -> Self;
    fn tanh(self) -> Self;

    /// `C = alpha * A B + beta * C` with A `m x k`, B `k x n`, C `m x n`, all given by row and
    /// column strides (in elements).
    #[allow(clippy::too_many_arguments)]
    fn gemm(
        m: usize,
        k: usize,
        n: usize,
        alpha: Self,
        a: Mat<'_, Self>,
        b: Mat<'_, Self>,
        beta: Self,
        c: MatMut<'_, Self>,
    ) -> RtResult<()>;

    /// The one-row product `c = alpha * x B + beta * c` (x strided by `xs`, B's rows by `brs`)
    /// by a kernel of this type's own (`thin::one_row_f32`); `false` when there is none.
    #[allow(clippy::too_many_arguments)]
    fn one_row(
        k: usize,
        n: usize,
        alpha: Self,
        x: &[Self],
        xs: usize,
        b: &[Self],
        brs: usize,
        beta: Self,
        c: &mut [Self],
    ) -> bool;
}

/// A read-only strided matrix view: `data[off + i * rs + j * cs]` for `i < rows`, `j < cols`.
#[derive(Clone, Copy)]
pub(crate) struct Mat<'a, T> {
    pub data: &'a [T],
    pub rs: usize,
    pub cs: usize,
}

/// A dense row-major output matrix with row stride `rs`.
pub(crate) struct MatMut<'a, T> {
    pub data: &'a mut [T],
    pub rs: usize,
}

/// The largest index a `rows x cols` view with these strides touches, plus one (0 when empty).
fn extent(rows: usize, cols: usize, rs: usize, cs: usize) -> usize {
    if rows == 0 || cols == 0 {
        0
    } else {
        (rows - 1) * rs + (cols - 1) * cs + 1
    }
}

macro_rules! real_impl {
    ($t:ty, $kernel:path, $exp:path, $tanh:path, $one_row:path) => {
        impl Real for $t {
            #[inline(always)]
            fn one_row(
                k: usize,
                n: usize,
                alpha: Self,
                x: &[Self],
                xs: usize,
                b: &[Self],
                brs: usize,
                beta: Self,
                c: &mut [Self],
            ) -> bool {
                $one_row(k, n, alpha, x, xs, b, brs, beta, c)
            }
            fn of(v: f64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn exp(self) -> Self {
                $exp(self)
            }
            #[inline(always)]
            fn tanh(self) -> Self {
                $tanh(self)
            }
            fn gemm(
                m: usize,
                k: usize,
                n: usize,
                alpha: Self,
                a: Mat<'_, Self>,
                b: Mat<'_, Self>,
                beta: Self,
                c: MatMut<'_, Self>,
            ) -> RtResult<()> {
                if m == 0 || n == 0 {
                    return Ok(());
                }
                // The views are checked here, once, so the unsafe call below never reads or
                // writes out of bounds whatever the caller computed.
                let fits = extent(m, k, a.rs, a.cs) <= a.data.len()
                    && extent(k, n, b.rs, b.cs) <= b.data.len()
                    && extent(m, n, c.rs, 1) <= c.data.len();
                if !fits {
                    bail!("internal error: GEMM operand view out of bounds");
                }
                let mut c = c;
                if crate::thin::try_direct(m, k, n, alpha, a, b, beta, &mut c) {
                    return Ok(());
                }
                // SAFETY: the extents above prove every access is inside the three slices, and
                // C is a `&mut` so it overlaps neither operand.
                unsafe {
                    crate::gemm_split::gemm::<$t>(
                        $kernel,
                        (m, k, n),
                        alpha,
                        (a.data.as_ptr(), a.rs as isize, a.cs as isize),
                        (b.data.as_ptr(), b.rs as isize, b.cs as isize),
                        beta,
                        (c.data.as_mut_ptr(), c.rs as isize),
                    );
                }
                Ok(())
            }
        }
    };
}

// f32 activations inline (`fastmath`): libm calls dominated the LSTM kernel.
real_impl!(f32, matrixmultiply::sgemm, crate::fastmath::exp_f32, crate::fastmath::tanh_f32, crate::thin::one_row_f32);
real_impl!(f64, matrixmultiply::dgemm, f64::exp, f64::tanh, crate::thin::no_one_row);

/// The elements of a float tensor as `T` (borrowed when the type already matches).
pub(crate) fn reals<'a, T: Real>(t: &'a Tensor, op: &str) -> RtResult<Cow<'a, [T]>> {
    if !t.dtype().is_float() {
        bail!("{op} is not defined for element type {}", t.dtype().name());
    }
    if let Some(s) = t.as_slice::<T>() {
        return Ok(Cow::Borrowed(s));
    }
    Ok(Cow::Owned(dispatch!(t.data(), v => v.iter().map(|x| T::of(x.to_f64())).collect())))
}

/// A tensor of `dtype` from values computed in `T` (one rounding for f16/bf16).
pub(crate) fn from_reals<T: Real>(dtype: DType, shape: Vec<usize>, v: Vec<T>) -> RtResult<Tensor> {
    if dtype == T::DTYPE {
        return Tensor::from_vec(shape, v);
    }
    let data = dispatch_dtype!(dtype, E => E::into_data(v.iter().map(|x| E::from_f64(x.to_f64())).collect()));
    Tensor::from_data(shape, data)
}

/// Runs `$body` with `$t` the compute type of `$dtype`: f64 for double, f32 for float, float16
/// and bfloat16; any other element type is an error naming the op.
macro_rules! with_real {
    ($dtype:expr, $op:expr, $t:ident => $body:expr) => {
        match $dtype {
            $crate::value::DType::F64 => {
                type $t = f64;
                $body
            }
            $crate::value::DType::F32 | $crate::value::DType::F16 | $crate::value::DType::BF16 => {
                type $t = f32;
                $body
            }
            d => bail!("{} is not defined for element type {}", $op, d.name()),
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemm_with_strides() {
        // A = [[1,2],[3,4]] read transposed through its strides.
        let a = [1f32, 2., 3., 4.];
        let b = [1f32, 0., 0., 1.];
        let mut c = [1f32; 4];
        f32::gemm(
            2,
            2,
            2,
            2.0,
            Mat { data: &a, rs: 1, cs: 2 },
            Mat { data: &b, rs: 2, cs: 1 },
            1.0,
            MatMut { data: &mut c, rs: 2 },
        )
        .unwrap();
        assert_eq!(c, [3., 7., 5., 9.]);
    }

    #[test]
    fn conversions_round_once() {
        let h = crate::cast::cast(&Tensor::from_vec(vec![2], vec![1.5f32, 2.0]).unwrap(), DType::F16);
        let r = reals::<f32>(&h, "Op").unwrap();
        assert_eq!(&*r, &[1.5, 2.0]);
        let back = from_reals(DType::F16, vec![2], vec![1.0f32 / 3.0, 2.0]).unwrap();
        assert_eq!(back.dtype(), DType::F16);
        let f = crate::cast::cast(&back, DType::F32);
        assert_eq!(f.as_slice::<f32>().unwrap()[0], half::f16::from_f32(1.0 / 3.0).to_f32());
        assert!(reals::<f32>(&Tensor::from_i64s(vec![1]), "Conv").is_err());
    }
}
