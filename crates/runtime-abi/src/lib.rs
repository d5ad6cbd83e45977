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

pub mod codes;
pub mod functions;

pub use codes::*;
pub use functions::{lookup, RtFn, Ty, FUNCTIONS};
