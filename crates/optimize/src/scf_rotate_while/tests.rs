use super::{wrap_in_zero_trip_check, Rotation, INFO};
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};
use flowgate_pass::PassOptions;

use crate::test_support::context;

fn parse(ctx: &mut Context, src: &str) -> OpId {
    let m = parse_source(ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    m
}

fn options(pairs: &[(&str, &str)]) -> PassOptions {
    let mut o = PassOptions::default();
    for (k, v) in pairs {
        o.values.insert(k.to_string(), v.to_string());
    }
    o
}

/// Run the pass with `opts` on every function, verify, print.
fn run(src: &str, opts: &[(&str, &str)]) -> String {
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let mut pass = (INFO.create)(&options(opts)).unwrap();
    for f in ctx.find_ops(m, "func.func") {
        pass.run(&mut ctx, f).unwrap();
    }
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(&ctx, m, PrintFlags::default())
}

/// A loop as `scf-for-to-while` leaves it: test first, body after.
const COUNTING_LOOP: &str = r#"
func.func @f(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %r:2 = scf.while (%i = %lb, %a = %lb) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %ub : i32
    scf.condition(%c) %i, %a : i32, i32
  } do {
  ^bb0(%i: i32, %a: i32):
    %n = arith.addi %i, %st : i32
    %s = arith.addi %a, %i : i32
    scf.yield %n, %s : i32, i32
  }
  return %r#1 : i32
}
"#;

#[test]
fn while_loop_becomes_a_guarded_do_while() {
    let out = run(COUNTING_LOOP, &[]);
    // The test on the initial values guards the loop; its else branch passes them through.
    assert!(out.contains("%0 = arith.cmpi slt, %arg0, %arg1 : i32"), "{out}");
    assert!(out.contains("%1:2 = scf.if %0 -> (i32, i32) {"), "{out}");
    assert!(out.contains("scf.yield %arg0, %arg0 : i32, i32"), "{out}");
    // The new loop runs the old body, then the old test, and only forwards in its after region.
    assert!(out.contains("%2:2 = scf.while (%arg3 = %arg0, %arg4 = %arg0) : (i32, i32) -> (i32, i32) {"), "{out}");
    let body = out.find("%3 = arith.addi %arg3, %arg2 : i32").expect(&out);
    let test = out.find("%5 = arith.cmpi slt, %3, %arg1 : i32").expect(&out);
    assert!(body < test, "{out}");
    assert!(out.contains("scf.condition(%5) %3, %4 : i32, i32"), "{out}");
    assert!(out.contains("^bb0(%arg3: i32, %arg4: i32):\n        scf.yield %arg3, %arg4 : i32, i32"), "{out}");
    assert!(out.contains("return %1#1 : i32"), "{out}");
}

#[test]
fn without_cleanup_the_walk_rotates_the_same_loops() {
    // No folding happens here, so the greedy run and the walk print the same for this loop;
    // nested loops are rotated inner first in both.
    let nested = COUNTING_LOOP.replace(
        "%s = arith.addi %a, %i : i32",
        "%s0 = arith.addi %a, %i : i32\n    %s = scf.while (%k = %s0) : (i32) -> i32 {\n      %ck = arith.cmpi slt, %k, %ub : i32\n      scf.condition(%ck) %k : i32\n    } do {\n    ^bb0(%k2: i32):\n      %k3 = arith.addi %k2, %st : i32\n      scf.yield %k3 : i32\n    }",
    );
    for src in [COUNTING_LOOP, nested.as_str()] {
        assert_eq!(run(src, &[("cleanup", "false")]), run(src, &[]));
    }
    let out = run(&nested, &[("cleanup", "false")]);
    assert_eq!(out.matches("scf.if").count(), 2, "{out}");
    assert!((INFO.create)(&options(&[("cleanup", "maybe")])).is_err());
}

#[test]
fn do_while_loops_are_left_alone_unless_forced() {
    let src = r#"
func.func @f(%x: i32, %ub: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %n = arith.addi %a, %c1 : i32
    %c = arith.cmpi slt, %n, %ub : i32
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}
"#;
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let before = print_op(&ctx, m, PrintFlags::default());
    let w = ctx.find_ops(m, "scf.while")[0];
    assert_eq!(wrap_in_zero_trip_check(&mut ctx, w, false, 16), Rotation::AlreadyDoWhile);
    assert_eq!(print_op(&ctx, m, PrintFlags::default()), before);

    let plain = run(src, &[]);
    assert!(!plain.contains("scf.if"), "{plain}");
    let forced = run(src, &[("force-create-check", "true")]);
    assert_eq!(forced.matches("scf.if").count(), 1, "{forced}");
    assert_eq!(forced.matches("scf.while").count(), 1, "{forced}");
    // The before region now exists twice: in front of the check and in the loop.
    assert_eq!(forced.matches("arith.cmpi slt").count(), 2, "{forced}");
}

#[test]
fn before_regions_with_effects_are_rotated_as_upstream_does() {
    // Upstream rotates them: the before region still runs once more than the after region and in
    // the same order, so the effects happen exactly as before.
    let out = run(
        r#"
func.func private @next(i32) -> i1
func.func @f(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = func.call @next(%a) : (i32) -> i1
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  return %r : i32
}
"#,
        &[],
    );
    assert_eq!(out.matches("call @next").count(), 2, "{out}");
    let guard = out.find("%0 = call @next(%arg0)").expect(&out);
    let check = out.find("scf.if %0").expect(&out);
    assert!(guard < check, "{out}");
}

#[test]
fn large_before_regions_are_left_alone() {
    // Five ops before the condition: over a limit of 4, within the default.
    let src = r#"
func.func @f(%x: i32, %ub: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %m = arith.muli %a, %a : i32
    %p = arith.addi %m, %a : i32
    %q = arith.subi %p, %ub : i32
    %s = arith.xori %q, %a : i32
    %c = arith.cmpi slt, %s, %ub : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  return %r : i32
}
"#;
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let w = ctx.find_ops(m, "scf.while")[0];
    assert_eq!(wrap_in_zero_trip_check(&mut ctx, w, false, 4), Rotation::TooLarge);
    assert_eq!(wrap_in_zero_trip_check(&mut ctx, w, true, 4), Rotation::TooLarge, "force does not lift the limit");

    let small = run(src, &[("max-before-ops", "4")]);
    assert!(!small.contains("scf.if"), "{small}");
    let default = run(src, &[]);
    assert!(default.contains("scf.if"), "{default}");
}

#[test]
fn nested_ops_count_towards_the_limit_and_are_copied_whole() {
    let src = r#"
func.func @f(%x: i32, %ub: i32, %flag: i1) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %v = scf.if %flag -> (i32) {
      %m = arith.muli %a, %a : i32
      scf.yield %m : i32
    } else {
      scf.yield %a : i32
    }
    %c = arith.cmpi slt, %v, %ub : i32
    scf.condition(%c) %v : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %b : i32
    scf.yield %n : i32
  }
  return %r : i32
}
"#;
    // scf.if, muli, two yields and cmpi: five ops.
    assert!(!run(src, &[("max-before-ops", "4")]).contains("scf.if %0"));
    let out = run(src, &[("max-before-ops", "5")]);
    assert_eq!(out.matches("arith.muli").count(), 2, "{out}");
    assert!(out.contains("%0 = scf.if %arg2 -> (i32) {\n      %3 = arith.muli %arg0, %arg0 : i32"), "{out}");
}

#[test]
fn nested_loops_are_all_rotated() {
    let src = r#"
func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %a = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %a : i32, i32
  } do {
  ^bb0(%i: i32, %a: i32):
    %s:2 = scf.while (%j = %i, %b = %a) : (i32, i32) -> (i32, i32) {
      %d = arith.cmpi slt, %j, %n : i32
      scf.condition(%d) %j, %b : i32, i32
    } do {
    ^bb0(%j: i32, %b: i32):
      %j2 = arith.addi %j, %c1 : i32
      %b2 = arith.addi %b, %j : i32
      scf.yield %j2, %b2 : i32, i32
    }
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %s#1 : i32, i32
  }
  return %r#1 : i32
}
"#;
    for opts in [&[][..], &[("force-create-check", "true")][..]] {
        let out = run(src, opts);
        assert_eq!(out.matches("scf.while").count(), 2, "{out}");
        assert_eq!(out.matches("scf.if").count(), 2, "{out}");
        // Both loops end in a forwarding after region.
        assert_eq!(out.matches("} do {\n").count(), 2, "{out}");
        let forwarding = out.matches("scf.yield %arg").count();
        assert!(forwarding >= 2, "{out}");
    }
}

#[test]
fn options_are_checked() {
    let err = (INFO.create)(&options(&[("bogus", "1")])).err().expect("unknown option");
    assert!(err.contains("no such option 'bogus' for pass 'scf-rotate-while'"), "{err}");
    let err = (INFO.create)(&options(&[("max-before-ops", "many")])).err().expect("bad integer");
    assert!(err.contains("invalid value 'many' for integer option 'max-before-ops'"), "{err}");
    let err = (INFO.create)(&options(&[("force-create-check", "maybe")])).err().expect("bad boolean");
    assert!(err.contains("invalid value 'maybe'"), "{err}");
    let pass = (INFO.create)(&PassOptions::default()).unwrap();
    assert_eq!(pass.anchor(), Some("func.func"));
}
