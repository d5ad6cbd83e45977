//! Elementwise ops in the compiled tier: unary, binary (numpy broadcasting), comparison,
//! `Where` and `Cast` on values of static shape become one loop nest (`scf.for` per dimension
//! larger than 1) over the result's shape, each element the scalar function of
//! `elementwise.rs`'s table (`elementwise::scalar_of`, the register tier's own).
//!
//! `MatMul` of two static 2-D operands with at most `max_matmul` multiply-adds is a nest too
//! (`matmul.rs`; larger ones call the runtime's GEMM).
//!
//! Fusion: an op of the nest family whose result has one use, by an elementwise op of the same
//! block with a result of the same shape that the tier also takes, gets no loop nest and no
//! buffer of its own: it is left in place (`defer`) and computed inside its user's nest, at the
//! same indices (`eval`), so a chain of such ops is one loop nest.

use super::super::elementwise;
use super::super::emit::{LResult, Lower};
use super::super::types;
use super::memref_type;
use flowgate_ir::{InsertPoint, OpId, OperationState, TypeKind, Value};
use std::collections::HashMap;

/// An operand of a nest, read once per element.
#[derive(Clone)]
pub(crate) enum Leaf {
    /// A register (a rank-0 value), the same for every element.
    Reg(Value),
    /// A buffer of this static shape, read with numpy broadcasting.
    Buf(Value, Vec<i64>),
    /// A buffer seen through a reshape that only adds or drops dimensions of size 1 (`view`):
    /// the buffer, the view's shape (read with numpy broadcasting), and for each buffer
    /// dimension the view dimension that indexes it (`None`: a dimension of 1, read at 0).
    View(Value, Vec<i64>, Vec<Option<usize>>),
}

/// Reshapes that the tier reads through instead of computing them: `Unsqueeze`, `Squeeze`,
/// `Reshape`, `Flatten` between static shapes with the same dimensions larger than 1, in the
/// same order (so the element at a view index is the buffer's at the same non-1 indices).
fn view_map(l: &mut Lower<'_>, op: OpId) -> Option<(Value, Vec<i64>, Vec<Option<usize>>)> {
    if !l.compiled
        || l.tier.constant.contains(&op)
        || !matches!(short_name(l, op).as_str(), "Unsqueeze" | "Squeeze" | "Reshape" | "Flatten")
    {
        return None;
    }
    let x = *l.ctx.operands(op).first()?;
    let (xt, rt) = (l.onnx_type(x), l.onnx_type(l.ctx.result(op, 0)));
    memref_type(l.ctx, xt)?;
    memref_type(l.ctx, rt)?;
    let (xs, rs) = (types::tensor_shape(l.ctx, xt)?, types::tensor_shape(l.ctx, rt)?);
    let big: Vec<usize> = (0..rs.len()).filter(|&j| rs[j] != 1).collect();
    let mut next = big.iter();
    let map: Vec<Option<usize>> = xs
        .iter()
        .map(|&d| if d == 1 { Some(None) } else { next.next().filter(|&&j| rs[j] == d).map(|&j| Some(j)) })
        .collect::<Option<_>>()?;
    if next.next().is_some() {
        return None;
    }
    Some((x, rs, map))
}

/// Leaves a reshape for its users' nests to read through (`Leaf::View`), when every user is an
/// elementwise nest of the same block.
fn defer_view(l: &mut Lower<'_>, op: OpId) -> bool {
    if view_map(l, op).is_none() {
        return false;
    }
    let uses = l.ctx.uses(l.ctx.result(op, 0)).to_vec();
    let all_nests = !uses.is_empty()
        && uses.iter().all(|u| {
            l.ctx.parent_block(u.op) == l.ctx.parent_block(op)
                && elementwise::is_elementwise(&short_name(l, u.op))
                && nest_shape(l, u.op).is_some()
        });
    if all_nests {
        l.tier.fused.push(op);
        l.tier.views.insert(op);
    }
    all_nests
}

fn short_name(l: &Lower<'_>, op: OpId) -> String {
    l.ctx.op_name(op).strip_prefix("onnx.").unwrap_or_default().to_string()
}

/// The static result shape of `op` when the compiled tier lowers it as a loop nest.
fn nest_shape(l: &mut Lower<'_>, op: OpId) -> Option<Vec<i64>> {
    if !l.compiled
        || l.tier.constant.contains(&op)
        || l.ctx.results(op).len() != 1
        || l.ctx.attr(op, "onnx.domain").is_some()
    {
        return None;
    }
    let name = short_name(l, op);
    if name == "MatMul" {
        return super::matmul::shape(l, op).map(|(m, n, _)| vec![m, n]);
    }
    if name == "Identity" || !elementwise::is_elementwise(&name) {
        return None;
    }
    let rt = l.onnx_type(l.ctx.result(op, 0));
    memref_type(l.ctx, rt)?;
    let out = types::tensor_shape(l.ctx, rt)?;
    for v in l.ctx.operands(op).to_vec() {
        let t = l.onnx_type(v);
        if types::scalar_elem(l.ctx, t).is_some() {
            continue;
        }
        memref_type(l.ctx, t)?;
        let s = types::tensor_shape(l.ctx, t)?;
        if s.len() > out.len() {
            return None;
        }
        let lead = out.len() - s.len();
        if s.iter().enumerate().any(|(j, &d)| d != 1 && d != out[lead + j]) {
            return None;
        }
    }
    scalar_supported(l, op).then_some(out)
}

/// Whether the scalar table has a function for `op` on its operands' element types: a dry run
/// on the arguments of a detached block.
fn scalar_supported(l: &mut Lower<'_>, op: OpId) -> bool {
    let mut tys = Vec::new();
    for v in l.ctx.operands(op).to_vec() {
        match l.elem(v).filter(|e| e.narrow().is_none()) {
            Some(e) => tys.push(e.scalar_type(l.ctx)),
            None => return false,
        }
    }
    let region = l.ctx.create_region();
    let b = l.ctx.add_block(region, &tys, l.loc);
    let args = l.ctx.block_args(b).to_vec();
    let saved = l.ip;
    l.ip = InsertPoint::End(b);
    let r = elementwise::scalar_of(l, op, &args);
    l.ip = saved;
    matches!(r, Ok(Some(_)))
}

/// Leaves `op` for its only user's nest to compute (fusion), when both are nests of one shape.
pub(crate) fn defer(l: &mut Lower<'_>, op: OpId) -> bool {
    if defer_view(l, op) {
        return true;
    }
    // A MatMul accumulates into its buffer (matmul.rs).
    if l.ctx.is_op(op, "onnx.MatMul") {
        return false;
    }
    let Some(shape) = nest_shape(l, op) else { return false };
    let uses = l.ctx.uses(l.ctx.result(op, 0)).to_vec();
    let [u] = uses.as_slice() else { return false };
    if l.ctx.parent_block(u.op) != l.ctx.parent_block(op) {
        return false;
    }
    // An elementwise user reads its operands at its own indices; a reduction the tier computes
    // reads its input at every index of the input's shape.
    let fits = if elementwise::is_elementwise(&short_name(l, u.op)) {
        nest_shape(l, u.op).as_ref() == Some(&shape)
    } else {
        u.index == 0 && super::reduce::info(l, u.op).is_some_and(|r| r.input == shape)
    };
    if !fits {
        return false;
    }
    l.tier.fused.push(op);
    l.tier.fused_set.insert(op);
    true
}

/// The loop nest of `op`, writing a buffer of its own; `None` when the tier does not take it.
pub(crate) fn lower(l: &mut Lower<'_>, op: OpId) -> LResult<Option<Vec<Value>>> {
    let Some(out) = nest_shape(l, op) else { return Ok(None) };
    let rt = l.onnx_type(l.ctx.result(op, 0));
    let Some(mty) = memref_type(l.ctx, rt) else { return Ok(None) };
    let node = l.node_index(op);
    let mut leaves = HashMap::new();
    collect_leaves(l, op, node, &mut leaves)?;
    let buf = l.buffer(mty, true)?;
    if l.ctx.is_op(op, "onnx.MatMul") {
        let done = super::matmul::accumulate(l, op, buf, &leaves)?;
        l.tier.ready.insert(buf, done);
        l.orig.insert(buf, rt);
        return Ok(Some(vec![buf]));
    }
    let saved = l.ip;
    let Nest { idx, c0, outer } = open(l, &out);
    let v = eval(l, op, &idx, c0, &leaves)?;
    Ok(Some(finish(l, v, buf, &idx, outer, saved, rt)))
}

/// Stores `v` at `idx` of `buf` (in the innermost body of a nest opened at `saved`, whose
/// outermost loop is `outer`), then records `buf` as the value of ONNX type `rt`, complete
/// after the nest.
pub(crate) fn finish(
    l: &mut Lower<'_>,
    v: Value,
    buf: Value,
    idx: &[Value],
    outer: Option<OpId>,
    saved: InsertPoint,
    rt: flowgate_ir::Type,
) -> Vec<Value> {
    let mut operands = vec![v, buf];
    operands.extend_from_slice(idx);
    let st = OperationState::new(l.ctx, "memref.store", l.loc).operands(&operands);
    let store = l.create(st);
    l.ip = saved;
    l.tier.ready.insert(buf, outer.unwrap_or(store));
    l.orig.insert(buf, rt);
    vec![buf]
}

/// A loop nest over `shape` opened at the insertion point (an `scf.for` per dimension larger
/// than 1), the insertion point left in its innermost body.
pub(crate) struct Nest {
    /// The index of each dimension (`c0` for a dimension of 1).
    pub idx: Vec<Value>,
    pub c0: Value,
    /// The outermost loop, if any.
    pub outer: Option<OpId>,
}

pub(crate) fn open(l: &mut Lower<'_>, shape: &[i64]) -> Nest {
    let c0 = l.with_builder(|b, loc| flowgate_arith::builders::constant_index(b, 0, loc));
    let mut idx = Vec::new();
    let mut outer = None;
    for &d in shape {
        if d == 1 {
            idx.push(c0);
            continue;
        }
        let (ub, c1) = l.with_builder(|b, loc| {
            (flowgate_arith::builders::constant_index(b, d, loc), flowgate_arith::builders::constant_index(b, 1, loc))
        });
        let it = l.ctx.index_type();
        let region = l.ctx.create_region();
        let blk = l.ctx.add_block(region, &[it], l.loc);
        let st = OperationState::new(l.ctx, "scf.for", l.loc).operands(&[c0, ub, c1]).regions(&[region]);
        let f = l.create(st);
        outer.get_or_insert(f);
        l.ip = InsertPoint::End(blk);
        let st = OperationState::new(l.ctx, "scf.yield", l.loc);
        let y = l.create(st);
        l.ip = InsertPoint::Before(y);
        idx.push(l.ctx.block_arg(blk, 0));
    }
    Nest { idx, c0, outer }
}

/// The element type of buffer `m`.
pub(crate) fn buffer_elem(l: &Lower<'_>, m: Value) -> Option<flowgate_ir::Type> {
    match l.ctx.type_kind(l.ctx.value_type(m)) {
        TypeKind::MemRef { element, .. } => Some(*element),
        _ => None,
    }
}

/// Copies `src[src_lead..., j...]` to `dst[dst_lead..., j...]` for every `j` of `shape` (a
/// nest at the insertion point); returns the op after which the copy is complete.
pub(crate) fn copy(
    l: &mut Lower<'_>,
    src: Value,
    src_lead: &[Value],
    dst: Value,
    dst_lead: &[Value],
    shape: &[i64],
) -> LResult<OpId> {
    let et =
        buffer_elem(l, src).ok_or_else(|| flowgate_ir::Diagnostic::error(l.loc, "internal: copy from a non-buffer"))?;
    let saved = l.ip;
    let Nest { idx, outer, .. } = open(l, shape);
    let mut s = src_lead.to_vec();
    s.extend_from_slice(&idx);
    let x = l.op1(
        "memref.load",
        &{
            let mut o = vec![src];
            o.extend(s);
            o
        },
        et,
    );
    let mut o = vec![x, dst];
    o.extend_from_slice(dst_lead);
    o.extend_from_slice(&idx);
    let st = OperationState::new(l.ctx, "memref.store", l.loc).operands(&o);
    let store = l.create(st);
    l.ip = saved;
    Ok(outer.unwrap_or(store))
}

/// The operands of `op` and of the ops fused into it, as registers or buffers, made before the
/// nest (a handle is copied into a buffer once, where it is made).
fn collect_leaves(l: &mut Lower<'_>, op: OpId, node: i32, leaves: &mut HashMap<Value, Leaf>) -> LResult<()> {
    for v in l.ctx.operands(op).to_vec() {
        collect_value(l, v, node, leaves)?;
    }
    Ok(())
}

/// Operand `v` of a nest as a leaf, or the leaves of the op fused into it that computes it.
pub(crate) fn collect_value(l: &mut Lower<'_>, v: Value, node: i32, leaves: &mut HashMap<Value, Leaf>) -> LResult<()> {
    if let Some(d) = l.ctx.defining_op(v).filter(|d| l.tier.fused_set.contains(d)) {
        return collect_leaves(l, d, node, leaves);
    }
    if leaves.contains_key(&v) {
        return Ok(());
    }
    if let Some(d) = l.ctx.defining_op(v).filter(|d| l.tier.views.contains(d)) {
        let Some((x, shape, map)) = view_map(l, d) else { return Err(l.err(d, "internal: not a view")) };
        let m = l.memref_of(x, node)?;
        leaves.insert(v, Leaf::View(m, shape, map));
        return Ok(());
    }
    let t = l.onnx_type(v);
    let leaf = match types::scalar_elem(l.ctx, t) {
        Some(e) => {
            let n = l.const_i32(node);
            Leaf::Reg(l.scalar(n, v, e)?)
        }
        None => {
            let m = l.memref_of(v, node)?;
            let shape = match l.ctx.type_kind(l.ctx.value_type(m)) {
                TypeKind::MemRef { shape, .. } => shape.clone(),
                _ => Vec::new(),
            };
            Leaf::Buf(m, shape)
        }
    };
    leaves.insert(v, leaf);
    Ok(())
}

/// One element of `op` at output indices `idx`: its operands loaded (broadcast) or computed by
/// the ops fused into it, then its scalar function.
fn eval(l: &mut Lower<'_>, op: OpId, idx: &[Value], c0: Value, leaves: &HashMap<Value, Leaf>) -> LResult<Value> {
    let mut vals = Vec::new();
    for v in l.ctx.operands(op).to_vec() {
        vals.push(leaf_at(l, op, v, idx, c0, leaves)?);
    }
    elementwise::scalar_of(l, op, &vals)?.ok_or_else(|| l.err(op, "internal: no scalar function for this element"))
}

/// Operand `v` of `op` at output indices `idx`: computed by the op fused into it, or its leaf
/// read (numpy broadcasting: a missing leading dimension or one of size 1 is read at 0).
pub(crate) fn leaf_at(
    l: &mut Lower<'_>,
    op: OpId,
    v: Value,
    idx: &[Value],
    c0: Value,
    leaves: &HashMap<Value, Leaf>,
) -> LResult<Value> {
    if let Some(d) = l.ctx.defining_op(v).filter(|d| l.tier.fused_set.contains(d)) {
        return eval(l, d, idx, c0, leaves);
    }
    match leaves.get(&v) {
        Some(Leaf::Reg(r)) => Ok(*r),
        Some(Leaf::Buf(m, s)) => {
            let lead = idx.len() - s.len();
            let mut operands = vec![*m];
            operands.extend(s.iter().enumerate().map(|(j, &d)| if d == 1 { c0 } else { idx[lead + j] }));
            let et = match l.ctx.type_kind(l.ctx.value_type(*m)) {
                TypeKind::MemRef { element, .. } => *element,
                _ => return Err(l.err(op, "internal: a nest operand is not a buffer")),
            };
            Ok(l.op1("memref.load", &operands, et))
        }
        Some(Leaf::View(m, s, map)) => {
            let lead = idx.len() - s.len();
            let mut operands = vec![*m];
            operands.extend(map.iter().map(|j| match j {
                Some(j) if s[*j] != 1 => idx[lead + j],
                _ => c0,
            }));
            let et = buffer_elem(l, *m).ok_or_else(|| l.err(op, "internal: a nest operand is not a buffer"))?;
            Ok(l.op1("memref.load", &operands, et))
        }
        None => Err(l.err(op, "internal: a nest operand was not prepared")),
    }
}
