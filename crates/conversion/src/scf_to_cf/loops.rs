//! `scf.for` and `scf.while` to a loop header block with arguments.

use super::build::{self, CmpPredicate};
use super::{entry, position, terminator};
use flowgate_ir::{Builder, Context, Diagnostic, OpId};
use flowgate_scf::{ConditionOp, ForOp, YieldOp};

/// ```text
/// init:  cf.br ^cond(%lb, %inits...)
/// ^cond(%iv, %iter...): %c = arith.cmpi slt|ult, %iv, %ub ; cf.cond_br %c, ^body, ^end
/// ^body ... ^last: %next = arith.addi %iv, %step ; cf.br ^cond(%next, %yielded...)
/// ^end:  the ops after the loop, using ^cond's %iter... as the results
/// ```
pub(crate) fn lower_for(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let (init_block, region) = position(ctx, op)?;
    let cond_block = entry(ctx, op, 0)?;
    let body = ctx.region(op, 0);
    let last_body = *ctx.region_blocks(body).last().unwrap_or(&cond_block);
    let yield_op = terminator(ctx, op, last_body, YieldOp::NAME)?;
    let Some(for_op) = ForOp::cast(ctx, op) else {
        return Err(Diagnostic::op_error(ctx, op, "expects lower bound, upper bound and step operands"));
    };
    let (lb, ub, step) = (for_op.lower_bound(ctx), for_op.upper_bound(ctx), for_op.step(ctx));
    let inits = for_op.init_args(ctx).to_vec();
    let unsigned = ctx.has_attr(op, "unsignedCmp");

    let end_block = ctx.split_block(init_block, op);
    // The entry block keeps the arguments and becomes the header; its ops move to a new block.
    let first = ctx.first_op(cond_block).unwrap_or(yield_op);
    let first_body = ctx.split_block(cond_block, first);
    let last_body = if last_body == cond_block { first_body } else { last_body };
    ctx.inline_region_before(body, region, Some(end_block));
    let iv = ctx.block_arg(cond_block, 0);

    let mut b = Builder::at_end(ctx, last_body);
    let stepped = build::addi(&mut b, iv, step, loc)?;
    let mut carried = vec![stepped];
    carried.extend_from_slice(b.ctx.operands(yield_op));
    build::br(&mut b, cond_block, &carried, loc);
    b.ctx.erase_op(yield_op);

    b.set_insertion_point_to_end(init_block);
    let mut entry_args = vec![lb];
    entry_args.extend_from_slice(&inits);
    build::br(&mut b, cond_block, &entry_args, loc);

    b.set_insertion_point_to_end(cond_block);
    let pred = if unsigned { CmpPredicate::Ult } else { CmpPredicate::Slt };
    let c = build::cmpi(&mut b, pred, iv, ub, loc);
    build::cond_br(&mut b, c, (first_body, &[]), (end_block, &[]), loc);

    let results = ctx.block_args(cond_block)[1..].to_vec();
    ctx.replace_op(op, &results);
    Ok(())
}

/// The `before` region becomes the header, ending in `cf.cond_br` to the `after` region (or,
/// when `after` only forwards its arguments, back to itself) and to the continuation.
pub(crate) fn lower_while(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let (current, region) = position(ctx, op)?;
    let before = entry(ctx, op, 0)?;
    let after = entry(ctx, op, 1)?;
    let (before_r, after_r) = (ctx.region(op, 0), ctx.region(op, 1));
    let before_last = *ctx.region_blocks(before_r).last().unwrap_or(&before);
    let cond = terminator(ctx, op, before_last, ConditionOp::NAME)?;
    let after_last = *ctx.region_blocks(after_r).last().unwrap_or(&after);
    let yield_op = terminator(ctx, op, after_last, YieldOp::NAME)?;
    let inits = ctx.operands(op).to_vec();
    let Some(condition) = ConditionOp::cast(ctx, cond) else {
        return Err(Diagnostic::op_error(ctx, op, "expects a condition operand"));
    };
    let (flag, forwarded) = (condition.condition(ctx), condition.args(ctx).to_vec());
    // Upstream's do-while form: an `after` region that only yields its own arguments.
    let do_while = ctx.region_blocks(after_r).len() == 1
        && ctx.first_op(after) == Some(yield_op)
        && ctx.operands(yield_op) == ctx.block_args(after);

    let continuation = ctx.split_block(current, op);
    if !do_while {
        ctx.inline_region_before(after_r, region, Some(continuation));
    }
    let before_dest = if do_while { continuation } else { after };
    ctx.inline_region_before(before_r, region, Some(before_dest));

    let mut b = Builder::at_end(ctx, current);
    build::br(&mut b, before, &inits, loc);
    b.set_insertion_point_before(cond);
    let body = if do_while { before } else { after };
    build::cond_br(&mut b, flag, (body, &forwarded), (continuation, &[]), loc);
    b.ctx.erase_op(cond);
    if !do_while {
        b.set_insertion_point_before(yield_op);
        let vals = b.ctx.operands(yield_op).to_vec();
        build::br(&mut b, before, &vals, loc);
    }
    b.ctx.erase_op(yield_op);
    ctx.replace_op(op, &forwarded);
    Ok(())
}
