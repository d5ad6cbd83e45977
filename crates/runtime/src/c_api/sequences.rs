//! Sequences and optionals: making them from the caller's structs (always copied: the result
//! owns its items) and reading them. A borrowed sequence or optional needs no function: fill a
//! `FlowgateSequence` and the structs by hand, with `owner` NULL (flowgate.h shows how).

use super::errors::set_last_error;
use super::owner::Owner;
use super::tensors::fail;
use super::{FlowgateSequence, FlowgateTensor, FLOWGATE_OPTIONAL, FLOWGATE_SEQUENCE};

/// `t` checked as a value of kind `want` (its owner too), or the recorded error.
///
/// # Safety
/// `t` is null or a struct as `flowgate.h` describes.
unsafe fn of_kind<'a>(what: &str, t: *const FlowgateTensor, want: i32) -> Option<&'a FlowgateTensor> {
    if t.is_null() {
        return fail(what, "the value is NULL", None);
    }
    // SAFETY: by the caller; non-null.
    let t = unsafe { &*t };
    if t.dtype != want {
        let name = if want == FLOWGATE_SEQUENCE { "a sequence" } else { "an optional" };
        return fail(what, format!("the value is not {name} (its dtype is {})", t.dtype), None);
    }
    if !t.owner.is_null() {
        // SAFETY: by the caller.
        if let Err(e) = unsafe { Owner::check(t.owner) } {
            return fail(what, format!("the value {e}"), None);
        }
    }
    Some(t)
}

/// Makes `*out` a runtime-owned copy of the value `src` describes; 0 or -1.
///
/// # Safety
/// `out` null or writable; `src` as `value_from_c` requires.
unsafe fn copy_into(what: &str, out: *mut FlowgateTensor, src: &FlowgateTensor) -> i32 {
    use super::convert::{value_from_c, value_to_c};
    // SAFETY: by the caller.
    let r = unsafe { value_from_c(src, what) }.and_then(|v| unsafe { value_to_c(v, out) });
    match r {
        Ok(()) => 0,
        Err(e) => {
            set_last_error(e.0);
            -1
        }
    }
}

pub(crate) mod c_api {
    use std::ffi::c_void;

    use super::*;

    pub(crate) unsafe fn flowgate_sequence_new(
        out: *mut FlowgateTensor,
        items: *const FlowgateTensor,
        length: i64,
    ) -> i32 {
        const WHAT: &str = "flowgate_sequence_new";
        if out.is_null() {
            return fail(WHAT, "out is NULL", -1);
        }
        let mut seq = FlowgateSequence { length, items: items.cast_mut() };
        let src = FlowgateTensor {
            dtype: FLOWGATE_SEQUENCE,
            data: (&mut seq as *mut FlowgateSequence).cast::<c_void>(),
            ..FlowgateTensor::EMPTY
        };
        // SAFETY: by the caller: `items` holds `length` structs.
        unsafe { copy_into(WHAT, out, &src) }
    }

    pub(crate) unsafe fn flowgate_sequence_length(s: *const FlowgateTensor) -> i64 {
        const WHAT: &str = "flowgate_sequence_length";
        let Some(s) = (unsafe { of_kind(WHAT, s, FLOWGATE_SEQUENCE) }) else { return -1 };
        if s.data.is_null() {
            return fail(WHAT, "the sequence's data (FlowgateSequence *) is NULL", -1);
        }
        // SAFETY: by the caller; non-null.
        let len = unsafe { (*s.data.cast::<FlowgateSequence>()).length };
        if len < 0 {
            return fail(WHAT, format!("the sequence has a negative length {len}"), -1);
        }
        len
    }

    pub(crate) unsafe fn flowgate_sequence_item(s: *const FlowgateTensor, index: i64) -> *const FlowgateTensor {
        const WHAT: &str = "flowgate_sequence_item";
        let len = unsafe { flowgate_sequence_length(s) };
        if len < 0 {
            return std::ptr::null();
        }
        if !(0..len).contains(&index) {
            return fail(
                WHAT,
                format!("index {index} is out of range for a sequence of length {len}"),
                std::ptr::null(),
            );
        }
        // SAFETY: a sequence of positive length (checked above); its items are the caller's
        // word or the runtime's.
        let items = unsafe { (*(*s).data.cast::<FlowgateSequence>()).items };
        if items.is_null() {
            return fail(WHAT, "the sequence's items are NULL", std::ptr::null());
        }
        // SAFETY: in bounds.
        unsafe { items.add(index as usize) }
    }

    pub(crate) unsafe fn flowgate_optional_new(out: *mut FlowgateTensor, value: *const FlowgateTensor) -> i32 {
        const WHAT: &str = "flowgate_optional_new";
        if out.is_null() {
            return fail(WHAT, "out is NULL", -1);
        }
        let src = FlowgateTensor {
            dtype: FLOWGATE_OPTIONAL,
            data: value.cast_mut().cast::<c_void>(),
            ..FlowgateTensor::EMPTY
        };
        // SAFETY: by the caller.
        unsafe { copy_into(WHAT, out, &src) }
    }

    pub(crate) unsafe fn flowgate_optional_has_value(o: *const FlowgateTensor) -> i32 {
        unsafe { of_kind("flowgate_optional_has_value", o, FLOWGATE_OPTIONAL) }
            .map_or(-1, |o| i32::from(!o.data.is_null()))
    }

    pub(crate) unsafe fn flowgate_optional_value(o: *const FlowgateTensor) -> *const FlowgateTensor {
        const WHAT: &str = "flowgate_optional_value";
        match unsafe { of_kind(WHAT, o, FLOWGATE_OPTIONAL) } {
            None => std::ptr::null(),
            Some(o) if o.data.is_null() => fail(WHAT, "the optional is empty", std::ptr::null()),
            Some(o) => o.data.cast::<FlowgateTensor>(),
        }
    }
}
