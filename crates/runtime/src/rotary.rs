//! `RotaryEmbedding` (opset 23): the first `rotary_embedding_dim` values of each head rotated
//! pairwise (halves, or even/odd neighbours when `interleaved`) by the cos/sin cache rows of
//! the token's position (`position_ids` into `[max_position, dim/2]` caches, or
//! `[batch, sequence, dim/2]` caches without them). X is `[batch, heads, sequence, head]` or
//! `[batch, sequence, heads * head]` with `num_heads`. In f64, rounded once.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

pub struct Rotary<'a> {
    pub cos: &'a Tensor,
    pub sin: &'a Tensor,
    pub position_ids: Option<&'a Tensor>,
    pub interleaved: bool,
    pub num_heads: i64,
    pub rotary_dim: i64,
}

pub fn rotary_embedding(x: &Tensor, p: &Rotary<'_>) -> RtResult<Tensor> {
    const OP: &str = "RotaryEmbedding";
    // (batch, sequence, heads, head size) and the element strides of each.
    let (b, s, nh, d, strides) = match *x.shape() {
        [b, nh, s, d] => (b, s, nh, d, [nh * s * d, d, s * d]),
        [b, s, hidden] => {
            let nh = usize::try_from(p.num_heads).ok().filter(|&n| n > 0 && hidden % n == 0).ok_or_else(|| {
                rt_err!("{OP}: a 3-D input needs num_heads dividing its hidden size {hidden}, got {}", p.num_heads)
            })?;
            (b, s, nh, hidden / nh, [s * hidden, hidden, hidden / nh])
        }
        _ => bail!("{OP} needs a 3-D or 4-D input, got shape {}", fmt_shape(x.shape())),
    };
    let rot = if p.rotary_dim > 0 { p.rotary_dim as usize } else { d };
    if rot > d || rot % 2 != 0 {
        bail!("{OP}: rotary_embedding_dim {rot} must be even and at most the head size {d}");
    }
    let half = rot / 2;
    for c in [p.cos, p.sin] {
        if c.shape().last() != Some(&half) {
            bail!("{OP}: the caches' last axis must be {half}, got shape {}", fmt_shape(c.shape()));
        }
    }
    let pos = p.position_ids.map(|t| t.to_i64s("RotaryEmbedding position_ids")).transpose()?;
    let rows = p.cos.len() / half.max(1);
    if pos.as_ref().is_some_and(|v| v.len() != b * s) || (pos.is_none() && rows != b * s) {
        bail!("{OP}: position_ids or caches do not match batch {b} and sequence {s}");
    }
    if p.sin.len() != p.cos.len() {
        bail!("{OP}: the cos and sin caches differ in shape");
    }
    let (cos, sin) = (reals::<f64>(p.cos, OP)?, reals::<f64>(p.sin, OP)?);
    let mut y = reals::<f64>(x, OP)?.into_owned();
    for bi in 0..b {
        for si in 0..s {
            let row = match &pos {
                Some(v) => usize::try_from(v[bi * s + si]).ok().filter(|&r| r < rows).ok_or_else(|| {
                    rt_err!("{OP}: position id {} is outside the cache of {rows} rows", v[bi * s + si])
                })?,
                None => bi * s + si,
            };
            for h in 0..nh {
                let base = bi * strides[0] + si * strides[1] + h * strides[2];
                for i in 0..half {
                    let (c, sn) = (cos[row * half + i], sin[row * half + i]);
                    let (a, bb) =
                        if p.interleaved { (base + 2 * i, base + 2 * i + 1) } else { (base + i, base + i + half) };
                    let (x1, x2) = (y[a], y[bb]);
                    y[a] = c * x1 - sn * x2;
                    y[bb] = sn * x1 + c * x2;
                }
            }
        }
    }
    from_reals(x.dtype(), x.shape().to_vec(), y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotates_pairs_by_the_cached_angle() {
        // One token, one head of 4: halves (0, 2) and (1, 3) rotated by 90 degrees.
        let x = Tensor::from_vec(vec![1, 1, 1, 4], vec![1f32, 2., 3., 4.]).unwrap();
        let cos = Tensor::from_vec(vec![1, 2], vec![0f32, 0.]).unwrap();
        let sin = Tensor::from_vec(vec![1, 2], vec![1f32, 1.]).unwrap();
        let ids = Tensor::from_vec(vec![1, 1], vec![0i64]).unwrap();
        let mut p =
            Rotary { cos: &cos, sin: &sin, position_ids: Some(&ids), interleaved: false, num_heads: 0, rotary_dim: 0 };
        assert_eq!(rotary_embedding(&x, &p).unwrap().as_slice::<f32>().unwrap(), &[-3., -4., 1., 2.]);
        p.interleaved = true;
        assert_eq!(rotary_embedding(&x, &p).unwrap().as_slice::<f32>().unwrap(), &[-2., 1., -4., 3.]);
        let bad = Tensor::from_vec(vec![1, 1], vec![5i64]).unwrap();
        p.position_ids = Some(&bad);
        assert!(rotary_embedding(&x, &p).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{rotary_embedding, Rotary};
    use crate::abi::support::*;
    use crate::value::Handle;

    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_rotary_embedding(
        node: i32,
        x: Handle,
        cos: Handle,
        sin: Handle,
        position_ids_or_null: Handle,
        interleaved: i32,
        num_heads: i64,
        rotary_dim: i64,
    ) -> Handle {
        run_t(node, || {
            let p = Rotary {
                cos: ten(cos)?,
                sin: ten(sin)?,
                position_ids: opt_ten(position_ids_or_null)?,
                interleaved: interleaved != 0,
                num_heads,
                rotary_dim,
            };
            rotary_embedding(ten(x)?, &p)
        })
    }
}
