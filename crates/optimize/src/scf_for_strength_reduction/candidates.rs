//! Finding the products `%iv * %x` of an `scf.for` that strength reduction replaces.

use flowgate_ir::{BlockId, Context, OpId, Traits, Value};
use flowgate_scf::{ForOp, YieldOp};

/// The products of one loop, grouped by invariant factor.
pub(crate) struct Products {
    /// The loop body (its only block) and its `scf.yield`.
    pub body: BlockId,
    pub yield_op: OpId,
    /// In order of first appearance, so the output is deterministic.
    pub groups: Vec<Group>,
}

/// Every `arith.muli` of the induction variable by the same invariant `factor`; they share one
/// new iter_arg.
pub(crate) struct Group {
    pub factor: Value,
    pub products: Vec<OpId>,
}

/// The products of `op`'s induction variable and a value defined outside `op`, anywhere in its
/// body (nested regions included: the new iter_arg is a body argument, which dominates them,
/// and holds `%iv * %x` throughout an iteration). `None` when there are none or the loop is not
/// a well-formed `scf.for`.
pub(crate) fn find_products(ctx: &Context, op: OpId) -> Option<Products> {
    let (body, yield_op, iv) = loop_shape(ctx, op)?;
    let ty = ctx.value_type(iv);
    let mut groups: Vec<Group> = Vec::new();
    let region = ctx.region(op, 0);
    ctx.walk_region(region, &mut |m| {
        let Some(factor) = invariant_factor(ctx, op, m, iv) else { return };
        if ctx.value_type(factor) != ty || ctx.results(m).len() != 1 || ctx.value_type(ctx.result(m, 0)) != ty {
            return;
        }
        match groups.iter_mut().find(|g| g.factor == factor) {
            Some(g) => g.products.push(m),
            None => groups.push(Group { factor, products: vec![m] }),
        }
    });
    (!groups.is_empty()).then_some(Products { body, yield_op, groups })
}

/// The body block, its `scf.yield` and the induction variable of a well-formed `scf.for`.
fn loop_shape(ctx: &Context, op: OpId) -> Option<(BlockId, OpId, Value)> {
    let f = ForOp::cast(ctx, op)?;
    if ctx.regions(op).len() != 1 || ctx.parent_block(op).is_none() {
        return None;
    }
    let &[body] = ctx.region_blocks(f.body(ctx)) else { return None };
    let yield_op = ctx.last_op(body).filter(|&t| ctx.is_op(t, YieldOp::NAME))?;
    let iv = *ctx.block_args(body).first()?;
    let bound_ty = ctx.value_type(f.lower_bound(ctx));
    let same_types = [f.upper_bound(ctx), f.step(ctx)].iter().all(|&v| ctx.value_type(v) == bound_ty);
    if !same_types || ctx.value_type(iv) != bound_ty || ctx.block_args(body).len() != f.init_args(ctx).len() + 1 {
        return None;
    }
    Some((body, yield_op, iv))
}

/// For `m = arith.muli %iv, %x` or `arith.muli %x, %iv` with `%x` defined outside `lp`, `%x`.
fn invariant_factor(ctx: &Context, lp: OpId, m: OpId, iv: Value) -> Option<Value> {
    if !ctx.is_op(m, "arith.muli") || crosses_isolation(ctx, lp, m) {
        return None;
    }
    let &[a, b] = ctx.operands(m) else { return None };
    let x = match (a == iv, b == iv) {
        (true, false) => b,
        (false, true) => a,
        _ => return None,
    };
    defined_outside(ctx, lp, x).then_some(x)
}

/// True when `x` is defined outside `lp` (so it does not change while the loop runs).
fn defined_outside(ctx: &Context, lp: OpId, x: Value) -> bool {
    if ctx.defining_op(x) == Some(lp) {
        return false;
    }
    let Some(block) = ctx.value_block(x) else { return false };
    match ctx.block_parent_op(block) {
        Some(owner) => !ctx.is_ancestor(lp, owner),
        None => false,
    }
}

/// True when an op isolated from above sits between `lp` and `m`: values of the loop body are
/// not visible there (the verifier would have rejected a use of `%iv`, but stay defensive).
fn crosses_isolation(ctx: &Context, lp: OpId, m: OpId) -> bool {
    let mut cur = ctx.parent_op(m);
    while let Some(o) = cur {
        if o == lp {
            return false;
        }
        if ctx.has_trait(o, Traits::ISOLATED_FROM_ABOVE) {
            return true;
        }
        cur = ctx.parent_op(o);
    }
    true
}
