//! The typed views name the right operands, and the region-branch hooks connect each forwarded
//! operand to the block argument or result it feeds.
mod common;
use common::*;
use flowgate_ir::region_branch::{forwarded, is_forwarded};
use flowgate_ir::{Context, OpId, WalkOrder};
use flowgate_scf::{ConditionOp, ForOp, IfOp, WhileOp, YieldOp};

const SRC: &str = r#"func.func @f(%lb: index, %ub: index, %s: index, %x: f32, %c: i1) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (f32) {
    %t = scf.if %c -> (f32) {
      scf.yield %a : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %t : f32
  }
  %w = scf.while (%b = %r) : (f32) -> f32 {
    scf.condition(%c) %b : f32
  } do {
  ^bb0(%d: f32):
    scf.yield %d : f32
  }
  return %w : f32
}"#;

fn find(ctx: &Context, m: OpId, name: &str) -> Vec<OpId> {
    ctx.collect_ops(m, WalkOrder::PreOrder).into_iter().filter(|&o| ctx.is_op(o, name)).collect()
}

fn arg(ctx: &Context, m: OpId, i: usize) -> flowgate_ir::Value {
    let f = find(ctx, m, "func.func")[0];
    ctx.block_args(ctx.entry_block(ctx.region(f, 0)).unwrap())[i]
}

#[test]
fn for_view_names_bounds_inits_and_body() {
    let (ctx, m) = check(SRC).unwrap();
    let op = find(&ctx, m, "scf.for")[0];
    let f = ForOp::cast(&ctx, op).unwrap();
    assert_eq!(f.lower_bound(&ctx), arg(&ctx, m, 0));
    assert_eq!(f.upper_bound(&ctx), arg(&ctx, m, 1));
    assert_eq!(f.step(&ctx), arg(&ctx, m, 2));
    assert_eq!(f.init_args(&ctx), &[arg(&ctx, m, 3)]);
    assert_eq!(f.body(&ctx), ctx.region(op, 0));
    assert_eq!(f.region_iter_args(&ctx).len(), 1);
    assert_eq!(ForOp::NUM_FIXED_OPERANDS, 3);
    assert!(WhileOp::cast(&ctx, op).is_none());
    let i = find(&ctx, m, "scf.if")[0];
    assert_eq!(IfOp::cast(&ctx, i).unwrap().condition(&ctx), arg(&ctx, m, 4));
    let cond = find(&ctx, m, "scf.condition")[0];
    let c = ConditionOp::cast(&ctx, cond).unwrap();
    assert_eq!((c.condition(&ctx), c.args(&ctx).len()), (arg(&ctx, m, 4), 1));
}

#[test]
fn region_branch_edges_follow_upstream() {
    let (ctx, m) = check(SRC).unwrap();
    let op = find(&ctx, m, "scf.for")[0];
    let f = ForOp::cast(&ctx, op).unwrap();
    let iter = f.region_iter_args(&ctx)[0];
    let res = ctx.results(op)[0];
    // The init enters the body after the induction variable, and is the result of no trips.
    assert_eq!(forwarded(&ctx, op), vec![(3, iter), (3, res)]);
    assert!(!is_forwarded(&ctx, op, 0) && is_forwarded(&ctx, op, 3));
    // The body's yield: the result first, then back to the iter_arg.
    let y = ctx.last_op(ctx.entry_block(f.body(&ctx)).unwrap()).unwrap();
    assert!(YieldOp::cast(&ctx, y).is_some());
    assert_eq!(forwarded(&ctx, y), vec![(0, res), (0, iter)]);
    // scf.if's yields give its result.
    let i = find(&ctx, m, "scf.if")[0];
    let then_yield = ctx.last_op(ctx.entry_block(ctx.region(i, 0)).unwrap()).unwrap();
    assert_eq!(forwarded(&ctx, then_yield), vec![(0, ctx.results(i)[0])]);
    assert!(forwarded(&ctx, i).is_empty());
    // scf.while: inits to `before`, the condition's arguments (not its flag) to `after` and
    // out, `after`'s yield back to `before`.
    let w = WhileOp::cast(&ctx, find(&ctx, m, "scf.while")[0]).unwrap();
    let before = ctx.block_args(ctx.entry_block(w.before(&ctx)).unwrap())[0];
    let after = ctx.block_args(ctx.entry_block(w.after(&ctx)).unwrap())[0];
    assert_eq!(forwarded(&ctx, w.op()), vec![(0, before)]);
    let cond = find(&ctx, m, "scf.condition")[0];
    assert_eq!(forwarded(&ctx, cond), vec![(1, after), (1, ctx.results(w.op())[0])]);
    let wy = ctx.last_op(ctx.entry_block(w.after(&ctx)).unwrap()).unwrap();
    assert_eq!(forwarded(&ctx, wy), vec![(0, before)]);
    // A function's return is no region-branch edge.
    let ret = find(&ctx, m, "func.return")[0];
    assert!(forwarded(&ctx, ret).is_empty());
}

#[test]
fn cast_refuses_an_op_without_its_fixed_operands() {
    let mut c = ctx();
    let src = r#"func.func @f() {
  "scf.for"() ({
  ^bb0(%i: index):
    scf.yield
  }) : () -> ()
  return
}"#;
    let m = parse(&mut c, src).unwrap();
    let op = find(&c, m, "scf.for")[0];
    assert!(ForOp::cast(&c, op).is_none());
}
