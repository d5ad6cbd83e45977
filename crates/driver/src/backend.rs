//! Which code generator runs the program: Cranelift (always built), LLVM (cargo feature
//! `llvm`) or upstream MLIR's own lowering and ExecutionEngine (cargo feature `mlir`). The
//! choice is made once, here, from `--backend NAME` and `-O<level>`; the rest of the tools hold
//! a `Box<dyn CodegenBackend>` (`flowgate_codegen::backend`) and never match on it.

use flowgate_codegen::backend::{bad_level, two_levels, CodegenBackend};
use flowgate_codegen::CodegenError;
use flowgate_ir::Diagnostic;

pub use flowgate_codegen::backend::JitCode;

/// The backend `--backend name` and `-O<level>` select; errors come back rendered. `tool`
/// names the program in the error for a backend whose cargo feature it was built without.
pub fn select(name: &str, level: Option<&str>, tool: &str) -> Result<Box<dyn CodegenBackend>, String> {
    // With both features on, every backend exists and `tool` names none of them.
    #[cfg(all(feature = "llvm", feature = "mlir"))]
    let _ = tool;
    let chosen: Option<Box<dyn CodegenBackend>> = match name {
        "cranelift" => two_levels(level).map(|o| Box::new(flowgate_codegen_cranelift::Cranelift(o)) as _),
        #[cfg(feature = "llvm")]
        "llvm" => flowgate_codegen_llvm::LlvmOpt::parse(level).map(|o| Box::new(flowgate_codegen_llvm::Llvm(o)) as _),
        #[cfg(feature = "mlir")]
        "mlir" => flowgate_mlir_bridge::jit::opt_level(level).map(|o| Box::new(flowgate_mlir_bridge::Mlir(o)) as _),
        // Name the feature a backend needs when this build lacks it.
        #[cfg(not(feature = "llvm"))]
        "llvm" => return Err(missing_feature(name, tool)),
        #[cfg(not(feature = "mlir"))]
        "mlir" => return Err(missing_feature(name, tool)),
        other => return Err(format!("error: backend '{other}' is not available in this build\n")),
    };
    chosen.ok_or_else(|| bad_level(level))
}

/// The error for a backend whose cargo feature (named as the backend) this build lacks.
#[cfg(any(not(feature = "llvm"), not(feature = "mlir")))]
fn missing_feature(name: &str, tool: &str) -> String {
    format!("error: backend '{name}' needs the cargo feature `{name}`, which this {tool} was built without\n")
}

/// A code generation error as the tools print it: a located one through `render` (at its place
/// in the input), any other after `prefix` (`file: ` or nothing).
pub fn render_error(e: CodegenError, render: &dyn Fn(&Diagnostic) -> String, prefix: &str) -> String {
    match e {
        CodegenError::Unsupported(d) => render(&d),
        other => format!("{prefix}error: {other}\n"),
    }
}
