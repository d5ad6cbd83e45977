//! The greedy driver on the toy dialect: folding, constant materialization and
//! deduplication, dead-op removal, patterns, iteration bounds and region simplification.

mod toy;

use flowgate_pass::{apply_patterns_greedily, GreedyConfig, PatternSet};

fn canonicalize(src: &str, config: &GreedyConfig) -> (String, bool) {
    let mut ctx = toy::context();
    let m = toy::parse(&mut ctx, src);
    let patterns = PatternSet::canonicalization(&ctx);
    let converged = apply_patterns_greedily(&mut ctx, m, &patterns, config);
    flowgate_ir::verify::verify(&ctx, m).expect("the driver keeps the IR valid");
    (toy::print(&ctx, m), converged)
}

const FOLDS: &str = r#"
func.func @f(%x: i32) -> (i32, i32) {
  "u.side"() : () -> ()
  %a = "toy.const"() <{value = 1 : i32}> : () -> i32
  %b = "toy.const"() <{value = 2 : i32}> : () -> i32
  %s = "toy.add"(%a, %b) : (i32, i32) -> i32
  %t = "toy.add"(%s, %b) : (i32, i32) -> i32
  %z = "toy.const"() <{value = 0 : i32}> : () -> i32
  %y = "toy.add"(%x, %z) : (i32, i32) -> i32
  %dead = "toy.add"(%x, %x) : (i32, i32) -> i32
  %a2 = "toy.const"() <{value = 5 : i32}> : () -> i32
  func.return %y, %t : i32, i32
}
"#;

#[test]
fn folds_to_constants_and_removes_dead_ops() {
    let (out, converged) = canonicalize(FOLDS, &GreedyConfig::default());
    assert!(converged);
    // 1 + 2 + 2 folds to 5, which is deduplicated with the existing constant 5.
    assert_eq!(out.matches("toy.const").count(), 1, "{out}");
    assert!(out.contains("value = 5 : i32"), "{out}");
    assert!(!out.contains("toy.add"), "x + 0 folds to x and the dead add goes: {out}");
    assert!(out.contains("\"func.return\"(%arg0, %0)"), "{out}");
}

#[test]
fn constants_are_hoisted_to_the_entry_block_start() {
    let (out, _) = canonicalize(FOLDS, &GreedyConfig::default());
    let c = out.find("toy.const").unwrap();
    let side = out.find("u.side").unwrap();
    assert!(c < side, "{out}");
}

#[test]
fn patterns_apply_and_unused_results_disappear() {
    let src = r#"
func.func @f(%x: i32) -> i32 {
  %a = "toy.neg"(%x) : (i32) -> i32
  %b = "toy.neg"(%a) : (i32) -> i32
  %c = "toy.neg"(%b) : (i32) -> i32
  %d = "toy.neg"(%c) : (i32) -> i32
  func.return %d : i32
}
"#;
    let (out, converged) = canonicalize(src, &GreedyConfig::default());
    assert!(converged);
    assert!(!out.contains("toy.neg"), "{out}");
    assert!(out.contains("\"func.return\"(%arg0)"), "{out}");
}

#[test]
fn unregistered_and_effecting_ops_stay() {
    let src = r#"
func.func @f(%x: i32) {
  %a = "u.op"(%x) : (i32) -> i32
  func.return
}
"#;
    let (out, _) = canonicalize(src, &GreedyConfig::default());
    assert!(out.contains("u.op"), "{out}");
}

#[test]
fn iteration_bound_reports_non_convergence() {
    let src = r#"
func.func @f(%x: i32) -> i32 {
  %a = "toy.neg"(%x) : (i32) -> i32
  %b = "toy.neg"(%a) : (i32) -> i32
  func.return %b : i32
}
"#;
    let cfg = GreedyConfig { max_iterations: 1, ..GreedyConfig::default() };
    let (_, converged) = canonicalize(src, &cfg);
    assert!(!converged, "one sweep changes the IR, so a second is needed to see the fixpoint");
    let cfg = GreedyConfig { max_iterations: 0, ..GreedyConfig::default() };
    let (out, _) = canonicalize(src, &cfg);
    assert!(out.contains("toy.neg"), "no sweep at all: {out}");
}

#[test]
fn region_simplification_erases_unreachable_blocks_and_dead_args() {
    let src = r#"
func.func @f(%x: i32) -> i32 {
  "toy.br"(%x, %x)[^bb1] : (i32, i32) -> ()
^bb1(%a: i32, %unused: i32):
  func.return %a : i32
^bb2:
  "toy.br"(%x, %x)[^bb1] : (i32, i32) -> ()
}
"#;
    let (out, _) = canonicalize(src, &GreedyConfig::default());
    assert!(!out.contains("^bb2"), "{out}");
    assert!(out.contains("\"toy.br\"(%arg0)[^bb1] : (i32) -> ()"), "{out}");
    assert!(out.contains("^bb1(%0: i32):"), "{out}");
    let off = GreedyConfig { region_simplify: flowgate_pass::RegionSimplify::Disabled, ..GreedyConfig::default() };
    let (out, _) = canonicalize(src, &off);
    assert!(out.contains("^bb2"), "{out}");
}

#[test]
fn bottom_up_order_reaches_the_same_fixpoint() {
    let (a, _) = canonicalize(FOLDS, &GreedyConfig::default());
    let (b, _) = canonicalize(FOLDS, &GreedyConfig { top_down: false, ..GreedyConfig::default() });
    assert_eq!(a.matches("toy.const").count(), b.matches("toy.const").count());
    assert!(!b.contains("toy.add"));
}

#[test]
fn folded_constants_appear_before_the_op_then_get_hoisted() {
    // As upstream: a fold materializes its constant right before the folded op, and the next
    // sweep hoists it to the start of the entry block.
    let one = GreedyConfig { max_iterations: 1, ..GreedyConfig::default() };
    let (out, _) = canonicalize(FOLDS, &one);
    let side = out.find("u.side").unwrap();
    let five = out.find("value = 5 : i32").unwrap();
    assert!(five > side, "after one sweep the folded constant sits where the add was: {out}");
    let (out, _) = canonicalize(FOLDS, &GreedyConfig::default());
    assert!(out.find("value = 5 : i32").unwrap() < out.find("u.side").unwrap(), "{out}");
}

#[test]
fn commutative_ops_get_constants_last() {
    let src = r#"
func.func @f(%x: i32) -> i32 {
  %c = "toy.const"() <{value = 7 : i32}> : () -> i32
  %a = "toy.add"(%c, %x) : (i32, i32) -> i32
  func.return %a : i32
}
"#;
    let (out, converged) = canonicalize(src, &GreedyConfig::default());
    assert!(converged);
    assert!(out.contains("\"toy.add\"(%arg0, %0)"), "{out}");
}
