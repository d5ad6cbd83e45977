//! CSE, canonicalize and symbol-dce on func ops, builtin casts and unregistered ops.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId};
use flowgate_pass::{Pass, PassOptions};
use flowgate_transforms::{Canonicalizer, Cse, SymbolDce};

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    ctx.allow_unregistered = true;
    ctx
}

fn run(pass: &mut dyn Pass, src: &str) -> String {
    let mut ctx = context();
    let m: OpId =
        parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m).unwrap();
    pass.run(&mut ctx, m).unwrap();
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(&ctx, m, PrintFlags::default())
}

fn count(s: &str, pat: &str) -> usize {
    s.matches(pat).count()
}

#[test]
fn cse_merges_equal_pure_ops_and_drops_dead_ones() {
    let src = r#"
func.func @f(%a: i32) -> (i64, i64, i16) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %2 = builtin.unrealized_conversion_cast %a : i32 to i16
  %3 = builtin.unrealized_conversion_cast %a : i32 to i8
  return %0, %1, %2 : i64, i64, i16
}
"#;
    let mut cse = Cse::default();
    let out = run(&mut cse, src);
    assert_eq!(count(&out, "to i64"), 1, "{out}");
    assert_eq!(count(&out, "to i16"), 1, "different result types are different: {out}");
    assert_eq!(count(&out, "to i8"), 0, "dead: {out}");
    assert!(out.contains("return %0, %0, %1"), "{out}");
}

#[test]
fn cse_respects_attributes_and_effects() {
    let src = r#"
func.func @f(%a: i32) -> (i64, i64, i32, i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64 {tag = 1}
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64 {tag = 2}
  %2 = "u.op"(%a) : (i32) -> i32
  %3 = "u.op"(%a) : (i32) -> i32
  return %0, %1, %2, %3 : i64, i64, i32, i32
}
"#;
    let out = run(&mut Cse::default(), src);
    assert_eq!(count(&out, "to i64"), 2, "{out}");
    assert_eq!(count(&out, "u.op"), 2, "unregistered ops may have effects: {out}");
}

#[test]
fn cse_follows_dominance_across_blocks() {
    let src = r#"
func.func @f(%a: i32, %c: i1) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "u.use"(%0) : (i64) -> ()
  "u.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = builtin.unrealized_conversion_cast %a : i32 to i64
  %x = builtin.unrealized_conversion_cast %a : i32 to i16
  "u.use"(%1, %x) : (i64, i16) -> ()
  "u.br"()[^bb3] : () -> ()
^bb2:
  %y = builtin.unrealized_conversion_cast %a : i32 to i16
  "u.use"(%y) : (i16) -> ()
  "u.br"()[^bb3] : () -> ()
^bb3:
  %z = builtin.unrealized_conversion_cast %a : i32 to i16
  "u.use"(%z) : (i16) -> ()
  return
}
"#;
    let out = run(&mut Cse::default(), src);
    assert_eq!(count(&out, "to i64"), 1, "the entry block dominates ^bb1: {out}");
    assert_eq!(count(&out, "to i16"), 3, "siblings do not dominate each other or the join: {out}");
}

#[test]
fn cse_enters_regions_but_not_isolated_ones() {
    let src = r#"
func.func @f(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "u.region"() ({
    %1 = builtin.unrealized_conversion_cast %a : i32 to i64
    "u.use"(%1) : (i64) -> ()
  }) : () -> ()
  return %0 : i64
}
"#;
    // Unregistered ops might be isolated from above, so nothing from outside is reused.
    let out = run(&mut Cse::default(), src);
    assert_eq!(count(&out, "to i64"), 2, "{out}");
}

#[test]
fn cse_merges_constants() {
    let src = r#"
func.func @f() {
  %0 = func.constant @f : () -> ()
  %1 = func.constant @f : () -> ()
  "u.use"(%0, %1) : (() -> (), () -> ()) -> ()
  return
}
"#;
    let out = run(&mut Cse::default(), src);
    assert_eq!(count(&out, "constant @f"), 1, "{out}");
}

#[test]
fn canonicalize_removes_dead_code_and_unreachable_blocks() {
    let src = r#"
func.func @f(%a: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "u.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
^bb2:
  %1 = "u.op"() : () -> i32
  "u.br"()[^bb1] : () -> ()
}
"#;
    let out = run(&mut Canonicalizer::default(), src);
    assert!(!out.contains("unrealized_conversion_cast"), "{out}");
    assert!(!out.contains("^bb2"), "{out}");
    assert!(!out.contains("u.op"), "{out}");
    let opts = PassOptions { values: [("region-simplify".to_string(), "disabled".to_string())].into() };
    let mut c = Canonicalizer::from_options(&opts).unwrap();
    let out = run(&mut c, src);
    assert!(out.contains("^bb2"), "{out}");
}

#[test]
fn canonicalize_options() {
    let opt = |k: &str, v: &str| PassOptions { values: [(k.to_string(), v.to_string())].into() };
    assert_eq!(Canonicalizer::from_options(&opt("max-iterations", "3")).unwrap().config.max_iterations, 3);
    assert!(!Canonicalizer::from_options(&opt("top-down", "false")).unwrap().config.top_down);
    assert_eq!(
        Canonicalizer::from_options(&opt("region-simplify", "aggressive")).unwrap().config.region_simplify,
        flowgate_pass::RegionSimplify::Aggressive
    );
    assert!(Canonicalizer::from_options(&opt("max-num-rewrites", "-1")).unwrap().config.max_num_rewrites.is_none());
    assert!(Canonicalizer::from_options(&opt("max-iterations", "x")).is_err());
    assert!(Canonicalizer::from_options(&opt("region-simplify", "maybe")).is_err());
    let e = Canonicalizer::from_options(&opt("bogus", "1")).err().unwrap();
    assert!(e.contains("no such option 'bogus'"), "{e}");
}

#[test]
fn symbol_dce_erases_unused_private_functions_and_dead_chains() {
    let src = r#"
func.func private @unused()
func.func private @used()
func.func private @dead_caller() {
  call @dead_callee() : () -> ()
  return
}
func.func private @dead_callee()
func.func @public() {
  call @used() : () -> ()
  return
}
"#;
    let out = run(&mut SymbolDce, src);
    assert!(!out.contains("@unused"), "{out}");
    assert!(!out.contains("@dead_caller"), "{out}");
    assert!(!out.contains("@dead_callee"), "{out}");
    assert!(out.contains("func.func private @used()"), "{out}");
    assert!(out.contains("func.func @public()"), "{out}");
}

#[test]
fn cse_reuses_outer_values_in_non_isolated_regions() {
    let mut ctx = context();
    ctx.register_op(flowgate_ir::OpDef {
        traits: flowgate_ir::Traits::NO_TERMINATOR,
        ..flowgate_ir::OpDef::new("t.scope")
    });
    let src = r#"
func.func @f(%a: i32) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  "t.scope"() ({
    %1 = builtin.unrealized_conversion_cast %a : i32 to i64
    %2 = builtin.unrealized_conversion_cast %a : i32 to i16
    "u.use"(%1, %2) : (i64, i16) -> ()
  }) : () -> ()
  %3 = builtin.unrealized_conversion_cast %a : i32 to i16
  return %0 : i64
  }
"#;
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    Cse::default().run(&mut ctx, m).unwrap();
    flowgate_ir::verify::verify(&ctx, m).unwrap();
    let out = print_op(&ctx, m, PrintFlags::default());
    assert_eq!(count(&out, "to i64"), 1, "{out}");
    // The i16 cast inside the region does not dominate the one after the op; the latter is dead.
    assert_eq!(count(&out, "to i16"), 1, "{out}");
    assert!(out.contains("\"u.use\"(%0, %1)"), "{out}");
}

#[test]
fn cse_merges_ops_with_equivalent_regions() {
    let mut ctx = context();
    ctx.register_op(flowgate_ir::OpDef {
        traits: flowgate_ir::Traits::RECURSIVE_EFFECTS,
        ..flowgate_ir::OpDef::new("t.wrap")
    });
    ctx.register_op(flowgate_ir::OpDef {
        traits: flowgate_ir::Traits::TERMINATOR | flowgate_ir::Traits::PURE,
        ..flowgate_ir::OpDef::new("t.yield")
    });
    let src = r#"
func.func @f(%a: i32) -> (i32, i32, i32) {
  %0 = "t.wrap"() ({
    %x = builtin.unrealized_conversion_cast %a : i32 to i64
    "t.yield"(%x) : (i64) -> ()
  }) : () -> i32
  %1 = "t.wrap"() ({
    %y = builtin.unrealized_conversion_cast %a : i32 to i64
    "t.yield"(%y) : (i64) -> ()
  }) : () -> i32
  %2 = "t.wrap"() ({
    %z = builtin.unrealized_conversion_cast %a : i32 to i16
    "t.yield"(%z) : (i16) -> ()
  }) : () -> i32
  return %0, %1, %2 : i32, i32, i32
}
"#;
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    Cse::default().run(&mut ctx, m).unwrap();
    flowgate_ir::verify::verify(&ctx, m).unwrap();
    let out = print_op(&ctx, m, PrintFlags::default());
    assert_eq!(count(&out, "\"t.wrap\""), 2, "{out}");
    assert!(out.contains("return %0, %0, %1"), "{out}");
}
