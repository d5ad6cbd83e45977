//! `canonicalize`: the greedy driver with every registered op's canonicalization patterns,
//! folding, dead-op removal and region simplification (upstream's Canonicalizer).

use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{apply_patterns_greedily, GreedyConfig, Pass, PassInfo, PassOptions, PatternSet, RegionSimplify};

pub const INFO: PassInfo = PassInfo {
    argument: "canonicalize",
    description: "Canonicalize operations",
    create: |o| Canonicalizer::from_options(o).map(|p| Box::new(p) as Box<dyn Pass>),
};

#[derive(Default)]
pub struct Canonicalizer {
    pub config: GreedyConfig,
    /// Upstream's `test-convergence`: fail when no fixpoint is reached.
    pub test_convergence: bool,
}

impl Canonicalizer {
    pub fn from_options(o: &PassOptions) -> Result<Self, String> {
        o.check_known(
            "canonicalize",
            &[
                "max-iterations",
                "max-num-rewrites",
                "region-simplify",
                "top-down",
                "test-convergence",
                "enable-patterns",
                "disable-patterns",
            ],
        )?;
        // Negative values (upstream's -1, GreedyRewriteConfig::kNoLimit) mean no bound.
        let bound = |key: &str| -> Result<Option<Option<u64>>, String> {
            match o.get(key) {
                None => Ok(None),
                Some(v) => match v.parse::<i64>() {
                    Ok(n) => Ok(Some(u64::try_from(n).ok())),
                    Err(_) => Err(format!("invalid value '{v}' for integer option '{key}'")),
                },
            }
        };
        let mut config = GreedyConfig { top_down: o.get_bool("top-down", true)?, ..GreedyConfig::default() };
        config.max_iterations = match bound("max-iterations")? {
            None => 10,
            Some(n) => n.unwrap_or(u64::MAX),
        };
        config.max_num_rewrites = bound("max-num-rewrites")?.flatten();
        config.region_simplify = match o.get("region-simplify") {
            None | Some("normal" | "true" | "1") => RegionSimplify::Normal,
            Some("aggressive") => RegionSimplify::Aggressive,
            Some("disabled" | "false" | "0") => RegionSimplify::Disabled,
            Some(v) => return Err(format!("invalid value '{v}' for option 'region-simplify'")),
        };
        Ok(Canonicalizer { config, test_convergence: o.get_bool("test-convergence", false)? })
    }
}

impl Pass for Canonicalizer {
    fn argument(&self) -> &'static str {
        "canonicalize"
    }

    fn name(&self) -> &'static str {
        "Canonicalizer"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        let patterns = PatternSet::canonicalization(ctx);
        let converged = apply_patterns_greedily(ctx, op, &patterns, &self.config);
        if self.test_convergence && !converged {
            return Err(Diagnostic::error(ctx.op_loc(op), "Canonicalizer failed to converge"));
        }
        Ok(())
    }
}
