//! The branch canonicalizations, applied one pattern at a time.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Builder, Context, OpId, WalkOrder};

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    flowgate_cf::register(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

/// Apply the first matching pattern of the `nth` op named `root`; the verified module after it,
/// or `None` when nothing matched (and then nothing may have changed).
fn rewrite(src: &str, root: &str, nth: usize) -> Option<String> {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let ops: Vec<OpId> = c.collect_ops(m, WalkOrder::PreOrder).into_iter().filter(|&o| c.is_op(o, root)).collect();
    let op = ops[nth];
    let before = print_op(&c, m, PrintFlags::default());
    let patterns = c.op_def(op).and_then(|d| d.canonicalize).map(|f| f()).unwrap_or_default();
    for p in patterns {
        let mut b = Builder::before(&mut c, op);
        if p.match_and_rewrite(&mut b, op) {
            flowgate_ir::verify::verify(&c, m).unwrap_or_else(|d| panic!("verify after {}: {}", p.name(), d.message));
            return Some(print_op(&c, m, PrintFlags::default()));
        }
        assert_eq!(print_op(&c, m, PrintFlags::default()), before, "{} changed the IR but did not match", p.name());
    }
    None
}

#[test]
fn br_merges_a_single_predecessor_block() {
    let out = rewrite(
        "func.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  cf.br ^bb1(%a, %c : i32, i32)
^bb1(%x: i32, %y: i32):
  %0 = arith.addi %x, %y : i32
  return %0 : i32
}",
        "cf.br",
        0,
    )
    .expect("merges");
    assert!(
        out.contains(
            "    %c1_i32 = arith.constant 1 : i32\n    %0 = arith.addi %arg0, %c1_i32 : i32\n    return %0 : i32\n  }"
        ),
        "{out}"
    );
    assert!(!out.contains("^bb1"), "{out}");
}

#[test]
fn br_to_a_loop_header_is_not_merged() {
    let src = "func.func @f(%n: i32) {
  %c0 = arith.constant 0 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %c = arith.cmpi slt, %i, %n : i32
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  \"test.body\"() : () -> ()
  cf.br ^bb1(%i : i32)
^bb3:
  return
}";
    assert_eq!(rewrite(src, "cf.br", 0), None);
    // The back edge's target has two predecessors and is not a pure forwarder either.
    assert_eq!(rewrite(src, "cf.br", 1), None);
}

#[test]
fn br_to_self_is_left_alone() {
    let src = "func.func @f() {
  cf.br ^bb1
^bb1:
  cf.br ^bb1
}";
    assert_eq!(rewrite(src, "cf.br", 1), None);
}

#[test]
fn br_skips_a_forwarding_block() {
    // ^bb2 has two predecessors, so the branch cannot merge it; it only forwards to ^bb3.
    let out = rewrite(
        "func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1, ^bb4
^bb1:
  \"test.split\"() : () -> ()
  cf.br ^bb2(%a : i32)
^bb4:
  \"test.other\"() : () -> ()
  cf.br ^bb2(%b : i32)
^bb2(%x: i32):
  cf.br ^bb3(%b, %x : i32, i32)
^bb3(%p: i32, %q: i32):
  \"test.use\"(%p, %q) : (i32, i32) -> ()
  cf.br ^bb3(%p, %q : i32, i32)
}",
        "cf.br",
        0,
    )
    .expect("forwards");
    assert!(out.contains("\"test.split\"() : () -> ()\n    cf.br ^bb4(%arg2, %arg1 : i32, i32)"), "{out}");
}

#[test]
fn forwarding_block_whose_argument_is_used_elsewhere_is_kept() {
    let src = "func.func @f(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  cf.br ^bb2
^bb2:
  \"test.use\"(%x) : (i32) -> ()
  cf.br ^bb2
}";
    // ^bb1 has one predecessor, so it merges; but it must not be skipped as a forwarder
    // because its argument is used in ^bb2.
    let out = rewrite(src, "cf.br", 0).expect("merges");
    assert!(out.contains("\"test.use\"(%arg0)"), "{out}");
}

#[test]
fn cond_br_on_constants() {
    let src = |k: &str| {
        format!(
            "func.func @f(%a: i32, %b: i32) {{
  %k = arith.constant {k}
  cf.cond_br %k, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  \"test.t\"(%x) : (i32) -> ()
  return
^bb2:
  \"test.f\"() : () -> ()
  return
}}"
        )
    };
    let t = rewrite(&src("true"), "cf.cond_br", 0).expect("folds");
    assert!(t.contains("cf.br ^bb1(%arg0 : i32)"), "{t}");
    let f = rewrite(&src("false"), "cf.cond_br", 0).expect("folds");
    assert!(f.contains("cf.br ^bb2\n"), "{f}");
}

#[test]
fn cond_br_with_identical_successors() {
    let same = rewrite(
        "func.func @f(%c: i1, %a: i32) {
  \"test.x\"() : () -> ()
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return
}",
        "cf.cond_br",
        0,
    )
    .expect("becomes br");
    assert!(same.contains("cf.br ^bb1(%arg1 : i32)"), "{same}");
    let select = rewrite(
        "func.func @f(%c: i1, %a: i32, %b: i32) {
  \"test.x\"() : () -> ()
  cf.cond_br %c, ^bb1(%a, %a : i32, i32), ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  return
}",
        "cf.cond_br",
        0,
    )
    .expect("becomes select + br");
    assert!(
        select.contains("%0 = arith.select %arg0, %arg1, %arg2 : i32\n    cf.br ^bb1(%0, %arg1 : i32, i32)"),
        "{select}"
    );
    // Another predecessor would see the select too: left alone.
    let shared = "func.func @f(%c: i1, %a: i32, %b: i32) {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  cf.br ^bb1(%x : i32)
}";
    assert_eq!(rewrite(shared, "cf.cond_br", 0), None);
}

#[test]
fn cond_br_skips_forwarding_blocks() {
    let out = rewrite(
        "func.func @f(%c: i1, %a: i32) {
  \"test.x\"() : () -> ()
  cf.cond_br %c weights([2, 3]), ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  \"test.y\"() : () -> ()
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return
}",
        "cf.cond_br",
        0,
    )
    .expect("forwards");
    assert!(out.contains("cf.cond_br %arg0 weights([2, 3]), ^bb3(%arg1 : i32), ^bb2"), "{out}");
}

#[test]
fn assert_true_is_erased_and_others_kept() {
    let t = rewrite(
        "func.func @f() {
  %t = arith.constant true
  cf.assert %t, \"never\"
  return
}",
        "cf.assert",
        0,
    )
    .expect("erased");
    assert!(!t.contains("cf.assert"), "{t}");
    let kept = "func.func @f(%c: i1) {
  cf.assert %c, \"maybe\"
  return
}";
    assert_eq!(rewrite(kept, "cf.assert", 0), None);
    let f = "func.func @f() {
  %f = arith.constant false
  cf.assert %f, \"always\"
  return
}";
    assert_eq!(rewrite(f, "cf.assert", 0), None);
}

#[test]
fn switch_becomes_a_branch() {
    let src = |flag: &str| {
        format!(
            "func.func @f(%f: i32, %a: i32) {{
  %k = arith.constant {flag} : i32
  \"test.x\"(%k) : (i32) -> ()
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    42: ^bb2,
    -1: ^bb1(%k : i32)
  ]
^bb1(%x: i32):
  return
^bb2:
  return
}}"
        )
    };
    // Not constant: kept.
    assert_eq!(rewrite(&src("0"), "cf.switch", 0), None);
    let with_const = |flag: &str| src(flag).replace("cf.switch %f", "cf.switch %k");
    let out = rewrite(&with_const("42"), "cf.switch", 0).expect("constant flag");
    assert!(out.contains("cf.br ^bb2\n"), "{out}");
    let out = rewrite(&with_const("-1"), "cf.switch", 0).expect("constant flag");
    assert!(out.contains("cf.br ^bb1(%c-1_i32 : i32)"), "{out}");
    let out = rewrite(&with_const("7"), "cf.switch", 0).expect("constant flag");
    assert!(out.contains("cf.br ^bb1(%arg1 : i32)"), "{out}");
    let only_default = "func.func @f(%f: i32, %a: i32) {
  \"test.x\"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return
}";
    let out = rewrite(only_default, "cf.switch", 0).expect("only default");
    assert!(out.contains("cf.br ^bb1(%arg1 : i32)"), "{out}");
}

#[test]
fn switch_drops_cases_that_match_the_default() {
    let src = "func.func @f(%f: i32, %a: i32, %b: i32) {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    3: ^bb1(%a : i32),
    4: ^bb1(%b : i32),
    5: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return
}";
    let out = rewrite(src, "cf.switch", 0).expect("drops");
    assert!(
        out.contains("cf.switch %arg0 : i32, [\n      default: ^bb1(%arg1 : i32),\n      4: ^bb1(%arg2 : i32)\n    ]"),
        "{out}"
    );
    let none =
        src.replace("3: ^bb1(%a : i32),", "3: ^bb1(%b : i32),").replace("5: ^bb1(%a : i32)", "5: ^bb1(%b : i32)");
    assert_eq!(rewrite(&none, "cf.switch", 0), None);
}

#[test]
fn cond_br_after_cond_br_on_the_same_condition() {
    let src = "func.func @f(%c: i1, %a: i32) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  \"test.x\"() : () -> ()
  cf.cond_br %c, ^bb2(%a : i32), ^bb3
^bb2(%x: i32):
  return
^bb3:
  return
}";
    let out = rewrite(src, "cf.cond_br", 1).expect("folds");
    assert!(out.contains("\"test.x\"() : () -> ()\n    cf.br ^bb2(%arg1 : i32)"), "{out}");
    // Reached through the false edge: the false destination.
    let f = src.replace("cf.cond_br %c, ^bb1, ^bb3\n^bb1:", "cf.cond_br %c, ^bb3, ^bb1\n^bb1:");
    let out = rewrite(&f, "cf.cond_br", 1).expect("folds");
    assert!(out.contains("\"test.x\"() : () -> ()\n    cf.br ^bb3\n"), "{out}");
}

#[test]
fn condition_is_known_in_single_predecessor_successors() {
    let src = "func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  \"test.t\"(%c) : (i1) -> ()
  return
^bb2:
  \"test.f\"(%c) : (i1) -> ()
  return
}";
    let out = rewrite(src, "cf.cond_br", 0).expect("propagates");
    assert!(out.contains("%true = arith.constant true"), "{out}");
    assert!(out.contains("%false = arith.constant false"), "{out}");
    assert!(out.contains("\"test.t\"(%true) : (i1) -> ()"), "{out}");
    assert!(out.contains("\"test.f\"(%false) : (i1) -> ()"), "{out}");
    // Nothing left to replace: no match.
    let done = "func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  \"test.t\"() : () -> ()
  return
^bb2:
  \"test.f\"() : () -> ()
  return
}";
    assert_eq!(rewrite(done, "cf.cond_br", 0), None);
}

#[test]
fn switch_skips_forwarding_blocks() {
    let src = "func.func @f(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2(%a : i32),
    7: ^bb3
  ]
^bb1:
  cf.br ^bb3
^bb2(%x: i32):
  cf.br ^bb4(%x : i32)
^bb3:
  return
^bb4(%y: i32):
  \"test.use\"(%y) : (i32) -> ()
  return
}";
    let out = rewrite(src, "cf.switch", 0).expect("forwards");
    assert!(
        out.contains(
            "cf.switch %arg0 : i32, [\n      default: ^bb3,\n      42: ^bb4(%arg1 : i32),\n      7: ^bb3\n    ]"
        ),
        "{out}"
    );
}

#[test]
fn forwarding_cycles_are_left_alone() {
    let src = "func.func @f(%c: i1, %f: i32) {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  cf.switch %f : i32, [
    default: ^bb1,
    4: ^bb2
  ]
}";
    assert_eq!(rewrite(src, "cf.cond_br", 0), None);
    assert_eq!(rewrite(src, "cf.switch", 0), None);
    assert_eq!(rewrite(src, "cf.br", 0), None);
}

#[test]
fn switch_after_switch_on_the_same_flag() {
    let src = "func.func @f(%f: i32, %a: i32) {
  cf.switch %f : i32, [
    default: ^bb1,
    42: ^bb2
  ]
^bb1:
  \"test.d\"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4,
    43: ^bb5
  ]
^bb2:
  \"test.c\"() : () -> ()
  cf.switch %f : i32, [
    default: ^bb3,
    42: ^bb4(%a : i32)
  ]
^bb3:
  return
^bb4(%x: i32):
  return
^bb5:
  return
}";
    // Through the default: 42 cannot happen.
    let out =
        rewrite(&src.replace("42: ^bb4,\n    43", "42: ^bb4(%a : i32),\n    43"), "cf.switch", 1).expect("drops 42");
    assert!(
        out.contains(
            "\"test.d\"() : () -> ()\n    cf.switch %arg0 : i32, [\n      default: ^bb3,\n      43: ^bb5\n    ]"
        ),
        "{out}"
    );
    // Through case 42: the flag is 42.
    let out = rewrite(&src.replace("42: ^bb4,\n    43", "42: ^bb4(%a : i32),\n    43"), "cf.switch", 2).expect("folds");
    assert!(out.contains("\"test.c\"() : () -> ()\n    cf.br ^bb4(%arg1 : i32)"), "{out}");
}
