use super::*;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};

/// Parse `src`, run the pass, verify, and return how many values went through a slot and the
/// printed module.
fn run(src: &str) -> (usize, String) {
    let mut ctx = crate::test_support::context();
    flowgate_memref::register(&mut ctx);
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("input: {}", d.message));
    let n = reload_loop_floats(&mut ctx, m);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("output: {}", d.message));
    (n, print_op(&ctx, m, PrintFlags::default()))
}

/// [`run`], printed in the generic form. (This test context's custom printer printed the
/// body of `results_used_after_a_call_are_reloaded`'s output as empty; `onnx-opt` prints it,
/// see lit-tests/Optimize/scf-reload-loop-floats.mlir.)
fn run_generic(src: &str) -> (usize, String) {
    let mut ctx = crate::test_support::context();
    flowgate_memref::register(&mut ctx);
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).unwrap_or_else(|d| panic!("{}", d.message));
    let n = reload_loop_floats(&mut ctx, m);
    flowgate_ir::verify::verify(&ctx, m).unwrap_or_else(|d| panic!("output: {}", d.message));
    (n, print_op(&ctx, m, PrintFlags { generic: true, ..PrintFlags::default() }))
}

const DECLS: &str = "func.func private @get_f32() -> f32
  func.func private @get_index() -> index
  func.func private @put(f32)";

/// The position of `needle` in `out`, which must hold it.
fn at(out: &str, needle: &str) -> usize {
    out.find(needle).unwrap_or_else(|| panic!("no '{needle}' in:\n{out}"))
}

#[test]
fn init_defined_before_a_call_is_loaded_before_the_loop() {
    let src = format!(
        "{DECLS}
         func.func @f() -> f32 {{
           %s0 = func.call @get_f32() : () -> f32
           %n = func.call @get_index() : () -> index
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0) -> (f32) {{
             %t = arith.addf %s, %s : f32
             scf.yield %t : f32
           }}
           return %r : f32
         }}"
    );
    let (n, out) = run(&src);
    assert_eq!(n, 1, "{out}");
    // The slot is written where the value is made, and read after the second call.
    let (alloca, store, call2, load, lp) = (
        at(&out, "memref.alloca() : memref<f32>"),
        at(&out, "memref.store %0, %alloca[] : memref<f32>"),
        at(&out, "call @get_index"),
        at(&out, "memref.load %alloca[] : memref<f32>"),
        at(&out, "scf.for"),
    );
    assert!(alloca < store && store < call2 && call2 < load && load < lp, "{out}");
    assert!(out.contains("iter_args(%arg1 = %2)"), "{out}");
}

#[test]
fn results_used_after_a_call_are_reloaded() {
    let src = format!(
        "{DECLS}
         func.func @f(%a0: f32, %b0: f32, %n: index) {{
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (f32, f32) {{
             %t = arith.addf %a, %b : f32
             scf.yield %t, %a : f32, f32
           }}
           func.call @put(%r#0) : (f32) -> ()
           func.call @put(%r#1) : (f32) -> ()
           return
         }}"
    );
    let (n, out) = run_generic(&src);
    // %r#0 is used by the first call, before any call: it stays. %r#1 crosses that call.
    assert_eq!(n, 1, "{out}");
    let (lp_end, store, put1, load, put2) = (
        at(&out, "-> (f32, f32)\n"),
        at(&out, "\"memref.store\"(%3#1, %2)"),
        at(&out, "\"func.call\"(%3#0)"),
        at(&out, "%4 = \"memref.load\"(%2)"),
        at(&out, "\"func.call\"(%4)"),
    );
    assert!(lp_end < store && store < put1 && put1 < load && load < put2, "{out}");
}

#[test]
fn nothing_to_do_without_a_call_or_for_integers_and_constants() {
    let src = format!(
        "{DECLS}
         func.func @f(%x: f32, %k: i64, %n: index) -> (f32, i64, f32) {{
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %z = arith.constant 0.0 : f32
           %m = func.call @get_index() : () -> index
           %y = arith.mulf %x, %x : f32
           %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %y, %b = %k, %c = %z) -> (f32, i64, f32) {{
             %t = arith.addf %a, %a : f32
             %u = arith.addi %b, %b : i64
             scf.yield %t, %u, %c : f32, i64, f32
           }}
           return %r#0, %r#1, %r#2 : f32, i64, f32
         }}"
    );
    let (n, out) = run(&src);
    assert_eq!(n, 0, "{out}");
    assert!(!out.contains("memref."), "{out}");
}

#[test]
fn an_argument_live_across_an_outer_loop_with_a_call_is_reloaded() {
    // %x reaches the inner loop from outside the outer one, whose body calls: %x is live
    // across that call on every outer trip.
    let src = format!(
        "{DECLS}
         func.func @f(%x: f32, %n: index) {{
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           scf.for %j = %c0 to %n step %c1 {{
             %r = scf.while (%a = %x) : (f32) -> f32 {{
               %c = arith.cmpf olt, %a, %a : f32
               scf.condition(%c) %a : f32
             }} do {{
             ^bb0(%a: f32):
               scf.yield %a : f32
             }}
             func.call @put(%r) : (f32) -> ()
           }}
           return
         }}"
    );
    let (n, out) = run(&src);
    assert_eq!(n, 1, "{out}");
    let (alloca, store, lp, load, wh) = (
        at(&out, "memref.alloca()"),
        at(&out, "memref.store %arg0, %alloca[]"),
        at(&out, "scf.for"),
        at(&out, "memref.load %alloca[]"),
        at(&out, "scf.while"),
    );
    assert!(alloca < store && store < lp && lp < load && load < wh, "{out}");
}

#[test]
fn a_block_argument_slot_is_written_at_block_start() {
    // The outer loop's carried %s is the inner loop's init, past a call in the outer body.
    let src = format!(
        "{DECLS}
         func.func @f(%s0: f32, %n: index) -> f32 {{
           %c0 = arith.constant 0 : index
           %c1 = arith.constant 1 : index
           %r = scf.for %j = %c0 to %n step %c1 iter_args(%s = %s0) -> (f32) {{
             %m = func.call @get_index() : () -> index
             %q = scf.for %i = %c0 to %m step %c1 iter_args(%t = %s) -> (f32) {{
               %u = arith.addf %t, %t : f32
               scf.yield %u : f32
             }}
             scf.yield %q : f32
           }}
           return %r : f32
         }}"
    );
    let (n, out) = run(&src);
    assert_eq!(n, 1, "{out}");
    let (store, call, load) =
        (at(&out, "memref.store %arg3, %alloca[]"), at(&out, "call @get_index"), at(&out, "memref.load %alloca[]"));
    assert!(store < call && call < load, "{out}");
}
