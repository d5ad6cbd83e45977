//! Upstream's `scf::wrapWhileLoopInZeroTripCheck` (WrapInZeroTripCheck.cpp):
//!
//! ```text
//! scf.while (%a = %init) {before(%a)} do {after}
//! ```
//! becomes
//! ```text
//! <before, copied, on %init>                      // %pre_cond, %pre_args
//! scf.if %pre_cond {
//!   %r = scf.while (%b = %pre_args) {after(%b); before} do { scf.yield %args }
//!   scf.yield %r
//! } else {
//!   scf.yield %pre_args
//! }
//! ```
//! The before region still runs exactly as often as before (once more than the after region,
//! in the same order), so the rewrite keeps effects in it too; what it costs is one copy of
//! the before region, which the caller bounds.

use super::clone::{clone_op, Mapping};
use flowgate_ir::{BlockId, Builder, Context, Location, OpId, OperationState, RegionId, Type, Value};
use flowgate_scf::{ConditionOp, IfOp, WhileOp, YieldOp};

/// What [`wrap_in_zero_trip_check`] did.
#[derive(Debug, PartialEq, Eq)]
pub enum Rotation {
    /// The loop now lives in an `scf.if`; this is the new, do-while shaped `scf.while`.
    Rotated(OpId),
    /// The after region starts with its `scf.yield`: the loop is a do-while already.
    AlreadyDoWhile,
    /// The before region has more ops than the size limit allows to copy.
    TooLarge,
    /// Not a well-formed `scf.while` (the verifier reports those); left alone.
    NotApplicable,
}

/// The parts of a well-formed `scf.while` the rewrite uses.
struct WhileLoop {
    before: BlockId,
    after: BlockId,
    condition: OpId,
    yield_op: OpId,
}

impl WhileLoop {
    fn read(ctx: &Context, op: OpId) -> Option<WhileLoop> {
        let w = WhileOp::cast(ctx, op).filter(|_| ctx.regions(op).len() == 2)?;
        let (&[before], &[after]) = (ctx.region_blocks(w.before(ctx)), ctx.region_blocks(w.after(ctx))) else {
            return None;
        };
        let condition = ctx.terminator(before).and_then(|t| ConditionOp::cast(ctx, t))?;
        let yield_op = ctx.terminator(after).and_then(|t| YieldOp::cast(ctx, t))?;
        let n_forwarded = condition.args(ctx).len();
        let (condition, yield_op) = (condition.op(), yield_op.op());
        let shapes_agree = ctx.block_args(before).len() == w.inits(ctx).len()
            && ctx.operands(yield_op).len() == ctx.block_args(before).len()
            && ctx.block_args(after).len() == n_forwarded
            && ctx.results(op).len() == n_forwarded;
        shapes_agree.then_some(WhileLoop { before, after, condition, yield_op })
    }
}

/// The ops a rotation copies: everything in the before region but its `scf.condition`,
/// nested ops included.
pub fn before_region_size(ctx: &Context, before: BlockId) -> usize {
    let mut n = 0;
    for o in ctx.block_ops(before) {
        if ConditionOp::cast(ctx, o).is_none() {
            ctx.walk(o, &mut |_| n += 1);
        }
    }
    n
}

/// Rotate `op` (an `scf.while`) into a zero-trip check around a do-while loop. Loops already in
/// do-while form are left alone unless `force`; so are loops whose before region has more than
/// `max_before_ops` ops (see [`before_region_size`]).
pub fn wrap_in_zero_trip_check(ctx: &mut Context, op: OpId, force: bool, max_before_ops: usize) -> Rotation {
    let Some(w) = WhileLoop::read(ctx, op) else { return Rotation::NotApplicable };
    // Upstream's test: the after region's first op is its `scf.yield` (whatever it yields).
    if !force && ctx.first_op(w.after) == Some(w.yield_op) {
        return Rotation::AlreadyDoWhile;
    }
    if before_region_size(ctx, w.before) > max_before_ops {
        return Rotation::TooLarge;
    }
    let loc = ctx.op_loc(op);

    // The first evaluation of the before region, on the initial values, goes before the loop.
    let mut mapping = Mapping::default();
    let inits = ctx.operands(op).to_vec();
    for (&arg, &init) in ctx.block_args(w.before).to_vec().iter().zip(&inits) {
        mapping.map(arg, init);
    }
    let before_ops: Vec<OpId> = ctx.block_ops(w.before).take_while(|&o| o != w.condition).collect();
    for o in before_ops {
        let copy = clone_op(ctx, o, &mut mapping);
        ctx.insert_op_before(copy, op);
    }
    let cond_operands = ctx.operands(w.condition).to_vec();
    let pre_cond = mapping.lookup_or_default(cond_operands[0]);
    let pre_args: Vec<Value> = cond_operands[1..].iter().map(|&v| mapping.lookup_or_default(v)).collect();

    let new_loop = rotated_loop(ctx, op, &w, &pre_args, loc);
    let if_op = zero_trip_check(ctx, op, new_loop, pre_cond, &pre_args, loc);
    let results = ctx.results(if_op).to_vec();
    ctx.replace_op(op, &results);
    Rotation::Rotated(new_loop)
}

/// The new `scf.while` (detached): its before region is the old after region followed by the
/// old before region; its after region only forwards its arguments.
fn rotated_loop(ctx: &mut Context, op: OpId, w: &WhileLoop, pre_args: &[Value], loc: Location) -> OpId {
    let result_types = ctx.result_types(op);
    // As upstream's `WhileOp` builder: before arguments take the operands' types and
    // locations, after arguments the result types and the op's location.
    let arg_types: Vec<Type> = pre_args.iter().map(|&v| ctx.value_type(v)).collect();
    let arg_locs: Vec<Location> = pre_args.iter().map(|&v| ctx.value_loc(v).unwrap_or(loc)).collect();
    let before_r = ctx.create_region();
    let new_before = add_block(ctx, before_r, &arg_types, &arg_locs);
    let new_args = ctx.block_args(new_before).to_vec();
    ctx.merge_blocks(w.after, new_before, &new_args);
    let yielded = ctx.operands(w.yield_op).to_vec();
    ctx.merge_blocks(w.before, new_before, &yielded);
    ctx.erase_op(w.yield_op);

    let after_r = ctx.create_region();
    let after_locs = vec![loc; result_types.len()];
    let new_after = add_block(ctx, after_r, &result_types, &after_locs);
    let forwarded = ctx.block_args(new_after).to_vec();
    let mut b = Builder::at_end(ctx, new_after);
    yield_values(&mut b, &forwarded, loc);

    let st = OperationState::new(ctx, WhileOp::NAME, loc)
        .operands(pre_args)
        .results(&result_types)
        .regions(&[before_r, after_r]);
    ctx.create_op(st)
}

/// `scf.if %pre_cond { new_loop; yield its results } else { yield %pre_args }`, before `op`.
fn zero_trip_check(
    ctx: &mut Context,
    op: OpId,
    new_loop: OpId,
    pre_cond: Value,
    pre_args: &[Value],
    loc: Location,
) -> OpId {
    let then_r = ctx.create_region();
    let then_b = add_block(ctx, then_r, &[], &[]);
    ctx.append_op(then_b, new_loop);
    let loop_results = ctx.results(new_loop).to_vec();
    yield_values(&mut Builder::at_end(ctx, then_b), &loop_results, loc);

    let else_r = ctx.create_region();
    let else_b = add_block(ctx, else_r, &[], &[]);
    yield_values(&mut Builder::at_end(ctx, else_b), pre_args, loc);

    // Upstream infers the result types from the then region's `scf.yield`.
    let types = ctx.result_types(new_loop);
    let st = OperationState::new(ctx, IfOp::NAME, loc).operands(&[pre_cond]).results(&types).regions(&[then_r, else_r]);
    Builder::before(ctx, op).create(st)
}

fn yield_values(b: &mut Builder<'_>, values: &[Value], loc: Location) {
    let st = OperationState::new(b.ctx, YieldOp::NAME, loc).operands(values);
    b.create(st);
}

fn add_block(ctx: &mut Context, region: RegionId, types: &[Type], locs: &[Location]) -> BlockId {
    let block = ctx.create_block();
    for (&t, &l) in types.iter().zip(locs) {
        ctx.add_block_arg(block, t, l);
    }
    ctx.append_block(region, block);
    block
}
