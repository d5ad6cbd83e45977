//! Times f32 `C = A B` (row-major, one thread) through `matrixmultiply`, `gemm` and `faer` on
//! the shapes the real-model corpus multiplies, plus a plain dot-product loop for the one-row
//! products, and prints the median time per call and each crate's ratio to `matrixmultiply`.

use std::time::Instant;

/// (what, m, k, n): products of the corpus' layers, worked out from their weights' shapes and
/// attributes (output lengths from the test inputs, rounded): one-row LSTM steps and Gemms on
/// one sample, convolutions with 4 output positions, and large im2col products.
const SHAPES: &[(&str, usize, usize, usize)] = &[
    ("lstm step (silero, 1x128 by 128x512)", 1, 128, 512),
    ("gemm row (openwakeword, 1x1536 by 1536x128)", 1, 1536, 128),
    ("gemm row (openwakeword, 1x128 by 128x128)", 1, 128, 128),
    ("stft conv (silero v5, 258x256 by 256x4)", 258, 256, 4),
    ("encoder conv (silero, 128x387 by 387x4)", 128, 387, 4),
    ("resampler 44.1k->16k (160x461 by 461x1000)", 160, 461, 1000),
    ("embedding conv (oww, 64x192 by 192x2432)", 64, 192, 2432),
    ("square 256", 256, 256, 256),
];

fn vals(n: usize, seed: u32) -> Vec<f32> {
    (0..n).map(|i| ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) % 1000) as f32 / 500.0 - 1.0).collect()
}

/// The median of `reps` timed calls, in microseconds, after a warm-up call.
fn time(reps: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..reps)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[reps / 2]
}

fn mm(m: usize, k: usize, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    // SAFETY: a, b and c are dense row-major m x k, k x n and m x n.
    unsafe {
        matrixmultiply::sgemm(m, k, n, 1.0, a.as_ptr(), k as isize, 1, b.as_ptr(), n as isize, 1, 0.0, c.as_mut_ptr(), n as isize, 1)
    }
}

fn gemm_crate(m: usize, k: usize, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    // SAFETY: as above; the crate takes column strides first.
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.as_mut_ptr(),
            1,
            n as isize,
            false,
            a.as_ptr(),
            1,
            k as isize,
            b.as_ptr(),
            1,
            n as isize,
            0.0,
            1.0,
            false,
            false,
            false,
            gemm::Parallelism::None,
        )
    }
}

fn faer_crate(m: usize, k: usize, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    let a = faer::MatRef::from_row_major_slice(a, m, k);
    let b = faer::MatRef::from_row_major_slice(b, k, n);
    let c = faer::MatMut::from_row_major_slice_mut(c, m, n);
    faer::linalg::matmul::matmul(c, faer::Accum::Replace, a, b, 1.0f32, faer::Par::Seq);
}

/// One-row product as axpy over B's rows (what a direct path for m = 1 does).
fn row_direct(k: usize, n: usize, a: &[f32], b: &[f32], c: &mut [f32]) {
    c.fill(0.0);
    for (l, &x) in a.iter().enumerate().take(k) {
        for (cj, &bj) in c.iter_mut().zip(&b[l * n..(l + 1) * n]) {
            *cj += x * bj;
        }
    }
}

fn main() {
    println!("| shape | matrixmultiply µs | gemm µs | faer µs | direct µs | gemm / mm | faer / mm |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for &(what, m, k, n) in SHAPES {
        let (a, b) = (vals(m * k, 1), vals(k * n, 2));
        let mut c = vec![0f32; m * n];
        let reps = (2e8 / (2 * m * k * n) as f64).clamp(20.0, 20000.0) as usize;
        let t_mm = time(reps, || mm(m, k, n, &a, &b, &mut c));
        let want = c.clone();
        let t_gemm = time(reps, || gemm_crate(m, k, n, &a, &b, &mut c));
        let err = c.iter().zip(&want).map(|(x, y)| (x - y).abs()).fold(0f32, f32::max);
        let t_faer = time(reps, || faer_crate(m, k, n, &a, &b, &mut c));
        let err = c.iter().zip(&want).map(|(x, y)| (x - y).abs()).fold(err, f32::max);
        let direct = if m == 1 { format!("{:.1}", time(reps, || row_direct(k, n, &a, &b, &mut c))) } else { "-".into() };
        assert!(err < 1e-2, "{what}: the crates disagree by {err}");
        println!(
            "| {what} | {t_mm:.1} | {t_gemm:.1} | {t_faer:.1} | {direct} | {:.2} | {:.2} |",
            t_gemm / t_mm,
            t_faer / t_mm
        );
    }
}
