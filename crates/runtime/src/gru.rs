//! `GRU` (gates z, r, h; `linear_before_reset`) and `RNN` (one gate), in the shape of `LSTM`
//! (`rnn.rs`): forward, reverse and bidirectional, optional bias and initial state,
//! `sequence_lens` (past its end a batch entry's Y rows are 0 and its state holds), `clip`,
//! ONNX's activation functions, layouts 0 and 1. The input projection of all steps is one
//! GEMM per batch entry and direction, the recurrent product one GEMM per step (two for GRU's
//! h gate without `linear_before_reset`), through matrixmultiply.

use crate::error::RtResult;
use crate::real::{from_reals, reals, Mat, MatMut, Real};
use crate::rnn::{sequence_lens, ActKind, Activation, Steps};
use crate::value::{checked_numel, fmt_shape, Tensor};

/// Which cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Rnn,
    Gru,
}

impl Cell {
    fn gates(self) -> usize {
        if self == Cell::Gru {
            3
        } else {
            1
        }
    }
    fn name(self) -> &'static str {
        if self == Cell::Gru {
            "GRU"
        } else {
            "RNN"
        }
    }
    /// ONNX's default activations of one direction.
    fn default_acts(self) -> Vec<Activation> {
        let a = |kind| Activation { kind, alpha: 0.0, beta: 0.0 };
        match self {
            Cell::Gru => vec![a(ActKind::Sigmoid), a(ActKind::Tanh)],
            Cell::Rnn => vec![a(ActKind::Tanh)],
        }
    }
}

/// The attributes.
#[derive(Clone, Debug)]
pub struct RecurrentAttrs {
    pub cell: Cell,
    pub hidden_size: Option<usize>,
    /// 0 forward, 1 reverse, 2 bidirectional.
    pub direction: i32,
    pub layout: i32,
    pub linear_before_reset: bool,
    pub clip: Option<f64>,
    /// Per direction (GRU f, g; RNN f), or empty for the defaults.
    pub activations: Vec<Activation>,
}

/// The optional inputs.
pub struct RecurrentInputs<'a> {
    pub b: Option<&'a Tensor>,
    pub seq_lens: Option<&'a Tensor>,
    pub initial_h: Option<&'a Tensor>,
}

/// Returns `[Y, Y_h]`.
pub fn recurrent(
    x: &Tensor,
    w: &Tensor,
    r: &Tensor,
    opt: &RecurrentInputs<'_>,
    a: &RecurrentAttrs,
) -> RtResult<[Tensor; 2]> {
    let op = a.cell.name();
    if x.rank() != 3 || w.rank() != 3 || r.rank() != 3 {
        bail!(
            "{op} needs 3-D X, W and R, got shapes {}, {} and {}",
            fmt_shape(x.shape()),
            fmt_shape(w.shape()),
            fmt_shape(r.shape())
        );
    }
    for t in [Some(w), Some(r), opt.b, opt.initial_h].into_iter().flatten() {
        if t.dtype() != x.dtype() {
            bail!("{op} needs inputs of one element type, got {} and {}", x.dtype().name(), t.dtype().name());
        }
    }
    if !(0..=2).contains(&a.direction) || !(0..=1).contains(&a.layout) {
        bail!("{op}: unknown direction {} or layout {}", a.direction, a.layout);
    }
    let dirs = if a.direction == 2 { 2 } else { 1 };
    let (seq, batch) = if a.layout == 0 { (x.shape()[0], x.shape()[1]) } else { (x.shape()[1], x.shape()[0]) };
    let h = a.hidden_size.unwrap_or(r.shape()[2]);
    let g = a.cell.gates();
    let want = |t: &Tensor, shape: &[usize], what: &str| -> RtResult<()> {
        if t.shape() != shape {
            bail!("{op}: {what} must have shape {}, got {}", fmt_shape(shape), fmt_shape(t.shape()));
        }
        Ok(())
    };
    let input = x.shape()[2];
    want(w, &[dirs, g * h, input], "W")?;
    want(r, &[dirs, g * h, h], "R")?;
    if let Some(b) = opt.b {
        want(b, &[dirs, 2 * g * h], "B")?;
    }
    if let Some(t) = opt.initial_h {
        want(t, &if a.layout == 0 { [dirs, batch, h] } else { [batch, dirs, h] }, "initial_h")?;
    }
    let lens = sequence_lens(op, opt.seq_lens, batch, seq)?;
    let per_dir = a.cell.default_acts().len();
    let acts = match a.activations.len() {
        0 => [a.cell.default_acts(), a.cell.default_acts()].concat(),
        n if n == per_dir * dirs => a.activations.clone(),
        n => bail!("{op}: {n} activations given, expected {}", per_dir * dirs),
    };
    checked_numel(&[seq, dirs, batch, g * h], 8)?;
    let sizes = Sizes { seq, batch, input, h, dirs };
    with_real!(x.dtype(), op, T => recurrent_real::<T>(x, w, r, opt, a, sizes, &lens, &acts))
}

#[derive(Clone, Copy)]
struct Sizes {
    seq: usize,
    batch: usize,
    input: usize,
    h: usize,
    dirs: usize,
}

fn clip_all<T: Real>(v: &mut [T], clip: Option<T>) {
    if let Some(c) = clip {
        let lo = T::default() - c;
        for x in v.iter_mut() {
            *x = if *x > c {
                c
            } else if *x < lo {
                lo
            } else {
                *x
            };
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn recurrent_real<T: Real>(
    x: &Tensor,
    w: &Tensor,
    r: &Tensor,
    opt: &RecurrentInputs<'_>,
    a: &RecurrentAttrs,
    s: Sizes,
    lens: &[usize],
    acts: &[Activation],
) -> RtResult<[Tensor; 2]> {
    let Sizes { seq, batch, input, h, dirs } = s;
    let op = a.cell.name();
    let gh = a.cell.gates() * h;
    let xv = reals::<T>(x, op)?;
    // W^T and R^T, prepared once for constant weights.
    let (wt, rt) = (crate::prepack::transposed::<T>(w, op)?, crate::prepack::transposed::<T>(r, op)?);
    let bv = opt.b.map(|b| crate::prepack::reals::<T>(b, op)).transpose()?;
    let ih = opt.initial_h.map(|t| reals::<T>(t, op)).transpose()?;
    let clip = a.clip.map(T::of);
    let one = T::of(1.0);
    let mut y = vec![T::default(); seq * dirs * batch * h];
    let mut yh = vec![T::default(); dirs * batch * h];
    let steps = Steps { seq, batch, dirs, h, layout: a.layout };
    let (st, yi) = (|dir, b| steps.state(dir, b), |t, dir, b| steps.y(t, dir, b));
    let per_dir = acts.len() / dirs;
    for dir in 0..dirs {
        let reverse = a.direction == 1 || dir == 1;
        let wd = &wt.0[dir * gh * input..][..gh * input];
        let rd = &rt.0[dir * gh * h..][..gh * h];
        // Input biases Wb in the projection; recurrent biases Rb in the recurrent product.
        let (wb, rb) = match &bv {
            Some(bv) => (bv[dir * 2 * gh..][..gh].to_vec(), bv[dir * 2 * gh + gh..][..gh].to_vec()),
            None => (vec![T::default(); gh], vec![T::default(); gh]),
        };
        let mut xw = vec![T::default(); seq * batch * gh];
        for row in xw.chunks_exact_mut(gh) {
            row.copy_from_slice(&wb);
        }
        steps.project(&xv, wd, input, gh, &mut xw)?;
        let mut hs = vec![T::default(); batch * h];
        if let Some(ih) = &ih {
            for b in 0..batch {
                hs[b * h..][..h].copy_from_slice(&ih[st(dir, b)..][..h]);
            }
        }
        let f = acts[dir * per_dir];
        let gact = acts[dir * per_dir + per_dir - 1];
        let mut rec = vec![T::default(); batch * gh];
        let mut rh = vec![T::default(); batch * h];
        let mut hh = vec![T::default(); batch * h];
        for step in 0..seq {
            let time = |b: usize| if reverse { lens[b] - 1 - step } else { step };
            // rec = H_prev R^T + Rb, for every batch entry.
            for row in rec.chunks_exact_mut(gh) {
                row.copy_from_slice(&rb);
            }
            T::gemm(
                batch,
                h,
                gh,
                one,
                Mat { data: &hs, rs: h, cs: 1 },
                Mat { data: rd, rs: gh, cs: 1 },
                one,
                MatMut { data: &mut rec, rs: gh },
            )?;
            if a.cell == Cell::Rnn {
                for b in (0..batch).filter(|&b| step < lens[b]) {
                    let t = time(b);
                    let pre = &mut rec[b * gh..][..h];
                    for (p, x) in pre.iter_mut().zip(&xw[(t * batch + b) * gh..][..h]) {
                        *p += *x;
                    }
                    clip_all(pre, clip);
                    f.apply_slice(pre);
                    hs[b * h..][..h].copy_from_slice(pre);
                    y[yi(t, dir, b)..][..h].copy_from_slice(pre);
                }
                continue;
            }
            // GRU: z and r gates first (z kept in rec[..h], r in rec[h..2h]).
            for b in (0..batch).filter(|&b| step < lens[b]) {
                let t = time(b);
                let zr = &mut rec[b * gh..][..2 * h];
                for (p, x) in zr.iter_mut().zip(&xw[(t * batch + b) * gh..][..2 * h]) {
                    *p += *x;
                }
                clip_all(zr, clip);
                f.apply_slice(zr);
            }
            if !a.linear_before_reset {
                // hh = (r * H_prev) Rh^T + Rbh.
                for b in 0..batch {
                    for j in 0..h {
                        rh[b * h + j] = rec[b * gh + h + j] * hs[b * h + j];
                    }
                    hh[b * h..][..h].copy_from_slice(&rb[2 * h..]);
                }
                T::gemm(
                    batch,
                    h,
                    h,
                    one,
                    Mat { data: &rh, rs: h, cs: 1 },
                    Mat { data: &rd[2 * h..], rs: gh, cs: 1 },
                    one,
                    MatMut { data: &mut hh, rs: h },
                )?;
            }
            for b in (0..batch).filter(|&b| step < lens[b]) {
                let t = time(b);
                let xh = &xw[(t * batch + b) * gh + 2 * h..][..h];
                let (zr, rec_h) = rec[b * gh..][..gh].split_at_mut(2 * h);
                let cand = &mut hh[b * h..][..h];
                for j in 0..h {
                    cand[j] = if a.linear_before_reset { xh[j] + zr[h + j] * rec_h[j] } else { xh[j] + cand[j] };
                }
                clip_all(cand, clip);
                gact.apply_slice(cand);
                let hb = &mut hs[b * h..][..h];
                for j in 0..h {
                    hb[j] = (one - zr[j]) * cand[j] + zr[j] * hb[j];
                }
                y[yi(t, dir, b)..][..h].copy_from_slice(hb);
            }
        }
        for b in 0..batch {
            yh[st(dir, b)..][..h].copy_from_slice(&hs[b * h..][..h]);
        }
    }
    let dt = x.dtype();
    Ok([from_reals(dt, steps.y_shape(), y)?, from_reals(dt, steps.state_shape(), yh)?])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(cell: Cell) -> RecurrentAttrs {
        RecurrentAttrs {
            cell,
            hidden_size: None,
            direction: 0,
            layout: 0,
            linear_before_reset: false,
            clip: None,
            activations: vec![],
        }
    }

    #[test]
    fn scalar_recurrences() {
        // One input, one hidden unit, two steps; W = 1, R = 0.5.
        let x = Tensor::from_vec(vec![2, 1, 1], vec![1f64, 2.]).unwrap();
        let w = Tensor::from_vec(vec![1, 1, 1], vec![1f64]).unwrap();
        let r = Tensor::from_vec(vec![1, 1, 1], vec![0.5f64]).unwrap();
        let none = RecurrentInputs { b: None, seq_lens: None, initial_h: None };
        let [y, yh] = recurrent(&x, &w, &r, &none, &attrs(Cell::Rnn)).unwrap();
        let h1 = 1f64.tanh();
        let h2 = (2.0 + 0.5 * h1).tanh();
        assert_eq!(y.as_slice::<f64>().unwrap(), &[h1, h2]);
        assert_eq!(yh.as_slice::<f64>().unwrap(), &[h2]);
        // GRU with every weight 1 and no recurrence weight: z = r = sigmoid(x), h~ = tanh(x).
        let w3 = Tensor::from_vec(vec![1, 3, 1], vec![1f64, 1., 1.]).unwrap();
        let r3 = Tensor::from_vec(vec![1, 3, 1], vec![0f64, 0., 0.]).unwrap();
        let x1 = Tensor::from_vec(vec![1, 1, 1], vec![1f64]).unwrap();
        let [y, _] = recurrent(&x1, &w3, &r3, &none, &attrs(Cell::Gru)).unwrap();
        let z = 1.0 / (1.0 + (-1f64).exp());
        assert!((y.as_slice::<f64>().unwrap()[0] - (1.0 - z) * 1f64.tanh()).abs() < 1e-15);
        assert!(recurrent(&x1, &w, &r3, &none, &attrs(Cell::Gru)).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{recurrent, Cell, RecurrentAttrs, RecurrentInputs};
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// GRU (`gru` 1) or RNN (0); returns the SEQUENCE `[Y, Y_h]`. Arguments as `flowgate_rt_lstm`'s.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_gru(
        node: i32,
        x: Handle,
        w: Handle,
        r: Handle,
        b_or_null: Handle,
        seq_lens_or_null: Handle,
        initial_h_or_null: Handle,
        hidden_size: i64,
        direction: i32,
        layout: i32,
        linear_before_reset: i32,
        clip: f64,
        activations_or_null: Handle,
        gru: i32,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let a = RecurrentAttrs {
                cell: if gru != 0 { Cell::Gru } else { Cell::Rnn },
                hidden_size: usize::try_from(hidden_size).ok(),
                direction,
                layout,
                linear_before_reset: linear_before_reset != 0,
                clip: (!clip.is_nan()).then_some(clip),
                activations: crate::rnn::c_abi::activations(activations_or_null)?,
            };
            let opt = RecurrentInputs {
                b: opt_ten(b_or_null)?,
                seq_lens: opt_ten(seq_lens_or_null)?,
                initial_h: opt_ten(initial_h_or_null)?,
            };
            let [y, yh] = recurrent(ten(x)?, ten(w)?, ten(r)?, &opt, &a)?;
            let dt = y.dtype();
            Ok(RtValue::sequence(Some(dt), [y, yh].into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect()))
        })
    }
}
