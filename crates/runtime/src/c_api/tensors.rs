//! Tensors: `flowgate_tensor_new` (copying or borrowing the caller's memory), the accessors a C
//! program reads an output with, and `flowgate_tensor_free` (for every kind of value).

use super::convert::{tensor_view, TensorView};
use super::errors::set_last_error;
use super::FlowgateTensor;

/// Records `what: msg` and returns `r`.
pub(crate) fn fail<R>(what: &str, msg: impl std::fmt::Display, r: R) -> R {
    set_last_error(format!("{what}: {msg}"));
    r
}

/// The checked tensor behind `t`, or the recorded error.
///
/// # Safety
/// As `tensor_view`: `t` is null or a struct as `flowgate.h` describes.
pub(crate) unsafe fn view<'a>(what: &str, t: *const FlowgateTensor) -> Option<TensorView<'a>> {
    if t.is_null() {
        return fail(what, "the tensor is NULL", None);
    }
    // SAFETY: by the caller; non-null.
    match unsafe { tensor_view(&*t) } {
        Ok(v) => Some(v),
        Err(e) => fail(what, format!("the value {e}"), None),
    }
}

pub(crate) mod c_api {
    use std::ffi::c_void;

    use super::*;
    use crate::c_api::convert::{value_from_c, value_to_c};
    use crate::c_api::owner::Owner;
    use crate::c_api::{FLOWGATE_BORROW, FLOWGATE_COPY};
    use crate::value::DType;

    pub(crate) fn flowgate_dtype_size(dtype: i32) -> usize {
        DType::from_code(dtype).map_or(0, DType::size)
    }

    pub(crate) unsafe fn flowgate_tensor_new(
        out: *mut FlowgateTensor,
        dtype: i32,
        rank: i32,
        shape: *const i64,
        data: *mut c_void,
        mode: i32,
    ) -> i32 {
        const WHAT: &str = "flowgate_tensor_new";
        if out.is_null() {
            return fail(WHAT, "out is NULL", -1);
        }
        // SAFETY: by the caller: `out` points to a struct (its contents are overwritten).
        let out = unsafe { &mut *out };
        *out = FlowgateTensor::EMPTY;
        let t = FlowgateTensor { dtype, rank, shape, data, owner: std::ptr::null_mut() };
        // SAFETY: by the caller: `shape` and `data` hold what `rank` and the shape declare.
        if unsafe { view(WHAT, &t) }.is_none() {
            return -1;
        }
        match mode {
            FLOWGATE_BORROW => {
                *out = t;
                0
            }
            FLOWGATE_COPY => {
                // SAFETY: checked above.
                let r = unsafe { value_from_c(&t, WHAT) }.and_then(|v| unsafe { value_to_c(v, out) });
                r.map_or_else(|e| fail(WHAT, e, -1), |()| 0)
            }
            m => fail(WHAT, format!("mode {m} is neither FLOWGATE_COPY (0) nor FLOWGATE_BORROW (1)"), -1),
        }
    }

    pub(crate) unsafe fn flowgate_tensor_dtype(t: *const FlowgateTensor) -> i32 {
        if t.is_null() {
            return fail("flowgate_tensor_dtype", "the value is NULL", 0);
        }
        // SAFETY: by the caller; non-null.
        unsafe { (*t).dtype }
    }

    pub(crate) unsafe fn flowgate_tensor_rank(t: *const FlowgateTensor) -> i32 {
        unsafe { view("flowgate_tensor_rank", t) }.map_or(-1, |v| v.dims.len() as i32)
    }

    pub(crate) unsafe fn flowgate_tensor_dim(t: *const FlowgateTensor, axis: i32) -> i64 {
        const WHAT: &str = "flowgate_tensor_dim";
        let Some(v) = (unsafe { view(WHAT, t) }) else { return -1 };
        let rank = v.dims.len() as i64;
        let a = i64::from(axis);
        let i = if a < 0 { a + rank } else { a };
        if !(0..rank).contains(&i) {
            return fail(WHAT, format!("axis {axis} is out of range for rank {rank}"), -1);
        }
        v.dims[i as usize]
    }

    pub(crate) unsafe fn flowgate_tensor_size(t: *const FlowgateTensor) -> i64 {
        unsafe { view("flowgate_tensor_size", t) }.map_or(-1, |v| v.numel as i64)
    }

    pub(crate) unsafe fn flowgate_tensor_data(t: *const FlowgateTensor) -> *mut c_void {
        unsafe { view("flowgate_tensor_data", t) }.map_or(std::ptr::null_mut(), |v| v.data)
    }

    pub(crate) unsafe fn flowgate_tensor_copy_data(
        t: *const FlowgateTensor,
        dst: *mut c_void,
        dst_bytes: usize,
    ) -> i32 {
        const WHAT: &str = "flowgate_tensor_copy_data";
        let Some(v) = (unsafe { view(WHAT, t) }) else { return -1 };
        let need = v.bytes();
        if dst_bytes != need {
            return fail(
                WHAT,
                format!("the tensor ({}, {} elements) has {need} bytes but the buffer {dst_bytes}", v.dtype, v.numel),
                -1,
            );
        }
        if need > 0 {
            if dst.is_null() {
                return fail(WHAT, "the buffer is NULL", -1);
            }
            // SAFETY: `data` holds `need` bytes (checked view) and `dst` has `dst_bytes` == need
            // (the caller's word); a caller's buffer never overlaps the runtime's storage, and
            // `copy` (memmove) is right even if a borrowed one does.
            unsafe { std::ptr::copy(v.data.cast::<u8>(), dst.cast::<u8>(), need) };
        }
        0
    }

    pub(crate) unsafe fn flowgate_tensor_free(t: *mut FlowgateTensor) {
        if t.is_null() {
            return;
        }
        // SAFETY: by the caller: `t` points to a struct whose owner is null or the runtime's.
        if let Err(e) = unsafe { Owner::free(&mut *t) } {
            fail("flowgate_tensor_free", format!("the value {e}; nothing was freed"), ());
        }
    }
}
