//! `ai.onnx.ml.TreeEnsemble` (opset 5) as one runtime call: the node and leaf tables (list
//! attributes and tensor attributes alike) become constant tensors, built once.

use flowgate_ir::{AttrKind, OpId, Value};

use super::constants::{i64_tensor, tensor_constant};
use super::emit::{LResult, Lower};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    if name != "TreeEnsemble" {
        return Ok(None);
    }
    let mut args = l.node_and_inputs(op, 1, 1, "X")?;
    for list in ["tree_roots", "nodes_featureids"] {
        args.push(ints(l, op, list)?);
    }
    args.push(tensor(l, op, "nodes_modes")?);
    args.push(tensor(l, op, "nodes_splits")?);
    for list in ["nodes_truenodeids", "nodes_trueleafs", "nodes_falsenodeids", "nodes_falseleafs"] {
        args.push(ints(l, op, list)?);
    }
    args.push(match l.ints_attr(op, "nodes_missing_value_tracks_true") {
        Some(v) => i64_tensor(l, &v)?,
        None => l.rt("null", &[])?,
    });
    args.push(match l.attr_of(op, "membership_values") {
        Some(_) => tensor(l, op, "membership_values")?,
        None => l.rt("null", &[])?,
    });
    args.push(ints(l, op, "leaf_targetids")?);
    args.push(tensor(l, op, "leaf_weights")?);
    let n_targets =
        l.int_attr(op, "n_targets").ok_or_else(|| l.err(op, "TreeEnsemble needs the 'n_targets' attribute"))?;
    args.push(l.const_i64(n_targets));
    args.push(l.const_i32(l.int_attr(op, "aggregate_function").unwrap_or(1) as i32));
    args.push(l.const_i32(l.int_attr(op, "post_transform").unwrap_or(0) as i32));
    Ok(Some(vec![l.rt("tree_ensemble", &args)?]))
}

/// A required INT64 list attribute as a constant tensor.
fn ints(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Value> {
    let v = l.ints_attr(op, name).ok_or_else(|| l.err(op, format!("TreeEnsemble needs the '{name}' attribute")))?;
    i64_tensor(l, &v)
}

/// A required tensor attribute as a constant tensor.
fn tensor(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Value> {
    let a = l.attr_of(op, name).ok_or_else(|| l.err(op, format!("TreeEnsemble needs the '{name}' attribute")))?;
    match l.ctx.attr_kind(a) {
        AttrKind::DenseElements { ty, .. } => {
            let ty = *ty;
            tensor_constant(l, op, a, ty)
        }
        _ => Err(l.err(op, format!("TreeEnsemble: '{name}' must be a tensor"))),
    }
}
