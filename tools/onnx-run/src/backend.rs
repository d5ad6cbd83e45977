//! Which code generator runs the program: Cranelift (always built) or LLVM (cargo feature
//! `llvm`). The rest of onnx-run sees one interface: compile a lowered module, look up a
//! function's address, or run a `.mlir` entry.

use flowgate_codegen_cranelift::jit::{self, RunOutput};
use flowgate_codegen_cranelift::OptLevel;
use flowgate_ir::{Context, OpId, SourceMgr};

#[derive(Copy, Clone, Debug)]
pub enum Backend {
    Cranelift(OptLevel),
    #[cfg(feature = "llvm")]
    Llvm(flowgate_codegen_llvm::LlvmOpt),
}

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
            other => Err(format!("error: backend '{other}' is not available in this build\n")),
        }
    }

    /// The level of the lowering pipeline that runs before code generation.
    pub fn lowering(self) -> OptLevel {
        match self {
            Backend::Cranelift(o) => o,
            #[cfg(feature = "llvm")]
            Backend::Llvm(o) => o.lowering(),
        }
    }

    /// JIT-compile `module` with `symbols` bound; errors are rendered by `render`.
    pub fn compile(
        self,
        ctx: &Context,
        module: OpId,
        symbols: &[(&'static str, *const u8)],
        render: &dyn Fn(&flowgate_ir::Diagnostic) -> String,
        file: &str,
    ) -> Result<Compiled, String> {
        match self {
            Backend::Cranelift(o) => {
                jit::compile(ctx, module, o, symbols).map(|c| Compiled::Cranelift(Box::new(c))).map_err(|e| match e {
                    flowgate_codegen_cranelift::CodegenError::Unsupported(d) => render(&d),
                    other => format!("{file}: error: {other}\n"),
                })
            }
            #[cfg(feature = "llvm")]
            Backend::Llvm(o) => {
                flowgate_codegen_llvm::jit::compile(ctx, module, o, symbols).map(Compiled::Llvm).map_err(|e| match e {
                    flowgate_codegen_llvm::CodegenError::Unsupported(d) => render(&d),
                    other => format!("{file}: error: {other}\n"),
                })
            }
        }
    }

    /// Compile and call the `.mlir` entry `entry`; errors come back rendered.
    /// The compiled code runs inside `invoke`.
    pub fn run_mlir(
        self,
        ctx: &Context,
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
        }
    }
}

/// Compiled code of either backend; addresses stay valid while it lives.
pub enum Compiled {
    Cranelift(Box<jit::Compiled>),
    #[cfg(feature = "llvm")]
    Llvm(flowgate_codegen_llvm::jit::Compiled),
}

impl Compiled {
    pub fn function(&self, name: &str) -> Option<*const u8> {
        match self {
            Compiled::Cranelift(c) => c.function(name),
            #[cfg(feature = "llvm")]
            Compiled::Llvm(c) => c.function(name),
        }
    }
}
