//! `--onnx-shape-inference`: refines the result types of onnx ops in place.
//!
//! Ops are visited in post-order, so a control-flow op sees its bodies' refined yields, and the
//! walk repeats until nothing changes (a refined loop result can refine later ops). A function
//! whose returned values became more precise gets its signature updated to match, as
//! `func.return` must agree with `function_type`.

use flowgate_ir::{Context, Diagnostic, OpId, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};

pub struct OnnxShapeInference;

impl Pass for OnnxShapeInference {
    fn argument(&self) -> &'static str {
        "onnx-shape-inference"
    }

    fn name(&self) -> &'static str {
        "ONNXShapeInference"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        for _ in 0..crate::MAX_ROUNDS {
            let mut changed = false;
            for o in ctx.collect_ops(op, WalkOrder::PostOrder) {
                if ctx.op_name(o).starts_with("onnx.") {
                    changed |= crate::refine_op(ctx, o);
                }
            }
            if !changed {
                break;
            }
        }
        for f in ctx.collect_ops(op, WalkOrder::PreOrder) {
            if ctx.is_op(f, "func.func") {
                update_signature(ctx, f);
            }
        }
        Ok(())
    }
}

/// Sets the result types of `func` to what its `func.return` ops return, when every return
/// agrees (the verifier reports anything else).
fn update_signature(ctx: &mut Context, func: OpId) {
    let Some(ft) = ctx.attr(func, "function_type").and_then(|a| ctx.attr_as_type(a)) else { return };
    let Some((inputs, results)) = ctx.function_signature(ft).map(|(i, r)| (i.to_vec(), r.to_vec())) else { return };
    let Some(&region) = ctx.regions(func).first() else { return };
    let mut returned: Option<Vec<flowgate_ir::Type>> = None;
    for &b in ctx.region_blocks(region) {
        let Some(t) = ctx.terminator(b).filter(|&t| ctx.is_op(t, "func.return")) else { continue };
        let types = ctx.operand_types(t);
        match &returned {
            Some(r) if *r != types => return,
            _ => returned = Some(types),
        }
    }
    let Some(returned) = returned else { return };
    if returned.len() != results.len() || returned == results {
        return;
    }
    let refined: Vec<_> =
        results.iter().zip(&returned).map(|(&old, &new)| crate::types::refine(ctx, old, new)).collect();
    if refined != returned {
        // The declared result types say something the body does not; leave them to the verifier.
        return;
    }
    let nft = ctx.function_type(inputs, refined);
    let a = ctx.type_attr(nft);
    ctx.set_attr(func, "function_type", a);
}

fn create(options: &PassOptions) -> Result<Box<dyn Pass>, String> {
    options.check_known("onnx-shape-inference", &[])?;
    Ok(Box::new(OnnxShapeInference))
}

/// The registration record for `crates/registry`.
pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: "onnx-shape-inference",
        description: "Refine the result types of onnx dialect ops (shapes, ranks, element types)",
        create,
    }
}
