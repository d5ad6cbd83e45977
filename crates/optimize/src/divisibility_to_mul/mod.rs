//! `arith-divisibility-to-mul`: rewrite `arith.cmpi eq|ne, (arith.remui|remsi %x, C), 0` into a
//! multiply and an unsigned compare, as gcc and LLVM's DAGCombiner do (Hacker's Delight 10-17).
//! Cranelift lowers a remainder by a constant to a multiply-high, shift, multiply and subtract;
//! when only the remainder's zeroness matters, one multiply (plus an add and a rotate for some
//! divisors) and a compare decide it. Power-of-two divisors become `x & (|C| - 1) == 0`.
//!
//! Scalars of any integer width up to 128 and `index` (as 64 bits) are handled; vectors, divisors
//! that are not constants, compares with anything but zero and the divisors `plan` declines
//! (0, 1, -1, signed INT_MIN) are left alone. The remainder op is erased once unused.

mod plan;
mod rewrite;

use flowgate_ir::{Context, Diagnostic, OpId, WalkOrder};
use flowgate_pass::{Pass, PassInfo, PassOptions};

pub use plan::{inverse_mod_pow2, plan, Signedness, ZeroRemainderTest};

pub const ARGUMENT: &str = "arith-divisibility-to-mul";

pub fn pass_info() -> PassInfo {
    PassInfo {
        argument: ARGUMENT,
        description: "Rewrite `x rem C == 0` tests into a multiply and an unsigned compare",
        create: |opts: &PassOptions| {
            opts.check_known(ARGUMENT, &[])?;
            Ok(Box::new(DivisibilityToMul))
        },
    }
}

pub struct DivisibilityToMul;

impl Pass for DivisibilityToMul {
    fn argument(&self) -> &'static str {
        ARGUMENT
    }

    fn name(&self) -> &'static str {
        "ArithDivisibilityToMul"
    }

    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
        rewrite_divisibility_tests(ctx, op);
        Ok(())
    }
}

/// Rewrite every matching compare nested in `root`; returns how many were rewritten.
pub fn rewrite_divisibility_tests(ctx: &mut Context, root: OpId) -> usize {
    let compares: Vec<OpId> =
        ctx.collect_ops(root, WalkOrder::PreOrder).into_iter().filter(|&o| ctx.is_op(o, "arith.cmpi")).collect();
    let mut rewritten = 0;
    for cmp in compares {
        if ctx.is_erased(cmp) {
            continue;
        }
        if let Some(m) = rewrite::match_zero_remainder_test(ctx, cmp) {
            if rewrite::apply(ctx, cmp, &m).is_some() {
                rewritten += 1;
            }
        }
    }
    rewritten
}
