//! `CausalConvWithState` (opset 27): a depthwise causal 1-D convolution carrying its state, as
//! the onnx reference evaluator defines it. X `[B, C, L]`, W `[C, 1, K]`, optional bias `[C]`
//! and `past_state` `[B, C, K-1]` (zeros without one): the padded input is `past_state`
//! followed by X, `Y[b, c, l] = bias[c] + sum_j W[c, 0, j] * padded[b, c, l + j]`, rounded to
//! X's type, then `silu`/`swish` (`y * sigmoid(y)`, rounded again) if asked; `present_state`
//! is the padded input's last K-1 positions. Each output sums K products in f64.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};
use flowgate_runtime_abi::CausalActivation;

const OP: &str = "CausalConvWithState";

/// Returns `[output, present_state]`.
pub fn causal_conv(
    x: &Tensor,
    w: &Tensor,
    bias: Option<&Tensor>,
    past: Option<&Tensor>,
    act: CausalActivation,
) -> RtResult<Vec<Tensor>> {
    let ([b, c, l], [wc, one, k]) = match (x.shape(), w.shape()) {
        (&[b, c, l], &[wc, one, k]) => ([b, c, l], [wc, one, k]),
        _ => bail!(
            "{OP} needs input (B, C, L) and weight (C, 1, K) of rank 3, got shapes {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(w.shape())
        ),
    };
    if wc != c || one != 1 || k == 0 {
        bail!("{OP}: weight of shape {} must be [{c},1,K] with K >= 1", fmt_shape(w.shape()));
    }
    for t in [Some(w), bias, past].into_iter().flatten() {
        if t.dtype() != x.dtype() {
            bail!("{OP} needs inputs of one element type, got {} and {}", x.dtype().name(), t.dtype().name());
        }
    }
    if let Some(bt) = bias.filter(|t| t.shape() != [c]) {
        bail!("{OP}: bias of shape {} must be [{c}]", fmt_shape(bt.shape()));
    }
    let state_shape = vec![b, c, k - 1];
    if let Some(p) = past.filter(|t| t.shape() != state_shape.as_slice()) {
        bail!("{OP}: past_state of shape {} must be {}", fmt_shape(p.shape()), fmt_shape(&state_shape));
    }
    let xv = reals::<f64>(x, OP)?;
    let wv = reals::<f64>(w, OP)?;
    let bv = bias.map(|t| reals::<f64>(t, OP)).transpose()?;
    let pv = past.map(|t| reals::<f64>(t, OP)).transpose()?;
    let width = k - 1 + l;
    let mut y = Vec::with_capacity(b * c * l);
    let mut present = Vec::with_capacity(b * c * (k - 1));
    let mut padded = vec![0f64; width];
    for bi in 0..b {
        for ci in 0..c {
            let row = bi * c + ci;
            if let Some(p) = &pv {
                padded[..k - 1].copy_from_slice(&p[row * (k - 1)..][..k - 1]);
            } else {
                padded[..k - 1].fill(0.0);
            }
            padded[k - 1..].copy_from_slice(&xv[row * l..][..l]);
            let taps = &wv[ci * k..][..k];
            let b0 = bv.as_ref().map_or(0.0, |bv| bv[ci]);
            for li in 0..l {
                y.push(b0 + taps.iter().zip(&padded[li..li + k]).map(|(a, p)| a * p).sum::<f64>());
            }
            present.extend_from_slice(&padded[l..]);
        }
    }
    let mut out = from_reals(x.dtype(), vec![b, c, l], y)?;
    if act != CausalActivation::None {
        // The reference rounds the convolution to X's type before the activation.
        let v: Vec<f64> = reals::<f64>(&out, OP)?.iter().map(|&v| v / (1.0 + (-v).exp())).collect();
        out = from_reals(x.dtype(), vec![b, c, l], v)?;
    }
    Ok(vec![out, from_reals(x.dtype(), state_shape, present)?])
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::causal_conv;
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// Returns the SEQUENCE `[output, present_state]`.
    pub(crate) unsafe fn flowgate_rt_causal_conv(
        node: i32,
        x: Handle,
        w: Handle,
        b_or_null: Handle,
        past_state_or_null: Handle,
        activation: i32,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let x = ten(x)?;
            let act = crate::error::decode(activation)?;
            let outs = causal_conv(x, ten(w)?, opt_ten(b_or_null)?, opt_ten(past_state_or_null)?, act)?;
            let items = outs.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
            Ok(RtValue::sequence(Some(x.dtype()), items))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(shape: &[usize], v: &[f32]) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v.to_vec()).unwrap()
    }

    fn f32s(t: &Tensor) -> Vec<f32> {
        t.as_slice::<f32>().unwrap().to_vec()
    }

    #[test]
    fn convolves_over_past_state_then_input() {
        // K = 2: y[l] = w0 * padded[l] + w1 * padded[l + 1] + bias, padded = [past, x...].
        let x = t(&[1, 1, 3], &[1.0, 2.0, 3.0]);
        let w = t(&[1, 1, 2], &[10.0, 1.0]);
        let b = t(&[1], &[0.5]);
        let past = t(&[1, 1, 1], &[4.0]);
        let out = causal_conv(&x, &w, Some(&b), Some(&past), CausalActivation::None).unwrap();
        assert_eq!(f32s(&out[0]), vec![41.5, 12.5, 23.5]);
        assert_eq!(f32s(&out[1]), vec![3.0]);
        let out = causal_conv(&x, &w, None, None, CausalActivation::None).unwrap();
        assert_eq!(f32s(&out[0]), vec![1.0, 12.0, 23.0]);
    }

    #[test]
    fn silu_follows_the_convolution() {
        let x = t(&[1, 1, 1], &[2.0]);
        let w = t(&[1, 1, 1], &[1.0]);
        let out = causal_conv(&x, &w, None, None, CausalActivation::Silu).unwrap();
        let want = 2.0 / (1.0 + (-2.0f64).exp());
        assert!((f64::from(f32s(&out[0])[0]) - want).abs() < 1e-6);
        assert_eq!(out[1].shape(), &[1, 1, 0]);
    }

    #[test]
    fn refuses_bad_shapes_and_types() {
        let x = t(&[1, 2, 3], &[0.0; 6]);
        let err = |r: RtResult<Vec<Tensor>>| r.err().map(|e| e.to_string()).unwrap_or_default();
        let w = t(&[1, 1, 2], &[0.0; 2]);
        assert!(err(causal_conv(&x, &w, None, None, CausalActivation::None)).contains("weight"));
        let w = t(&[2, 1, 2], &[0.0; 4]);
        let past = t(&[1, 2, 2], &[0.0; 4]);
        assert!(err(causal_conv(&x, &w, None, Some(&past), CausalActivation::None)).contains("past_state"));
        let wi = Tensor::from_vec(vec![2, 1, 2], vec![0i64; 4]).unwrap();
        assert!(err(causal_conv(&x, &wi, None, None, CausalActivation::None)).contains("one element type"));
        let r2 = t(&[2, 3], &[0.0; 6]);
        assert!(err(causal_conv(&r2, &w, None, None, CausalActivation::None)).contains("rank 3"));
    }
}
