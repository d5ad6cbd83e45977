//! `scf-rotate-while`: rotate `scf.while` loops into a zero-trip check (`scf.if`) around a
//! do-while loop, with upstream's `scf::wrapWhileLoopInZeroTripCheck` (which upstream exposes
//! only through `--test-wrap-scf-while-loop-in-zero-trip-check`; this pass has the same output).
//!
//! Why: `convert-scf-to-cf` lowers a while loop whose after region only forwards its arguments
//! (upstream's DoWhileLowering) to one block ending in a conditional back edge, where the
//! general form needs a header test plus an unconditional jump back on every iteration.
//! Cranelift does not rotate loops itself. With `scf-for-to-while` first, every `scf.for` gets
//! this shape.
//!
//! Options:
//! - `force-create-check` (default false), as upstream's test pass: also wrap loops that are
//!   already do-while loops. Then, as there, each loop is rewritten once in a post-order walk
//!   instead of under the greedy driver (which would wrap the new loops forever).
//! - `max-before-ops` (default 16, not upstream): loops whose before region has more ops than
//!   this (nested ops included, the `scf.condition` not) are left alone. The rotation copies
//!   the before region once in front of the loop; the copy runs at most once, so it buys
//!   nothing at run time and only grows the code. A typical loop test (a compare, a few index
//!   computations, a load) is well under 16 ops and its copy is cheap next to the branch saved
//!   per iteration; a large before region (a whole loop body computed before the test) would
//!   double in size for a saving that is small relative to its own work.
//! - `cleanup` (default true, not upstream): run the rewrite under the greedy driver like
//!   upstream's test pass, which also folds and simplifies the whole function. With false each
//!   loop is rewritten once in a post-order walk and nothing else changes: the tools' -O2
//!   pipeline does that, since a canonicalize follows anyway and the greedy run over an entire
//!   function costs more than the rotation itself (compile latency). The loops rotated are the
//!   same, except loops inside a before region, whose pre-check copy is not rotated again.

mod clone;
mod rotate;

pub use rotate::{wrap_in_zero_trip_check, Rotation};

use flowgate_ir::{Builder, Context, Diagnostic, OpId, WalkOrder};
use flowgate_pass::{apply_patterns_greedily, GreedyConfig, Pass, PassInfo, PassOptions, PatternSet, RegionSimplify};
use flowgate_scf::WhileOp;

const ARGUMENT: &str = "scf-rotate-while";
const FORCE: &str = "force-create-check";
const MAX_BEFORE_OPS: &str = "max-before-ops";
const CLEANUP: &str = "cleanup";

/// Default of `max-before-ops`.
pub const DEFAULT_MAX_BEFORE_OPS: usize = 16;

pub const INFO: PassInfo = PassInfo {
    argument: ARGUMENT,
    description: "Rotate scf.while loops into a zero-trip check (scf.if) around a do-while loop",
    create: |o: &PassOptions| {
        o.check_known(ARGUMENT, &[FORCE, MAX_BEFORE_OPS, CLEANUP])?;
        let force_create_check = o.get_bool(FORCE, false)?;
        let cleanup = o.get_bool(CLEANUP, true)?;
        let max = o.get_u64(MAX_BEFORE_OPS, DEFAULT_MAX_BEFORE_OPS as u64)?;
        let max_before_ops = usize::try_from(max).unwrap_or(usize::MAX);
        Ok(Box::new(RotateWhile { force_create_check, max_before_ops, cleanup }) as Box<dyn Pass>)
    },
};

pub struct RotateWhile {
    pub force_create_check: bool,
    pub max_before_ops: usize,
    pub cleanup: bool,
}

impl Default for RotateWhile {
    fn default() -> Self {
        RotateWhile { force_create_check: false, max_before_ops: DEFAULT_MAX_BEFORE_OPS, cleanup: true }
    }
}

impl Pass for RotateWhile {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "SCFRotateWhile"
    }

    /// As upstream's test pass.
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        if self.force_create_check || !self.cleanup {
            // Inner loops first; the loops this creates are not visited again.
            let loops: Vec<OpId> = ctx
                .collect_ops(op, WalkOrder::PostOrder)
                .into_iter()
                .filter(|&o| o != op && WhileOp::cast(ctx, o).is_some())
                .collect();
            for l in loops {
                if !ctx.is_erased(l) {
                    wrap_in_zero_trip_check(ctx, l, self.force_create_check, self.max_before_ops);
                }
            }
        } else {
            let pattern = RotateWhileLoop { max_before_ops: self.max_before_ops };
            let patterns = PatternSet::new(vec![Box::new(pattern)]);
            apply_patterns_greedily(ctx, op, &patterns, &upstream_driver_config());
        }
        Ok(())
    }
}

/// Upstream's `RotateWhileLoopPattern` (never forced: under a greedy driver the do-while loops
/// it creates would be wrapped again and again).
pub struct RotateWhileLoop {
    pub max_before_ops: usize,
}

impl flowgate_ir::RewritePattern for RotateWhileLoop {
    fn root(&self) -> Option<&'static str> {
        Some(WhileOp::NAME)
    }

    fn name(&self) -> &'static str {
        "RotateWhileLoopPattern"
    }

    fn match_and_rewrite(&self, b: &mut Builder<'_>, op: OpId) -> bool {
        matches!(wrap_in_zero_trip_check(b.ctx, op, false, self.max_before_ops), Rotation::Rotated(_))
    }
}

/// Upstream's `GreedyRewriteConfig` defaults, which the pass uses unchanged: unlike the
/// canonicalizer (whose `region-simplify` option defaults to normal), they simplify regions
/// aggressively, merging identical blocks and dropping redundant block arguments.
fn upstream_driver_config() -> GreedyConfig {
    GreedyConfig { region_simplify: RegionSimplify::Aggressive, ..GreedyConfig::default() }
}

#[cfg(test)]
mod tests;
