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
    // One row of A (an LSTM step): f32 has its own AVX2+FMA kernel when the CPU has both.
    if m == 1 && b.cs == 1 && (a.cs == 1 || k == 1) && T::one_row(k, n, alpha, a.data, a.cs, b.data, b.rs, beta, c.data)
    {
        return true;
    }
    // Meant to be compiled for AVX2 when the CPU has it (see `simd`); objdump of the release
    // onnx-run shows this closure still out of line and SSE (four lanes) despite the
    // `inline(always)` body, which is why the hot one-row f32 case above has its own kernel.
    crate::simd::wide(|| direct_body(m, k, n, alpha, a, b, beta, c))
}

/// `c[j] = alpha * sum_l x[l * xs] * b[l * brs + j] + beta * c[j]` for `j < n` (beta 0 ignores
/// C's old values), computed with AVX2 and FMA; `false` (nothing written) when the CPU lacks
/// them or a slice is too short. `simd::wide` enables no FMA (Rust never contracts `a * b + c`),
/// so this kernel asks for it explicitly; it is the LSTM step's product, a third of Silero's time.
///
/// Each column is one running sum over `l` in order, each step `s = fma(x, y, s)` rounded once
/// (the portable path rounds the product and the sum): the bits differ from the portable
/// path's, by at most the product's rounding per step, and are the same for every column
/// whatever its position (vector lane or scalar tail).
#[allow(clippy::too_many_arguments)]
pub(crate) fn one_row_f32(
    k: usize,
    n: usize,
    alpha: f32,
    x: &[f32],
    xs: usize,
    b: &[f32],
    brs: usize,
    beta: f32,
    c: &mut [f32],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        // Every read and write of the kernel is inside these extents.
        let fits = c.len() >= n && (k == 0 || (x.len() > (k - 1) * xs && b.len() >= (k - 1) * brs + n));
        if fits && std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA (checked just above) and `fits` bounds every
            // pointer the kernel forms; `c` is a `&mut`, so it overlaps neither operand.
            unsafe { fma::one_row(k, n, alpha, x.as_ptr(), xs, b.as_ptr(), brs, beta, c.as_mut_ptr()) };
            return true;
        }
    }
    let _ = (k, n, alpha, x, xs, b, brs, beta, c);
    false
}

/// For types without a kernel of their own (f64 takes the portable path).
#[allow(clippy::too_many_arguments)]
pub(crate) fn no_one_row<T>(_: usize, _: usize, _: T, _: &[T], _: usize, _: &[T], _: usize, _: T, _: &mut [T]) -> bool {
    false
}

#[cfg(target_arch = "x86_64")]
mod fma {
    use std::arch::x86_64::*;

    /// f32 lanes of a ymm register.
    const W: usize = 8;
    /// Accumulators of the main loop: FMA's latency (4 cycles) times its throughput (2 a cycle),
    /// so the independent sums keep both units busy; 8 of the 16 ymm registers.
    const ACC: usize = 8;

    /// See `one_row_f32`.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `x[l * xs]` and `b[l * brs + j]` for `l < k`, `j < n` are
    /// readable, `c[j]` for `j < n` writable and disjoint from both.
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn one_row(
        k: usize,
        n: usize,
        alpha: f32,
        x: *const f32,
        xs: usize,
        b: *const f32,
        brs: usize,
        beta: f32,
        c: *mut f32,
    ) {
        let store = |at: *mut f32, s: __m256| store8(at, s, alpha, beta);
        let mut j0 = 0;
        // 64 columns at a time, held in eight registers over the whole of k: B is read once,
        // row by row, and C written once.
        while j0 + ACC * W <= n {
            let mut acc = [_mm256_setzero_ps(); ACC];
            for l in 0..k {
                let xv = _mm256_set1_ps(*x.add(l * xs));
                let row = b.add(l * brs + j0);
                for (i, s) in acc.iter_mut().enumerate() {
                    *s = _mm256_fmadd_ps(xv, _mm256_loadu_ps(row.add(i * W)), *s);
                }
            }
            for (i, &s) in acc.iter().enumerate() {
                store(c.add(j0 + i * W), s);
            }
            j0 += ACC * W;
        }
        // Then 8 columns at a time.
        while j0 + W <= n {
            let mut s = _mm256_setzero_ps();
            for l in 0..k {
                s = _mm256_fmadd_ps(_mm256_set1_ps(*x.add(l * xs)), _mm256_loadu_ps(b.add(l * brs + j0)), s);
            }
            store(c.add(j0), s);
            j0 += W;
        }
        // The last columns one by one, with the same fused steps as the lanes.
        for j in j0..n {
            let mut s = 0f32;
            for l in 0..k {
                s = (*x.add(l * xs)).mul_add(*b.add(l * brs + j), s);
            }
            let scaled = alpha * s;
            *c.add(j) = if beta == 0.0 { scaled } else { beta * *c.add(j) + scaled };
        }
    }

    /// Eight sums into C with the portable path's arithmetic (a product and a sum, each rounded).
    ///
    /// # Safety
    /// The CPU has AVX2; `at[..8]` is writable.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn store8(at: *mut f32, s: __m256, alpha: f32, beta: f32) {
        let scaled = _mm256_mul_ps(_mm256_set1_ps(alpha), s);
        let v = if beta == 0.0 {
            scaled
        } else {
            _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(beta), _mm256_loadu_ps(at)), scaled)
        };
        _mm256_storeu_ps(at, v);
    }
}

/// Columns of the one-row product summed in registers at a time.
const COLS: usize = 32;

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn direct_body<T: Real>(
    m: usize,
    k: usize,
    n: usize,
    alpha: T,
    a: Mat<'_, T>,
    b: Mat<'_, T>,
    beta: T,
    c: &mut MatMut<'_, T>,
) -> bool {
    let zero = T::default();
    // C is written as beta * C + alpha * sum; beta 0 ignores C's old values (NaN included), as
    // the GEMM does.
    let store = |slot: &mut T, sum: T| *slot = if beta == zero { alpha * sum } else { beta * *slot + alpha * sum };
    if m == 1 && b.cs == 1 && (a.cs == 1 || k == 1) {
        // One row: scaled rows of B summed into C's row, COLS columns at a time held in
        // registers over the whole of k (each column's sum still runs over l in order, so the
        // bits are those of one running sum per column).
        let full = n - n % COLS;
        for j0 in (0..full).step_by(COLS) {
            let mut acc = [zero; COLS];
            for l in 0..k {
                let x = a.data[l * a.cs];
                let row: &[T; COLS] = b.data[l * b.rs + j0..][..COLS].try_into().expect("COLS elements");
                for (s, &y) in acc.iter_mut().zip(row) {
                    *s += x * y;
                }
            }
            for (slot, &s) in c.data[j0..j0 + COLS].iter_mut().zip(&acc) {
                store(slot, s);
            }
        }
        if full < n {
            let mut acc = vec![zero; n - full];
            for l in 0..k {
                let x = a.data[l * a.cs];
                for (s, &y) in acc.iter_mut().zip(&b.data[l * b.rs + full..][..n - full]) {
                    *s += x * y;
                }
            }
            for (slot, &s) in c.data[full..n].iter_mut().zip(&acc) {
                store(slot, s);
            }
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
        for (m, k, n) in [
            (1, 37, 19),
            (1, 300, 70),
            (1, 9, 64),
            (23, 41, 1),
            (3, 5, 7),
            (1, 1, 9),
            (2, 2, 2),
            (23, 41, 4),
            (50, 300, 5),
            (9, 17, 8),
            (7, 3, 3),
            (130, 387, 2),
        ] {
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

    /// Values in [-1, 1) from a multiplicative hash, so sums mix signs.
    fn vals(n: usize, seed: u32) -> Vec<f32> {
        (0..n).map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 1999) as f32 / 997.0 - 1.0).collect()
    }

    /// Whether `one_row_f32` has its kernel on this CPU.
    fn fused() -> bool {
        #[cfg(target_arch = "x86_64")]
        return std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma");
        #[cfg(not(target_arch = "x86_64"))]
        false
    }

    /// The one-row product against an f64 reference on every column count 1..=67 (the 64-wide
    /// blocks, the 8-wide ones and the scalar tail) and row counts from 0, through every path
    /// that computes it: `try_direct` in f32 (the FMA kernel where the CPU has it) and f64, and
    /// the portable f32 loop, which CPUs without FMA take.
    #[test]
    fn one_row_matches_an_f64_reference() {
        for k in [0, 1, 2, 3, 7, 8, 9, 31, 64, 130] {
            for n in 1..=67 {
                // B's rows padded by 3 (a slice of a wider matrix).
                let (xs, brs) = (1, n + 3);
                let x = vals(k * xs, 7);
                let b = vals((k * brs).max(1), 11);
                let c0 = vals(n, 13);
                for (alpha, beta) in [(1.0f32, 0.0f32), (1.0, 1.0), (0.75, -0.5)] {
                    let want: Vec<f64> = (0..n)
                        .map(|j| {
                            let s: f64 = (0..k).map(|l| x[l * xs] as f64 * b[l * brs + j] as f64).sum();
                            alpha as f64 * s + if beta == 0.0 { 0.0 } else { beta as f64 * c0[j] as f64 }
                        })
                        .collect();
                    // Each step rounds at most twice, each by half an ulp of a value no larger
                    // than the sum of magnitudes; then the store's three roundings.
                    let bound = |j: usize| {
                        let mag: f64 = (0..k).map(|l| (x[l * xs] as f64 * b[l * brs + j] as f64).abs()).sum();
                        (2 * k + 3) as f64 * f32::EPSILON as f64 * (mag + c0[j].abs() as f64 + 1e-30)
                    };
                    let check = |got: &[f32], path: &str| {
                        for j in 0..n {
                            let err = (got[j] as f64 - want[j]).abs();
                            assert!(
                                err <= bound(j),
                                "{path} k {k} n {n} alpha {alpha} beta {beta} column {j}: {} vs {}",
                                got[j],
                                want[j]
                            );
                        }
                    };
                    let (xm, bm) = (Mat { data: &x[..], rs: k * xs, cs: xs }, Mat { data: &b[..], rs: brs, cs: 1 });
                    let mut got = c0.clone();
                    assert!(try_direct(1, k, n, alpha, xm, bm, beta, &mut MatMut { data: &mut got, rs: n }));
                    check(&got, "try_direct f32");
                    let mut portable = c0.clone();
                    assert!(direct_body(1, k, n, alpha, xm, bm, beta, &mut MatMut { data: &mut portable, rs: n }));
                    check(&portable, "portable f32");
                    let (x64, b64): (Vec<f64>, Vec<f64>) =
                        (x.iter().map(|&v| v as f64).collect(), b.iter().map(|&v| v as f64).collect());
                    let mut got64: Vec<f64> = c0.iter().map(|&v| v as f64).collect();
                    assert!(try_direct(
                        1,
                        k,
                        n,
                        alpha as f64,
                        Mat { data: &x64[..], rs: k * xs, cs: xs },
                        Mat { data: &b64[..], rs: brs, cs: 1 },
                        beta as f64,
                        &mut MatMut { data: &mut got64, rs: n }
                    ));
                    for j in 0..n {
                        assert!(
                            (got64[j] - want[j]).abs() <= 1e-12 * (1.0 + want[j].abs()),
                            "f64 k {k} n {n} column {j}"
                        );
                    }
                }
            }
        }
    }

    /// Each column is one running sum over k in order, whatever its position (lane of a 64- or
    /// 8-wide block, or scalar tail): fused steps where the CPU has FMA, else the plain loop's
    /// rounded product and sum; the portable path always gives the plain loop's bits.
    #[test]
    fn one_row_keeps_the_running_sums() {
        let (k, n) = (131, 75);
        let (a, b) = (vals(k, 5), vals(k * n, 6));
        let run = |path: &dyn Fn(&mut [f32])| {
            let mut got = vec![f32::NAN; n];
            path(&mut got);
            got
        };
        let (am, bm) = (Mat { data: &a[..], rs: k, cs: 1 }, Mat { data: &b[..], rs: n, cs: 1 });
        let got = run(&|c| assert!(try_direct(1, k, n, 1.0, am, bm, 0.0, &mut MatMut { data: c, rs: n })));
        let portable = run(&|c| assert!(direct_body(1, k, n, 1.0, am, bm, 0.0, &mut MatMut { data: c, rs: n })));
        for j in 0..n {
            let plain = (0..k).fold(0f32, |s, l| s + a[l] * b[l * n + j]);
            let fused_sum = (0..k).fold(0f32, |s, l| a[l].mul_add(b[l * n + j], s));
            let want = if fused() { fused_sum } else { plain };
            assert_eq!(got[j].to_bits(), want.to_bits(), "column {j}");
            assert_eq!(portable[j].to_bits(), plain.to_bits(), "portable, column {j}");
        }
    }
}
