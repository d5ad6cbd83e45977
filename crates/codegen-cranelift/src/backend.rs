//! The Cranelift backend as the tools hold it: [`Cranelift`] implements
//! `flowgate_codegen::backend::CodegenBackend` over this crate's JIT and object writer.

use crate::OptLevel;

/// Cranelift at `-O0` (`none`) or `-O2` (`speed`, also what `-O3` asks for).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cranelift(pub OptLevel);

flowgate_codegen::codegen_backend!(Cranelift, "cranelift");
