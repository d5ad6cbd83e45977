//! Sequences and optionals: runtime values behind handles. A sequence carried through a loop
//! is extended in place (see `ownership`: `seq_insert_consume`).

use super::emit::{LResult, Lower};
use super::movement::sequence_of;
use super::types;
use flowgate_ir::{OpId, TypeKind, Value, DYNAMIC};

pub(crate) fn lower(l: &mut Lower<'_>, op: OpId, name: &str) -> LResult<Option<Vec<Value>>> {
    let ops = l.ctx.operands(op).to_vec();
    let r = match name {
        "SequenceEmpty" => {
            let d = l.const_i32(l.int_attr(op, "dtype").unwrap_or(1) as i32);
            l.rt("seq_empty", &[d])?
        }
        "SequenceConstruct" => sequence_of(l, op, &ops)?,
        "SequenceInsert" => {
            let node = l.node_id(op);
            let s = l.handle(ops[0])?;
            let t = l.handle(ops[1])?;
            let (has, pos) = position(l, node, &ops, 2)?;
            l.rt("seq_insert", &[node, s, t, has, pos])?
        }
        "SequenceErase" => {
            let node = l.node_id(op);
            let s = l.handle(ops[0])?;
            let (has, pos) = position(l, node, &ops, 1)?;
            l.rt("seq_erase", &[node, s, has, pos])?
        }
        "SequenceAt" => {
            let node = l.node_id(op);
            let s = l.handle(ops[0])?;
            let p = l.int64(node, ops[1])?;
            l.rt("seq_at", &[node, s, p])?
        }
        "SequenceLength" => {
            let node = l.node_id(op);
            let s = l.handle(ops[0])?;
            l.rt("seq_length", &[node, s])?
        }
        "ConcatFromSequence" => {
            let node = l.node_id(op);
            let s = l.handle(ops[0])?;
            let axis = l.int_attr(op, "axis").ok_or_else(|| l.err(op, "ConcatFromSequence needs an 'axis'"))?;
            let new_axis = l.int_attr(op, "new_axis").unwrap_or(0);
            let empty = match empty_concat_dims(l, op) {
                Some(dims) => super::constants::i64_tensor(l, &dims)?,
                None => l.rt("null", &[])?,
            };
            let a = l.const_i64(axis);
            let n = l.const_i32(new_axis as i32);
            l.rt("concat_from_seq", &[node, s, a, n, empty])?
        }
        "SplitToSequence" => {
            let node = l.node_id(op);
            let x = l.handle(ops[0])?;
            let sp = match ops.get(1) {
                Some(&v) if !l.absent(v) => l.handle(v)?,
                _ => l.rt("null", &[])?,
            };
            let a = l.const_i64(l.int_attr(op, "axis").unwrap_or(0));
            let k = l.const_i32(l.int_attr(op, "keepdims").unwrap_or(1) as i32);
            l.rt("split_to_seq", &[node, x, sp, a, k])?
        }
        "Optional" => match ops.first() {
            Some(&v) if !l.absent(v) => {
                let h = l.handle(v)?;
                l.rt("opt_some", &[h])?
            }
            _ => l.rt("opt_none", &[])?,
        },
        "OptionalHasElement" => {
            let i1 = l.ctx.i1_type();
            match ops.first() {
                Some(&v) if !l.absent(v) => {
                    if is_optional(l, v) {
                        let node = l.node_id(op);
                        let h = l.handle(v)?;
                        l.rt("opt_has", &[node, h])?
                    } else {
                        l.const_int(1, i1)
                    }
                }
                _ => l.const_int(0, i1),
            }
        }
        "OptionalGetElement" => {
            let v = ops[0];
            if is_optional(l, v) {
                let node = l.node_id(op);
                let h = l.handle(v)?;
                l.rt("opt_get", &[node, h])?
            } else {
                v
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(vec![r]))
}

fn is_optional(l: &Lower<'_>, v: Value) -> bool {
    let t = l.onnx_type(v);
    matches!(l.ctx.type_kind(t), TypeKind::Dialect { dialect, name, .. } if dialect == "onnx" && name == "opt")
        || matches!(l.ctx.type_kind(t), TypeKind::Opaque { dialect, body } if dialect == "onnx" && body.starts_with("opt"))
}

/// `(has_pos: i32, pos: i64)` from optional input `k`.
fn position(l: &mut Lower<'_>, node: Value, ops: &[Value], k: usize) -> LResult<(Value, Value)> {
    match ops.get(k) {
        Some(&v) if !l.absent(v) => {
            let p = l.int64(node, v)?;
            Ok((l.const_i32(1), p))
        }
        _ => Ok((l.const_i32(0), l.const_i64(0))),
    }
}

/// The shape `ConcatFromSequence` `op` gives an empty sequence, when its type tells one: the
/// declared empty type (a Loop's or Scan's scan output, `EMPTY_TYPE_ATTR`) or the result type,
/// with 0 for the concatenation axis and every dimension not known statically.
pub(crate) fn empty_concat_dims(l: &Lower<'_>, op: OpId) -> Option<Vec<i64>> {
    let axis = l.int_attr(op, "axis")?;
    let new_axis = l.int_attr(op, "new_axis").unwrap_or(0);
    let declared_empty = l.ctx.attr(op, crate::onnx_to_scf::EMPTY_TYPE_ATTR).and_then(|a| l.ctx.attr_as_type(a));
    let rty = declared_empty.unwrap_or_else(|| l.onnx_type(l.ctx.result(op, 0)));
    match types::tensor_shape(l.ctx, rty) {
        Some(shape) if !shape.is_empty() => {
            let r = shape.len() as i64;
            let ax = if axis < 0 { axis + r } else { axis };
            Some(
                shape
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| if i as i64 == ax || d == DYNAMIC || d < 0 { 0 } else { d })
                    .collect(),
            )
        }
        // A stack of values of unknown rank (a Loop's or Scan's scan output) that made no
        // iteration: onnxruntime's `[0]` when it does not know the body's shape.
        None if new_axis == 1 => Some(vec![0]),
        _ => None,
    }
}
