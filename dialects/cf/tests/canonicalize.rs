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
