//! `Attention` (opsets 23 to 25), as the onnx reference evaluator defines it: Q `[B, Hq, S, D]`
//! (or `[B, S, Hq*D]` with `q_num_heads`), K and V with `Hkv` heads (grouped-query attention
//! when `Hq` is a multiple of `Hkv`: query head `h` reads kv head `h / (Hq / Hkv)`), the cache
//! (`present = concat(past, new)` on the sequence axis), then per query row
//! `softmax(softcap(scale * q.k) + bias) @ V`. The bias adds up the attention mask (bool: false
//! is `-inf`; shorter than the keys: padded with `-inf`), the bottom-right causal mask, the
//! sliding window (opset 25) and the `nonpad_kv_seqlen` padding; the offset of the causal and
//! window frontiers is the past length, `nonpad_kv_seqlen[b] - S` for an external cache, else 0.
//! A row whose bias is `-inf` everywhere is all zeros (in Y and in the mode-3 output).
//! Computed in f64 and rounded once per output (onnxruntime computes in float).

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, DType, Tensor};

pub struct AttentionAttrs {
    /// None: `1 / sqrt(D)`.
    pub scale: Option<f64>,
    pub is_causal: bool,
    /// For 3-D inputs: the head counts the hidden axes split into.
    pub q_num_heads: Option<usize>,
    pub kv_num_heads: Option<usize>,
    /// Applied when positive.
    pub softcap: f64,
    /// 0/1: the (softcapped) scores, 2: with the bias added, 3: after the softmax.
    pub qk_matmul_output_mode: i64,
    /// -1: unbounded.
    pub left_window: i64,
    pub right_window: i64,
}

pub struct AttentionInputs<'a> {
    pub mask: Option<&'a Tensor>,
    pub past_key: Option<&'a Tensor>,
    pub past_value: Option<&'a Tensor>,
    pub nonpad_kv_seqlen: Option<&'a Tensor>,
}

/// A tensor as `[B, H, S, D]` values in f64: 4-D as is, 3-D `[B, S, H*D]` split into `heads`.
fn heads4(t: &Tensor, heads: Option<usize>, what: &str) -> RtResult<([usize; 4], Vec<f64>)> {
    let v = reals::<f64>(t, "Attention")?;
    match *t.shape() {
        [b, h, s, d] => Ok(([b, h, s, d], v.into_owned())),
        [b, s, hd] => {
            let Some(h) = heads.filter(|&h| h > 0 && hd % h == 0) else {
                bail!(
                    "Attention: 3-D {what} of shape {} needs q_num_heads/kv_num_heads dividing its last axis",
                    fmt_shape(t.shape())
                );
            };
            let d = hd / h;
            let mut out = vec![0f64; v.len()];
            for bi in 0..b {
                for si in 0..s {
                    for hi in 0..h {
                        for di in 0..d {
                            out[((bi * h + hi) * s + si) * d + di] = v[(bi * s + si) * hd + hi * d + di];
                        }
                    }
                }
            }
            Ok(([b, h, s, d], out))
        }
        _ => bail!("Attention: {what} must be 3-D or 4-D, got shape {}", fmt_shape(t.shape())),
    }
}

/// `concat(past, new)` along the sequence axis of `[B, H, S, D]` values.
fn with_past(past: Option<&Tensor>, new: ([usize; 4], Vec<f64>), what: &str) -> RtResult<([usize; 4], Vec<f64>)> {
    let Some(p) = past else { return Ok(new) };
    let ([b, h, s, d], nv) = new;
    let pv = reals::<f64>(p, "Attention")?;
    let &[pb, ph, ps, pd] = p.shape() else {
        bail!("Attention: past_{what} must be 4-D, got shape {}", fmt_shape(p.shape()));
    };
    if (pb, ph, pd) != (b, h, d) {
        bail!("Attention: past_{what} of shape {} does not match {what} [{b}, {h}, {s}, {d}]", fmt_shape(p.shape()));
    }
    let l = ps + s;
    let mut out = Vec::with_capacity(b * h * l * d);
    for bh in 0..b * h {
        out.extend_from_slice(&pv[bh * ps * d..(bh + 1) * ps * d]);
        out.extend_from_slice(&nv[bh * s * d..(bh + 1) * s * d]);
    }
    Ok(([b, h, l, d], out))
}

/// The attention mask as an additive bias read at `(b, h, i, j)`, right-aligned against
/// `[B, Hq, S, L]`; positions past its last axis are `-inf`.
struct Mask {
    shape: [usize; 4],
    bias: Vec<f64>,
}

impl Mask {
    fn new(m: &Tensor, full: [usize; 4]) -> RtResult<Mask> {
        let r = m.rank();
        if !(1..=4).contains(&r) {
            bail!("Attention: attn_mask must have rank 1 to 4, got shape {}", fmt_shape(m.shape()));
        }
        let mut shape = [1usize; 4];
        shape[4 - r..].copy_from_slice(m.shape());
        let fits = (0..3).all(|k| shape[k] == 1 || shape[k] == full[k]) && shape[3] <= full[3];
        if !fits {
            bail!("Attention: attn_mask of shape {} does not broadcast to {}", fmt_shape(m.shape()), fmt_shape(&full));
        }
        let bias = if m.dtype() == DType::Bool {
            let v = m.as_slice::<bool>().unwrap_or(&[]);
            v.iter().map(|&keep| if keep { 0.0 } else { f64::NEG_INFINITY }).collect()
        } else {
            reals::<f64>(m, "Attention")?.into_owned()
        };
        Ok(Mask { shape, bias })
    }

    fn at(&self, b: usize, h: usize, i: usize, j: usize) -> f64 {
        let s = self.shape;
        if j >= s[3] {
            return f64::NEG_INFINITY;
        }
        let c = |x: usize, n: usize| if n == 1 { 0 } else { x };
        self.bias[((c(b, s[0]) * s[1] + c(h, s[1])) * s[2] + c(i, s[2])) * s[3] + j]
    }
}

/// `[Y, present_key, present_value, qk_matmul_output]`.
pub fn attention(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    inp: &AttentionInputs<'_>,
    a: &AttentionAttrs,
) -> RtResult<[Tensor; 4]> {
    let three_d = q.rank() == 3;
    if k.rank() != q.rank() || v.rank() != q.rank() {
        bail!("Attention: Q, K and V must have the same rank, got {}, {} and {}", q.rank(), k.rank(), v.rank());
    }
    let ([bq, hq, s, d], qv) = heads4(q, a.q_num_heads, "Q")?;
    let ([bk, hk, sk, dk], kv0) = heads4(k, a.kv_num_heads, "K")?;
    let ([bv, hv, sv, dv], vv0) = heads4(v, a.kv_num_heads, "V")?;
    if (bk, bv) != (bq, bq) || hk != hv || sk != sv || dk != d {
        bail!(
            "Attention: shapes Q {}, K {}, V {} do not agree",
            fmt_shape(q.shape()),
            fmt_shape(k.shape()),
            fmt_shape(v.shape())
        );
    }
    if hk == 0 || hq % hk != 0 {
        bail!("Attention: {hq} query heads are not a multiple of {hk} key/value heads");
    }
    if inp.past_key.is_some() != inp.past_value.is_some() {
        bail!("Attention: past_key and past_value must be given together");
    }
    if inp.nonpad_kv_seqlen.is_some() && inp.past_key.is_some() {
        bail!("Attention: nonpad_kv_seqlen cannot be combined with past_key/past_value");
    }
    let past_len = inp.past_key.map_or(0, |p| p.shape().get(2).copied().unwrap_or(0));
    let (kshape, kv) = with_past(inp.past_key, ([bq, hk, sk, d], kv0), "key")?;
    let (vshape, vv) = with_past(inp.past_value, ([bq, hk, sk, dv], vv0), "value")?;
    let l = kshape[2];
    let b = bq;
    let nonpad = match inp.nonpad_kv_seqlen {
        Some(t) => {
            let n = t.to_i64s("Attention nonpad_kv_seqlen")?;
            if n.len() != b {
                bail!("Attention: nonpad_kv_seqlen has {} entries for batch {b}", n.len());
            }
            Some(n)
        }
        None => None,
    };
    let mask = inp.mask.map(|m| Mask::new(m, [b, hq, s, l])).transpose()?;
    let scale = a.scale.unwrap_or(1.0 / (d as f64).sqrt());
    let reps = hq / hk;
    let mut y = vec![0f64; b * hq * s * dv];
    let mut qk_out = vec![0f64; b * hq * s * l];
    let (mut scores, mut bias) = (vec![0f64; l], vec![0f64; l]);
    for bi in 0..b {
        // The causal and window frontiers: query i sits at absolute position i + offset.
        let offset = match &nonpad {
            Some(n) if inp.past_key.is_none() => n[bi] - s as i64,
            _ => past_len as i64,
        };
        for h in 0..hq {
            let kh = h / reps;
            for i in 0..s {
                let qrow = &qv[((bi * hq + h) * s + i) * d..][..d];
                for j in 0..l {
                    let krow = &kv[((bi * hk + kh) * l + j) * d..][..d];
                    let mut x = scale * qrow.iter().zip(krow).map(|(p, q)| p * q).sum::<f64>();
                    if a.softcap > 0.0 {
                        x = a.softcap * (x / a.softcap).tanh();
                    }
                    scores[j] = x;
                    let pos = i as i64 + offset;
                    let jj = j as i64;
                    let mut bb = mask.as_ref().map_or(0.0, |m| m.at(bi, h, i, j));
                    if a.is_causal && jj > pos {
                        bb = f64::NEG_INFINITY;
                    }
                    let diff = pos - jj;
                    if (a.left_window >= 0 && diff > a.left_window) || (a.right_window >= 0 && -diff > a.right_window) {
                        bb = f64::NEG_INFINITY;
                    }
                    if nonpad.as_ref().is_some_and(|n| jj >= n[bi]) {
                        bb = f64::NEG_INFINITY;
                    }
                    bias[j] = bb;
                }
                let out_row = &mut qk_out[((bi * hq + h) * s + i) * l..][..l];
                for j in 0..l {
                    out_row[j] = if a.qk_matmul_output_mode == 2 { scores[j] + bias[j] } else { scores[j] };
                }
                // Softmax of scores + bias; a row with no attendable key is zeros.
                let masked_row = bias.iter().all(|&x| x == f64::NEG_INFINITY);
                let mut p: Vec<f64> = scores.iter().zip(&bias).map(|(x, bb)| x + bb).collect();
                if masked_row {
                    p.iter_mut().for_each(|x| *x = 0.0);
                } else {
                    let m = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    let m = if m == f64::NEG_INFINITY { 0.0 } else { m };
                    p.iter_mut().for_each(|x| *x = (*x - m).exp());
                    let sum: f64 = p.iter().sum();
                    let sum = if sum == 0.0 { 1.0 } else { sum };
                    p.iter_mut().for_each(|x| *x /= sum);
                }
                if a.qk_matmul_output_mode == 3 {
                    out_row.copy_from_slice(&p);
                }
                let yrow = &mut y[((bi * hq + h) * s + i) * dv..][..dv];
                for (j, &pj) in p.iter().enumerate() {
                    let vrow = &vv[((bi * hk + kh) * l + j) * dv..][..dv];
                    for (o, &x) in yrow.iter_mut().zip(vrow) {
                        *o += pj * x;
                    }
                }
            }
        }
    }
    let dt = q.dtype();
    let y = if three_d {
        // [B, Hq, S, Dv] -> [B, S, Hq*Dv].
        let mut t = vec![0f64; y.len()];
        for bi in 0..b {
            for h in 0..hq {
                for i in 0..s {
                    for di in 0..dv {
                        t[(bi * s + i) * hq * dv + h * dv + di] = y[((bi * hq + h) * s + i) * dv + di];
                    }
                }
            }
        }
        from_reals(dt, vec![b, s, hq * dv], t)?
    } else {
        from_reals(dt, vec![b, hq, s, dv], y)?
    };
    Ok([
        y,
        from_reals(dt, kshape.to_vec(), kv)?,
        from_reals(dt, vshape.to_vec(), vv)?,
        from_reals(dt, vec![b, hq, s, l], qk_out)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs() -> AttentionAttrs {
        AttentionAttrs {
            scale: Some(1.0),
            is_causal: false,
            q_num_heads: None,
            kv_num_heads: None,
            softcap: 0.0,
            qk_matmul_output_mode: 0,
            left_window: -1,
            right_window: -1,
        }
    }

    const NONE: AttentionInputs<'static> =
        AttentionInputs { mask: None, past_key: None, past_value: None, nonpad_kv_seqlen: None };

    #[test]
    fn causal_rows_mask_and_cache() {
        // One head, two queries, two keys; V = identity so Y is the probabilities.
        let q = Tensor::from_vec(vec![1, 1, 2, 1], vec![0f32, 0.]).unwrap();
        let k = Tensor::from_vec(vec![1, 1, 2, 1], vec![1f32, 2.]).unwrap();
        let v = Tensor::from_vec(vec![1, 1, 2, 2], vec![1f32, 0., 0., 1.]).unwrap();
        let [y, ..] = attention(&q, &k, &v, &NONE, &attrs()).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0.5, 0.5, 0.5, 0.5]);
        let causal = AttentionAttrs { is_causal: true, ..attrs() };
        let [y, ..] = attention(&q, &k, &v, &NONE, &causal).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1., 0., 0.5, 0.5]);
        // A boolean mask that hides every key of row 0 zeroes it.
        let m = Tensor::from_vec(vec![2, 2], vec![false, false, true, false]).unwrap();
        let inp = AttentionInputs { mask: Some(&m), ..NONE };
        let [y, _, _, p] =
            attention(&q, &k, &v, &inp, &AttentionAttrs { qk_matmul_output_mode: 3, ..attrs() }).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0., 0., 1., 0.]);
        assert_eq!(p.as_slice::<f32>().unwrap(), &[0., 0., 1., 0.]);
        // The cache is concatenated before the new keys and offsets the causal frontier.
        let pk = Tensor::from_vec(vec![1, 1, 1, 1], vec![5f32]).unwrap();
        let pv = Tensor::from_vec(vec![1, 1, 1, 2], vec![3f32, 3.]).unwrap();
        let inp = AttentionInputs { past_key: Some(&pk), past_value: Some(&pv), ..NONE };
        let [y, pk2, _, _] = attention(&q, &k, &v, &inp, &causal).unwrap();
        assert_eq!(pk2.as_slice::<f32>().unwrap(), &[5., 1., 2.]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2., 1.5, 4. / 3., 4. / 3.]);
        assert!(attention(&q, &v, &v, &NONE, &attrs()).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{attention, AttentionAttrs, AttentionInputs};
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue};
    use std::sync::Arc;

    /// Returns the SEQUENCE `[Y, present_key, present_value, qk_matmul_output]`. `scale` NaN:
    /// the default; head counts <= 0: absent; window sizes -1: unbounded.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_attention(
        node: i32,
        q: Handle,
        k: Handle,
        v: Handle,
        mask_or_null: Handle,
        past_key_or_null: Handle,
        past_value_or_null: Handle,
        nonpad_or_null: Handle,
        scale: f64,
        is_causal: i32,
        q_num_heads: i64,
        kv_num_heads: i64,
        softcap: f64,
        qk_matmul_output_mode: i32,
        left_window: i64,
        right_window: i64,
    ) -> Handle {
        run_v(node, Kind::Sequence, || {
            let heads = |n: i64| usize::try_from(n).ok().filter(|&n| n > 0);
            let a = AttentionAttrs {
                scale: (!scale.is_nan()).then_some(scale),
                is_causal: is_causal != 0,
                q_num_heads: heads(q_num_heads),
                kv_num_heads: heads(kv_num_heads),
                softcap,
                qk_matmul_output_mode: i64::from(qk_matmul_output_mode),
                left_window,
                right_window,
            };
            let inp = AttentionInputs {
                mask: opt_ten(mask_or_null)?,
                past_key: opt_ten(past_key_or_null)?,
                past_value: opt_ten(past_value_or_null)?,
                nonpad_kv_seqlen: opt_ten(nonpad_or_null)?,
            };
            let q = ten(q)?;
            let outs = attention(q, ten(k)?, ten(v)?, &inp, &a)?;
            let items = outs.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
            Ok(RtValue::sequence(Some(q.dtype()), items))
        })
    }
}
