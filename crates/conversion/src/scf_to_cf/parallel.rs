//! `scf.parallel` to a nest of `scf.for` loops, as upstream's ParallelLowering: the reduction
//! accumulators become iter_args threaded through the nest, each reduction body is inlined
//! with (accumulator, new value) as its arguments, and the innermost loop yields the results.

use super::{entry, terminator};
use flowgate_ir::{Builder, Context, Diagnostic, Location, OpId, OperationState, Value};
use flowgate_scf::{ForOp, YieldOp};

/// Create `scf.for %iv = lb to ub step s iter_args(inits)` at the builder's position; loops
/// without iter_args get their (empty) `scf.yield`, the others get one later.
fn create_for(b: &mut Builder<'_>, (lb, ub, step): (Value, Value, Value), inits: &[Value], loc: Location) -> OpId {
    let region = b.ctx.create_region();
    let mut arg_types = vec![b.ctx.value_type(lb)];
    arg_types.extend(inits.iter().map(|&v| b.ctx.value_type(v)));
    let block = b.ctx.add_block(region, &arg_types, loc);
    if inits.is_empty() {
        let y = OperationState::new(b.ctx, YieldOp::NAME, loc);
        let y = b.ctx.create_op(y);
        b.ctx.append_op(block, y);
    }
    let mut operands = vec![lb, ub, step];
    operands.extend_from_slice(inits);
    let types: Vec<_> = inits.iter().map(|&v| b.ctx.value_type(v)).collect();
    let st = OperationState::new(b.ctx, ForOp::NAME, loc).operands(&operands).results(&types).regions(&[region]);
    b.create(st)
}

pub(crate) fn lower_parallel(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let g = flowgate_scf::parallel_operands(ctx, op)
        .ok_or_else(|| Diagnostic::op_error(ctx, op, "has malformed 'operandSegmentSizes'"))?;
    let body = entry(ctx, op, 0)?;
    let reduce = terminator(ctx, op, body, "scf.reduce")?;
    let ivs_in = ctx.block_args(body).to_vec();
    if ivs_in.len() != g.steps.len() || g.lbs.len() != g.steps.len() || g.ubs.len() != g.steps.len() {
        return Err(Diagnostic::op_error(ctx, op, "expects one induction variable per bound and step"));
    }
    let num_results = ctx.results(op).len();
    if ctx.regions(reduce).len() != num_results
        || ctx.operands(reduce).len() != num_results
        || g.inits.len() != num_results
    {
        return Err(Diagnostic::op_error(ctx, op, "expects one reduction per result"));
    }

    let mut iter_args = g.inits.clone();
    let mut loop_results = iter_args.clone();
    let mut ivs = Vec::new();
    let mut b = Builder::before(ctx, op);
    let mut innermost = None;
    for (i, ((&lb, &ub), &step)) in g.lbs.iter().zip(&g.ubs).zip(&g.steps).enumerate() {
        let for_op = create_for(&mut b, (lb, ub, step), &iter_args, loc);
        let fb = entry(b.ctx, for_op, 0)?;
        ivs.push(b.ctx.block_arg(fb, 0));
        let results = b.ctx.results(for_op).to_vec();
        if i == 0 {
            loop_results = results;
        } else if !results.is_empty() {
            // The enclosing loop (built empty, as it has iter_args) yields this loop's results.
            if let Some(parent) = b.ctx.parent_block(for_op) {
                let st = OperationState::new(b.ctx, YieldOp::NAME, loc).operands(&results);
                let y = b.ctx.create_op(st);
                b.ctx.append_op(parent, y);
            }
        }
        iter_args = b.ctx.block_args(fb)[1..].to_vec();
        b.set_insertion_point_to_start(fb);
        innermost = Some(fb);
    }
    let Some(new_body) = innermost else {
        return Err(Diagnostic::op_error(ctx, op, "needs at least one induction variable"));
    };

    // Reductions combine the accumulator (lhs) with this iteration's value (rhs).
    let mut yielded = Vec::with_capacity(num_results);
    for (i, &acc) in iter_args.iter().enumerate() {
        let rblock = entry(ctx, reduce, i)?;
        let ret = terminator(ctx, op, rblock, "scf.reduce.return")?;
        let value = ctx.operand(reduce, i);
        let args = [acc, value];
        // The returned value may be one of the block's own arguments, which inlining replaces.
        let ret_val = ctx.operand(ret, 0);
        let mapped = ctx.block_args(rblock).iter().position(|&a| a == ret_val).map_or(ret_val, |k| args[k]);
        yielded.push(mapped);
        ctx.erase_op(ret);
        ctx.inline_block_before(rblock, body, Some(reduce), &args);
    }
    ctx.erase_op(reduce);

    match ctx.last_op(new_body) {
        None => ctx.merge_blocks(body, new_body, &ivs),
        Some(t) => ctx.inline_block_before(body, new_body, Some(t), &ivs),
    }
    if !yielded.is_empty() {
        let st = OperationState::new(ctx, YieldOp::NAME, loc).operands(&yielded);
        let y = ctx.create_op(st);
        ctx.append_op(new_body, y);
    }
    ctx.replace_op(op, &loop_results);
    Ok(())
}
