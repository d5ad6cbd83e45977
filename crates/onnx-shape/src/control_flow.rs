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
