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

#[cfg(test)]
mod tests {
    use super::*;
    use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};

    fn context() -> Context {
        let mut c = Context::new();
        flowgate_builtin::register(&mut c);
        flowgate_func::register(&mut c);
        flowgate_arith::register(&mut c);
        c
    }

    /// Parse `src`, run the pass, verify, and return the count and the printed module.
    fn run(src: &str) -> (usize, String) {
        let mut c = context();
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
        let n = rewrite_divisibility_tests(&mut c, m);
        flowgate_ir::verify::verify(&c, m).expect("the rewritten module verifies");
        (n, print_op(&c, m, PrintFlags::default()))
    }

    #[test]
    fn unused_remainders_go_and_used_ones_stay() {
        let src = "func.func @f(%x: i16) -> (i1, i1, i16) {
          %c0 = arith.constant 0 : i16
          %c9 = arith.constant 9 : i16
          %c20 = arith.constant -20 : i16
          %r = arith.remui %x, %c9 : i16
          %t = arith.cmpi eq, %r, %c0 : i16
          %s = arith.remsi %x, %c20 : i16
          %u = arith.cmpi ne, %c0, %s : i16
          return %t, %u, %s : i1, i1, i16
        }";
        let (n, out) = run(src);
        assert_eq!(n, 2, "{out}");
        assert!(!out.contains("arith.remui"), "the unused remui is erased:\n{out}");
        assert!(out.contains("arith.remsi"), "the returned remsi stays:\n{out}");
        assert!(out.contains("arith.cmpi ule") && out.contains("arith.cmpi ugt"), "{out}");
        assert!(!out.contains("arith.cmpi eq") && !out.contains("arith.cmpi ne"), "{out}");
    }

    #[test]
    fn non_matching_compares_are_untouched() {
        let src = "func.func @f(%x: i32, %d: i32, %b: i1) -> (i1, i1, i1, i1, i1) {
          %c0 = arith.constant 0 : i32
          %c2 = arith.constant 2 : i32
          %c5 = arith.constant 5 : i32
          %r = arith.remui %x, %d : i32
          %t0 = arith.cmpi eq, %r, %c0 : i32
          %s = arith.remsi %x, %c5 : i32
          %t1 = arith.cmpi sge, %s, %c0 : i32
          %t2 = arith.cmpi eq, %s, %c2 : i32
          %a = arith.addi %x, %c5 : i32
          %t3 = arith.cmpi eq, %a, %c0 : i32
          %b0 = arith.constant false
          %b1 = arith.constant true
          %rb = arith.remui %b, %b1 : i1
          %t4 = arith.cmpi eq, %rb, %b0 : i1
          return %t0, %t1, %t2, %t3, %t4 : i1, i1, i1, i1, i1
        }";
        let mut c = context();
        let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).expect("parses");
        let before = print_op(&c, m, PrintFlags::default());
        assert_eq!(rewrite_divisibility_tests(&mut c, m), 0);
        assert_eq!(print_op(&c, m, PrintFlags::default()), before);
    }

    #[test]
    fn unknown_options_are_rejected() {
        let mut opts = PassOptions::default();
        assert!((pass_info().create)(&opts).is_ok());
        opts.values.insert("bogus".into(), "1".into());
        assert!((pass_info().create)(&opts).is_err());
    }
}
