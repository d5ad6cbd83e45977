//! Branch-free f32 `exp`, `tanh` and the logistic function for the activations of recurrent
//! cells (elementwise `Tanh`/`Sigmoid` and the LSTM kernel). libm's `expf`/`tanhf` are calls
//! the compiler cannot vectorize, and in the recurrent models of the real-model corpus they
//! took a third of the run time; these inline into slice loops that it vectorizes.
//!
//! Accuracy (checked by the tests against f64 over the whole f32 range): `exp_f32` within 2
//! ulp (Cephes' `expf`: range reduction by ln 2 in two parts, a degree-6 polynomial, the
//! power of two put in the exponent bits); `tanh_f32` within 5e-7 absolute, and relative near
//! zero (Eigen's `generic_fast_tanh_float`: a 13/6 odd/even rational on [-7.9, 7.9], where
//! f32 tanh is ±1 beyond); `sigmoid_f32` is `1 / (1 + exp(-x))` on `exp_f32`. onnxruntime's
//! own f32 `Tanh`/`Sigmoid` (MLAS) are rational approximations of this order as well.

/// e^x; NaN gives NaN, overflow +inf, underflow (below -87.3) the smallest normal or 0.
// The coefficients are the published ones, digit for digit.
#[allow(clippy::excessive_precision)]
#[inline(always)]
pub(crate) fn exp_f32(x: f32) -> f32 {
    const LOG2E: f32 = std::f32::consts::LOG2_E;
    // ln 2 = C1 + C2, C1 with few significant bits so that n * C1 is exact.
    const C1: f32 = 0.693_359_4;
    const C2: f32 = -2.121_944_4e-4;
    // Selects rather than early returns, so slice loops over this vectorize.
    let (nan, overflow) = (x.is_nan(), x > 88.722_83);
    let x = x.clamp(-87.336_55, 88.722_83);
    // n = floor(x log2 e + 1/2), by truncation and a correction (floor is a libm call
    // without SSE4.1).
    let t = x * LOG2E + 0.5;
    let ti = t as i32;
    let n = ti - i32::from((ti as f32) > t);
    let nf = n as f32;
    let r = x - nf * C1 - nf * C2;
    let mut y = 1.987_569_1e-4_f32;
    y = y * r + 1.398_199_9e-3;
    y = y * r + 8.333_452e-3;
    y = y * r + 4.166_579_6e-2;
    y = y * r + 1.666_666_5e-1;
    y = y * r + 5.000_000_1e-1;
    y = y * r * r + r + 1.0;
    // 2^n as exponent bits; n is in [-126, 128], and 2^128 (x just below the overflow
    // bound) is split into two factors so the bits stay valid.
    let half = n / 2;
    let p1 = f32::from_bits(((half + 127) as u32) << 23);
    let p2 = f32::from_bits(((n - half + 127) as u32) << 23);
    let out = y * p1 * p2;
    if nan {
        f32::NAN
    } else if overflow {
        f32::INFINITY
    } else {
        out
    }
}

/// tanh(x); NaN gives NaN, ±inf gives ±1.
#[allow(clippy::excessive_precision)]
#[inline(always)]
pub(crate) fn tanh_f32(x: f32) -> f32 {
    const CLAMP: f32 = 7.905_311;
    const A1: f32 = 4.893_524_6e-3;
    const A3: f32 = 6.372_619_3e-4;
    const A5: f32 = 1.485_722_4e-5;
    const A7: f32 = 5.122_297e-8;
    const A9: f32 = -8.604_671_5e-11;
    const A11: f32 = 2.000_188e-13;
    const A13: f32 = -2.760_768_5e-16;
    const B0: f32 = 4.893_525e-3;
    const B2: f32 = 2.268_434_6e-3;
    const B4: f32 = 1.185_347_1e-4;
    const B6: f32 = 1.198_258_4e-6;
    let c = x.clamp(-CLAMP, CLAMP);
    let x2 = c * c;
    let mut p = A13;
    p = p * x2 + A11;
    p = p * x2 + A9;
    p = p * x2 + A7;
    p = p * x2 + A5;
    p = p * x2 + A3;
    p = p * x2 + A1;
    p *= c;
    let mut q = B6;
    q = q * x2 + B4;
    q = q * x2 + B2;
    q = q * x2 + B0;
    // Below 4e-4 tanh(x) rounds to x in f32 (and the ratio is off by an ulp).
    if x.abs() < 4e-4 {
        x
    } else {
        p / q
    }
}

/// The logistic function 1 / (1 + e^-x).
#[inline(always)]
pub(crate) fn sigmoid_f32(x: f32) -> f32 {
    1.0 / (1.0 + exp_f32(-x))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 251st f32 bit pattern (about 17 million values, both signs, all exponents).
    fn samples() -> impl Iterator<Item = f32> {
        (0..u32::MAX / 251).map(|i| f32::from_bits(i.wrapping_mul(251)))
    }

    fn ulps(a: f32, b: f32) -> i64 {
        let ord = |x: f32| {
            let v = i64::from(x.to_bits() as i32);
            if v < 0 {
                i64::from(i32::MIN) - v
            } else {
                v
            }
        };
        (ord(a) - ord(b)).abs()
    }

    #[test]
    fn exp_within_two_ulp() {
        for x in samples() {
            let want = (x as f64).exp() as f32;
            let got = exp_f32(x);
            if want.is_nan() {
                assert!(got.is_nan(), "exp({x}) = {got}");
            } else if want < f32::MIN_POSITIVE {
                // Subnormal results are not produced: the smallest normal or less.
                assert!((0.0..=f32::MIN_POSITIVE).contains(&got), "exp({x}) = {got}");
            } else {
                assert!(ulps(got, want) <= 2, "exp({x}) = {got}, want {want}");
            }
        }
    }

    #[test]
    fn tanh_close_to_f64() {
        let mut worst = 0f64;
        for x in samples() {
            let want = (x as f64).tanh();
            let got = tanh_f32(x);
            if want.is_nan() {
                assert!(got.is_nan(), "tanh({x}) = {got}");
                continue;
            }
            // Absolute error, and relative where tanh is small.
            let err = (got as f64 - want).abs() / want.abs().clamp(1e-30, 1.0);
            worst = worst.max(err);
            assert!(err <= 5e-7, "tanh({x}) = {got}, want {want}");
        }
        assert!(worst > 0.0);
        assert_eq!(tanh_f32(f32::INFINITY), 1.0);
        assert_eq!(tanh_f32(f32::NEG_INFINITY), -1.0);
        assert_eq!(tanh_f32(-0.0).to_bits(), (-0f32).to_bits());
    }

    #[test]
    fn sigmoid_close_to_f64() {
        for x in samples() {
            let want = 1.0 / (1.0 + (-(x as f64)).exp());
            let got = sigmoid_f32(x);
            if want.is_nan() {
                assert!(got.is_nan(), "sigmoid({x}) = {got}");
            } else if want < f32::MIN_POSITIVE as f64 {
                assert!((got as f64) < 1e-37, "sigmoid({x}) = {got}");
            } else {
                assert!(ulps(got, want as f32) <= 3, "sigmoid({x}) = {got}, want {want}");
            }
        }
    }
}
