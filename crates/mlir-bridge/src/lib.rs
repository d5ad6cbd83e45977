//! Hands Flowgate modules to upstream MLIR 22 in process, through melior (DESIGN.md §7).
//!
//! The route is text, both ways: our printer writes the module in the generic form with its
//! locations, upstream parses it ([`to_upstream`]); upstream prints its module the same way
//! and our parser reads it back ([`from_upstream`]). On that bridge:
//! - [`verify::verify`] re-verifies a module with upstream's verifier;
//! - [`passes::run_pipeline`] runs a textual upstream pass pipeline on a module;
//! - [`jit`] lowers through upstream's own conversions to the LLVM dialect and runs the result
//!   with upstream's `ExecutionEngine`: a third, independent backend for differential checks.
//!
//! Upstream diagnostics never reach stderr raw: a handler captures them ([`Upstream`]) and
//! they come back as our [`flowgate_ir::Diagnostic`]s, located in the user's file because the
//! locations travel with the text.
//!
//! Everything is behind the cargo feature `mlir` (MLIR 22 and libclang are needed to build
//! melior), so a default workspace build compiles this crate empty.
#![cfg(feature = "mlir")]

mod backend;
mod diag;
mod error;
pub mod jit;
pub mod passes;
mod text;
mod upstream;
pub mod verify;

pub use backend::{Mlir, BEFORE_UPSTREAM};
pub use error::{BridgeError, Result};
pub use text::{from_upstream, to_upstream};
pub use upstream::Upstream;
