//! LLVM object files through the shared AOT driver (`crates/codegen/tests/support/aot.rs`):
//! linked with the same C driver as the Cranelift backend's and run, the header, cross targets.
#![cfg(feature = "llvm")]

// The Cranelift backend's test helpers: both backends are driven by the same programs.
#[path = "../../codegen-cranelift/tests/common/mod.rs"]
mod common;
use flowgate_codegen::backend::CodegenBackend;
use flowgate_codegen_llvm::{Llvm, LlvmOpt};

/// The levels the driver runs, by name.
fn backends() -> Vec<(&'static str, Box<dyn CodegenBackend>)> {
    vec![("o0", Box::new(Llvm(LlvmOpt::O0))), ("o2", Box::new(Llvm(LlvmOpt::O2))), ("o3", Box::new(Llvm(LlvmOpt::O3)))]
}

#[path = "../../codegen/tests/support/aot.rs"]
mod aot;
