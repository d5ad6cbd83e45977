//! The verifier: structural rules (terminators, successors, dominance, isolation, symbols,
//! declared counts and traits), then each op's own hook. Like upstream, it stops at the first
//! failure and reports it as a diagnostic, except that isolated-from-above ops (functions) are
//! verified each on its own, and the errors of all of them are reported.

mod dominance;

use crate::dialect::{Count, Traits};
use crate::{BlockId, Context, Diagnostic, OpId, RegionId};
use dominance::DominanceInfo;

/// Verify `root` and everything nested in it.
pub fn verify(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let mut v = Verifier { ctx, dom: DominanceInfo::default(), isolated: Vec::new() };
    ctx.with_symbol_cache(|| v.verify_op(root))
}

struct Verifier<'a> {
    ctx: &'a Context,
    dom: DominanceInfo,
    /// Isolated-from-above ops met while walking regions, not yet verified (a stack: each op
    /// verifies the ones its own regions added).
    isolated: Vec<OpId>,
}

impl Verifier<'_> {
    fn verify_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            let bad = match ctx.value_def(v) {
                crate::ValueDef::Placeholder => true,
                crate::ValueDef::OpResult { op: d, .. } => ctx.is_erased(d),
                crate::ValueDef::BlockArg { block, .. } => ctx.block_parent(block).is_none(),
            };
            if bad {
                return Err(Diagnostic::op_error(
                    ctx,
                    op,
                    format!("operand #{i} is not defined by any live operation"),
                ));
            }
        }
        // Upstream checks this while walking the block, before the op's own traits.
        if !ctx.successors(op).is_empty() {
            if let Some(block) = ctx.parent_block(op) {
                if ctx.last_op(block) != Some(op) {
                    return Err(Diagnostic::error(
                        ctx.op_loc(op),
                        "operation with block successors must terminate its parent block",
                    ));
                }
            }
        }
        if !ctx.is_registered(op) {
            // Upstream's `verifyOnEntrance`: a registered dialect knows all its ops.
            let name = ctx.op_name(op);
            let dialect = name.split('.').next().unwrap_or("");
            if ctx.is_dialect_registered(dialect) && !ctx.dialect_allows_unknown_ops(dialect) {
                return Err(Diagnostic::error(
                    ctx.op_loc(op),
                    format!("unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"),
                ));
            }
        }
        for (i, &r) in ctx.results(op).iter().enumerate() {
            let t = ctx.value_type(r);
            if has_negative_dim(ctx, t) {
                return Err(Diagnostic::op_error(ctx, op, negative_dim_message(ctx, &format!("result #{i}"), t)));
            }
        }
        if let Some(def) = ctx.op_def(op) {
            check_segment_sizes(ctx, op)?;
            check_count(ctx, op, def.operands, ctx.operands(op).len(), CountKind::Operands)?;
            check_count(ctx, op, def.results, ctx.results(op).len(), CountKind::Results)?;
            check_count(ctx, op, def.regions, ctx.regions(op).len(), CountKind::Regions)?;
            check_count(ctx, op, def.successors, ctx.successors(op).len(), CountKind::Successors)?;
            self.verify_traits(op, def.traits)?;
            if let Some(f) = def.verify {
                f(ctx, op)?;
            }
            // After the op's hook: upstream declares `HasParent` before `Terminator`, so a
            // misplaced `scf.yield` first reports its parent.
            self.verify_terminator_position(op, def.traits)?;
        }
        if !ctx.successors(op).is_empty() {
            self.verify_successors(op)?;
        }
        // Like upstream, an op that does not say its regions are graph regions (an
        // unregistered one included) has SSA dominance in them.
        let graph = ctx.has_trait(op, Traits::GRAPH_REGION);
        let mark = self.isolated.len();
        for &r in ctx.regions(op) {
            if let Err(d) = self.verify_region(op, r, graph) {
                self.isolated.truncate(mark);
                return Err(d);
            }
        }
        self.verify_isolated_children(mark)?;
        if let Some(f) = ctx.op_def(op).and_then(|d| d.verify_regions) {
            f(ctx, op)?;
        }
        if ctx.has_trait(op, Traits::ISOLATED_FROM_ABOVE) {
            self.verify_isolation(op)?;
        }
        if ctx.has_trait(op, Traits::SYMBOL_TABLE) {
            verify_symbol_table(ctx, op)?;
        }
        Ok(())
    }

    fn verify_traits(&self, op: OpId, t: Traits) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        if t.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
            let mut tys = ctx.operand_types(op);
            tys.extend(ctx.result_types(op));
            if tys.windows(2).any(|w| w[0] != w[1]) {
                return Err(Diagnostic::op_error(ctx, op, "requires the same type for all operands and results"));
            }
        }
        if t.contains(Traits::SINGLE_BLOCK) {
            for (i, &r) in ctx.regions(op).iter().enumerate() {
                if ctx.region_blocks(r).len() > 1 {
                    return Err(Diagnostic::op_error(ctx, op, format!("expects region #{i} to have 0 or 1 blocks")));
                }
            }
        }
        // An op without a name is not a symbol yet (upstream's optional symbol, e.g. an
        // anonymous `builtin.module`); a required name is the op's own verifier's business.
        if t.contains(Traits::SYMBOL) && ctx.attr(op, "sym_name").is_some() {
            let parent = ctx.parent_op(op);
            if parent.is_some_and(|p| !ctx.has_trait(p, Traits::SYMBOL_TABLE)) {
                return Err(Diagnostic::op_error(ctx, op, "symbol's parent must have the SymbolTable trait"));
            }
        }
        Ok(())
    }

    fn verify_terminator_position(&self, op: OpId, t: Traits) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        if t.contains(Traits::TERMINATOR) {
            let last = ctx.parent_block(op).and_then(|b| ctx.last_op(b));
            if last.is_some_and(|l| l != op) {
                return Err(Diagnostic::op_error(ctx, op, "must be the last operation in the parent block"));
            }
        }
        Ok(())
    }

    fn verify_successors(&self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let loc = ctx.op_loc(op);
        let Some(block) = ctx.parent_block(op) else { return Ok(()) };
        if ctx.last_op(block) != Some(op) {
            return Err(Diagnostic::error(loc, "operation with block successors must terminate its parent block"));
        }
        let region = ctx.block_parent(block);
        for (i, &s) in ctx.successors(op).iter().enumerate() {
            if ctx.block_parent(s) != region {
                return Err(Diagnostic::op_error(ctx, op, "reference to block defined in another region"));
            }
            // Like upstream, an unregistered op has no BranchOpInterface: which operands go to
            // which successor is unknown, so there is nothing to check.
            if !ctx.is_registered(op) {
                continue;
            }
            let vals = ctx.successor_operands(op, i);
            let args = ctx.block_args(s);
            if vals.len() != args.len() {
                return Err(Diagnostic::error(
                    loc,
                    format!(
                        "branch has {} operands for successor #{i}, but target block has {}",
                        vals.len(),
                        args.len()
                    ),
                ));
            }
            for (j, (&v, &a)) in vals.iter().zip(args).enumerate() {
                if ctx.value_type(v) != ctx.value_type(a) {
                    return Err(Diagnostic::error(
                        loc,
                        format!("type mismatch for bb argument #{j} of successor #{i}"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Verify the isolated-from-above ops with regions that the walk of the current op's
    /// regions set aside (from `mark` on), each on its own. As upstream's `verifyOnExit`, a
    /// failure in one does not stop the others: every one's error is reported (the first as
    /// the diagnostic, the others as further errors after it).
    fn verify_isolated_children(&mut self, mark: usize) -> Result<(), Diagnostic> {
        let children = self.isolated.split_off(mark);
        let mut first: Option<Diagnostic> = None;
        for child in children {
            let Err(d) = self.verify_op(child) else { continue };
            first = Some(match first {
                None => d,
                Some(mut f) => {
                    f.notes.push(crate::diagnostics::Note { loc: d.loc, message: d.message, severity: d.severity });
                    f.notes.extend(d.notes);
                    f
                }
            });
        }
        first.map_or(Ok(()), Err)
    }

    fn verify_region(&mut self, op: OpId, r: RegionId, graph: bool) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        let no_term = ctx.has_trait(op, Traits::NO_TERMINATOR) || !ctx.is_registered(op);
        let blocks = ctx.region_blocks(r);
        if let Some(&entry) = blocks.first() {
            if !ctx.predecessors(entry).is_empty() {
                return Err(Diagnostic::op_error(ctx, op, "entry block of region may not have predecessors"));
            }
        }
        for &b in blocks {
            self.verify_block(b, no_term, graph)?;
        }
        Ok(())
    }

    fn verify_block(&mut self, b: BlockId, no_term: bool, graph: bool) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for (i, &a) in ctx.block_args(b).iter().enumerate() {
            let t = ctx.value_type(a);
            if has_negative_dim(ctx, t) {
                let loc = ctx.block_parent_op(b).map(|o| ctx.op_loc(o)).unwrap_or_else(|| ctx_unknown(ctx));
                return Err(Diagnostic::error(loc, negative_dim_message(ctx, &format!("block argument #{i}"), t)));
            }
        }
        let check_dominance = !graph && self.dom.is_reachable(ctx, b);
        for o in ctx.block_ops(b) {
            if check_dominance {
                self.verify_dominance(o)?;
            }
            if ctx.has_trait(o, Traits::ISOLATED_FROM_ABOVE) && !ctx.regions(o).is_empty() {
                // Verified on their own once this block's parent op is done with.
                self.isolated.push(o);
                continue;
            }
            self.verify_op(o)?;
        }
        // After the ops, as upstream's verifyOnExit(Block): a terminator that is not last
        // reports its own position first.
        match ctx.last_op(b) {
            None if !no_term => {
                let loc = ctx.block_parent_op(b).map(|o| ctx.op_loc(o)).unwrap_or_else(|| ctx_unknown(ctx));
                return Err(Diagnostic::error(loc, "empty block: expect at least a terminator"));
            }
            Some(last) if !no_term && ctx.is_registered(last) && !ctx.has_trait(last, Traits::TERMINATOR) => {
                let text = crate::asm::print_op_generic_inline(ctx, last);
                return Err(Diagnostic::error(ctx.op_loc(last), format!("block with no terminator, has {text}")));
            }
            _ => {}
        }
        Ok(())
    }

    /// Every operand of `op` (and of ops nested in it, checked when those are visited) must be
    /// defined by something that dominates the use.
    fn verify_dominance(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for (i, &v) in ctx.operands(op).iter().enumerate() {
            if !self.dom.dominates_use(ctx, v, op) {
                let d = Diagnostic::error(ctx.op_loc(op), format!("operand #{i} does not dominate this use"));
                return Err(dominance_note(ctx, d, op, v));
            }
        }
        Ok(())
    }

    /// Like upstream's `IsIsolatedFromAbove::verifyRegionTrait`: nested isolated ops are not
    /// entered, since their own check already keeps their operands inside them (and so inside
    /// `op`); this keeps verification linear instead of re-walking each isolated subtree.
    fn verify_isolation(&self, op: OpId) -> Result<(), Diagnostic> {
        for &r in self.ctx.regions(op) {
            self.check_isolated_region(op, r)?;
        }
        Ok(())
    }

    /// Like upstream's `IsIsolatedFromAbove::verifyRegionTrait`, visiting ops in pre-order but
    /// not entering nested isolated ops: their own check already keeps their operands inside
    /// them (and so inside `op`), and skipping them keeps verification linear.
    fn check_isolated_region(&self, op: OpId, region: crate::RegionId) -> Result<(), Diagnostic> {
        let ctx = self.ctx;
        for &b in ctx.region_blocks(region) {
            for inner in ctx.block_ops(b) {
                for &v in ctx.operands(inner) {
                    let inside = match ctx.value_block(v) {
                        Some(b) => ctx.block_parent_op(b).is_some_and(|p| ctx.is_ancestor(op, p)),
                        None => false,
                    };
                    if !inside {
                        return Err(Diagnostic::op_error(ctx, inner, "using value defined outside the region")
                            .with_note(ctx.op_loc(op), "required by region isolation constraints"));
                    }
                }
                if !ctx.has_trait(inner, Traits::ISOLATED_FROM_ABOVE) {
                    for &r in ctx.regions(inner) {
                        self.check_isolated_region(op, r)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// Upstream's `diagnoseInvalidOperandDominance`: say where the operand is defined relative to
/// the use.
fn dominance_note(ctx: &Context, d: Diagnostic, user: OpId, v: crate::Value) -> Diagnostic {
    let use_region = ctx.parent_region(user);
    let (def_block, def_loc, is_arg) = match ctx.value_def(v) {
        crate::ValueDef::OpResult { op, .. } => (ctx.parent_block(op), ctx.op_loc(op), false),
        crate::ValueDef::BlockArg { block, .. } => {
            let loc = ctx.block_parent_op(block).map(|o| ctx.op_loc(o)).unwrap_or_else(|| ctx_unknown(ctx));
            (Some(block), loc, true)
        }
        crate::ValueDef::Placeholder => return d,
    };
    let def_region = def_block.and_then(|b| ctx.block_parent(b));
    let (Some(r1), Some(r2)) = (use_region, def_region) else { return d };
    let relation = if ctx.parent_block(user) == def_block {
        "same block"
    } else if r1 == r2 {
        "same region"
    } else if region_is_proper_ancestor(ctx, r2, r1) {
        "parent region"
    } else if region_is_proper_ancestor(ctx, r1, r2) {
        "child region"
    } else {
        ""
    };
    let text = if is_arg {
        let index = def_block.and_then(|b| ctx.region_blocks(r2).iter().position(|&x| x == b)).unwrap_or(0);
        match relation {
            "" => format!(
                "operand defined as a block argument (block #{index} neither in a parent nor in a child region)"
            ),
            "same block" | "same region" => {
                format!("operand defined as a block argument (block #{index} in the same region)")
            }
            rel => format!("operand defined as a block argument (block #{index} in a {rel})"),
        }
    } else {
        match relation {
            "" => "operand defined here (op is neither in a parent nor in a child region)".to_string(),
            "same block" | "same region" => format!("operand defined here (op in the {relation})"),
            rel => format!("operand defined here (op in a {rel})"),
        }
    };
    d.with_note(def_loc, text)
}

/// True when `anc` strictly encloses `r`.
fn region_is_proper_ancestor(ctx: &Context, anc: RegionId, r: RegionId) -> bool {
    let mut cur = ctx.region_parent(r).and_then(|o| ctx.parent_region(o));
    while let Some(c) = cur {
        if c == anc {
            return true;
        }
        cur = ctx.region_parent(c).and_then(|o| ctx.parent_region(o));
    }
    false
}

fn ctx_unknown(ctx: &Context) -> crate::Location {
    // The location table always holds what the parser used; fall back to the first entry.
    let _ = ctx;
    crate::Location::from_u32(0)
}

#[derive(Copy, Clone)]
enum CountKind {
    Operands,
    Results,
    Regions,
    Successors,
}

fn check_count(ctx: &Context, op: OpId, want: Count, have: usize, kind: CountKind) -> Result<(), Diagnostic> {
    let msg = match (want, kind) {
        (Count::Any, _) => return Ok(()),
        (Count::Exactly(n), _) if n == have => return Ok(()),
        (Count::AtLeast(n), _) if have >= n => return Ok(()),
        (Count::Exactly(0), CountKind::Operands) => "requires zero operands".to_string(),
        (Count::Exactly(1), CountKind::Operands) => "requires a single operand".to_string(),
        (Count::Exactly(n), CountKind::Operands) => format!("expected {n} operands, but found {have}"),
        (Count::AtLeast(n), CountKind::Operands) => format!("expected {n} or more operands, but found {have}"),
        (Count::Exactly(0), CountKind::Results) => "requires zero results".to_string(),
        (Count::Exactly(1), CountKind::Results) => "requires one result".to_string(),
        (Count::Exactly(n), CountKind::Results) => format!("expected {n} results, but found {have}"),
        (Count::AtLeast(n), CountKind::Results) => format!("expected {n} or more results, but found {have}"),
        (Count::Exactly(0), CountKind::Regions) => "requires zero regions".to_string(),
        (Count::Exactly(1), CountKind::Regions) => "requires one region".to_string(),
        (Count::Exactly(n), CountKind::Regions) => format!("expected {n} regions"),
        (Count::AtLeast(n), CountKind::Regions) => format!("expected {n} or more regions"),
        (Count::Exactly(1), CountKind::Successors) => format!("requires 1 successor but found {have}"),
        (Count::Exactly(n), CountKind::Successors) => format!("requires {n} successors but found {have}"),
        (Count::AtLeast(n), CountKind::Successors) => format!("requires at least {n} successors but found {have}"),
    };
    Err(Diagnostic::op_error(ctx, op, msg))
}

/// Does `t` (or a type inside it) have a negative static dimension? The parser never makes
/// one; a pass that computes sizes might, and the printed IR would not parse back.
fn has_negative_dim(ctx: &Context, t: crate::Type) -> bool {
    use crate::types::{TypeKind, DYNAMIC};
    let bad = |shape: &[i64]| shape.iter().any(|&d| d < 0 && d != DYNAMIC);
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { shape, element, .. } | TypeKind::MemRef { shape, element, .. } => {
            bad(shape) || has_negative_dim(ctx, *element)
        }
        TypeKind::Vector { shape, element, .. } => bad(shape) || has_negative_dim(ctx, *element),
        TypeKind::UnrankedTensor { element } | TypeKind::UnrankedMemRef { element, .. } => {
            has_negative_dim(ctx, *element)
        }
        TypeKind::Complex { element } => has_negative_dim(ctx, *element),
        TypeKind::Function { inputs, results } => inputs.iter().chain(results).any(|&x| has_negative_dim(ctx, x)),
        TypeKind::Tuple(items) => items.iter().any(|&x| has_negative_dim(ctx, x)),
        TypeKind::Dialect { params, .. } => params.iter().any(|&x| has_negative_dim(ctx, x)),
        _ => false,
    }
}

fn negative_dim_message(ctx: &Context, what: &str, t: crate::Type) -> String {
    format!(
        "{what} has type '{}' with a negative dimension size (sizes are non-negative or dynamic)",
        crate::asm::printer::type_to_string(ctx, t)
    )
}

/// Upstream checks the segment-size properties of every op before anything else: a negative
/// entry is named as such (each op's own segment check would only see a wrong total).
fn check_segment_sizes(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    for name in ["operandSegmentSizes", "resultSegmentSizes"] {
        let Some(values) = ctx.attr(op, name).and_then(|a| ctx.attr_as_dense_array(a)) else { continue };
        if values.iter().any(|&v| v < 0) {
            return Err(Diagnostic::op_error(ctx, op, format!("'{name}' attribute cannot have negative elements")));
        }
    }
    Ok(())
}

fn verify_symbol_table(ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let mut seen: rustc_hash::FxHashMap<&str, OpId> = rustc_hash::FxHashMap::default();
    for &r in ctx.regions(op) {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                let Some(name) = ctx.attr(o, "sym_name").and_then(|a| ctx.attr_as_str(a)) else { continue };
                if let Some(&prev) = seen.get(name) {
                    return Err(Diagnostic::error(ctx.op_loc(o), format!("redefinition of symbol named '{name}'"))
                        .with_note(ctx.op_loc(prev), "see existing symbol definition here"));
                }
                seen.insert(name, o);
            }
        }
    }
    Ok(())
}
