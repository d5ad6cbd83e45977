//! The passes the tools run before code generation, looked up by name among the registered
//! passes. A pass that is not registered is reported, never skipped silently; its ops then
//! reach the code generator, which names them as unsupported.

use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{PassInfo, PassOptions};

/// What runs between verified input and code generation, in order (DESIGN.md §1): the onnx
/// dialect to scf and loops, cleanup, scf to cf, cleanup. Passes with nothing to do leave the
/// module unchanged, so `.mlir` input at any stage goes through the same list.
pub const LOWERING_PIPELINE: &[&str] =
    &["convert-onnx-to-scf", "convert-onnx-to-loops", "canonicalize", "cse", "convert-scf-to-cf", "canonicalize"];

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
    on_step: &mut dyn FnMut(&'static str, &StepOutcome),
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

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_pass::Pass;

    /// Appends its name to the `trace` string attribute of the op it runs on.
    struct Tracer(&'static str, Option<&'static str>);

    impl Pass for Tracer {
        fn argument(&self) -> &'static str {
            self.0
        }
        fn name(&self) -> &'static str {
            self.0
        }
        fn anchor(&self) -> Option<&'static str> {
            self.1
        }
        fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
            let old = ctx.attr(op, "trace").and_then(|a| ctx.attr_as_str(a)).unwrap_or("").to_string();
            let a = ctx.string_attr(&format!("{old}{};", self.0));
            ctx.set_attr(op, "trace", a);
            Ok(())
        }
    }

    #[test]
    fn runs_registered_passes_in_order_and_reports_missing_ones() {
        let src = "\"builtin.module\"() ({\n\"func.func\"() <{function_type = () -> (), sym_name = \"a\"}> ({\n\"func.return\"() : () -> ()\n}) : () -> ()\n}) : () -> ()\n";
        let mut ctx2 = Context::new();
        ctx2.allow_unregistered = true;
        let m = flowgate_ir::asm::parse_source(&mut ctx2, "t", src, flowgate_ir::asm::ParserConfig::default())
            .expect("test input parses");
        let passes = [
            PassInfo {
                argument: "canonicalize",
                description: "",
                create: |_| Ok(Box::new(Tracer("canonicalize", None))),
            },
            PassInfo {
                argument: "convert-scf-to-cf",
                description: "",
                create: |_| Ok(Box::new(Tracer("convert-scf-to-cf", Some("func.func")))),
            },
        ];
        let mut seen = Vec::new();
        run_lowering(&mut ctx2, m, &passes, &mut |p, o| seen.push((p, o.clone()))).expect("pipeline runs");
        let ran: Vec<&str> = seen.iter().filter(|(_, o)| *o == StepOutcome::Ran).map(|(p, _)| *p).collect();
        assert_eq!(ran, ["canonicalize", "convert-scf-to-cf", "canonicalize"]);
        assert!(seen.contains(&("cse", StepOutcome::NotRegistered)));
        let trace = |op| ctx2.attr(op, "trace").and_then(|a| ctx2.attr_as_str(a)).map(str::to_string);
        assert_eq!(trace(m).as_deref(), Some("canonicalize;canonicalize;"));
        let f = ctx2.find_ops(m, "func.func")[0];
        assert_eq!(trace(f).as_deref(), Some("convert-scf-to-cf;"));
    }
}
