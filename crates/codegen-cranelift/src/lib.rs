//! Flowgate's native code generator: `func`, `arith`, `math`, `cf` and `memref` ops to
//! Cranelift IR, then machine code in memory ([`jit::run`]) or in an object file
//! ([`object::compile_object`]). The translation is written once, generic over
//! `cranelift_module::Module`. The ABI is DESIGN.md §7's, described in [`abi`].

pub mod abi;
mod error;
pub mod globals;
pub mod header;
pub mod isa;
pub mod jit;
mod jit_globals;
mod libm;
pub mod module;
pub mod object;
pub mod op_attrs;
pub mod pipeline;
mod retconv;
mod translate;

pub use error::{CodegenError, Result};
pub use isa::OptLevel;
