//! Matrix products too thin or too small for a packed GEMM: one row (an LSTM step, a Gemm on
//! one sample), one column, or a handful of products. A packed GEMM copies B (or A) into its
//! panel layout on every call, which for one row costs as much as the product itself
//! (bench/gemm measures it); these loops read the operands in place instead.

use crate::real::{Mat, MatMut, Real};

/// Products of at most this many multiply-adds go through the plain loop.
const TINY: usize = 512;

/// Computes `C = alpha * A B + beta * C` directly when the shape is thin or tiny and the
/// operands' layout allows a contiguous inner loop; `false` leaves the work to the GEMM.
/// The views' extents have been checked by the caller.
#[allow(clippy::too_many_arguments)]
pub(crate) fn try_direct<T: Real>(
    m: usize,
    k: usize,
    n: usize,
    alpha: T,
    a: Mat<'_, T>,
    b: Mat<'_, T>,
    beta: T,
    c: &mut MatMut<'_, T>,
) -> bool {
    // Compiled for AVX2 when the CPU has it (see `simd`).
    crate::simd::wide(|| {
        let zero = T::default();
        // C is written as beta * C + alpha * sum; beta 0 ignores C's old values (NaN included), as
        // the GEMM does.
        let store = |slot: &mut T, sum: T| *slot = if beta == zero { alpha * sum } else { beta * *slot + alpha * sum };
        if m == 1 && b.cs == 1 && (a.cs == 1 || k == 1) {
            // One row: scaled rows of B summed into C's row.
            let mut acc = vec![zero; n];
            for l in 0..k {
                let x = a.data[l * a.cs];
                for (s, &y) in acc.iter_mut().zip(&b.data[l * b.rs..][..n]) {
                    *s += x * y;
                }
            }
            for (slot, &s) in c.data[..n].iter_mut().zip(&acc) {
                store(slot, s);
            }
            return true;
        }
        if a.cs == 1 && b.rs == 1 && (m == 1 || n == 1) {
            // Rows of A against columns of B, both contiguous (B given transposed).
            for i in 0..m {
                let row = &a.data[i * a.rs..][..k];
                for j in 0..n {
                    store(&mut c.data[i * c.rs + j], dot(row, &b.data[j * b.cs..][..k]));
                }
            }
            return true;
        }
        if m.saturating_mul(n).saturating_mul(k) <= TINY {
            for i in 0..m {
                for j in 0..n {
                    let mut sum = zero;
                    for l in 0..k {
                        sum += a.data[i * a.rs + l * a.cs] * b.data[l * b.rs + j * b.cs];
                    }
                    store(&mut c.data[i * c.rs + j], sum);
                }
            }
            return true;
        }
        false
    })
}

/// A dot product in eight independent partial sums, so the compiler vectorizes it.
#[inline(always)]
pub(crate) fn dot<T: Real>(a: &[T], b: &[T]) -> T {
    let mut acc = [T::default(); 8];
    let (ac, bc) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: T = ac.remainder().iter().zip(bc.remainder()).fold(T::default(), |t, (&x, &y)| t + x * y);
    for (x, y) in ac.zip(bc) {
        for l in 0..8 {
            acc[l] += x[l] * y[l];
        }
    }
    ((acc[0] + acc[4]) + (acc[1] + acc[5])) + ((acc[2] + acc[6]) + (acc[3] + acc[7])) + tail
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every direct case against matrixmultiply, with transposed operands and beta.
    #[test]
    fn direct_paths_match_the_gemm() {
        let vals = |n: usize, seed: u32| -> Vec<f32> {
            (0..n).map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 199) as f32 / 99.0 - 1.0).collect()
        };
        for (m, k, n) in [(1, 37, 19), (1, 300, 70), (23, 41, 1), (3, 5, 7), (1, 1, 9), (2, 2, 2)] {
            let (av, bv, cv) = (vals(m * k, 1), vals(k * n, 2), vals(m * n, 3));
            for (ta, tb, beta) in [(false, false, 0.0), (false, true, 0.5), (true, false, 1.0), (true, true, 0.0)] {
                let a = if ta { Mat { data: &av[..], rs: 1, cs: m } } else { Mat { data: &av[..], rs: k, cs: 1 } };
                let b = if tb { Mat { data: &bv[..], rs: 1, cs: k } } else { Mat { data: &bv[..], rs: n, cs: 1 } };
                let mut want = cv.clone();
                // SAFETY: the views cover exactly the vectors' elements.
                unsafe {
                    matrixmultiply::sgemm(
                        m,
                        k,
                        n,
                        1.5,
                        av.as_ptr(),
                        a.rs as isize,
                        a.cs as isize,
                        bv.as_ptr(),
                        b.rs as isize,
                        b.cs as isize,
                        beta,
                        want.as_mut_ptr(),
                        n as isize,
                        1,
                    )
                };
                let mut got = cv.clone();
                let done = try_direct(m, k, n, 1.5, a, b, beta, &mut MatMut { data: &mut got, rs: n });
                if !done {
                    continue;
                }
                for (x, y) in got.iter().zip(&want) {
                    assert!((x - y).abs() <= 1e-5 * (1.0 + y.abs()), "{m}x{k}x{n} ta {ta} tb {tb}: {x} vs {y}");
                }
            }
        }
        // The one-row and one-column cases are taken in both layouts they are written for.
        let (a, b) = (vals(5, 1), vals(15, 2));
        let mut c = vec![0f32; 3];
        assert!(try_direct(
            1,
            5,
            3,
            1.0,
            Mat { data: &a, rs: 5, cs: 1 },
            Mat { data: &b, rs: 3, cs: 1 },
            0.0,
            &mut MatMut { data: &mut c, rs: 3 }
        ));
        assert!(try_direct(
            1,
            5,
            3,
            1.0,
            Mat { data: &a, rs: 5, cs: 1 },
            Mat { data: &b, rs: 1, cs: 5 },
            0.0,
            &mut MatMut { data: &mut c, rs: 3 }
        ));
    }
}
