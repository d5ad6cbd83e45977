//! The column matrix of implicit-GEMM convolution, filled a row segment at a time: for one
//! kernel offset the input positions an output row reads are an arithmetic run (contiguous at
//! stride 1), bounded by [`inside`]; the rest of the segment is the padding's zeros.

use super::geom::{inside, last_axis, row_map, unflatten};
use super::Geom;
use crate::real::Real;

/// Writes the columns of one image's group `x` (`cg` channels of `in_count` values): row
/// `ci * kcount + kk` holds, for every output position, the input value kernel offset `kk`
/// reads there (zero in the padding). Rows are `ld` apart; the image's columns start at `c0`.
pub(super) fn im2col<T: Real>(x: &[T], cg: usize, g: &Geom<'_>, col: &mut [T], ld: usize, c0: usize) {
    let r = g.inp.len();
    let (s, d, p, kin) = last_axis(g.win);
    let (lin, lout) = (g.inp[r - 1], g.out[r - 1]);
    let (in_count, out_count, kcount) = (g.in_count(), g.out_count(), g.kcount());
    if out_count == 0 {
        return;
    }
    for ko in 0..kcount / kin {
        let kouter = unflatten(ko, &g.win.kernel[..r - 1]);
        let map = row_map(&g.out[..r - 1], &g.inp[..r - 1], g.win, &kouter);
        for ci in 0..cg {
            let plane = &x[ci * in_count..][..in_count];
            for kl in 0..kin {
                let dst_row = &mut col[(ci * kcount + ko * kin + kl) * ld + c0..][..out_count];
                let off = (kl * d) as i64 - p as i64;
                let span = inside(lout, lin, s, off);
                let start = (span.start as i64 * s as i64 + off) as usize;
                for (dst, irow) in dst_row.chunks_exact_mut(lout).zip(&map) {
                    let Some(irow) = irow.filter(|_| !span.is_empty()) else {
                        dst.fill(T::default());
                        continue;
                    };
                    let src = &plane[irow * lin..][..lin];
                    dst[..span.start].fill(T::default());
                    dst[span.end..].fill(T::default());
                    let dst = &mut dst[span.clone()];
                    if s == 1 {
                        dst.copy_from_slice(&src[start..][..dst.len()]);
                    } else {
                        for (v, &x) in dst.iter_mut().zip(src[start..].iter().step_by(s)) {
                            *v = x;
                        }
                    }
                }
            }
        }
    }
}
