//! Flowgate's optimizing code generator: `func`, `arith`, `math`, `cf` and `memref` ops to
//! LLVM IR through inkwell, then machine code in memory ([`jit`], LLVM's MCJIT) or in an
//! object file ([`object`]). It takes the same input as the Cranelift backend, keeps its
//! defined semantics where upstream has poison, and shares the backend-neutral half
//! (`flowgate-codegen`: ABI classification, function table, globals' bytes, C header, errors).
//!
//! Everything is behind the cargo feature `llvm` (which needs LLVM 22, DESIGN.md §7), so a
//! default workspace build compiles this crate empty and never builds inkwell.
#![cfg(feature = "llvm")]

mod abi;
mod backend;
mod error;
mod globals;
pub mod jit;
pub mod module;
pub mod object;
pub mod target;
mod translate;
pub(crate) use translate::byte_gep;

pub use backend::Llvm;
pub use flowgate_codegen::{CodegenError, Result};
pub use target::LlvmOpt;
