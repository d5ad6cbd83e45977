//! Which code generator runs the program: Cranelift (always built), LLVM (cargo feature
//! `llvm`) or upstream MLIR's own lowering and ExecutionEngine (cargo feature `mlir`). The rest
//! of onnx-run sees one interface: the lowering steps Flowgate runs first, compile a lowered
//! module, look up a function's address, or run a `.mlir` entry.

use flowgate_codegen_cranelift::jit::{self, RunOutput};
use flowgate_codegen_cranelift::pipeline::lowering_pipeline;
use flowgate_codegen_cranelift::OptLevel;
use flowgate_ir::{Context, OpId, SourceMgr};

#[derive(Copy, Clone, Debug)]
pub enum Backend {
    Cranelift(OptLevel),
    #[cfg(feature = "llvm")]
    Llvm(flowgate_codegen_llvm::LlvmOpt),
    /// Upstream's lowering, then its ExecutionEngine at LLVM `-O<level>`.
    #[cfg(feature = "mlir")]
    Mlir(u8),
}

/// What Flowgate lowers before upstream takes over with the mlir backend: the onnx dialect,
/// which upstream does not have, down to scf/arith/memref and runtime calls. Nothing else, so
/// the backend stays independent of our transformations: `scf` to `cf` and everything after is
/// upstream's (`flowgate_mlir_bridge::jit::LOWERING`). (Our canonicalizer would also fold a
/// computed negative `scf.for` step into a constant one, which upstream's verifier rejects.)
#[cfg(feature = "mlir")]
const BEFORE_UPSTREAM: &[&str] = &["convert-onnx-to-scf", "convert-onnx-to-loops"];

impl Backend {
    /// `--backend NAME` with `-O<level>`; errors come back rendered.
    pub fn parse(name: &str, level: Option<&str>) -> Result<Backend, String> {
        let bad_level = |l: &str| format!("error: unknown optimization level '-O{l}' (use -O0, -O2 or -O3)\n");
        match name {
            "cranelift" => match level {
                None | Some("2") | Some("3") => Ok(Backend::Cranelift(OptLevel::Speed)),
                Some("0") => Ok(Backend::Cranelift(OptLevel::None)),
                Some(l) => Err(bad_level(l)),
            },
            #[cfg(feature = "llvm")]
            "llvm" => flowgate_codegen_llvm::LlvmOpt::parse(level)
                .map(Backend::Llvm)
                .ok_or_else(|| bad_level(level.unwrap_or(""))),
            #[cfg(feature = "mlir")]
            "mlir" => flowgate_mlir_bridge::jit::opt_level(level)
                .map(Backend::Mlir)
                .ok_or_else(|| bad_level(level.unwrap_or(""))),
            // Name the feature a backend needs when this build lacks it.
            #[cfg(not(feature = "llvm"))]
            "llvm" => Err(missing_feature(name)),
            #[cfg(not(feature = "mlir"))]
            "mlir" => Err(missing_feature(name)),
            other => Err(format!("error: backend '{other}' is not available in this build\n")),
        }
    }

    /// The lowering pipeline Flowgate runs before code generation.
    pub fn pipeline(self) -> Vec<&'static str> {
        match self {
            Backend::Cranelift(o) => lowering_pipeline(o),
            #[cfg(feature = "llvm")]
            Backend::Llvm(o) => lowering_pipeline(o.lowering()),
            #[cfg(feature = "mlir")]
            Backend::Mlir(_) => BEFORE_UPSTREAM.to_vec(),
        }
    }

    /// JIT-compile `module` with `symbols` bound; errors are rendered by `render` (given the
    /// context after the backend is done with it: the mlir backend adds upstream's locations).
    pub fn compile(
        self,
        ctx: &mut Context,
        module: OpId,
        symbols: &[(&'static str, *const u8)],
        render: &dyn Fn(&Context, &flowgate_ir::Diagnostic) -> String,
        file: &str,
    ) -> Result<Compiled, String> {
        match self {
            Backend::Cranelift(o) => {
                jit::compile(ctx, module, o, symbols).map(|c| Compiled::Cranelift(Box::new(c))).map_err(|e| match e {
                    flowgate_codegen_cranelift::CodegenError::Unsupported(d) => render(ctx, &d),
                    other => format!("{file}: error: {other}\n"),
                })
            }
            #[cfg(feature = "llvm")]
            Backend::Llvm(o) => {
                flowgate_codegen_llvm::jit::compile(ctx, module, o, symbols).map(Compiled::Llvm).map_err(|e| match e {
                    flowgate_codegen_llvm::CodegenError::Unsupported(d) => render(ctx, &d),
                    other => format!("{file}: error: {other}\n"),
                })
            }
            #[cfg(feature = "mlir")]
            Backend::Mlir(o) => flowgate_mlir_bridge::jit::compile(ctx, module, o, symbols)
                .map(|c| Compiled::Mlir(Box::new(c)))
                .map_err(|e| match e {
                    flowgate_mlir_bridge::BridgeError::Diagnostic(d) => render(ctx, &d),
                    other => format!("{file}: error: {other}\n"),
                }),
        }
    }

    /// Compile and call the `.mlir` entry `entry`; errors come back rendered.
    /// The compiled code runs inside `invoke`.
    pub fn run_mlir(
        self,
        ctx: &mut Context,
        module: OpId,
        entry: &str,
        sm: &SourceMgr,
        invoke: jit::Invoke<'_>,
    ) -> Result<RunOutput, String> {
        match self {
            Backend::Cranelift(o) => jit::run_with(ctx, module, entry, o, invoke).map_err(|e| match e {
                flowgate_codegen_cranelift::CodegenError::Unsupported(d) => sm.render(ctx, &d),
                other => format!("error: {other}\n"),
            }),
            #[cfg(feature = "llvm")]
            Backend::Llvm(o) => {
                flowgate_codegen_llvm::jit::run_with(ctx, module, entry, o, invoke).map_err(|e| match e {
                    flowgate_codegen_llvm::CodegenError::Unsupported(d) => sm.render(ctx, &d),
                    other => format!("error: {other}\n"),
                })
            }
            #[cfg(feature = "mlir")]
            Backend::Mlir(o) => flowgate_mlir_bridge::jit::run(ctx, module, entry, o).map_err(|e| match e {
                flowgate_mlir_bridge::BridgeError::Diagnostic(d) => sm.render(ctx, &d),
                other => format!("error: {other}\n"),
            }),
        }
    }
}

/// The error for a backend whose cargo feature (named as the backend) this build lacks.
#[cfg(any(not(feature = "llvm"), not(feature = "mlir")))]
fn missing_feature(name: &str) -> String {
    format!("error: backend '{name}' needs the cargo feature `{name}`, which this onnx-run was built without\n")
}

/// Compiled code of either backend; addresses stay valid while it lives.
pub enum Compiled {
    Cranelift(Box<jit::Compiled>),
    #[cfg(feature = "llvm")]
    Llvm(flowgate_codegen_llvm::jit::Compiled),
    #[cfg(feature = "mlir")]
    Mlir(Box<flowgate_mlir_bridge::jit::Compiled>),
}

impl Compiled {
    pub fn function(&self, name: &str) -> Option<*const u8> {
        match self {
            Compiled::Cranelift(c) => c.function(name),
            #[cfg(feature = "llvm")]
            Compiled::Llvm(c) => c.function(name),
            #[cfg(feature = "mlir")]
            Compiled::Mlir(c) => c.function(name),
        }
    }
}
