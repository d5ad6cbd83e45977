//! `--convert-onnx-to-scf`: ONNX control flow (`onnx.If`, `onnx.Loop`, `onnx.Scan`,
//! `onnx.SequenceMap`) to
//! `scf.if`, `scf.for` and `scf.while` with tensor `iter_args`; the compute ops in the bodies
//! stay `onnx` ops (DESIGN.md §6, issue 10). The output holds, besides those, only `scf`,
//! `arith` on index/i64/i1 scalars, `tensor.{extract, from_elements}` on rank-0 tensors,
//! `tensor.cast`, `tensor.dim`, and the onnx ops the conversion needs for scan values
//! (`SequenceEmpty`, `SequenceInsert`, `ConcatFromSequence`, `Gather` with a rank-0 index,
//! `Slice` reversing an axis, `Constant`; `SequenceLength` and `SequenceAt` for SequenceMap),
//! the internal `onnx.Scan.check_length` and `onnx.Scan.check_batch` (scan inputs' lengths and
//! opset 8's batch sizes checked at run time), plus `Identity`/`Optional`/`OptionalGetElement`
//! where a sequence or optional value changes its static type.
//!
//! Innermost constructs are converted first, so each conversion sees bodies that are already
//! structured; regions are not isolated, so captured values need no plumbing. Like
//! `convert-scf-to-cf` the pass runs on any op (a module or a single function) and converts
//! what is nested in it.

mod build;
mod if_op;
mod loop_op;
mod scan;
mod sequence_map;
mod types;

pub use loop_op::{EMPTY_TYPE_ATTR, ZERO_TRIP_TYPES_ATTR};
pub use scan::{CHECK_BATCH, CHECK_LENGTH};

use flowgate_ir::{Context, Diagnostic, OpId, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};

pub struct ConvertONNXToSCFPass;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "convert-onnx-to-scf",
        description: "Convert ONNX control flow (If, Loop, Scan, SequenceMap) to SCF, keeping compute ops on tensors",
        create: |opts: &PassOptions| {
            opts.check_known("convert-onnx-to-scf", &[])?;
            Ok(Box::new(ConvertONNXToSCFPass))
        },
    }
}

impl Pass for ConvertONNXToSCFPass {
    fn argument(&self) -> &'static str {
        "convert-onnx-to-scf"
    }

    fn name(&self) -> &'static str {
        "ConvertONNXToSCFPass"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        convert_onnx_to_scf(ctx, op)
    }
}

/// The ops this pass removes; any left afterwards is an error (`onnx.Yield` also ends the
/// subgraphs of ops it does not convert: unknown ops with graph attributes).
const CONTROL_FLOW: &[&str] = &["onnx.If", "onnx.Loop", "onnx.Scan", "onnx.SequenceMap", "onnx.Yield"];

/// Convert every `onnx.If`/`Loop`/`Scan` nested in `root`, innermost first.
pub fn convert_onnx_to_scf(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    let todo: Vec<OpId> = ctx
        .collect_ops(root, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| o != root && CONTROL_FLOW[..4].iter().any(|n| ctx.is_op(o, n)))
        .collect();
    for op in todo {
        if ctx.is_erased(op) {
            continue;
        }
        match ctx.op_name(op) {
            "onnx.If" => if_op::convert(ctx, op)?,
            "onnx.Loop" => loop_op::convert(ctx, op)?,
            "onnx.SequenceMap" => sequence_map::convert(ctx, op)?,
            _ if is_opset8_scan(ctx, op) => scan::convert_v8(ctx, op)?,
            _ => scan::convert(ctx, op)?,
        }
    }
    let mut left = None;
    ctx.walk(root, &mut |o| {
        if left.is_none() && CONTROL_FLOW.iter().any(|n| ctx.is_op(o, n)) {
            left = Some(o);
        }
    });
    match left {
        Some(o) => {
            let what = match ctx.parent_op(o) {
                Some(p) if ctx.is_op(o, "onnx.Yield") => format!("a subgraph of '{}'", ctx.op_name(p)),
                _ => format!("'{}'", ctx.op_name(o)),
            };
            Err(Diagnostic::error(ctx.op_loc(o), format!("failed to convert {what} to scf")))
        }
        None => Ok(()),
    }
}

/// Opset 8's Scan is marked by the importer with `onnx_opset = 8`.
fn is_opset8_scan(ctx: &Context, op: OpId) -> bool {
    ctx.attr(op, "onnx_opset").and_then(|a| ctx.attr_as_int(a)).is_some_and(|v| v < 9)
}
