//! The scf dialect (structured control flow) with upstream MLIR's syntax, semantics and
//! verifier messages: `for`, `while` / `condition`, `if`, `yield`, `parallel`, `reduce` /
//! `reduce.return`, `execute_region`, `index_switch` and `forall` / `forall.in_parallel`. The seeds' `loop.*` spelling parses as
//! the same ops.

mod execute_region;
mod for_op;
mod forall;
mod if_combine;
mod if_op;
mod index_switch;
mod parallel;
mod rewrite;
mod trip_count;
mod util;
mod views;
mod while_canon;
mod while_op;
mod yield_op;

use flowgate_ir::{Context, DialectDef};

pub use forall::{decode as forall_operands, Forall};
pub use index_switch::switch_cases;
pub use parallel::{parallel_operands, ParallelOperands};
pub use trip_count::{trip_count, LoopDomain};
pub use views::{ConditionOp, ForOp, IfOp, WhileOp, YieldOp};

/// Every op name of the dialect that also has a `loop.` spelling, without the `scf.` prefix
/// (all but `forall` and `forall.in_parallel`, which the seeds never used).
pub const OPS: &[&str] = &[
    "for",
    "while",
    "condition",
    "if",
    "yield",
    "parallel",
    "reduce",
    "reduce.return",
    "execute_region",
    "index_switch",
];

pub fn register(ctx: &mut Context) {
    ctx.register_dialect(DialectDef { name: "scf", materialize_constant: None });
    ctx.register_op(for_op::def());
    ctx.register_op(if_op::def());
    ctx.register_ops(while_op::defs());
    ctx.register_op(yield_op::def());
    ctx.register_op(execute_region::def());
    ctx.register_op(index_switch::def());
    ctx.register_ops(parallel::defs());
    ctx.register_ops(forall::defs());
    for op in OPS {
        ctx.register_op_alias(&format!("loop.{op}"), &format!("scf.{op}"));
    }
}
