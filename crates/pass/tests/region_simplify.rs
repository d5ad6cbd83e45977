//! Region simplification through the greedy driver: region DCE (dead cycles included), block
//! merging and redundant-argument removal, with branch operands edited through
//! `operandSegmentSizes`.

mod toy;

use flowgate_pass::{apply_patterns_greedily, GreedyConfig, PatternSet, RegionSimplify};

fn run(src: &str, level: RegionSimplify) -> String {
    let mut ctx = toy::context();
    let m = toy::parse(&mut ctx, src);
    let patterns = PatternSet::default();
    let cfg = GreedyConfig { region_simplify: level, ..GreedyConfig::default() };
    apply_patterns_greedily(&mut ctx, m, &patterns, &cfg);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}\n{}", d.message, toy::print(&ctx, m)));
    toy::print(&ctx, m)
}

const DEAD_CYCLE: &str = r#"
func.func @f(%a: i32, %c: i1) -> i32 {
  "toy.br"(%a, %a)[^bb1] : (i32, i32) -> ()
^bb1(%i: i32, %dead: i32):
  %n = "toy.add"(%i, %a) : (i32, i32) -> i32
  %d2 = "toy.add"(%dead, %dead) : (i32, i32) -> i32
  "toy.cond_br"(%c, %n, %d2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i32, i32) -> ()
^bb2:
  func.return %i : i32
}
"#;

#[test]
fn region_dce_removes_dead_cycles_through_block_arguments() {
    let out = run(DEAD_CYCLE, RegionSimplify::Normal);
    assert_eq!(out.matches("toy.add").count(), 1, "{out}");
    assert!(out.contains("\"toy.br\"(%arg0)[^bb1] : (i32) -> ()"), "{out}");
    assert!(out.contains("operandSegmentSizes = array<i32: 1, 1, 0>"), "{out}");
    assert!(out.contains("^bb1(%0: i32):"), "{out}");
    let kept = run(DEAD_CYCLE, RegionSimplify::Disabled);
    assert_eq!(kept.matches("toy.add").count(), 2, "{kept}");
}

#[test]
fn aggressive_merges_identical_blocks_passing_differences_as_arguments() {
    let src = r#"
func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  "toy.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^bb1:
  %0 = "toy.add"(%a, %a) : (i32, i32) -> i32
  func.return %0 : i32
^bb2:
  %1 = "toy.add"(%b, %b) : (i32, i32) -> i32
  func.return %1 : i32
}
"#;
    let normal = run(src, RegionSimplify::Normal);
    assert!(normal.contains("^bb2"), "{normal}");
    let out = run(src, RegionSimplify::Aggressive);
    assert!(!out.contains("^bb2"), "{out}");
    assert_eq!(out.matches("toy.add").count(), 1, "{out}");
    assert!(
        out.contains("\"toy.cond_br\"(%arg0, %arg1, %arg2)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}>"),
        "{out}"
    );
    assert!(out.contains("\"toy.add\"(%0, %0)"), "{out}");
}

#[test]
fn aggressive_drops_arguments_that_always_get_the_same_value() {
    let src = r#"
func.func @f(%c: i1, %a: i32) -> i32 {
  "toy.cond_br"(%c, %a, %a)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i1, i32, i32) -> ()
^bb1(%x: i32):
  %0 = "toy.add"(%x, %x) : (i32, i32) -> i32
  func.return %0 : i32
}
"#;
    let out = run(src, RegionSimplify::Aggressive);
    assert!(out.contains("\"toy.cond_br\"(%arg0)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}>"), "{out}");
    assert!(out.contains("\"toy.add\"(%arg1, %arg1)"), "{out}");
    let normal = run(src, RegionSimplify::Normal);
    assert!(normal.contains("^bb1(%0: i32):"), "{normal}");
}

#[test]
fn unknown_branches_keep_their_arguments() {
    let src = r#"
func.func @f(%a: i32) -> i32 {
  "u.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  func.return %a : i32
}
"#;
    let out = run(src, RegionSimplify::Aggressive);
    assert!(out.contains("\"u.br\"(%arg0)[^bb1] : (i32) -> ()"), "{out}");
    assert!(out.contains("^bb1(%0: i32):"), "{out}");
}
