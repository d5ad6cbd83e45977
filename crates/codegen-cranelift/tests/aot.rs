//! Cranelift object files through the shared AOT driver (`crates/codegen/tests/support/aot.rs`):
//! linked with a C driver and run, the header, cross targets.

mod common;
use flowgate_codegen::backend::CodegenBackend;
use flowgate_codegen_cranelift::{Cranelift, OptLevel};

/// The levels the driver runs, by name.
fn backends() -> Vec<(&'static str, Box<dyn CodegenBackend>)> {
    vec![("o0", Box::new(Cranelift(OptLevel::None))), ("o2", Box::new(Cranelift(OptLevel::Speed)))]
}

#[path = "../../codegen/tests/support/aot.rs"]
mod aot;
