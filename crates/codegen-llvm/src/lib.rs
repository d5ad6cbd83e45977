//! Flowgate's optimizing code generator: `func`, `arith`, `math`, `cf` and `memref` ops to
//! LLVM IR through inkwell, then machine code in memory ([`jit`], LLVM's MCJIT) or in an
//! object file ([`object`]). It takes the same input as the Cranelift backend, keeps its
//! defined semantics where upstream has poison, and shares its ABI classification
//! ([`flowgate_codegen_cranelift::abi`]) and C header.
//!
//! Everything is behind the cargo feature `llvm` (which needs LLVM 22, DESIGN.md §7), so a
//! default workspace build compiles this crate empty and never builds inkwell.
#![cfg(feature = "llvm")]

mod abi;
mod error;
mod globals;
pub mod jit;
pub mod module;
pub mod object;
pub mod target;
mod translate;
pub(crate) use translate::{byte_gep, piece_offset};

pub use error::{CodegenError, Result};
pub use target::LlvmOpt;
