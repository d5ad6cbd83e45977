//! Activations with attributes: `HardSigmoid` (`max(0, min(1, alpha * x + beta))`),
//! `HardSwish` (`x * HardSigmoid(x)` with alpha 1/6, beta 1/2) and `LeakyRelu` (`alpha * x` below
//! 0). Computed in f64 per element and rounded once to the element type: for an f32 `alpha * x`
//! the f64 product is exact, so the one rounding gives native f32 multiplication's result
//! (which is why LeakyRelu of f32 computes in f32 directly, `leaky_f32`).
//! `activation` is the table of the others (`Activation`: Elu, Selu, Celu, ThresholdedRelu,
//! Softplus, Softsign, Mish, Gelu, Swish, Shrink, and Mean's division by the input count): one scalar function of `x` and up to three
//! attributes each, also in f64 and rounded once.

use crate::dispatch::Elem;
use crate::error::RtResult;
use crate::value::Tensor;
use flowgate_runtime_abi::Activation;

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
    let data = match x.as_slice::<f32>() {
        // Every ONNX float attribute is an f32, so this is the path of real models.
        Some(v) if alpha as f32 as f64 == alpha => leaky_f32(v, alpha as f32)?,
        _ => dispatch!(x.data(), v => leaky_vec(v, alpha)?),
    };
    Tensor::from_data(x.shape().to_vec(), data)
}

/// LeakyRelu of f32 with an f32 `alpha` in f32: the f64 product of two f32 values is exact, so
/// `leaky_vec`'s one rounding gives this product's bits (NaN aside: a signaling NaN passes
/// through here unquieted). The product is taken for every element and selected, with no
/// branch, so the loop vectorizes (AVX2 under `simd::wide`): the widening, branchy loop of
/// `leaky_vec` was 27% of oww_embedding's run (perf, release build, one thread).
fn leaky_f32(v: &[f32], alpha: f32) -> RtResult<crate::value::Data> {
    let out = crate::threads::collect(v.len(), PAR_ELEMS, |start, run| {
        crate::simd::wide(|| {
            for (o, &e) in run.iter_mut().zip(&v[start..]) {
                o.write(leaky_select(e, alpha));
            }
        })
    });
    Ok(f32::into_data(out.ok_or_else(|| rt_err!("cannot allocate {} elements", v.len()))?))
}

/// One LeakyRelu element as a select (NaN and -0.0 are not below 0: they pass through).
#[inline(always)]
fn leaky_select(e: f32, alpha: f32) -> f32 {
    let scaled = alpha * e;
    if e < 0.0 {
        scaled
    } else {
        e
    }
}

/// Elements per thread below which LeakyRelu stays on one thread.
const PAR_ELEMS: usize = 1 << 16;

fn leaky_vec<T: Elem>(v: &[T], alpha: f64) -> RtResult<crate::value::Data> {
    // Each element alone, so slices of the output are filled on the pool with the same bits.
    let out = crate::threads::collect(v.len(), PAR_ELEMS, |start, run| {
        for (o, &e) in run.iter_mut().zip(&v[start..]) {
            let f = e.to_f64();
            // NaN and -0.0 are not below 0: they pass through unchanged, as onnxruntime's kernel.
            o.write(T::from_f64(if f < 0.0 { alpha * f } else { f }));
        }
    });
    Ok(T::into_data(out.ok_or_else(|| rt_err!("cannot allocate {} elements", v.len()))?))
}

/// `Activation` `kind` of `x` with attributes `a`, `b`, `c` (ONNX's names per kind: Elu, Celu,
/// ThresholdedRelu, Swish `alpha` = a; Selu `alpha`, `gamma` = a, b; Shrink `bias`, `lambd` =
/// a, b).
pub fn activation(kind: Activation, x: &Tensor, a: f64, b: f64, c: f64) -> RtResult<Tensor> {
    // Binarizer (ai.onnx.ml) also takes integers; the activations are float-only.
    let numeric = x.dtype().is_float() || (kind == Activation::Binarizer && x.dtype().is_int());
    if !numeric {
        bail!("{} is not defined for element type {}", kind.name(), x.dtype().name());
    }
    let f = scalar(kind);
    let data = dispatch!(x.data(), v => map_vec(v, |e| f(e, a, b, c)));
    Tensor::from_data(x.shape().to_vec(), data)
}

type Scalar = fn(f64, f64, f64, f64) -> f64;

/// Softplus as onnxruntime computes it: `x + log1p(exp(-x))` above 0, `log1p(exp(x))` below,
/// which neither overflows nor loses the small values.
fn softplus(x: f64) -> f64 {
    if x > 0.0 {
        x + (-x).exp().ln_1p()
    } else {
        x.exp().ln_1p()
    }
}

fn scalar(kind: Activation) -> Scalar {
    match kind {
        Activation::Elu => |x, a, _, _| if x < 0.0 { a * (x.exp() - 1.0) } else { x },
        Activation::Selu => |x, a, g, _| g * if x <= 0.0 { a * (x.exp() - 1.0) } else { x },
        Activation::Celu => |x, a, _, _| x.max(0.0) + (a * ((x / a).exp() - 1.0)).min(0.0),
        Activation::ThresholdedRelu => |x, a, _, _| if x > a { x } else { 0.0 },
        Activation::Softplus => |x, _, _, _| softplus(x),
        Activation::Softsign => |x, _, _, _| x / (1.0 + x.abs()),
        Activation::Mish => |x, _, _, _| x * softplus(x).tanh(),
        Activation::Gelu => |x, _, _, _| 0.5 * x * (1.0 + crate::erf::erf(x / std::f64::consts::SQRT_2)),
        Activation::GeluTanh => |x, _, _, _| {
            let k = (2.0 / std::f64::consts::PI).sqrt();
            0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh())
        },
        Activation::Swish => |x, a, _, _| x / (1.0 + (-a * x).exp()),
        Activation::Shrink => |x, bias, lambd, _| {
            if x < -lambd {
                x + bias
            } else if x > lambd {
                x - bias
            } else {
                0.0
            }
        },
        Activation::Mean => |x, n, _, _| x / n,
        Activation::Binarizer => |x, t, _, _| if x > t { 1.0 } else { 0.0 },
    }
}

fn map_vec<T: Elem>(v: &[T], f: impl Fn(f64) -> f64) -> crate::value::Data {
    T::into_data(v.iter().map(|&e| T::from_f64(f(e.to_f64()))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activation_table() {
        let x = Tensor::from_vec(vec![4], vec![-2f32, -0.5, 0.5, 3.0]).unwrap();
        let get = |k, a, b| activation(k, &x, a, b, 0.0).unwrap().as_slice::<f32>().unwrap().to_vec();
        assert_eq!(get(Activation::ThresholdedRelu, 1.0, 0.0), [0.0, 0.0, 0.0, 3.0]);
        assert_eq!(get(Activation::Shrink, 0.5, 1.0), [-1.5, 0.0, 0.0, 2.5]);
        assert_eq!(get(Activation::Softsign, 0.0, 0.0), [-2.0 / 3.0, -0.5 / 1.5, 0.5 / 1.5, 0.75]);
        let elu = get(Activation::Elu, 1.0, 0.0);
        assert!((elu[0] - ((-2f64).exp() - 1.0) as f32).abs() < 1e-7 && elu[3] == 3.0);
        let gelu = get(Activation::Gelu, 0.0, 0.0);
        assert!((gelu[3] - 2.99595_f32).abs() < 1e-4, "{gelu:?}");
        // Softplus neither overflows nor underflows at the ends.
        let big = Tensor::from_vec(vec![2], vec![1000f64, -1000.0]).unwrap();
        let sp = activation(Activation::Softplus, &big, 0.0, 0.0, 0.0).unwrap();
        assert_eq!(sp.as_slice::<f64>().unwrap(), &[1000.0, 0.0]);
        assert!(activation(Activation::Elu, &Tensor::from_i64s(vec![1]), 1.0, 0.0, 0.0).is_err());
        assert_eq!(get(Activation::Binarizer, 0.5, 0.0), [0.0, 0.0, 0.0, 1.0]);
        let ints = activation(Activation::Binarizer, &Tensor::from_i64s(vec![-1, 2]), 0.0, 0.0, 0.0).unwrap();
        assert_eq!(ints.as_slice::<i64>().unwrap(), &[0, 1]);
    }

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

    #[test]
    fn leaky_relu_f32_path_matches_the_f64_one() {
        // Bit patterns spread over the whole range (subnormals, infinities, NaNs, signed
        // zeros), through the f32 loop and through the generic f64 one with the same alpha.
        let mut v: Vec<f32> = (0..40_000u32).map(|i| f32::from_bits(i.wrapping_mul(2_654_435_761))).collect();
        v.extend([0.0, -0.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN, -f32::MIN_POSITIVE, -1e-45, f32::MIN]);
        for alpha in [0.2f32, 0.01, 3.5e-3, 1e-30, 0.1, 1.5, -0.5, 0.0, 1e30] {
            let fast = leaky_f32(&v, alpha).unwrap();
            let slow = leaky_vec(&v, f64::from(alpha)).unwrap();
            let (crate::value::Data::F32(a), crate::value::Data::F32(b)) = (&fast, &slow) else {
                panic!("LeakyRelu of f32 gave another type")
            };
            // A signaling NaN comes back quieted from the f64 round trip: NaNs compare as
            // NaNs, every other value by its bits.
            let same = |p: &f32, q: &f32| p.to_bits() == q.to_bits() || (p.is_nan() && q.is_nan());
            assert_eq!(a.len(), v.len());
            for ((p, q), x) in a.iter().zip(b.iter()).zip(&v) {
                assert!(same(p, q), "alpha {alpha}, x {x:e}: {p:e} vs {q:e}");
            }
        }
        // Through the public entry, with an alpha that is not an f32 (the f64 loop).
        let t = Tensor::from_vec(vec![3], vec![-1.0f32, 2.0, -3.0]).unwrap();
        let y = leaky_relu(&t, 0.1).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[-0.1f64 as f32, 2.0, (-3.0f64 * 0.1) as f32]);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::activation::{activation, hard_sigmoid, leaky_relu};
    use crate::value::Handle;
    use flowgate_runtime_abi::Activation;

    pub(crate) unsafe fn flowgate_rt_activation(node: i32, kind: i32, x: Handle, a: f64, b: f64, c: f64) -> Handle {
        run_t(node, || activation(crate::error::decode::<Activation>(kind)?, ten(x)?, a, b, c))
    }

    pub(crate) unsafe fn flowgate_rt_hard_sigmoid(node: i32, x: Handle, alpha: f64, beta: f64, swish: i32) -> Handle {
        run_t(node, || hard_sigmoid(ten(x)?, alpha, beta, swish != 0))
    }

    pub(crate) unsafe fn flowgate_rt_leaky_relu(node: i32, x: Handle, alpha: f64) -> Handle {
        run_t(node, || leaky_relu(ten(x)?, alpha))
    }
}
