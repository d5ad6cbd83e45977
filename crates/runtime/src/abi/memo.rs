//! Values made once: constants (`flowgate_rt_constant_cached`) and results computed from
//! constants alone (`flowgate_rt_memo_next`, then a kernel the table marks `memo`) are kept in
//! 8 writable bytes of the compiled module, so later runs return them instead of computing them.

use crate::abi::MemRefDesc1;
use crate::error::has_error;
use crate::value::c_abi::{flowgate_rt_release, flowgate_rt_retain};
use crate::value::Handle;

thread_local! {
    /// The slot (address) and node of the next `run_t` call whose result is a constant.
    static MEMO: std::cell::Cell<Option<(usize, i32)>> = const { std::cell::Cell::new(None) };
}

/// Runs a memoizable kernel's call for `node`: through the slot `flowgate_rt_memo_next`
/// announced for this node, if any (it serves this call only), else directly.
pub(crate) fn through_pending(node: i32, compute: impl FnOnce() -> Handle) -> Handle {
    match MEMO.take().filter(|&(_, n)| n == node) {
        // SAFETY: the slot was checked by `flowgate_rt_memo_next` and lives in the module.
        Some((slot, _)) => unsafe { through_slot(slot as *mut u8, compute) },
        None => compute(),
    }
}

/// The 8 aligned writable bytes a slot descriptor views, or None when it is not one.
pub(crate) unsafe fn slot_ptr(slot: *const MemRefDesc1) -> Option<*mut u8> {
    let d = slot.as_ref()?;
    if d.size != 8 || d.stride != 1 || d.offset < 0 || d.aligned.is_null() {
        return None;
    }
    let p = d.aligned.add(d.offset as usize) as *mut u8;
    (p as usize).is_multiple_of(std::mem::align_of::<std::sync::atomic::AtomicPtr<std::ffi::c_void>>()).then_some(p)
}

/// The handle a slot keeps (retained for the caller), or `make()`'s, which the slot then keeps
/// a reference of (unless it failed).
///
/// # Safety
/// `p` must come from [`slot_ptr`] and stay valid.
pub(crate) unsafe fn through_slot(p: *mut u8, make: impl FnOnce() -> Handle) -> Handle {
    use std::sync::atomic::{AtomicPtr, Ordering};
    // SAFETY: 8 aligned writable bytes of the module, used only through this atomic.
    let cell = AtomicPtr::<std::ffi::c_void>::from_ptr(p as *mut *mut std::ffi::c_void);
    let cur = cell.load(Ordering::Acquire);
    if !cur.is_null() {
        flowgate_rt_retain(cur);
        return cur;
    }
    let h = make();
    if h.is_null() || has_error() {
        return h;
    }
    // The slot keeps this tensor unchanged for the module's life: weights prepared from it
    // (`prepack`) are kept with it.
    if let Ok(t) = crate::abi::support::ten(h) {
        t.prepared().mark_constant();
    }
    flowgate_rt_retain(h);
    if cell.compare_exchange(std::ptr::null_mut(), h, Ordering::AcqRel, Ordering::Acquire).is_err() {
        // Another thread filled the slot first: drop the reference meant for it.
        flowgate_rt_release(h);
    }
    h
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use super::{slot_ptr, through_slot, MEMO};
    use crate::abi::support::*;
    use crate::error::RtError;
    use crate::value::Handle;

    /// The next tensor kernel called for `node` makes a value that never changes (it is computed
    /// from constants only): `slot` (8 writable bytes of the module, zero at load) keeps it, and
    /// later calls return it. A slot that is not one is ignored (the value is computed each time).
    pub(crate) unsafe fn flowgate_rt_memo_next(slot: *const MemRefDesc1, node: i32) {
        MEMO.set(slot_ptr(slot).map(|p| (p as usize, node)));
    }

    pub(crate) unsafe fn flowgate_rt_constant(blob: *const MemRefDesc1) -> Handle {
        run_v(NO_NODE, Kind::Tensor, || {
            let d = blob.as_ref().ok_or_else(|| RtError::new("constant: null descriptor"))?;
            if d.offset < 0 || d.size < 0 || (d.size > 0 && d.aligned.is_null()) {
                bail!("constant: invalid descriptor (offset {}, size {})", d.offset, d.size);
            }
            if d.size > 0 && d.stride != 1 {
                bail!("constant: the blob must be contiguous, got stride {}", d.stride);
            }
            let bytes: &[u8] = if d.size == 0 {
                &[]
            } else {
                std::slice::from_raw_parts(d.aligned.add(d.offset as usize), d.size as usize)
            };
            crate::value::value_from_blob(bytes)
        })
    }

    /// `flowgate_rt_constant` made once per compiled module: `slot` views 8 writable bytes of the
    /// module (zero at load) that keep the first call's handle (one reference of their own); later
    /// calls return that handle, retained. The slot's reference lives until
    /// `flowgate_rt_slot_release` empties the slot (the module's `__flowgate_release_slots`, called
    /// before the module is freed): one copy of each constant per compiled module.
    pub(crate) unsafe fn flowgate_rt_constant_cached(blob: *const MemRefDesc1, slot: *const MemRefDesc1) -> Handle {
        match slot_ptr(slot) {
            Some(p) => through_slot(p, || flowgate_rt_constant(blob)),
            // Not a slot: no caching, still correct.
            None => flowgate_rt_constant(blob),
        }
    }

    /// Empties `slot` and releases the reference it kept (a no-op when it is empty or not a
    /// slot). The module calls it for each of its slots before its memory is freed; no run of
    /// the module may be in progress.
    pub(crate) unsafe fn flowgate_rt_slot_release(slot: *const MemRefDesc1) {
        use std::sync::atomic::{AtomicPtr, Ordering};
        let Some(p) = slot_ptr(slot) else { return };
        // SAFETY: 8 aligned writable bytes of the module, used only through atomics.
        let cell = AtomicPtr::<std::ffi::c_void>::from_ptr(p as *mut *mut std::ffi::c_void);
        let h = cell.swap(std::ptr::null_mut(), Ordering::AcqRel);
        if !h.is_null() {
            crate::value::c_abi::flowgate_rt_release(h);
        }
    }
}
