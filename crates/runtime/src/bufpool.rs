//! Buffers reused across kernel calls (issue 19 item 5). A model runs the same kernels on the
//! same shapes every step and every run, and each call used to allocate its output and scratch
//! buffers and free them again soon after: in a release profile of `silero_vad_16k_op15` at one
//! thread, malloc and free (with glibc's chunk consolidation) took 22% of the run. A tensor's
//! storage now goes back to a per-thread free list when the tensor is dropped (`give`), and a
//! kernel asking for a buffer of exactly that many bytes gets it back (`take`, `zeroed`) instead
//! of a fresh allocation.
//!
//! The list is per thread (no lock; a kernel runs on the thread that called it), holds only
//! buffers of at least [`MIN_BYTES`] (below that glibc's per-thread cache is as quick), and at
//! most [`MAX_HELD`] buffers and [`MAX_HELD_BYTES`] bytes: the oldest is freed to make room, so
//! buffers of shapes a model no longer makes do not stay. A buffer is handed out as a `Vec`
//! of length 0 (its old contents are never read): `zeroed` fills it.

use std::alloc::Layout;
use std::cell::RefCell;
use std::ptr::NonNull;

/// Smaller buffers are left to malloc.
const MIN_BYTES: usize = 1024;
/// At most this many buffers are kept per thread.
const MAX_HELD: usize = 64;
/// At most this many bytes are kept per thread.
const MAX_HELD_BYTES: usize = 64 << 20;

/// A free allocation: what `Vec` allocated for `bytes` bytes at alignment `align`.
struct Free {
    ptr: NonNull<u8>,
    bytes: usize,
    align: usize,
}

impl Free {
    fn release(self) {
        if let Ok(layout) = Layout::from_size_align(self.bytes, self.align) {
            // SAFETY: `ptr` was allocated by the global allocator with exactly this layout (a
            // `Vec` of `bytes / size_of::<T>()` capacity of an element type aligned to `align`),
            // and the pool owned it alone.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr(), layout) };
        }
    }
}

#[derive(Default)]
struct Pool {
    free: Vec<Free>,
    held: usize,
}

impl Drop for Pool {
    fn drop(&mut self) {
        for f in self.free.drain(..) {
            f.release();
        }
    }
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// A `Vec` of length 0 and capacity exactly `n` from the pool, if it holds a buffer of that
/// many bytes at `T`'s alignment.
pub(crate) fn take<T: Copy>(n: usize) -> Option<Vec<T>> {
    let size = std::mem::size_of::<T>();
    let bytes = n.checked_mul(size)?;
    if size == 0 || bytes < MIN_BYTES {
        return None;
    }
    let align = std::mem::align_of::<T>();
    POOL.try_with(|p| {
        let mut p = p.try_borrow_mut().ok()?;
        // The most recently given back first: it is the likeliest still in the cache.
        let i = p.free.iter().rposition(|f| f.bytes == bytes && f.align == align)?;
        let f = p.free.remove(i);
        p.held -= bytes;
        // SAFETY: the allocation is `bytes = n * size_of::<T>()` bytes at `T`'s alignment, made
        // by the global allocator (as `Vec` allocates), and no one else holds it; length 0 means
        // nothing is read from it.
        Some(unsafe { Vec::from_raw_parts(f.ptr.as_ptr().cast::<T>(), 0, n) })
    })
    .ok()
    .flatten()
}

/// `n` zeros (`T::default()`), in a pooled buffer when one fits.
pub(crate) fn zeroed<T: Copy + Default>(n: usize) -> Vec<T> {
    match take(n) {
        Some(mut v) => {
            v.resize(n, T::default());
            v
        }
        None => vec![T::default(); n],
    }
}

/// Keeps `v`'s allocation for a later [`take`] of the same size (or frees it as usual when it
/// is too small or the pool is busy, e.g. while the thread exits).
pub(crate) fn give<T: Copy>(v: Vec<T>) {
    let (size, align) = (std::mem::size_of::<T>(), std::mem::align_of::<T>());
    let bytes = v.capacity() * size;
    if size == 0 || !(MIN_BYTES..=MAX_HELD_BYTES).contains(&bytes) {
        return;
    }
    let mut v = Some(v);
    let _ = POOL.try_with(|p| {
        let Ok(mut p) = p.try_borrow_mut() else { return };
        while !p.free.is_empty() && (p.free.len() >= MAX_HELD || p.held + bytes > MAX_HELD_BYTES) {
            let old = p.free.remove(0);
            p.held -= old.bytes;
            old.release();
        }
        if let Some(v) = v.take() {
            // `T: Copy`: the elements need no drop; the allocation moves to the pool.
            let mut v = std::mem::ManuallyDrop::new(v);
            if let Some(ptr) = NonNull::new(v.as_mut_ptr().cast::<u8>()) {
                p.free.push(Free { ptr, bytes, align });
                p.held += bytes;
            }
        }
    });
    // Not taken (the pool is gone or busy): freed here as usual.
    drop(v);
}

/// The number of buffers and bytes this thread's pool holds (for tests).
#[cfg(test)]
pub(crate) fn held() -> (usize, usize) {
    POOL.with(|p| {
        let p = p.borrow();
        (p.free.len(), p.held)
    })
}

#[cfg(test)]
#[path = "bufpool_tests.rs"]
mod tests;
