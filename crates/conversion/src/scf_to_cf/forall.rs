//! `scf.forall` without shared outputs becomes an `scf.parallel` over the same space, as
//! upstream's SCFToControlFlow does first (`forallToParallelLoop`); the conversion's next round
//! lowers that to loops. An `scf.forall` with outputs works on tensors, which only
//! bufferization can turn into control flow, so it is reported.

use super::{entry, terminator};
use flowgate_ir::{Builder, Context, Diagnostic, OpId, OperationState, Value, DYNAMIC};

pub(crate) fn forall_to_parallel(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let f = flowgate_scf::forall_operands(ctx, op)
        .ok_or_else(|| Diagnostic::op_error(ctx, op, "has malformed 'operandSegmentSizes'"))?;
    if !f.outputs.is_empty() {
        return Err(Diagnostic::op_error(
            ctx,
            op,
            "with shared outputs cannot be lowered to control flow (only a fully bufferized scf.forall can)",
        ));
    }
    let body = entry(ctx, op, 0)?;
    let term = terminator(ctx, op, body, "scf.forall.in_parallel")?;
    let combining_empty =
        ctx.regions(term).iter().all(|&r| ctx.region_blocks(r).iter().all(|&b| ctx.block_ops(b).next().is_none()));
    if !combining_empty {
        return Err(Diagnostic::op_error(ctx, op, "has parallel-combining ops but no shared outputs"));
    }

    // Static bounds and steps become `index` constants in front of the loop.
    let mut b = Builder::before(ctx, op);
    let mut operands = Vec::new();
    let mut rank = None;
    for (statics, dynamic) in [&f.lbs, &f.ubs, &f.steps] {
        if *rank.get_or_insert(statics.len()) != statics.len() {
            return Err(Diagnostic::op_error(b.ctx, op, "has bound and step lists of different lengths"));
        }
        let mut dynamic = dynamic.iter();
        for &s in statics {
            let v: Value = if s == DYNAMIC {
                *dynamic.next().ok_or_else(|| Diagnostic::op_error(b.ctx, op, "is missing a dynamic bound"))?
            } else {
                flowgate_arith::builders::constant_index(&mut b, s, loc)
            };
            operands.push(v);
        }
    }
    let n = i32::try_from(rank.unwrap_or(0))
        .map_err(|_| Diagnostic::op_error(ctx, op, "has too many induction variables"))?;
    let region = ctx.create_region();
    if let Some(&r) = ctx.regions(op).first() {
        ctx.take_region_body(r, region);
    }
    ctx.erase_op(term);
    let reduce = OperationState::new(ctx, "scf.reduce", loc);
    let reduce = ctx.create_op(reduce);
    ctx.append_op(body, reduce);
    let sizes = ctx.dense_i32_array_attr(&[n, n, n, 0]);
    let st = OperationState::new(ctx, "scf.parallel", loc).operands(&operands).regions(&[region]).attr(
        ctx,
        "operandSegmentSizes",
        sizes,
    );
    let mut b = Builder::before(ctx, op);
    b.create(st);
    ctx.erase_op(op);
    Ok(())
}
