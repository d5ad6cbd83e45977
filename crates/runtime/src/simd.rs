//! Wider vectors for the kernels' own loops. The crate is built for baseline x86-64 (SSE2:
//! four f32 lanes), so the loops the compiler vectorizes (dot products, direct convolution,
//! the recurrent cells' activations, elementwise slices) ran at a quarter of an AVX-512 CPU's
//! width, while matrixmultiply and onnxruntime's MLAS pick their kernels at run time. `wide`
//! does the same: it runs a closure inlined into a function compiled for AVX2 when the CPU has
//! it. No fused multiply-add is enabled (Rust never contracts `a * b + c`), and each lane does
//! the same operations in the same order, so results are bit-identical on either path.

/// Runs `f`, compiled for AVX2 when the CPU supports it (the check is a cached load).
#[inline(always)]
pub(crate) fn wide<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx2")]
        unsafe fn avx2<R>(f: impl FnOnce() -> R) -> R {
            f()
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU supports AVX2, checked just above.
            return unsafe { avx2(f) };
        }
    }
    f()
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_bits_on_both_paths() {
        let v: Vec<f32> = (0..1000).map(|i| (i as f32 * 0.37).sin()).collect();
        let sum = |v: &[f32]| crate::thin::dot(v, v);
        assert_eq!(super::wide(|| sum(&v)).to_bits(), sum(&v).to_bits());
    }
}
