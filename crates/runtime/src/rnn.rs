//! `LSTM` (ONNX gate order i, o, f, c; peepholes i, o, f): forward, reverse and bidirectional,
//! optional bias, initial states, peepholes, `sequence_lens`, `clip`, `input_forget`, any of
//! ONNX's activation functions, layout 0 and 1. The input projection of every time step is one
//! GEMM per direction and the recurrent product one GEMM per step, both through matrixmultiply.
//!
//! With `sequence_lens`, batch entry `b` runs `len[b]` steps (a reverse direction starts at its
//! own last valid step); past its end its Y rows are 0 and its states hold, as onnxruntime does.

use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::value::{checked_numel, fmt_shape, Tensor};

/// An activation function with its alpha and beta (ONNX's RNN activation list).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Activation {
    pub kind: ActKind,
    pub alpha: f64,
    pub beta: f64,
}

pub use flowgate_runtime_abi::ActKind;

impl Activation {
    /// `apply` on every element; the common kinds as plain loops the compiler vectorizes.
    pub(crate) fn apply_slice<T: Real>(&self, v: &mut [T]) {
        let one = T::of(1.0);
        crate::simd::wide(|| match self.kind {
            ActKind::Sigmoid => v.iter_mut().for_each(|x| *x = one / (one + (T::default() - *x).exp())),
            ActKind::Tanh => v.iter_mut().for_each(|x| *x = x.tanh()),
            _ => v.iter_mut().for_each(|x| *x = self.apply(*x)),
        })
    }

    fn apply<T: Real>(&self, x: T) -> T {
        let (a, b) = (T::of(self.alpha), T::of(self.beta));
        let zero = T::default();
        let one = T::of(1.0);
        match self.kind {
            ActKind::Sigmoid => one / (one + (zero - x).exp()),
            ActKind::Tanh => x.tanh(),
            ActKind::Relu => {
                if x > zero {
                    x
                } else {
                    zero
                }
            }
            ActKind::HardSigmoid => {
                let v = a * x + b;
                if v < zero {
                    zero
                } else if v > one {
                    one
                } else {
                    v
                }
            }
            ActKind::LeakyRelu => {
                if x >= zero {
                    x
                } else {
                    a * x
                }
            }
            ActKind::ThresholdedRelu => {
                if x > a {
                    x
                } else {
                    zero
                }
            }
            ActKind::ScaledTanh => a * (b * x).tanh(),
            ActKind::Elu => {
                if x >= zero {
                    x
                } else {
                    a * (x.exp() - one)
                }
            }
            ActKind::Softsign => x / (one + if x < zero { zero - x } else { x }),
            ActKind::Softplus => T::of((1.0 + x.to_f64().exp()).ln()),
            ActKind::Affine => a * x + b,
        }
    }

    fn default_set() -> [Activation; 3] {
        let a = |kind| Activation { kind, alpha: 0.0, beta: 0.0 };
        [a(ActKind::Sigmoid), a(ActKind::Tanh), a(ActKind::Tanh)]
    }
}

/// The attributes of LSTM.
#[derive(Clone, Debug)]
pub struct LstmAttrs {
    pub hidden_size: Option<usize>,
    /// 0 forward, 1 reverse, 2 bidirectional.
    pub direction: i32,
    pub layout: i32,
    pub input_forget: bool,
    pub clip: Option<f64>,
    /// Three per direction (f, g, h), or empty for the defaults.
    pub activations: Vec<Activation>,
}

/// The optional inputs.
pub struct LstmInputs<'a> {
    pub b: Option<&'a Tensor>,
    pub seq_lens: Option<&'a Tensor>,
    pub initial_h: Option<&'a Tensor>,
    pub initial_c: Option<&'a Tensor>,
    pub p: Option<&'a Tensor>,
}

/// Sizes of the problem.
#[derive(Clone, Copy)]
struct Dims {
    seq: usize,
    batch: usize,
    input: usize,
    hidden: usize,
    dirs: usize,
}

/// Returns `[Y, Y_h, Y_c]`.
pub fn lstm(x: &Tensor, w: &Tensor, r: &Tensor, opt: &LstmInputs<'_>, a: &LstmAttrs) -> RtResult<[Tensor; 3]> {
    if x.rank() != 3 || w.rank() != 3 || r.rank() != 3 {
        bail!(
            "LSTM needs 3-D X, W and R, got shapes {}, {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(w.shape()),
            fmt_shape(r.shape())
        );
    }
    for t in [Some(w), Some(r), opt.b, opt.initial_h, opt.initial_c, opt.p].into_iter().flatten() {
        if t.dtype() != x.dtype() {
            bail!("LSTM needs inputs of one element type, got {} and {}", x.dtype().name(), t.dtype().name());
        }
    }
    let dirs = if a.direction == 2 { 2 } else { 1 };
    if !(0..=2).contains(&a.direction) || !(0..=1).contains(&a.layout) {
        bail!("LSTM: unknown direction {} or layout {}", a.direction, a.layout);
    }
    let (seq, batch) = if a.layout == 0 { (x.shape()[0], x.shape()[1]) } else { (x.shape()[1], x.shape()[0]) };
    let hidden = a.hidden_size.unwrap_or(r.shape()[2]);
    let d = Dims { seq, batch, input: x.shape()[2], hidden, dirs };
    let want = |t: &Tensor, shape: &[usize], what: &str| -> RtResult<()> {
        if t.shape() != shape {
            bail!("LSTM: {what} must have shape {}, got {}", fmt_shape(shape), fmt_shape(t.shape()));
        }
        Ok(())
    };
    want(w, &[dirs, 4 * hidden, d.input], "W")?;
    want(r, &[dirs, 4 * hidden, hidden], "R")?;
    let state_shape = if a.layout == 0 { [dirs, batch, hidden] } else { [batch, dirs, hidden] };
    if let Some(b) = opt.b {
        want(b, &[dirs, 8 * hidden], "B")?;
    }
    if let Some(p) = opt.p {
        want(p, &[dirs, 3 * hidden], "P")?;
    }
    for (t, what) in [(opt.initial_h, "initial_h"), (opt.initial_c, "initial_c")] {
        if let Some(t) = t {
            want(t, &state_shape, what)?;
        }
    }
    let lens = sequence_lens("LSTM", opt.seq_lens, batch, seq)?;
    let acts = match a.activations.len() {
        0 => [Activation::default_set(), Activation::default_set()].concat(),
        n if n == 3 * dirs => a.activations.clone(),
        n => bail!("LSTM: {n} activations given, expected {}", 3 * dirs),
    };
    checked_numel(&[seq, dirs, batch, 4 * hidden], 8)?;
    with_real!(x.dtype(), "LSTM", T => lstm_real::<T>(x, w, r, opt, a, d, &lens, &acts))
}

/// `sequence_lens` as one length per batch entry, each at most `seq` (all `seq` when absent).
pub(crate) fn sequence_lens(op: &str, lens: Option<&Tensor>, batch: usize, seq: usize) -> RtResult<Vec<usize>> {
    let Some(s) = lens else { return Ok(vec![seq; batch]) };
    let v = s.to_i64_list("sequence_lens", false)?;
    if v.len() != batch || v.iter().any(|&l| l < 0 || l as usize > seq) {
        bail!("{op}: sequence_lens must hold {batch} values in [0, {seq}], got {v:?}");
    }
    Ok(v.into_iter().map(|l| l as usize).collect())
}

/// Where a recurrent op's rows live: Y `[seq, dirs, batch, h]` and states `[dirs, batch, h]`
/// in layout 0, `[batch, seq, dirs, h]` and `[batch, dirs, h]` in layout 1.
#[derive(Clone, Copy)]
pub(crate) struct Steps {
    pub seq: usize,
    pub batch: usize,
    pub dirs: usize,
    pub h: usize,
    pub layout: i32,
}

impl Steps {
    /// The offset of state row (dir, b).
    pub(crate) fn state(&self, dir: usize, b: usize) -> usize {
        let Steps { batch, dirs, h, .. } = *self;
        if self.layout == 0 {
            (dir * batch + b) * h
        } else {
            (b * dirs + dir) * h
        }
    }

    /// The offset of Y row (t, dir, b).
    pub(crate) fn y(&self, t: usize, dir: usize, b: usize) -> usize {
        let Steps { seq, batch, dirs, h, .. } = *self;
        if self.layout == 0 {
            ((t * dirs + dir) * batch + b) * h
        } else {
            ((b * seq + t) * dirs + dir) * h
        }
    }

    pub(crate) fn y_shape(&self) -> Vec<usize> {
        let Steps { seq, batch, dirs, h, .. } = *self;
        if self.layout == 0 {
            vec![seq, dirs, batch, h]
        } else {
            vec![batch, seq, dirs, h]
        }
    }

    pub(crate) fn state_shape(&self) -> Vec<usize> {
        let Steps { batch, dirs, h, .. } = *self;
        if self.layout == 0 {
            vec![dirs, batch, h]
        } else {
            vec![batch, dirs, h]
        }
    }

    /// `xw[(t * batch + b) * g ..][..g] += X[t, b] W^T` for every step at once: one product per
    /// batch entry over all its steps (W is packed once per entry, not once per step). `wt` is
    /// W^T, `[input, g]` row-major (`prepack::transposed`).
    pub(crate) fn project<T: Real>(&self, xv: &[T], wt: &[T], input: usize, g: usize, xw: &mut [T]) -> RtResult<()> {
        let Steps { seq, batch, .. } = *self;
        // Row (t, b) of X, as the GEMM reads it, whatever the layout.
        let (xrs_t, xrs_b) = if self.layout == 0 { (batch * input, input) } else { (input, seq * input) };
        if seq == 0 {
            return Ok(());
        }
        for b in 0..batch {
            T::gemm(
                seq,
                input,
                g,
                T::of(1.0),
                Mat { data: &xv[b * xrs_b..], rs: xrs_t, cs: 1 },
                Mat { data: wt, rs: g, cs: 1 },
                T::of(1.0),
                MatMut { data: &mut xw[b * g..], rs: batch * g },
            )?;
        }
        Ok(())
    }
}

#[allow(clippy::too_many_arguments)]
fn lstm_real<T: Real>(
    x: &Tensor,
    w: &Tensor,
    r: &Tensor,
    opt: &LstmInputs<'_>,
    a: &LstmAttrs,
    d: Dims,
    lens: &[usize],
    acts: &[Activation],
) -> RtResult<[Tensor; 3]> {
    let Dims { seq, batch, input, hidden: h, dirs } = d;
    let g4 = 4 * h;
    let xv = reals::<T>(x, "LSTM")?;
    // W^T and R^T, prepared once for constant weights.
    let wt = crate::prepack::transposed::<T>(w, "LSTM")?;
    let rt = crate::prepack::transposed::<T>(r, "LSTM")?;
    let bv = opt.b.map(|b| crate::prepack::reals::<T>(b, "LSTM")).transpose()?;
    let pv = opt.p.map(|p| crate::prepack::reals::<T>(p, "LSTM")).transpose()?;
    let ih = opt.initial_h.map(|t| reals::<T>(t, "LSTM")).transpose()?;
    let ic = opt.initial_c.map(|t| reals::<T>(t, "LSTM")).transpose()?;
    let clip = a.clip.map(T::of);
    let mut y = vec![T::default(); seq * dirs * batch * h];
    let mut yh = vec![T::default(); dirs * batch * h];
    let mut yc = vec![T::default(); dirs * batch * h];
    let steps = Steps { seq, batch, dirs, h, layout: a.layout };
    let (st, yi) = (|dir, b| steps.state(dir, b), |t, dir, b| steps.y(t, dir, b));
    for dir in 0..dirs {
        let reverse = a.direction == 1 || dir == 1;
        let wd = &wt.0[dir * g4 * input..][..g4 * input];
        let rd = &rt.0[dir * g4 * h..][..g4 * h];
        // XW[t * batch + b] = X[t, b] W^T + both biases.
        let mut xw = vec![T::default(); seq * batch * g4];
        if let Some(bv) = &bv {
            for row in xw.chunks_exact_mut(g4) {
                for (k, slot) in row.iter_mut().enumerate() {
                    *slot = bv[dir * 8 * h + k] + bv[dir * 8 * h + g4 + k];
                }
            }
        }
        steps.project(&xv, wd, input, g4, &mut xw)?;
        let mut hs = vec![T::default(); batch * h];
        let mut cs = vec![T::default(); batch * h];
        for b in 0..batch {
            if let Some(ih) = &ih {
                hs[b * h..][..h].copy_from_slice(&ih[st(dir, b)..][..h]);
            }
            if let Some(ic) = &ic {
                cs[b * h..][..h].copy_from_slice(&ic[st(dir, b)..][..h]);
            }
        }
        let (f, g, hact) = (acts[3 * dir], acts[3 * dir + 1], acts[3 * dir + 2]);
        let mut gates = vec![T::default(); batch * g4];
        for s in 0..seq {
            // Each batch entry's time index for this step.
            for b in 0..batch {
                if s < lens[b] {
                    let t = if reverse { lens[b] - 1 - s } else { s };
                    gates[b * g4..][..g4].copy_from_slice(&xw[(t * batch + b) * g4..][..g4]);
                }
            }
            T::gemm(
                batch,
                h,
                g4,
                T::of(1.0),
                Mat { data: &hs, rs: h, cs: 1 },
                Mat { data: rd, rs: g4, cs: 1 },
                T::of(1.0),
                MatMut { data: &mut gates, rs: g4 },
            )?;
            for b in 0..batch {
                if s >= lens[b] {
                    continue;
                }
                let t = if reverse { lens[b] - 1 - s } else { s };
                let gb = &mut gates[b * g4..][..g4];
                if let Some(c) = clip {
                    let lo = T::default() - c;
                    for v in gb.iter_mut() {
                        *v = if *v > c {
                            c
                        } else if *v < lo {
                            lo
                        } else {
                            *v
                        };
                    }
                }
                // Gate order i, o, f, c. Each step works on whole gate vectors so that the
                // activations run as slice loops (vectorized for the common ones).
                let (gi, rest) = gb.split_at_mut(h);
                let (go, rest) = rest.split_at_mut(h);
                let (gf, gc) = rest.split_at_mut(h);
                let c_prev = &mut cs[b * h..][..h];
                if let Some(p) = &pv {
                    let p = &p[dir * 3 * h..][..3 * h];
                    for j in 0..h {
                        gi[j] += p[j] * c_prev[j];
                        gf[j] += p[2 * h + j] * c_prev[j];
                    }
                }
                f.apply_slice(gi);
                if a.input_forget {
                    for j in 0..h {
                        gf[j] = T::of(1.0) - gi[j];
                    }
                } else {
                    f.apply_slice(gf);
                }
                g.apply_slice(gc);
                for j in 0..h {
                    c_prev[j] = gf[j] * c_prev[j] + gi[j] * gc[j];
                }
                if let Some(p) = &pv {
                    let p = &p[dir * 3 * h + h..][..h];
                    for j in 0..h {
                        go[j] += p[j] * c_prev[j];
                    }
                }
                f.apply_slice(go);
                // gc is free now: it takes hact(c).
                gc.copy_from_slice(c_prev);
                hact.apply_slice(gc);
                let hb = &mut hs[b * h..][..h];
                let yb = &mut y[yi(t, dir, b)..][..h];
                for j in 0..h {
                    let h_new = go[j] * gc[j];
                    hb[j] = h_new;
                    yb[j] = h_new;
                }
            }
        }
        for b in 0..batch {
            yh[st(dir, b)..][..h].copy_from_slice(&hs[b * h..][..h]);
            yc[st(dir, b)..][..h].copy_from_slice(&cs[b * h..][..h]);
        }
    }
    let dt = x.dtype();
    Ok([
        from_reals(dt, steps.y_shape(), y)?,
        from_reals(dt, steps.state_shape(), yh)?,
        from_reals(dt, steps.state_shape(), yc)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    fn attrs(direction: i32) -> LstmAttrs {
        LstmAttrs { hidden_size: None, direction, layout: 0, input_forget: false, clip: None, activations: vec![] }
    }

    fn none() -> LstmInputs<'static> {
        LstmInputs { b: None, seq_lens: None, initial_h: None, initial_c: None, p: None }
    }

    /// One hidden unit, one input, weights 1: a scalar recurrence checked by hand.
    #[test]
    fn scalar_recurrence() {
        let x = f(&[2, 1, 1], vec![1., 2.]);
        let w = f(&[1, 4, 1], vec![1.; 4]);
        let r = f(&[1, 4, 1], vec![1.; 4]);
        let [y, yh, yc] = lstm(&x, &w, &r, &none(), &attrs(0)).unwrap();
        let sig = |v: f64| 1.0 / (1.0 + (-v).exp());
        let (mut h, mut c) = (0f64, 0f64);
        let mut want = vec![];
        for xt in [1.0, 2.0] {
            let z = xt + h;
            c = sig(z) * c + sig(z) * z.tanh();
            h = sig(z) * c.tanh();
            want.push(h);
        }
        let y = y.as_slice::<f32>().unwrap();
        assert!((f64::from(y[0]) - want[0]).abs() < 1e-6 && (f64::from(y[1]) - want[1]).abs() < 1e-6);
        assert!((f64::from(yh.as_slice::<f32>().unwrap()[0]) - h).abs() < 1e-6);
        assert!((f64::from(yc.as_slice::<f32>().unwrap()[0]) - c).abs() < 1e-6);
        // Reverse runs the same recurrence on [2, 1]; bidirectional stacks both.
        let [yr, ..] = lstm(&x, &w, &r, &none(), &attrs(1)).unwrap();
        let [yb, yhb, _] =
            lstm(&x, &f(&[2, 4, 1], vec![1.; 8]), &f(&[2, 4, 1], vec![1.; 8]), &none(), &attrs(2)).unwrap();
        assert_eq!(yb.shape(), &[2, 2, 1, 1]);
        assert_eq!(yhb.shape(), &[2, 1, 1]);
        let yb = yb.as_slice::<f32>().unwrap();
        assert_eq!(yb[0], y[0]);
        assert_eq!(yb[1], yr.as_slice::<f32>().unwrap()[0]);
    }

    #[test]
    fn sequence_lens_stop_and_zero() {
        let x = f(&[3, 2, 1], vec![1., 1., 1., 1., 1., 1.]);
        let w = f(&[1, 4, 1], vec![0.5; 4]);
        let r = f(&[1, 4, 1], vec![0.5; 4]);
        let lens = Tensor::from_vec(vec![2], vec![3i32, 1]).unwrap();
        let opt = LstmInputs { seq_lens: Some(&lens), ..none() };
        let [y, yh, _] = lstm(&x, &w, &r, &opt, &attrs(0)).unwrap();
        let y = y.as_slice::<f32>().unwrap();
        // Batch 1 runs one step: its Y rows at t=1,2 are 0 and Y_h is its first output.
        assert_eq!(y[3], 0.);
        assert_eq!(y[5], 0.);
        assert_eq!(yh.as_slice::<f32>().unwrap()[1], y[1]);
        assert_eq!(y[0], y[1]);
        let bad = Tensor::from_vec(vec![2], vec![4i32, 1]).unwrap();
        assert!(lstm(&x, &w, &r, &LstmInputs { seq_lens: Some(&bad), ..none() }, &attrs(0)).is_err());
        assert!(lstm(&x, &r, &f(&[1, 4, 2], vec![0.; 8]), &none(), &attrs(0)).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::error::RtResult;
    use crate::rnn::{lstm, ActKind, Activation, LstmAttrs, LstmInputs};
    use crate::value::{DType, Handle, RtValue};
    use std::sync::Arc;

    /// The (code, alpha, beta) triples of a DOUBLE tensor, or none for a null handle.
    pub(crate) unsafe fn activations(h: Handle) -> RtResult<Vec<Activation>> {
        let Some(t) = opt_ten(h)? else { return Ok(Vec::new()) };
        let v = crate::cast::cast(t, DType::F64);
        let v = v.as_slice::<f64>().unwrap_or(&[]).to_vec();
        v.chunks(3)
            .map(|c| {
                let code = c.first().copied().unwrap_or(-1.0) as i64;
                Ok(Activation {
                    kind: crate::error::decode::<ActKind>(i32::try_from(code).unwrap_or(-1))?,
                    alpha: c.get(1).copied().unwrap_or(0.0),
                    beta: c.get(2).copied().unwrap_or(0.0),
                })
            })
            .collect()
    }

    /// LSTM; returns the SEQUENCE `[Y, Y_h, Y_c]`. `hidden_size` < 0 means absent, `clip` NaN means
    /// no clipping, `direction` 0 forward / 1 reverse / 2 bidirectional, `activations_or_null` a
    /// DOUBLE tensor of (code, alpha, beta) triples (`ActKind` codes), three per direction.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_lstm(
        node: i32,
        x: Handle,
        w: Handle,
        r: Handle,
        b_or_null: Handle,
        seq_lens_or_null: Handle,
        initial_h_or_null: Handle,
        initial_c_or_null: Handle,
        p_or_null: Handle,
        hidden_size: i64,
        direction: i32,
        layout: i32,
        input_forget: i32,
        clip: f64,
        activations_or_null: Handle,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let acts = activations(activations_or_null)?;
            let a = LstmAttrs {
                hidden_size: usize::try_from(hidden_size).ok(),
                direction,
                layout,
                input_forget: input_forget != 0,
                clip: (!clip.is_nan()).then_some(clip),
                activations: acts,
            };
            let opt = LstmInputs {
                b: opt_ten(b_or_null)?,
                seq_lens: opt_ten(seq_lens_or_null)?,
                initial_h: opt_ten(initial_h_or_null)?,
                initial_c: opt_ten(initial_c_or_null)?,
                p: opt_ten(p_or_null)?,
            };
            let [y, yh, yc] = lstm(ten(x)?, ten(w)?, ten(r)?, &opt, &a)?;
            let dt = y.dtype();
            Ok(RtValue::sequence(Some(dt), [y, yh, yc].into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect()))
        })
    }
}
