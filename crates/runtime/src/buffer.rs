//! Crossing between the compiled-tensor tier's buffers (memrefs of static shape in compiled
//! code, passed as their aligned address) and handles. Each call copies: a buffer is rewritten
//! on the next loop trip, so a handle never aliases one.

/// This family's C ABI (`crate::abi` exports each function from the runtime-abi table).
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::value::{Handle, RtValue, Tensor};
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
}
