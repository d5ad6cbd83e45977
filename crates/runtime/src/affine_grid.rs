//! `AffineGrid` (opset 20): the sampling grid GridSample reads, from a batch of affine matrices
//! theta (`[N, 2, 3]` for 2-D, `[N, 3, 4]` for 3-D) and the output size `[N, C, H, W]` or
//! `[N, C, D, H, W]`. Each output point is theta times the homogeneous base point `(x, y[, z],
//! 1)`, the base coordinates spread over [-1, 1] (on the pixel corners with `align_corners`, on
//! the pixel centres without). Computed in f64 and rounded once to theta's type.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{fmt_shape, Tensor};

/// Base coordinate `i` of an axis of `n` points in [-1, 1].
fn base(i: usize, n: usize, align_corners: bool) -> f64 {
    if align_corners {
        // One point sits at -1 (the reference's arange(-1, 1, 2 / (n - 1)) for n = 1).
        if n == 1 {
            -1.0
        } else {
            -1.0 + i as f64 * 2.0 / (n - 1) as f64
        }
    } else {
        let step = 2.0 / n as f64;
        -1.0 + step / 2.0 + i as f64 * step
    }
}

pub fn affine_grid(theta: &Tensor, size: &[i64], align_corners: bool) -> RtResult<Tensor> {
    let spatial = match size.len() {
        4 => 2,
        5 => 3,
        n => bail!("AffineGrid: size must have 4 (2-D) or 5 (3-D) entries, got {n}"),
    };
    if theta.shape() != [theta.shape().first().copied().unwrap_or(0), spatial, spatial + 1] {
        let want = if spatial == 2 { "[N, 2, 3]" } else { "[N, 3, 4]" };
        bail!("AffineGrid: theta must have shape {want} for size {size:?}, got {}", fmt_shape(theta.shape()));
    }
    let dims: Vec<usize> = size
        .iter()
        .map(|&d| usize::try_from(d).map_err(|_| rt_err!("AffineGrid: size {size:?} has a negative entry")))
        .collect::<RtResult<_>>()?;
    if dims[0] != theta.shape()[0] {
        bail!("AffineGrid: size's batch {} differs from theta's {}", dims[0], theta.shape()[0]);
    }
    let th = reals::<f64>(theta, "AffineGrid")?;
    // The spatial sizes, outermost first: (H, W) or (D, H, W).
    let sp = &dims[2..];
    let points: usize = sp.iter().product();
    let mut shape = vec![dims[0]];
    shape.extend_from_slice(sp);
    shape.push(spatial);
    crate::value::checked_numel(&shape, 8)?;
    let mut out = Vec::with_capacity(dims[0] * points * spatial);
    let mut idx = vec![0usize; spatial];
    for n in 0..dims[0] {
        let m = &th[n * spatial * (spatial + 1)..(n + 1) * spatial * (spatial + 1)];
        for p in 0..points {
            // idx: the point's index per spatial axis, outermost first.
            let mut rest = p;
            for a in (0..spatial).rev() {
                idx[a] = rest % sp[a];
                rest /= sp[a];
            }
            // The homogeneous point is (x, y[, z], 1): x from the innermost axis.
            let coord: Vec<f64> =
                (0..spatial).map(|c| base(idx[spatial - 1 - c], sp[spatial - 1 - c], align_corners)).collect();
            for r in 0..spatial {
                let row = &m[r * (spatial + 1)..(r + 1) * (spatial + 1)];
                out.push(row[..spatial].iter().zip(&coord).map(|(a, b)| a * b).sum::<f64>() + row[spatial]);
            }
        }
    }
    from_reals(theta.dtype(), shape, out)
}

pub(crate) mod c_abi {
    use super::affine_grid;
    use crate::abi::support::*;
    use crate::value::Handle;

    /// `size`: the INT64 output size `[N, C, H, W]` or `[N, C, D, H, W]`.
    pub(crate) unsafe fn flowgate_rt_affine_grid(node: i32, theta: Handle, size: Handle, align_corners: i32) -> Handle {
        run_t(node, || affine_grid(ten(theta)?, &ten(size)?.to_i64_list("AffineGrid size", false)?, align_corners != 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_and_shift_2d() {
        // Identity plus a shift of 1 in x.
        let theta = Tensor::from_vec(vec![1, 2, 3], vec![1f32, 0., 1., 0., 1., 0.]).unwrap();
        let g = affine_grid(&theta, &[1, 1, 2, 2], true).unwrap();
        assert_eq!(g.shape(), &[1, 2, 2, 2]);
        assert_eq!(g.as_slice::<f32>().unwrap(), &[0., -1., 2., -1., 0., 1., 2., 1.]);
        let g = affine_grid(&theta, &[1, 1, 1, 2], false).unwrap();
        assert_eq!(g.as_slice::<f32>().unwrap(), &[0.5, 0., 1.5, 0.]);
    }

    #[test]
    fn three_d_and_errors() {
        let mut id = vec![0f64; 12];
        for r in 0..3 {
            id[r * 4 + r] = 1.0;
        }
        let theta = Tensor::from_vec(vec![1, 3, 4], id).unwrap();
        let g = affine_grid(&theta, &[1, 1, 2, 1, 1], true).unwrap();
        // (x, y, z) with z from D.
        assert_eq!(g.as_slice::<f64>().unwrap(), &[-1., -1., -1., -1., -1., 1.]);
        let err = affine_grid(&theta, &[1, 1, 2, 2], true).unwrap_err();
        assert!(err.0.contains("AffineGrid: theta must have shape [N, 2, 3]"), "{}", err.0);
        assert!(affine_grid(&theta, &[1, 1, 2], true).unwrap_err().0.contains("AffineGrid"));
        assert!(affine_grid(&theta, &[2, 1, 2, 2, 2], true).unwrap_err().0.contains("batch"));
        assert!(affine_grid(&theta, &[1, 1, -2, 2, 2], true).unwrap_err().0.contains("negative"));
    }
}
