//! `LpNormalization` (below), `LayerNormalization` and `RMSNormalization` (opsets 17 and 23): each row of the axes from
//! `axis` on is normalised, `(x - mean) / sqrt(var + epsilon)` (population variance) or
//! `x / sqrt(mean(x^2) + epsilon)`, then scaled by `Scale` and shifted by `B`, both shaped like
//! that row (or broadcast to it from trailing axes). Computed in f64 and rounded once, as
//! onnxruntime's kernels compute in float (`stash_type` 1) with a rounding per step.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::fmt_shape;
use crate::value::Tensor;

/// Which output of the op to return: `Y`, or LayerNormalization's `Mean` or `InvStdDev` (shaped
/// like X with the normalised axes kept as 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NormOutput {
    Y = 0,
    Mean = 1,
    InvStdDev = 2,
}

pub struct LayerNorm<'a> {
    pub scale: &'a Tensor,
    pub b: Option<&'a Tensor>,
    pub axis: i64,
    pub epsilon: f64,
    /// RMSNormalization: no mean is subtracted (and there is no B).
    pub rms: bool,
}

/// `t` (Scale or B) broadcast to the row shape `row`, as a vector of `row`'s element count.
fn row_values(t: &Tensor, row: &[usize], op: &str, what: &str) -> RtResult<Vec<f64>> {
    let v = reals::<f64>(t, op)?;
    let n: usize = row.iter().product();
    let shape = t.shape();
    // Unidirectional broadcasting: trailing axes of `t` match `row`'s or are 1.
    let fits = shape.len() <= row.len() && shape.iter().rev().zip(row.iter().rev()).all(|(&s, &r)| s == r || s == 1);
    if !fits {
        bail!(
            "{op}: {what} of shape {} does not broadcast to the normalised shape {}",
            fmt_shape(shape),
            fmt_shape(row)
        );
    }
    if v.len() == n {
        return Ok(v.into_owned());
    }
    // Expand by strides: index i of the row maps to t's index with its size-1 axes at 0.
    let lead = row.len() - shape.len();
    let mut out = Vec::with_capacity(n);
    let mut idx = vec![0usize; row.len()];
    for _ in 0..n {
        let mut k = 0;
        for (d, &s) in shape.iter().enumerate() {
            k = k * s + if s == 1 { 0 } else { idx[lead + d] };
        }
        out.push(v[k]);
        for d in (0..row.len()).rev() {
            idx[d] += 1;
            if idx[d] < row[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(out)
}

pub fn layer_norm(x: &Tensor, p: &LayerNorm<'_>, which: NormOutput) -> RtResult<Tensor> {
    let op = if p.rms { "RMSNormalization" } else { "LayerNormalization" };
    if !x.dtype().is_float() {
        bail!("{op} is not defined for element type {}", x.dtype().name());
    }
    let rank = x.rank() as i64;
    let axis = if p.axis < 0 { p.axis + rank } else { p.axis };
    if !(0..rank).contains(&axis) {
        bail!("{op}: axis {} is out of range for rank {rank}", p.axis);
    }
    let axis = axis as usize;
    let row = &x.shape()[axis..];
    let n: usize = row.iter().product();
    let xv = reals::<f64>(x, op)?;
    let scale = row_values(p.scale, row, op, "Scale")?;
    let bias = p.b.map(|b| row_values(b, row, op, "B")).transpose()?;
    let rows = xv.len().checked_div(n).unwrap_or(0);
    let mut stats = Vec::with_capacity(rows);
    let mut y = vec![0f64; xv.len()];
    for (src, dst) in xv.chunks(n.max(1)).zip(y.chunks_mut(n.max(1))).take(rows) {
        let mean = if p.rms { 0.0 } else { src.iter().sum::<f64>() / n as f64 };
        let var = src.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n as f64;
        let inv = 1.0 / (var + p.epsilon).sqrt();
        for (j, (d, s)) in dst.iter_mut().zip(src).enumerate() {
            *d = (s - mean) * inv * scale[j] + bias.as_ref().map_or(0.0, |b| b[j]);
        }
        stats.push((mean, inv));
    }
    let mut kept = x.shape()[..axis].to_vec();
    kept.resize(x.rank(), 1);
    match which {
        NormOutput::Y => from_reals(x.dtype(), x.shape().to_vec(), y),
        NormOutput::Mean => from_reals(x.dtype(), kept, stats.iter().map(|s| s.0).collect()),
        NormOutput::InvStdDev => from_reals(x.dtype(), kept, stats.iter().map(|s| s.1).collect()),
    }
}

/// LpNormalization: `x / ||x||_p` along `axis`, p 1 or 2 (the norm in f64; zero vectors stay 0).
pub fn lp_norm(x: &Tensor, axis: i64, p: i64) -> RtResult<Tensor> {
    if p != 1 && p != 2 {
        bail!("LpNormalization: p must be 1 or 2, got {p}");
    }
    let a = crate::broadcast::norm_axis(axis, x.rank())?;
    let (group, inner) = (x.shape()[a], x.shape()[a + 1..].iter().product::<usize>());
    let mut v = reals::<f64>(x, "LpNormalization")?.into_owned();
    let outer = v.len().checked_div(group * inner).unwrap_or(0);
    for o in 0..outer {
        for i in 0..inner {
            let at = |g: usize| (o * group + g) * inner + i;
            let norm = if p == 1 {
                (0..group).map(|g| v[at(g)].abs()).sum::<f64>()
            } else {
                (0..group).map(|g| v[at(g)] * v[at(g)]).sum::<f64>().sqrt()
            };
            // A zero vector stays zero (onnxruntime's and the reference's result), not 0/0.
            if norm == 0.0 {
                continue;
            }
            for g in 0..group {
                v[at(g)] /= norm;
            }
        }
    }
    from_reals(x.dtype(), x.shape().to_vec(), v)
}

/// MeanVarianceNormalization (opsets 9 and 13) as its ONNX function body: over `axes`,
/// `(x - mean) / (sqrt(mean(x^2) - mean^2) + 1e-9)`.
pub fn mean_variance_norm(x: &Tensor, axes: &[i64]) -> RtResult<Tensor> {
    let rank = x.rank();
    let mut reduced = vec![false; rank];
    for &a in axes {
        let k = crate::broadcast::norm_axis(a, rank)
            .map_err(|e| rt_err!("MeanVarianceNormalization: axes {axes:?}: {}", e.0))?;
        reduced[k] = true;
    }
    let v = reals::<f64>(x, "MeanVarianceNormalization")?;
    // Each element's group: its index with the reduced axes dropped, row-major.
    let shape = x.shape();
    let mut group_of = vec![0usize; v.len()];
    let mut idx = vec![0usize; rank];
    let groups: usize = (0..rank).filter(|&d| !reduced[d]).map(|d| shape[d]).product();
    for g in group_of.iter_mut() {
        *g = (0..rank).filter(|&d| !reduced[d]).fold(0, |acc, d| acc * shape[d] + idx[d]);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    let (mut sum, mut sq, mut n) = (vec![0.0; groups], vec![0.0; groups], vec![0usize; groups]);
    for (&e, &g) in v.iter().zip(&group_of) {
        sum[g] += e;
        sq[g] += e * e;
        n[g] += 1;
    }
    let out = v
        .iter()
        .zip(&group_of)
        .map(|(&e, &g)| {
            let mean = sum[g] / n[g] as f64;
            // Rounding can make a constant group's variance a hair below zero: that is zero.
            let std = (sq[g] / n[g] as f64 - mean * mean).max(0.0).sqrt();
            (e - mean) / (std + 1e-9)
        })
        .collect();
    from_reals(x.dtype(), shape.to_vec(), out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_variance_normalization() {
        let x = Tensor::from_vec(vec![1, 2, 2, 1], vec![1f32, 3., 10., 10.]).unwrap();
        // Over axes 2 and 3: channel 0 is {1, 3} (mean 2, std 1), channel 1 is constant.
        let y = mean_variance_norm(&x, &[0, 2, 3]).unwrap();
        let y = y.as_slice::<f32>().unwrap();
        assert!((y[0] + 1.0).abs() < 1e-6 && (y[1] - 1.0).abs() < 1e-6 && y[2] == 0.0 && y[3] == 0.0, "{y:?}");
        let err = mean_variance_norm(&x, &[4]).unwrap_err();
        assert!(err.0.contains("MeanVarianceNormalization"), "{}", err.0);
        assert!(mean_variance_norm(&Tensor::from_i64s(vec![1]), &[0]).is_err());
    }

    #[test]
    fn lp_norms_along_an_axis() {
        let x = Tensor::from_vec(vec![2, 2], vec![3f32, 4., -1., 1.]).unwrap();
        let y = lp_norm(&x, -1, 2).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0.6, 0.8, -(0.5f64.sqrt()) as f32, 0.5f64.sqrt() as f32]);
        let y = lp_norm(&x, 0, 1).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[0.75, 0.8, -0.25, 0.2]);
        assert!(lp_norm(&x, 0, 3).is_err());
        let z = Tensor::from_vec(vec![2], vec![0f32, 0.]).unwrap();
        assert_eq!(lp_norm(&z, 0, 2).unwrap().as_slice::<f32>().unwrap(), &[0., 0.]);
    }

    #[test]
    fn layer_and_rms_norm() {
        let x = Tensor::from_vec(vec![2, 2], vec![1f32, 3., -2., 2.]).unwrap();
        let scale = Tensor::from_vec(vec![2], vec![1f32, 2.]).unwrap();
        let b = Tensor::from_vec(vec![1], vec![0.5f32]).unwrap();
        let p = LayerNorm { scale: &scale, b: Some(&b), axis: -1, epsilon: 0.0, rms: false };
        let y = layer_norm(&x, &p, NormOutput::Y).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[-0.5, 2.5, -0.5, 2.5]);
        let m = layer_norm(&x, &p, NormOutput::Mean).unwrap();
        assert_eq!((m.shape(), m.as_slice::<f32>().unwrap()), (&[2usize, 1][..], &[2f32, 0.][..]));
        let inv = layer_norm(&x, &p, NormOutput::InvStdDev).unwrap();
        assert_eq!(inv.as_slice::<f32>().unwrap(), &[1.0, 0.5]);
        let r = LayerNorm { scale: &scale, b: None, axis: 1, epsilon: 0.0, rms: true };
        let y = layer_norm(&x, &r, NormOutput::Y).unwrap();
        // Rounded once from f64.
        let k = 5f64.sqrt();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[(1. / k) as f32, (6. / k) as f32, -1., 2.]);
        let bad = Tensor::from_vec(vec![3], vec![1f32, 2., 3.]).unwrap();
        let p = LayerNorm { scale: &bad, b: None, axis: -1, epsilon: 0.0, rms: false };
        assert!(layer_norm(&x, &p, NormOutput::Y).is_err());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result.
pub(crate) mod c_abi {
    use super::{layer_norm, lp_norm, mean_variance_norm, LayerNorm, NormOutput};
    use crate::abi::support::*;
    use crate::value::Handle;

    /// `output`: 0 Y, 1 Mean, 2 InvStdDev.
    #[allow(clippy::too_many_arguments)]
    pub(crate) unsafe fn flowgate_rt_layer_norm(
        node: i32,
        x: Handle,
        scale: Handle,
        b_or_null: Handle,
        axis: i64,
        epsilon: f64,
        rms: i32,
        output: i32,
    ) -> Handle {
        run_t(node, || {
            let which = match output {
                0 => NormOutput::Y,
                1 => NormOutput::Mean,
                2 => NormOutput::InvStdDev,
                o => bail!("unknown LayerNormalization output {o}"),
            };
            let p = LayerNorm { scale: ten(scale)?, b: opt_ten(b_or_null)?, axis, epsilon, rms: rms != 0 };
            layer_norm(ten(x)?, &p, which)
        })
    }

    pub(crate) unsafe fn flowgate_rt_lp_norm(node: i32, x: Handle, axis: i64, p: i64) -> Handle {
        run_t(node, || lp_norm(ten(x)?, axis, p))
    }

    /// `axes`: an INT64 list.
    pub(crate) unsafe fn flowgate_rt_mean_variance_norm(node: i32, x: Handle, axes: Handle) -> Handle {
        run_t(node, || mean_variance_norm(ten(x)?, &ten(axes)?.to_i64s("MeanVarianceNormalization axes")?))
    }
}
