//! The greedy pattern-rewrite driver, after upstream's `applyPatternsGreedily`: a worklist of
//! ops; each op is erased when trivially dead, folded (constants materialized through the
//! dialect), or handed to the patterns rooted at it, highest benefit first. Changes reported by
//! the context's change tracking requeue what they touch. Whole sweeps repeat until nothing
//! changes or `max_iterations` is reached.

use crate::folder::ConstantFolder;
use crate::region_simplify::{simplify_regions, RegionSimplify};
use flowgate_ir::{Builder, Change, Context, FoldResult, OpId, PatternsFn, RewritePattern, Traits, Value, WalkOrder};
use rustc_hash::{FxHashMap, FxHashSet};

/// Options of one greedy run (upstream's `GreedyRewriteConfig`).
#[derive(Clone, Debug)]
pub struct GreedyConfig {
    /// Bound on whole sweeps over the IR.
    pub max_iterations: u64,
    /// Bound on pattern applications within one sweep; `None` for no bound.
    pub max_num_rewrites: Option<u64>,
    /// Seed the worklist in pre-order (true) or post-order.
    pub top_down: bool,
    /// Control-flow simplification after each sweep.
    pub region_simplify: RegionSimplify,
    /// Fold ops through their `fold` hooks.
    pub fold: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            max_num_rewrites: None,
            top_down: true,
            region_simplify: RegionSimplify::Normal,
            fold: true,
        }
    }
}

/// A set of rewrite patterns, grouped by root op name.
#[derive(Default)]
pub struct PatternSet {
    patterns: Vec<Box<dyn RewritePattern>>,
}

impl PatternSet {
    pub fn new(patterns: Vec<Box<dyn RewritePattern>>) -> Self {
        PatternSet { patterns }
    }

    /// The canonicalization patterns of every registered op.
    /// A hook that several ops share (the tensor dialect's) is called once.
    pub fn canonicalization(ctx: &Context) -> Self {
        let mut patterns = Vec::new();
        let mut called: Vec<PatternsFn> = Vec::new();
        for def in ctx.registered_ops() {
            if let Some(f) = def.canonicalize {
                if !called.iter().any(|&g| std::ptr::fn_addr_eq(g, f)) {
                    called.push(f);
                    patterns.extend(f());
                }
            }
        }
        PatternSet { patterns }
    }

    pub fn add(&mut self, p: Box<dyn RewritePattern>) {
        self.patterns.push(p);
    }

    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }

    /// Indices of the patterns that apply to `name`, highest benefit first (stable).
    fn for_name(&self, name: &str) -> Vec<usize> {
        let mut v: Vec<usize> =
            (0..self.patterns.len()).filter(|&i| self.patterns[i].root().is_none_or(|r| r == name)).collect();
        v.sort_by_key(|&i| std::cmp::Reverse(self.patterns[i].benefit()));
        v
    }
}

/// True when `op` has no effect other than producing its results, so it may go once they are
/// unused: PURE ops, and RECURSIVE_EFFECTS ops whose nested ops are all such ops. Terminators
/// never are.
pub fn is_effect_free(ctx: &Context, op: OpId) -> bool {
    if ctx.has_trait(op, Traits::TERMINATOR) {
        return false;
    }
    if ctx.has_trait(op, Traits::PURE) {
        return true;
    }
    if !ctx.has_trait(op, Traits::RECURSIVE_EFFECTS) {
        return false;
    }
    let mut ok = true;
    ctx.walk(op, &mut |o| {
        if o != op && !ctx.has_trait(o, Traits::PURE) && !ctx.has_trait(o, Traits::RECURSIVE_EFFECTS) {
            ok = false;
        }
    });
    ok
}

/// Upstream's `isOpTriviallyDead`: effect free and none of its results is used.
pub fn is_trivially_dead(ctx: &Context, op: OpId) -> bool {
    ctx.results(op).iter().all(|&r| !ctx.has_uses(r)) && is_effect_free(ctx, op)
}

/// Apply `patterns` (plus folding and dead-op removal) to the regions of `root` until a
/// fixpoint. Returns true when it converged within the iteration bound.
pub fn apply_patterns_greedily(ctx: &mut Context, root: OpId, patterns: &PatternSet, config: &GreedyConfig) -> bool {
    ctx.start_tracking();
    let mut driver = Driver {
        patterns,
        config,
        worklist: Vec::new(),
        queued: FxHashSet::default(),
        by_name: FxHashMap::default(),
        folder: ConstantFolder::default(),
        in_place: FxHashMap::default(),
    };
    let converged = driver.run(ctx, root);
    ctx.stop_tracking();
    converged
}

struct Driver<'a> {
    patterns: &'a PatternSet,
    config: &'a GreedyConfig,
    worklist: Vec<OpId>,
    queued: FxHashSet<OpId>,
    by_name: FxHashMap<String, Vec<usize>>,
    folder: ConstantFolder,
    /// In-place folds per op in the current sweep: a fold hook that reports an in-place
    /// change without making one would otherwise requeue its op forever.
    in_place: FxHashMap<OpId, u32>,
}

/// In-place folds of one op allowed per sweep.
const MAX_IN_PLACE_FOLDS: u32 = 8;

impl Driver<'_> {
    fn run(&mut self, ctx: &mut Context, root: OpId) -> bool {
        let mut iteration = 0;
        loop {
            if iteration >= self.config.max_iterations {
                return false;
            }
            iteration += 1;
            let mut changed = self.seed(ctx, root);
            changed |= self.process(ctx);
            let simplified = simplify_regions(ctx, root, self.config.region_simplify);
            ctx.take_changes();
            changed |= simplified;
            if !changed {
                return true;
            }
        }
    }

    /// Fill the worklist with every op nested in `root`, deduplicating and hoisting constants
    /// on the way. Returns true when that changed the IR.
    fn seed(&mut self, ctx: &mut Context, root: OpId) -> bool {
        self.worklist.clear();
        self.queued.clear();
        self.folder.clear();
        self.in_place.clear();
        ctx.take_changes();
        let order = if self.config.top_down { WalkOrder::PreOrder } else { WalkOrder::PostOrder };
        let ops: Vec<OpId> = ctx.collect_ops(root, order).into_iter().filter(|&o| o != root).collect();
        let mut changed = false;
        for op in ops {
            if ctx.is_erased(op) {
                continue;
            }
            if self.folder.is_constant(ctx, op) {
                let (kept, moved) = self.folder.insert_known_constant(ctx, op);
                changed |= moved;
                if !kept {
                    changed = true;
                    continue;
                }
            }
            self.push(op);
        }
        // A stack: reverse so that ops pop in walk order.
        self.worklist.reverse();
        ctx.take_changes();
        changed
    }

    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.worklist.push(op);
        }
    }

    fn process(&mut self, ctx: &mut Context) -> bool {
        let mut changed = false;
        let mut rewrites = 0u64;
        while let Some(op) = self.worklist.pop() {
            self.queued.remove(&op);
            if ctx.is_erased(op) || ctx.parent_block(op).is_none() {
                continue;
            }
            let operand_defs = defining_ops(ctx, op);
            if is_trivially_dead(ctx, op) {
                self.folder.forget(op);
                ctx.erase_op(op);
                self.requeue(ctx, &operand_defs);
                changed = true;
                continue;
            }
            if self.config.fold && !ctx.has_trait(op, Traits::CONSTANT_LIKE) && self.try_fold(ctx, op) {
                self.requeue(ctx, &operand_defs);
                changed = true;
                continue;
            }
            if self.config.max_num_rewrites.is_some_and(|m| rewrites >= m) {
                continue;
            }
            if self.try_patterns(ctx, op) {
                rewrites += 1;
                self.requeue(ctx, &operand_defs);
                changed = true;
            }
        }
        changed
    }

    /// Push what the last mutations touched, and the former operands' producers (they may have
    /// lost their last use).
    fn requeue(&mut self, ctx: &mut Context, operand_defs: &[OpId]) {
        for c in ctx.take_changes() {
            match c {
                // Replacing uses modifies the users, so they come back through here too.
                Change::Created(o) | Change::Modified(o) => {
                    if !ctx.is_erased(o) {
                        self.push(o);
                    }
                }
                Change::Erased(o) => self.folder.forget(o),
            }
        }
        for &d in operand_defs {
            if !ctx.is_erased(d) {
                self.push(d);
            }
        }
    }

    /// Fold `op` as upstream's driver does: constants are materialized by the op's dialect right
    /// before it, with its location (the next sweep hoists and deduplicates them); a fold that
    /// fails on a commutative op may still move constant operands to the end, in place.
    fn try_fold(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let consts: Vec<_> = ctx.operands(op).iter().map(|&v| self.folder.constant_value(ctx, v)).collect();
        let folded = match ctx.op_def(op).and_then(|d| d.fold) {
            Some(f) => f(ctx, op, &consts),
            None => None,
        };
        let Some(results) = folded else { return self.fold_commutative(ctx, op, &consts) };
        if results.len() != ctx.results(op).len() {
            return false;
        }
        let own = ctx.results(op).to_vec();
        if results.iter().zip(&own).all(|(r, &v)| *r == FoldResult::Value(v)) {
            return self.in_place_change(ctx, op);
        }
        // A partial in-place fold cannot be expressed as a replacement: the op would be erased
        // while still used. A value of another type is no replacement either.
        let bad_value = |r: &FoldResult, old: Value| match r {
            FoldResult::Value(v) => own.contains(v) || ctx.value_type(*v) != ctx.value_type(old),
            FoldResult::Attr(_) => false,
        };
        if results.iter().zip(&own).any(|(r, &old)| bad_value(r, old)) {
            return false;
        }
        let dialect = ctx.op_name(op).split_once('.').map_or("", |(d, _)| d).to_string();
        let materialize = ctx.dialect(&dialect).and_then(|d| d.materialize_constant);
        let loc = ctx.op_loc(op);
        let mut values: Vec<Value> = Vec::with_capacity(results.len());
        let mut created = Vec::new();
        for (r, &old) in results.iter().zip(&own) {
            let attr = match *r {
                FoldResult::Value(v) => {
                    values.push(v);
                    continue;
                }
                FoldResult::Attr(a) => a,
            };
            let ty = ctx.value_type(old);
            let made = materialize.and_then(|m| m(&mut Builder::before(ctx, op), attr, ty, loc));
            match made {
                Some(c) if !ctx.is_erased(c) && ctx.results(c).len() == 1 && ctx.value_type(ctx.result(c, 0)) == ty => {
                    created.push(c);
                    values.push(ctx.result(c, 0));
                }
                other => {
                    // Undo the constants made for this fold, as upstream does.
                    created.extend(other);
                    for c in created {
                        ctx.erase_op(c);
                    }
                    ctx.take_changes();
                    return false;
                }
            }
        }
        ctx.replace_op(op, &values);
        true
    }

    /// Upstream's `foldCommutative`: move constant operands after the others.
    fn fold_commutative(&mut self, ctx: &mut Context, op: OpId, consts: &[Option<flowgate_ir::Attribute>]) -> bool {
        if consts.len() < 2 || !ctx.has_trait(op, Traits::COMMUTATIVE) {
            return false;
        }
        let operands = ctx.operands(op).to_vec();
        let mut reordered: Vec<Value> =
            operands.iter().zip(consts).filter(|(_, c)| c.is_none()).map(|(&v, _)| v).collect();
        reordered.extend(operands.iter().zip(consts).filter(|(_, c)| c.is_some()).map(|(&v, _)| v));
        if reordered == operands {
            return false;
        }
        ctx.set_operands(op, reordered);
        self.in_place_change(ctx, op)
    }

    fn in_place_change(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let n = self.in_place.entry(op).or_insert(0);
        *n += 1;
        if *n > MAX_IN_PLACE_FOLDS {
            return false;
        }
        ctx.notify_modified(op);
        true
    }

    fn try_patterns(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let name = ctx.op_name(op).to_string();
        let idx = match self.by_name.get(&name) {
            Some(v) => v.clone(),
            None => {
                let v = self.patterns.for_name(&name);
                self.by_name.insert(name, v.clone());
                v
            }
        };
        for i in idx {
            let mut b = Builder::before(ctx, op);
            if self.patterns.patterns[i].match_and_rewrite(&mut b, op) {
                return true;
            }
        }
        false
    }
}

/// Producers of `op`'s operands that may simplify once `op` is gone: as upstream, those whose
/// value has at most one user besides `op` (it becomes dead or single-use).
fn defining_ops(ctx: &Context, op: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    for &v in ctx.operands(op) {
        let Some(d) = ctx.defining_op(v) else { continue };
        let mut other: Option<OpId> = None;
        let mut many = false;
        for u in ctx.uses(v) {
            if u.op == op || Some(u.op) == other {
                continue;
            }
            if other.is_none() {
                other = Some(u.op);
                continue;
            }
            many = true;
            break;
        }
        if !many {
            out.push(d);
        }
    }
    out
}
