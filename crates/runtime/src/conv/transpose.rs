//! `ConvTranspose` as GEMM then col2im: the product `W_g^T x_g` gives, for every output channel
//! and kernel offset, the contribution of each input position; col2im adds each row segment onto
//! the output positions `i * stride + k * dilation - pad` (an arithmetic run, bounded by
//! [`inside`]), so nothing is tabulated per element.

use super::geom::{inside, last_axis, row_map, unflatten};
use super::Geom;
use crate::error::RtResult;
use crate::real::{Mat, MatMut, Real};

/// Adds one image's group of ConvTranspose: `x` holds its `cg` input channels, `w` the group's
/// `[cg, mg * kcount]` weights, `y` its `mg` output channels; `col` is scratch of
/// `mg * kcount * in_count` values. (For ConvTranspose `g.inp` is X's grid, `g.out` Y's.)
pub(super) fn transpose_group<T: Real>(
    x: &[T],
    w: &[T],
    (cg, mg): (usize, usize),
    g: &Geom<'_>,
    col: &mut [T],
    y: &mut [T],
) -> RtResult<()> {
    let (in_count, kcount) = (g.in_count(), g.kcount());
    if in_count == 0 {
        // An empty input contributes nothing (and has no rows to walk).
        return Ok(());
    }
    let rows_n = mg * kcount;
    T::gemm(
        rows_n,
        cg,
        in_count,
        T::of(1.0),
        Mat { data: w, rs: 1, cs: rows_n },
        Mat { data: x, rs: in_count, cs: 1 },
        T::default(),
        MatMut { data: col, rs: in_count },
    )?;
    col2im(col, mg, g, y);
    Ok(())
}

/// Adds the column matrix `col` (`[mg * kcount, in_count]`: per channel and kernel offset, the
/// contribution of each window position of `g.inp`'s grid) onto `mg` channels of `g.out`'s grid
/// in `y`. ConvTranspose's second step and the whole of Col2Im.
pub(super) fn col2im<T: Real>(col: &[T], mg: usize, g: &Geom<'_>, y: &mut [T]) {
    let (in_count, out_count, kcount) = (g.in_count(), g.out_count(), g.kcount());
    if in_count == 0 || out_count == 0 {
        return;
    }
    let r = g.inp.len();
    let (s, d, p, kin) = last_axis(g.win);
    let (lin, lout) = (g.inp[r - 1], g.out[r - 1]);
    for ko in 0..kcount / kin {
        let kouter = unflatten(ko, &g.win.kernel[..r - 1]);
        let map = row_map(&g.inp[..r - 1], &g.out[..r - 1], g.win, &kouter);
        for mi in 0..mg {
            let ych = &mut y[mi * out_count..][..out_count];
            for kl in 0..kin {
                let src_row = &col[(mi * kcount + ko * kin + kl) * in_count..][..in_count];
                let off = (kl * d) as i64 - p as i64;
                let span = inside(lin, lout, s, off);
                if span.is_empty() {
                    continue;
                }
                let start = (span.start as i64 * s as i64 + off) as usize;
                for (src, orow) in src_row.chunks_exact(lin).zip(&map) {
                    let Some(orow) = orow else { continue };
                    let dst = &mut ych[orow * lout..][..lout];
                    for (v, slot) in src[span.clone()].iter().zip(dst[start..].iter_mut().step_by(s)) {
                        *slot += *v;
                    }
                }
            }
        }
    }
}
