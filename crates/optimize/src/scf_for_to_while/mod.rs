//! `scf-for-to-while`: upstream's `ForToWhile.cpp` ("Convert SCF for loops to SCF while loops").
//! Every `scf.for` becomes an `scf.while` that carries the induction variable first, then the
//! iter_args:
//!
//! ```text
//! %r:n+1 = scf.while (%iv = %lb, %a = %init...) : (t, ...) -> (t, ...) {
//!   %c = arith.cmpi slt|ult, %iv, %ub : t        // ult for `scf.for unsigned`
//!   scf.condition(%c) %iv, %a... : t, ...
//! } do {
//! ^bb0(%iv: t, %a...):
//!   %next = arith.addi %iv, %step : t
//!   <the for body>
//!   scf.yield %next, %yielded... : t, ...
//! } attributes {<the for op's attributes>}
//! ```
//!
//! The point for Flowgate is what comes next: `scf-rotate-while` turns such a loop into a guarded
//! do-while, which `convert-scf-to-cf` lowers with a single conditional back edge. The rewrite
//! runs under the greedy driver, as upstream's pass does, so the output also has upstream's
//! folding, constant hoisting and dead-op removal.

mod build;

use flowgate_ir::{Builder, Context, Diagnostic, Location, OpId, OperationState, Type, Value};
use flowgate_pass::{apply_patterns_greedily, GreedyConfig, Pass, PassInfo, PassOptions, PatternSet, RegionSimplify};
use flowgate_scf::{ForOp, WhileOp, YieldOp};

const ARGUMENT: &str = "scf-for-to-while";

pub const INFO: PassInfo = PassInfo {
    argument: ARGUMENT,
    description: "Convert SCF for loops to SCF while loops",
    create: |o: &PassOptions| {
        o.check_known(ARGUMENT, &[CLEANUP])?;
        Ok(Box::new(ForToWhileLoop { cleanup: o.get_bool(CLEANUP, true)? }) as Box<dyn Pass>)
    },
};

/// `cleanup` (default true, not upstream): whether the greedy run also folds and simplifies
/// regions, as upstream's does. The tools' -O2 pipeline turns it off: the canonicalize after
/// convert-scf-to-cf does that work, and a greedy fold of a whole function costs compile time.
const CLEANUP: &str = "cleanup";

pub struct ForToWhileLoop {
    pub cleanup: bool,
}

impl Pass for ForToWhileLoop {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "SCFForToWhileLoop"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let patterns = PatternSet::new(vec![Box::new(ForLoopLowering)]);
        // Upstream ignores whether the driver converged; every rewrite removes an `scf.for`,
        // so it always does.
        let config = if self.cleanup {
            upstream_driver_config()
        } else {
            GreedyConfig { fold: false, region_simplify: RegionSimplify::Disabled, ..GreedyConfig::default() }
        };
        apply_patterns_greedily(ctx, op, &patterns, &config);
        Ok(())
    }
}

/// Upstream's `ForLoopLoweringPattern`.
pub struct ForLoopLowering;

impl flowgate_ir::RewritePattern for ForLoopLowering {
    fn root(&self) -> Option<&'static str> {
        Some(ForOp::NAME)
    }

    fn name(&self) -> &'static str {
        "ForLoopLoweringPattern"
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        match ForLoop::read(b.ctx, op) {
            Some(l) => {
                rewrite(b, op, &l);
                true
            }
            None => false,
        }
    }
}

/// The parts of a well-formed `scf.for` the rewrite needs; anything else is left alone.
struct ForLoop {
    lb: Value,
    ub: Value,
    step: Value,
    inits: Vec<Value>,
    body: flowgate_ir::BlockId,
    unsigned: bool,
}

impl ForLoop {
    fn read(ctx: &Context, op: OpId) -> Option<ForLoop> {
        let f = ForOp::cast(ctx, op)?;
        let (lb, ub, step, inits) = (f.lower_bound(ctx), f.upper_bound(ctx), f.step(ctx), f.init_args(ctx));
        let &[region] = ctx.regions(op) else { return None };
        let &[body] = ctx.region_blocks(region) else { return None };
        let args = ctx.block_args(body);
        let types_match = args.len() == inits.len() + 1
            && ctx.results(op).len() == inits.len()
            && ctx.value_type(args[0]) == ctx.value_type(lb)
            && inits.iter().zip(&args[1..]).all(|(&i, &a)| ctx.value_type(i) == ctx.value_type(a));
        let ends_in_yield = ctx.terminator(body).is_some_and(|t| YieldOp::cast(ctx, t).is_some());
        (types_match && ends_in_yield).then(|| ForLoop {
            lb,
            ub,
            step,
            inits: inits.to_vec(),
            body,
            unsigned: ctx.has_attr(op, "unsignedCmp"),
        })
    }
}

fn rewrite(b: &mut Builder<'_>, op: OpId, l: &ForLoop) {
    let loc = b.ctx.op_loc(op);
    // The loop-carried values: the induction variable first, then the iter_args.
    let iv = b.ctx.block_arg(l.body, 0);
    let mut lcv_types: Vec<Type> = vec![b.ctx.value_type(iv)];
    let mut lcv_locs: Vec<Location> = vec![b.ctx.value_loc(iv).unwrap_or(loc)];
    for &v in &l.inits {
        lcv_types.push(b.ctx.value_type(v));
        lcv_locs.push(b.ctx.value_loc(v).unwrap_or(loc));
    }
    let mut inits = vec![l.lb];
    inits.extend_from_slice(&l.inits);

    // The before region tests the bound and forwards everything to the after region.
    let before = b.ctx.create_region();
    let before_block = add_block(b.ctx, before, &lcv_types, &lcv_locs);
    let before_args = b.ctx.block_args(before_block).to_vec();
    let mut inner = Builder::at_end(b.ctx, before_block);
    let pred = if l.unsigned { build::Predicate::Ult } else { build::Predicate::Slt };
    let cmp = build::cmpi(&mut inner, pred, before_args[0], l.ub, loc);
    build::condition(&mut inner, cmp, &before_args, loc);

    // The after region steps the induction variable first, then runs the body.
    let after = b.ctx.create_region();
    let after_block = add_block(b.ctx, after, &lcv_types, &lcv_locs);
    let after_args = b.ctx.block_args(after_block).to_vec();
    let mut inner = Builder::at_end(b.ctx, after_block);
    let next = build::addi(&mut inner, after_args[0], l.step, loc);

    let mut st =
        OperationState::new(b.ctx, WhileOp::NAME, loc).operands(&inits).results(&lcv_types).regions(&[before, after]);
    st.attrs = b.ctx.attrs(op).to_vec();
    let while_op = b.create(st);

    let ctx = &mut *b.ctx;
    let body_args = ctx.block_args(l.body).to_vec();
    for (&from, &to) in body_args.iter().zip(&after_args) {
        ctx.replace_all_uses(from, to);
    }
    let body_ops: Vec<OpId> = ctx.block_ops(l.body).collect();
    for o in body_ops {
        ctx.append_op(after_block, o);
    }
    let yields: Vec<OpId> = ctx.block_ops(after_block).filter(|&o| ctx.is_op(o, YieldOp::NAME)).collect();
    for y in yields {
        let mut operands = vec![next];
        operands.extend_from_slice(ctx.operands(y));
        ctx.set_operands(y, operands);
    }
    let results = ctx.results(while_op)[1..].to_vec();
    ctx.replace_op(op, &results);
}

fn add_block(
    ctx: &mut Context,
    region: flowgate_ir::RegionId,
    types: &[Type],
    locs: &[Location],
) -> flowgate_ir::BlockId {
    let block = ctx.create_block();
    for (&t, &l) in types.iter().zip(locs) {
        ctx.add_block_arg(block, t, l);
    }
    ctx.append_block(region, block);
    block
}

/// Upstream's `GreedyRewriteConfig` defaults, which the pass uses unchanged: unlike the
/// canonicalizer (whose `region-simplify` option defaults to normal), they simplify regions
/// aggressively, merging identical blocks and dropping redundant block arguments.
fn upstream_driver_config() -> GreedyConfig {
    GreedyConfig { region_simplify: RegionSimplify::Aggressive, ..GreedyConfig::default() }
}

#[cfg(test)]
mod tests;
