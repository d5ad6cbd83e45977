//! The runtime half of a compiled model's `int32_t <name>_run(const FlowgateTensor *inputs,
//! FlowgateTensor *outputs)`. The object carries its model's [`ModelDesc`] as data (JSON in a
//! private global); `<name>_run` is `flowgate_rt_model_begin` (check and read the inputs into a
//! call frame), the entry wrapper `__flowgate_run_<main>` when that succeeded, and
//! `flowgate_rt_model_end` (write the outputs, or the error, and return the status).

use super::{set_last_error, value_from_c, value_to_c, FlowgateTensor};
use crate::abi::MemRefDesc1;
use crate::error::{clear_error, has_error, record_message, set_node_names, take_error};
use crate::frame::Frame;
use crate::signature::{check_values, Declared, InputSig};
use crate::value::RtValue;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What `<name>_run` knows of its model: each input's name and declared type (checked as the
/// JIT's driver checks them), the outputs' names, and the node-name table runtime errors index.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelDesc {
    pub inputs: Vec<(String, Declared)>,
    pub outputs: Vec<String>,
    pub nodes: Vec<String>,
}

impl ModelDesc {
    /// The bytes the object embeds.
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a ModelDesc always serializes")
    }

    pub fn from_bytes(b: &[u8]) -> Result<ModelDesc, String> {
        serde_json::from_slice(b).map_err(|e| format!("internal error: the model's descriptor does not read: {e}"))
    }
}

/// Reads the descriptor and the inputs into a new frame (a `Box<Frame>`), or records an error
/// naming the input and returns NULL.
///
/// # Safety
/// `model` is the descriptor's memref; `inputs` is NULL or points to one `FlowgateTensor` per
/// model input.
pub(crate) unsafe fn flowgate_rt_model_begin(model: *const MemRefDesc1, inputs: *const FlowgateTensor) -> *mut Frame {
    clear_error();
    match begin(model, inputs) {
        Ok(frame) => Box::into_raw(Box::new(frame)),
        Err(msg) => {
            record_message(msg);
            std::ptr::null_mut()
        }
    }
}

unsafe fn begin(model: *const MemRefDesc1, inputs: *const FlowgateTensor) -> Result<Frame, String> {
    let mut desc = descriptor(model)?;
    set_node_names(std::mem::take(&mut desc.nodes));
    let n = desc.inputs.len();
    if n > 0 && inputs.is_null() {
        return Err(format!("the model takes {n} inputs and the inputs pointer is null"));
    }
    let mut values = Vec::with_capacity(n);
    for (k, (name, _)) in desc.inputs.iter().enumerate() {
        values.push(value_from_c(inputs.add(k), &format!("input '{name}'")).map_err(|e| e.0)?);
    }
    let sigs: Vec<InputSig<'_>> =
        desc.inputs.iter().map(|(name, declared)| InputSig { name, declared, optional: false }).collect();
    check_values(&sigs, &values)?;
    Ok(Frame::new(values, desc.outputs.len()))
}

unsafe fn descriptor(model: *const MemRefDesc1) -> Result<ModelDesc, String> {
    let m = model.as_ref().ok_or("internal error: no model descriptor")?;
    let len = usize::try_from(m.size).map_err(|_| "internal error: bad model descriptor".to_string())?;
    ModelDesc::from_bytes(std::slice::from_raw_parts(m.aligned.add(m.offset as usize), len))
}

/// Takes the frame back and writes its results to `outputs` (each its own allocation, released
/// with `flowgate_tensor_free`); 0. On an error recorded since `model_begin`, or a missing
/// result, every output is zeroed, the message goes to `flowgate_last_error`, and 1.
///
/// # Safety
/// `frame` is NULL or what `flowgate_rt_model_begin` returned; `outputs` is NULL or points to one
/// `FlowgateTensor` per model output.
pub(crate) unsafe fn flowgate_rt_model_end(
    model: *const MemRefDesc1,
    frame: *mut Frame,
    outputs: *mut FlowgateTensor,
) -> i32 {
    let frame = (!frame.is_null()).then(|| Box::from_raw(frame));
    // The descriptor is read again only after a failed begin (no frame to count the outputs).
    let n = match &frame {
        Some(f) => f.results.len(),
        None => descriptor(model).map(|d| d.outputs.len()).unwrap_or(0),
    };
    let outs: &mut [FlowgateTensor] =
        if outputs.is_null() { &mut [] } else { std::slice::from_raw_parts_mut(outputs, n) };
    for o in outs.iter_mut() {
        *o = FlowgateTensor::EMPTY;
    }
    let result = end(frame, outs, n, outputs.is_null());
    match result {
        Ok(()) => 0,
        Err(msg) => {
            for o in outs.iter_mut() {
                // SAFETY: each output is empty or was just filled by `value_to_c`.
                let _ = super::owner::Owner::free(o);
            }
            set_last_error(msg);
            1
        }
    }
}

fn end(frame: Option<Box<Frame>>, outs: &mut [FlowgateTensor], n: usize, null_outputs: bool) -> Result<(), String> {
    if let Some(e) = take_error() {
        return Err(e);
    }
    let mut frame = frame.ok_or("internal error: no call frame")?;
    if n > 0 && null_outputs {
        return Err(format!("the model has {n} outputs and the outputs pointer is null"));
    }
    let results: Vec<Option<Arc<RtValue>>> = frame.take_results();
    for (k, (r, o)) in results.into_iter().zip(outs.iter_mut()).enumerate() {
        let v = r.ok_or_else(|| format!("internal error: output {k} was not set"))?;
        // SAFETY: `o` is one of the caller's output slots.
        unsafe { value_to_c(v, o) }.map_err(|e| format!("output {k}: {e}"))?;
    }
    debug_assert!(!has_error());
    Ok(())
}
