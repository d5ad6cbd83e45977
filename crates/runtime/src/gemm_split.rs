//! One packed GEMM split over the thread pool by blocks of output rows or columns.
//!
//! Each block is a GEMM of its own on the same `k`: matrixmultiply blocks `k` the same way for
//! every block and accumulates each output element in its own lane, so an element's value does
//! not depend on which block computed it, and the result is bit-identical for any thread count
//! (`tests` checks it). Rows are split when C is taller than wide (each block packs all of B
//! again), columns otherwise (each block packs all of A again).

use crate::threads::{parts, run_parts, SendPtr};

/// matrixmultiply's `sgemm`/`dgemm`: `C = alpha A B + beta C` on strided raw pointers.
pub(crate) type Kernel<T> =
    unsafe fn(usize, usize, usize, T, *const T, isize, isize, *const T, isize, isize, T, *mut T, isize, isize);

/// Multiply-adds below which one GEMM stays on one thread: waking the pool costs a few
/// microseconds, and each block packs a whole operand again.
const MIN_WORK: usize = 1 << 20;

/// Blocks start on multiples of this many rows or columns (matrixmultiply's micro-tiles are at
/// most 8 wide; a whole number of tiles per block wastes none on padding).
const ALIGN: usize = 16;

/// A dense `m x k` times `k x n` product into C (row stride `rsc`, unit column stride), split
/// over the pool when it is large.
///
/// # Safety
/// The views (`a` with strides `rsa`/`csa` over `m x k`, `b` with `rsb`/`csb` over `k x n`,
/// `c` with `rsc`/1 over `m x n`) must lie inside live allocations, and C must not overlap A or B.
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn gemm<T: Copy>(
    kernel: Kernel<T>,
    (m, k, n): (usize, usize, usize),
    alpha: T,
    (a, rsa, csa): (*const T, isize, isize),
    (b, rsb, csb): (*const T, isize, isize),
    beta: T,
    (c, rsc): (*mut T, isize),
) {
    let by_rows = m >= n;
    let dim = if by_rows { m } else { n };
    let work = m.saturating_mul(n).saturating_mul(k.max(1));
    let np = parts(work, MIN_WORK, dim.div_ceil(ALIGN));
    if np <= 1 {
        kernel(m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, 1);
        return;
    }
    let per = dim.div_ceil(np).div_ceil(ALIGN) * ALIGN;
    let (a, b, c) = (SendPtr(a as *mut T), SendPtr(b as *mut T), SendPtr(c));
    let (alpha, beta) = (Wrap(alpha), Wrap(beta));
    run_parts(dim.div_ceil(per), move |i| {
        let (a, b, c, alpha, beta) = (a, b, c, alpha, beta);
        let start = i * per;
        let len = per.min(dim - start);
        let s = start as isize;
        // SAFETY: each block is a sub-view of the caller's in-bounds views, and the blocks
        // write disjoint rows (or columns) of C.
        unsafe {
            if by_rows {
                kernel(
                    len,
                    k,
                    n,
                    alpha.0,
                    a.0.offset(s * rsa),
                    rsa,
                    csa,
                    b.0,
                    rsb,
                    csb,
                    beta.0,
                    c.0.offset(s * rsc),
                    rsc,
                    1,
                );
            } else {
                kernel(m, k, len, alpha.0, a.0, rsa, csa, b.0.offset(s * csb), rsb, csb, beta.0, c.0.offset(s), rsc, 1);
            }
        }
    });
}

/// A scalar that crosses to the pool's threads (f32/f64 are Send; this spares a bound).
#[derive(Clone, Copy)]
struct Wrap<T>(T);
// SAFETY: only instantiated with f32/f64 scalars.
unsafe impl<T> Send for Wrap<T> {}
// SAFETY: as above.
unsafe impl<T> Sync for Wrap<T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::threads::set_num_threads;

    /// Products split over 1, 2, 3 and 4 threads, by rows and by columns, transposed operands
    /// included, give the same bits as one unsplit call.
    #[test]
    fn split_is_bit_identical() {
        let vals = |n: usize, seed: u32| -> Vec<f32> {
            (0..n)
                .map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 1999) as f32 / 997.0 - 1.0)
                .collect()
        };
        for (m, k, n) in [(300, 257, 90), (70, 300, 301), (129, 64, 129)] {
            let (av, bv) = (vals(m * k, 1), vals(k * n, 2));
            let mut want = vals(m * n, 3);
            // SAFETY: dense views of exactly the vectors' sizes.
            unsafe {
                matrixmultiply::sgemm(
                    m,
                    k,
                    n,
                    1.25,
                    av.as_ptr(),
                    1,
                    m as isize,
                    bv.as_ptr(),
                    n as isize,
                    1,
                    0.5,
                    want.as_mut_ptr(),
                    n as isize,
                    1,
                )
            };
            for t in 1..=4 {
                set_num_threads(t);
                let mut got = vals(m * n, 3);
                // SAFETY: as above.
                unsafe {
                    gemm::<f32>(
                        matrixmultiply::sgemm,
                        (m, k, n),
                        1.25,
                        (av.as_ptr(), 1, m as isize),
                        (bv.as_ptr(), n as isize, 1),
                        0.5,
                        (got.as_mut_ptr(), n as isize),
                    )
                };
                let same = got.iter().zip(&want).all(|(x, y)| x.to_bits() == y.to_bits());
                assert!(same, "{m}x{k}x{n} at {t} threads differs from one call");
            }
        }
        set_num_threads(0);
    }
}
