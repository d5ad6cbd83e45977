//! `cse`: common subexpression elimination with upstream's rules. An op without effects is
//! replaced by an equal one (same name, operands in any order for commutative ops, attributes
//! and result types) that dominates it: earlier in the block, or in a dominating block, or in
//! an enclosing region that is not isolated from above. Trivially dead ops are erased on the way, as upstream's CSE does.
//! Terminators and ops with regions are never merged.

use crate::dominance::DomTree;
use flowgate_ir::{Attribute, BlockId, Context, Diagnostic, OpId, RegionId, Symbol, Traits, Type, Value};
use flowgate_pass::{is_effect_free, is_trivially_dead, Pass, PassInfo, PassOptions};
use rustc_hash::FxHashMap;

pub const INFO: PassInfo = PassInfo {
    argument: "cse",
    description: "Eliminate common sub-expressions",
    create: |o: &PassOptions| {
        o.check_known("cse", &[])?;
        Ok(Box::new(Cse::default()) as Box<dyn Pass>)
    },
};

#[derive(Default)]
pub struct Cse {
    /// Ops erased by the last run (merged or dead), for tests and statistics.
    pub num_cse: usize,
    pub num_dce: usize,
}

type Key = (Symbol, Vec<Value>, Vec<(Symbol, Attribute)>, Vec<Type>);

/// Known ops by key, in nested scopes: a scope per dominator-tree node.
#[derive(Default)]
struct ScopedMap {
    scopes: Vec<FxHashMap<Key, OpId>>,
}

impl ScopedMap {
    fn lookup(&self, k: &Key) -> Option<OpId> {
        self.scopes.iter().rev().find_map(|s| s.get(k).copied())
    }
}

impl Pass for Cse {
    fn argument(&self) -> &'static str {
        "cse"
    }

    fn name(&self) -> &'static str {
        "CSE"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        self.num_cse = 0;
        self.num_dce = 0;
        let mut known = ScopedMap::default();
        for r in ctx.regions(op).to_vec() {
            self.simplify_region(ctx, &mut known, r);
        }
        Ok(())
    }
}

impl Cse {
    fn simplify_region(&mut self, ctx: &mut Context, known: &mut ScopedMap, region: RegionId) {
        let blocks = ctx.region_blocks(region).to_vec();
        // Ops of a graph region are not ordered by dominance: nothing there may stand for
        // another, but nested regions are still simplified.
        let graph = ctx.region_parent(region).is_some_and(|p| ctx.has_trait(p, Traits::GRAPH_REGION));
        if blocks.len() == 1 {
            known.scopes.push(FxHashMap::default());
            self.simplify_block(ctx, known, blocks[0], graph);
            known.scopes.pop();
            return;
        }
        let Some(tree) = DomTree::new(ctx, region) else { return };
        // Depth-first over the dominator tree with an explicit stack: (block, entered).
        let mut stack: Vec<(BlockId, bool)> = vec![(tree.entry, false)];
        while let Some((b, entered)) = stack.pop() {
            if entered {
                known.scopes.pop();
                continue;
            }
            known.scopes.push(FxHashMap::default());
            self.simplify_block(ctx, known, b, graph);
            stack.push((b, true));
            if let Some(children) = tree.children.get(&b) {
                for &c in children.iter().rev() {
                    stack.push((c, false));
                }
            }
        }
    }

    fn simplify_block(&mut self, ctx: &mut Context, known: &mut ScopedMap, block: BlockId, graph: bool) {
        let ops: Vec<OpId> = ctx.block_ops(block).collect();
        for op in ops {
            if ctx.is_erased(op) {
                continue;
            }
            if !ctx.regions(op).is_empty() {
                // Values from outside an isolated op (or an unregistered one, whose traits are
                // unknown) must not leak in as implicit captures.
                let isolated = !ctx.is_registered(op) || ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE);
                for r in ctx.regions(op).to_vec() {
                    if isolated {
                        let mut nested = ScopedMap::default();
                        self.simplify_region(ctx, &mut nested, r);
                    } else {
                        self.simplify_region(ctx, known, r);
                    }
                }
            }
            self.simplify_op(ctx, known, op, graph);
        }
    }

    fn simplify_op(&mut self, ctx: &mut Context, known: &mut ScopedMap, op: OpId, graph: bool) {
        if ctx.has_trait(op, Traits::TERMINATOR) {
            return;
        }
        if is_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            self.num_dce += 1;
            return;
        }
        if graph || !ctx.regions(op).is_empty() || !is_effect_free(ctx, op) {
            return;
        }
        let mut operands = ctx.operands(op).to_vec();
        // Upstream's operation equivalence ignores the operand order of commutative ops.
        if ctx.has_trait(op, Traits::COMMUTATIVE) {
            operands.sort();
        }
        let key: Key = (ctx.op_name_sym(op), operands, ctx.attrs(op).to_vec(), ctx.result_types(op));
        match known.lookup(&key) {
            Some(existing) if !ctx.is_erased(existing) => {
                let new = ctx.results(existing).to_vec();
                ctx.replace_op(op, &new);
                self.num_cse += 1;
            }
            _ => {
                if let Some(s) = known.scopes.last_mut() {
                    s.insert(key, op);
                }
            }
        }
    }
}
