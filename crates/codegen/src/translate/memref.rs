//! `memref` ops that only read or rearrange a descriptor, once for every backend: a descriptor
//! is its parts (allocated, aligned, offset, sizes, strides). Ops that touch memory (`alloc`,
//! `load`, `store`, `copy`, `realloc`, globals) are in `memory.rs`.

use super::{views, BuilderMethods, IntPredicate};
use crate::abi::Scalar;
use crate::Result;

use flowgate_ir::OpId;

/// Translate a `memref` op; returns false for one no backend knows.
pub fn memref<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<bool> {
    let ctx = bx.ctx();
    let Some(short) = ctx.op_name(op).strip_prefix("memref.") else { return Ok(false) };
    match short {
        "dim" => dim(bx, op)?,
        "extract_aligned_pointer_as_index" => {
            let d = desc(bx, op, 0)?;
            let r = bx.ptr_to_index(d[1])?;
            bx.define1(op, r)?;
        }
        "extract_strided_metadata" => {
            // Results: the rank-0 base buffer, the offset, then sizes and strides.
            let d = desc(bx, op, 0)?;
            if ctx.results(op).len() != d.len() - 1 {
                return Err(bx.op_err(op, "has a number of results that does not match the source rank"));
            }
            let zero = bx.const_int(Scalar::Index, 0)?;
            bx.define(op, 0, vec![d[0], d[1], zero])?;
            for (i, &v) in d[2..].iter().enumerate() {
                bx.define(op, i + 1, vec![v])?;
            }
        }
        "reinterpret_cast" => views::reinterpret_cast(bx, op)?,
        "view" => views::view(bx, op)?,
        // Same data, a different static view of its type.
        "cast" => {
            let parts = bx.operand_parts(op, 0)?;
            let Some(&res) = ctx.results(op).first() else { return Err(bx.op_err(op, "expected result #0")) };
            let k = bx.kind(ctx.value_type(res), Some(op))?;
            if k.parts() != parts.len() {
                return Err(bx.op_err(op, "casts between ranks are not supported"));
            }
            bx.define(op, 0, parts)?;
        }
        _ => return super::memory::memory(bx, op, short),
    }
    Ok(true)
}

/// The descriptor parts of memref operand `i` of `op`.
pub fn desc<'a, B: BuilderMethods<'a>>(bx: &B, op: OpId, i: usize) -> Result<Vec<B::Value>> {
    let parts = bx.operand_parts(op, i)?;
    if parts.len() < 3 || parts.len() % 2 == 0 {
        return Err(bx.op_err(op, format!("operand #{i} is not a memref")));
    }
    Ok(parts)
}

/// `memref.dim`: a constant index picks the size directly; otherwise select among them. An
/// index out of range (undefined upstream) gives 0.
fn dim<'a, B: BuilderMethods<'a>>(bx: &mut B, op: OpId) -> Result<()> {
    let ctx = bx.ctx();
    let d = desc(bx, op, 0)?;
    let sizes = &d[3..3 + (d.len() - 3) / 2];
    let konst = ctx
        .operands(op)
        .get(1)
        .and_then(|&v| ctx.defining_op(v))
        .filter(|&c| ctx.is_op(c, "arith.constant"))
        .and_then(|c| ctx.attr(c, "value"))
        .and_then(|a| ctx.attr_as_int(a));
    let r = match konst {
        Some(k) if k >= 0 && (k as usize) < sizes.len() => sizes[k as usize],
        _ => {
            let idx = bx.operand(op, 1)?;
            let mut r = bx.const_int(Scalar::Index, 0)?;
            for (k, &s) in sizes.iter().enumerate() {
                let kc = bx.const_int(Scalar::Index, k as i64)?;
                let hit = bx.icmp(IntPredicate::Eq, Scalar::Index, idx, kc)?;
                r = bx.select(hit, s, r)?;
            }
            r
        }
    };
    bx.define1(op, r)
}
