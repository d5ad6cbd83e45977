//! The passes the tools run before code generation, looked up by name among the registered
//! passes. A pass that is not registered is reported, never skipped silently; its ops then
//! reach the code generator, which names them as unsupported.

use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{PassInfo, PassOptions};

/// What runs between verified input and code generation, in order.
pub const LOWERING_PIPELINE: &[&str] = &["convert-scf-to-cf", "canonicalize"];

/// What happened to one pipeline step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    Ran,
    NotRegistered,
}

/// Run [`LOWERING_PIPELINE`] over `module` with the passes in `available`, then verify.
/// `on_step` hears about each step (the tools print them for `--print-pipeline` and warn
/// about missing ones).
pub fn run_lowering(
    ctx: &mut Context,
    module: OpId,
    available: &[PassInfo],
    on_step: &mut dyn FnMut(&str, &StepOutcome),
) -> Result<(), Diagnostic> {
    for &name in LOWERING_PIPELINE {
        let Some(info) = available.iter().find(|p| p.argument == name) else {
            on_step(name, &StepOutcome::NotRegistered);
            continue;
        };
        let mut pass = (info.create)(&PassOptions::default()).map_err(|m| {
            let loc = ctx.op_loc(module);
            Diagnostic::error(loc, format!("cannot create pass '{name}': {m}"))
        })?;
        match pass.anchor() {
            Some(anchor) if anchor != ctx.op_name(module) => {
                for op in ctx.find_ops(module, anchor) {
                    pass.run(ctx, op)?;
                }
            }
            _ => pass.run(ctx, module)?,
        }
        on_step(name, &StepOutcome::Ran);
    }
    flowgate_ir::verify::verify(ctx, module)
}
