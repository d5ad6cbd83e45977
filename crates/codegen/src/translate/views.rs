//! `memref.reinterpret_cast`, the one view op left after `expand-strided-metadata`: the same
//! buffer with a new offset, sizes and strides; and `memref.view`, a byte buffer seen as a typed
//! one (how compiled code reads a runtime tensor's elements in place). Only the descriptor
//! changes, and a descriptor is its parts (allocated, aligned, offset, sizes, strides), so this
//! is the same for every backend.

use super::{BuilderMethods, IntBinOp};
use crate::abi::Scalar;
use crate::op_attrs::{reinterpret_cast_lists, ListEntry};
use crate::Result;
use flowgate_ir::{OpId, TypeKind};

pub fn reinterpret_cast<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let src = super::memref::desc(bx, op, 0)?;
    let Some(&res) = ctx.results(op).first() else { return Err(bx.op_err(op, "expected result #0")) };
    let rank = match ctx.type_kind(ctx.value_type(res)) {
        TypeKind::MemRef { shape, element, .. } => {
            bx.scalar(*element, op)?;
            shape.len()
        }
        _ => return Err(bx.op_err(op, "expects a ranked memref type")),
    };
    let lists = reinterpret_cast_lists(ctx, op, rank).map_err(|m| bx.op_err(op, m))?;
    let mut parts = src[..2].to_vec();
    for e in lists.into_iter().flatten() {
        parts.push(match e {
            ListEntry::Const(c) => bx.const_int(Scalar::Index, c)?,
            ListEntry::Operand(i) => bx.operand(op, i)?,
        });
    }
    bx.define(op, 0, parts)
}

/// `memref.view %src[%shift][%sizes]`: as upstream's lowering, the allocated pointer stays, the
/// aligned one moves by `%shift` bytes, the offset is 0, the sizes are the static ones or the
/// operands in order, and the strides are row-major (the result has the identity layout).
pub fn view<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let src = super::memref::desc(bx, op, 0)?;
    let Some(&res) = ctx.results(op).first() else { return Err(bx.op_err(op, "expected result #0")) };
    let shape = match ctx.type_kind(ctx.value_type(res)) {
        TypeKind::MemRef { shape, element, layout: None, .. } => {
            bx.scalar(*element, op)?;
            shape.clone()
        }
        _ => return Err(bx.op_err(op, "expects a memref result with the identity layout")),
    };
    let shift = bx.operand(op, 1)?;
    let aligned = bx.ptr_add(src[1], shift)?;
    let mut dynamic = 2;
    let mut sizes = Vec::with_capacity(shape.len());
    for &d in &shape {
        sizes.push(if d == flowgate_ir::DYNAMIC {
            dynamic += 1;
            bx.operand(op, dynamic - 1)?
        } else {
            bx.const_int(Scalar::Index, d)?
        });
    }
    let mut strides = vec![bx.const_int(Scalar::Index, 1)?; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = bx.int_binary(IntBinOp::Mul, Scalar::Index, strides[i + 1], sizes[i + 1])?;
    }
    let mut parts = vec![src[0], aligned, bx.const_int(Scalar::Index, 0)?];
    parts.extend(sizes);
    parts.extend(strides);
    bx.define(op, 0, parts)
}
