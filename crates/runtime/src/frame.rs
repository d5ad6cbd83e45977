//! The argument/result frame the entry wrapper emitted by the lowering works on: the tool fills
//! `args` with owned handles, compiled code reads them with `flowgate_rt_arg` and stores results
//! with `flowgate_rt_set_result`, and the tool takes the results back.

use crate::value::{from_handle, into_handle, Handle, RtValue};
use std::sync::Arc;

/// Handles in and out of a compiled model. Every non-null handle in it is owned by the frame
/// and released when it is dropped.
pub struct Frame {
    pub args: Vec<Handle>,
    pub results: Vec<Handle>,
}

impl Frame {
    /// A frame owning `args`, with `n_results` null results.
    pub fn new(args: Vec<Arc<RtValue>>, n_results: usize) -> Frame {
        Frame { args: args.into_iter().map(into_handle).collect(), results: vec![std::ptr::null_mut(); n_results] }
    }

    /// Takes the results out (None for a result compiled code never set).
    pub fn take_results(&mut self) -> Vec<Option<Arc<RtValue>>> {
        self.results
            .iter_mut()
            .map(|h| {
                let h = std::mem::replace(h, std::ptr::null_mut());
                // SAFETY: non-null results are owned handles (set_result consumed them).
                (!h.is_null()).then(|| unsafe { from_handle(h) })
            })
            .collect()
    }
}

impl Drop for Frame {
    fn drop(&mut self) {
        for h in self.args.drain(..).chain(self.results.drain(..)) {
            if !h.is_null() {
                // SAFETY: the frame owns every non-null handle it holds.
                drop(unsafe { from_handle(h) });
            }
        }
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::abi::support::*;
    use crate::error::{record_error, RtError};
    use crate::frame::Frame;
    use crate::value::{from_handle, into_handle, Handle};

    pub(crate) unsafe fn flowgate_rt_arg(frame: *mut Frame, k: i64) -> Handle {
        run(NO_NODE, Kind::Tensor, || {
            let f = frame.as_ref().ok_or_else(|| RtError::new("null frame"))?;
            let h = usize::try_from(k)
                .ok()
                .and_then(|k| f.args.get(k).copied())
                .ok_or_else(|| rt_err!("argument index {k} out of range (the frame has {})", f.args.len()))?;
            shared(h)
        })
    }

    pub(crate) unsafe fn flowgate_rt_set_result(frame: *mut Frame, k: i64, h: Handle) {
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
}
