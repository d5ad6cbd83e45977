//! The region-branch interface (upstream's RegionBranchOpInterface with its terminators'
//! RegionBranchTerminatorOpInterface): an op with regions says, through its `OpDef`'s
//! `region_branch` hook, which of its operands enter which region's entry arguments and which
//! operands of each region's terminator go to which region or to the op's results. Passes that
//! only need to follow values across structured control flow (the joins of a type
//! conversion, ownership of forwarded values) read this instead of a list of op names and
//! operand positions.

use crate::{Context, OpId, Type, Value};
use std::ops::Range;

/// Where values come from or go to in a region-branch op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BranchPoint {
    /// The op itself: entering its regions as a source, its results as a destination.
    Parent,
    /// Region `i` of the op: its terminator as a source, its entry arguments as a destination.
    Region(usize),
}

/// Operands `operands` of the source (the op or a terminator) flow into the destination's
/// values starting at `first` (an entry argument or result index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionEdge {
    pub operands: Range<usize>,
    pub to: BranchPoint,
    pub first: usize,
}

impl RegionEdge {
    pub fn new(operands: Range<usize>, to: BranchPoint, first: usize) -> RegionEdge {
        RegionEdge { operands, to, first }
    }
}

/// The region-branch op whose edges leave `op`, with the point `op` stands for: the op
/// itself when its definition has the hook, or its parent when `op` is the terminator of one
/// of the parent's regions.
fn source(ctx: &Context, op: OpId) -> Option<(OpId, BranchPoint)> {
    if ctx.op_def(op).is_some_and(|d| d.region_branch.is_some()) {
        return Some((op, BranchPoint::Parent));
    }
    let parent = ctx.parent_op(op)?;
    ctx.op_def(parent)?.region_branch?;
    let block = ctx.parent_block(op)?;
    if ctx.last_op(block) != Some(op) {
        return None;
    }
    let region = ctx.block_parent(block)?;
    let i = ctx.regions(parent).iter().position(|&r| r == region)?;
    Some((parent, BranchPoint::Region(i)))
}

/// Every (operand index of `op`, destination value) pair along the region-branch edges that
/// leave `op`, in the order the op's hook lists its edges; empty when `op` is neither a
/// region-branch op nor one of its terminators.
pub fn forwarded(ctx: &Context, op: OpId) -> Vec<(usize, Value)> {
    let Some((owner, point)) = source(ctx, op) else { return Vec::new() };
    let Some(hook) = ctx.op_def(owner).and_then(|d| d.region_branch) else { return Vec::new() };
    let mut out = Vec::new();
    for edge in hook(ctx, owner, point) {
        let dest: &[Value] = match edge.to {
            BranchPoint::Parent => ctx.results(owner),
            BranchPoint::Region(r) => match ctx.regions(owner).get(r).and_then(|&r| ctx.entry_block(r)) {
                Some(b) => ctx.block_args(b),
                None => &[],
            },
        };
        for (k, i) in edge.operands.clone().enumerate() {
            if let (Some(_), Some(&d)) = (ctx.operands(op).get(i), dest.get(edge.first + k)) {
                out.push((i, d));
            }
        }
    }
    out
}

/// Whether operand `i` of `op` is passed on along a region-branch edge.
pub fn is_forwarded(ctx: &Context, op: OpId, i: usize) -> bool {
    forwarded(ctx, op).iter().any(|&(j, _)| j == i)
}

/// The type each forwarded operand of `op` must have: that of the first value it flows into
/// (every destination of one operand has the same type in valid IR). The generic half of a
/// structural type conversion: after results and block arguments took their converted types,
/// the operands whose type differs from their target get a conversion.
pub fn join_targets(ctx: &Context, op: OpId) -> Vec<(usize, Type)> {
    let mut out: Vec<(usize, Type)> = Vec::new();
    for (i, d) in forwarded(ctx, op) {
        if !out.iter().any(|&(j, _)| j == i) {
            out.push((i, ctx.value_type(d)));
        }
    }
    out
}
