//! Activations with attributes: `HardSigmoid` (`max(0, min(1, alpha * x + beta))`),
//! `HardSwish` (`x * HardSigmoid(x)` with alpha 1/6, beta 1/2) and `LeakyRelu` (`alpha * x` below
//! 0). Computed in f64 per element and rounded once to the element type: for an f32 `alpha * x`
//! the f64 product is exact, so the one rounding gives native f32 multiplication's result.

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::Tensor;

pub fn hard_sigmoid(x: &Tensor, alpha: f64, beta: f64, swish: bool) -> RtResult<Tensor> {
    if !x.dtype().is_float() {
        let op = if swish { "HardSwish" } else { "HardSigmoid" };
        bail!("{op} is not defined for element type {}", x.dtype().name());
    }
    let data = dispatch!(x.data(), v => hs_vec(v, alpha, beta, swish));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn hs_vec<T: Elem>(v: &[T], alpha: f64, beta: f64, swish: bool) -> crate::value::Data {
    let out: Vec<T> = v
        .iter()
        .map(|&e| {
            let f = e.to_f64();
            // NaN passes through (clamp keeps it).
            let h = (alpha * f + beta).clamp(0.0, 1.0);
            T::from_f64(if swish { f * h } else { h })
        })
        .collect();
    T::into_data(out)
}

pub fn leaky_relu(x: &Tensor, alpha: f64) -> RtResult<Tensor> {
    if !x.dtype().is_float() {
        bail!("LeakyRelu is not defined for element type {}", x.dtype().name());
    }
    let data = dispatch!(x.data(), v => leaky_vec(v, alpha));
    Tensor::from_data(x.shape().to_vec(), data)
}

fn leaky_vec<T: Elem>(v: &[T], alpha: f64) -> crate::value::Data {
    let out: Vec<T> = v
        .iter()
        .map(|&e| {
            let f = e.to_f64();
            // NaN and -0.0 are not below 0: they pass through unchanged, as onnxruntime's kernel.
            T::from_f64(if f < 0.0 { alpha * f } else { f })
        })
        .collect();
    T::into_data(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_sigmoid_and_swish() {
        let x = Tensor::from_vec(vec![4], vec![-4f32, 0., 1., f32::NAN]).unwrap();
        let y = hard_sigmoid(&x, 0.5, 0.6, false).unwrap();
        let y = y.as_slice::<f32>().unwrap();
        assert_eq!(&y[..3], &[0., 0.6, 1.]);
        assert!(y[3].is_nan());
        let s = hard_sigmoid(&x, 1.0 / 6.0, 0.5, true).unwrap();
        let s = s.as_slice::<f32>().unwrap();
        assert_eq!(s[0], 0.);
        assert_eq!(s[1], 0.);
        assert!((s[2] - 1.0 * (1.0 / 6.0 + 0.5)).abs() < 1e-7);
        assert!(hard_sigmoid(&Tensor::from_i64s(vec![1]), 0.2, 0.5, false).is_err());
    }

    #[test]
    fn leaky_relu_scales_only_negatives() {
        let x = Tensor::from_vec(vec![5], vec![-4f32, -0.0, 3., f32::NAN, -1e-30]).unwrap();
        let y = leaky_relu(&x, 0.1f32 as f64).unwrap();
        let y = y.as_slice::<f32>().unwrap();
        assert_eq!(y[0].to_bits(), (-4f32 * 0.1f32).to_bits());
        assert_eq!(y[1].to_bits(), (-0.0f32).to_bits());
        assert_eq!(y[2], 3.);
        assert!(y[3].is_nan());
        assert_eq!(y[4].to_bits(), (-1e-30f32 * 0.1f32).to_bits());
        assert!(leaky_relu(&Tensor::from_i64s(vec![1]), 0.1).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::activation::{hard_sigmoid, leaky_relu};
    use crate::value::Handle;

    pub(crate) unsafe fn flowgate_rt_hard_sigmoid(node: i32, x: Handle, alpha: f64, beta: f64, swish: i32) -> Handle {
        run_t(node, || hard_sigmoid(ten(x)?, alpha, beta, swish != 0))
    }

    pub(crate) unsafe fn flowgate_rt_leaky_relu(node: i32, x: Handle, alpha: f64) -> Handle {
        run_t(node, || leaky_relu(ten(x)?, alpha))
    }
}
