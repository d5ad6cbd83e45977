//! `MatMul` of two static 2-D float operands in the compiled tier, up to `max-matmul-nest`
//! multiply-adds (larger ones call the runtime's GEMM, which is blocked and vectorized).
//!
//! The loops run in `i, k, j` order, accumulating into the result's buffer: the innermost loop's
//! iterations are independent, so they pipeline, where a reduction over `k` per element waits
//! on its floating-point add every step (profiled on the Scan RNN, H = 64: the `[1,64] x [64,64]`
//! reductions were half of the run). Each element is still summed from `k = 0` up, starting
//! at zero, so the result is the same, bit for bit.
//!
//! When `K` is a multiple of [`K_BLOCK`], `k` advances by that many rows at a time: the block's
//! `A` elements are loaded once per `(i, block)`, and the inner loop adds the block's products
//! to one element in a register, in `k` order, with one load and one store of the element per
//! block instead of per product (perf on the Scan RNN: the inner loop was a load of the
//! accumulator, a load of `B`, the multiply-add, a store and the loop's own three instructions,
//! per multiply-add).

use super::super::emit::{LResult, Lower};
use super::super::types;
use super::memref_type;
use super::nest::{leaf_at, open, Leaf, Nest};
use flowgate_ir::{OpId, OperationState, Value};
use std::collections::HashMap;

/// Rows of `B` (values of `k`) the inner loop adds per load and store of a result element.
const K_BLOCK: i64 = 4;

/// `(M, N, K)` of a MatMul the tier computes as a nest: two static 2-D float operands.
pub(crate) fn shape(l: &mut Lower<'_>, op: OpId) -> Option<(i64, i64, i64)> {
    let ops = l.ctx.operands(op).to_vec();
    let [a, b] = ops.as_slice() else { return None };
    let rt = l.onnx_type(l.ctx.result(op, 0));
    memref_type(l.ctx, rt)?;
    let e = types::tensor_elem(l.ctx, rt).filter(|e| e.is_float() && e.narrow().is_none())?;
    let mut dims = Vec::new();
    for &v in [a, b] {
        let t = l.onnx_type(v);
        memref_type(l.ctx, t)?;
        if types::tensor_elem(l.ctx, t) != Some(e) {
            return None;
        }
        dims.push(types::tensor_shape(l.ctx, t).filter(|s| s.len() == 2)?);
    }
    let (m, k, n) = (dims[0][0], dims[0][1], dims[1][1]);
    let macs = m.checked_mul(n)?.checked_mul(k)?;
    (dims[1][0] == k && types::tensor_shape(l.ctx, rt)? == [m, n] && macs <= l.max_matmul).then_some((m, n, k))
}

/// Writes `A x B` into `buf` (zeroed, then accumulated); returns the op after which it is complete.
pub(crate) fn accumulate(l: &mut Lower<'_>, op: OpId, buf: Value, leaves: &HashMap<Value, Leaf>) -> LResult<OpId> {
    let (a, b) = (l.ctx.operand(op, 0), l.ctx.operand(op, 1));
    let Some((m, n, k)) = shape(l, op) else { return Err(l.err(op, "internal: not a nest MatMul")) };
    let et = l.elem(a).map(|e| e.scalar_type(l.ctx)).ok_or_else(|| l.err(op, "internal: MatMul element type"))?;
    let saved = l.ip;
    let zero = l.const_float(0.0, et);
    let Nest { idx, .. } = open(l, &[m, n]);
    let mut o = vec![zero, buf];
    o.extend_from_slice(&idx);
    let st = OperationState::new(l.ctx, "memref.store", l.loc).operands(&o);
    l.create(st);
    l.ip = saved;
    let block = if k % K_BLOCK == 0 { K_BLOCK } else { 1 };
    let Nest { idx: ib, c0, outer } = open(l, &[m, k / block]);
    let i = ib[0];
    // The block's rows of B: k = block * kb + u.
    let rows: Vec<Value> = if block == 1 {
        vec![ib[1]]
    } else {
        let bv = l.with_builder(|b, loc| flowgate_arith::builders::constant_index(b, block, loc));
        let first = l.arith("arith.muli", ib[1], bv);
        let mut rows = vec![first];
        for u in 1..block {
            let uv = l.with_builder(|b, loc| flowgate_arith::builders::constant_index(b, u, loc));
            rows.push(l.arith("arith.addi", first, uv));
        }
        rows
    };
    let mut avs = Vec::new();
    for &kk in &rows {
        avs.push(leaf_at(l, op, a, &[i, kk], c0, leaves)?);
    }
    let Nest { idx: jn, outer: inner, .. } = open(l, &[n]);
    let j = jn[0];
    let mut s = l.op1("memref.load", &[buf, i, j], et);
    for (&kk, &av) in rows.iter().zip(&avs) {
        let bv = leaf_at(l, op, b, &[kk, j], c0, leaves)?;
        let p = l.arith("arith.mulf", av, bv);
        s = l.arith("arith.addf", s, p);
    }
    let st = OperationState::new(l.ctx, "memref.store", l.loc).operands(&[s, buf, i, j]);
    let last = l.create(st);
    l.ip = saved;
    Ok(outer.or(inner).unwrap_or(last))
}
