//! Dominator trees of the blocks of one region (Cooper, Harvey and Kennedy's iterative
//! algorithm over reverse post-order). Unreachable blocks are not in the tree.

use flowgate_ir::{BlockId, Context, RegionId};
use rustc_hash::FxHashMap;

pub struct DomTree {
    pub entry: BlockId,
    pub children: FxHashMap<BlockId, Vec<BlockId>>,
}

fn successors_in(ctx: &Context, region: RegionId, b: BlockId) -> Vec<BlockId> {
    match ctx.last_op(b) {
        Some(t) => ctx.successors(t).iter().copied().filter(|&s| ctx.block_parent(s) == Some(region)).collect(),
        None => Vec::new(),
    }
}

impl DomTree {
    pub fn new(ctx: &Context, region: RegionId) -> Option<DomTree> {
        let entry = ctx.entry_block(region)?;
        // Post-order by an explicit stack, so deep CFGs cannot overflow the call stack.
        let mut post: Vec<BlockId> = Vec::new();
        let mut visited: FxHashMap<BlockId, ()> = FxHashMap::default();
        let mut stack: Vec<(BlockId, Vec<BlockId>)> = vec![(entry, successors_in(ctx, region, entry))];
        visited.insert(entry, ());
        while let Some((b, succs)) = stack.last_mut() {
            if let Some(s) = succs.pop() {
                if visited.insert(s, ()).is_none() {
                    let ss = successors_in(ctx, region, s);
                    stack.push((s, ss));
                }
            } else {
                post.push(*b);
                stack.pop();
            }
        }
        let rpo: Vec<BlockId> = post.iter().rev().copied().collect();
        let order: FxHashMap<BlockId, usize> = rpo.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let mut preds: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        for &b in &rpo {
            for s in successors_in(ctx, region, b) {
                preds.entry(s).or_default().push(b);
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; rpo.len()];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..rpo.len() {
                let mut new: Option<usize> = None;
                for p in preds.get(&rpo[i]).map(Vec::as_slice).unwrap_or(&[]) {
                    let Some(&pi) = order.get(p) else { continue };
                    if idom[pi].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => pi,
                        Some(n) => intersect(&idom, n, pi),
                    });
                }
                if new.is_some() && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        let mut children: FxHashMap<BlockId, Vec<BlockId>> = FxHashMap::default();
        for i in 1..rpo.len() {
            if let Some(d) = idom[i] {
                children.entry(rpo[d]).or_default().push(rpo[i]);
            }
        }
        // Children in region order, so rewriting is deterministic and matches upstream's walk.
        let pos: FxHashMap<BlockId, usize> =
            ctx.region_blocks(region).iter().enumerate().map(|(i, &b)| (b, i)).collect();
        for c in children.values_mut() {
            c.sort_by_key(|b| pos.get(b).copied().unwrap_or(usize::MAX));
        }
        Some(DomTree { entry, children })
    }
}

fn intersect(idom: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            match idom[a] {
                Some(x) if x != a => a = x,
                _ => return b.min(a),
            }
        }
        while b > a {
            match idom[b] {
                Some(x) if x != b => b = x,
                _ => return a.min(b),
            }
        }
    }
    a
}
