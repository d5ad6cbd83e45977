//! Upstream MLIR as a backend the tools hold like the others: [`Mlir`] implements
//! `flowgate_codegen::backend::CodegenBackend` over [`crate::jit`]. Its errors become
//! `CodegenError`s (upstream's located diagnostics stay located).

use crate::jit;
use crate::BridgeError;
use flowgate_codegen::backend::{CodegenBackend, JitCode, ObjectCode};
use flowgate_codegen::run::{Invoke, RunOutput};
use flowgate_codegen::{CodegenError, OptLevel, Result};
use flowgate_ir::{Context, OpId};

/// What Flowgate lowers before upstream takes over: the onnx dialect, which upstream does not
/// have, down to scf/arith/memref and runtime calls. Nothing else, so the backend stays
/// independent of our transformations: `scf` to `cf` and everything after is upstream's
/// ([`jit::LOWERING`]). (Our canonicalizer would also fold a computed negative `scf.for` step
/// into a constant one, which upstream's verifier rejects.)
pub const BEFORE_UPSTREAM: &[&str] = &["onnx-float16-in-f32", "convert-onnx-to-scf", "convert-onnx-to-loops"];

/// Upstream's lowering and ExecutionEngine at LLVM `-O<level>` (0 to 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mlir(pub u8);

fn codegen_error(e: BridgeError) -> CodegenError {
    match e {
        BridgeError::Diagnostic(d) => CodegenError::Unsupported(*d),
        other => CodegenError::Run(other.to_string()),
    }
}

impl CodegenBackend for Mlir {
    fn name(&self) -> &'static str {
        "mlir"
    }

    fn pipeline(&self) -> Vec<&'static str> {
        BEFORE_UPSTREAM.to_vec()
    }

    fn lowering_level(&self) -> OptLevel {
        OptLevel::None
    }

    fn jit(&self, ctx: &mut Context, module: OpId, symbols: &[(&'static str, *const u8)]) -> Result<Box<dyn JitCode>> {
        Ok(Box::new(jit::compile(ctx, module, self.0, symbols).map_err(codegen_error)?))
    }

    /// The engine's code runs on the calling thread (its packed wrapper is called in place).
    fn run(&self, ctx: &mut Context, module: OpId, entry: &str, _invoke: Invoke<'_>) -> Result<RunOutput> {
        jit::run(ctx, module, entry, self.0).map_err(codegen_error)
    }

    fn object(&self, _: &Context, _: OpId, _: Option<&str>) -> Result<ObjectCode> {
        Err(CodegenError::Run("the mlir backend writes no object files".into()))
    }
}

impl JitCode for jit::Compiled {
    fn function(&self, name: &str) -> Option<*const u8> {
        jit::Compiled::function(self, name)
    }
}
