//! Region simplification run by the greedy driver (upstream's `simplifyRegions`, normal mode):
//! erase blocks unreachable from the entry block, and drop unused arguments of non-entry
//! blocks whose predecessors are all known branch ops, together with the operands the
//! branches forward to them.

use flowgate_ir::{BlockId, Context, OpId, RegionId, Traits};
use rustc_hash::FxHashSet;

/// Simplify every region nested in `root`. Returns true when something changed.
pub fn simplify_regions(ctx: &mut Context, root: OpId) -> bool {
    let mut regions: Vec<RegionId> = Vec::new();
    ctx.walk(root, &mut |o| regions.extend_from_slice(ctx.regions(o)));
    let mut changed = false;
    for r in regions {
        // An outer simplification may have erased the op that held this region.
        if ctx.region_parent(r).is_none_or(|p| ctx.is_erased(p)) {
            continue;
        }
        changed |= erase_unreachable_blocks(ctx, r);
        changed |= drop_unused_block_args(ctx, r);
    }
    changed
}

/// Erase the blocks of `region` that no path from the entry block reaches.
pub fn erase_unreachable_blocks(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region_blocks(region).to_vec();
    let Some(&entry) = blocks.first() else { return false };
    if blocks.len() == 1 {
        return false;
    }
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    let mut stack = vec![entry];
    seen.insert(entry);
    while let Some(b) = stack.pop() {
        if let Some(t) = ctx.last_op(b) {
            for &s in ctx.successors(t) {
                if ctx.block_parent(s) == Some(region) && seen.insert(s) {
                    stack.push(s);
                }
            }
        }
    }
    let dead: Vec<BlockId> = blocks.into_iter().filter(|b| !seen.contains(b)).collect();
    if dead.is_empty() {
        return false;
    }
    // Drop every use made inside the dead blocks first, so erasure leaves nothing dangling
    // among them whatever their order.
    for &b in &dead {
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        for o in ops {
            for d in ctx.collect_ops(o, flowgate_ir::WalkOrder::PreOrder) {
                ctx.set_operands(d, Vec::new());
            }
        }
    }
    for b in dead {
        ctx.erase_block(b);
    }
    true
}

/// A branch op whose forwarded operands we know how to edit.
fn is_known_branch(ctx: &Context, op: OpId) -> bool {
    let Some(def) = ctx.op_def(op) else { return false };
    def.traits.contains(Traits::TERMINATOR) && (def.successor_operands.is_some() || ctx.successors(op).len() == 1)
}

/// Drop block arguments without uses from the non-entry blocks of `region`.
pub fn drop_unused_block_args(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region_blocks(region).to_vec();
    let mut changed = false;
    for &b in blocks.iter().skip(1) {
        let nargs = ctx.block_args(b).len();
        if nargs == 0 {
            continue;
        }
        let mut edges: Vec<(OpId, usize)> = Vec::new();
        for &p in &blocks {
            if let Some(t) = ctx.last_op(p) {
                for (i, &s) in ctx.successors(t).iter().enumerate() {
                    if s == b {
                        edges.push((t, i));
                    }
                }
            }
        }
        let all_known =
            edges.iter().all(|&(t, i)| is_known_branch(ctx, t) && ctx.successor_operand_range(t, i).len() == nargs);
        if !all_known {
            continue;
        }
        for a in (0..nargs).rev() {
            if ctx.has_uses(ctx.block_arg(b, a)) {
                continue;
            }
            for &(t, i) in &edges {
                let start = ctx.successor_operand_range(t, i).start;
                remove_operand(ctx, t, start + a);
            }
            ctx.erase_block_arg(b, a);
            changed = true;
        }
    }
    changed
}

/// Remove operand `idx` of `op`, keeping `operandSegmentSizes` in step.
pub fn remove_operand(ctx: &mut Context, op: OpId, idx: usize) {
    let mut operands = ctx.operands(op).to_vec();
    if idx >= operands.len() {
        return;
    }
    operands.remove(idx);
    ctx.set_operands(op, operands);
    let Some(seg) = ctx.attr(op, "operandSegmentSizes") else { return };
    let Some(sizes) = ctx.attr_as_dense_array(seg) else { return };
    let mut sizes: Vec<i32> = sizes.iter().map(|&s| s as i32).collect();
    let mut acc = 0usize;
    for s in sizes.iter_mut() {
        let n = (*s).max(0) as usize;
        if idx < acc + n {
            *s -= 1;
            break;
        }
        acc += n;
    }
    let attr = ctx.dense_i32_array_attr(&sizes);
    ctx.set_attr(op, "operandSegmentSizes", attr);
}
