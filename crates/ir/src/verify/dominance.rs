//! Dominance between SSA definitions and uses, across nested regions. Dominator trees are
//! computed per multi-block region on demand (Cooper, Harvey and Kennedy's iterative
//! algorithm) and cached for the verifier's run.

use crate::{BlockId, Context, OpId, RegionId, Value};
use rustc_hash::FxHashMap;

#[derive(Default)]
pub(crate) struct DominanceInfo {
    /// Per region: immediate dominators by block, in reverse postorder numbering.
    trees: FxHashMap<RegionId, DomTree>,
    /// Per block: position of each op, for same-block ordering.
    positions: FxHashMap<BlockId, FxHashMap<OpId, u32>>,
}

struct DomTree {
    /// Reverse-postorder index of each reachable block.
    rpo: FxHashMap<BlockId, usize>,
    idom: Vec<usize>,
}

impl DominanceInfo {
    /// Does the definition of `v` dominate its use by `user`?
    pub(crate) fn dominates_use(&mut self, ctx: &Context, v: Value, user: OpId) -> bool {
        let Some(def_block) = ctx.value_block(v) else { return false };
        let Some(def_region) = ctx.block_parent(def_block) else { return false };
        // Find the ancestor of `user` that sits directly in the definition's region.
        let mut anc = user;
        loop {
            let Some(b) = ctx.parent_block(anc) else { return false };
            if ctx.block_parent(b) == Some(def_region) {
                break;
            }
            match ctx.parent_op(anc) {
                Some(p) => anc = p,
                None => return false,
            }
        }
        let Some(use_block) = ctx.parent_block(anc) else { return false };
        if use_block == def_block {
            return match ctx.defining_op(v) {
                None => true,
                // A value used inside its own op's regions (or by itself) is not dominated.
                Some(d) if d == anc => false,
                Some(d) => self.position(ctx, def_block, d) < self.position(ctx, def_block, anc),
            };
        }
        self.block_dominates(ctx, def_region, def_block, use_block)
    }

    /// Is `b` reachable from its region's entry? Upstream checks no dominance for the ops of an
    /// unreachable block (their nested regions are still checked).
    pub(crate) fn is_reachable(&mut self, ctx: &Context, b: BlockId) -> bool {
        let Some(region) = ctx.block_parent(b) else { return true };
        if ctx.region_blocks(region).len() < 2 {
            return true;
        }
        let tree = self.trees.entry(region).or_insert_with(|| DomTree::compute(ctx, region));
        tree.rpo.contains_key(&b)
    }

    fn position(&mut self, ctx: &Context, b: BlockId, op: OpId) -> u32 {
        let map = self
            .positions
            .entry(b)
            .or_insert_with(|| ctx.block_ops(b).enumerate().map(|(i, o)| (o, i as u32)).collect());
        map.get(&op).copied().unwrap_or(u32::MAX)
    }

    fn block_dominates(&mut self, ctx: &Context, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let tree = self.trees.entry(region).or_insert_with(|| DomTree::compute(ctx, region));
        let (Some(&ia), Some(&ib)) = (tree.rpo.get(&a), tree.rpo.get(&b)) else {
            // Uses in unreachable blocks are not checked, as upstream.
            return !tree.rpo.contains_key(&b);
        };
        let mut x = ib;
        loop {
            if x == ia {
                return true;
            }
            if x == 0 || tree.idom[x] == x {
                return false;
            }
            x = tree.idom[x];
        }
    }
}

impl DomTree {
    fn compute(ctx: &Context, region: RegionId) -> DomTree {
        let blocks = ctx.region_blocks(region);
        let Some(&entry) = blocks.first() else { return DomTree { rpo: FxHashMap::default(), idom: Vec::new() } };
        // Postorder by iterative DFS.
        let succs =
            |b: BlockId| -> Vec<BlockId> { ctx.last_op(b).map(|t| ctx.successors(t).to_vec()).unwrap_or_default() };
        let mut post = Vec::new();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![(entry, 0usize)];
        seen.insert(entry);
        while let Some((b, i)) = stack.pop() {
            let s = succs(b);
            if i < s.len() {
                stack.push((b, i + 1));
                if seen.insert(s[i]) {
                    stack.push((s[i], 0));
                }
            } else {
                post.push(b);
            }
        }
        post.reverse();
        let rpo: FxHashMap<BlockId, usize> = post.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let n = post.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &b) in post.iter().enumerate() {
            for s in succs(b) {
                if let Some(&j) = rpo.get(&s) {
                    preds[j].push(i);
                }
            }
        }
        const UNDEF: usize = usize::MAX;
        let mut idom = vec![UNDEF; n];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..n {
                let mut new = UNDEF;
                for &p in &preds[i] {
                    if idom[p] == UNDEF {
                        continue;
                    }
                    new = if new == UNDEF { p } else { intersect(&idom, p, new) };
                }
                if new != UNDEF && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        DomTree { rpo, idom }
    }
}

fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}
