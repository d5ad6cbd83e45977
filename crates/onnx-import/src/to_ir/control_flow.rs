//! Block arguments of control-flow bodies. `If` branches take none (they capture outer values
//! directly). A `Loop` body takes (iteration number, condition, carried values...) and a `Scan`
//! body (states..., scan input slices...). Each argument has the type the body declares; where
//! it declares none, the type follows from the node's operands: `tensor<i64>` and `tensor<i1>`
//! for the loop counter and condition, the initial value's rank and element type for carried
//! values and states (their dimensions may change between iterations),
//! and the scan input without its scanned dimension for a slice (without the batch dimension
//! too for opset 8).

use flowgate_ir::{Type, Value};
use flowgate_onnx::types::unknown_type;
use flowgate_onnx_shape::types::{tensor, view};

use super::diag::ImportDiagnostic;
use super::graph::{At, Importer};
use crate::proto::{GraphProto, NodeProto};
use crate::walk::attribute;

pub fn body_arg_types(
    imp: &mut Importer<'_>,
    node: &NodeProto,
    at: &At<'_>,
    operands: &[Value],
    g: &GraphProto,
    path: &str,
    legacy_scan: bool,
) -> Result<Vec<Type>, ImportDiagnostic> {
    let mut out = Vec::with_capacity(g.input.len());
    let operand_types: Vec<Type> = operands.iter().map(|&v| imp.ctx.value_type(v)).collect();
    let m = attribute(node, "num_scan_inputs").and_then(|a| a.i).and_then(|m| usize::try_from(m).ok());
    let in_axes: Vec<i64> = attribute(node, "scan_input_axes").map(|a| a.ints.clone()).unwrap_or_default();
    for i in 0..g.input.len() {
        if let Some(t) = imp.input_type(g, i, path)? {
            out.push(t);
            continue;
        }
        let t = match at.op_type {
            "Loop" => match i {
                0 => {
                    let e = imp.ctx.integer_type(64);
                    imp.ctx.tensor_type(vec![], e)
                }
                1 => {
                    let e = imp.ctx.i1_type();
                    imp.ctx.tensor_type(vec![], e)
                }
                _ => match operand_types.get(i) {
                    Some(&t) => relaxed(imp, t),
                    None => unknown_type(imp.ctx),
                },
            },
            "Scan" => {
                let ops = if legacy_scan { operand_types.get(1..).unwrap_or(&[]) } else { &operand_types[..] };
                let n = m.and_then(|m| ops.len().checked_sub(m));
                match (ops.get(i), n) {
                    (Some(&t), Some(n)) => {
                        // Dimensions to drop: the batch axis (opset 8), then the scanned axis.
                        let mut drop = Vec::new();
                        if legacy_scan {
                            drop.push(0i64);
                        }
                        if i >= n {
                            let a = in_axes.get(i - n).copied().unwrap_or(0);
                            drop.push(if legacy_scan { a.saturating_add(1) } else { a });
                            without_dims(imp, t, &drop)
                        } else {
                            let t = without_dims(imp, t, &drop);
                            relaxed(imp, t)
                        }
                    }
                    _ => unknown_type(imp.ctx),
                }
            }
            _ => unknown_type(imp.ctx),
        };
        out.push(t);
    }
    Ok(out)
}

/// A carried value or state may change its dimensions from one iteration to the next, so an
/// undeclared body input keeps only the initial value's rank and element type.
fn relaxed(imp: &mut Importer<'_>, t: Type) -> Type {
    if let Some(v) = view(imp.ctx, t) {
        let dims = v.dims.map(|d| vec![flowgate_ir::DYNAMIC; d.len()]);
        return tensor(imp.ctx, v.elem, dims);
    }
    if let Some(e) = flowgate_onnx::types::seq_element(imp.ctx, t) {
        let e = relaxed(imp, e);
        return flowgate_onnx::types::seq_type(imp.ctx, e);
    }
    if let Some(e) = flowgate_onnx::types::opt_element(imp.ctx, t) {
        let e = relaxed(imp, e);
        return flowgate_onnx::types::opt_type(imp.ctx, e);
    }
    t
}

/// `t` without the dimensions at `axes` (each counted in the original tensor; negative axes
/// count from the end). Unranked stays unranked.
fn without_dims(imp: &mut Importer<'_>, t: Type, axes: &[i64]) -> Type {
    let Some(v) = view(imp.ctx, t) else { return unknown_type(imp.ctx) };
    let Some(d) = v.dims else { return t };
    let r = d.len() as i64;
    let norm: Vec<i64> = axes.iter().map(|&a| if a < 0 { a + r } else { a }).collect();
    if norm.iter().any(|&a| a < 0 || a >= r) {
        return tensor(imp.ctx, v.elem, None);
    }
    let dims = d.iter().enumerate().filter(|(i, _)| !norm.contains(&(*i as i64))).map(|(_, &x)| x).collect();
    tensor(imp.ctx, v.elem, Some(dims))
}
