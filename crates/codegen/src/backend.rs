//! What the tools see of a code generator: one value, chosen once from `--backend NAME` and
//! `-O<level>`, that lowers, JIT-compiles, runs a `.mlir` entry and writes object files. Each
//! backend crate implements it for its own type (as rustc's `CodegenBackend`); nothing above
//! this trait matches on which backend it holds.

use crate::abi::FuncAbi;
use crate::header::emit_header_for;
use crate::run::{Invoke, RunOutput};
use crate::{OptLevel, Result};
use flowgate_ir::{Context, OpId};
use std::time::Duration;

/// A code generator at one optimization level.
pub trait CodegenBackend: Send + Sync {
    /// The name `--backend` takes (`cranelift`, `llvm`, `mlir`).
    fn name(&self) -> &'static str;

    /// The lowering steps Flowgate runs before code generation
    /// ([`crate::pipeline::lowering_pipeline`] at the backend's level, unless the backend lowers
    /// more itself).
    fn pipeline(&self) -> Vec<&'static str> {
        crate::pipeline::lowering_pipeline(self.lowering_level())
    }

    /// The level of the lowering pipeline (the loop optimizations run at -O2 and above).
    fn lowering_level(&self) -> OptLevel;

    /// JIT-compile every function of `module` with `symbols` (name, address) bound for its
    /// imports besides the C library. `ctx` may change (a backend may annotate the module).
    fn jit(&self, ctx: &mut Context, module: OpId, symbols: &[(&'static str, *const u8)]) -> Result<Box<dyn JitCode>>;

    /// JIT-compile `module` and call `entry` (no arguments, scalar results) inside `invoke`.
    fn run(&self, ctx: &mut Context, module: OpId, entry: &str, invoke: Invoke<'_>) -> Result<RunOutput>;

    /// A relocatable object file of `module` for `triple` (the host when `None`).
    fn object(&self, ctx: &Context, module: OpId, triple: Option<&str>) -> Result<ObjectCode>;
}

/// Compiled code in memory; addresses stay valid while it lives.
pub trait JitCode {
    /// The address of the defined function `name` (its C ABI entry).
    fn function(&self, name: &str) -> Option<*const u8>;
}

/// An object file and what its header declares.
pub struct ObjectCode {
    pub bytes: Vec<u8>,
    /// Name and ABI of every public function.
    pub public: Vec<(String, FuncAbi)>,
    /// Per-function code generation time (and the backend's module-wide steps).
    pub function_times: Vec<(String, Duration)>,
    /// The triple the object was built for.
    pub triple: String,
}

impl ObjectCode {
    /// The C header of the object's public functions; `guard` names the include guard.
    pub fn header(&self, guard: &str) -> String {
        let p: Vec<(&str, &FuncAbi)> = self.public.iter().map(|(n, a)| (n.as_str(), a)).collect();
        emit_header_for(&p, guard)
    }
}

/// `-O<level>` for a backend without levels above -O2 (`None` is -O2): Cranelift's `speed`
/// serves -O2 and -O3.
pub fn two_levels(level: Option<&str>) -> Option<OptLevel> {
    match level {
        None | Some("2") | Some("3") => Some(OptLevel::Speed),
        Some("0") => Some(OptLevel::None),
        _ => None,
    }
}

/// The error for an unknown `-O<level>`, as the tools print it.
pub fn bad_level(level: Option<&str>) -> String {
    format!("error: unknown optimization level '-O{}' (use -O0, -O2 or -O3)\n", level.unwrap_or(""))
}

/// A backend's optimization level, and the lowering pipeline's level it implies.
pub trait Level: Copy {
    fn lowering(self) -> OptLevel;
}

impl Level for OptLevel {
    fn lowering(self) -> OptLevel {
        self
    }
}

/// Implements [`CodegenBackend`] for `$ty`, a tuple struct of the backend's [`Level`], over the
/// backend crate's functions `$jit(ctx, module, level, symbols) -> Result<$compiled>`,
/// `$run(ctx, module, entry, level, invoke)` and `$object(ctx, module, triple, level)`; and
/// [`JitCode`] for `$compiled` (which has `function(&self, name)`).
// `crate::` in the short form means the calling backend crate, on purpose.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! codegen_backend {
    // A backend crate laid out as both native ones are: `jit::{Compiled, compile, run_with}`
    // and `object::compile_object`.
    ($ty:ty, $name:literal) => {
        $crate::codegen_backend!(
            $ty,
            $name,
            crate::jit::Compiled,
            crate::jit::compile,
            crate::jit::run_with,
            crate::object::compile_object
        );
    };
    ($ty:ty, $name:literal, $compiled:ty, $jit:path, $run:path, $object:path) => {
        impl $crate::backend::CodegenBackend for $ty {
            fn name(&self) -> &'static str {
                $name
            }

            fn lowering_level(&self) -> $crate::OptLevel {
                $crate::backend::Level::lowering(self.0)
            }

            fn jit(
                &self,
                ctx: &mut flowgate_ir::Context,
                module: flowgate_ir::OpId,
                symbols: &[(&'static str, *const u8)],
            ) -> $crate::Result<Box<dyn $crate::backend::JitCode>> {
                Ok(Box::new($jit(ctx, module, self.0, symbols)?))
            }

            fn run(
                &self,
                ctx: &mut flowgate_ir::Context,
                module: flowgate_ir::OpId,
                entry: &str,
                invoke: $crate::run::Invoke<'_>,
            ) -> $crate::Result<$crate::run::RunOutput> {
                $run(ctx, module, entry, self.0, invoke)
            }

            fn object(
                &self,
                ctx: &flowgate_ir::Context,
                module: flowgate_ir::OpId,
                triple: Option<&str>,
            ) -> $crate::Result<$crate::backend::ObjectCode> {
                $object(ctx, module, triple, self.0)
            }
        }

        impl $crate::backend::JitCode for $compiled {
            fn function(&self, name: &str) -> Option<*const u8> {
                <$compiled>::function(self, name)
            }
        }
    };
}
