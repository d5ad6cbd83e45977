//! Crossing from a handle to a buffer without a copy: the buffer is a view of the tensor's own
//! elements. `flowgate_rt_tensor_data` returns them as a byte memref and `memref.view` gives it
//! the buffer's type, so the crossing stays one explicit call in the IR:
//!
//! ```text
//! %b = func.call @flowgate_rt_tensor_data(%node, %h, %dtype, %numel) : (...) -> memref<?xi8>
//! %x = memref.view %b[%c0][] : memref<?xi8> to memref<1000000x1xf32>
//! ```
//!
//! A view is only as alive as its handle, and the tensor is shared: views are read-only, and
//! taken of a function argument (borrowed from the caller for the whole call) or of a tensor
//! the tier makes for itself and fills before handing on (`stack.rs`). Compare
//! `Lower::memref_of_type`, which copies.

use super::super::emit::{LResult, Lower};
use super::super::types;
use flowgate_ir::{Diagnostic, OperationState, Type, TypeKind, Value};

/// A view of handle `h`'s elements as a buffer of memref type `mty` (static, identity layout),
/// made at the insertion point; errors are reported against `node`.
pub(crate) fn view(l: &mut Lower<'_>, h: Value, node: Value, mty: Type) -> LResult<Value> {
    let (shape, elem) = match l.ctx.type_kind(mty) {
        TypeKind::MemRef { shape, element, .. } => (shape.clone(), *element),
        _ => return Err(Diagnostic::error(l.loc, "internal: a view needs a memref type")),
    };
    // The ONNX element type (signedness) when the handle's is known, else the buffer's.
    let e = types::tensor_elem(l.ctx, l.onnx_type(h))
        .filter(|e| e.scalar_type(l.ctx) == elem)
        .or_else(|| types::elem_of_scalar_type(l.ctx, elem))
        .ok_or_else(|| Diagnostic::error(l.loc, "internal: view of an unknown element type"))?;
    let dt = l.const_i32(e.dtype());
    let n = l.const_i64(shape.iter().product());
    let bytes = l.rt("tensor_data", &[node, h, dt, n])?;
    let it = l.ctx.index_type();
    let zero = l.const_int(0, it);
    let st = OperationState::new(l.ctx, "memref.view", l.loc).operands(&[bytes, zero]).results(&[mty]);
    let op = l.create(st);
    Ok(l.ctx.result(op, 0))
}

/// Whether handle `h` is an argument of the function being lowered: borrowed from the caller,
/// alive for the whole call, so a view of it needs no reference of its own.
pub(crate) fn is_argument(l: &Lower<'_>, h: Value) -> bool {
    let Some(f) = l.func else { return false };
    l.ctx.defining_op(h).is_none()
        && l.ctx.entry_block(l.ctx.region(f, 0)).is_some_and(|entry| l.ctx.value_block(h) == Some(entry))
}

impl Lower<'_> {
    /// `v` (a handle of a static ONNX type in the tier) as a read-only buffer of type `mty`: a
    /// view when it is a function argument, made once at function entry; else a copy
    /// (`memref_of_type`). The caller must never write the buffer.
    pub fn read_only_memref(&mut self, v: Value, node: i32, mty: Type) -> LResult<Value> {
        if !self.is_handle(v) || !is_argument(self, v) {
            return self.memref_of_type(v, node, mty);
        }
        if let Some(&m) = self.tier.borrowed.get(&(v, mty)) {
            return Ok(m);
        }
        let saved = self.ip;
        self.ip = self.after_ready(v);
        let node = self.const_i32(node);
        let m = view(self, v, node, mty)?;
        self.ip = saved;
        let ot = self.onnx_type(v);
        self.orig.insert(m, ot);
        self.tier.borrowed.insert((v, mty), m);
        Ok(m)
    }
}
