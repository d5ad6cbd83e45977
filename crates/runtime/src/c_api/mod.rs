//! The public C API of `include/flowgate.h`: the value structs of DESIGN.md §7
//! ([`FlowgateTensor`], [`FlowgateSequence`]), functions to build a model's inputs and read its
//! outputs, and the conversions between those structs and the runtime's values that a compiled
//! model's `<name>_run` uses ([`value_from_c`], [`value_to_c`]).
//!
//! The exports are generated from the table of `flowgate-runtime-abi` (`c_api_functions!`), one
//! family per file: `errors`, `tensors`, `sequences` (sequences and optionals), `threads`; `convert` holds
//! the conversions and the checks of a caller's struct. A null or inconsistent struct is an
//! error code and a message in [`flowgate_last_error`](errors), never a crash, and a panic
//! cannot cross the C boundary (each export catches it).
#![allow(clippy::missing_safety_doc)]

mod convert;
mod errors;
pub mod model;
mod owner;
mod sequences;
mod tensors;
#[cfg(test)]
mod tests;
mod threads;

use std::ffi::{c_char, c_void};

pub use convert::{handle_from_c, handle_to_c, value_from_c, value_to_c, MAX_DEPTH, MAX_RANK};
pub use errors::{last_error, set_last_error};

/// `FlowgateTensor.dtype` of a sequence.
pub const FLOWGATE_SEQUENCE: i32 = -1;
/// `FlowgateTensor.dtype` of an optional.
pub const FLOWGATE_OPTIONAL: i32 = -2;
/// `flowgate_tensor_new` copies the shape and data into the runtime (the result owns them).
pub const FLOWGATE_COPY: i32 = 0;
/// `flowgate_tensor_new` points at the caller's shape and data, which must outlive the value.
pub const FLOWGATE_BORROW: i32 = 1;

/// A tensor, sequence or optional as C sees it (DESIGN.md §7; the layout is fixed).
#[repr(C)]
#[derive(Debug)]
pub struct FlowgateTensor {
    /// ONNX `TensorProto.DataType` code; [`FLOWGATE_SEQUENCE`] or [`FLOWGATE_OPTIONAL`].
    pub dtype: i32,
    /// Tensors only.
    pub rank: i32,
    /// `rank` entries; tensors only.
    pub shape: *const i64,
    /// Tensor: dense row-major elements; sequence: `*mut FlowgateSequence`; optional:
    /// `*mut FlowgateTensor`, or null when empty.
    pub data: *mut c_void,
    /// Runtime-private: null in values the caller made, set in values the runtime allocated
    /// (`flowgate_tensor_free` releases them).
    pub owner: *mut c_void,
}

impl FlowgateTensor {
    /// The all-zero struct: an empty slot for an output, or what `flowgate_tensor_free` leaves.
    pub const EMPTY: FlowgateTensor = FlowgateTensor {
        dtype: 0,
        rank: 0,
        shape: std::ptr::null(),
        data: std::ptr::null_mut(),
        owner: std::ptr::null_mut(),
    };
}

impl Default for FlowgateTensor {
    fn default() -> Self {
        FlowgateTensor::EMPTY
    }
}

/// The items of a sequence value (DESIGN.md §7).
#[repr(C)]
#[derive(Debug)]
pub struct FlowgateSequence {
    pub length: i64,
    pub items: *mut FlowgateTensor,
}

/// Every family's functions, by symbol.
mod glue {
    pub(crate) use super::errors::c_api::*;
    pub(crate) use super::sequences::c_api::*;
    pub(crate) use super::tensors::c_api::*;
    pub(crate) use super::threads::c_api::*;
}

/// What an export returns when its body panicked (an internal bug): the failure value of its
/// result type. Pointers are null, counts -1, element types 0 (UNDEFINED), sizes 0.
trait Failure {
    fn failure() -> Self;
}

impl Failure for () {
    fn failure() {}
}
impl Failure for i32 {
    fn failure() -> i32 {
        -1
    }
}
impl Failure for i64 {
    fn failure() -> i64 {
        -1
    }
}
impl Failure for usize {
    fn failure() -> usize {
        0
    }
}
impl<T> Failure for *const T {
    fn failure() -> Self {
        std::ptr::null()
    }
}
impl<T> Failure for *mut T {
    fn failure() -> Self {
        std::ptr::null_mut()
    }
}

/// Runs an export's body; a panic becomes the failure value and a message.
fn guarded<R: Failure>(symbol: &str, f: impl FnOnce() -> R) -> R {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|_| {
        set_last_error(format!("{symbol}: internal error (panic)"));
        R::failure()
    })
}

/// One `#[no_mangle]` export per table entry, and [`c_api_symbols`].
macro_rules! exports {
    ($($sym:ident($($p:ident: $t:ty),* $(,)?) $(-> $r:ty)?;)*) => {
        $(
            #[no_mangle]
            #[allow(unused_unsafe)]
            pub unsafe extern "C" fn $sym($($p: $t),*) $(-> $r)? {
                guarded(stringify!($sym), || unsafe { glue::$sym($($p),*) })
            }
        )*

        /// Each C API function's symbol name and address (tests check them against the table).
        pub fn c_api_symbols() -> Vec<(&'static str, *const u8)> {
            vec![$((stringify!($sym), $sym as *const u8)),*]
        }
    };
}

flowgate_runtime_abi::c_api_functions!(exports);

#[cfg(test)]
mod table_tests {
    use flowgate_runtime_abi::C_API;

    #[test]
    fn exports_are_the_table() {
        let names: Vec<&str> = super::c_api_symbols().iter().map(|s| s.0).collect();
        let table: Vec<&str> = C_API.iter().map(|f| f.symbol).collect();
        assert_eq!(names, table);
    }

    #[test]
    fn the_header_declares_the_table_and_nothing_else() {
        let header = include_str!("../../../../include/flowgate.h");
        for f in C_API {
            assert!(header.contains(&f.c_decl()), "flowgate.h lacks `{}`", f.c_decl());
        }
        // Every prototype in the header is in the table.
        let declared = header.lines().filter(|l| {
            l.contains("flowgate_") && l.ends_with(");") && !l.starts_with(char::is_whitespace) && !l.starts_with("/*")
        });
        for line in declared {
            assert!(C_API.iter().any(|f| f.c_decl() == line), "flowgate.h declares `{line}`, not in the table");
        }
    }

    /// Every element type the runtime holds has its `FLOWGATE_<NAME> <code>` define, and every
    /// define names a code the runtime takes, so a C caller can spell each supported type.
    #[test]
    fn the_header_defines_every_dtype() {
        use crate::value::DType;
        let header = include_str!("../../../../include/flowgate.h");
        let defines: Vec<(&str, i32)> = header
            .lines()
            .filter_map(|l| l.strip_prefix("#define FLOWGATE_"))
            .filter_map(|l| {
                let (name, code) = l.split_once(' ')?;
                Some((name, code.trim().parse().ok()?))
            })
            .filter(|(name, _)| !matches!(*name, "COPY" | "BORROW" | "MAX_RANK" | "MAX_DEPTH"))
            .collect();
        for d in DType::ALL {
            assert!(
                defines.iter().any(|&(_, c)| c == d as i32),
                "flowgate.h has no define for {} ({})",
                d.name(),
                d as i32
            );
        }
        for (name, code) in defines {
            assert!(
                DType::from_code(code).is_ok(),
                "FLOWGATE_{name} = {code} is not an element type the runtime takes"
            );
        }
    }

    #[test]
    fn struct_layout_is_the_abi() {
        use super::{FlowgateSequence, FlowgateTensor};
        use std::mem::{offset_of, size_of};
        let p = size_of::<usize>();
        assert_eq!(offset_of!(FlowgateTensor, dtype), 0);
        assert_eq!(offset_of!(FlowgateTensor, rank), 4);
        assert_eq!(offset_of!(FlowgateTensor, shape), 8);
        assert_eq!(offset_of!(FlowgateTensor, data), 8 + p);
        assert_eq!(offset_of!(FlowgateTensor, owner), 8 + 2 * p);
        assert_eq!(size_of::<FlowgateTensor>(), 8 + 3 * p);
        assert_eq!(offset_of!(FlowgateSequence, items), 8);
    }
}
