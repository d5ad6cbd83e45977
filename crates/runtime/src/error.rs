//! The sticky, thread-local error state and the node-name table.
//!
//! Compiled code cannot unwind or check a `Result` after every call, so a failing kernel records
//! the first error here and every later call returns a placeholder without doing work. The caller
//! (the entry wrapper or a tool) checks `flowgate_rt_ok` / [`take_error`] at the end.

use std::cell::{Cell, RefCell};

/// A kernel failure: the message only; the node context is added when it is recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RtError(pub String);

impl RtError {
    pub fn new(msg: impl Into<String>) -> Self {
        RtError(msg.into())
    }
}

pub type RtResult<T> = Result<T, RtError>;

/// The enum value of code `v` (one of `flowgate_runtime_abi::codes`), or the error
/// `unknown <what> code <v>`.
pub(crate) fn decode<T: flowgate_runtime_abi::Code>(v: i32) -> RtResult<T> {
    T::from_i32(v).ok_or_else(|| RtError(format!("unknown {} code {v}", T::WHAT)))
}

/// `rt_err!("fmt", args)` builds an [`RtError`].
macro_rules! rt_err {
    ($($arg:tt)*) => { $crate::error::RtError(format!($($arg)*)) };
}

/// `bail!("fmt", args)` returns an [`RtError`] from the enclosing function.
macro_rules! bail {
    ($($arg:tt)*) => { return Err(rt_err!($($arg)*)) };
}

thread_local! {
    // A separate flag keeps the "is there an error?" check on every call free of RefCell traffic.
    static FAILED: Cell<bool> = const { Cell::new(false) };
    static MESSAGE: RefCell<Option<String>> = const { RefCell::new(None) };
    // Thread-local like the error itself: the thread that runs compiled code sets and reads both.
    static NODE_NAMES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// Sets the table that `node` arguments index, on the calling thread.
pub fn set_node_names(names: Vec<String>) {
    NODE_NAMES.with(|n| *n.borrow_mut() = names);
}

/// Whether an error has been recorded on this thread (and not yet taken or cleared).
pub fn has_error() -> bool {
    FAILED.with(Cell::get)
}

fn node_label(node: i32) -> String {
    NODE_NAMES.with(|n| {
        usize::try_from(node).ok().and_then(|i| n.borrow().get(i).cloned()).unwrap_or_else(|| format!("node #{node}"))
    })
}

/// Records `err` for `node` unless an earlier error is already recorded (the first one wins:
/// later ones are usually consequences of the placeholders the first one produced).
pub fn record_error(node: i32, err: RtError) {
    if has_error() {
        return;
    }
    record_message(format!("{}: {}", node_label(node), err.0));
}

/// Records `msg` as it is (no node: an error about the call itself, such as a wrong input to a
/// compiled model's `<name>_run`) unless an earlier error is already recorded.
pub fn record_message(msg: String) {
    if has_error() {
        return;
    }
    MESSAGE.with(|m| *m.borrow_mut() = Some(msg));
    FAILED.with(|f| f.set(true));
}

/// Returns the recorded error and clears it.
pub fn take_error() -> Option<String> {
    FAILED.with(|f| f.set(false));
    crate::buffer::drop_error_scratch();
    MESSAGE.with(|m| m.borrow_mut().take())
}

/// Forgets any recorded error.
pub fn clear_error() {
    let _ = take_error();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_error_wins_and_names_the_node() {
        clear_error();
        set_node_names(vec!["node 'add_3' (Add) in graph main_graph".to_string()]);
        assert!(!has_error());
        record_error(0, RtError::new("first"));
        record_error(0, RtError::new("second"));
        assert!(has_error());
        assert_eq!(take_error().as_deref(), Some("node 'add_3' (Add) in graph main_graph: first"));
        assert!(!has_error());
        assert_eq!(take_error(), None);
        record_error(7, RtError::new("x"));
        assert_eq!(take_error().as_deref(), Some("node #7: x"));
        record_error(-2, RtError::new("y"));
        assert_eq!(take_error().as_deref(), Some("node #-2: y"));
        set_node_names(Vec::new());
    }
}

/// This family's C ABI: decode the handles, call the kernel, encode the result. `crate::abi`
/// exports each function as `#[no_mangle] extern "C"` from the runtime-abi table.
pub(crate) mod c_abi {
    use crate::error::has_error;

    pub(crate) fn flowgate_rt_ok() -> u8 {
        u8::from(!has_error())
    }
}
