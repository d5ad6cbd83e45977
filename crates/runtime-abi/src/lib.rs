//! `flowgate-runtime-abi`: the one place where compiled code and `flowgate-runtime` agree, as
//! IREE's `exports.inl` and onnx-mlir's `RuntimeAPI` are for theirs.
//!
//! - [`codes`]: the `#[repr(i32)]` enums of every integer code compiled code passes (op codes,
//!   `auto_pad`, pad modes, scatter reductions, activations, resampling modes, ...), each with its
//!   ONNX spelling.
//! - [`functions`]: the table of `flowgate_rt_*` functions (parameters, result, whether a call
//!   may fail, whether its result may be memoized). The runtime generates its exports and the
//!   JIT's symbol list from it (`runtime_functions!`), and the lowering checks and declares every
//!   call against it.
//! - [`c_api`]: the table of the public C API of `include/flowgate.h` (`flowgate_tensor_new`,
//!   `flowgate_last_error`, ...), what C programs call around a compiled model.

pub mod c_api;
pub mod codes;
pub mod functions;

pub use c_api::{CApiFn, C_API};
pub use codes::*;
pub use functions::{lookup, RtFn, Ty, FUNCTIONS};
