//! Convolution summed directly, without a column matrix: for depthwise layers and layers with
//! few output channels per group (an audio resampler's one-channel strided filter), where
//! copying the columns costs as much as the products and a GEMM with one or two rows packs
//! more than it multiplies. Long kernels are dot products over contiguous input; short
//! kernels at stride 1 are one scaled add per kernel tap across the output row.

use super::geom::{inside, last_axis, row_map, unflatten};
use super::Geom;
use crate::real::Real;
use crate::thin::dot;

/// `y += W * x` for one output channel: `x` holds the group's `cg` input channels, `w` the
/// channel's `cg * kcount` weights, `y` its `out_count` outputs.
pub(super) fn direct_channel<T: Real>(x: &[T], w: &[T], cg: usize, g: &Geom<'_>, y: &mut [T]) {
    crate::simd::wide(|| channel_body(x, w, cg, g, y))
}

#[inline(always)]
fn channel_body<T: Real>(x: &[T], w: &[T], cg: usize, g: &Geom<'_>, y: &mut [T]) {
    let r = g.inp.len();
    let (s, d, p, kin) = last_axis(g.win);
    let (lin, lout) = (g.inp[r - 1], g.out[r - 1]);
    let (in_count, kcount) = (g.in_count(), g.kcount());
    let row = Row { s, d, p };
    for ko in 0..kcount / kin {
        let kouter = unflatten(ko, &g.win.kernel[..r - 1]);
        let map = row_map(&g.out[..r - 1], &g.inp[..r - 1], g.win, &kouter);
        for ci in 0..cg {
            let plane = &x[ci * in_count..][..in_count];
            let taps = &w[ci * kcount + ko * kin..][..kin];
            for (yrow, irow) in y.chunks_exact_mut(lout).zip(&map) {
                if let Some(irow) = irow {
                    row.accumulate(yrow, &plane[irow * lin..][..lin], taps);
                }
            }
        }
    }
}

/// The innermost axis' stride, dilation and leading pad.
struct Row {
    s: usize,
    d: usize,
    p: usize,
}

impl Row {
    /// `y[o] += sum_k w[k] * src[o * s + k * d - p]` over the taps inside `src`.
    #[inline(always)]
    fn accumulate<T: Real>(&self, y: &mut [T], src: &[T], w: &[T]) {
        let Row { s, d, p } = *self;
        let (lout, lin, k) = (y.len(), src.len(), w.len());
        if s == 1 && k < 8 {
            for (kl, &wk) in w.iter().enumerate() {
                let off = (kl * d) as i64 - p as i64;
                let span = inside(lout, lin, 1, off);
                if span.is_empty() {
                    continue;
                }
                let start = (span.start as i64 + off) as usize;
                for (yo, &xv) in y[span].iter_mut().zip(&src[start..]) {
                    *yo += wk * xv;
                }
            }
            return;
        }
        // Outputs whose whole window is inside need no bounds: the span of the dilated kernel
        // fits from `o * s - p` on.
        let extent = (k - 1) * d + 1;
        let full = if lin >= extent { inside(lout, lin - extent + 1, s, -(p as i64)) } else { 0..0 };
        for (o, yo) in y.iter_mut().enumerate() {
            let base = (o * s) as i64 - p as i64;
            if full.contains(&o) && d == 1 {
                *yo += dot(w, &src[base as usize..][..k]);
                continue;
            }
            let taps = inside(k, lin, d, base);
            let mut acc = T::default();
            for kk in taps {
                acc += w[kk] * src[(base + (kk * d) as i64) as usize];
            }
            *yo += acc;
        }
    }
}
