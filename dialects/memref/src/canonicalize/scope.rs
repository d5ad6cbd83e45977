//! `memref.alloca_scope`: upstream's `AllocaScopeInliner` (a scope with no possible stack
//! allocation inside, or one that ends its parent allocation scope's single block, is inlined)
//! and `AllocaScopeHoister` (the `alloca`s of a scope that ends a chain of non-scope parents,
//! each ending its single block, move before the outermost of them when their operands are
//! defined outside it).

use flowgate_ir::{Builder, Context, OpId, RegionId, RewritePattern, Traits};

pub(crate) fn patterns() -> Vec<Box<dyn RewritePattern>> {
    vec![Box::new(AllocaScopeInliner), Box::new(AllocaScopeHoister)]
}

const SCOPE: &str = "memref.alloca_scope";

/// Ops with upstream's AutomaticAllocationScope trait.
fn is_allocation_scope(ctx: &Context, op: OpId) -> bool {
    let name = ctx.op_name(op);
    name == "func.func" || name == SCOPE
}

/// `isOpItselfPotentialAutomaticAllocation`: an op whose own effects might include a stack
/// allocation. Ops whose effects we know not to allocate on the stack say no; anything else
/// (unregistered ops, calls) might.
fn may_allocate_on_stack(ctx: &Context, op: OpId) -> bool {
    if ctx.has_trait(op, Traits::RECURSIVE_EFFECTS)
        || ctx.has_trait(op, Traits::PURE)
        || ctx.has_trait(op, Traits::READ_ONLY)
    {
        return false;
    }
    const NO_STACK: &[&str] = &[
        "memref.store",
        "memref.load",
        "memref.copy",
        "memref.alloc",
        "memref.dealloc",
        "memref.realloc",
        "memref.atomic_rmw",
        "memref.prefetch",
        "memref.dma_start",
        "memref.dma_wait",
        "memref.alloca_scope.return",
    ];
    !NO_STACK.contains(&ctx.op_name(op))
}

/// Some op nested in `op` (not in a nested allocation scope) may allocate on the stack.
fn has_potential_alloca(ctx: &Context, op: OpId) -> bool {
    let mut regions: Vec<RegionId> = ctx.regions(op).to_vec();
    while let Some(r) = regions.pop() {
        for &b in ctx.region_blocks(r) {
            for o in ctx.block_ops(b) {
                if may_allocate_on_stack(ctx, o) {
                    return true;
                }
                if !is_allocation_scope(ctx, o) {
                    regions.extend_from_slice(ctx.regions(o));
                }
            }
        }
    }
    false
}

/// Upstream's `lastNonTerminatorInRegion`: `op` is followed only by its block's terminator
/// (an unregistered last op may be one), in a single-block region.
fn last_before_terminator(ctx: &Context, op: OpId) -> bool {
    let Some(next) = ctx.next_op(op) else { return false };
    let might_terminate = ctx.has_trait(next, Traits::TERMINATOR) || !ctx.is_registered(next);
    let single_block = ctx.parent_region(op).is_some_and(|r| ctx.region_blocks(r).len() == 1);
    ctx.next_op(next).is_none() && might_terminate && single_block
}

struct AllocaScopeInliner;

impl RewritePattern for AllocaScopeInliner {
    fn root(&self) -> Option<&'static str> {
        Some(SCOPE)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        if has_potential_alloca(ctx, op) {
            // Inlining would extend the allocations' lifetime unless the parent scope ends
            // right after this one.
            let parent_is_scope = ctx.parent_op(op).is_some_and(|p| is_allocation_scope(ctx, p));
            if !parent_is_scope || !last_before_terminator(ctx, op) {
                return false;
            }
        }
        let region = ctx.region(op, 0);
        let Some(body) = ctx.entry_block(region) else { return false };
        if ctx.region_blocks(region).len() != 1 {
            return false;
        }
        let Some(term) = ctx.last_op(body).filter(|&t| ctx.is_op(t, "memref.alloca_scope.return")) else {
            return false;
        };
        let results = ctx.operands(term).to_vec();
        if results.len() != ctx.results(op).len() {
            return false;
        }
        ctx.erase_op(term);
        let Some(dest) = ctx.parent_block(op) else { return false };
        ctx.inline_block_before(body, dest, Some(op), &[]);
        ctx.replace_op(op, &results);
        true
    }
}

struct AllocaScopeHoister;

impl RewritePattern for AllocaScopeHoister {
    fn root(&self) -> Option<&'static str> {
        Some(SCOPE)
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        let ctx = &mut *b.ctx;
        let Some(mut outer) = ctx.parent_op(op) else { return false };
        if is_allocation_scope(ctx, outer) || !last_before_terminator(ctx, op) || !last_before_terminator(ctx, outer) {
            return false;
        }
        // Climb to the outermost parent below an allocation scope, each ending its block.
        loop {
            let Some(p) = ctx.parent_op(outer) else { return false };
            if is_allocation_scope(ctx, p) {
                break;
            }
            if !last_before_terminator(ctx, p) {
                return false;
            }
            outer = p;
        }
        // The region of `outer` that holds `op`: values defined anywhere under it are not
        // available before `outer`.
        let defined_inside = |ctx: &Context, v| match ctx.value_block(v).and_then(|bl| ctx.block_parent(bl)) {
            Some(r) => ctx.region_parent(r).is_some_and(|o| ctx.is_ancestor(outer, o)),
            None => true,
        };
        let allocas: Vec<OpId> = ctx
            .find_ops(op, "memref.alloca")
            .into_iter()
            .filter(|&a| !ctx.operands(a).iter().any(|&v| defined_inside(ctx, v)))
            .collect();
        if allocas.is_empty() {
            return false;
        }
        for a in allocas {
            ctx.unlink_op(a);
            ctx.insert_op_before(a, outer);
        }
        true
    }
}
