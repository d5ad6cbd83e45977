//! `flowgate_last_error()`: the message of the last failing C API call or `<name>_run` on this
//! thread. It is separate from the runtime's sticky kernel error (`crate::error`), which compiled
//! code checks at the end of a run; a kernel error still recorded there is moved here when it is
//! asked for, so a `<name>_run` that returned non-zero always has its message.

use std::cell::RefCell;
use std::ffi::{c_char, CString};

thread_local! {
    static LAST: RefCell<CString> = RefCell::new(CString::default());
}

/// Makes `msg` this thread's last error (`flowgate_last_error`). NUL bytes inside become `?`.
pub fn set_last_error(msg: impl Into<String>) {
    let msg: String = msg.into().replace('\0', "?");
    let c = CString::new(msg).unwrap_or_default();
    LAST.with(|l| *l.borrow_mut() = c);
}

/// This thread's last error ("" when none); takes a pending kernel error first.
pub fn last_error() -> String {
    adopt_kernel_error();
    LAST.with(|l| l.borrow().to_string_lossy().into_owned())
}

fn adopt_kernel_error() {
    if crate::error::has_error() {
        if let Some(msg) = crate::error::take_error() {
            set_last_error(msg);
        }
    }
}

pub(crate) mod c_api {
    use super::*;

    /// The pointer stays valid until the next failing call on this thread.
    pub(crate) fn flowgate_last_error() -> *const c_char {
        adopt_kernel_error();
        LAST.with(|l| l.borrow().as_ptr())
    }

    pub(crate) fn flowgate_clear_error() {
        crate::error::clear_error();
        set_last_error("");
    }
}

#[cfg(test)]
mod tests {
    use super::c_api::*;
    use super::*;

    #[test]
    fn last_error_is_per_thread_and_adopts_kernel_errors() {
        flowgate_clear_error();
        assert_eq!(last_error(), "");
        set_last_error("input 'x': bad\0byte");
        assert_eq!(last_error(), "input 'x': bad?byte");
        std::thread::spawn(|| assert_eq!(last_error(), "")).join().unwrap();
        crate::error::record_error(-1, crate::error::RtError::new("kernel failed"));
        // SAFETY: the pointer is read before the next call on this thread.
        let msg = unsafe { std::ffi::CStr::from_ptr(flowgate_last_error()) };
        assert_eq!(msg.to_str().unwrap(), "node #-1: kernel failed");
        assert!(!crate::error::has_error());
        flowgate_clear_error();
        assert_eq!(last_error(), "");
    }
}
