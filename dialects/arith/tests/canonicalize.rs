//! The canonicalization patterns, applied one at a time to the first op of a given name.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Builder, Context, OpId, WalkOrder};

fn ctx() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    ctx
}

/// Apply the first matching canonicalization pattern of the first `root` op; the printed
/// module afterwards, or `None` when no pattern matched.
fn rewrite(src: &str, root: &str) -> Option<String> {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let op: OpId = *c.collect_ops(m, WalkOrder::PreOrder).iter().find(|&&o| c.is_op(o, root)).expect("root op");
    let patterns = c.op_def(op).and_then(|d| d.canonicalize).map(|f| f()).unwrap_or_default();
    let before = print_op(&c, m, PrintFlags::default());
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
fn op_without_an_inner_constant_add_is_left_alone() {
    let out = rewrite(
        "func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %a, %c2 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c3 overflow<nsw> : i32
  return %1 : i32
}",
        "arith.addi",
    );
    // The first addi has no constant-add operand, so nothing happens to it...
    assert_eq!(out, None);
    let out = rewrite(
        "func.func @f(%a: i32) -> i32 {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %a overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c3 overflow<nsw> : i32
  return %1 : i32
}",
        "arith.addi",
    );
    assert_eq!(out, None);
}

#[test]
fn reassociates_constants() {
    let src = |outer: &str, inner: &str, flags1: &str, flags2: &str| {
        format!(
            "func.func @f(%a: i32) -> i32 {{
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.{inner} %a, %c2{flags1} : i32
  %1 = arith.{outer} %0, %c3{flags2} : i32
  return %1 : i32
}}"
        )
    };
    // Apply to the outer op: the second op named so, found by making the inner op differ.
    let out = rewrite_second(&src("addi", "addi", " overflow<nsw, nuw>", " overflow<nsw>")).expect("matches");
    assert!(out.contains("%c5_i32 = arith.constant 5 : i32"), "{out}");
    assert!(out.contains("%1 = arith.addi %arg0, %c5_i32 overflow<nsw> : i32"), "{out}");
    assert!(out.contains("return %1 : i32"), "{out}");

    let out = rewrite(&src("subi", "addi", "", ""), "arith.subi").expect("matches");
    assert!(out.contains("%c-1_i32 = arith.constant -1 : i32"), "{out}");
    assert!(out.contains("%1 = arith.addi %arg0, %c-1_i32 : i32"), "{out}");

    let out = rewrite_second(&src("muli", "muli", "", "")).expect("matches");
    assert!(out.contains("%c6_i32 = arith.constant 6 : i32"), "{out}");
    assert!(out.contains("%1 = arith.muli %arg0, %c6_i32 : i32"), "{out}");
}

/// Like [`rewrite`] on the second op of the root's name (the outer op of a pair).
fn rewrite_second(src: &str) -> Option<String> {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let ops = c.collect_ops(m, WalkOrder::PreOrder);
    let arith: Vec<OpId> =
        ops.into_iter().filter(|&o| c.op_name(o).starts_with("arith.") && !c.is_op(o, "arith.constant")).collect();
    let op = *arith.get(1)?;
    let patterns = c.op_def(op).and_then(|d| d.canonicalize).map(|f| f())?;
    for p in patterns {
        let mut b = Builder::before(&mut c, op);
        if p.match_and_rewrite(&mut b, op) {
            flowgate_ir::verify::verify(&c, m).expect("verifies");
            return Some(print_op(&c, m, PrintFlags::default()));
        }
    }
    None
}

#[test]
fn select_false_true_is_not() {
    let out = rewrite(
        "func.func @f(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %f, %t : i1
  return %0 : i1
}",
        "arith.select",
    )
    .expect("matches");
    assert!(out.contains("%0 = arith.xori %arg0, %true_0 : i1"), "{out}");
    assert!(out.contains("return %0 : i1"), "{out}");
    let none = rewrite(
        "func.func @f(%c: i1) -> i1 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %c, %t, %f : i1
  return %0 : i1
}",
        "arith.select",
    );
    assert_eq!(none, None);
}

#[test]
fn not_of_cmpi_inverts_the_predicate() {
    for (pred, inv) in [("eq", "ne"), ("slt", "sge"), ("ule", "ugt"), ("uge", "ult")] {
        let out = rewrite(
            &format!(
                "func.func @f(%a: i32, %b: i32) -> i1 {{
  %t = arith.constant true
  %0 = arith.cmpi {pred}, %a, %b : i32
  %1 = arith.xori %0, %t : i1
  return %1 : i1
}}"
            ),
            "arith.xori",
        )
        .expect("matches");
        assert!(out.contains(&format!("%1 = arith.cmpi {inv}, %arg0, %arg1 : i32")), "{out}");
        assert!(out.contains("return %1 : i1"), "{out}");
    }
}

#[test]
fn cmpi_of_same_extensions() {
    let src = |ext1: &str, ext2: &str, pred: &str| {
        format!(
            "func.func @f(%a: i8, %b: i8) -> i1 {{
  %0 = arith.{ext1} %a : i8 to i32
  %1 = arith.{ext2} %b : i8 to i32
  %2 = arith.cmpi {pred}, %0, %1 : i32
  return %2 : i1
}}"
        )
    };
    let out = rewrite(&src("extsi", "extsi", "ne"), "arith.cmpi").expect("matches");
    assert!(out.contains("%2 = arith.cmpi ne, %arg0, %arg1 : i8"), "{out}");
    assert_eq!(rewrite(&src("extsi", "extui", "eq"), "arith.cmpi"), None, "mixed extensions");
    assert_eq!(rewrite(&src("extui", "extui", "slt"), "arith.cmpi"), None, "ordering predicate");
}

#[test]
fn extsi_of_extui() {
    let out = rewrite(
        "func.func @f(%a: i8) -> i64 {
  %0 = arith.extui %a : i8 to i32
  %1 = arith.extsi %0 : i32 to i64
  return %1 : i64
}",
        "arith.extsi",
    )
    .expect("matches");
    assert!(out.contains("%1 = arith.extui %arg0 : i8 to i64"), "{out}");
}

#[test]
fn trunci_of_narrower_extension() {
    let src = |ext: &str, to: &str| {
        format!(
            "func.func @f(%a: i8) -> {to} {{
  %0 = arith.{ext} %a : i8 to i64
  %1 = arith.trunci %0 : i64 to {to}
  return %1 : {to}
}}"
        )
    };
    let out = rewrite(&src("extui", "i16"), "arith.trunci").expect("matches");
    assert!(out.contains("%1 = arith.extui %arg0 : i8 to i16"), "{out}");
    let out = rewrite(&src("extsi", "i32"), "arith.trunci").expect("matches");
    assert!(out.contains("%1 = arith.extsi %arg0 : i8 to i32"), "{out}");
    // Not narrower: left to the folds.
    assert_eq!(rewrite(&src("extsi", "i8"), "arith.trunci"), None);
    assert_eq!(rewrite(&src("extsi", "i4"), "arith.trunci"), None);
}

#[test]
fn materialize_constant_builds_arith_constant() {
    let mut c = ctx();
    let m = parse_source(&mut c, "t.mlir", "func.func @f() {\n  return\n}", ParserConfig::default()).expect("parses");
    let ret = *c.find_ops(m, "func.return").first().expect("return");
    let i32t = c.integer_type(32);
    let f32t = c.float_type(flowgate_ir::FloatKind::F32);
    let seven = c.integer_attr(7, i32t);
    let loc = c.op_loc(ret);
    let mat = c.dialect("arith").and_then(|d| d.materialize_constant).expect("hook");
    let mut b = Builder::before(&mut c, ret);
    assert!(mat(&mut b, seven, i32t, loc).is_some());
    // A value whose type differs from the requested type is refused.
    assert!(mat(&mut b, seven, f32t, loc).is_none());
    let out = print_op(&c, m, PrintFlags::default());
    assert!(out.contains("%c7_i32 = arith.constant 7 : i32"), "{out}");
    let k = c.find_ops(m, "arith.constant")[0];
    assert!(c.has_trait(k, flowgate_ir::Traits::CONSTANT_LIKE) && c.has_trait(k, flowgate_ir::Traits::PURE));
}
