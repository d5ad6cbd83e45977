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
