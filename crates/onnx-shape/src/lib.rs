//! Result type inference for the onnx dialect, shared by the importer (types of node outputs
//! without `value_info`) and the `--onnx-shape-inference` pass (refining textual IR).
//!
//! Inference never contradicts a type that is already there: it only fills in unknown types,
//! ranks and dimensions ([`types::refine`]).

pub mod consts;
mod control_flow;
mod pass;
mod quant;
mod rules;
pub mod types;
mod unique;

pub use pass::{pass_info, OnnxShapeInference};
pub use rules::infer;

use flowgate_ir::{Context, OpId};

/// Bounds the fixpoint iterations of inference; each round only ever makes types more precise.
pub(crate) const MAX_ROUNDS: usize = 16;

/// Refines the result types of `op` with what [`infer`] knows; returns whether any changed.
/// A `Loop` or `Scan` first passes its operands' types into its body
/// ([`control_flow::seed_body`]).
pub fn refine_op(ctx: &mut Context, op: OpId) -> bool {
    let mut changed = match ctx.op_name(op) {
        "onnx.Loop" => control_flow::seed_body(ctx, op, "Loop"),
        "onnx.Scan" => control_flow::seed_body(ctx, op, "Scan"),
        _ => false,
    };
    let Some(inferred) = infer(ctx, op) else { return changed };
    let results = ctx.results(op).to_vec();
    if inferred.len() != results.len() {
        return changed;
    }
    for (v, t) in results.into_iter().zip(inferred) {
        let old = ctx.value_type(v);
        let new = types::refine(ctx, old, t);
        if new != old {
            ctx.set_value_type(v, new);
            changed = true;
        }
    }
    changed
}
