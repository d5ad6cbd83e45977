//! `FlowgateTensor` <-> runtime values: checking a caller's struct, copying it into an
//! [`RtValue`] (inputs), and handing an [`RtValue`] out as a struct the runtime owns (outputs).
//!
//! Inputs are copied, except a tensor the runtime itself made (an earlier output passed back
//! in), whose value is shared. Outputs are never copied when the runtime holds no other
//! reference to them; otherwise they are, so the caller may write into an output's data without
//! changing a value the runtime keeps (a memoized constant, say).

use std::ffi::c_void;
use std::sync::Arc;

use super::owner::Owner;
use super::{FlowgateSequence, FlowgateTensor, FLOWGATE_OPTIONAL, FLOWGATE_SEQUENCE};
use crate::error::{RtError, RtResult};
use crate::value::{checked_numel, code_name, from_handle, into_handle, DType, Handle, RtValue, Tensor};

/// The largest rank a struct may declare (a larger one is taken for garbage, not read).
pub const MAX_RANK: i32 = 64;
/// How deeply sequences and optionals may nest in a struct.
pub const MAX_DEPTH: usize = 64;

/// A caller's tensor struct, checked.
pub(crate) struct TensorView<'a> {
    pub(crate) dtype: DType,
    pub(crate) dims: &'a [i64],
    pub(crate) numel: usize,
    pub(crate) data: *mut c_void,
}

impl TensorView<'_> {
    pub(crate) fn bytes(&self) -> usize {
        self.numel * self.dtype.size()
    }
}

/// What a struct is, in messages: `a sequence`, `a float32 tensor`, ...
fn kind_of(code: i32) -> String {
    match code {
        FLOWGATE_SEQUENCE => "a sequence".to_string(),
        FLOWGATE_OPTIONAL => "an optional".to_string(),
        c => format!("a tensor of element type {}", code_name(c)),
    }
}

/// Checks `t` as a tensor: element type, rank, shape pointer and dimensions, size, data pointer
/// and owner.
///
/// # Safety
/// `t.shape` points to `t.rank` readable entries and `t.owner` is null or a runtime owner, as
/// `flowgate.h` requires; everything else is checked.
pub(crate) unsafe fn tensor_view(t: &FlowgateTensor) -> Result<TensorView<'_>, String> {
    if t.dtype == FLOWGATE_SEQUENCE || t.dtype == FLOWGATE_OPTIONAL {
        return Err(format!("is {}, not a tensor", kind_of(t.dtype)));
    }
    let dtype = DType::from_code(t.dtype)
        .map_err(|_| format!("has element type {}, which Flowgate does not support", code_name(t.dtype)))?;
    if !(0..=MAX_RANK).contains(&t.rank) {
        return Err(format!("has rank {} (must be 0 to {MAX_RANK})", t.rank));
    }
    if !t.owner.is_null() {
        // SAFETY: by the caller.
        unsafe { Owner::check(t.owner)? };
    }
    let dims: &[i64] = if t.rank == 0 {
        &[]
    } else if t.shape.is_null() {
        return Err(format!("has rank {} but its shape is NULL", t.rank));
    } else {
        // SAFETY: by the caller; non-null.
        unsafe { std::slice::from_raw_parts(t.shape, t.rank as usize) }
    };
    let mut shape = Vec::with_capacity(dims.len());
    for (i, &d) in dims.iter().enumerate() {
        shape.push(usize::try_from(d).map_err(|_| format!("has a negative dimension {d} at axis {i}"))?);
    }
    let numel = checked_numel(&shape, dtype.size()).map_err(|e| format!("has an invalid shape: {e}"))?;
    if numel > 0 && t.data.is_null() {
        return Err(format!("has {numel} elements but its data is NULL"));
    }
    Ok(TensorView { dtype, dims, numel, data: t.data })
}

/// The runtime value of the caller's struct `t` (copied, see the module comment). Errors name
/// the value as `what` (`input 'x'`, `flowgate_sequence_new`).
///
/// # Safety
/// `t` is null or points to a struct laid out as `flowgate.h` says, whose pointers point to as
/// much memory as its fields declare (a null pointer where one is needed is an error).
pub unsafe fn value_from_c(t: *const FlowgateTensor, what: &str) -> RtResult<Arc<RtValue>> {
    // SAFETY: by the caller.
    unsafe { from_c(t, 0) }.map_err(|e| RtError(format!("{what}: {e}")))
}

/// [`value_from_c`] as an owned handle (+1), for compiled code.
///
/// # Safety
/// As [`value_from_c`].
pub unsafe fn handle_from_c(t: *const FlowgateTensor, what: &str) -> RtResult<Handle> {
    // SAFETY: by the caller.
    unsafe { value_from_c(t, what) }.map(into_handle)
}

unsafe fn from_c(t: *const FlowgateTensor, depth: usize) -> Result<Arc<RtValue>, String> {
    if t.is_null() {
        return Err("is NULL".to_string());
    }
    if depth > MAX_DEPTH {
        return Err(format!("nests sequences and optionals more than {MAX_DEPTH} deep"));
    }
    // SAFETY: by the caller; non-null.
    let t = unsafe { &*t };
    if (t.dtype == FLOWGATE_SEQUENCE || t.dtype == FLOWGATE_OPTIONAL) && !t.owner.is_null() {
        // SAFETY: by the caller.
        unsafe { Owner::check(t.owner)? };
    }
    match t.dtype {
        // SAFETY (both): by the caller.
        FLOWGATE_SEQUENCE => unsafe { sequence_from_c(t, depth) },
        FLOWGATE_OPTIONAL => {
            let inner = if t.data.is_null() {
                None
            } else {
                Some(
                    unsafe { from_c(t.data.cast::<FlowgateTensor>(), depth + 1) }
                        .map_err(|e| format!("element {e}"))?,
                )
            };
            Ok(Arc::new(RtValue::optional(inner)))
        }
        _ => unsafe { tensor_from_c(t) },
    }
}

unsafe fn tensor_from_c(t: &FlowgateTensor) -> Result<Arc<RtValue>, String> {
    // SAFETY: by the caller.
    let view = unsafe { tensor_view(t)? };
    if !t.owner.is_null() {
        // SAFETY: checked by `tensor_view`.
        let owner = unsafe { Owner::check(t.owner)? };
        if let Some(v) = &owner.value {
            if let RtValue::Tensor(held) = &**v {
                let same_shape = held.shape().iter().map(|&d| d as i64).eq(view.dims.iter().copied());
                let same_data = dispatch!(held.data(), x => x.as_ptr().cast::<c_void>()) == view.data.cast_const();
                if held.dtype() == view.dtype && same_shape && same_data {
                    return Ok(v.clone());
                }
            }
        }
        return Err("was changed after the runtime made it (its fields no longer match its owner)".to_string());
    }
    let bytes: &[u8] = if view.numel == 0 {
        &[]
    } else {
        // SAFETY: by the caller: `data` holds the elements the shape declares.
        unsafe { std::slice::from_raw_parts(view.data.cast::<u8>(), view.bytes()) }
    };
    let shape = view.dims.iter().map(|&d| d as usize).collect();
    let tensor = Tensor::new(view.dtype, shape, bytes).map_err(|e| e.0)?;
    Ok(Arc::new(RtValue::tensor(tensor)))
}

unsafe fn sequence_from_c(t: &FlowgateTensor, depth: usize) -> Result<Arc<RtValue>, String> {
    if t.data.is_null() {
        return Err("is a sequence but its data (FlowgateSequence *) is NULL".to_string());
    }
    // SAFETY: by the caller; non-null.
    let seq = unsafe { &*t.data.cast::<FlowgateSequence>() };
    let len = usize::try_from(seq.length).map_err(|_| format!("is a sequence of negative length {}", seq.length))?;
    if len > 0 && seq.items.is_null() {
        return Err(format!("is a sequence of length {len} but its items are NULL"));
    }
    let mut items = Vec::new();
    items.try_reserve_exact(len).map_err(|_| format!("is a sequence of length {len}, too long to allocate"))?;
    let mut dtype = None;
    for i in 0..len {
        // SAFETY: by the caller: `items` holds `length` structs.
        let item = unsafe { from_c(seq.items.add(i), depth + 1) }.map_err(|e| format!("item {i} {e}"))?;
        let d = match &*item {
            RtValue::Tensor(x) => x.dtype(),
            other => return Err(format!("item {i} is a {}; sequence items must be tensors", other.kind_name())),
        };
        match dtype {
            Some(first) if first != d => {
                return Err(format!("item {i} is {d} but item 0 is {first}; a sequence has one element type"))
            }
            _ => dtype = Some(d),
        }
        items.push(item);
    }
    Ok(Arc::new(RtValue::sequence(dtype, items)))
}

/// Writes `v` into `*out` as a struct the runtime owns (`flowgate_tensor_free` releases it).
/// `*out`'s previous contents are overwritten, not freed. On error `*out` is left empty.
///
/// # Safety
/// `out` is null or points to writable memory for one struct.
pub unsafe fn value_to_c(v: Arc<RtValue>, out: *mut FlowgateTensor) -> RtResult<()> {
    if out.is_null() {
        return Err(RtError::new("the output slot is NULL"));
    }
    let r = to_c(v);
    // SAFETY: by the caller; non-null.
    let slot = unsafe { &mut *out };
    match r {
        Ok(t) => {
            *slot = t;
            Ok(())
        }
        Err(e) => {
            *slot = FlowgateTensor::EMPTY;
            Err(e)
        }
    }
}

/// [`value_to_c`] of a handle, which it consumes (for compiled code's results).
///
/// # Safety
/// `h` is null or an owned handle the caller gives up; `out` as in [`value_to_c`].
pub unsafe fn handle_to_c(h: Handle, out: *mut FlowgateTensor) -> RtResult<()> {
    if h.is_null() {
        if !out.is_null() {
            // SAFETY: by the caller.
            unsafe { *out = FlowgateTensor::EMPTY };
        }
        return Err(RtError::new("the value to return is missing (null handle)"));
    }
    // SAFETY: by the caller.
    unsafe { value_to_c(from_handle(h), out) }
}

/// The struct for `v`, with the storage it points to in its owner.
fn to_c(mut v: Arc<RtValue>) -> RtResult<FlowgateTensor> {
    // Unshare first: the caller may write into what it gets.
    if Arc::get_mut(&mut v).is_none() {
        v = Arc::new((*v).clone());
    }
    let mut owner = Owner::new();
    let mut t = FlowgateTensor::EMPTY;
    let Some(inner) = Arc::get_mut(&mut v) else {
        return Err(RtError::new("internal error: a value just copied is shared"));
    };
    match inner {
        RtValue::Tensor(x) => {
            t.dtype = x.dtype().code();
            t.rank = i32::try_from(x.rank()).map_err(|_| RtError::new("a tensor's rank does not fit in int32_t"))?;
            t.data = x.data_mut_ptr();
            owner.shape = x.shape().iter().map(|&d| d as i64).collect();
            t.shape = if owner.shape.is_empty() { std::ptr::null() } else { owner.shape.as_ptr() };
            owner.value = Some(v);
        }
        // The C API has no string element type (flowgate.h): refused by name, never passed as
        // bytes a caller would misread.
        RtValue::Strings(_) => return Err(RtError::new("string tensors are not supported by the C API")),
        RtValue::Sequence { items, .. } => {
            // Taking the items out of the unshared sequence leaves each as shared as it was.
            let items = std::mem::take(items);
            owner.children.reserve_exact(items.len());
            for item in items {
                // Pushed one by one: on error `owner` frees those made so far.
                owner.children.push(to_c(item)?);
            }
            let mut seq =
                Box::new(FlowgateSequence { length: owner.children.len() as i64, items: owner.children.as_mut_ptr() });
            if owner.children.is_empty() {
                seq.items = std::ptr::null_mut();
            }
            t.dtype = FLOWGATE_SEQUENCE;
            t.data = (&mut *seq as *mut FlowgateSequence).cast();
            owner.seq = Some(seq);
        }
        RtValue::Optional(o) => {
            t.dtype = FLOWGATE_OPTIONAL;
            if let Some(x) = o.take() {
                owner.children.push(to_c(x)?);
                t.data = (&mut owner.children[0] as *mut FlowgateTensor).cast();
            }
        }
    }
    t.owner = owner.into_raw();
    Ok(t)
}
