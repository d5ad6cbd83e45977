//! The optimizers of domain `ai.onnx.preview.training` (opset 1): `Adagrad`, `Adam` and
//! `Momentum` (standard and Nesterov), as the onnx specification's formulas. One call updates
//! one tensor X with its gradient G and its state (H, V); the lowering makes one call per X of
//! the op's variadic inputs, since each X is updated independently with the shared learning
//! rate R and step count T. Computed in f64 and rounded once to X's type.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

/// R (the learning rate, a float scalar) and T (the step count, an int64 scalar).
pub struct Step<'a> {
    pub r: &'a Tensor,
    pub t: &'a Tensor,
}

impl Step<'_> {
    fn values(&self, op: &str) -> RtResult<(f64, i64)> {
        let r = reals::<f64>(self.r, op)?;
        if r.len() != 1 {
            bail!("{op}: R must be a scalar, got shape {}", fmt_shape(self.r.shape()));
        }
        let t = self.t.to_i64s(&format!("{op} T"))?;
        if t.len() != 1 {
            bail!("{op}: T must be a scalar, got shape {}", fmt_shape(self.t.shape()));
        }
        Ok((r[0], t[0]))
    }
}

/// Adagrad's attributes.
pub struct AdagradAttrs {
    pub norm_coefficient: f64,
    pub epsilon: f64,
    pub decay_factor: f64,
}

/// Adam's attributes.
pub struct AdamAttrs {
    pub alpha: f64,
    pub beta: f64,
    pub epsilon: f64,
    pub norm_coefficient: f64,
    pub norm_coefficient_post: f64,
}

/// Momentum's attributes (`mode` "nesterov" or "standard").
pub struct MomentumAttrs {
    pub alpha: f64,
    pub beta: f64,
    pub norm_coefficient: f64,
    pub nesterov: bool,
}

/// X and the tensors that must have its shape, read as f64.
fn same_shape(op: &str, x: &Tensor, others: &[(&str, &Tensor)]) -> RtResult<Vec<Vec<f64>>> {
    let mut out = vec![reals::<f64>(x, op)?.into_owned()];
    for (name, t) in others {
        if t.shape() != x.shape() {
            bail!("{op}: {name} has shape {}, X has {}", fmt_shape(t.shape()), fmt_shape(x.shape()));
        }
        out.push(reals::<f64>(t, op)?.into_owned());
    }
    Ok(out)
}

fn results(x: &Tensor, vs: Vec<Vec<f64>>) -> RtResult<Vec<Tensor>> {
    vs.into_iter().map(|v| from_reals(x.dtype(), x.shape().to_vec(), v)).collect()
}

/// `[X_new, H_new]`.
pub fn adagrad(s: &Step<'_>, x: &Tensor, g: &Tensor, h: &Tensor, a: &AdagradAttrs) -> RtResult<Vec<Tensor>> {
    let (r, t) = s.values("Adagrad")?;
    let v = same_shape("Adagrad", x, &[("G", g), ("H", h)])?;
    let (xs, gs, hs) = (&v[0], &v[1], &v[2]);
    let rate = r / (1.0 + t as f64 * a.decay_factor);
    let (mut x_new, mut h_new) = (Vec::with_capacity(xs.len()), Vec::with_capacity(xs.len()));
    for i in 0..xs.len() {
        let g = a.norm_coefficient * xs[i] + gs[i];
        let h = hs[i] + g * g;
        x_new.push(xs[i] - rate * g / (h.sqrt() + a.epsilon));
        h_new.push(h);
    }
    results(x, vec![x_new, h_new])
}

/// `[X_new, V_new, H_new]`.
pub fn adam(s: &Step<'_>, x: &Tensor, g: &Tensor, v: &Tensor, h: &Tensor, a: &AdamAttrs) -> RtResult<Vec<Tensor>> {
    let (r, t) = s.values("Adam")?;
    let d = same_shape("Adam", x, &[("G", g), ("V", v), ("H", h)])?;
    let (xs, gs, vs, hs) = (&d[0], &d[1], &d[2], &d[3]);
    // Bias correction of the momentums from the second step on.
    let rate = if t > 0 {
        let t = i32::try_from(t).unwrap_or(i32::MAX);
        r * (1.0 - a.beta.powi(t)).sqrt() / (1.0 - a.alpha.powi(t))
    } else {
        r
    };
    let n = xs.len();
    let (mut x_new, mut v_new, mut h_new) = (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let g = a.norm_coefficient * xs[i] + gs[i];
        let v = a.alpha * vs[i] + (1.0 - a.alpha) * g;
        let h = a.beta * hs[i] + (1.0 - a.beta) * (g * g);
        let x = xs[i] - rate * (v / (h.sqrt() + a.epsilon));
        x_new.push((1.0 - a.norm_coefficient_post) * x);
        v_new.push(v);
        h_new.push(h);
    }
    results(x, vec![x_new, v_new, h_new])
}

/// `[X_new, V_new]`.
pub fn momentum(s: &Step<'_>, x: &Tensor, g: &Tensor, v: &Tensor, a: &MomentumAttrs) -> RtResult<Vec<Tensor>> {
    let (r, t) = s.values("Momentum")?;
    let d = same_shape("Momentum", x, &[("G", g), ("V", v)])?;
    let (xs, gs, vs) = (&d[0], &d[1], &d[2]);
    // The first step (T = 0) takes the whole gradient.
    let beta = if t > 0 { a.beta } else { 1.0 };
    let (mut x_new, mut v_new) = (Vec::with_capacity(xs.len()), Vec::with_capacity(xs.len()));
    for i in 0..xs.len() {
        let g = a.norm_coefficient * xs[i] + gs[i];
        let v = a.alpha * vs[i] + beta * g;
        let step = if a.nesterov { g + a.alpha * v } else { v };
        x_new.push(xs[i] - r * step);
        v_new.push(v);
    }
    results(x, vec![x_new, v_new])
}

pub(crate) mod c_abi {
    use super::*;
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    fn seq(x: &Tensor, outs: Vec<Tensor>) -> RtValue {
        let items = outs.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
        RtValue::sequence(Some(x.dtype()), items)
    }

    /// Returns the SEQUENCE `[X_new, H_new]`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_adagrad(
        node: i32,
        r: Handle,
        t: Handle,
        x: Handle,
        g: Handle,
        h: Handle,
        norm_coefficient: f64,
        epsilon: f64,
        decay_factor: f64,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let s = Step { r: ten(r)?, t: ten(t)? };
            let a = AdagradAttrs { norm_coefficient, epsilon, decay_factor };
            let x = ten(x)?;
            Ok(seq(x, adagrad(&s, x, ten(g)?, ten(h)?, &a)?))
        })
    }

    /// Returns the SEQUENCE `[X_new, V_new, H_new]`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_adam(
        node: i32,
        r: Handle,
        t: Handle,
        x: Handle,
        g: Handle,
        v: Handle,
        h: Handle,
        alpha: f64,
        beta: f64,
        epsilon: f64,
        norm_coefficient: f64,
        norm_coefficient_post: f64,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let s = Step { r: ten(r)?, t: ten(t)? };
            let a = AdamAttrs { alpha, beta, epsilon, norm_coefficient, norm_coefficient_post };
            let x = ten(x)?;
            Ok(seq(x, adam(&s, x, ten(g)?, ten(v)?, ten(h)?, &a)?))
        })
    }

    /// Returns the SEQUENCE `[X_new, V_new]`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_momentum(
        node: i32,
        r: Handle,
        t: Handle,
        x: Handle,
        g: Handle,
        v: Handle,
        alpha: f64,
        beta: f64,
        norm_coefficient: f64,
        nesterov: i32,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let s = Step { r: ten(r)?, t: ten(t)? };
            let a = MomentumAttrs { alpha, beta, norm_coefficient, nesterov: nesterov != 0 };
            let x = ten(x)?;
            Ok(seq(x, momentum(&s, x, ten(g)?, ten(v)?, &a)?))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(v: &[f32]) -> Tensor {
        Tensor::from_vec(vec![v.len()], v.to_vec()).unwrap()
    }

    fn vals(t: &Tensor) -> Vec<f64> {
        t.as_slice::<f32>().unwrap().iter().map(|&v| f64::from(v)).collect()
    }

    fn close(a: &[f64], b: &[f64]) {
        assert!(a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5), "{a:?} vs {b:?}");
    }

    #[test]
    fn adagrad_step() {
        let (r, step) = (Tensor::scalar(0.1f32), Tensor::scalar(1i64));
        let s = Step { r: &r, t: &step };
        let a = AdagradAttrs { norm_coefficient: 0.0, epsilon: 0.0, decay_factor: 1.0 };
        let out = adagrad(&s, &t(&[1.0]), &t(&[2.0]), &t(&[5.0]), &a).unwrap();
        // rate 0.1 / 2; H = 5 + 4 = 9; X = 1 - 0.05 * 2 / 3.
        close(&vals(&out[0]), &[1.0 - 0.05 * 2.0 / 3.0]);
        close(&vals(&out[1]), &[9.0]);
        let err = adagrad(&s, &t(&[1.0]), &t(&[2.0, 3.0]), &t(&[5.0]), &a).unwrap_err();
        assert!(err.0.contains("Adagrad: G has shape"), "{}", err.0);
        let bad_r = Tensor::from_vec(vec![2], vec![0.1f32, 0.2]).unwrap();
        let err = adagrad(&Step { r: &bad_r, t: &step }, &t(&[1.0]), &t(&[2.0]), &t(&[5.0]), &a).unwrap_err();
        assert!(err.0.contains("R must be a scalar"), "{}", err.0);
    }

    #[test]
    fn momentum_and_nesterov() {
        let (r, t0, t1) = (Tensor::scalar(0.5f32), Tensor::scalar(0i64), Tensor::scalar(3i64));
        let a = MomentumAttrs { alpha: 0.5, beta: 0.25, norm_coefficient: 0.0, nesterov: false };
        // T = 0: beta is 1. V = 0.5 * 2 + 4 = 5, X = 1 - 2.5.
        let out = momentum(&Step { r: &r, t: &t0 }, &t(&[1.0]), &t(&[4.0]), &t(&[2.0]), &a).unwrap();
        close(&vals(&out[0]), &[-1.5]);
        close(&vals(&out[1]), &[5.0]);
        let n = MomentumAttrs { nesterov: true, ..a };
        // V = 1 + 0.25 * 4 = 2; X = 1 - 0.5 * (4 + 0.5 * 2).
        let out = momentum(&Step { r: &r, t: &t1 }, &t(&[1.0]), &t(&[4.0]), &t(&[2.0]), &n).unwrap();
        close(&vals(&out[0]), &[-1.5]);
        close(&vals(&out[1]), &[2.0]);
        let ints = Tensor::from_i64s(vec![1]);
        assert!(momentum(&Step { r: &r, t: &t1 }, &ints, &ints, &ints, &n).is_err());
    }

    #[test]
    fn adam_step() {
        let (r, step) = (Tensor::scalar(0.1f32), Tensor::scalar(1i64));
        let a = AdamAttrs { alpha: 0.5, beta: 0.75, epsilon: 0.0, norm_coefficient: 0.0, norm_coefficient_post: 0.0 };
        let out = adam(&Step { r: &r, t: &step }, &t(&[1.0]), &t(&[2.0]), &t(&[0.0]), &t(&[0.0]), &a).unwrap();
        // V = 1, H = 0.25 * 4 = 1, rate = 0.1 * sqrt(0.25) / 0.5 = 0.1; X = 1 - 0.1.
        close(&vals(&out[0]), &[0.9]);
        close(&vals(&out[1]), &[1.0]);
        close(&vals(&out[2]), &[1.0]);
        let err = adam(&Step { r: &r, t: &r }, &t(&[1.0]), &t(&[2.0]), &t(&[0.0]), &t(&[0.0]), &a).unwrap_err();
        assert!(err.0.contains("Adam"), "{}", err.0);
    }
}
