//! `--scf-parallel-for-to-nested-fors` (upstream's pass of that name): every `scf.parallel`
//! becomes a nest of `scf.for` loops by the rewrite `convert-scf-to-cf` applies
//! (`scf_to_cf::parallel`). Unlike upstream's, which leaves loops with reductions alone, it
//! converts those too, carrying each accumulator as an iter_arg (as convert-scf-to-cf does).
//! -O2 runs it before the loop optimizations, so a parallel nest is strength-reduced and
//! rotated like any `scf.for`: lowered only by `convert-scf-to-cf`, it was the one loop left
//! top-tested, with an index multiply per element (bench/codegen's par2d at 1.55x gcc -O2,
//! against 1.3x for the for-loop nest).

use crate::scf_to_cf;
use flowgate_ir::{Context, Diagnostic, OpId};
use flowgate_pass::{Pass, PassInfo, PassOptions};

const ARGUMENT: &str = "scf-parallel-for-to-nested-fors";

pub struct ParallelForToNestedFors;

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: ARGUMENT,
        description: "Convert scf.parallel loops to nested scf.for loops",
        create: |opts: &PassOptions| {
            opts.check_known(ARGUMENT, &[])?;
            Ok(Box::new(ParallelForToNestedFors))
        },
    }
}

impl Pass for ParallelForToNestedFors {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "ParallelForToNestedFors"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        scf_to_cf::lower_outer_first(ctx, op, &["scf.parallel"], scf_to_cf::parallel::lower_parallel)
    }
}
