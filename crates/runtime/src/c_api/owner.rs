//! What `FlowgateTensor.owner` points to in a value the runtime allocated: the storage its
//! pointers refer to. `flowgate_tensor_free` drops it (and, through it, the items of a sequence
//! or the element of an optional).

use std::sync::Arc;

use super::{FlowgateSequence, FlowgateTensor};
use crate::value::RtValue;

/// Marks a live `Owner`, so that a struct whose `owner` the caller did not leave null (or freed
/// twice) is an error rather than a wild free, as far as reading 8 bytes allows.
const MAGIC: u64 = 0x466c_6f77_6761_7465; // "Flowgate"

pub(crate) struct Owner {
    magic: u64,
    /// Tensors: the value `data` points into (unshared when it was handed out).
    pub(crate) value: Option<Arc<RtValue>>,
    /// Tensors: the shape `shape` points to.
    pub(crate) shape: Box<[i64]>,
    /// Sequences: the items; optionals: the element (at most one). Each owns its storage.
    pub(crate) children: Vec<FlowgateTensor>,
    /// Sequences: what `data` points to.
    pub(crate) seq: Option<Box<FlowgateSequence>>,
}

impl Owner {
    pub(crate) fn new() -> Owner {
        Owner { magic: MAGIC, value: None, shape: Box::new([]), children: Vec::new(), seq: None }
    }

    /// Gives the owner to a struct: `FlowgateTensor.owner`.
    pub(crate) fn into_raw(self) -> *mut std::ffi::c_void {
        Box::into_raw(Box::new(self)).cast()
    }

    /// The owner behind a struct's `owner` field (non-null), or an error if it is not one.
    ///
    /// # Safety
    /// `p` points to at least 8 readable bytes (true of any owner this runtime made and not
    /// freed; anything else is the caller's contract violation).
    pub(crate) unsafe fn check<'a>(p: *mut std::ffi::c_void) -> Result<&'a Owner, String> {
        let o = p.cast::<Owner>();
        // SAFETY: by the caller; the magic is read before anything else is trusted.
        let magic = unsafe { std::ptr::addr_of!((*o).magic).read_unaligned() };
        if magic != MAGIC {
            return Err("its owner field is not a value the runtime allocated (set it to NULL in values \
                        you build; a freed value cannot be used again)"
                .to_string());
        }
        // SAFETY: the magic says this is a live Owner.
        Ok(unsafe { &*o })
    }

    /// Frees the owner of a struct and clears the struct.
    ///
    /// # Safety
    /// As [`Owner::check`]; the struct is not used afterwards except to be refilled.
    pub(crate) unsafe fn free(t: &mut FlowgateTensor) -> Result<(), String> {
        if !t.owner.is_null() {
            // SAFETY: by the caller.
            unsafe { Owner::check(t.owner)? };
            // SAFETY: checked above; the Box came from `into_raw`.
            let mut owner = unsafe { Box::from_raw(t.owner.cast::<Owner>()) };
            owner.magic = 0;
            drop(owner);
        }
        *t = FlowgateTensor::EMPTY;
        Ok(())
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        self.magic = 0;
        for c in &mut self.children {
            // SAFETY: the children were made by this runtime and are owned here alone.
            let _ = unsafe { Owner::free(c) };
        }
    }
}
