//! `LinearAttention` (opset 27): the recurrence the onnx reference evaluator runs token by
//! token. Q `[B, T, Hq*dk]`, K `[B, T, Hkv*dk]`, V `[B, T, Hkv*dv]`, the state `[B, Hkv, dk,
//! dv]` (zeros without `past_state`); per token, per kv head: the state decays by `exp(g)`
//! (`gated` rules; `decay` per head `[B, T, Hkv]` or per key row `[B, T, Hkv*dk]`), the value
//! is corrected by `beta (v - S^T k)` (`delta` rules; `beta` `[B, T, Hkv]` or `[B, T, 1]`), the
//! state gains `k v^T`, and each query head of the kv head's group (`h / (Hq / Hkv)`, as
//! grouped-query attention) reads `scale * q^T S`. Computed in f64 and rounded once per output
//! (the reference computes in float32). The output has Q's type; `present_state` has
//! `past_state`'s, or Q's without one.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};
use flowgate_runtime_abi::UpdateRule;

const OP: &str = "LinearAttention";

pub struct LinearAttentionInputs<'a> {
    pub past_state: Option<&'a Tensor>,
    pub decay: Option<&'a Tensor>,
    pub beta: Option<&'a Tensor>,
}

pub struct LinearAttentionAttrs {
    pub q_num_heads: i64,
    pub kv_num_heads: i64,
    /// None (the attribute's 0): `1 / sqrt(dk)`.
    pub scale: Option<f64>,
    pub update_rule: UpdateRule,
}

/// `[B, T, N]` of a rank-3 input, or an error naming it.
fn dims3(t: &Tensor, what: &str) -> RtResult<[usize; 3]> {
    match *t.shape() {
        [b, n, d] => Ok([b, n, d]),
        _ => bail!("{OP}: {what} must be rank 3 (B, T, H*D), got shape {}", fmt_shape(t.shape())),
    }
}

/// A per-token gate (`decay` or `beta`) of shape `[B, T, last]` whose last axis is one of
/// `allowed`; returns its values and last axis.
fn gate(t: &Tensor, what: &str, b: usize, n: usize, allowed: &[usize]) -> RtResult<(Vec<f64>, usize)> {
    let [tb, tn, last] = dims3(t, what)?;
    if tb != b || tn != n || !allowed.contains(&last) {
        let want: Vec<String> = allowed.iter().map(|a| format!("[{b},{n},{a}]")).collect();
        bail!("{OP}: {what} of shape {} must be one of {}", fmt_shape(t.shape()), want.join(", "));
    }
    Ok((reals::<f64>(t, OP)?.into_owned(), last))
}

/// Returns `[output, present_state]`.
pub fn linear_attention(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    inp: &LinearAttentionInputs<'_>,
    a: &LinearAttentionAttrs,
) -> RtResult<Vec<Tensor>> {
    let (hq, hkv) = (a.q_num_heads, a.kv_num_heads);
    if hq <= 0 || hkv <= 0 || hq % hkv != 0 {
        bail!("{OP}: q_num_heads ({hq}) must be a positive multiple of kv_num_heads ({hkv})");
    }
    let (hq, hkv) = (hq as usize, hkv as usize);
    let [b, n, qd] = dims3(q, "query")?;
    let [kb, kn, kd] = dims3(k, "key")?;
    let [vb, vn, vd] = dims3(v, "value")?;
    if (kb, kn, vb, vn) != (b, n, b, n) {
        bail!(
            "{OP}: query, key and value must agree on (B, T), got shapes {}, {} and {}",
            fmt_shape(q.shape()),
            fmt_shape(k.shape()),
            fmt_shape(v.shape())
        );
    }
    if qd % hq != 0 || vd % hkv != 0 || kd != hkv * (qd / hq) {
        bail!(
            "{OP}: query {} / key {} / value {} do not split into {hq} query and {hkv} kv heads of one key size",
            fmt_shape(q.shape()),
            fmt_shape(k.shape()),
            fmt_shape(v.shape())
        );
    }
    let (dk, dv) = (qd / hq, vd / hkv);
    let gating = matches!(a.update_rule, UpdateRule::Gated | UpdateRule::GatedDelta);
    let delta = matches!(a.update_rule, UpdateRule::Delta | UpdateRule::GatedDelta);
    let rule = a.update_rule.name();
    let decay = match (gating, inp.decay) {
        (true, Some(t)) => Some(gate(t, "decay", b, n, &[hkv, hkv * dk])?),
        (false, None) => None,
        (true, None) => bail!("{OP}: update_rule '{rule}' requires the decay input"),
        (false, Some(_)) => bail!("{OP}: update_rule '{rule}' forbids the decay input"),
    };
    let beta = match (delta, inp.beta) {
        (true, Some(t)) => Some(gate(t, "beta", b, n, &[hkv, 1])?),
        (false, None) => None,
        (true, None) => bail!("{OP}: update_rule '{rule}' requires the beta input"),
        (false, Some(_)) => bail!("{OP}: update_rule '{rule}' forbids the beta input"),
    };
    let state_shape = vec![b, hkv, dk, dv];
    let mut state = match inp.past_state {
        Some(p) if p.shape() != state_shape.as_slice() => {
            bail!("{OP}: past_state of shape {} must be {}", fmt_shape(p.shape()), fmt_shape(&state_shape))
        }
        Some(p) => reals::<f64>(p, OP)?.into_owned(),
        None => vec![0f64; b * hkv * dk * dv],
    };
    let scale = a.scale.unwrap_or(1.0 / (dk as f64).sqrt());
    let (qv, kv, vv) = (reals::<f64>(q, OP)?, reals::<f64>(k, OP)?, reals::<f64>(v, OP)?);
    let group = hq / hkv;
    let mut out = vec![0f64; b * n * hq * dv];
    let mut val = vec![0f64; dv];
    for bi in 0..b {
        for h in 0..hkv {
            let s = &mut state[(bi * hkv + h) * dk * dv..][..dk * dv];
            for t in 0..n {
                let row = bi * n + t;
                let kt = &kv[row * kd + h * dk..][..dk];
                val.copy_from_slice(&vv[row * vd + h * dv..][..dv]);
                if let Some((g, last)) = &decay {
                    for i in 0..dk {
                        let gi = if *last == hkv { g[row * last + h] } else { g[row * last + h * dk + i] };
                        let f = gi.exp();
                        s[i * dv..][..dv].iter_mut().for_each(|x| *x *= f);
                    }
                }
                if let Some((bt, last)) = &beta {
                    let bv = bt[row * last + if *last == 1 { 0 } else { h }];
                    for (m, x) in val.iter_mut().enumerate() {
                        let retrieved: f64 = (0..dk).map(|d| s[d * dv + m] * kt[d]).sum();
                        *x = bv * (*x - retrieved);
                    }
                }
                for d in 0..dk {
                    for (sx, &vx) in s[d * dv..][..dv].iter_mut().zip(&val) {
                        *sx += kt[d] * vx;
                    }
                }
                for qh in h * group..(h + 1) * group {
                    let qt = &qv[row * qd + qh * dk..][..dk];
                    let o = &mut out[row * hq * dv + qh * dv..][..dv];
                    for (m, ox) in o.iter_mut().enumerate() {
                        *ox = scale * (0..dk).map(|d| qt[d] * s[d * dv + m]).sum::<f64>();
                    }
                }
            }
        }
    }
    let state_dtype = inp.past_state.map_or(q.dtype(), Tensor::dtype);
    Ok(vec![from_reals(q.dtype(), vec![b, n, hq * dv], out)?, from_reals(state_dtype, state_shape, state)?])
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{linear_attention, LinearAttentionAttrs, LinearAttentionInputs};
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// Returns the SEQUENCE `[output, present_state]`; `scale` 0: `1/sqrt(dk)`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_linear_attention(
        node: i32,
        q: Handle,
        k: Handle,
        v: Handle,
        past_state_or_null: Handle,
        decay_or_null: Handle,
        beta_or_null: Handle,
        q_num_heads: i64,
        kv_num_heads: i64,
        scale: f64,
        update_rule: i32,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let a = LinearAttentionAttrs {
                q_num_heads,
                kv_num_heads,
                scale: (scale != 0.0).then_some(scale),
                update_rule: crate::error::decode(update_rule)?,
            };
            let inp = LinearAttentionInputs {
                past_state: opt_ten(past_state_or_null)?,
                decay: opt_ten(decay_or_null)?,
                beta: opt_ten(beta_or_null)?,
            };
            let q = ten(q)?;
            let outs = linear_attention(q, ten(k)?, ten(v)?, &inp, &a)?;
            let items = outs.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
            Ok(RtValue::sequence(Some(q.dtype()), items))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(shape: &[usize], v: &[f32]) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v.to_vec()).unwrap()
    }

    fn attrs(hq: i64, hkv: i64, rule: UpdateRule) -> LinearAttentionAttrs {
        LinearAttentionAttrs { q_num_heads: hq, kv_num_heads: hkv, scale: Some(1.0), update_rule: rule }
    }

    const NONE: LinearAttentionInputs<'static> = LinearAttentionInputs { past_state: None, decay: None, beta: None };

    fn f32s(t: &Tensor) -> Vec<f32> {
        t.as_slice::<f32>().unwrap().to_vec()
    }

    #[test]
    fn linear_rule_accumulates_outer_products() {
        // One head, dk = dv = 1, two tokens: S1 = k1 v1 = 2, S2 = 2 + 3*4 = 14.
        let q = t(&[1, 2, 1], &[1.0, 0.5]);
        let k = t(&[1, 2, 1], &[1.0, 3.0]);
        let v = t(&[1, 2, 1], &[2.0, 4.0]);
        let out = linear_attention(&q, &k, &v, &NONE, &attrs(1, 1, UpdateRule::Linear)).unwrap();
        assert_eq!(f32s(&out[0]), vec![2.0, 7.0]);
        assert_eq!(out[1].shape(), &[1, 1, 1, 1]);
        assert_eq!(f32s(&out[1]), vec![14.0]);
    }

    #[test]
    fn gated_delta_decays_then_corrects() {
        // S0 = 1, g = ln 2: S' = 2; beta 0.5: v' = 0.5 (v - S' k) = 0.5 (4 - 2) = 1; S = 2 + 1 = 3.
        let q = t(&[1, 1, 1], &[1.0]);
        let k = t(&[1, 1, 1], &[1.0]);
        let v = t(&[1, 1, 1], &[4.0]);
        let past = t(&[1, 1, 1, 1], &[1.0]);
        let decay = t(&[1, 1, 1], &[std::f32::consts::LN_2]);
        let beta = t(&[1, 1, 1], &[0.5]);
        let inp = LinearAttentionInputs { past_state: Some(&past), decay: Some(&decay), beta: Some(&beta) };
        let out = linear_attention(&q, &k, &v, &inp, &attrs(1, 1, UpdateRule::GatedDelta)).unwrap();
        assert!((f32s(&out[1])[0] - 3.0).abs() < 1e-6);
        assert!((f32s(&out[0])[0] - 3.0).abs() < 1e-6);
    }

    #[test]
    fn query_heads_share_their_kv_head() {
        // Two query heads on one kv head read the same state, each scaled by its own query.
        let q = t(&[1, 1, 2], &[1.0, 2.0]);
        let k = t(&[1, 1, 1], &[1.0]);
        let v = t(&[1, 1, 1], &[3.0]);
        let out = linear_attention(&q, &k, &v, &NONE, &attrs(2, 1, UpdateRule::Linear)).unwrap();
        assert_eq!(f32s(&out[0]), vec![3.0, 6.0]);
    }

    #[test]
    fn refuses_bad_heads_missing_gates_and_bad_state() {
        let x = t(&[1, 1, 2], &[1.0, 2.0]);
        let err = |r: RtResult<Vec<Tensor>>| r.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err(linear_attention(&x, &x, &x, &NONE, &attrs(2, 3, UpdateRule::Linear))).contains("multiple"));
        assert!(
            err(linear_attention(&x, &x, &x, &NONE, &attrs(1, 1, UpdateRule::Gated))).contains("requires the decay")
        );
        let beta = t(&[1, 1, 1], &[1.0]);
        let inp = LinearAttentionInputs { past_state: None, decay: None, beta: Some(&beta) };
        assert!(err(linear_attention(&x, &x, &x, &inp, &attrs(1, 1, UpdateRule::Linear))).contains("forbids the beta"));
        let past = t(&[1, 1, 1, 1], &[0.0]);
        let inp = LinearAttentionInputs { past_state: Some(&past), decay: None, beta: None };
        assert!(err(linear_attention(&x, &x, &x, &inp, &attrs(1, 1, UpdateRule::Linear))).contains("past_state"));
        let r2 = t(&[2, 1], &[1.0, 2.0]);
        assert!(err(linear_attention(&r2, &x, &x, &NONE, &attrs(1, 1, UpdateRule::Linear))).contains("rank 3"));
    }
}
