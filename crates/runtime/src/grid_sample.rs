//! `GridSample` (opsets 16 and 20): nearest, (bi/tri)linear and (bi)cubic sampling of an N-D
//! image at normalized grid positions, with zeros, border or reflection padding and both
//! `align_corners` conventions. Computed in f64 as the ONNX reference implementation does: the
//! value is the tensor product of per-axis taps, each tap index mapped by the padding mode.

use crate::error::RtResult;
use crate::real::{from_reals, reals};
use crate::value::{checked_numel, fmt_shape, Tensor};

/// Interpolation: linear=0, nearest=1, cubic=2. Padding: zeros=0, border=1, reflection=2.
#[derive(Clone, Copy, Debug)]
pub struct GridSampleAttrs {
    pub mode: i32,
    pub padding: i32,
    pub align_corners: bool,
}

fn reflect(x: f64, lo: f64, hi: f64) -> f64 {
    let rng = hi - lo;
    if rng <= 0.0 {
        return lo;
    }
    if x < lo {
        let dx = lo - x;
        let n = (dx / rng) as i64;
        let r = dx - n as f64 * rng;
        if n % 2 == 0 {
            lo + r
        } else {
            hi - r
        }
    } else if x > hi {
        let dx = x - hi;
        let n = (dx / rng) as i64;
        let r = dx - n as f64 * rng;
        if n % 2 == 0 {
            hi - r
        } else {
            lo + r
        }
    } else {
        x
    }
}

fn cubic(x: f64) -> [f64; 4] {
    let a = -0.75;
    let x = x.abs();
    [
        ((a * (x + 1.0) - 5.0 * a) * (x + 1.0) + 8.0 * a) * (x + 1.0) - 4.0 * a,
        ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0,
        ((a + 2.0) * (1.0 - x) - (a + 3.0)) * (1.0 - x) * (1.0 - x) + 1.0,
        ((a * (2.0 - x) - 5.0 * a) * (2.0 - x) + 8.0 * a) * (2.0 - x) - 4.0 * a,
    ]
}

/// `np.rint`: round half to even.
fn rint(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// The source coordinate on an axis of `d` pixels for normalized grid value `gn`, rounded
/// (nearest) and brought inside by the padding mode.
fn source_coord(a: &GridSampleAttrs, gn: f64, d: usize, lo: f64, hi: f64) -> f64 {
    let mut xi =
        if a.align_corners { (gn + 1.0) / 2.0 * (d as f64 - 1.0) } else { ((gn + 1.0) * d as f64 - 1.0) / 2.0 };
    if a.mode == 1 {
        xi = rint(xi);
    }
    if xi < lo || xi > hi {
        match a.padding {
            1 => xi = xi.clamp(0.0, d as f64 - 1.0),
            2 => xi = reflect(xi, lo, hi),
            _ => {}
        }
    }
    xi
}

/// The pixel a tap at integer position `k` reads, or None for a zero (outside, zeros padding).
fn tap_index(a: &GridSampleAttrs, k: i64, d: usize, lo: f64, hi: f64) -> Option<usize> {
    match a.padding {
        0 => usize::try_from(k).ok().filter(|&u| u < d),
        1 => Some(k.clamp(0, d as i64 - 1) as usize),
        _ => {
            let v = reflect(k as f64, lo, hi) as i64;
            Some(v.clamp(0, d as i64 - 1) as usize)
        }
    }
}

/// 2-D linear sampling (RAFT's correlation lookup, spatial transformers), the general path's
/// arithmetic without its per-point tap vectors: the same weights `(1 * wy) * wx` and the same
/// summation order over the four taps, so the results are identical.
#[allow(clippy::too_many_arguments)]
fn bilinear(
    xv: &[f64],
    gv: &[f64],
    a: &GridSampleAttrs,
    dims: [usize; 2],
    lo: [f64; 2],
    hi: [f64; 2],
    (n, c, npts): (usize, usize, usize),
    y: &mut [f64],
) {
    let img = dims[0] * dims[1];
    for b in 0..n {
        for p in 0..npts {
            let g = &gv[(b * npts + p) * 2..][..2];
            let mut axis = [[(None, 0.0); 2]; 2];
            for i in 0..2 {
                let xi = source_coord(a, g[1 - i], dims[i], lo[i], hi[i]);
                let x0 = xi.floor();
                let f = xi - x0;
                axis[i] = [
                    (tap_index(a, x0 as i64, dims[i], lo[i], hi[i]), 1.0 - f),
                    (tap_index(a, x0 as i64 + 1, dims[i], lo[i], hi[i]), f),
                ];
            }
            let mut taps = [(None, 0.0); 4];
            for (j, &(ky, wy)) in axis[0].iter().enumerate() {
                for (k, &(kx, wx)) in axis[1].iter().enumerate() {
                    let o = match (ky, kx) {
                        (Some(ky), Some(kx)) => Some(ky * dims[1] + kx),
                        _ => None,
                    };
                    taps[2 * j + k] = (o, 1.0 * wy * wx);
                }
            }
            for ch in 0..c {
                let plane = &xv[(b * c + ch) * img..][..img];
                y[(b * c + ch) * npts + p] = taps.iter().map(|&(o, w)| o.map_or(0.0, |o| w * plane[o])).sum();
            }
        }
    }
}

pub fn grid_sample(x: &Tensor, grid: &Tensor, a: &GridSampleAttrs) -> RtResult<Tensor> {
    let r = x.rank();
    if r < 3 || grid.rank() != r || grid.shape()[0] != x.shape()[0] || grid.shape()[r - 1] != r - 2 {
        bail!(
            "GridSample needs X [N, C, D...] and grid [N, D_out..., {}], got {} and {}",
            r.saturating_sub(2),
            fmt_shape(x.shape()),
            fmt_shape(grid.shape())
        );
    }
    if !(0..=2).contains(&a.mode) || !(0..=2).contains(&a.padding) {
        bail!("GridSample: unknown mode {} or padding_mode {}", a.mode, a.padding);
    }
    let nd = r - 2;
    let (n, c) = (x.shape()[0], x.shape()[1]);
    let dims = &x.shape()[2..];
    let out_sp = &grid.shape()[1..r - 1];
    let mut shape = vec![n, c];
    shape.extend_from_slice(out_sp);
    checked_numel(&shape, 8)?;
    let xv = reals::<f64>(x, "GridSample")?;
    let gv = reals::<f64>(grid, "GridSample")?;
    let npts: usize = out_sp.iter().product();
    let img: usize = dims.iter().product();
    let (lo, hi): (Vec<f64>, Vec<f64>) =
        dims.iter().map(|&d| if a.align_corners { (0.0, d as f64 - 1.0) } else { (-0.5, d as f64 - 0.5) }).unzip();
    let mut y = vec![0f64; n * c * npts];
    if nd == 2 && a.mode == 0 {
        bilinear(&xv, &gv, a, [dims[0], dims[1]], [lo[0], lo[1]], [hi[0], hi[1]], (n, c, npts), &mut y);
        return from_reals(x.dtype(), shape, y);
    }
    // Per output point: the taps (flat offset into one image, weight); None = a zero tap.
    let mut taps: Vec<(Option<usize>, f64)> = Vec::new();
    for b in 0..n {
        for p in 0..npts {
            let g = &gv[(b * npts + p) * nd..][..nd];
            // Per spatial axis i (outermost first): the source coordinate.
            let mut per_axis: Vec<Vec<(Option<usize>, f64)>> = Vec::with_capacity(nd);
            for i in 0..nd {
                let d = dims[i];
                let xi = source_coord(a, g[nd - 1 - i], d, lo[i], hi[i]);
                let map = |k: i64| tap_index(a, k, d, lo[i], hi[i]);
                let t: Vec<(Option<usize>, f64)> = match a.mode {
                    1 => vec![(map(xi as i64), 1.0)],
                    0 => {
                        let x0 = xi.floor();
                        let f = xi - x0;
                        vec![(map(x0 as i64), 1.0 - f), (map(x0 as i64 + 1), f)]
                    }
                    _ => {
                        let x0 = xi.floor();
                        let w = cubic(xi - x0);
                        (0..4).map(|k| (map(x0 as i64 - 1 + k as i64), w[k])).collect()
                    }
                };
                per_axis.push(t);
            }
            // The tensor product of the per-axis taps.
            taps.clear();
            taps.push((Some(0), 1.0));
            for (i, t) in per_axis.iter().enumerate() {
                let mut next = Vec::with_capacity(taps.len() * t.len());
                for &(off, w) in &taps {
                    for &(k, wk) in t {
                        let o = match (off, k) {
                            (Some(o), Some(k)) => Some(o * dims[i] + k),
                            _ => None,
                        };
                        next.push((o, w * wk));
                    }
                }
                taps = next;
            }
            for ch in 0..c {
                let plane = &xv[(b * c + ch) * img..][..img];
                let v: f64 = taps.iter().map(|&(o, w)| o.map_or(0.0, |o| w * plane[o])).sum();
                y[(b * c + ch) * npts + p] = v;
            }
        }
    }
    from_reals(x.dtype(), shape, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: &[usize], v: Vec<f32>) -> Tensor {
        Tensor::from_vec(shape.to_vec(), v).unwrap()
    }

    #[test]
    fn bilinear_nearest_and_padding() {
        // 1x1x2x2 image [[0, 1], [2, 3]].
        let x = f(&[1, 1, 2, 2], vec![0., 1., 2., 3.]);
        // The centre (0, 0) and the top-left corner (-1, -1), as (x, y) pairs.
        let grid = f(&[1, 1, 2, 2], vec![0., 0., -1., -1.]);
        let lin = GridSampleAttrs { mode: 0, padding: 0, align_corners: true };
        let y = grid_sample(&x, &grid, &lin).unwrap();
        assert_eq!(y.shape(), &[1, 1, 1, 2]);
        assert_eq!(y.as_slice::<f32>().unwrap(), &[1.5, 0.]);
        // Without align_corners (-1, -1) is half a pixel outside: zeros padding blends in 0s.
        let y = grid_sample(&x, &grid, &GridSampleAttrs { align_corners: false, ..lin }).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap()[1], 0.);
        // Nearest: (0.6, 0.6) lands at 1.1 on both axes, rounded to pixel (1, 1).
        let near = f(&[1, 1, 1, 2], vec![0.6, 0.6]);
        let y = grid_sample(&x, &near, &GridSampleAttrs { mode: 1, padding: 1, align_corners: false }).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[3.]);
        let far = f(&[1, 1, 1, 2], vec![3., 0.]);
        let y = grid_sample(&x, &far, &GridSampleAttrs { mode: 0, padding: 1, align_corners: true }).unwrap();
        assert_eq!(y.as_slice::<f32>().unwrap(), &[2.]);
        assert!(grid_sample(&x, &f(&[1, 1, 1, 3], vec![0.; 3]), &lin).is_err());
        assert!((reflect(-0.7, -0.5, 1.5) + 0.3).abs() < 1e-12);
        assert!((reflect(3.0, -0.5, 1.5) - 0.0).abs() < 1e-12);
        assert_eq!(rint(2.5), 2.0);
        assert_eq!(rint(-1.5), -2.0);
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::grid_sample::{grid_sample, GridSampleAttrs};
    use crate::value::Handle;

    /// GridSample; `mode` linear=0, nearest=1, cubic=2; `padding` zeros=0, border=1, reflection=2.
    pub(crate) unsafe fn flowgate_rt_grid_sample(
        node: i32,
        x: Handle,
        grid: Handle,
        mode: i32,
        padding: i32,
        align_corners: i32,
    ) -> Handle {
        run_t(node, || {
            grid_sample(ten(x)?, ten(grid)?, &GridSampleAttrs { mode, padding, align_corners: align_corners != 0 })
        })
    }
}
