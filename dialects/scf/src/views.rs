//! Typed views of the scf ops (`flowgate_ir::op_view!`) and their region-branch edges: which
//! operands enter which region and which terminator operands go back to a region or out as
//! results, as upstream's `getSuccessorRegions`/`getEntrySuccessorOperands` say.

use flowgate_ir::region_branch::{BranchPoint, RegionEdge};
use flowgate_ir::{op_view, Context, OpId, Value};

op_view! {
    /// `scf.for %iv = %lb to %ub step %s iter_args(...)`.
    pub struct ForOp = "scf.for" {
        operands: [lower_bound, upper_bound, step], init_args..;
        regions: [body];
    }
}

impl ForOp {
    /// The body's arguments: the induction variable, then one per loop-carried value.
    pub fn body_args(self, ctx: &Context) -> &[Value] {
        match ctx.entry_block(self.body(ctx)) {
            Some(b) => ctx.block_args(b),
            None => &[],
        }
    }

    pub fn induction_var(self, ctx: &Context) -> Option<Value> {
        self.body_args(ctx).first().copied()
    }

    pub fn region_iter_args(self, ctx: &Context) -> &[Value] {
        self.body_args(ctx).get(1..).unwrap_or(&[])
    }
}

op_view! {
    /// `scf.while (inits) {before} do {after}`.
    pub struct WhileOp = "scf.while" {
        operands: [], inits..;
        regions: [before, after];
    }
}

op_view! {
    /// `scf.if %c {then} else {else}`.
    pub struct IfOp = "scf.if" {
        operands: [condition];
        regions: [then_region, else_region];
    }
}

op_view! {
    /// `scf.yield values`: the terminator of `for`, `if`, `while`'s after region and others.
    pub struct YieldOp = "scf.yield" {
        operands: [], values..;
    }
}

op_view! {
    /// `scf.condition(%c) args`: the terminator of `while`'s before region.
    pub struct ConditionOp = "scf.condition" {
        operands: [condition], args..;
    }
}

fn all(ctx: &Context, op: OpId) -> std::ops::Range<usize> {
    0..ctx.operands(op).len()
}

/// The terminator of region `r` of `op` (its entry block's last op), if any.
fn terminator_of(ctx: &Context, op: OpId, r: usize) -> Option<OpId> {
    ctx.regions(op).get(r).and_then(|&r| ctx.entry_block(r)).and_then(|b| ctx.last_op(b))
}

/// `scf.for`: inits enter the body after the induction variable (or are the results when it
/// runs zero times); the yield goes back to the body and out as results.
pub(crate) fn for_edges(ctx: &Context, op: OpId, from: BranchPoint) -> Vec<RegionEdge> {
    match from {
        BranchPoint::Parent => {
            let n = ctx.operands(op).len();
            vec![
                RegionEdge::new(3.min(n)..n, BranchPoint::Region(0), 1),
                RegionEdge::new(3.min(n)..n, BranchPoint::Parent, 0),
            ]
        }
        BranchPoint::Region(r) => {
            let n = terminator_of(ctx, op, r).map_or(0, |t| ctx.operands(t).len());
            vec![RegionEdge::new(0..n, BranchPoint::Parent, 0), RegionEdge::new(0..n, BranchPoint::Region(0), 1)]
        }
    }
}

/// `scf.while`: inits enter `before`; its `scf.condition` passes its arguments (after the
/// flag) to `after` or out as results; `after`'s yield goes back to `before`.
pub(crate) fn while_edges(ctx: &Context, op: OpId, from: BranchPoint) -> Vec<RegionEdge> {
    match from {
        BranchPoint::Parent => vec![RegionEdge::new(all(ctx, op), BranchPoint::Region(0), 0)],
        BranchPoint::Region(0) => {
            let n = terminator_of(ctx, op, 0).map_or(0, |t| ctx.operands(t).len());
            let args = 1.min(n)..n;
            vec![
                RegionEdge::new(args.clone(), BranchPoint::Region(1), 0),
                RegionEdge::new(args, BranchPoint::Parent, 0),
            ]
        }
        BranchPoint::Region(r) => {
            let n = terminator_of(ctx, op, r).map_or(0, |t| ctx.operands(t).len());
            vec![RegionEdge::new(0..n, BranchPoint::Region(0), 0)]
        }
    }
}

/// `scf.if`, `scf.execute_region`, `scf.index_switch`: nothing enters the regions; every
/// region's yield gives the results.
pub(crate) fn yield_to_results_edges(ctx: &Context, op: OpId, from: BranchPoint) -> Vec<RegionEdge> {
    match from {
        BranchPoint::Parent => Vec::new(),
        BranchPoint::Region(r) => {
            let Some(&region) = ctx.regions(op).get(r) else { return Vec::new() };
            // Every block's terminator of a multi-block region (execute_region) yields the
            // results; the edge is the same whichever block it leaves.
            let n =
                ctx.region_blocks(region).iter().filter_map(|&b| ctx.last_op(b)).map(|t| ctx.operands(t).len()).max();
            vec![RegionEdge::new(0..n.unwrap_or(0), BranchPoint::Parent, 0)]
        }
    }
}
