//! The passes the tools run before code generation, looked up by name among the registered
//! passes. A pass that is not registered is reported, never skipped silently; its ops then
//! reach the code generator, which names them as unsupported.

use crate::OptLevel;
use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::{Context, Diagnostic, OpId, SourceMgr};
use flowgate_pass::{parse_pass_options, PassInfo, PassOptions};
use std::time::{Duration, Instant};

/// What runs between verified input and code generation at -O0, in order (DESIGN.md §1):
/// float16 values between float-computing onnx ops kept in f32 (as onnxruntime runs them), the
/// onnx dialect to scf and loops, cleanup, scf to cf, memref views expanded into
/// `extract_strided_metadata` + index arithmetic + `reinterpret_cast` (so no backend computes a
/// view's strides), cleanup, and last integers of odd widths (`i2`, `i17`, ...) moved to
/// machine widths, so that neither backend sees them.
/// Passes with nothing to do leave the module unchanged, so `.mlir` input at any stage goes
/// through the same list.
pub const LOWERING_PIPELINE: &[&str] = &[
    "onnx-float16-in-f32",
    "convert-onnx-to-scf",
    "convert-onnx-to-loops",
    "canonicalize",
    "cse",
    "convert-scf-to-cf",
    "expand-strided-metadata",
    "canonicalize",
    "legalize-int-widths",
];

/// The loop optimizations -O2 adds before `convert-scf-to-cf` (crates/optimize). Cranelift
/// optimizes within a function but not loops, so the structured form is where loops get what
/// gcc or LLVM would give them: `scf.parallel` nests made `scf.for` nests (so all that follows
/// applies to them), if-conversion (a select in place of a branch diamond),
/// then strength reduction of `iv * invariant` (it needs the scf.for form), cheap
/// divisibility tests, floats carried by a loop kept off live ranges that cross a call (through a
/// stack slot, for Cranelift's register allocator), and last the rotation of every loop into a
/// guarded do-while (scf.for
/// to scf.while, then the zero-trip check), which convert-scf-to-cf lowers to a loop with one
/// conditional back edge. The two rotation steps skip the greedy fold and region cleanup
/// upstream's versions do (`cleanup=false`): the canonicalize after convert-scf-to-cf does
/// that work once, and each greedy run over a function costs compile time.
pub const LOOP_OPTIMIZATIONS: &[&str] = &[
    "scf-parallel-for-to-nested-fors",
    "scf-if-to-select",
    "scf-for-strength-reduction",
    "arith-divisibility-to-mul",
    "scf-reload-loop-floats",
    "scf-for-to-while{cleanup=false}",
    "scf-rotate-while{cleanup=false}",
];

/// The passes run at `opt`: [`LOWERING_PIPELINE`], with [`LOOP_OPTIMIZATIONS`] before
/// `convert-scf-to-cf` at -O2.
pub fn lowering_pipeline(opt: OptLevel) -> Vec<&'static str> {
    let mut passes = Vec::new();
    for &p in LOWERING_PIPELINE {
        if p == "convert-scf-to-cf" && opt == OptLevel::Speed {
            passes.extend_from_slice(LOOP_OPTIMIZATIONS);
        }
        passes.push(p);
    }
    passes
}

/// What happened to one pipeline step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    Ran,
    NotRegistered,
}

/// Run `pipeline` (see [`lowering_pipeline`]) over `module` with the passes in `available`, then
/// verify.
/// `on_step` hears about each step (the tools print them for `--print-pipeline` and warn
/// about missing ones).
pub fn run_lowering(
    ctx: &mut Context,
    module: OpId,
    pipeline: &[&'static str],
    available: &[PassInfo],
    on_step: &mut dyn FnMut(&'static str, &StepOutcome),
) -> Result<(), Diagnostic> {
    for &step in pipeline {
        let (name, options) = split_options(step).map_err(|m| {
            let loc = ctx.op_loc(module);
            Diagnostic::error(loc, format!("bad pipeline step '{step}': {m}"))
        })?;
        let Some(info) = available.iter().find(|p| p.argument == name) else {
            on_step(step, &StepOutcome::NotRegistered);
            continue;
        };
        let mut pass = (info.create)(&options).map_err(|m| {
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
        on_step(step, &StepOutcome::Ran);
    }
    flowgate_ir::verify::verify(ctx, module)
}

/// `name{key=value ...}` into the name and its options, with the pipeline parser's option
/// syntax (`flowgate_pass::parse_pass_options`).
fn split_options(step: &str) -> Result<(&str, PassOptions), String> {
    match step.split_once('{') {
        None => Ok((step, PassOptions::default())),
        Some((name, rest)) => Ok((name, parse_pass_options(rest.strip_suffix('}').unwrap_or(rest))?)),
    }
}

/// A module ready for code generation.
pub struct Lowered {
    pub module: OpId,
    /// Holds the input text, for diagnostics the code generator reports later.
    pub sources: SourceMgr,
    /// Wall time of the lowering pipeline (not of parsing and verifying the input).
    pub pipeline_time: Duration,
}

/// What `onnx-run` and `onnx-compile` do before code generation: parse and verify `text`, then
/// run the lowering pipeline of `opt`. `--print-pipeline` steps go to stderr, and so does a
/// warning about passes that are not registered (for the onnx lowerings only when the input
/// has onnx ops, the only ones they lower). Errors come back rendered.
pub fn load_and_lower(
    ctx: &mut Context,
    name: &str,
    text: &str,
    available: &[PassInfo],
    opt: OptLevel,
    print_pipeline: bool,
) -> std::result::Result<Lowered, String> {
    load_and_lower_with(ctx, name, text, available, &lowering_pipeline(opt), print_pipeline)
}

/// [`load_and_lower`] with another pipeline (the mlir backend lowers only what upstream lacks).
pub fn load_and_lower_with(
    ctx: &mut Context,
    name: &str,
    text: &str,
    available: &[PassInfo],
    pipeline: &[&'static str],
    print_pipeline: bool,
) -> std::result::Result<Lowered, String> {
    let mut sm = SourceMgr::new();
    sm.add(name, text);
    let module = parse_source(ctx, name, text, ParserConfig::default()).map_err(|d| sm.render(ctx, &d))?;
    flowgate_ir::verify::verify(ctx, module).map_err(|d| sm.render(ctx, &d))?;
    lower_module_with(ctx, module, sm, available, pipeline, print_pipeline)
}

/// The lowering pipeline of `opt` over a module already built and verified (an imported ONNX
/// model), as [`load_and_lower`] runs it; `sm` renders diagnostics.
pub fn lower_module(
    ctx: &mut Context,
    module: OpId,
    sm: SourceMgr,
    available: &[PassInfo],
    opt: OptLevel,
    print_pipeline: bool,
) -> std::result::Result<Lowered, String> {
    lower_module_with(ctx, module, sm, available, &lowering_pipeline(opt), print_pipeline)
}

/// [`lower_module`] with another pipeline.
pub fn lower_module_with(
    ctx: &mut Context,
    module: OpId,
    sm: SourceMgr,
    available: &[PassInfo],
    pipeline: &[&'static str],
    print_pipeline: bool,
) -> std::result::Result<Lowered, String> {
    let mut missing: Vec<&str> = Vec::new();
    let mut has_onnx_ops = false;
    ctx.walk(module, &mut |op| has_onnx_ops |= ctx.op_name(op).starts_with("onnx."));
    let start = Instant::now();
    run_lowering(ctx, module, pipeline, available, &mut |pass, outcome| match outcome {
        StepOutcome::Ran if print_pipeline => eprintln!("pass: {pass}"),
        StepOutcome::Ran => {}
        StepOutcome::NotRegistered => {
            if print_pipeline {
                eprintln!("pass: {pass} (not registered, not run)");
            }
            let matters = has_onnx_ops || !pass.starts_with("convert-onnx-");
            if matters && !missing.contains(&pass) {
                missing.push(pass);
            }
        }
    })
    .map_err(|d| sm.render(ctx, &d))?;
    let pipeline_time = start.elapsed();
    if !missing.is_empty() {
        eprintln!("warning: lowering passes not registered, not run: {}", missing.join(", "));
    }
    Ok(Lowered { module, sources: sm, pipeline_time })
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
        run_lowering(&mut ctx2, m, LOWERING_PIPELINE, &passes, &mut |p, o| seen.push((p, o.clone())))
            .expect("pipeline runs");
        let ran: Vec<&str> = seen.iter().filter(|(_, o)| *o == StepOutcome::Ran).map(|(p, _)| *p).collect();
        assert_eq!(ran, ["canonicalize", "convert-scf-to-cf", "canonicalize"]);
        assert!(seen.contains(&("legalize-int-widths", StepOutcome::NotRegistered)));
        assert!(seen.contains(&("cse", StepOutcome::NotRegistered)));
        let trace = |op| ctx2.attr(op, "trace").and_then(|a| ctx2.attr_as_str(a)).map(str::to_string);
        assert_eq!(trace(m).as_deref(), Some("canonicalize;canonicalize;"));
        let f = ctx2.find_ops(m, "func.func")[0];
        assert_eq!(trace(f).as_deref(), Some("convert-scf-to-cf;"));
    }

    #[test]
    fn loop_optimizations_run_only_at_o2_and_before_scf_to_cf() {
        assert_eq!(lowering_pipeline(OptLevel::None), LOWERING_PIPELINE);
        let o2 = lowering_pipeline(OptLevel::Speed);
        assert_eq!(o2.len(), LOWERING_PIPELINE.len() + LOOP_OPTIMIZATIONS.len());
        let at = o2.iter().position(|&p| p == "convert-scf-to-cf").expect("O2 lowers scf");
        assert_eq!(&o2[at - LOOP_OPTIMIZATIONS.len()..at], LOOP_OPTIMIZATIONS);
    }

    #[test]
    fn pipeline_steps_carry_their_options() {
        let (name, o) = split_options("scf-rotate-while{cleanup=false max-before-ops=3}").expect("valid step");
        assert_eq!(name, "scf-rotate-while");
        assert_eq!(o.get("cleanup"), Some("false"));
        assert_eq!(o.get("max-before-ops"), Some("3"));
        let (name, o) = split_options("canonicalize").expect("valid step");
        assert_eq!(name, "canonicalize");
        assert!(o.values.is_empty());
    }

    #[test]
    fn every_o2_step_names_a_registered_pass_with_valid_options() {
        let available = flowgate_registry::all_passes();
        for step in lowering_pipeline(OptLevel::Speed) {
            let (name, options) = split_options(step).expect("valid step");
            if name.starts_with("convert-onnx-") {
                continue; // not built yet; the tools warn when onnx input needs them
            }
            let info =
                available.iter().find(|p| p.argument == name).unwrap_or_else(|| panic!("{name} is not registered"));
            assert!((info.create)(&options).is_ok(), "{step}: options rejected");
        }
    }
}
