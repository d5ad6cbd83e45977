//! The compiled-tensor tier (DESIGN.md §6's memrefs).
//!
//! A tensor whose shape is static (from the model or from shape inference), of an element type
//! compiled code computes with and of at most [`MAX_ELEMENTS`] elements, is a `memref` when the
//! tier is on (`convert-onnx-to-loops{compiled-tensors=true}`, the default): loop-carried values
//! and structured results of such types are memrefs, and the op families that have a loop-nest
//! lowering (`nest.rs`: elementwise, broadcast, comparison, `Where`, `Cast`, fused along
//! single-use chains) write into memrefs instead of calling a runtime kernel.
//!
//! Buffers: one per value, allocated once at function entry and freed before each return. A
//! value defined in a loop body is written into the same buffer on every trip, so nothing
//! allocates per trip; loop-carried values get buffers of their loop (`carried.rs`).
//!
//! Every op without a loop-nest lowering keeps working on handles: crossing between the tiers is
//! an explicit runtime call in the IR, placed once right after the value is complete
//! (`flowgate_rt_read_buffer` copies a handle's elements into a buffer, `flowgate_rt_from_buffer`
//! makes a handle from a buffer). Copies keep the buffers free to be rewritten on the next trip.
//! Two crossings need no copy (`borrow.rs`): a function argument read in place through a view
//! (`flowgate_rt_tensor_data`), and a stacked loop output written straight into the tensor that
//! becomes its handle (`flowgate_rt_tensor_zeros`, `stack.rs`).

pub(crate) mod borrow;
pub(crate) mod carried;
pub(crate) mod gather;
pub(crate) mod in_place;
pub(crate) mod matmul;
pub(crate) mod nest;
pub(crate) mod promote;
pub(crate) mod reduce;
pub(crate) mod stack;

use super::emit::{LResult, Lower};
use super::types;
use flowgate_ir::{BlockId, Context, Diagnostic, InsertPoint, OpId, OperationState, Type, TypeKind, Value};
use std::collections::{HashMap, HashSet};

/// Larger tensors stay handles: their runtime kernels are vectorized and threaded, and a buffer
/// per value would hold them all for the whole function.
pub(crate) const MAX_ELEMENTS: i64 = 1 << 16;

/// The largest buffer (in elements) copied with loads and stores rather than `memref.copy`.
const INLINE_COPY: i64 = 64;

/// The compiled tier's state while one function is lowered.
#[derive(Default)]
pub(crate) struct TierState {
    /// Every buffer allocated at function entry (freed before each return).
    pub buffers: Vec<Value>,
    /// Buffers written by exactly one op of the function (an op's result, a conversion): never
    /// the buffer of a loop-carried value, so they cannot alias one.
    pub fresh: HashSet<Value>,
    /// The op after which a buffer holds its value (the loop nest that writes it).
    pub ready: HashMap<Value, OpId>,
    as_memref: HashMap<(Value, Type), Value>,
    /// Read-only views of argument handles (`borrow.rs`), apart from `as_memref`'s copies so that
    /// no writer is ever handed one.
    borrowed: HashMap<(Value, Type), Value>,
    as_handle: HashMap<Value, Value>,
    shapes: HashMap<Vec<i64>, Value>,
    /// Elementwise ops fused into their only user (`nest.rs`), erased once it is lowered.
    pub fused: Vec<OpId>,
    pub fused_set: HashSet<OpId>,
    /// Reshapes read through by their users' nests (`nest::Leaf::View`), erased with `fused`.
    pub views: HashSet<OpId>,
    /// The constant axes of each `ReduceSum` (`reduce.rs`), read before constants are lowered.
    pub reduce_axes: HashMap<OpId, Vec<i64>>,
    /// The inserts and concats of stacked loop outputs (`stack.rs`).
    pub stacks: HashMap<OpId, stack::Stack>,
    /// The rows stored into stacks, for `stack::write_rows_in_place`.
    pub rows: Vec<stack::Row>,
    /// Ops of constant subgraphs (`memo::constant_ops`): the tier leaves them to runtime kernels,
    /// which `memo.rs` makes compute once per compiled module instead of once per run.
    pub constant: HashSet<OpId>,
}

/// The memref type a value of ONNX type `t` has in the compiled tier, if it is in it.
pub(crate) fn memref_type(ctx: &mut Context, t: Type) -> Option<Type> {
    let shape = types::tensor_shape(ctx, t)?;
    if shape.is_empty() || shape.iter().any(|&d| d < 1) {
        return None;
    }
    let n = shape.iter().try_fold(1i64, |a, &d| a.checked_mul(d))?;
    if n > MAX_ELEMENTS {
        return None;
    }
    let e = types::tensor_elem(ctx, t).filter(|e| e.narrow().is_none())?;
    let st = e.scalar_type(ctx);
    Some(ctx.memref_type(shape, st))
}

pub(crate) fn is_memref_type(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::MemRef { .. })
}

fn memref_shape(ctx: &Context, t: Type) -> Vec<i64> {
    match ctx.type_kind(t) {
        TypeKind::MemRef { shape, .. } => shape.clone(),
        _ => Vec::new(),
    }
}

/// Where ops go after the block's first ops that are buffer allocations.
fn after_allocs(ctx: &Context, b: BlockId) -> InsertPoint {
    let mut op = ctx.first_op(b);
    while let Some(o) = op {
        if !ctx.is_op(o, "memref.alloc") {
            return InsertPoint::Before(o);
        }
        op = ctx.next_op(o);
    }
    InsertPoint::End(b)
}

fn after(ctx: &Context, op: OpId) -> InsertPoint {
    match (ctx.next_op(op), ctx.parent_block(op)) {
        (Some(n), _) => InsertPoint::Before(n),
        (None, Some(b)) => InsertPoint::End(b),
        _ => InsertPoint::Detached,
    }
}

impl Lower<'_> {
    /// The type a value of ONNX type `t` has after the lowering (see `types::lowered_type`),
    /// a memref in the compiled tier.
    pub fn lowered_type(&mut self, t: Type) -> Option<Type> {
        if self.compiled {
            if let Some(m) = memref_type(self.ctx, t) {
                return Some(m);
            }
        }
        types::lowered_type(self.ctx, t)
    }

    pub fn is_memref(&self, v: Value) -> bool {
        is_memref_type(self.ctx, self.ctx.value_type(v))
    }

    /// A register value (neither a handle nor a buffer).
    pub fn is_register(&self, v: Value) -> bool {
        !self.is_handle(v) && !self.is_memref(v)
    }

    /// The node-table index a `node` constant holds (-1 when it is not one).
    pub fn node_of(&self, node: Value) -> i32 {
        self.ctx
            .defining_op(node)
            .filter(|&d| self.ctx.is_op(d, "arith.constant"))
            .and_then(|d| self.ctx.attr(d, "value"))
            .and_then(|a| self.ctx.attr_as_int(a))
            .map_or(-1, |v| v as i32)
    }

    fn entry_point(&self) -> LResult<InsertPoint> {
        let f = self.func.ok_or_else(|| Diagnostic::error(self.loc, "internal: no function being lowered"))?;
        let b = self
            .ctx
            .entry_block(self.ctx.region(f, 0))
            .ok_or_else(|| Diagnostic::error(self.loc, "internal: function without a body"))?;
        Ok(InsertPoint::Before(
            self.ctx.first_op(b).ok_or_else(|| Diagnostic::error(self.loc, "internal: empty function"))?,
        ))
    }

    /// A buffer of memref type `ty`, allocated at function entry; `fresh` when one op writes it.
    pub fn buffer(&mut self, ty: Type, fresh: bool) -> LResult<Value> {
        let saved = self.ip;
        self.ip = self.entry_point()?;
        let seg = self.ctx.dense_i32_array_attr(&[0, 0]);
        let st = OperationState::new(self.ctx, "memref.alloc", self.loc).results(&[ty]).attr(
            self.ctx,
            "operandSegmentSizes",
            seg,
        );
        let op = self.create(st);
        self.ip = saved;
        let v = self.ctx.result(op, 0);
        self.tier.buffers.push(v);
        if fresh {
            self.tier.fresh.insert(v);
        }
        Ok(v)
    }

    /// Copies buffer `src` into `dst` at the insertion point: a small buffer (at most
    /// [`INLINE_COPY`] elements) element by element (`nest::copy`), a larger one with
    /// `memref.copy` (a `memmove` call, which costs more than the copy itself for a few elements:
    /// it was a third of the Scan cumsum benchmark with its `[1]` state).
    pub fn copy_buffer(&mut self, src: Value, dst: Value) -> LResult<()> {
        let shape = memref_shape(self.ctx, self.ctx.value_type(src));
        if shape.iter().product::<i64>() <= INLINE_COPY {
            nest::copy(self, src, &[], dst, &[], &shape)?;
            return Ok(());
        }
        let st = OperationState::new(self.ctx, "memref.copy", self.loc).operands(&[src, dst]);
        self.create(st);
        Ok(())
    }

    /// The op created last at the insertion point.
    fn last_created(&self) -> Option<OpId> {
        match self.ip {
            InsertPoint::Before(o) => self.ctx.prev_op(o),
            InsertPoint::End(b) => self.ctx.last_op(b),
            _ => None,
        }
    }

    /// Buffer `m` holds its value after the op created last at the insertion point.
    pub fn mark_ready(&mut self, m: Value) {
        if let Some(c) = self.last_created() {
            self.tier.ready.insert(m, c);
        }
    }

    /// Where a conversion of `v` goes: right after the op that completes it (so it runs once
    /// per definition, not once per use).
    fn after_ready(&self, v: Value) -> InsertPoint {
        if let Some(&op) = self.tier.ready.get(&v) {
            return after(self.ctx, op);
        }
        match self.ctx.defining_op(v) {
            Some(d) => after(self.ctx, d),
            None => match self.ctx.value_block(v) {
                Some(b) => after_allocs(self.ctx, b),
                None => self.ip,
            },
        }
    }

    /// A buffer's aligned address as an `i64`, as the runtime's buffer calls take it.
    pub fn address(&mut self, m: Value) -> Value {
        let idx = self.ctx.index_type();
        let p = self.op1("memref.extract_aligned_pointer_as_index", &[m], idx);
        let i64t = self.ctx.integer_type(64);
        self.cast("arith.index_cast", p, i64t)
    }

    /// `v` (of a static ONNX type in the tier) as a buffer: a handle is copied into one once,
    /// right after it is made (`flowgate_rt_read_buffer`, errors reported against `node`).
    pub fn memref_of(&mut self, v: Value, node: i32) -> LResult<Value> {
        if self.is_memref(v) {
            return Ok(v);
        }
        let ot = self.onnx_type(v);
        let Some(mty) = memref_type(self.ctx, ot) else {
            return Err(Diagnostic::error(self.loc, "internal: no buffer type for this value"));
        };
        self.memref_of_type(v, node, mty)
    }

    /// `v` as a buffer of memref type `mty` (the type of the join it flows into).
    pub fn memref_of_type(&mut self, v: Value, node: i32, mty: Type) -> LResult<Value> {
        if self.ctx.value_type(v) == mty {
            return Ok(v);
        }
        if let Some(&m) = self.tier.as_memref.get(&(v, mty)) {
            return Ok(m);
        }
        let ot = self.onnx_type(v);
        let elem = match self.ctx.type_kind(mty) {
            TypeKind::MemRef { element, .. } => *element,
            _ => return Err(Diagnostic::error(self.loc, "internal: not a memref type")),
        };
        let e = match types::tensor_elem(self.ctx, ot) {
            Some(e) if e.scalar_type(self.ctx) == elem => e,
            _ => types::elem_of_scalar_type(self.ctx, elem)
                .ok_or_else(|| Diagnostic::error(self.loc, "internal: buffer of an unknown element type"))?,
        };
        let ot = {
            let et = e.scalar_type(self.ctx);
            match types::tensor_shape(self.ctx, ot) {
                Some(_) => ot,
                None => self.ctx.tensor_type(memref_shape(self.ctx, mty), et),
            }
        };
        let saved = self.ip;
        let h = self.handle(v)?;
        let buf = self.buffer(mty, true)?;
        self.ip = self.after_ready(h);
        let n: i64 = memref_shape(self.ctx, mty).iter().product();
        let node = self.const_i32(node);
        let addr = self.address(buf);
        let dt = self.const_i32(e.dtype());
        let nv = self.const_i64(n);
        self.rt_void("read_buffer", &[node, h, addr, dt, nv])?;
        self.mark_ready(buf);
        self.ip = saved;
        self.orig.insert(buf, ot);
        self.tier.as_memref.insert((v, mty), buf);
        self.tier.as_memref.insert((h, mty), buf);
        Ok(buf)
    }

    /// A handle holding a copy of buffer `m`, made once right after `m` is complete
    /// (`flowgate_rt_from_buffer`).
    pub fn handle_of_buffer(&mut self, m: Value) -> LResult<Value> {
        if let Some(&h) = self.tier.as_handle.get(&m) {
            return Ok(h);
        }
        let ot = self.onnx_type(m);
        let mty = self.ctx.value_type(m);
        let dims = memref_shape(self.ctx, mty);
        let elem = match self.ctx.type_kind(mty) {
            TypeKind::MemRef { element, .. } => *element,
            _ => return Err(Diagnostic::error(self.loc, "internal: not a buffer")),
        };
        // The ONNX element (signedness) when known, else the buffer's.
        let e = types::tensor_elem(self.ctx, ot)
            .or_else(|| types::elem_of_scalar_type(self.ctx, elem))
            .ok_or_else(|| Diagnostic::error(self.loc, "internal: buffer of an unknown element type"))?;
        let shape = self.shape_handle(&dims)?;
        let saved = self.ip;
        self.ip = self.after_ready(m);
        let node = self.const_i32(-1);
        let addr = self.address(m);
        let dt = self.const_i32(e.dtype());
        let h = self.rt("from_buffer", &[node, addr, dt, shape])?;
        self.ip = saved;
        let ot = if types::tensor_shape(self.ctx, ot).is_some() {
            ot
        } else {
            let et = e.scalar_type(self.ctx);
            self.ctx.tensor_type(dims, et)
        };
        self.orig.insert(h, ot);
        self.tier.as_handle.insert(m, h);
        Ok(h)
    }

    /// A constant 1-D INT64 tensor of `dims`, made once at function entry.
    fn shape_handle(&mut self, dims: &[i64]) -> LResult<Value> {
        if let Some(&h) = self.tier.shapes.get(dims) {
            return Ok(h);
        }
        let saved = self.ip;
        let f = self.func.ok_or_else(|| Diagnostic::error(self.loc, "internal: no function being lowered"))?;
        let b = self
            .ctx
            .entry_block(self.ctx.region(f, 0))
            .ok_or_else(|| Diagnostic::error(self.loc, "internal: function without a body"))?;
        self.ip = after_allocs(self.ctx, b);
        let h = super::constants::i64_tensor(self, dims)?;
        self.ip = saved;
        self.tier.shapes.insert(dims.to_vec(), h);
        Ok(h)
    }
}

/// Frees every buffer of the function before each of its returns.
pub(crate) fn free_buffers(l: &mut Lower<'_>, f: OpId) {
    let bufs = std::mem::take(&mut l.tier.buffers);
    if bufs.is_empty() {
        return;
    }
    let body = l.ctx.region(f, 0);
    let mut rets = Vec::new();
    for &b in l.ctx.region_blocks(body) {
        if let Some(t) = l.ctx.terminator(b).filter(|&t| l.ctx.is_op(t, "func.return")) {
            rets.push(t);
        }
    }
    for r in rets {
        l.ip = InsertPoint::Before(r);
        l.loc = l.ctx.op_loc(r);
        for &m in &bufs {
            let st = OperationState::new(l.ctx, "memref.dealloc", l.loc).operands(&[m]);
            l.create(st);
        }
    }
}
