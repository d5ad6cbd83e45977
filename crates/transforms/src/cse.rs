//! `cse`: common subexpression elimination with upstream's rules. An op without effects is
//! replaced by an equal one (same name, operands in any order for commutative ops, attributes
//! and result types) that dominates it: earlier in the block, or in a dominating block, or in
//! an enclosing region that is not isolated from above. Trivially dead ops are erased on the way, as upstream's CSE does.
//! Terminators and ops with multi-block regions are never merged; ops with single-block
//! regions merge when their regions are equivalent, as upstream's do.

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

/// What equal ops share; ops with regions also need [`regions_equivalent`] to hold.
type Key = (Symbol, Vec<Value>, Vec<(Symbol, Attribute)>, Vec<Type>, usize);

/// Known ops by key, in nested scopes: a scope per dominator-tree node.
#[derive(Default)]
struct ScopedMap {
    scopes: Vec<FxHashMap<Key, Vec<OpId>>>,
}

impl ScopedMap {
    /// A live op with key `k` that `op` is equivalent to.
    fn lookup(&self, ctx: &Context, k: &Key, op: OpId) -> Option<OpId> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(k)?.iter().copied().find(|&e| !ctx.is_erased(e) && regions_equivalent(ctx, e, op)))
    }
}

/// Upstream's region equivalence for CSE: regions pairwise alike block by block, ops alike in
/// order, values defined inside corresponding by position and values from outside identical.
fn regions_equivalent(ctx: &Context, a: OpId, b: OpId) -> bool {
    let mut map: FxHashMap<Value, Value> = FxHashMap::default();
    let ra = ctx.regions(a);
    let rb = ctx.regions(b);
    ra.len() == rb.len() && ra.iter().zip(rb).all(|(&x, &y)| region_equivalent(ctx, x, y, &mut map))
}

fn region_equivalent(ctx: &Context, x: RegionId, y: RegionId, map: &mut FxHashMap<Value, Value>) -> bool {
    let bx = ctx.region_blocks(x);
    let by = ctx.region_blocks(y);
    if bx.len() != by.len() {
        return false;
    }
    for (&p, &q) in bx.iter().zip(by) {
        let (ap, aq) = (ctx.block_args(p), ctx.block_args(q));
        if ap.len() != aq.len() || ap.iter().zip(aq).any(|(&u, &v)| ctx.value_type(u) != ctx.value_type(v)) {
            return false;
        }
        map.extend(ap.iter().copied().zip(aq.iter().copied()));
        let (op, oq): (Vec<OpId>, Vec<OpId>) = (ctx.block_ops(p).collect(), ctx.block_ops(q).collect());
        if op.len() != oq.len() {
            return false;
        }
        for (&u, &v) in op.iter().zip(&oq) {
            let same_operands = ctx.operands(u).len() == ctx.operands(v).len()
                && ctx.operands(u).iter().zip(ctx.operands(v)).all(|(&s, &t)| map.get(&s).copied().unwrap_or(s) == t);
            if ctx.op_name_sym(u) != ctx.op_name_sym(v)
                || ctx.attrs(u) != ctx.attrs(v)
                || ctx.result_types(u) != ctx.result_types(v)
                || !same_operands
                || ctx.successors(u).len() != ctx.successors(v).len()
                || ctx.regions(u).len() != ctx.regions(v).len()
            {
                return false;
            }
            map.extend(ctx.results(u).iter().copied().zip(ctx.results(v).iter().copied()));
            if !ctx.regions(u).iter().zip(ctx.regions(v)).all(|(&r, &t)| region_equivalent(ctx, r, t, map)) {
                return false;
            }
        }
    }
    true
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
        // Like upstream, ops whose regions have several blocks are left alone.
        let multi_block = ctx.regions(op).iter().any(|&r| ctx.region_blocks(r).len() > 1);
        if graph || multi_block || !is_effect_free(ctx, op) {
            return;
        }
        let mut operands = ctx.operands(op).to_vec();
        // Upstream's operation equivalence ignores the operand order of commutative ops.
        if ctx.has_trait(op, Traits::COMMUTATIVE) {
            operands.sort();
        }
        let key: Key =
            (ctx.op_name_sym(op), operands, ctx.attrs(op).to_vec(), ctx.result_types(op), ctx.regions(op).len());
        match known.lookup(ctx, &key, op) {
            Some(existing) => {
                let new = ctx.results(existing).to_vec();
                ctx.replace_op(op, &new);
                self.num_cse += 1;
            }
            None => {
                if let Some(s) = known.scopes.last_mut() {
                    s.entry(key).or_default().push(op);
                }
            }
        }
    }
}
