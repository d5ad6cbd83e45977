//! `scf-for-strength-reduction`: a product `%iv * %x` of an `scf.for` induction variable and a
//! loop-invariant `%x` becomes a loop-carried value `%p`, started at `%lb * %x` and advanced by
//! `%step * %x` each iteration, both computed once before the loop. Cranelift does no induction
//! variable analysis, so this removes a multiply from every iteration (typically an address or
//! row offset in a loop nest).
//!
//! The rewrite is exact in wrapping arithmetic: after k iterations `%iv = %lb + k*%step` and
//! `%p = %lb*%x + k*(%step*%x)`, equal modulo 2^n whatever overflows, with any step sign and for
//! signed or `unsigned` loops. The new ops carry no `nsw`/`nuw`: an original product flagged
//! `nsw` only promises that *it* does not overflow, while `%step * %x` or the last increment may
//! (and dropping flags only makes values less poisonous, a valid refinement).
//!
//! Loops are visited post-order, so inner loops go first; the `%lb * %x` an inner loop leaves in
//! the outer body is then itself a candidate of the outer loop when `%lb` is its induction
//! variable (triangular and row-offset nests).

mod candidates;

use candidates::{find_products, Products};
use flowgate_ir::asm::parse_attr_str;
use flowgate_ir::{Builder, Context, Diagnostic, Location, OpId, OperationState, Type, Value, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};
use flowgate_scf::ForOp;

const ARGUMENT: &str = "scf-for-strength-reduction";

pub const INFO: PassInfo = PassInfo {
    argument: ARGUMENT,
    description: "Replace products of an scf.for induction variable and a loop-invariant value with an added iter_arg",
    create: |o: &PassOptions| {
        o.check_known(ARGUMENT, &[])?;
        Ok(Box::new(SCFForStrengthReduction) as Box<dyn Pass>)
    },
};

pub struct SCFForStrengthReduction;

impl Pass for SCFForStrengthReduction {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "SCFForStrengthReduction"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        strength_reduce_loops(ctx, op)?;
        Ok(())
    }
}

/// Strength-reduce every `scf.for` nested in `root`, innermost first. Returns how many
/// products were replaced.
pub fn strength_reduce_loops(ctx: &mut Context, root: OpId) -> Result<usize, Diagnostic> {
    let loops: Vec<OpId> = ctx
        .collect_ops(root, WalkOrder::PostOrder)
        .into_iter()
        .filter(|&o| o != root && ctx.is_op(o, ForOp::NAME))
        .collect();
    let mut replaced = 0;
    for op in loops {
        if ctx.is_erased(op) {
            continue;
        }
        if let Some(products) = find_products(ctx, op) {
            replaced += products.groups.iter().map(|g| g.products.len()).sum::<usize>();
            rewrite(ctx, op, products)?;
        }
    }
    Ok(replaced)
}

/// Rebuild `op` with one more iter_arg per invariant factor and replace the products by them.
fn rewrite(ctx: &mut Context, op: OpId, found: Products) -> Result<(), Diagnostic> {
    let loc = ctx.op_loc(op);
    let no_flags = parse_attr_str(ctx, "#arith.overflow<none>")?;
    let Some(for_op) = ForOp::cast(ctx, op) else { return Ok(()) };
    let old_operands = ctx.operands(op).to_vec();
    let (lb, step) = (for_op.lower_bound(ctx), for_op.step(ctx));
    let ty = ctx.value_type(lb);

    // Before the loop: the first value and the increment of each new iter_arg.
    let mut b = Builder::before(ctx, op);
    let mut inits = Vec::with_capacity(found.groups.len());
    let mut increments = Vec::with_capacity(found.groups.len());
    for g in &found.groups {
        inits.push(int_binary(&mut b, "arith.muli", lb, g.factor, ty, no_flags, loc));
        increments.push(int_binary(&mut b, "arith.muli", step, g.factor, ty, no_flags, loc));
    }

    // The new loop takes the old body, plus a block argument and a yielded value per factor.
    let old_region = ctx.region(op, 0);
    let region = ctx.create_region();
    ctx.take_region_body(old_region, region);
    let mut operands = old_operands;
    operands.extend_from_slice(&inits);
    let mut result_types = ctx.result_types(op);
    result_types.extend(std::iter::repeat_n(ty, inits.len()));
    let mut st =
        OperationState::new(ctx, ForOp::NAME, loc).operands(&operands).results(&result_types).regions(&[region]);
    st.attrs = ctx.attrs(op).to_vec();
    let new_op = ctx.create_op(st);
    ctx.insert_op_before(new_op, op);

    // Products first: one of them may be yielded, and the yield must see its replacement.
    let (body, term) = (found.body, found.yield_op);
    let mut carried = Vec::with_capacity(found.groups.len());
    for g in &found.groups {
        let p = ctx.add_block_arg(body, ty, loc);
        for &m in &g.products {
            ctx.replace_op(m, &[p]);
        }
        carried.push(p);
    }
    let mut yielded = ctx.operands(term).to_vec();
    let mut b = Builder::before(ctx, term);
    for (&p, &inc) in carried.iter().zip(&increments) {
        yielded.push(int_binary(&mut b, "arith.addi", p, inc, ty, no_flags, loc));
    }
    ctx.set_operands(term, yielded);

    let n = ctx.results(op).len();
    let new_results = ctx.results(new_op)[..n].to_vec();
    ctx.replace_op(op, &new_results);
    Ok(())
}

/// `name %lhs, %rhs` of integer type `ty` with the given `overflowFlags`.
fn int_binary(
    b: &mut Builder<'_>,
    name: &str,
    lhs: Value,
    rhs: Value,
    ty: Type,
    flags: flowgate_ir::Attribute,
    loc: Location,
) -> Value {
    let st =
        OperationState::new(b.ctx, name, loc).operands(&[lhs, rhs]).results(&[ty]).attr(b.ctx, "overflowFlags", flags);
    b.create_value(st)
}

#[cfg(test)]
mod tests;
