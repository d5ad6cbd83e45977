//! `memref.reinterpret_cast`, the one view op left after `expand-strided-metadata`: the same
//! buffer with a new offset, sizes and strides. Only the descriptor changes, and a descriptor is
//! its parts (allocated, aligned, offset, sizes, strides), so this is the same for every backend.

use super::BuilderMethods;
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
