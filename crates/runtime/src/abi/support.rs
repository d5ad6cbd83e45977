//! What every family's C glue shares: decoding handles, running a kernel under the sticky
//! error state and encoding its result or a placeholder.
//!
//! Safety contract of every `unsafe` function of the C glue (stated once, not per function):
//! each handle argument is null or a live handle made by this library (`into_handle`); borrowed
//! handles stay alive for the call; `_consume` arguments and `set_result`'s `h` are given up by
//! the caller; a frame pointer is null or points to a live `Frame`.

use std::sync::Arc;

use crate::error::{has_error, record_error, RtError, RtResult};
use crate::value::{borrow_handle, from_handle, into_handle, DType, Handle, RtValue, Tensor};
use crate::window::WindowAttrs;

/// MLIR's rank-1 memref descriptor, as compiled code passes a constant's bytes.
#[repr(C)]
pub struct MemRefDesc1 {
    pub allocated: *const u8,
    pub aligned: *const u8,
    pub offset: i64,
    pub size: i64,
    pub stride: i64,
}

/// Which placeholder a failed call returns.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Tensor,
    Sequence,
    Optional,
}

/// Errors of functions without a `node` argument are reported against this index.
pub(crate) const NO_NODE: i32 = -1;

pub(crate) fn placeholder(kind: Kind) -> Handle {
    let v = match kind {
        Kind::Tensor => RtValue::tensor(Tensor::placeholder()),
        Kind::Sequence => RtValue::sequence(None, Vec::new()),
        Kind::Optional => RtValue::optional(None),
    };
    into_handle(Arc::new(v))
}

pub(crate) fn finish(node: i32, kind: Kind, r: RtResult<Arc<RtValue>>) -> Handle {
    match r {
        Ok(v) => into_handle(v),
        Err(e) => {
            record_error(node, e);
            placeholder(kind)
        }
    }
}

/// Runs a handle-returning kernel unless an error is already recorded.
pub(crate) fn run(node: i32, kind: Kind, f: impl FnOnce() -> RtResult<Arc<RtValue>>) -> Handle {
    if has_error() {
        return placeholder(kind);
    }
    finish(node, kind, f())
}

pub(crate) fn run_v(node: i32, kind: Kind, f: impl FnOnce() -> RtResult<RtValue>) -> Handle {
    run(node, kind, || f().map(Arc::new))
}

/// Runs a scalar-returning kernel; 0 (the type's default) after or on error.
pub(crate) fn run_s<T: Default>(node: i32, f: impl FnOnce() -> RtResult<T>) -> T {
    if has_error() {
        return T::default();
    }
    f().unwrap_or_else(|e| {
        record_error(node, e);
        T::default()
    })
}

pub(crate) unsafe fn val<'a>(h: Handle) -> RtResult<&'a RtValue> {
    if h.is_null() {
        return Err(RtError::new("missing input (null handle)"));
    }
    Ok(borrow_handle(h))
}

pub(crate) unsafe fn ten<'a>(h: Handle) -> RtResult<&'a Tensor> {
    val(h)?.as_tensor()
}

pub(crate) unsafe fn opt_ten<'a>(h: Handle) -> RtResult<Option<&'a Tensor>> {
    if h.is_null() {
        Ok(None)
    } else {
        ten(h).map(Some)
    }
}

/// A new reference to a borrowed handle's value.
pub(crate) unsafe fn shared(h: Handle) -> RtResult<Arc<RtValue>> {
    if h.is_null() {
        return Err(RtError::new("missing input (null handle)"));
    }
    Arc::increment_strong_count(h as *const RtValue);
    Ok(from_handle(h))
}

pub(crate) fn dtype(code: i32) -> RtResult<DType> {
    DType::from_code(code)
}

pub(crate) fn pos(has_pos: i32, pos: i64) -> Option<i64> {
    (has_pos != 0).then_some(pos)
}

/// Runs a tensor kernel (a memoizable one's slot is handled by its export, see `abi::memo`).
pub(crate) fn run_t(node: i32, f: impl FnOnce() -> RtResult<Tensor>) -> Handle {
    run(node, Kind::Tensor, || f().map(|t| Arc::new(RtValue::tensor(t))))
}

/// An optional INT64 list attribute passed as a 1-D tensor (null = absent).
pub(crate) unsafe fn opt_list(h: Handle, what: &str) -> RtResult<Option<Vec<i64>>> {
    opt_ten(h)?.map(|t| t.to_i64_list(what, false)).transpose()
}

pub(crate) unsafe fn window_attrs(
    kernel: Handle,
    strides: Handle,
    dilations: Handle,
    pads: Handle,
) -> RtResult<WindowAttrs> {
    Ok(WindowAttrs {
        kernel: opt_list(kernel, "kernel_shape")?,
        strides: opt_list(strides, "strides")?,
        dilations: opt_list(dilations, "dilations")?,
        pads: opt_list(pads, "pads")?,
    })
}
