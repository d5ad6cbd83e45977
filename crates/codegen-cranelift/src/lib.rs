//! Flowgate's native code generator: `func`, `arith`, `math`, `cf` and `memref` ops to
//! Cranelift IR, then machine code in memory ([`jit::run`]) or in an object file
//! ([`object::compile_object`]). The translation is written once, generic over
//! `cranelift_module::Module`. The backend-neutral half (ABI classification, function table,
//! globals' bytes, header, lowering pipeline, errors) is `flowgate-codegen`.

pub mod abi;
mod backend;
pub mod globals;
pub mod isa;
pub mod jit;
mod jit_globals;
mod libm;
pub mod module;
pub mod object;
mod retconv;
mod translate;

pub use backend::Cranelift;
pub use flowgate_codegen::{header, pipeline, CodegenError, OptLevel, Result};
