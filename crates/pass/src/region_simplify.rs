//! Region simplification run by the greedy driver, after upstream's `simplifyRegions`:
//! erase unreachable blocks; region DCE (an optimistic liveness analysis that erases dead ops
//! and dead arguments of non-entry blocks, dead cycles included, together with the operands
//! branches forward to them); and in aggressive mode, merge identical blocks and drop block
//! arguments that receive the same value from every predecessor.

use crate::greedy::is_effect_free;
use crate::successors::{
    append_successor_operand, erase_on_all_edges, erase_successor_operand, forwarded_arg, is_known_branch, restore,
    Removed,
};
use flowgate_ir::{BlockId, Context, OpId, RegionId, Traits, Value, ValueDef};
use rustc_hash::{FxHashMap, FxHashSet};

/// How much control-flow simplification the greedy driver does (upstream's
/// `GreedySimplifyRegionLevel`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RegionSimplify {
    Disabled,
    /// Unreachable blocks and region DCE.
    Normal,
    /// Also merge identical blocks and drop redundant block arguments.
    Aggressive,
}

/// Simplify the regions of `root` and everything nested in them. Returns true on change.
pub fn simplify_regions(ctx: &mut Context, root: OpId, level: RegionSimplify) -> bool {
    if level == RegionSimplify::Disabled {
        return false;
    }
    let regions = ctx.regions(root).to_vec();
    let mut changed = erase_unreachable_blocks(ctx, &regions);
    changed |= run_region_dce(ctx, &regions);
    if level == RegionSimplify::Aggressive {
        changed |= merge_identical_blocks(ctx, &regions);
        changed |= drop_redundant_arguments(ctx, &regions);
    }
    changed
}

fn successors_of(ctx: &Context, b: BlockId) -> Vec<BlockId> {
    ctx.last_op(b).map(|t| ctx.successors(t).to_vec()).unwrap_or_default()
}

/// Blocks reachable from the entry, in post-order (upstream's `llvm::post_order`).
fn post_order(ctx: &Context, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = ctx.entry_block(region) else { return Vec::new() };
    let mut out = Vec::new();
    let mut seen: FxHashSet<BlockId> = FxHashSet::default();
    seen.insert(entry);
    let mut stack: Vec<(BlockId, Vec<BlockId>)> = vec![(entry, successors_of(ctx, entry))];
    while let Some((b, succs)) = stack.last_mut() {
        // Visit successors in order: take from the front.
        if succs.is_empty() {
            out.push(*b);
            stack.pop();
            continue;
        }
        let s = succs.remove(0);
        if ctx.block_parent(s) == Some(region) && seen.insert(s) {
            let ss = successors_of(ctx, s);
            stack.push((s, ss));
        }
    }
    out
}

/// Erase the blocks no path from their region's entry reaches, in `regions` and below.
pub fn erase_unreachable_blocks(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut changed = false;
    let mut work: Vec<RegionId> = regions.to_vec();
    while let Some(r) = work.pop() {
        let blocks = ctx.region_blocks(r).to_vec();
        if blocks.len() > 1 {
            let reachable: FxHashSet<BlockId> = post_order(ctx, r).into_iter().collect();
            let dead: Vec<BlockId> = blocks.iter().copied().filter(|b| !reachable.contains(b)).collect();
            if !dead.is_empty() {
                changed = true;
                // Drop every use made inside the dead blocks first, so that erasing them in any
                // order leaves nothing dangling.
                for &b in &dead {
                    for o in ctx.block_ops(b).collect::<Vec<_>>() {
                        for d in ctx.collect_ops(o, flowgate_ir::WalkOrder::PreOrder) {
                            ctx.set_operands(d, Vec::new());
                        }
                    }
                }
                for b in dead {
                    ctx.erase_block(b);
                }
            }
        }
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                work.extend_from_slice(ctx.regions(o));
            }
        }
    }
    changed
}

// ----- region DCE -----

#[derive(Default)]
struct LiveMap {
    ops: FxHashSet<OpId>,
    args: FxHashSet<Value>,
    changed: bool,
}

impl LiveMap {
    fn set_value_live(&mut self, ctx: &Context, v: Value) {
        match ctx.value_def(v) {
            ValueDef::OpResult { op, .. } => self.set_op_live(op),
            _ => self.changed |= self.args.insert(v),
        }
    }

    fn set_op_live(&mut self, op: OpId) {
        self.changed |= self.ops.insert(op);
    }
}

/// A use by a branch that forwards to a dead block argument does not keep a value alive.
fn use_known_dead(ctx: &Context, live: &LiveMap, user: OpId, index: u32) -> bool {
    if !ctx.has_trait(user, Traits::TERMINATOR) || !is_known_branch(ctx, user) {
        return false;
    }
    match forwarded_arg(ctx, user, index as usize) {
        Some(arg) => !live.args.contains(&arg),
        None => false,
    }
}

fn process_value(ctx: &Context, live: &mut LiveMap, v: Value) {
    let proved = ctx.uses(v).iter().any(|u| !use_known_dead(ctx, live, u.op, u.index) && live.ops.contains(&u.op));
    if proved {
        live.set_value_live(ctx, v);
    }
}

fn propagate_op(ctx: &Context, live: &mut LiveMap, op: OpId) {
    for &r in ctx.regions(op) {
        propagate_region(ctx, live, r);
    }
    if ctx.has_trait(op, Traits::TERMINATOR) || (!ctx.is_registered(op) && !ctx.successors(op).is_empty()) {
        live.set_op_live(op);
        let known = is_known_branch(ctx, op);
        for &succ in ctx.successors(op) {
            // Arguments we cannot trace to operands stay live.
            let produced = if known { 0 } else { ctx.block_args(succ).len() };
            for &a in ctx.block_args(succ).iter().take(produced) {
                live.set_value_live(ctx, a);
            }
        }
        return;
    }
    if live.ops.contains(&op) {
        return;
    }
    if !is_effect_free(ctx, op) {
        live.set_op_live(op);
        return;
    }
    for &r in ctx.results(op) {
        process_value(ctx, live, r);
    }
}

fn propagate_region(ctx: &Context, live: &mut LiveMap, region: RegionId) {
    let entry = ctx.entry_block(region);
    for b in post_order(ctx, region) {
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        for &o in ops.iter().rev() {
            propagate_op(ctx, live, o);
        }
        if Some(b) == entry {
            continue;
        }
        for &a in ctx.block_args(b) {
            if !live.args.contains(&a) {
                process_value(ctx, live, a);
            }
        }
    }
}

/// Erase ops and non-entry block arguments that liveness does not prove needed.
pub fn run_region_dce(ctx: &mut Context, regions: &[RegionId]) -> bool {
    // Arguments whose incoming operands some branch refuses to drop are kept, which may keep
    // more alive: recompute until every dead argument can go.
    let mut forced: FxHashSet<Value> = FxHashSet::default();
    loop {
        let mut live = LiveMap::default();
        live.args.extend(forced.iter().copied());
        loop {
            live.changed = false;
            for &r in regions {
                propagate_region(ctx, &mut live, r);
            }
            if !live.changed {
                break;
            }
        }
        let mut removed: Vec<Removed> = Vec::new();
        let mut args: Vec<(BlockId, usize)> = Vec::new();
        if let Err(stuck) = remove_dead_arg_operands(ctx, regions, &live, &mut removed, &mut args) {
            restore(ctx, &removed);
            forced.insert(stuck);
            continue;
        }
        let mut erased = !args.is_empty();
        erased |= delete_dead(ctx, regions, &live);
        // Descending argument order per block, so indices stay valid.
        for (b, i) in args {
            if !ctx.has_uses(ctx.block_arg(b, i)) {
                ctx.erase_block_arg(b, i);
            }
        }
        return erased;
    }
}

/// Drop the operands forwarded to dead arguments of non-entry blocks, in `regions` and below.
/// `Err(arg)` names a dead argument whose operands could not all be dropped.
fn remove_dead_arg_operands(
    ctx: &mut Context,
    regions: &[RegionId],
    live: &LiveMap,
    removed: &mut Vec<Removed>,
    args: &mut Vec<(BlockId, usize)>,
) -> Result<(), Value> {
    for &region in regions {
        let blocks = ctx.region_blocks(region).to_vec();
        let reachable: FxHashSet<BlockId> = post_order(ctx, region).into_iter().collect();
        let preds = predecessor_map(ctx, region);
        for &b in blocks.iter().skip(1).filter(|b| reachable.contains(b)) {
            let edges = preds.get(&b).cloned().unwrap_or_default();
            for i in (0..ctx.block_args(b).len()).rev() {
                let a = ctx.block_arg(b, i);
                if live.args.contains(&a) {
                    continue;
                }
                if !edges.iter().all(|&(t, _)| is_known_branch(ctx, t)) {
                    return Err(a);
                }
                match erase_on_all_edges(ctx, &edges, i) {
                    Some(done) => {
                        removed.extend(done);
                        args.push((b, i));
                    }
                    None => return Err(a),
                }
            }
        }
        for &b in &blocks {
            for o in ctx.block_ops(b).collect::<Vec<_>>() {
                let nested = ctx.regions(o).to_vec();
                remove_dead_arg_operands(ctx, &nested, live, removed, args)?;
            }
        }
    }
    Ok(())
}

fn delete_dead(ctx: &mut Context, regions: &[RegionId], live: &LiveMap) -> bool {
    let mut erased = false;
    for &region in regions {
        // Cut all uses among dead ops first (graph regions may have use cycles), then erase
        // those nothing live uses any more.
        let mut dead: Vec<OpId> = Vec::new();
        let mut alive: Vec<OpId> = Vec::new();
        for b in post_order(ctx, region) {
            for o in ctx.block_ops(b).collect::<Vec<_>>().into_iter().rev() {
                if live.ops.contains(&o) {
                    alive.push(o);
                } else {
                    dead.push(o);
                }
            }
        }
        for &o in &dead {
            ctx.set_operands(o, Vec::new());
        }
        for &o in &dead {
            if ctx.results(o).iter().all(|&r| !ctx.has_uses(r)) {
                ctx.erase_op(o);
                erased = true;
            }
        }
        for o in alive {
            let nested = ctx.regions(o).to_vec();
            erased |= delete_dead(ctx, &nested, live);
        }
    }
    erased
}

/// Every (branch, successor index) edge into each block of `region`, computed once.
fn predecessor_map(ctx: &Context, region: RegionId) -> FxHashMap<BlockId, Vec<(OpId, usize)>> {
    let mut map: FxHashMap<BlockId, Vec<(OpId, usize)>> = FxHashMap::default();
    for &p in ctx.region_blocks(region) {
        if let Some(t) = ctx.last_op(p) {
            for (i, &s) in ctx.successors(t).iter().enumerate() {
                map.entry(s).or_default().push((t, i));
            }
        }
    }
    map
}

/// Every (branch, successor index) edge into `b`.
fn predecessor_edges(ctx: &Context, b: BlockId) -> Vec<(OpId, usize)> {
    let Some(region) = ctx.block_parent(b) else { return Vec::new() };
    let mut out = Vec::new();
    for &p in ctx.region_blocks(region) {
        if let Some(t) = ctx.last_op(p) {
            for (i, &s) in ctx.successors(t).iter().enumerate() {
                if s == b {
                    out.push((t, i));
                }
            }
        }
    }
    out
}

// ----- block merging (aggressive) -----

/// A value's position among the values a block defines: arguments first, then op results.
fn order_index(ctx: &Context, block: BlockId, v: Value) -> Option<usize> {
    match ctx.value_def(v) {
        ValueDef::BlockArg { block: b, index } if b == block => Some(index as usize),
        ValueDef::OpResult { op, index } if ctx.parent_block(op) == Some(block) => {
            let mut n = ctx.block_args(block).len();
            for o in ctx.block_ops(block) {
                if o == op {
                    return Some(n + index as usize);
                }
                n += ctx.results(o).len();
            }
            None
        }
        _ => None,
    }
}

fn used_outside(ctx: &Context, v: Value, block: BlockId) -> bool {
    ctx.uses(v).iter().any(|u| ctx.parent_block(u.op) != Some(block))
}

/// Mismatched external operands `(op position, operand index)` when `rhs` may merge into
/// `lhs`, or `None` when the blocks differ.
fn equivalent(ctx: &Context, lhs: BlockId, rhs: BlockId) -> Option<Vec<(usize, usize)>> {
    let lt: Vec<_> = ctx.block_args(lhs).iter().map(|&a| ctx.value_type(a)).collect();
    let rt: Vec<_> = ctx.block_args(rhs).iter().map(|&a| ctx.value_type(a)).collect();
    if lt != rt {
        return None;
    }
    let lops: Vec<OpId> = ctx.block_ops(lhs).collect();
    let rops: Vec<OpId> = ctx.block_ops(rhs).collect();
    if lops.len() != rops.len() {
        return None;
    }
    let mut mismatched = Vec::new();
    for (i, (&l, &r)) in lops.iter().zip(&rops).enumerate() {
        if ctx.op_name_sym(l) != ctx.op_name_sym(r)
            || ctx.attrs(l) != ctx.attrs(r)
            || ctx.result_types(l) != ctx.result_types(r)
            || ctx.operands(l).len() != ctx.operands(r).len()
            || ctx.successors(l) != ctx.successors(r)
            || !ctx.regions(l).iter().chain(ctx.regions(r)).all(|&g| ctx.is_region_empty(g))
            || ctx.regions(l).len() != ctx.regions(r).len()
        {
            return None;
        }
        for (k, (&lv, &rv)) in ctx.operands(l).iter().zip(ctx.operands(r)).enumerate() {
            if lv == rv {
                continue;
            }
            if ctx.value_type(lv) != ctx.value_type(rv) {
                return None;
            }
            let (li, ri) = (order_index(ctx, lhs, lv), order_index(ctx, rhs, rv));
            match (li, ri) {
                (Some(a), Some(b)) if a == b => {}
                (None, None) => {
                    // A value made by a predecessor's terminator cannot be forwarded by it.
                    let bad = |v: Value, b: BlockId| {
                        ctx.defining_op(v).is_some_and(|d| {
                            ctx.parent_block(d)
                                .is_some_and(|pb| ctx.last_op(pb) == Some(d) && ctx.predecessors(b).contains(&pb))
                        })
                    };
                    if bad(lv, lhs) || bad(rv, rhs) {
                        return None;
                    }
                    mismatched.push((i, k));
                }
                _ => return None,
            }
        }
        if ctx.results(l).iter().any(|&v| used_outside(ctx, v, lhs))
            || ctx.results(r).iter().any(|&v| used_outside(ctx, v, rhs))
        {
            return None;
        }
    }
    Some(mismatched)
}

fn preds_editable(ctx: &Context, b: BlockId) -> bool {
    predecessor_edges(ctx, b).iter().all(|&(t, _)| is_known_branch(ctx, t))
}

/// Merge `others` into `leader`, passing mismatched external operands as new arguments.
fn merge_cluster(ctx: &mut Context, leader: BlockId, others: &[BlockId], operands: &[(usize, usize)]) -> bool {
    if !operands.is_empty() && (!preds_editable(ctx, leader) || !others.iter().all(|&b| preds_editable(ctx, b))) {
        return false;
    }
    // The value each block uses at each mismatched position.
    let mut blocks = vec![leader];
    blocks.extend_from_slice(others);
    let mut new_args: Vec<Vec<Value>> = Vec::new();
    for &b in &blocks {
        let ops: Vec<OpId> = ctx.block_ops(b).collect();
        new_args.push(operands.iter().filter_map(|&(i, k)| ops.get(i).map(|&o| ctx.operand(o, k))).collect());
    }
    if new_args.iter().any(|v| v.len() != operands.len()) {
        return false;
    }
    // Prune positions that carry the same value as an earlier one in every block.
    let mut keep: Vec<usize> = Vec::new();
    let mut replacement: FxHashMap<usize, usize> = FxHashMap::default();
    for j in 0..operands.len() {
        match keep.iter().find(|&&k| new_args.iter().all(|v| v[k] == v[j])) {
            Some(&k) => {
                replacement.insert(j, k);
            }
            None => keep.push(j),
        }
    }
    // Edit every predecessor first; give up (restoring nothing was changed) if one cannot.
    let mut edits: Vec<(OpId, usize, Vec<Value>)> = Vec::new();
    for (bi, &b) in blocks.iter().enumerate() {
        for (t, s) in predecessor_edges(ctx, b) {
            edits.push((t, s, keep.iter().map(|&j| new_args[bi][j]).collect()));
        }
    }
    let mut done: Vec<(OpId, usize, usize)> = Vec::new();
    for (t, s, vals) in &edits {
        for &v in vals {
            if !append_successor_operand(ctx, *t, *s, v) {
                // Undo what was appended so far.
                for &(t2, s2, n) in done.iter().rev() {
                    for _ in 0..n {
                        let len = ctx.successor_operand_range(t2, s2).len();
                        if len == 0 || !erase_successor_operand(ctx, t2, s2, len - 1) {
                            break;
                        }
                    }
                }
                return false;
            }
            if let Some(last) = done.last_mut().filter(|d| d.0 == *t && d.1 == *s) {
                last.2 += 1;
            } else {
                done.push((*t, *s, 1));
            }
        }
    }
    // New leader arguments replace the mismatched operands.
    let ops: Vec<OpId> = ctx.block_ops(leader).collect();
    let mut arg_of: FxHashMap<usize, Value> = FxHashMap::default();
    for &j in &keep {
        let (i, k) = operands[j];
        let v = ctx.operand(ops[i], k);
        let loc = ctx.value_loc(v).unwrap_or_else(|| ctx.unknown_loc());
        let ty = ctx.value_type(v);
        let a = ctx.add_block_arg(leader, ty, loc);
        arg_of.insert(j, a);
    }
    for (j, &(i, k)) in operands.iter().enumerate() {
        let target = replacement.get(&j).copied().unwrap_or(j);
        if let Some(&a) = arg_of.get(&target) {
            ctx.set_operand(ops[i], k, a);
        }
    }
    // Redirect the merged blocks' predecessors and erase them.
    for &b in others {
        for (t, s) in predecessor_edges(ctx, b) {
            ctx.set_successor(t, s, leader);
        }
        let args = ctx.block_args(b).to_vec();
        for a in args {
            // Arguments are used only inside the block, which goes away with them.
            let uses: Vec<_> = ctx.uses(a).to_vec();
            for u in uses {
                ctx.set_operands(u.op, Vec::new());
            }
        }
        for o in ctx.block_ops(b).collect::<Vec<_>>() {
            ctx.set_operands(o, Vec::new());
        }
        ctx.erase_block(b);
    }
    true
}

/// A leader block, the blocks that merge into it, and the mismatched operand positions.
type Cluster = (BlockId, Vec<BlockId>, Vec<(usize, usize)>);

fn merge_in_region(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region_blocks(region).to_vec();
    if blocks.len() < 2 {
        return false;
    }
    // Group non-entry blocks by their successor lists.
    let mut groups: Vec<(Vec<BlockId>, Vec<BlockId>)> = Vec::new();
    for &b in blocks.iter().skip(1) {
        let succs = successors_of(ctx, b);
        match groups.iter_mut().find(|(s, _)| *s == succs) {
            Some((_, g)) => g.push(b),
            None => groups.push((succs, vec![b])),
        }
    }
    let mut merged = false;
    for (_, group) in groups {
        if group.len() < 2 {
            continue;
        }
        // Clusters: (leader, members, mismatched operands).
        let mut clusters: Vec<Cluster> = Vec::new();
        for b in group {
            let has_region = ctx.block_ops(b).any(|o| ctx.regions(o).iter().any(|&r| !ctx.is_region_empty(r)));
            let arg_escapes = ctx.block_args(b).iter().any(|&a| used_outside(ctx, a, b));
            if has_region || arg_escapes {
                continue;
            }
            let mut added = false;
            for (leader, members, ops) in clusters.iter_mut() {
                if let Some(m) = equivalent(ctx, *leader, b) {
                    for x in m {
                        if !ops.contains(&x) {
                            ops.push(x);
                        }
                    }
                    members.push(b);
                    added = true;
                    break;
                }
            }
            if !added {
                clusters.push((b, Vec::new(), Vec::new()));
            }
        }
        for (leader, members, mut ops) in clusters {
            if members.is_empty() {
                continue;
            }
            ops.sort();
            merged |= merge_cluster(ctx, leader, &members, &ops);
        }
    }
    merged
}

/// Merge identical blocks in `regions` and below.
pub fn merge_identical_blocks(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut changed = false;
    let mut work: Vec<RegionId> = regions.to_vec();
    let mut budget = 10_000usize;
    while let Some(r) = work.pop() {
        if ctx.region_parent(r).is_none_or(|p| ctx.is_erased(p)) {
            continue;
        }
        if merge_in_region(ctx, r) && budget > 0 {
            budget -= 1;
            work.push(r);
            changed = true;
        }
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                work.extend_from_slice(ctx.regions(o));
            }
        }
    }
    changed
}

/// Drop block arguments that every predecessor feeds with the same value.
pub fn drop_redundant_arguments(ctx: &mut Context, regions: &[RegionId]) -> bool {
    let mut changed = false;
    let mut work: Vec<RegionId> = regions.to_vec();
    while let Some(r) = work.pop() {
        let preds = predecessor_map(ctx, r);
        for b in ctx.region_blocks(r).to_vec() {
            let edges = preds.get(&b).cloned().unwrap_or_default();
            changed |= drop_redundant_in_block(ctx, b, &edges);
            for o in ctx.block_ops(b) {
                work.extend_from_slice(ctx.regions(o));
            }
        }
    }
    changed
}

fn drop_redundant_in_block(ctx: &mut Context, b: BlockId, edges: &[(OpId, usize)]) -> bool {
    if edges.is_empty() || !edges.iter().all(|&(t, _)| is_known_branch(ctx, t)) {
        return false;
    }
    let nargs = ctx.block_args(b).len();
    if edges.iter().any(|&(t, s)| ctx.successor_operand_range(t, s).len() != nargs) {
        return false;
    }
    let mut changed = false;
    for i in (0..nargs).rev() {
        let vals: Vec<Value> = edges.iter().map(|&(t, s)| ctx.successor_operands(t, s)[i]).collect();
        let common = vals[0];
        let arg = ctx.block_arg(b, i);
        // A value defined by the block itself (a loop) cannot stand for its argument.
        if vals.iter().any(|&v| v != common) || common == arg || ctx.value_block(common) == Some(b) {
            continue;
        }
        if erase_on_all_edges(ctx, edges, i).is_none() {
            continue;
        }
        ctx.replace_all_uses(arg, common);
        ctx.erase_block_arg(b, i);
        changed = true;
    }
    changed
}
