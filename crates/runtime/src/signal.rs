//! `DFT` and `STFT` through rustfft (any length; f64 internally, rounded once to the element type). The
//! last input axis holds the real part (size 1) or real and imaginary parts (size 2); the output
//! is complex (size 2), except the inverse one-sided transform (irfft), which is real.

use rustfft::num_complex::Complex;
use rustfft::FftPlanner;

use crate::broadcast::norm_axis;
use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{checked_numel, fmt_shape, Tensor};

/// `dft_length` None means the signal's own length (for irfft: `2 * (bins - 1)`).
pub fn dft(x: &Tensor, dft_length: Option<i64>, axis: i64, inverse: bool, onesided: bool) -> RtResult<Tensor> {
    let r = x.rank();
    if r < 2 || !matches!(x.shape()[r - 1], 1 | 2) {
        bail!("DFT needs an input whose last dimension is 1 (real) or 2 (complex), got shape {}", fmt_shape(x.shape()));
    }
    let a = norm_axis(axis, r)?;
    if a == r - 1 {
        bail!("DFT: axis {axis} is the real/imaginary axis");
    }
    let n_in = x.shape()[a];
    let irfft = inverse && onesided;
    let len = match dft_length {
        Some(l) if (1..=(1 << 40)).contains(&l) => l as usize,
        Some(l) => bail!("DFT: dft_length must be positive, got {l}"),
        None if irfft => 2 * n_in.saturating_sub(1),
        None => n_in,
    };
    if len == 0 {
        bail!("DFT: the transform length is 0 (shape {})", fmt_shape(x.shape()));
    }
    let comp = x.shape()[r - 1];
    let outer: usize = x.shape()[..a].iter().product();
    let inner: usize = x.shape()[a + 1..r - 1].iter().product();
    let out_len = if !inverse && onesided { len / 2 + 1 } else { len };
    let out_comp = if irfft { 1 } else { 2 };
    let mut shape = x.shape().to_vec();
    shape[a] = out_len;
    shape[r - 1] = out_comp;
    checked_numel(&shape, 8)?;
    let xv = reals::<f64>(x, "DFT")?;
    let mut planner = FftPlanner::<f64>::new();
    let fft = if inverse { planner.plan_fft_inverse(len) } else { planner.plan_fft_forward(len) };
    let mut y = vec![0f64; outer * out_len * inner * out_comp];
    let mut buf = vec![Complex::new(0.0, 0.0); len];
    let bins = len / 2 + 1;
    for o in 0..outer {
        for i in 0..inner {
            let at = |k: usize| {
                let base = ((o * n_in + k) * inner + i) * comp;
                Complex::new(xv[base], if comp == 2 { xv[base + 1] } else { 0.0 })
            };
            buf.fill(Complex::new(0.0, 0.0));
            if irfft {
                // The Hermitian spectrum from its first `bins` values.
                for (k, slot) in buf.iter_mut().enumerate().take(bins.min(n_in)) {
                    *slot = at(k);
                }
                for k in bins..len {
                    buf[k] = buf[len - k].conj();
                }
                // DC (and Nyquist for even lengths) are real in a real signal's spectrum.
                buf[0].im = 0.0;
                if len.is_multiple_of(2) {
                    buf[len / 2].im = 0.0;
                }
            } else {
                for (k, slot) in buf.iter_mut().enumerate().take(n_in.min(len)) {
                    *slot = at(k);
                }
            }
            fft.process(&mut buf);
            let scale = if inverse { 1.0 / len as f64 } else { 1.0 };
            for (k, v) in buf.iter().enumerate().take(out_len) {
                let base = ((o * out_len + k) * inner + i) * out_comp;
                y[base] = v.re * scale;
                if out_comp == 2 {
                    y[base + 1] = v.im * scale;
                }
            }
        }
    }
    from_reals(x.dtype(), shape, y)
}

/// `STFT` (opset 17): frames of `frame_length` samples every `frame_step` samples of each batch
/// row of `x` ([batch, length, 1 or 2], or [batch, length] for a real signal), each multiplied by `window` (ones when absent) and
/// transformed; the result is [batch, frames, bins, 2] with `bins = frame_length / 2 + 1` when
/// `onesided`. `frame_length` None means the window's length.
pub fn stft(
    x: &Tensor,
    frame_step: i64,
    window: Option<&Tensor>,
    frame_length: Option<i64>,
    onesided: bool,
) -> RtResult<Tensor> {
    // onnxruntime also takes a real signal without its last axis ([batch, length]), as
    // exporters (onnx-asr's preprocessors) emit it.
    let (batch, n, comp) = match *x.shape() {
        [b, n] => (b, n, 1),
        [b, n, c @ (1 | 2)] => (b, n, c),
        _ => bail!("STFT needs a signal of shape [batch, length, 1 or 2], got shape {}", fmt_shape(x.shape())),
    };
    if frame_step <= 0 {
        bail!("STFT: frame_step must be positive, got {frame_step}");
    }
    let win: Option<std::borrow::Cow<'_, [f64]>> = match window {
        Some(w) if w.rank() != 1 => bail!("STFT: the window must be 1-D, got shape {}", fmt_shape(w.shape())),
        Some(w) => Some(reals::<f64>(w, "STFT window")?),
        None => None,
    };
    let len = match (frame_length, &win) {
        (Some(l), Some(w)) if usize::try_from(l).ok() != Some(w.len()) => {
            bail!("STFT: frame_length {l} differs from the window's length {}", w.len())
        }
        (Some(l), _) if l <= 0 || l > 1 << 40 => bail!("STFT: frame_length must be positive, got {l}"),
        (Some(l), _) => l as usize,
        (None, Some(w)) if !w.is_empty() => w.len(),
        _ => bail!("STFT needs a window or a frame_length"),
    };
    if onesided && comp == 2 {
        bail!("STFT: onesided needs a real signal (last dimension 1)");
    }
    let step = frame_step as usize;
    let frames = if n >= len { (n - len) / step + 1 } else { 0 };
    let bins = if onesided { len / 2 + 1 } else { len };
    let shape = vec![batch, frames, bins, 2];
    checked_numel(&shape, 8)?;
    let xv = reals::<f64>(x, "STFT")?;
    let mut planner = FftPlanner::<f64>::new();
    let fft = planner.plan_fft_forward(len);
    let mut y = vec![0f64; batch * frames * bins * 2];
    let mut buf = vec![Complex::new(0.0, 0.0); len];
    let mut scratch = vec![Complex::new(0.0, 0.0); fft.get_inplace_scratch_len()];
    for b in 0..batch {
        for f in 0..frames {
            let start = f * step;
            for (k, slot) in buf.iter_mut().enumerate() {
                let base = (b * n + start + k) * comp;
                let w = win.as_ref().map_or(1.0, |w| w[k]);
                *slot = Complex::new(xv[base] * w, if comp == 2 { xv[base + 1] * w } else { 0.0 });
            }
            fft.process_with_scratch(&mut buf, &mut scratch);
            let out = &mut y[(b * frames + f) * bins * 2..][..bins * 2];
            for (o, v) in out.chunks_exact_mut(2).zip(&buf) {
                o[0] = v.re;
                o[1] = v.im;
            }
        }
    }
    from_reals(x.dtype(), shape, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn forward_onesided_inverse_roundtrip() {
        // [1, 2, 3, 4] as a real signal of shape [1, 4, 1].
        let x = f(&[1, 4, 1], vec![1., 2., 3., 4.]);
        let y = dft(&x, None, 1, false, false).unwrap();
        assert_eq!(y.shape(), &[1, 4, 2]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[10., 0., -2., 2., -2., 0., -2., -2.]);
        let h = dft(&x, None, 1, false, true).unwrap();
        assert_eq!(h.shape(), &[1, 3, 2]);
        let back = dft(&h, None, 1, true, true).unwrap();
        assert_eq!(back.shape(), &[1, 4, 1]);
        let b = back.as_slice::<f32>().unwrap();
        for (got, want) in b.iter().zip([1., 2., 3., 4.]) {
            assert!((got - want).abs() < 1e-5);
        }
        let inv = dft(&y, None, -2, true, false).unwrap();
        let v = inv.as_slice::<f32>().unwrap();
        assert!((v[2] - 2.0).abs() < 1e-6 && v[3].abs() < 1e-6);
        // A longer dft_length zero-pads.
        let p = dft(&x, Some(8), 1, false, false).unwrap();
        assert_eq!(p.shape(), &[1, 8, 2]);
        assert_eq!(p.as_slice::<f32>().unwrap()[0], 10.);
        assert!(dft(&x, None, 2, false, false).is_err());
        assert!(dft(&f(&[4, 3], vec![0.; 12]), None, 0, false, false).is_err());
    }

    #[test]
    fn stft_frames_windows_and_errors() {
        // Two frames of 4 samples every 2 of [1 2 3 4 5 6], no window: frame sums and the
        // one-sided bins of [1 2 3 4] and [3 4 5 6].
        let x = f(&[1, 6, 1], vec![1., 2., 3., 4., 5., 6.]);
        let y = stft(&x, 2, None, Some(4), true).unwrap();
        assert_eq!(y.shape(), &[1, 2, 3, 2]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[10., 0., -2., 2., -2., 0., 18., 0., -2., 2., -2., 0.]);
        // A window scales each sample; its length is the frame length.
        let w = f(&[4], vec![0., 1., 1., 0.]);
        let y = stft(&x, 2, Some(&w), None, false).unwrap();
        assert_eq!(y.shape(), &[1, 2, 4, 2]);
        let v = y.as_slice::<f32>().unwrap();
        assert_eq!((v[0], v[1]), (5., 0.));
        assert_eq!((v[8], v[9]), (9., 0.));
        // A signal shorter than a frame has no frames.
        assert_eq!(stft(&f(&[1, 3, 1], vec![0.; 3]), 1, None, Some(4), true).unwrap().shape(), &[1, 0, 3, 2]);
        assert!(stft(&x, 0, None, Some(4), true).is_err());
        assert!(stft(&x, 1, None, None, true).is_err());
        assert!(stft(&x, 1, Some(&w), Some(3), true).is_err());
        // A rank-2 signal is real: the same frames as [1, 6, 1].
        let r2 = stft(&f(&[1, 6], vec![1., 2., 3., 4., 5., 6.]), 2, None, Some(4), true).unwrap();
        assert_eq!(r2.as_slice::<f32>().unwrap()[6], 18.);
        assert!(stft(&f(&[6], vec![0.; 6]), 1, None, Some(4), true).is_err());
        assert!(stft(&f(&[1, 6, 3], vec![0.; 18]), 1, None, Some(4), true).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::signal::{dft, stft};
    use crate::value::Handle;

    /// DFT; `dft_length` < 0 means absent.
    pub(crate) unsafe fn flowgate_rt_dft(
        node: i32,
        x: Handle,
        dft_length: i64,
        axis: i64,
        inverse: i32,
        onesided: i32,
    ) -> Handle {
        run_t(node, || dft(ten(x)?, (dft_length >= 0).then_some(dft_length), axis, inverse != 0, onesided != 0))
    }

    /// STFT; `window_or_null` may be null, `frame_length` < 0 means absent.
    pub(crate) unsafe fn flowgate_rt_stft(
        node: i32,
        x: Handle,
        frame_step: i64,
        window_or_null: Handle,
        frame_length: i64,
        onesided: i32,
    ) -> Handle {
        run_t(node, || {
            stft(
                ten(x)?,
                frame_step,
                opt_ten(window_or_null)?,
                (frame_length >= 0).then_some(frame_length),
                onesided != 0,
            )
        })
    }
}
