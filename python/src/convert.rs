//! numpy arrays (and lists, `None`) to runtime values and back.
//!
//! Inputs: the runtime's tensors own their elements in a `Vec` (`flowgate_runtime::Data`), so
//! an input array's elements are copied once into one (a known gap, README.md). Outputs: a
//! tensor that only the caller holds is moved out of its value and its `Vec` handed to numpy
//! as the array's memory, without a copy; one still shared (an output that is also a constant
//! of the model, or returned twice) is copied.

use crate::errors::InvalidArgument;
use flowgate_driver::signature::Declared;
use flowgate_runtime::{DType, Data, RtValue, Tensor};
use half::{bf16, f16};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{Element, PyArray, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use std::sync::Arc;

/// The value given for input `name`, as the input's declared type says to read it: `None` is
/// an empty optional, a list or tuple a sequence, anything else a tensor (`numpy.asarray`).
pub fn to_value(obj: &Bound<'_, PyAny>, declared: &Declared, name: &str) -> PyResult<Arc<RtValue>> {
    let is_list = obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    Ok(Arc::new(match declared {
        Declared::Optional(_) if obj.is_none() => RtValue::optional(None),
        Declared::Optional(inner) => RtValue::optional(Some(to_value(obj, inner, name)?)),
        Declared::Sequence(inner) => {
            if !is_list {
                return Err(InvalidArgument::new_err(format!(
                    "input '{name}': expected a sequence ({declared}), given as a list of arrays; got {}",
                    type_name(obj)
                )));
            }
            sequence(obj, Some(inner), name)?
        }
        Declared::Any if obj.is_none() => RtValue::optional(None),
        Declared::Any if is_list => sequence(obj, None, name)?,
        Declared::Tensor { .. } if obj.is_none() => {
            return Err(InvalidArgument::new_err(format!("input '{name}': expected a tensor ({declared}), got None")))
        }
        _ => RtValue::tensor(tensor(obj, name)?),
    }))
}

fn sequence(obj: &Bound<'_, PyAny>, inner: Option<&Declared>, name: &str) -> PyResult<RtValue> {
    let mut items = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        let v = match inner {
            Some(d) => to_value(&item, d, name)?,
            None => Arc::new(RtValue::tensor(tensor(&item, name)?)),
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

/// A tensor from a numpy array (anything else goes through `numpy.asarray` first). Strides and
/// byte order are numpy's business: a non-contiguous array is read in C order.
fn tensor(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Tensor> {
    let py = obj.py();
    let arr = match obj.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => py.import("numpy")?.call_method1("asarray", (obj,))?.cast_into::<PyUntypedArray>()?,
    };
    let shape = arr.shape().to_vec();
    let descr = arr.dtype();
    macro_rules! read {
        ($($t:ty),*) => {$(
            if descr.is_equiv_to(&numpy::dtype::<$t>(py)) {
                return from_vec(shape, elements::<$t>(&arr)?, name);
            }
        )*};
    }
    read!(f32, f64, f16, i8, i16, i32, i64, u8, u16, u32, u64, bool);
    if descr.to_string() == "bfloat16" {
        // numpy has no bfloat16 of its own; ml_dtypes (which onnx uses) registers one.
        return from_vec(shape, elements::<bf16>(&arr)?, name);
    }
    Err(InvalidArgument::new_err(format!("input '{name}': element type {descr} is not supported by Flowgate")))
}

fn elements<T: Element + Copy>(arr: &Bound<'_, PyUntypedArray>) -> PyResult<Vec<T>> {
    let a = arr.cast::<PyArrayDyn<T>>()?;
    let ro = a.try_readonly().map_err(|e| InvalidArgument::new_err(e.to_string()))?;
    // `as_slice` also takes Fortran order; only a C-ordered array's memory is the row-major
    // order the runtime wants.
    Ok(match ro.as_slice() {
        Ok(s) if arr.is_c_contiguous() => s.to_vec(),
        _ => ro.as_array().iter().copied().collect(),
    })
}

fn from_vec<T: flowgate_runtime::Elem>(shape: Vec<usize>, v: Vec<T>, name: &str) -> PyResult<Tensor> {
    Tensor::from_vec(shape, v).map_err(|e| InvalidArgument::new_err(format!("input '{name}': {}", e.0)))
}

/// An output as Python sees it: a numpy array, a list of them (sequence), `None` (empty
/// optional). Consumes `v`, so a tensor nobody else holds moves into numpy without a copy.
pub fn to_py(py: Python<'_>, mut v: Arc<RtValue>) -> PyResult<Py<PyAny>> {
    if let Some(owned) = Arc::get_mut(&mut v) {
        return match owned {
            RtValue::Tensor(t) => array(py, std::mem::replace(t, Tensor::placeholder())),
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
        RtValue::Tensor(t) => array(py, t.clone()),
        RtValue::Sequence { items, .. } => {
            let items: Vec<Py<PyAny>> = items.iter().map(|i| to_py(py, i.clone())).collect::<PyResult<_>>()?;
            Ok(PyList::new(py, items)?.into_any().unbind())
        }
        RtValue::Optional(Some(x)) => to_py(py, x.clone()),
        RtValue::Optional(None) => Ok(py.None()),
    }
}

/// The tensor's `Vec` becomes the numpy array's memory (no copy).
fn array(py: Python<'_>, t: Tensor) -> PyResult<Py<PyAny>> {
    let shape = t.shape().to_vec();
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
    }
}
