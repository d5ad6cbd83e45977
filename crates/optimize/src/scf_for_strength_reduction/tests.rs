use super::*;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};

fn context() -> Context {
    let mut ctx = crate::test_support::context();
    ctx.allow_unregistered = true;
    ctx
}

/// Parse `src`, run the pass, verify, and return how many products were replaced and the
/// printed module.
fn run(src: &str) -> (usize, String) {
    let mut ctx = context();
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("input: {}", d.message));
    let n = strength_reduce_loops(&mut ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m)
        .unwrap_or_else(|d| panic!("output: {}\n{}", d.message, print_op(&ctx, m, PrintFlags::default())));
    (n, print_op(&ctx, m, PrintFlags::default()))
}

/// A loop over `ty` (`index` or an integer type) summing what `body` computes into `%t`.
fn loop_with(ty: &str, body: &str) -> String {
    let colon = if ty == "index" { String::new() } else { format!(": {ty}") };
    format!(
        "func.func @f(%lb: {ty}, %ub: {ty}, %s: {ty}, %x: {ty}, %y: {ty}) -> {ty} {{
           %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> ({ty}) {colon} {{
             {body}
             %a = arith.addi %acc, %t : {ty}
             scf.yield %a : {ty}
           }}
           return %r : {ty}
         }}"
    )
}

#[test]
fn a_product_becomes_an_iter_arg() {
    let (n, out) = run(&loop_with("index", "%t = arith.muli %i, %x overflow<nsw, nuw> : index"));
    assert_eq!(n, 1);
    let want = [
        "%0 = arith.muli %arg0, %arg3 : index",
        "%1 = arith.muli %arg2, %arg3 : index",
        "%2:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %0) -> (index, index) {",
        "%3 = arith.addi %arg6, %arg7 : index",
        "%4 = arith.addi %arg7, %1 : index",
        "scf.yield %3, %4 : index, index",
        "return %2#0 : index",
    ];
    for w in want {
        assert!(out.contains(w), "missing `{w}` in\n{out}");
    }
    // No overflow flags survive on the new ops, and the product is gone from the body.
    assert!(!out.contains("overflow<"), "{out}");
    assert_eq!(out.matches("arith.muli").count(), 2, "{out}");
}

#[test]
fn integer_loops_and_either_operand_order() {
    let (n, out) = run(&loop_with(
        "i32",
        "%p = arith.muli %x, %i : i32\n %q = arith.muli %i, %x : i32\n %t = arith.subi %p, %q : i32",
    ));
    assert_eq!(n, 2);
    // One shared iter_arg for the factor %x.
    assert!(out.contains("iter_args(%arg6 = %arg3, %arg7 = %0) -> (i32, i32)  : i32"), "{out}");
    assert!(out.contains("arith.subi %arg7, %arg7 : i32"), "{out}");
}

#[test]
fn distinct_factors_get_distinct_iter_args() {
    let (n, out) = run(&loop_with(
        "i64",
        "%p = arith.muli %i, %x : i64\n %q = arith.muli %y, %i : i64\n %t = arith.addi %p, %q : i64",
    ));
    assert_eq!(n, 2);
    assert!(out.contains("-> (i64, i64, i64)"), "{out}");
}

#[test]
fn loop_variant_factors_stay() {
    let bodies = [
        "%t = arith.muli %i, %i : index",
        "%t = arith.muli %i, %acc : index",
        "%v = arith.addi %x, %y : index\n %t = arith.muli %i, %v : index",
        "%t = arith.addi %i, %x : index",
    ];
    for body in bodies {
        let (n, out) = run(&loop_with("index", body));
        assert_eq!(n, 0, "{body}\n{out}");
        assert!(out.contains("-> (index) {"), "{out}");
    }
}

#[test]
fn products_in_nested_regions_and_yielded_products() {
    let src = "func.func @f(%n: index, %x: index, %c: i1) -> index {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
          %v = scf.if %c -> (index) {
            %p = arith.muli %i, %x : index
            scf.yield %p : index
          } else {
            scf.yield %acc : index
          }
          %q = arith.muli %x, %i : index
          scf.yield %q : index
        }
        return %r : index
      }";
    let (n, out) = run(src);
    assert_eq!(n, 2);
    assert!(out.contains("scf.yield %arg5 : index"), "{out}");
    assert!(out.contains("scf.yield %arg5, %4 : index, index"), "{out}");
}

#[test]
fn inner_loops_go_first_and_feed_the_outer_one() {
    // A triangular nest: the inner loop starts at the outer induction variable, so the start
    // value `%i * %x` the inner rewrite leaves in the outer body is a product of the outer loop.
    let src = "func.func @f(%n: index, %x: index) -> index {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
          %s = scf.for %j = %i to %n step %c1 iter_args(%b = %acc) -> (index) {
            %p = arith.muli %j, %x : index
            %t = arith.addi %b, %p : index
            scf.yield %t : index
          }
          scf.yield %s : index
        }
        return %r : index
      }";
    let (n, out) = run(src);
    assert_eq!(n, 2, "{out}");
    let want = [
        "%0 = arith.muli %c0, %arg1 : index",
        "%2:2 = scf.for %arg2 = %c0 to %arg0 step %c1 iter_args(%arg3 = %c0, %arg4 = %0) -> (index, index) {",
        "%4:2 = scf.for %arg5 = %arg2 to %arg0 step %c1 iter_args(%arg6 = %arg3, %arg7 = %arg4) -> (index, index) {",
        "%6 = arith.addi %arg6, %arg7 : index",
        "%5 = arith.addi %arg4, %1 : index",
    ];
    for w in want {
        assert!(out.contains(w), "missing `{w}` in\n{out}");
    }
    let (again, _) = run(&out);
    assert_eq!(again, 0, "a second run finds nothing left:\n{out}");
}

#[test]
fn loops_without_products_are_untouched() {
    let src = loop_with("index", "%t = arith.addi %i, %x : index");
    let (n, out) = run(&src);
    assert_eq!(n, 0);
    let mut ctx = context();
    let m = parse_source(&mut ctx, "t.mlir", &src, ParserConfig::default()).unwrap();
    assert_eq!(out, print_op(&ctx, m, PrintFlags::default()));
}

#[test]
fn options_are_checked() {
    let mut o = PassOptions::default();
    assert!((INFO.create)(&o).is_ok());
    o.values.insert("max".into(), "1".into());
    assert!((INFO.create)(&o).is_err());
}
