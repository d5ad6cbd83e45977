//! The C ABI compiled code calls (`flowgate_rt_*`). Each function only decodes handles, calls
//! the safe kernel and encodes the result; README.md documents the contract.
//!
//! Safety contract of every `unsafe` function here (stated once, not per function): each
//! handle argument is null or a live handle made by this library (`into_handle`); borrowed
//! handles stay alive for the call; `_consume` arguments and `set_result`'s `h` are given up by
//! the caller; a frame pointer is null or points to a live [`Frame`].
#![allow(clippy::missing_safety_doc)]

use std::sync::Arc;

use crate::cast::{cast, scalar_from_f64, scalar_from_i64};
use crate::conv::{conv, conv_transpose, ConvAttrs};
use crate::detection::{non_max_suppression, roi_align, RoiAlignAttrs};
use crate::elementwise::{BinaryOp, UnaryOp};
use crate::error::{has_error, record_error, RtError, RtResult};
use crate::frame::Frame;
use crate::grid_sample::{grid_sample, GridSampleAttrs};
use crate::nn::{arg_reduce, softmax};
use crate::pool::{global_pool, instance_norm, pool, PoolAttrs, PoolKind};
use crate::reduce::{reduce, ReduceOp};
use crate::resize::{resize, ResizeAttrs};
use crate::rnn::{lstm, ActKind, Activation, LstmAttrs, LstmInputs};
use crate::scatter::{array_feature_extractor, gather_nd, reverse_sequence, scatter_elements, scatter_nd, Reduction};
use crate::select::{compress, non_zero, top_k};
use crate::signal::{dft, stft};
use crate::value::{borrow_handle, from_handle, into_handle, live_values, DType, Handle, RtValue, Tensor};
use crate::window::WindowAttrs;
use crate::{
    activation::{hard_sigmoid, leaky_relu},
    gemm::gemm,
};
use crate::{elementwise as ew, linalg, movement as mv, optional as opt, sequence as sq, shape as sh};

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
enum Kind {
    Tensor,
    Sequence,
    Optional,
}

/// Errors of functions without a `node` argument are reported against this index.
const NO_NODE: i32 = -1;

fn placeholder(kind: Kind) -> Handle {
    let v = match kind {
        Kind::Tensor => RtValue::tensor(Tensor::placeholder()),
        Kind::Sequence => RtValue::sequence(None, Vec::new()),
        Kind::Optional => RtValue::optional(None),
    };
    into_handle(Arc::new(v))
}

fn finish(node: i32, kind: Kind, r: RtResult<Arc<RtValue>>) -> Handle {
    match r {
        Ok(v) => into_handle(v),
        Err(e) => {
            record_error(node, e);
            placeholder(kind)
        }
    }
}

/// Runs a handle-returning kernel unless an error is already recorded.
fn run(node: i32, kind: Kind, f: impl FnOnce() -> RtResult<Arc<RtValue>>) -> Handle {
    if has_error() {
        return placeholder(kind);
    }
    finish(node, kind, f())
}

fn run_t(node: i32, f: impl FnOnce() -> RtResult<Tensor>) -> Handle {
    // A slot announced by `flowgate_rt_memo_next` for this node serves this call only.
    let memo = MEMO.take().filter(|&(_, n)| n == node);
    let compute = || run(node, Kind::Tensor, || f().map(|t| Arc::new(RtValue::tensor(t))));
    match memo {
        // SAFETY: the slot was checked by `flowgate_rt_memo_next` and lives in the module.
        Some((slot, _)) => unsafe { through_slot(slot as *mut u8, compute) },
        None => compute(),
    }
}

thread_local! {
    /// The slot (address) and node of the next `run_t` call whose result is a constant.
    static MEMO: std::cell::Cell<Option<(usize, i32)>> = const { std::cell::Cell::new(None) };
}

/// The 8 aligned writable bytes a slot descriptor views, or None when it is not one.
unsafe fn slot_ptr(slot: *const MemRefDesc1) -> Option<*mut u8> {
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
unsafe fn through_slot(p: *mut u8, make: impl FnOnce() -> Handle) -> Handle {
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
    flowgate_rt_retain(h);
    if cell.compare_exchange(std::ptr::null_mut(), h, Ordering::AcqRel, Ordering::Acquire).is_err() {
        // Another thread filled the slot first: drop the reference meant for it.
        flowgate_rt_release(h);
    }
    h
}

/// The next tensor kernel called for `node` makes a value that never changes (it is computed
/// from constants only): `slot` (8 writable bytes of the module, zero at load) keeps it, and
/// later calls return it. A slot that is not one is ignored (the value is computed each time).
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_memo_next(slot: *const MemRefDesc1, node: i32) {
    MEMO.set(slot_ptr(slot).map(|p| (p as usize, node)));
}

fn run_v(node: i32, kind: Kind, f: impl FnOnce() -> RtResult<RtValue>) -> Handle {
    run(node, kind, || f().map(Arc::new))
}

/// Runs a scalar-returning kernel; 0 (the type's default) after or on error.
fn run_s<T: Default>(node: i32, f: impl FnOnce() -> RtResult<T>) -> T {
    if has_error() {
        return T::default();
    }
    f().unwrap_or_else(|e| {
        record_error(node, e);
        T::default()
    })
}

unsafe fn val<'a>(h: Handle) -> RtResult<&'a RtValue> {
    if h.is_null() {
        return Err(RtError::new("missing input (null handle)"));
    }
    Ok(borrow_handle(h))
}

unsafe fn ten<'a>(h: Handle) -> RtResult<&'a Tensor> {
    val(h)?.as_tensor()
}

unsafe fn opt_ten<'a>(h: Handle) -> RtResult<Option<&'a Tensor>> {
    if h.is_null() {
        Ok(None)
    } else {
        ten(h).map(Some)
    }
}

/// A new reference to a borrowed handle's value.
unsafe fn shared(h: Handle) -> RtResult<Arc<RtValue>> {
    if h.is_null() {
        return Err(RtError::new("missing input (null handle)"));
    }
    Arc::increment_strong_count(h as *const RtValue);
    Ok(from_handle(h))
}

fn dtype(code: i32) -> RtResult<DType> {
    DType::from_code(code)
}

fn pos(has_pos: i32, pos: i64) -> Option<i64> {
    (has_pos != 0).then_some(pos)
}

// ---- Memory and scalars ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_retain(h: Handle) {
    if !h.is_null() {
        Arc::increment_strong_count(h as *const RtValue);
    }
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_release(h: Handle) {
    if !h.is_null() {
        drop(from_handle(h));
    }
}

#[no_mangle]
pub extern "C" fn flowgate_rt_live_values() -> i64 {
    live_values()
}

/// A null handle: an absent optional input (`_or_null` arguments), as compiled code spells it.
#[no_mangle]
pub extern "C" fn flowgate_rt_null() -> Handle {
    std::ptr::null_mut()
}

#[no_mangle]
pub extern "C" fn flowgate_rt_ok() -> u8 {
    u8::from(!has_error())
}

#[no_mangle]
pub extern "C" fn flowgate_rt_box_i64(v: i64, dtype_code: i32) -> Handle {
    run_t(NO_NODE, || Ok(scalar_from_i64(v, dtype(dtype_code)?)))
}

#[no_mangle]
pub extern "C" fn flowgate_rt_box_f64(v: f64, dtype_code: i32) -> Handle {
    run_t(NO_NODE, || Ok(scalar_from_f64(v, dtype(dtype_code)?)))
}

#[no_mangle]
pub extern "C" fn flowgate_rt_box_f32(v: f32, dtype_code: i32) -> Handle {
    run_t(NO_NODE, || Ok(scalar_from_f64(f64::from(v), dtype(dtype_code)?)))
}

/// The single element of `t`, as i128 (integers and bools) or f64 (floats).
fn single(t: &Tensor, want_float: bool) -> RtResult<(i128, f64)> {
    if t.len() != 1 {
        bail!("expected a tensor with exactly one element, got shape {}", crate::value::fmt_shape(t.shape()));
    }
    if t.dtype().is_float() != want_float {
        bail!(
            "expected {} element type, got {}",
            if want_float { "a floating-point" } else { "an integer or bool" },
            t.dtype().name()
        );
    }
    Ok(dispatch!(t.data(), v => (crate::dispatch::Elem::to_i128(v[0]), crate::dispatch::Elem::to_f64(v[0]))))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_unbox_i64(node: i32, h: Handle) -> i64 {
    run_s(node, || Ok(single(ten(h)?, false)?.0 as i64))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_unbox_f64(node: i32, h: Handle) -> f64 {
    run_s(node, || Ok(single(ten(h)?, true)?.1))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_unbox_f32(node: i32, h: Handle) -> f32 {
    run_s(node, || Ok(single(ten(h)?, true)?.1 as f32))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_dim(node: i32, h: Handle, axis: i64) -> i64 {
    run_s(node, || {
        let t = ten(h)?;
        let a = crate::broadcast::norm_axis(axis, t.rank())?;
        Ok(t.shape()[a] as i64)
    })
}

/// `onnx.Scan.check_length`: scan input #`input` must be `expected` long along `axis` (the
/// length of scan input #0); returns `expected`, or records the error (as onnxruntime refuses
/// scan inputs of different lengths) and returns 0, so the loop runs no step.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_scan_length(node: i32, expected: i64, h: Handle, axis: i64, input: i64) -> i64 {
    run_s(node, || {
        let t = ten(h)?;
        let a = crate::broadcast::norm_axis(axis, t.rank())?;
        let d = t.shape()[a] as i64;
        if d != expected {
            bail!(
                "scan inputs have inconsistent sequence lengths: scan input #0 has {expected} steps, scan input #{input} has {d} along axis {axis} (shape {})",
                crate::fmt_shape(t.shape())
            );
        }
        Ok(expected)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_rank(node: i32, h: Handle) -> i64 {
    run_s(node, || Ok(ten(h)?.rank() as i64))
}

// ---- Constants ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_constant(blob: *const MemRefDesc1) -> Handle {
    run_t(NO_NODE, || {
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
        Tensor::from_blob(bytes)
    })
}

/// `flowgate_rt_constant` made once per compiled module: `slot` views 8 writable bytes of the
/// module (zero at load) that keep the first call's handle (one reference of their own); later
/// calls return that handle, retained. The slot's reference lives as long as the process (the
/// runtime cannot see the module being freed): one copy of each constant per compiled module.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_constant_cached(blob: *const MemRefDesc1, slot: *const MemRefDesc1) -> Handle {
    match slot_ptr(slot) {
        Some(p) => through_slot(p, || flowgate_rt_constant(blob)),
        // Not a slot: no caching, still correct.
        None => flowgate_rt_constant(blob),
    }
}

// ---- Elementwise ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_unary(node: i32, op: i32, x: Handle) -> Handle {
    run_t(node, || {
        let op = UnaryOp::from_i32(op).ok_or_else(|| rt_err!("unknown unary op code {op}"))?;
        ew::unary(op, ten(x)?)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_binary(node: i32, op: i32, a: Handle, b: Handle) -> Handle {
    run_t(node, || {
        let op = BinaryOp::from_i32(op).ok_or_else(|| rt_err!("unknown binary op code {op}"))?;
        ew::binary(op, ten(a)?, ten(b)?)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_where(node: i32, c: Handle, x: Handle, y: Handle) -> Handle {
    run_t(node, || ew::where_(ten(c)?, ten(x)?, ten(y)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_cast(node: i32, x: Handle, to: i32) -> Handle {
    run_t(node, || Ok(cast(ten(x)?, dtype(to)?)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_clip(node: i32, x: Handle, min_or_null: Handle, max_or_null: Handle) -> Handle {
    run_t(node, || ew::clip(ten(x)?, opt_ten(min_or_null)?, opt_ten(max_or_null)?))
}

// ---- Shapes ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_shape(node: i32, x: Handle, start: i64, end: i64) -> Handle {
    run_t(node, || Ok(sh::shape(ten(x)?, start, end)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_size(node: i32, x: Handle) -> i64 {
    run_s(node, || Ok(sh::size(ten(x)?)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_reshape(node: i32, x: Handle, shape: Handle, allowzero: i32) -> Handle {
    run_t(node, || sh::reshape(ten(x)?, ten(shape)?, allowzero != 0))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_expand(node: i32, x: Handle, shape: Handle) -> Handle {
    run_t(node, || sh::expand(ten(x)?, ten(shape)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_squeeze(node: i32, x: Handle, axes_or_null: Handle) -> Handle {
    run_t(node, || sh::squeeze(ten(x)?, opt_ten(axes_or_null)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_unsqueeze(node: i32, x: Handle, axes: Handle) -> Handle {
    run_t(node, || sh::unsqueeze(ten(x)?, ten(axes)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_flatten(node: i32, x: Handle, axis: i64) -> Handle {
    run_t(node, || sh::flatten(ten(x)?, axis))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_constant_of_shape(node: i32, shape: Handle, value_or_null: Handle) -> Handle {
    run_t(node, || sh::constant_of_shape(ten(shape)?, opt_ten(value_or_null)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_range(node: i32, start: Handle, limit: Handle, delta: Handle) -> Handle {
    run_t(node, || sh::range(ten(start)?, ten(limit)?, ten(delta)?))
}

// ---- Data movement ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_transpose(node: i32, x: Handle, perm_or_null: Handle) -> Handle {
    run_t(node, || mv::transpose(ten(x)?, opt_ten(perm_or_null)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_concat(node: i32, seq: Handle, axis: i64) -> Handle {
    run_t(node, || {
        let (_, ts) = sq::seq_tensors(val(seq)?)?;
        mv::concat(&ts, axis)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_split(
    node: i32,
    x: Handle,
    split_or_null: Handle,
    axis: i64,
    num_outputs: i64,
) -> Handle {
    run_v(node, Kind::Sequence, || {
        let x = ten(x)?;
        let parts = mv::split(x, opt_ten(split_or_null)?, axis, num_outputs)?;
        let items = parts.into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect();
        Ok(RtValue::sequence(Some(x.dtype()), items))
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_slice(
    node: i32,
    x: Handle,
    starts: Handle,
    ends: Handle,
    axes_or_null: Handle,
    steps_or_null: Handle,
) -> Handle {
    run_t(node, || mv::slice(ten(x)?, ten(starts)?, ten(ends)?, opt_ten(axes_or_null)?, opt_ten(steps_or_null)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_gather(node: i32, x: Handle, indices: Handle, axis: i64) -> Handle {
    run_t(node, || mv::gather(ten(x)?, ten(indices)?, axis))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_gather_elements(node: i32, x: Handle, indices: Handle, axis: i64) -> Handle {
    run_t(node, || mv::gather_elements(ten(x)?, ten(indices)?, axis))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_tile(node: i32, x: Handle, repeats: Handle) -> Handle {
    run_t(node, || mv::tile(ten(x)?, ten(repeats)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_pad(
    node: i32,
    x: Handle,
    pads: Handle,
    value_or_null: Handle,
    axes_or_null: Handle,
) -> Handle {
    run_t(node, || mv::pad(ten(x)?, ten(pads)?, opt_ten(value_or_null)?, opt_ten(axes_or_null)?))
}

/// `Pad` with a `mode` other than constant (code as `movement::PadMode::from_code`).
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_pad_mode(
    node: i32,
    x: Handle,
    pads: Handle,
    value_or_null: Handle,
    axes_or_null: Handle,
    mode: i32,
) -> Handle {
    run_t(node, || {
        let mode = mv::PadMode::from_code(mode)?;
        mv::pad_mode(ten(x)?, ten(pads)?, opt_ten(value_or_null)?, opt_ten(axes_or_null)?, mode)
    })
}

// ---- Reductions and NN ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_reduce(
    node: i32,
    op: i32,
    x: Handle,
    axes_or_null: Handle,
    keepdims: i32,
    noop_with_empty_axes: i32,
) -> Handle {
    run_t(node, || {
        let op = ReduceOp::from_i32(op).ok_or_else(|| rt_err!("unknown reduce op code {op}"))?;
        reduce(op, ten(x)?, opt_ten(axes_or_null)?, keepdims != 0, noop_with_empty_axes != 0)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_softmax(node: i32, x: Handle, axis: i64, legacy: i32) -> Handle {
    run_t(node, || softmax(ten(x)?, axis, legacy != 0, false))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_log_softmax(node: i32, x: Handle, axis: i64, legacy: i32) -> Handle {
    run_t(node, || softmax(ten(x)?, axis, legacy != 0, true))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_arg_reduce(
    node: i32,
    x: Handle,
    axis: i64,
    keepdims: i32,
    select_last_index: i32,
    is_min: i32,
) -> Handle {
    run_t(node, || arg_reduce(ten(x)?, axis, keepdims != 0, select_last_index != 0, is_min != 0))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_matmul(node: i32, a: Handle, b: Handle) -> Handle {
    run_t(node, || linalg::matmul(ten(a)?, ten(b)?))
}

// ---- Neural-network layers ----

/// An optional INT64 list attribute passed as a 1-D tensor (null = absent).
unsafe fn opt_list(h: Handle, what: &str) -> RtResult<Option<Vec<i64>>> {
    opt_ten(h)?.map(|t| t.to_i64_list(what, false)).transpose()
}

unsafe fn window_attrs(kernel: Handle, strides: Handle, dilations: Handle, pads: Handle) -> RtResult<WindowAttrs> {
    Ok(WindowAttrs {
        kernel: opt_list(kernel, "kernel_shape")?,
        strides: opt_list(strides, "strides")?,
        dilations: opt_list(dilations, "dilations")?,
        pads: opt_list(pads, "pads")?,
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_hard_sigmoid(node: i32, x: Handle, alpha: f64, beta: f64, swish: i32) -> Handle {
    run_t(node, || hard_sigmoid(ten(x)?, alpha, beta, swish != 0))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_leaky_relu(node: i32, x: Handle, alpha: f64) -> Handle {
    run_t(node, || leaky_relu(ten(x)?, alpha))
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_gemm(
    node: i32,
    a: Handle,
    b: Handle,
    c_or_null: Handle,
    alpha: f64,
    beta: f64,
    trans_a: i32,
    trans_b: i32,
) -> Handle {
    run_t(node, || gemm(ten(a)?, ten(b)?, opt_ten(c_or_null)?, alpha, beta, trans_a != 0, trans_b != 0))
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_conv(
    node: i32,
    x: Handle,
    w: Handle,
    b_or_null: Handle,
    auto_pad: i32,
    group: i64,
    kernel_shape_or_null: Handle,
    strides_or_null: Handle,
    dilations_or_null: Handle,
    pads_or_null: Handle,
) -> Handle {
    run_t(node, || {
        let a = ConvAttrs {
            window: window_attrs(kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null)?,
            group,
            auto_pad,
            output_padding: None,
            output_shape: None,
        };
        conv(ten(x)?, ten(w)?, opt_ten(b_or_null)?, &a)
    })
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_conv_transpose(
    node: i32,
    x: Handle,
    w: Handle,
    b_or_null: Handle,
    auto_pad: i32,
    group: i64,
    kernel_shape_or_null: Handle,
    strides_or_null: Handle,
    dilations_or_null: Handle,
    pads_or_null: Handle,
    output_padding_or_null: Handle,
    output_shape_or_null: Handle,
) -> Handle {
    run_t(node, || {
        let a = ConvAttrs {
            window: window_attrs(kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null)?,
            group,
            auto_pad,
            output_padding: opt_list(output_padding_or_null, "output_padding")?,
            output_shape: opt_list(output_shape_or_null, "output_shape")?,
        };
        conv_transpose(ten(x)?, ten(w)?, opt_ten(b_or_null)?, &a)
    })
}

/// `kind`: 0 AveragePool, 1 MaxPool, 2 MaxPool returning the SEQUENCE `[Y, Indices]`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_pool(
    node: i32,
    kind: i32,
    x: Handle,
    auto_pad: i32,
    ceil_mode: i32,
    count_include_pad: i32,
    storage_order: i64,
    kernel_shape_or_null: Handle,
    strides_or_null: Handle,
    dilations_or_null: Handle,
    pads_or_null: Handle,
) -> Handle {
    let out_kind = if kind == 2 { Kind::Sequence } else { Kind::Tensor };
    run_v(node, out_kind, || {
        let a = PoolAttrs {
            window: window_attrs(kernel_shape_or_null, strides_or_null, dilations_or_null, pads_or_null)?,
            auto_pad,
            ceil_mode: ceil_mode != 0,
            count_include_pad: count_include_pad != 0,
            storage_order,
        };
        let pk = match kind {
            0 => PoolKind::Average,
            1 | 2 => PoolKind::Max,
            _ => bail!("unknown pool kind {kind}"),
        };
        let (y, i) = pool(ten(x)?, pk, &a)?;
        Ok(match (kind, i) {
            (2, Some(i)) => {
                RtValue::sequence(Some(y.dtype()), vec![Arc::new(RtValue::tensor(y)), Arc::new(RtValue::tensor(i))])
            }
            _ => RtValue::tensor(y),
        })
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_global_pool(node: i32, x: Handle, is_max: i32) -> Handle {
    run_t(node, || global_pool(ten(x)?, if is_max != 0 { PoolKind::Max } else { PoolKind::Average }))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_instance_norm(
    node: i32,
    x: Handle,
    scale: Handle,
    b: Handle,
    epsilon: f64,
) -> Handle {
    run_t(node, || instance_norm(ten(x)?, ten(scale)?, ten(b)?, epsilon))
}

/// LSTM; returns the SEQUENCE `[Y, Y_h, Y_c]`. `hidden_size` < 0 means absent, `clip` NaN means
/// no clipping, `direction` 0 forward / 1 reverse / 2 bidirectional, `activations_or_null` a
/// DOUBLE tensor of (code, alpha, beta) triples (`ActKind` codes), three per direction.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_lstm(
    node: i32,
    x: Handle,
    w: Handle,
    r: Handle,
    b_or_null: Handle,
    seq_lens_or_null: Handle,
    initial_h_or_null: Handle,
    initial_c_or_null: Handle,
    p_or_null: Handle,
    hidden_size: i64,
    direction: i32,
    layout: i32,
    input_forget: i32,
    clip: f64,
    activations_or_null: Handle,
) -> Handle {
    run_v(node, Kind::Sequence, || {
        let acts = match opt_ten(activations_or_null)? {
            None => Vec::new(),
            Some(t) => {
                let v = crate::cast::cast(t, DType::F64);
                let v = v.as_slice::<f64>().unwrap_or(&[]).to_vec();
                v.chunks(3)
                    .map(|c| {
                        let code = c.first().copied().unwrap_or(-1.0) as i64;
                        Ok(Activation {
                            kind: ActKind::from_code(code)?,
                            alpha: c.get(1).copied().unwrap_or(0.0),
                            beta: c.get(2).copied().unwrap_or(0.0),
                        })
                    })
                    .collect::<RtResult<Vec<_>>>()?
            }
        };
        let a = LstmAttrs {
            hidden_size: usize::try_from(hidden_size).ok(),
            direction,
            layout,
            input_forget: input_forget != 0,
            clip: (!clip.is_nan()).then_some(clip),
            activations: acts,
        };
        let opt = LstmInputs {
            b: opt_ten(b_or_null)?,
            seq_lens: opt_ten(seq_lens_or_null)?,
            initial_h: opt_ten(initial_h_or_null)?,
            initial_c: opt_ten(initial_c_or_null)?,
            p: opt_ten(p_or_null)?,
        };
        let [y, yh, yc] = lstm(ten(x)?, ten(w)?, ten(r)?, &opt, &a)?;
        let dt = y.dtype();
        Ok(RtValue::sequence(Some(dt), [y, yh, yc].into_iter().map(|t| Arc::new(RtValue::tensor(t))).collect()))
    })
}

// ---- Selection and index-driven movement ----

/// TopK; returns the SEQUENCE `[Values, Indices]` (always sorted).
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_top_k(node: i32, x: Handle, k: Handle, axis: i64, largest: i32) -> Handle {
    run_v(node, Kind::Sequence, || {
        let (v, i) = top_k(ten(x)?, ten(k)?, axis, largest != 0)?;
        let dt = v.dtype();
        Ok(RtValue::sequence(Some(dt), vec![Arc::new(RtValue::tensor(v)), Arc::new(RtValue::tensor(i))]))
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_non_zero(node: i32, x: Handle) -> Handle {
    run_t(node, || non_zero(ten(x)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_compress(node: i32, x: Handle, cond: Handle, has_axis: i32, axis: i64) -> Handle {
    run_t(node, || compress(ten(x)?, ten(cond)?, (has_axis != 0).then_some(axis)))
}

/// `reduction`: none=0, add=1, mul=2, max=3, min=4.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_scatter_elements(
    node: i32,
    data: Handle,
    indices: Handle,
    updates: Handle,
    axis: i64,
    reduction: i32,
) -> Handle {
    run_t(node, || scatter_elements(ten(data)?, ten(indices)?, ten(updates)?, axis, Reduction::from_i32(reduction)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_scatter_nd(
    node: i32,
    data: Handle,
    indices: Handle,
    updates: Handle,
    reduction: i32,
) -> Handle {
    run_t(node, || scatter_nd(ten(data)?, ten(indices)?, ten(updates)?, Reduction::from_i32(reduction)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_gather_nd(node: i32, data: Handle, indices: Handle, batch_dims: i64) -> Handle {
    run_t(node, || gather_nd(ten(data)?, ten(indices)?, batch_dims))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_reverse_sequence(
    node: i32,
    x: Handle,
    lens: Handle,
    batch_axis: i64,
    time_axis: i64,
) -> Handle {
    run_t(node, || reverse_sequence(ten(x)?, ten(lens)?, batch_axis, time_axis))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_array_feature_extractor(node: i32, x: Handle, indices: Handle) -> Handle {
    run_t(node, || array_feature_extractor(ten(x)?, ten(indices)?))
}

// ---- Detection and signal ----

/// NonMaxSuppression; the three scalar inputs may be null (absent).
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_non_max_suppression(
    node: i32,
    boxes: Handle,
    scores: Handle,
    max_per_class_or_null: Handle,
    iou_threshold_or_null: Handle,
    score_threshold_or_null: Handle,
    center_point_box: i32,
) -> Handle {
    run_t(node, || {
        non_max_suppression(
            ten(boxes)?,
            ten(scores)?,
            opt_ten(max_per_class_or_null)?,
            opt_ten(iou_threshold_or_null)?,
            opt_ten(score_threshold_or_null)?,
            center_point_box != 0,
        )
    })
}

/// RoiAlign; `half_pixel` 1 for coordinate_transformation_mode half_pixel, `max_mode` 1 for max.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_roi_align(
    node: i32,
    x: Handle,
    rois: Handle,
    batch_indices: Handle,
    half_pixel: i32,
    max_mode: i32,
    output_height: i64,
    output_width: i64,
    sampling_ratio: i64,
    spatial_scale: f64,
) -> Handle {
    run_t(node, || {
        let size = |v: i64, what: &str| {
            usize::try_from(v)
                .ok()
                .filter(|&s| s <= 1 << 30)
                .ok_or_else(|| rt_err!("RoiAlign: {what} {v} is out of range"))
        };
        let a = RoiAlignAttrs {
            half_pixel: half_pixel != 0,
            max_mode: max_mode != 0,
            output_height: size(output_height, "output_height")?,
            output_width: size(output_width, "output_width")?,
            sampling_ratio: size(sampling_ratio, "sampling_ratio")?,
            spatial_scale,
        };
        roi_align(ten(x)?, ten(rois)?, ten(batch_indices)?, &a)
    })
}

/// CumSum along `axis` (the axis input's value).
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_cumsum(node: i32, x: Handle, axis: i64, exclusive: i32, reverse: i32) -> Handle {
    run_t(node, || crate::cumulative::cumsum(ten(x)?, axis, exclusive != 0, reverse != 0))
}

/// DFT; `dft_length` < 0 means absent.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_dft(
    node: i32,
    x: Handle,
    dft_length: i64,
    axis: i64,
    inverse: i32,
    onesided: i32,
) -> Handle {
    run_t(node, || dft(ten(x)?, (dft_length >= 0).then_some(dft_length), axis, inverse != 0, onesided != 0))
}

/// STFT; `window_or_null` may be null, `frame_length` < 0 means absent.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_stft(
    node: i32,
    x: Handle,
    frame_step: i64,
    window_or_null: Handle,
    frame_length: i64,
    onesided: i32,
) -> Handle {
    run_t(node, || {
        stft(ten(x)?, frame_step, opt_ten(window_or_null)?, (frame_length >= 0).then_some(frame_length), onesided != 0)
    })
}

/// Resize (opset 11+). Codes: mode nearest=0, linear=1, cubic=2; coord half_pixel=0,
/// half_pixel_symmetric=1, pytorch_half_pixel=2, align_corners=3, asymmetric=4,
/// tf_crop_and_resize=5; nearest round_prefer_floor=0, round_prefer_ceil=1, floor=2, ceil=3;
/// policy stretch=0, not_larger=1, not_smaller=2.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn flowgate_rt_resize(
    node: i32,
    x: Handle,
    roi_or_null: Handle,
    scales_or_null: Handle,
    sizes_or_null: Handle,
    axes_or_null: Handle,
    mode: i32,
    coord: i32,
    nearest: i32,
    cubic_a: f64,
    exclude_outside: i32,
    extrapolation: f64,
    policy: i32,
    antialias: i32,
) -> Handle {
    run_t(node, || {
        let a = ResizeAttrs {
            mode,
            coord,
            nearest,
            cubic_a,
            exclude_outside: exclude_outside != 0,
            extrapolation,
            policy,
            antialias: antialias != 0,
            axes: opt_list(axes_or_null, "axes")?,
        };
        resize(ten(x)?, opt_ten(roi_or_null)?, opt_ten(scales_or_null)?, opt_ten(sizes_or_null)?, &a)
    })
}

/// GridSample; `mode` linear=0, nearest=1, cubic=2; `padding` zeros=0, border=1, reflection=2.
#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_grid_sample(
    node: i32,
    x: Handle,
    grid: Handle,
    mode: i32,
    padding: i32,
    align_corners: i32,
) -> Handle {
    run_t(node, || {
        grid_sample(ten(x)?, ten(grid)?, &GridSampleAttrs { mode, padding, align_corners: align_corners != 0 })
    })
}

// ---- Sequences ----

#[no_mangle]
pub extern "C" fn flowgate_rt_seq_empty(dtype_code: i32) -> Handle {
    run_v(NO_NODE, Kind::Sequence, || {
        let d = if dtype_code == 0 { None } else { Some(dtype(dtype_code)?) };
        Ok(RtValue::sequence(d, Vec::new()))
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_seq_insert(node: i32, s: Handle, t: Handle, has_pos: i32, p: i64) -> Handle {
    run_v(node, Kind::Sequence, || sq::seq_insert(val(s)?, shared(t)?, pos(has_pos, p)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_seq_insert_consume(
    node: i32,
    s: Handle,
    t: Handle,
    has_pos: i32,
    p: i64,
) -> Handle {
    // Take ownership first so `s` is released on every path, error or not.
    let owned = (!s.is_null()).then(|| from_handle(s));
    run(node, Kind::Sequence, || {
        let mut owned = owned.ok_or_else(|| RtError::new("missing input (null handle)"))?;
        let t = shared(t)?;
        match Arc::get_mut(&mut owned) {
            // Sole owner: insert in place (amortised O(1) at the end).
            Some(RtValue::Sequence { dtype, items }) => {
                sq::insert_in_place(dtype, items, t, pos(has_pos, p))?;
                Ok(owned)
            }
            _ => Ok(Arc::new(sq::seq_insert(&owned, t, pos(has_pos, p))?)),
        }
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_seq_at(node: i32, s: Handle, p: i64) -> Handle {
    run(node, Kind::Tensor, || sq::seq_at(val(s)?, p))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_seq_length(node: i32, s: Handle) -> i64 {
    run_s(node, || sq::seq_length(val(s)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_seq_erase(node: i32, s: Handle, has_pos: i32, p: i64) -> Handle {
    run_v(node, Kind::Sequence, || sq::seq_erase(val(s)?, pos(has_pos, p)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_concat_from_seq(
    node: i32,
    s: Handle,
    axis: i64,
    new_axis: i32,
    empty_shape_or_null: Handle,
) -> Handle {
    run_t(node, || sq::concat_from_seq(val(s)?, axis, new_axis != 0, opt_ten(empty_shape_or_null)?))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_split_to_seq(
    node: i32,
    x: Handle,
    split_or_null: Handle,
    axis: i64,
    keepdims: i32,
) -> Handle {
    run_v(node, Kind::Sequence, || sq::split_to_seq(ten(x)?, opt_ten(split_or_null)?, axis, keepdims != 0))
}

// ---- Optionals ----

#[no_mangle]
pub extern "C" fn flowgate_rt_opt_none() -> Handle {
    into_handle(Arc::new(opt::opt_none()))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_opt_some(x: Handle) -> Handle {
    run_v(NO_NODE, Kind::Optional, || Ok(opt::opt_some(shared(x)?)))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_opt_has(node: i32, o: Handle) -> u8 {
    run_s(node, || Ok(u8::from(opt::opt_has(val(o)?))))
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_opt_get(node: i32, o: Handle) -> Handle {
    run(node, Kind::Tensor, || opt::opt_get(&shared(o)?))
}

// ---- Frames ----

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_arg(frame: *mut Frame, k: i64) -> Handle {
    run(NO_NODE, Kind::Tensor, || {
        let f = frame.as_ref().ok_or_else(|| RtError::new("null frame"))?;
        let h = usize::try_from(k)
            .ok()
            .and_then(|k| f.args.get(k).copied())
            .ok_or_else(|| rt_err!("argument index {k} out of range (the frame has {})", f.args.len()))?;
        shared(h)
    })
}

#[no_mangle]
pub unsafe extern "C" fn flowgate_rt_set_result(frame: *mut Frame, k: i64, h: Handle) {
    let owned = (!h.is_null()).then(|| from_handle(h));
    let Some(f) = frame.as_mut() else {
        record_error(NO_NODE, RtError::new("null frame"));
        return;
    };
    let Some(slot) = usize::try_from(k).ok().and_then(|k| f.results.get_mut(k)) else {
        let n = f.results.len();
        record_error(NO_NODE, rt_err!("result index {k} out of range (the frame has {n})"));
        return;
    };
    let old = std::mem::replace(slot, owned.map_or(std::ptr::null_mut(), into_handle));
    if !old.is_null() {
        drop(from_handle(old));
    }
}
