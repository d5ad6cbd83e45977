//! Result types of `onnx.If`, `onnx.Loop` and `onnx.Scan` from what their bodies yield.
//!
//! - If: each result joins the two branches' yields (differing dimensions become `?`).
//! - Loop: a carried result joins the initial value and the body's output (zero iterations
//!   return the initial value); a scan output stacks the body's value under a leading `?`.
//! - Scan: states as Loop's; scan outputs insert the sequence length (known when a scan
//!   input's scanned dimension is) at `scan_output_axes`. Opset 8 adds the batch axis in front.

use flowgate_ir::{Context, OpId, Type, DYNAMIC};
use flowgate_onnx::types::unknown_type;

use crate::consts::{int_attr, ints_attr};
use crate::types::{join, tensor, view};

fn yields(ctx: &Context, op: OpId, region: usize) -> Option<Vec<Type>> {
    let r = *ctx.regions(op).get(region)?;
    let b = *ctx.region_blocks(r).first()?;
    let term = ctx.last_op(b).filter(|&t| ctx.is_op(t, "onnx.Yield"))?;
    Some(ctx.operand_types(term))
}

pub fn infer(ctx: &mut Context, op: OpId, name: &str) -> Option<Vec<Type>> {
    match name {
        "If" => {
            let (a, b) = (yields(ctx, op, 0)?, yields(ctx, op, 1)?);
            if a.len() != b.len() || a.len() != ctx.results(op).len() {
                return None;
            }
            Some(a.iter().zip(&b).map(|(&x, &y)| join(ctx, x, y)).collect())
        }
        "Loop" => {
            let y = yields(ctx, op, 0)?;
            let ops = ctx.operand_types(op);
            let n = ops.len().checked_sub(2)?;
            let k = ctx.results(op).len().checked_sub(n)?;
            if y.len() != 1 + n + k {
                return None;
            }
            let mut out = Vec::with_capacity(n + k);
            for i in 0..n {
                out.push(join(ctx, ops[2 + i], y[1 + i]));
            }
            for &t in &y[1 + n..] {
                out.push(stacked(ctx, t, &[], 0, DYNAMIC));
            }
            Some(out)
        }
        "Scan" => scan(ctx, op),
        _ => None,
    }
}

/// `t` with dimension `len` inserted at `axis` after `prefix` (the opset-8 batch dimension).
fn stacked(ctx: &mut Context, t: Type, prefix: &[i64], axis: usize, len: i64) -> Type {
    let Some(v) = view(ctx, t) else { return unknown_type(ctx) };
    let dims = v.dims.and_then(|mut d| {
        if axis > d.len() {
            return None;
        }
        d.insert(axis, len);
        let mut all = prefix.to_vec();
        all.extend(d);
        Some(all)
    });
    tensor(ctx, v.elem, dims)
}

fn scan(ctx: &mut Context, op: OpId) -> Option<Vec<Type>> {
    let legacy = int_attr(ctx, op, "onnx_opset").is_some_and(|v| v < 9);
    let m = usize::try_from(int_attr(ctx, op, "num_scan_inputs")?).ok()?;
    let mut ops = ctx.operand_types(op);
    if legacy {
        if ops.is_empty() {
            return None;
        }
        ops.remove(0);
    }
    let n = ops.len().checked_sub(m)?;
    let k = ctx.results(op).len().checked_sub(n)?;
    let y = yields(ctx, op, 0)?;
    if y.len() != n + k {
        return None;
    }
    // The number of iterations, from the first scan input whose scanned dimension is known.
    let in_axes = ints_attr(ctx, op, "scan_input_axes").unwrap_or_else(|| vec![0; m]);
    let mut len = DYNAMIC;
    let mut batch = DYNAMIC;
    for (j, &t) in ops[n..].iter().enumerate() {
        let Some(d) = view(ctx, t).and_then(|v| v.dims) else { continue };
        let (b, rest) = if legacy { (d.first().copied(), d.get(1..).unwrap_or(&[])) } else { (None, &d[..]) };
        if let Some(b) = b.filter(|&b| b != DYNAMIC) {
            batch = b;
        }
        let a = in_axes.get(j).copied().unwrap_or(0);
        let a = if a < 0 { a + rest.len() as i64 } else { a };
        if let Some(&l) = usize::try_from(a).ok().and_then(|a| rest.get(a)) {
            if l != DYNAMIC && len == DYNAMIC {
                len = l;
            }
        }
    }
    let prefix: Vec<i64> = if legacy { vec![batch] } else { vec![] };
    let mut out = Vec::with_capacity(n + k);
    for i in 0..n {
        if legacy {
            out.push(stacked(ctx, y[i], &[], 0, batch));
        } else {
            out.push(join(ctx, ops[i], y[i]));
        }
    }
    let out_axes = ints_attr(ctx, op, "scan_output_axes").unwrap_or_else(|| vec![0; k]);
    for j in 0..k {
        let t = y[n + j];
        let rank = view(ctx, t).and_then(|v| v.dims).map(|d| d.len() as i64);
        let a = out_axes.get(j).copied().unwrap_or(0);
        // Output axes count in the stacked tensor, one rank more than the body's value.
        let a = match rank {
            Some(r) if a < 0 => a + r + 1,
            _ => a,
        };
        let t = match usize::try_from(a) {
            Ok(a) => stacked(ctx, t, &prefix, a, len),
            Err(_) => {
                let e = view(ctx, t).map(|v| v.elem);
                match e {
                    Some(e) => tensor(ctx, e, None),
                    None => unknown_type(ctx),
                }
            }
        };
        out.push(t);
    }
    Some(out)
}

/// Refines the block arguments of a `Loop` or `Scan` body from the node's operands, then the
/// body itself, so shapes known outside (specialized inputs) reach the ops inside. A carried
/// value (Loop's `v`, Scan's states) takes its initial value's type only when the body, refined
/// under that assumption, yields a value of that type again: a carried value whose shape
/// changes between trips keeps its declared type (the tentative refinement of the body is
/// undone and retried without it). Scan input slices take the scan input's type without the
/// scanned axis. Returns whether any type changed. Opset-8 Scans are left as they are.
pub fn seed_body(ctx: &mut Context, op: OpId, name: &str) -> bool {
    let Some(&region) = ctx.regions(op).first() else { return false };
    let Some(&block) = ctx.region_blocks(region).first() else { return false };
    let args = ctx.block_args(block).to_vec();
    let Some(arg_of) = argument_sources(ctx, op, name, args.len()) else { return false };
    let mut kept = vec![false; args.len()];
    loop {
        // (argument index, its refined type, the yield position that must agree when carried).
        let mut changes = Vec::new();
        for (i, src) in arg_of.iter().enumerate() {
            let Some(src) = src else { continue };
            if kept[i] {
                continue;
            }
            let cur = ctx.value_type(args[i]);
            let outer = src.outer_type(ctx);
            let new = crate::types::refine(ctx, cur, outer);
            if new != cur {
                changes.push((i, new, src.carried_yield));
            }
        }
        if changes.is_empty() {
            return false;
        }
        let saved = snapshot(ctx, op);
        for &(i, t, _) in &changes {
            ctx.set_value_type(args[i], t);
        }
        refine_region(ctx, op);
        let ys = yields(ctx, op, 0).unwrap_or_default();
        let mut bad = false;
        for &(i, t, y) in &changes {
            let Some(y) = y else { continue };
            let agrees = ys.get(y).is_some_and(|&yt| join(ctx, t, yt) == t);
            if !agrees {
                kept[i] = true;
                bad = true;
            }
        }
        if !bad {
            return true;
        }
        for (v, t) in saved {
            ctx.set_value_type(v, t);
        }
    }
}

/// Where a body argument's type comes from outside.
struct Source {
    /// The operand's type.
    operand: Type,
    /// A scan input's scanned axis, dropped for the slice.
    drop_axis: Option<i64>,
    /// The yield operand that becomes this argument on the next trip (carried values).
    carried_yield: Option<usize>,
}

impl Source {
    fn outer_type(&self, ctx: &mut Context) -> Type {
        let Some(axis) = self.drop_axis else { return self.operand };
        let Some(v) = view(ctx, self.operand) else { return unknown_type(ctx) };
        let dims = v.dims.and_then(|mut d| {
            let a = if axis < 0 { axis + d.len() as i64 } else { axis };
            let a = usize::try_from(a).ok().filter(|&a| a < d.len())?;
            d.remove(a);
            Some(d)
        });
        tensor(ctx, v.elem, dims)
    }
}

fn argument_sources(ctx: &Context, op: OpId, name: &str, n_args: usize) -> Option<Vec<Option<Source>>> {
    let ops = ctx.operand_types(op);
    match name {
        "Loop" => {
            // Operands (M, cond, v...), arguments (i, cond, v...), yields (cond, v..., scans...).
            if ops.len() != n_args {
                return None;
            }
            Some(
                (0..n_args)
                    .map(|i| (i >= 2).then(|| Source { operand: ops[i], drop_axis: None, carried_yield: Some(i - 1) }))
                    .collect(),
            )
        }
        "Scan" if int_attr(ctx, op, "onnx_opset").is_none_or(|v| v >= 9) => {
            let m = usize::try_from(int_attr(ctx, op, "num_scan_inputs")?).ok()?;
            let n = ops.len().checked_sub(m)?;
            if ops.len() != n_args {
                return None;
            }
            let axes = ints_attr(ctx, op, "scan_input_axes").unwrap_or_else(|| vec![0; m]);
            Some(
                (0..n_args)
                    .map(|i| {
                        Some(if i < n {
                            Source { operand: ops[i], drop_axis: None, carried_yield: Some(i) }
                        } else {
                            Source {
                                operand: ops[i],
                                drop_axis: Some(axes.get(i - n).copied().unwrap_or(0)),
                                carried_yield: None,
                            }
                        })
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// The types of every value defined inside `op`'s regions.
fn snapshot(ctx: &Context, op: OpId) -> Vec<(flowgate_ir::Value, Type)> {
    let mut out = Vec::new();
    for o in ctx.collect_ops(op, flowgate_ir::WalkOrder::PreOrder) {
        if o != op {
            out.extend(ctx.results(o).iter().map(|&v| (v, ctx.value_type(v))));
        }
        for &r in ctx.regions(o) {
            for &b in ctx.region_blocks(r) {
                out.extend(ctx.block_args(b).iter().map(|&v| (v, ctx.value_type(v))));
            }
        }
    }
    out
}

/// Refines the onnx ops inside `op` (post-order, to a fixpoint, as the pass does).
fn refine_region(ctx: &mut Context, op: OpId) {
    for _ in 0..crate::MAX_ROUNDS {
        let mut changed = false;
        for o in ctx.collect_ops(op, flowgate_ir::WalkOrder::PostOrder) {
            if o != op && ctx.op_name(o).starts_with("onnx.") {
                changed |= crate::refine_op(ctx, o);
            }
        }
        if !changed {
            break;
        }
    }
}
