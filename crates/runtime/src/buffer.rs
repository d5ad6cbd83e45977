//! Crossing between the compiled-tensor tier's buffers (memrefs of static shape in compiled
//! code, passed as their aligned address) and handles. `read_buffer`, `read_slice` and
//! `from_buffer` copy: a buffer is rewritten on the next loop trip, so a handle never aliases
//! one. `tensor_data` lends a tensor's elements in place instead (a borrowed input read where
//! it is, a tensor from `tensor_zeros` filled by compiled code before anyone else sees it).

use std::cell::RefCell;

thread_local! {
    /// Zeroed stand-ins `tensor_data` lends after an error, kept until the error is taken: the
    /// compiled code that asked goes on reading or writing them until it checks for errors.
    static ERROR_SCRATCH: RefCell<Vec<Box<[u64]>>> = const { RefCell::new(Vec::new()) };
}

/// Frees the stand-ins of [`ERROR_SCRATCH`] (the error that made them has been taken).
pub(crate) fn drop_error_scratch() {
    ERROR_SCRATCH.with(|s| s.borrow_mut().clear());
}

/// A zeroed stand-in of at least `bytes` bytes, alive until the error is taken.
fn error_scratch(bytes: usize) -> *mut u8 {
    let words = bytes.div_ceil(8).max(1);
    let mut b = vec![0u64; words].into_boxed_slice();
    let p = b.as_mut_ptr().cast::<u8>();
    ERROR_SCRATCH.with(|s| s.borrow_mut().push(b));
    p
}

/// This family's C ABI (`crate::abi` exports each function from the runtime-abi table).
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::abi::MemRefDesc1;
    use crate::value::{DType, Handle, RtValue, Tensor};
    use std::sync::Arc;

    /// Copies tensor `h` into the buffer at `dst`, which holds `numel` elements of `dtype_code`.
    pub(crate) unsafe fn flowgate_rt_read_buffer(node: i32, h: Handle, dst: i64, dtype_code: i32, numel: i64) {
        run_s(node, || {
            let t = ten(h)?;
            let want = dtype(dtype_code)?;
            if t.dtype() != want || t.len() as i64 != numel {
                bail!(
                    "expected a {} tensor of {} elements (the compiled buffer), got {} of shape {}",
                    want.name(),
                    numel,
                    t.dtype().name(),
                    crate::value::fmt_shape(t.shape())
                );
            }
            if dst == 0 {
                bail!("read_buffer: null destination");
            }
            dispatch!(t.data(), v => {
                let bytes = std::mem::size_of_val(v.as_slice());
                // SAFETY: the compiled buffer holds `numel` elements of this type (checked above).
                std::ptr::copy_nonoverlapping(v.as_ptr().cast::<u8>(), dst as *mut u8, bytes);
            });
            Ok(())
        })
    }

    /// `Gather(h, index, axis)` with a scalar index (negative counts from the end) copied into the
    /// buffer at `dst`, which holds exactly that slice's `numel` elements of `dtype_code`.
    pub(crate) unsafe fn flowgate_rt_read_slice(
        node: i32,
        h: Handle,
        axis: i64,
        index: i64,
        dst: i64,
        dtype_code: i32,
        numel: i64,
    ) {
        run_s(node, || {
            let t = ten(h)?;
            let a = crate::broadcast::norm_axis(axis, t.rank())?;
            let dim = t.shape()[a] as i64;
            let i = if index < 0 { index + dim } else { index };
            if i < 0 || i >= dim {
                bail!("index {index} is out of bounds for axis {a} of size {dim}");
            }
            let want = dtype(dtype_code)?;
            let inner: usize = t.shape()[a + 1..].iter().product();
            let outer: usize = t.shape()[..a].iter().product();
            if t.dtype() != want || (outer * inner) as i64 != numel {
                bail!(
                    "expected a {} slice of {} elements (the compiled buffer), got {} slices of {} of {}",
                    want.name(),
                    numel,
                    t.dtype().name(),
                    crate::value::fmt_shape(&t.shape()[..a]),
                    crate::value::fmt_shape(&t.shape()[a + 1..])
                );
            }
            if dst == 0 {
                bail!("read_slice: null destination");
            }
            let (i, dim) = (i as usize, dim as usize);
            dispatch!(t.data(), v => {
                for o in 0..outer {
                    let src = &v[(o * dim + i) * inner..(o * dim + i + 1) * inner];
                    let d = (dst as *mut u8).add(o * std::mem::size_of_val(src));
                    // SAFETY: the buffer holds `outer * inner` elements of this type (checked above).
                    std::ptr::copy_nonoverlapping(src.as_ptr().cast::<u8>(), d, std::mem::size_of_val(src));
                }
            });
            Ok(())
        })
    }

    /// A new tensor of `dtype_code` and shape `shape` (a 1-D INT64 tensor) from a copy of the
    /// buffer at `src`.
    pub(crate) unsafe fn flowgate_rt_from_buffer(node: i32, src: i64, dtype_code: i32, shape: Handle) -> Handle {
        // Not through `run_t`: a pending memo slot belongs to the kernel call that follows.
        run(node, Kind::Tensor, || {
            let dt = dtype(dtype_code)?;
            let dims = ten(shape)?.to_i64s("shape")?;
            let dims: Vec<usize> = dims
                .iter()
                .map(|&d| usize::try_from(d))
                .collect::<Result<_, _>>()
                .map_err(|_| rt_err!("from_buffer: negative dimension in {dims:?}"))?;
            let n = crate::value::checked_numel(&dims, dt.size())?;
            if src == 0 && n > 0 {
                bail!("from_buffer: null source");
            }
            let bytes: &[u8] = if n == 0 { &[] } else { std::slice::from_raw_parts(src as *const u8, n * dt.size()) };
            Ok(Arc::new(RtValue::tensor(Tensor::new(dt, dims, bytes)?)))
        })
    }

    /// Tensor `h`'s `numel` elements of `dtype_code` in place, as a byte memref (MLIR's rank-1
    /// descriptor, returned by value as every memref result is). The caller keeps `h` alive
    /// while it uses the view, and writes through it only into a tensor of `tensor_zeros` no one
    /// else holds yet. On a mismatch (recorded as an error) or after an earlier error the view is
    /// a zeroed stand-in of the expected size, so compiled code never touches foreign memory.
    pub(crate) unsafe fn flowgate_rt_tensor_data(node: i32, h: Handle, dtype_code: i32, numel: i64) -> MemRefDesc1 {
        let found = run_s(node, || {
            let t = ten(h)?;
            let want = dtype(dtype_code)?;
            if t.dtype() != want || t.len() as i64 != numel {
                bail!(
                    "expected a {} tensor of {} elements (the compiled view), got {} of shape {}",
                    want.name(),
                    numel,
                    t.dtype().name(),
                    crate::value::fmt_shape(t.shape())
                );
            }
            let p: *const u8 = dispatch!(t.data(), v => v.as_ptr().cast::<u8>());
            Ok(Some((p, t.len() * want.size())))
        });
        let (p, bytes) = found.unwrap_or_else(|| {
            // The expected size, or none when the dtype code itself is unknown.
            let size = DType::from_code(dtype_code).map_or(0, |d| d.size());
            let bytes = usize::try_from(numel).unwrap_or(0).saturating_mul(size);
            (super::error_scratch(bytes).cast_const(), bytes)
        });
        MemRefDesc1 { allocated: p, aligned: p, offset: 0, size: bytes as i64, stride: 1 }
    }

    /// A new tensor of `dtype_code` and shape `shape` (a 1-D INT64 tensor) holding zeros, for
    /// compiled code to fill through `tensor_data` (a stacked loop output written in place).
    pub(crate) unsafe fn flowgate_rt_tensor_zeros(node: i32, dtype_code: i32, shape: Handle) -> Handle {
        run(node, Kind::Tensor, || {
            let dt = dtype(dtype_code)?;
            let dims = ten(shape)?.to_i64s("shape")?;
            let dims: Vec<usize> = dims
                .iter()
                .map(|&d| usize::try_from(d))
                .collect::<Result<_, _>>()
                .map_err(|_| rt_err!("tensor_zeros: negative dimension in {dims:?}"))?;
            Ok(Arc::new(RtValue::tensor(Tensor::zeros(dt, dims)?)))
        })
    }
}
