//! Walking nested IR.

use crate::{Context, OpId, RegionId};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WalkOrder {
    PreOrder,
    PostOrder,
}

impl Context {
    /// Every op nested under `root` (including `root`) in the given order, collected first so
    /// the caller may mutate the IR while going through the list.
    pub fn collect_ops(&self, root: OpId, order: WalkOrder) -> Vec<OpId> {
        let mut out = Vec::new();
        self.collect_into(root, order, &mut out);
        out
    }

    fn collect_into(&self, op: OpId, order: WalkOrder, out: &mut Vec<OpId>) {
        if order == WalkOrder::PreOrder {
            out.push(op);
        }
        for &r in self.regions(op) {
            for &b in self.region_blocks(r) {
                for o in self.block_ops(b) {
                    self.collect_into(o, order, out);
                }
            }
        }
        if order == WalkOrder::PostOrder {
            out.push(op);
        }
    }

    /// Visit every op nested under `root` (root included), pre-order, without allocating.
    pub fn walk(&self, root: OpId, f: &mut dyn FnMut(OpId)) {
        f(root);
        for &r in self.regions(root) {
            self.walk_region(r, f);
        }
    }

    pub fn walk_region(&self, region: RegionId, f: &mut dyn FnMut(OpId)) {
        for &b in self.region_blocks(region) {
            for o in self.block_ops(b) {
                self.walk(o, f);
            }
        }
    }

    /// Ops nested under `root` (root excluded) named `name`.
    pub fn find_ops(&self, root: OpId, name: &str) -> Vec<OpId> {
        let mut v = Vec::new();
        self.walk(root, &mut |o| {
            if o != root && self.is_op(o, name) {
                v.push(o)
            }
        });
        v
    }
}
