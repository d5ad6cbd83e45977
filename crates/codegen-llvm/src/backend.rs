//! The LLVM backend as the tools hold it: [`Llvm`] implements
//! `flowgate_codegen::backend::CodegenBackend` over this crate's MCJIT and object writer.

use crate::LlvmOpt;
use flowgate_codegen::backend::Level;
use flowgate_codegen::OptLevel;

/// LLVM at `-O0`, `-O2` or `-O3`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Llvm(pub LlvmOpt);

impl Level for LlvmOpt {
    fn lowering(self) -> OptLevel {
        LlvmOpt::lowering(self)
    }
}

flowgate_codegen::codegen_backend!(Llvm, "llvm");
