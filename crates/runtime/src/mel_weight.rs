//! `MelWeightMatrix` (opset 17): the `[dft_length / 2 + 1, num_mel_bins]` matrix of triangular
//! filters that maps a onesided spectrum to mel bands, as the onnx reference builds it: the band
//! edges are `num_mel_bins + 2` points equally spaced in mel between the two edge frequencies,
//! each floored to a spectrum bin `(dft_length + 1) * f / sample_rate`.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{DType, Tensor};

/// One integer scalar input.
fn int_scalar(t: &Tensor, what: &str) -> RtResult<i64> {
    match t.to_i64s(&format!("MelWeightMatrix {what}"))?.as_slice() {
        [v] => Ok(*v),
        v => bail!("MelWeightMatrix: {what} must be a scalar, got {} values", v.len()),
    }
}

fn float_scalar(t: &Tensor, what: &str) -> RtResult<f64> {
    match reals::<f64>(t, &format!("MelWeightMatrix {what}"))?.as_ref() {
        [v] => Ok(*v),
        v => bail!("MelWeightMatrix: {what} must be a scalar, got {} values", v.len()),
    }
}

/// A frequency in Hz in mel, `2595 log10(1 + f / 700)`; the reference computes the logarithm
/// in the edge's own type (float32 for the node suite) before widening.
fn to_mel(hz: f64, dtype: DType) -> f64 {
    let l = if dtype == DType::F64 {
        (hz / 700.0).ln_1p() * 2595.0
    } else {
        f64::from(((hz / 700.0) as f32).ln_1p() * 2595.0)
    };
    l / std::f64::consts::LN_10
}

pub struct MelInputs<'a> {
    pub num_mel_bins: &'a Tensor,
    pub dft_length: &'a Tensor,
    pub sample_rate: &'a Tensor,
    pub lower_edge_hertz: &'a Tensor,
    pub upper_edge_hertz: &'a Tensor,
}

pub fn mel_weight_matrix(i: &MelInputs<'_>, to: DType) -> RtResult<Tensor> {
    let bins = int_scalar(i.num_mel_bins, "num_mel_bins")?;
    let dft = int_scalar(i.dft_length, "dft_length")?;
    let rate = int_scalar(i.sample_rate, "sample_rate")?;
    let (lo, hi) =
        (float_scalar(i.lower_edge_hertz, "lower_edge_hertz")?, float_scalar(i.upper_edge_hertz, "upper_edge_hertz")?);
    if bins <= 0 || dft <= 0 || rate <= 0 {
        bail!("MelWeightMatrix: num_mel_bins ({bins}), dft_length ({dft}) and sample_rate ({rate}) must be positive");
    }
    if !(0.0..=hi).contains(&lo) {
        bail!("MelWeightMatrix: the edges must satisfy 0 <= lower_edge_hertz ({lo}) <= upper_edge_hertz ({hi})");
    }
    let (bins, spectrum) = (bins as usize, (dft / 2 + 1) as usize);
    crate::value::checked_numel(&[spectrum, bins], 8)?;
    let (lo_mel, hi_mel) = (to_mel(lo, i.lower_edge_hertz.dtype()), to_mel(hi, i.upper_edge_hertz.dtype()));
    let step = (hi_mel - lo_mel) / (bins + 2) as f64;
    let edges: Vec<i64> = (0..bins + 2)
        .map(|k| {
            let hz = 700.0 * ((k as f64 * step + lo_mel) / 2595.0 * std::f64::consts::LN_10).exp_m1();
            (((dft + 1) as f64 * hz) / rate as f64).floor() as i64
        })
        .collect();
    let mut out = vec![0.0; spectrum * bins];
    // The edges lie below the spectrum's end when upper_edge_hertz is at most the Nyquist
    // frequency; any filter point past it is an error, not a write out of bounds.
    let mut set = |j: i64, col: usize, v: f64| -> RtResult<()> {
        match usize::try_from(j).ok().filter(|&j| j < spectrum) {
            Some(j) => {
                out[j * bins + col] = v;
                Ok(())
            }
            None => bail!("MelWeightMatrix: upper_edge_hertz {hi} lies past the spectrum of dft_length {dft} at sample_rate {rate}"),
        }
    };
    for col in 0..bins {
        let (left, center, right) = (edges[col], edges[col + 1], edges[col + 2]);
        if center == left {
            set(center, col, 1.0)?;
        } else {
            for j in left..=center {
                set(j, col, (j - left) as f64 / (center - left) as f64)?;
            }
        }
        for j in center..right {
            set(j, col, (right - j) as f64 / (right - center) as f64)?;
        }
    }
    from_reals(to, vec![spectrum, bins], out)
}

pub(crate) mod c_abi {
    use super::{mel_weight_matrix, MelInputs};
    use crate::abi::support::*;
    use crate::value::Handle;

    /// `to`: the `output_datatype` code.
    pub(crate) unsafe fn flowgate_rt_mel_weight_matrix(
        node: i32,
        num_mel_bins: Handle,
        dft_length: Handle,
        sample_rate: Handle,
        lower_edge_hertz: Handle,
        upper_edge_hertz: Handle,
        to: i32,
    ) -> Handle {
        run_t(node, || {
            let i = MelInputs {
                num_mel_bins: ten(num_mel_bins)?,
                dft_length: ten(dft_length)?,
                sample_rate: ten(sample_rate)?,
                lower_edge_hertz: ten(lower_edge_hertz)?,
                upper_edge_hertz: ten(upper_edge_hertz)?,
            };
            mel_weight_matrix(&i, dtype(to)?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(bins: i64, dft: i64, rate: i64, lo: f32, hi: f32) -> RtResult<Tensor> {
        let (b, d, r) = (Tensor::scalar(bins), Tensor::scalar(dft), Tensor::scalar(rate));
        let (l, h) = (Tensor::scalar(lo), Tensor::scalar(hi));
        let i =
            MelInputs { num_mel_bins: &b, dft_length: &d, sample_rate: &r, lower_edge_hertz: &l, upper_edge_hertz: &h };
        mel_weight_matrix(&i, DType::F32)
    }

    #[test]
    fn triangles_sum_within_the_spectrum() {
        let m = build(8, 16, 8192, 0.0, 4096.0).unwrap();
        assert_eq!(m.shape(), &[9, 8]);
        let v = m.as_slice::<f32>().unwrap();
        // Every filter has its peak of 1 at its centre bin.
        for col in 0..8 {
            assert!((0..9).any(|j| v[j * 8 + col] == 1.0), "column {col}: {v:?}");
        }
        assert!(v.iter().all(|&x| (0.0..=1.0).contains(&x)));
    }

    #[test]
    fn bad_inputs_are_errors() {
        assert!(build(0, 16, 8192, 0.0, 4096.0).unwrap_err().0.contains("MelWeightMatrix"));
        assert!(build(8, 16, 8192, 100.0, 50.0).unwrap_err().0.contains("lower_edge_hertz"));
        // Past the Nyquist frequency the filters leave the spectrum.
        assert!(build(8, 16, 8192, 0.0, 40000.0).unwrap_err().0.contains("past the spectrum"));
        let two = Tensor::from_i64s(vec![1, 2]);
        let s = Tensor::scalar(1i64);
        let f = Tensor::scalar(1f32);
        let i = MelInputs {
            num_mel_bins: &two,
            dft_length: &s,
            sample_rate: &s,
            lower_edge_hertz: &f,
            upper_edge_hertz: &f,
        };
        assert!(mel_weight_matrix(&i, DType::F32).unwrap_err().0.contains("scalar"));
    }
}
