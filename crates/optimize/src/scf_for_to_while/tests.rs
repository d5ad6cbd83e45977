use super::INFO;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_pass::PassOptions;

use crate::test_support::context;

/// Parse, verify, run the pass, verify again, print.
fn run(src: &str) -> String {
    run_with(src, &PassOptions::default())
}

fn run_with(src: &str, options: &PassOptions) -> String {
    let mut ctx = context();
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let mut pass = (INFO.create)(options).unwrap();
    pass.run(&mut ctx, m).unwrap();
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(&ctx, m, PrintFlags::default())
}

#[test]
fn index_loop_with_iter_args_becomes_a_while_carrying_the_induction_variable_first() {
    let out = run(r#"
func.func @f(%lb: index, %ub: index, %st: index, %x: i64) -> i64 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (i64) {
    %c = arith.index_cast %i : index to i64
    %n = arith.addi %acc, %c : i64
    scf.yield %n : i64
  }
  return %r : i64
}
"#);
    assert!(!out.contains("scf.for"), "{out}");
    assert!(out.contains("%0:2 = scf.while (%arg4 = %arg0, %arg5 = %arg3) : (index, i64) -> (index, i64)"), "{out}");
    assert!(out.contains("%1 = arith.cmpi slt, %arg4, %arg1 : index"), "{out}");
    assert!(out.contains("scf.condition(%1) %arg4, %arg5 : index, i64"), "{out}");
    // The step comes first in the after region, the body after it, the stepped value yielded first.
    let after = &out[out.find("} do {").unwrap()..];
    let step = after.find("%1 = arith.addi %arg4, %arg2 : index").expect(&out);
    let body = after.find("arith.index_cast %arg4").expect(&out);
    assert!(step < body, "{out}");
    assert!(after.contains("scf.yield %1, %3 : index, i64"), "{out}");
    // The for result is the while's second result.
    assert!(out.contains("return %0#1 : i64"), "{out}");
}

#[test]
fn unsigned_loop_compares_unsigned_and_keeps_its_attribute() {
    let out = run(r#"
func.func @f(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %r = scf.for unsigned %i = %lb to %ub step %st iter_args(%a = %lb) -> (i32) : i32 {
    scf.yield %i : i32
  }
  return %r : i32
}
"#);
    assert!(out.contains("arith.cmpi ult, %arg3, %arg1 : i32"), "{out}");
    assert!(out.contains("} attributes {unsignedCmp}"), "as upstream, the for's attributes move to the while: {out}");
}

#[test]
fn nested_loops_are_all_converted_and_attributes_are_kept() {
    let out = run(r#"
func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %s = scf.for %j = %i to %n step %c1 iter_args(%b = %a) -> (index) {
      %t = arith.addi %b, %j : index
      scf.yield %t : index
    }
    scf.yield %s : index
  } {tag = "outer"}
  return %r : index
}
"#);
    assert!(!out.contains("scf.for"), "{out}");
    assert_eq!(out.matches("scf.while").count(), 2, "{out}");
    assert_eq!(out.matches("arith.cmpi slt").count(), 2, "{out}");
    assert!(out.contains("attributes {tag = \"outer\"}"), "{out}");
}

#[test]
fn loop_without_results_and_unused_induction_variable() {
    let out = run(r#"
func.func private @g()
func.func @f(%lb: i64, %ub: i64, %st: i64) {
  scf.for %i = %lb to %ub step %st : i64 {
    func.call @g() : () -> ()
  }
  return
}
"#);
    assert!(out.contains("%0 = scf.while (%arg3 = %arg0) : (i64) -> i64"), "{out}");
    assert!(out.contains("call @g()"), "{out}");
    assert!(out.contains("scf.yield %1 : i64"), "{out}");
}

#[test]
fn dead_loops_go_away_as_under_upstreams_driver() {
    // The driver erases a result-less while whose body has no effects, as upstream's does.
    let out = run(r#"
func.func @f(%lb: i32, %ub: i32, %st: i32) {
  scf.for %i = %lb to %ub step %st : i32 {
  }
  return
}
"#);
    assert!(!out.contains("scf."), "{out}");
}

#[test]
fn without_cleanup_loops_are_converted_and_nothing_is_folded() {
    let src = r#"
func.func @f(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %six = arith.muli %c2, %c3 : i32
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %six) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}
"#;
    let mut o = PassOptions::default();
    o.values.insert("cleanup".into(), "false".into());
    let out = run_with(src, &o);
    assert!(!out.contains("scf.for"), "{out}");
    assert_eq!(out.matches("scf.while").count(), 1, "{out}");
    assert!(out.contains("arith.muli"), "no folding: {out}");
    let cleaned = run(src);
    assert_eq!(cleaned.matches("scf.while").count(), 1, "{cleaned}");
    assert!(!cleaned.contains("arith.muli"), "upstream's driver folds 2 * 3: {cleaned}");
}

#[test]
fn options_are_checked() {
    let mut o = PassOptions::default();
    o.values.insert("bogus".into(), "1".into());
    let err = (INFO.create)(&o).err().expect("an unknown option is an error");
    assert!(err.contains("no such option 'bogus' for pass 'scf-for-to-while'"), "{err}");
}
