//! Constant subgraphs are computed once per compiled module, as onnxruntime folds them when it
//! creates a session: a pure op whose operands are all constants (or derived only from
//! constants) gets a writable 8-byte slot global and a `flowgate_rt_memo_next(slot, node)` call
//! right before the runtime call that makes its result. The runtime then returns the slot's
//! handle from the second run on (and from the second trip of a loop) instead of computing it
//! again. Exporters build filters, windows and index tables this way (onnx-asr's resamplers
//! compute a windowed-sinc kernel from scalars on every call).

use super::emit::{LResult, Lower};
use flowgate_ir::{Context, InsertPoint, OpId, TypeKind, Value, WalkOrder};
use std::collections::HashSet;

/// Ops whose result depends on their operands alone (so constant operands give a constant).
/// Random generators and sequence/optional values are left out.
pub(crate) fn is_pure(name: &str) -> bool {
    let short = name.strip_prefix("onnx.").unwrap_or(name);
    !(short.starts_with("Random")
        || short.starts_with("Sequence")
        || short.starts_with("Optional")
        || matches!(short, "Bernoulli" | "Multinomial" | "SplitToSequence" | "ConcatFromSequence" | "NoValue"))
}

/// The ONNX ops of `f` (in any region) that compute a constant: pure ops whose operands are all
/// constants (`onnx.Constant`, `arith.constant`, absent inputs, results of such ops). Found
/// before the lowering so that the compiled tier leaves them to runtime kernels: a loop nest
/// would compute them again on every run (onnx-asr's resamplers build a `[80, 509]` windowed
/// sinc with `Sin`, `Cos` and `Pow` per element: 80% of a run before this).
pub(crate) fn constant_ops(ctx: &Context, f: OpId) -> HashSet<OpId> {
    let mut set = HashSet::new();
    for op in ctx.collect_ops(f, WalkOrder::PreOrder) {
        let name = ctx.op_name(op);
        if !name.starts_with("onnx.") || !ctx.regions(op).is_empty() || !is_pure(name) {
            continue;
        }
        let constant = ctx.operands(op).iter().all(|&v| {
            matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::None)
                || ctx
                    .defining_op(v)
                    .is_some_and(|d| set.contains(&d) || ctx.is_op(d, "arith.constant") || ctx.is_op(d, "onnx.NoValue"))
        });
        if constant {
            set.insert(op);
        }
    }
    set
}

/// Every operand of `op` is a constant: a value the lowering marked, an absent input, or a
/// register constant.
pub(crate) fn operands_constant(l: &Lower<'_>, op: OpId) -> bool {
    l.ctx.operands(op).iter().all(|&v| is_constant(l, v))
}

fn is_constant(l: &Lower<'_>, v: Value) -> bool {
    l.consts.contains(&v)
        || matches!(l.ctx.type_kind(l.ctx.value_type(v)), TypeKind::None)
        || l.ctx.defining_op(v).is_some_and(|d| l.ctx.is_op(d, "arith.constant") || l.ctx.is_op(d, "onnx.NoValue"))
}

/// Makes the call that defines `v` (a constant op's lowered result) compute once.
pub(crate) fn memoize(l: &mut Lower<'_>, v: Value) -> LResult<()> {
    let Some(call) = l.ctx.defining_op(v) else { return Ok(()) };
    if !l.ctx.is_op(call, "func.call") {
        return Ok(());
    }
    let kernel = l.ctx.attr(call, "callee").and_then(|a| l.ctx.attr_as_symbol_ref(a)).unwrap_or("");
    // The runtime-abi table says which kernels honour a pending slot.
    let memoizable = kernel.strip_prefix("flowgate_rt_").and_then(flowgate_runtime_abi::lookup).is_some_and(|f| f.memo);
    if !memoizable {
        return Ok(());
    }
    // A value passed through (Identity) may already be memoized.
    let callee = |op: OpId| l.ctx.attr(op, "callee").and_then(|a| l.ctx.attr_as_symbol_ref(a));
    if l.ctx.prev_op(call).is_some_and(|p| callee(p) == Some("flowgate_rt_memo_next")) {
        return Ok(());
    }
    let Some(&node) = l.ctx.operands(call).first() else { return Ok(()) };
    if l.ctx.value_type(node) != l.ctx.integer_type(32) {
        return Ok(());
    }
    let saved = l.ip;
    l.ip = InsertPoint::Before(call);
    let slot = l.slot()?;
    l.rt_void("memo_next", &[slot, node])?;
    l.ip = saved;
    Ok(())
}
