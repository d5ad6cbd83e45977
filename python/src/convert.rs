//! numpy arrays (and lists, `None`) to runtime values and back.
//!
//! Inputs: an array whose memory already is what a runtime tensor holds (C order, aligned,
//! the element type in native byte order) is lent to the runtime for the run, without a copy
//! ([`Lent`]); any other array is copied once, in C order. Outputs: a tensor that only the
//! caller holds is moved out of its value and its `Vec` handed to numpy as the array's memory,
//! without a copy; one still shared (an output that is also a constant of the model, an input
//! returned as it is, or one returned twice) is copied. [`copy_stats`] counts both, for tests.

use crate::errors::InvalidArgument;
use flowgate_driver::signature::Declared;
use flowgate_runtime::{checked_numel, DType, Data, RtValue, Tensor};
use half::{bf16, f16};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{Element, PyArray, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes of input arrays lent to the runtime, bytes copied from input arrays, bytes of outputs
/// copied because the runtime still shared them, and lent inputs the runtime still held after
/// a run (kept alive for good; see [`Lent`]).
static INPUTS_LENT: AtomicU64 = AtomicU64::new(0);
static INPUTS_COPIED: AtomicU64 = AtomicU64::new(0);
static OUTPUTS_COPIED: AtomicU64 = AtomicU64::new(0);
static LENT_KEPT: AtomicU64 = AtomicU64::new(0);

/// The counters above, in that order, since the process started.
pub fn copy_stats() -> [u64; 4] {
    [&INPUTS_LENT, &INPUTS_COPIED, &OUTPUTS_COPIED, &LENT_KEPT].map(|c| c.load(Ordering::Relaxed))
}

fn count(c: &AtomicU64, t: &Tensor) {
    c.fetch_add((t.len() * t.dtype().size()) as u64, Ordering::Relaxed);
}

/// The numpy arrays lent to the runtime for one run, each with the value that wraps its memory.
///
/// A lent tensor's `Vec` points into the array's buffer, which numpy allocated: it must never
/// grow, shrink, be written or be freed through the `Vec`. Holding one more reference to each
/// value for the whole run guarantees that: the runtime changes a value in place only when it
/// holds the sole reference (`Arc::get_mut`, as the sequence kernels do), and never writes
/// through a shared one; a value it needs changed it copies. When the run is over and this
/// reference is the last, the tensor is taken out and its `Vec` forgotten, never dropped; the
/// array reference is held until then, so the buffer outlives every use. Should the runtime
/// still hold a lent value (it keeps none past a run today), the value and the array are kept
/// alive for the rest of the process instead, counted in [`copy_stats`].
///
/// Create it before the argument list and drop it after the outputs, so that it holds the last
/// reference when it is dropped.
#[derive(Default)]
pub struct Lent {
    held: Vec<(Arc<RtValue>, Py<PyAny>)>,
}

impl Drop for Lent {
    fn drop(&mut self) {
        for (mut v, array) in self.held.drain(..) {
            match Arc::get_mut(&mut v) {
                Some(RtValue::Tensor(t)) => {
                    // The buffer is numpy's: forget the `Vec`, then release the array.
                    std::mem::forget(std::mem::replace(t, Tensor::placeholder()).into_data());
                    drop(array);
                }
                _ => {
                    LENT_KEPT.fetch_add(1, Ordering::Relaxed);
                    std::mem::forget(v);
                    std::mem::forget(array);
                }
            }
        }
    }
}

/// The value given for input `name`, as the input's declared type says to read it: `None` is
/// an empty optional, a list or tuple a sequence, anything else a tensor (`numpy.asarray`).
pub fn to_value(obj: &Bound<'_, PyAny>, declared: &Declared, name: &str, lent: &mut Lent) -> PyResult<Arc<RtValue>> {
    let is_list = obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    Ok(Arc::new(match declared {
        Declared::Optional(_) if obj.is_none() => RtValue::optional(None),
        Declared::Optional(inner) => RtValue::optional(Some(to_value(obj, inner, name, lent)?)),
        Declared::Sequence(inner) => {
            if !is_list {
                return Err(InvalidArgument::new_err(format!(
                    "input '{name}': expected a sequence ({declared}), given as a list of arrays; got {}",
                    type_name(obj)
                )));
            }
            sequence(obj, Some(inner), name, lent)?
        }
        Declared::Any if obj.is_none() => RtValue::optional(None),
        Declared::Any if is_list => sequence(obj, None, name, lent)?,
        Declared::Tensor { .. } if obj.is_none() => {
            return Err(InvalidArgument::new_err(format!("input '{name}': expected a tensor ({declared}), got None")))
        }
        _ => return tensor(obj, name, lent),
    }))
}

fn sequence(obj: &Bound<'_, PyAny>, inner: Option<&Declared>, name: &str, lent: &mut Lent) -> PyResult<RtValue> {
    let mut items = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let v = match inner {
            Some(d) => to_value(&item, d, name, lent)?,
            None => tensor(&item, name, lent)?,
        };
        items.push(v);
    }
    let declared = inner.and_then(declared_elem).and_then(|c| DType::from_code(c).ok());
    let dtype = declared.or_else(|| items.first().and_then(|v| v.as_tensor().ok()).map(|t| t.dtype()));
    Ok(RtValue::sequence(dtype, items))
}

fn declared_elem(d: &Declared) -> Option<i32> {
    match d {
        Declared::Tensor { elem, .. } => *elem,
        _ => None,
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".to_string())
}

/// A tensor from a numpy array (anything else goes through `numpy.asarray` first): lent when
/// its memory can be, else copied in C order. Strides and byte order are numpy's business.
fn tensor(obj: &Bound<'_, PyAny>, name: &str, lent: &mut Lent) -> PyResult<Arc<RtValue>> {
    let py = obj.py();
    let arr = match obj.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => py.import("numpy")?.call_method1("asarray", (obj,))?.cast_into::<PyUntypedArray>()?,
    };
    let descr = arr.dtype();
    macro_rules! read {
        ($($t:ty),*) => {$(
            if descr.is_equiv_to(&numpy::dtype::<$t>(py)) {
                return value::<$t>(&arr, name, lent);
            }
        )*};
    }
    read!(f32, f64, f16, i8, i16, i32, i64, u8, u16, u32, u64, bool);
    if descr.to_string() == "bfloat16" {
        // numpy has no bfloat16 of its own; ml_dtypes (which onnx uses) registers one.
        return value::<bf16>(&arr, name, lent);
    }
    Err(InvalidArgument::new_err(format!("input '{name}': element type {descr} is not supported by Flowgate")))
}

fn value<T: Element + flowgate_runtime::Elem>(
    arr: &Bound<'_, PyUntypedArray>,
    name: &str,
    lent: &mut Lent,
) -> PyResult<Arc<RtValue>> {
    let shape = arr.shape().to_vec();
    let bad_shape = |e: flowgate_runtime::RtError| InvalidArgument::new_err(format!("input '{name}': {}", e.0));
    let n = checked_numel(&shape, std::mem::size_of::<T>()).map_err(bad_shape)?;
    let a = arr.cast::<PyArrayDyn<T>>()?;
    let ptr = a.data();
    // `is_aligned` is numpy's flag; the pointer test covers a dtype whose alignment numpy
    // reckons lower than Rust's.
    if n > 0 && arr.is_c_contiguous() && arr.is_aligned() && ptr.is_aligned() {
        // SAFETY: numpy's buffer holds `n` initialized, aligned `T`s in C order, and it stays
        // alive and unmoved while `lent` holds the array; `Lent` makes sure the `Vec` is never
        // written, grown or freed (see there). `checked_numel` passed, so `from_vec` cannot
        // refuse it (which would drop the `Vec`).
        let v = unsafe { Vec::from_raw_parts(ptr, n, n) };
        let t = Tensor::from_vec(shape, v).map_err(bad_shape)?;
        count(&INPUTS_LENT, &t);
        let v = Arc::new(RtValue::tensor(t));
        lent.held.push((v.clone(), arr.clone().into_any().unbind()));
        return Ok(v);
    }
    let elements: Vec<T> = if arr.is_aligned() && ptr.is_aligned() {
        let ro = a.try_readonly().map_err(|e| InvalidArgument::new_err(e.to_string()))?;
        ro.as_array().iter().copied().collect()
    } else {
        // Rust may not even form a view of unaligned `T`s (a debug build stops there; a release
        // build would be undefined behaviour): numpy copies the elements out in C order as
        // bytes, in native byte order (the dtype is `T`'s), and each is read unaligned.
        let bytes = arr.call_method1("tobytes", ("C",))?;
        let bytes = bytes.cast::<PyBytes>()?.as_bytes();
        let size = std::mem::size_of::<T>();
        if bytes.len() != n * size {
            return Err(InvalidArgument::new_err(format!(
                "input '{name}': numpy gave {} bytes for {n} elements",
                bytes.len()
            )));
        }
        // SAFETY: each chunk holds `size_of::<T>()` bytes of one element numpy wrote as a `T`
        // (every `T` here is plain data, valid for the bit patterns numpy writes).
        bytes.chunks_exact(size).map(|c| unsafe { std::ptr::read_unaligned(c.as_ptr().cast::<T>()) }).collect()
    };
    let t = Tensor::from_vec(shape, elements).map_err(bad_shape)?;
    count(&INPUTS_COPIED, &t);
    Ok(Arc::new(RtValue::tensor(t)))
}

/// An output as Python sees it: a numpy array, a list of them (sequence), `None` (empty
/// optional). Consumes `v`, so a tensor nobody else holds moves into numpy without a copy.
pub fn to_py(py: Python<'_>, mut v: Arc<RtValue>) -> PyResult<Py<PyAny>> {
    if let Some(owned) = Arc::get_mut(&mut v) {
        return match owned {
            RtValue::Tensor(t) => array(py, std::mem::replace(t, Tensor::placeholder())),
            RtValue::Strings(t) => strings_array(py, t),
            RtValue::Sequence { items, .. } => {
                let items: Vec<Py<PyAny>> =
                    std::mem::take(items).into_iter().map(|i| to_py(py, i)).collect::<PyResult<_>>()?;
                Ok(PyList::new(py, items)?.into_any().unbind())
            }
            RtValue::Optional(o) => match o.take() {
                Some(x) => to_py(py, x),
                None => Ok(py.None()),
            },
        };
    }
    match v.as_ref() {
        RtValue::Tensor(t) => {
            count(&OUTPUTS_COPIED, t);
            array(py, t.clone())
        }
        RtValue::Strings(t) => strings_array(py, t),
        RtValue::Sequence { items, .. } => {
            let items: Vec<Py<PyAny>> = items.iter().map(|i| to_py(py, i.clone())).collect::<PyResult<_>>()?;
            Ok(PyList::new(py, items)?.into_any().unbind())
        }
        RtValue::Optional(Some(x)) => to_py(py, x.clone()),
        RtValue::Optional(None) => Ok(py.None()),
    }
}

/// A string tensor as onnxruntime returns one: a numpy array of Python `str` objects.
fn strings_array(py: Python<'_>, t: &flowgate_runtime::StrTensor) -> PyResult<Py<PyAny>> {
    let np = py.import("numpy")?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("dtype", py.import("builtins")?.getattr("object")?)?;
    let a = np.call_method("array", (PyList::new(py, t.data())?,), Some(&kwargs))?;
    Ok(a.call_method1("reshape", (PyTuple::new(py, t.shape())?,))?.unbind())
}

/// The tensor's `Vec` becomes the numpy array's memory (no copy).
fn array(py: Python<'_>, t: Tensor) -> PyResult<Py<PyAny>> {
    let shape = t.shape().to_vec();
    let dtype = t.dtype();
    fn wrap<T: Element>(py: Python<'_>, shape: Vec<usize>, v: Vec<T>) -> PyResult<Py<PyAny>> {
        let a = ArrayD::from_shape_vec(IxDyn(&shape), v)
            .map_err(|e| crate::errors::Fail::new_err(format!("internal error: output shape: {e}")))?;
        Ok(PyArray::from_owned_array(py, a).into_any().unbind())
    }
    match t.into_data() {
        Data::F32(v) => wrap(py, shape, v),
        Data::F64(v) => wrap(py, shape, v),
        Data::F16(v) => wrap::<f16>(py, shape, v),
        Data::BF16(v) => {
            // numpy finds `bfloat16` only once ml_dtypes has registered it.
            py.import("ml_dtypes").map_err(|_| {
                crate::errors::NotImplemented::new_err(
                    "a bfloat16 output needs the Python package ml_dtypes (pip install ml_dtypes)",
                )
            })?;
            wrap::<bf16>(py, shape, v)
        }
        Data::I8(v) => wrap(py, shape, v),
        Data::I16(v) => wrap(py, shape, v),
        Data::I32(v) => wrap(py, shape, v),
        Data::I64(v) => wrap(py, shape, v),
        Data::U8(v) => wrap(py, shape, v),
        Data::U16(v) => wrap(py, shape, v),
        Data::U32(v) => wrap(py, shape, v),
        Data::U64(v) => wrap(py, shape, v),
        Data::Bool(v) => wrap(py, shape, v),
        // float8, float4, int4 and int2: the package does not yet hand them to numpy (which
        // holds them only through ml_dtypes); refused by name rather than as other bytes.
        _ => Err(crate::errors::NotImplemented::new_err(format!(
            "an output of element type {} cannot be returned to Python yet",
            dtype.name()
        ))),
    }
}
