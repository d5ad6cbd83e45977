//! `memref.dma_start` and `memref.dma_wait`, with upstream's syntax and verifiers. Code
//! generation does not support them (there is no DMA engine to drive): they are reported as
//! unsupported ops there.

use crate::util::*;
use flowgate_ir::asm::{Delimiter, OpParser, OpPrinter, PResult};
use flowgate_ir::{Context, Count, Diagnostic, OpDef, OpId, Type, Value};

pub(crate) fn defs() -> Vec<OpDef> {
    let base = |name| OpDef { results: Count::Exactly(0), ..OpDef::leaf(name) };
    vec![
        OpDef {
            parse: Some(parse_start),
            print: Some(print_start),
            verify: Some(verify_start),
            ..base("memref.dma_start")
        },
        OpDef {
            parse: Some(parse_wait),
            print: Some(print_wait),
            verify: Some(verify_wait),
            operands: Count::AtLeast(2),
            ..base("memref.dma_wait")
        },
    ]
}

fn rank(ctx: &Context, t: Type) -> Option<usize> {
    ranked(ctx, t).map(|m| m.shape.len())
}

/// `dma_start %src[%i...], %dst[%j...], %n, %tag[%k...] (, %stride, %per_stride)? : ts, td, tt`
fn parse_start(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let src = p.parse_operand()?;
    let src_idx = p.parse_operand_list(Delimiter::Square)?;
    p.expect_comma()?;
    let dst = p.parse_operand()?;
    let dst_idx = p.parse_operand_list(Delimiter::Square)?;
    p.expect_comma()?;
    let num = p.parse_operand()?;
    p.expect_comma()?;
    let tag = p.parse_operand()?;
    let tag_idx = p.parse_operand_list(Delimiter::Square)?;
    let mut strides = Vec::new();
    while p.accept_comma() {
        strides.push(p.parse_operand()?);
    }
    let name_loc = p.op_loc();
    if !strides.is_empty() && strides.len() != 2 {
        return Err(p.error_at(name_loc, "expected two stride related operands"));
    }
    p.parse_optional_attr_dict()?;
    let types = p.parse_colon_type_list()?;
    if types.len() != 3 {
        return Err(p.error_at(name_loc, "fewer/more types expected"));
    }
    let idx = p.ctx().index_type();
    p.add_operand(&src, types[0])?;
    p.add_operands_same_type(&src_idx, idx)?;
    p.add_operand(&dst, types[1])?;
    p.add_operands_same_type(&dst_idx, idx)?;
    p.add_operand(&num, idx)?;
    p.add_operand(&tag, types[2])?;
    p.add_operands_same_type(&tag_idx, idx)?;
    p.add_operands_same_type(&strides, idx)?;
    Ok(())
}

/// The operand groups of a verified `dma_start`: (src, src indices, dst, dst indices, num
/// elements, tag, tag indices, strides).
struct Start<'a> {
    src: Value,
    src_idx: &'a [Value],
    dst: Value,
    dst_idx: &'a [Value],
    num: Value,
    tag: Value,
    tag_idx: &'a [Value],
    strides: &'a [Value],
}

fn split_start<'a>(ctx: &Context, ops: &'a [Value]) -> Option<Start<'a>> {
    let sr = rank(ctx, ctx.value_type(*ops.first()?))?;
    let dst_at = 1 + sr;
    let dr = rank(ctx, ctx.value_type(*ops.get(dst_at)?))?;
    let num_at = dst_at + 1 + dr;
    let tag_at = num_at + 1;
    let tr = rank(ctx, ctx.value_type(*ops.get(tag_at)?))?;
    let end = tag_at + 1 + tr;
    Some(Start {
        src: ops[0],
        src_idx: ops.get(1..dst_at)?,
        dst: ops[dst_at],
        dst_idx: ops.get(dst_at + 1..num_at)?,
        num: ops[num_at],
        tag: ops[tag_at],
        tag_idx: ops.get(tag_at + 1..end)?,
        strides: ops.get(end..)?,
    })
}

fn print_start(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(s) = split_start(ctx, ctx.operands(op)) else { return };
    p.write(" ");
    p.print_value(s.src);
    p.write("[");
    p.print_operands(s.src_idx);
    p.write("], ");
    p.print_value(s.dst);
    p.write("[");
    p.print_operands(s.dst_idx);
    p.write("], ");
    p.print_value(s.num);
    p.write(", ");
    p.print_value(s.tag);
    p.write("[");
    p.print_operands(s.tag_idx);
    p.write("]");
    if !s.strides.is_empty() {
        p.write(", ");
        p.print_operands(s.strides);
    }
    p.print_attrs_colon_type(op, ctx.value_type(s.src));
    p.write(", ");
    p.print_type(ctx.value_type(s.dst));
    p.write(", ");
    p.print_type(ctx.value_type(s.tag));
}

/// Upstream's DmaStartOp::verify, in its order: each later check relies on the ranks of the
/// memrefs before it to find the operands.
fn verify_start(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.operands(op);
    let n = ops.len();
    if n < 4 {
        return Err(op_err(ctx, op, "expected at least 4 operands"));
    }
    let all_index = |vs: &[Value]| vs.iter().all(|&v| ctx.is_index(ctx.value_type(v)));
    let Some(sr) = rank(ctx, ctx.value_type(ops[0])) else {
        return Err(op_err(ctx, op, "expected source to be of memref type"));
    };
    if n < sr + 4 {
        return Err(op_err(ctx, op, format!("expected at least {} operands", sr + 4)));
    }
    if !all_index(&ops[1..1 + sr]) {
        return Err(op_err(ctx, op, "expected source indices to be of index type"));
    }
    let dst_at = 1 + sr;
    let Some(dr) = rank(ctx, ctx.value_type(ops[dst_at])) else {
        return Err(op_err(ctx, op, "expected destination to be of memref type"));
    };
    let mut expected = sr + dr + 4;
    if n < expected {
        return Err(op_err(ctx, op, format!("expected at least {expected} operands")));
    }
    if !all_index(&ops[dst_at + 1..dst_at + 1 + dr]) {
        return Err(op_err(ctx, op, "expected destination indices to be of index type"));
    }
    let num_at = dst_at + 1 + dr;
    if !ctx.is_index(ctx.value_type(ops[num_at])) {
        return Err(op_err(ctx, op, "expected num elements to be of index type"));
    }
    let tag_at = num_at + 1;
    let Some(tr) = rank(ctx, ctx.value_type(ops[tag_at])) else {
        return Err(op_err(ctx, op, "expected tag to be of memref type"));
    };
    expected += tr;
    if n < expected {
        return Err(op_err(ctx, op, format!("expected at least {expected} operands")));
    }
    if !all_index(&ops[tag_at + 1..tag_at + 1 + tr]) {
        return Err(op_err(ctx, op, "expected tag indices to be of index type"));
    }
    if n != expected && n != expected + 2 {
        return Err(op_err(ctx, op, "incorrect number of operands"));
    }
    if n == expected + 2 && !all_index(&ops[expected..]) {
        return Err(op_err(ctx, op, "expected stride and num elements per stride to be of type index"));
    }
    Ok(())
}

/// `dma_wait %tag[%i...], %n : memref<...>`
fn parse_wait(p: &mut OpParser<'_, '_>) -> PResult<()> {
    let tag = p.parse_operand()?;
    let idx = p.parse_operand_list(Delimiter::Square)?;
    p.expect_comma()?;
    let num = p.parse_operand()?;
    p.parse_optional_attr_dict()?;
    let t = p.parse_colon_type()?;
    let it = p.ctx().index_type();
    p.add_operand(&tag, t)?;
    p.add_operands_same_type(&idx, it)?;
    p.add_operand(&num, it)?;
    Ok(())
}

fn print_wait(p: &mut OpPrinter<'_>, op: OpId) {
    let ctx = p.ctx;
    let ops = ctx.operands(op);
    p.print_first_operand(op);
    p.write("[");
    p.print_operands(&ops[1..ops.len() - 1]);
    p.write("], ");
    p.print_value(ops[ops.len() - 1]);
    p.print_attrs_colon_type(op, ctx.value_type(ops[0]));
}

fn verify_wait(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.operands(op);
    let t = ctx.value_type(ops[0]);
    let Some(r) = rank(ctx, t) else {
        return Err(op_err(ctx, op, format!("operand #0 must be memref of any type values, but got {}", q(ctx, t))));
    };
    check_index_operands(ctx, op, 1..usize::MAX)?;
    let n = ops.len() - 2;
    if n != r {
        return Err(op_err(
            ctx,
            op,
            format!(
                "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {r}, but got {n}"
            ),
        ));
    }
    Ok(())
}
