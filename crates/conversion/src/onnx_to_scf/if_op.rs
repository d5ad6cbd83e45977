//! `onnx.If` to `scf.if`.
//!
//! ```text
//! %c = tensor.extract %cond[] : tensor<i1>
//! %r = scf.if %c -> (join types) { then ops; scf.yield (casts of) %a } else { ...; scf.yield %b }
//! ```
//! The result types are the importer's when they hold both branches' values, else the join of
//! the branches (branches may give different shapes or ranks); uses keep the declared type
//! through a cast back when it is compatible.

use super::build::{self, err};
use super::types::{is_supertype, join};
use flowgate_ir::{Builder, Context, Diagnostic, OpId, OperationState, Type};

pub(crate) fn convert(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    if ctx.operands(op).len() != 1 || ctx.regions(op).len() != 2 {
        return Err(err(ctx, op, "expects one condition operand and two regions"));
    }
    let (then_blk, then_y) = build::body(ctx, op, 0)?;
    let (else_blk, else_y) = build::body(ctx, op, 1)?;
    let results = ctx.results(op).to_vec();
    let (ty, ey) = (ctx.operand_types(then_y), ctx.operand_types(else_y));
    if ty.len() != results.len() || ey.len() != results.len() {
        return Err(err(ctx, op, "expects each branch to yield one value per result"));
    }
    let mut types: Vec<Type> = Vec::with_capacity(results.len());
    for (j, &r) in results.iter().enumerate() {
        let declared = ctx.value_type(r);
        let t = if is_supertype(ctx, declared, ty[j]) && is_supertype(ctx, declared, ey[j]) {
            declared
        } else {
            join(ctx, ty[j], ey[j]).ok_or_else(|| {
                err(
                    ctx,
                    op,
                    format!(
                        "branches yield incompatible types for result #{j}: {} and {}",
                        build::show(ctx, ty[j]),
                        build::show(ctx, ey[j])
                    ),
                )
            })?
        };
        types.push(t);
    }

    let cond = ctx.operand(op, 0);
    let mut b = Builder::before(ctx, op);
    let c = build::scalar_of(&mut b, op, cond, "condition", loc)?;
    let mut regions = Vec::new();
    for (blk, y) in [(then_blk, then_y), (else_blk, else_y)] {
        let (r, dest) = build::region_with_block(b.ctx, &[], loc);
        build::inline_body(b.ctx, op, blk, dest, &[])?;
        let mut yb = Builder::before(b.ctx, y);
        let vals = yb.ctx.operands(y).to_vec();
        let mut out = Vec::with_capacity(vals.len());
        for (&v, &t) in vals.iter().zip(&types) {
            out.push(build::coerce(&mut yb, op, v, t, loc)?);
        }
        build::scf_yield(&mut yb, &out, loc);
        yb.ctx.erase_op(y);
        regions.push(r);
    }
    let st = OperationState::new(b.ctx, "scf.if", loc).operands(&[c]).results(&types).regions(&regions);
    let new_op = b.create(st);
    b.set_insertion_point_after(new_op);
    for (j, &r) in results.iter().enumerate() {
        let v = b.ctx.result(new_op, j);
        build::replace_result(&mut b, op, r, v, loc);
    }
    b.ctx.erase_op(op);
    Ok(())
}
