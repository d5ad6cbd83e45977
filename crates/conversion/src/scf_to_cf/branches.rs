//! `scf.if`, `scf.index_switch` and `scf.execute_region`: regions inlined as blocks that branch
//! to a continuation block whose arguments replace the results (seed 003's shape).

use super::{build, entry, position, terminator};
use flowgate_ir::{BlockId, Builder, Context, Diagnostic, OpId, RegionId};
use flowgate_scf::{IfOp, YieldOp};

/// Inline a single-block region before `dest_before`, turning its `scf.yield` into a branch to
/// `continuation`; returns the region's (former) entry block.
fn inline_yielding(
    ctx: &mut Context,
    op: OpId,
    region: RegionId,
    parent: RegionId,
    continuation: BlockId,
) -> Result<BlockId, Diagnostic> {
    let first = ctx.entry_block(region).ok_or_else(|| Diagnostic::op_error(ctx, op, "expects a non-empty region"))?;
    let last = *ctx.region_blocks(region).last().unwrap_or(&first);
    let y = terminator(ctx, op, last, YieldOp::NAME)?;
    let vals = ctx.operands(y).to_vec();
    let loc = ctx.op_loc(op);
    let mut b = Builder::before(ctx, y);
    build::br(&mut b, continuation, &vals, loc);
    b.ctx.erase_op(y);
    ctx.inline_region_before(region, parent, Some(continuation));
    Ok(first)
}

/// ```text
/// cond:  cf.cond_br %c, ^then, ^else (or ^cont when there is no else)
/// ^then: ... cf.br ^cont(%a)      ^else: ... cf.br ^cont(%b)
/// ^cont(%r): cf.br ^rest          ^rest: the ops after the if
/// ```
pub(crate) fn lower_if(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let (cond_block, region) = position(ctx, op)?;
    let Some(if_op) = IfOp::cast(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "expects a condition operand and two regions"));
    };
    let cond = if_op.condition(ctx);
    let result_types = ctx.result_types(op);
    let (then_r, else_r) = (if_op.then_region(ctx), if_op.else_region(ctx));
    entry(ctx, op, 0)?;
    let remaining = ctx.split_block(cond_block, op);
    let continuation = if result_types.is_empty() {
        remaining
    } else {
        let c = ctx.create_block();
        ctx.insert_block(region, c, Some(remaining));
        for &t in &result_types {
            ctx.add_block_arg(c, t, loc);
        }
        let mut b = Builder::at_end(ctx, c);
        build::br(&mut b, remaining, &[], loc);
        c
    };
    let then_block = inline_yielding(ctx, op, then_r, region, continuation)?;
    let else_block = if ctx.is_region_empty(else_r) {
        continuation
    } else {
        inline_yielding(ctx, op, else_r, region, continuation)?
    };
    let mut b = Builder::at_end(ctx, cond_block);
    build::cond_br(&mut b, cond, (then_block, &[]), (else_block, &[]), loc);
    let results = ctx.block_args(continuation).to_vec();
    ctx.replace_op(op, &results);
    Ok(())
}

/// `arith.index_cast` of the argument to `i64`, then `cf.switch` over the case blocks; every
/// region branches to a continuation block carrying the results. Upstream casts to `i32`, which
/// makes case 2^32 match 0 and -1 match 2^32 - 1; we keep all 64 bits.
pub(crate) fn lower_switch(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let (cond_block, region) = position(ctx, op)?;
    let cases = flowgate_scf::switch_cases(ctx, op);
    let regions = ctx.regions(op).to_vec();
    if cases.len() + 1 != regions.len() {
        return Err(Diagnostic::op_error(ctx, op, "expects one region per case value plus a default region"));
    }
    for i in 0..regions.len() {
        entry(ctx, op, i)?;
    }
    let continuation = ctx.split_block(cond_block, op);
    for t in ctx.result_types(op) {
        ctx.add_block_arg(continuation, t, loc);
    }
    let mut targets = Vec::new();
    for (&v, &r) in cases.iter().zip(&regions[1..]) {
        targets.push((v, inline_yielding(ctx, op, r, region, continuation)?));
    }
    let default = inline_yielding(ctx, op, regions[0], region, continuation)?;
    let arg = ctx.operand(op, 0);
    let i64t = ctx.integer_type(64);
    let mut b = Builder::at_end(ctx, cond_block);
    let flag = build::index_cast(&mut b, arg, i64t, loc);
    build::switch(&mut b, flag, default, &targets, loc)?;
    let results = ctx.block_args(continuation).to_vec();
    ctx.replace_op(op, &results);
    Ok(())
}

/// The region's blocks are inlined; every `scf.yield` branches to the block after the op, which
/// takes the results as arguments.
pub(crate) fn lower_execute_region(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let (cond_block, region) = position(ctx, op)?;
    let first = entry(ctx, op, 0)?;
    let body = ctx.region(op, 0);
    let remaining = ctx.split_block(cond_block, op);
    let mut b = Builder::at_end(ctx, cond_block);
    build::br(&mut b, first, &[], loc);
    for blk in ctx.region_blocks(body).to_vec() {
        if let Some(y) = ctx.last_op(blk).filter(|&t| ctx.is_op(t, YieldOp::NAME)) {
            let vals = ctx.operands(y).to_vec();
            let mut b = Builder::at_end(ctx, blk);
            build::br(&mut b, remaining, &vals, loc);
            ctx.erase_op(y);
        }
    }
    ctx.inline_region_before(body, region, Some(remaining));
    for t in ctx.result_types(op) {
        ctx.add_block_arg(remaining, t, loc);
    }
    let results = ctx.block_args(remaining).to_vec();
    ctx.replace_op(op, &results);
    Ok(())
}
