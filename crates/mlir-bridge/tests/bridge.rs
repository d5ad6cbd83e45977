//! The bridge against upstream MLIR 22 in process: verification with located diagnostics,
//! pass pipelines read back, and the ExecutionEngine backend, including the differential
//! programs of lit-tests/Differential against the Cranelift backend.
#![cfg(feature = "mlir")]

use flowgate_codegen::pipeline::load_and_lower;
use flowgate_codegen::OptLevel;
use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::{Context, OpId, SourceMgr};
use flowgate_mlir_bridge::{jit, passes, verify, BridgeError};

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_registry::register_all_dialects(&mut ctx);
    ctx
}

/// Parse (without our verifier, so upstream's is the one that judges).
fn parse(ctx: &mut Context, src: &str) -> OpId {
    parse_source(ctx, "t.mlir", src, ParserConfig::default()).expect("test input parses")
}

fn render(ctx: &Context, src: &str, e: BridgeError) -> String {
    let mut sm = SourceMgr::new();
    sm.add("t.mlir", src);
    match e {
        BridgeError::Diagnostic(d) => sm.render(ctx, &d),
        other => other.to_string(),
    }
}

const SUM: &str = "func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%s = %z) -> (i64) {
    %x = arith.index_cast %i : index to i64
    %t = arith.addi %s, %x : i64
    scf.yield %t : i64
  }
  return %r : i64
}
";

#[test]
fn upstream_accepts_a_valid_module() {
    let mut ctx = context();
    let m = parse(&mut ctx, SUM);
    verify::verify(&mut ctx, m, false).expect("upstream verifies it");
}

#[test]
fn upstream_rejections_are_located_in_the_users_file() {
    // Our parser builds this; upstream's verifier rejects the operand types of arith.addi.
    let src = "func.func @f(%a: i32, %b: i64) -> i32 {\n  %r = \"arith.addi\"(%a, %b) : (i32, i64) -> i32\n  return %r : i32\n}\n";
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let e = verify::verify(&mut ctx, m, false).expect_err("upstream rejects it");
    let text = render(&ctx, src, e);
    assert!(text.starts_with("t.mlir:2:8: error: 'arith.addi' op requires the same type for all operands"), "{text}");
    assert!(text.contains("  %r = \"arith.addi\"(%a, %b)"), "the source line is shown: {text}");
}

#[test]
fn unknown_dialects_need_allow_unregistered_upstream() {
    let src = "func.func @f() {\n  \"mydialect.op\"() : () -> ()\n  return\n}\n";
    let mut ctx = context();
    ctx.allow_unregistered = true;
    let m = parse(&mut ctx, src);
    let e = verify::verify(&mut ctx, m, false).expect_err("upstream does not know the dialect");
    let text = render(&ctx, src, e);
    assert!(text.starts_with("t.mlir:2:3: error:"), "{text}");
    assert!(text.contains("unregistered dialect"), "{text}");
    verify::verify(&mut ctx, m, true).expect("allowed when asked");
}

#[test]
fn upstream_passes_run_and_the_result_reads_back() {
    let mut ctx = context();
    let m = parse(&mut ctx, SUM);
    let out = passes::run_pipeline(&mut ctx, m, "builtin.module(convert-scf-to-cf)", false).expect("pipeline runs");
    assert_ne!(out, m, "a new module replaces the old one");
    let text = print_op(&ctx, out, PrintFlags::default());
    assert!(!text.contains("scf."), "{text}");
    assert!(text.contains("cf.cond_br"), "{text}");
    // Locations came back with it: they still point into the user's file.
    let dbg = print_op(&ctx, out, PrintFlags { debuginfo: true, local_scope: true, ..PrintFlags::default() });
    assert!(dbg.contains("loc(\"t.mlir\":6:"), "{dbg}");
    // And it runs the same through the Cranelift backend as the original does.
    let got = flowgate_codegen_cranelift::jit::run(&ctx, out, "main", OptLevel::None).expect("runs");
    assert_eq!(got.values.iter().map(|v| v.to_string()).collect::<Vec<_>>(), ["45"]);
}

#[test]
fn bad_pipelines_are_errors_not_crashes() {
    assert!(
        matches!(passes::check_pipeline("builtin.module(no-such-pass)"), Err(BridgeError::Pipeline(m)) if m.contains("no-such-pass"))
    );
    assert!(passes::check_pipeline("builtin.module(canonicalize,cse)").is_ok());
    let mut ctx = context();
    let m = parse(&mut ctx, SUM);
    assert!(passes::run_pipeline(&mut ctx, m, "builtin.module(((", false).is_err());
}

#[test]
fn a_failing_upstream_pass_is_a_located_diagnostic() {
    // one-shot-bufferize fails on an unknown op with tensor operands.
    let src = "func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {\n  %r = \"mydialect.op\"(%t) : (tensor<4xf32>) -> tensor<4xf32>\n  return %r : tensor<4xf32>\n}\n";
    let mut ctx = context();
    ctx.allow_unregistered = true;
    let m = parse(&mut ctx, src);
    let e = passes::run_pipeline(&mut ctx, m, "builtin.module(one-shot-bufferize)", true).expect_err("the pass fails");
    let text = render(&ctx, src, e);
    assert!(text.starts_with("t.mlir:2:8: error: op was not bufferized"), "{text}");
    // Upstream's note comes along.
    assert!(text.contains("note: see current operation"), "{text}");
}

#[test]
fn execution_engine_returns_mixed_scalar_results() {
    let src = "func.func @main() -> (i1, i8, i32, f32, index, f64) {
  %t = arith.constant true
  %b = arith.constant -3 : i8
  %w = arith.constant -70000 : i32
  %f = arith.constant 2.5 : f32
  %i = arith.constant 123456789012 : index
  %d = arith.constant -0.125 : f64
  return %t, %b, %w, %f, %i, %d : i1, i8, i32, f32, index, f64
}
";
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    for opt in [0, 2, 3] {
        let out = jit::run(&mut ctx, m, "main", opt).expect("runs");
        let got: Vec<String> = out.values.iter().map(|v| v.to_string()).collect();
        assert_eq!(got, ["1", "-3", "-70000", "2.500000e+00", "123456789012", "-1.250000e-01"], "-O{opt}");
    }
}

#[test]
fn entry_points_are_checked() {
    let mut ctx = context();
    let m = parse(&mut ctx, "func.func @f(%a: i64) -> i64 {\n  return %a : i64\n}\n");
    assert!(matches!(jit::run(&mut ctx, m, "f", 0), Err(BridgeError::Run(m)) if m.contains("no arguments")));
    assert!(matches!(jit::run(&mut ctx, m, "nope", 0), Err(BridgeError::Run(m)) if m.contains("not found")));
}

extern "C" fn triple_plus_one(x: i64) -> i64 {
    x.wrapping_mul(3).wrapping_add(1)
}

#[test]
fn registered_symbols_resolve_external_functions() {
    let src = "func.func private @ext(i64) -> i64
func.func @f(%a: i64) -> i64 {
  %r = func.call @ext(%a) : (i64) -> i64
  %s = func.call @ext(%r) : (i64) -> i64
  return %s : i64
}
";
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let c = jit::compile(&mut ctx, m, 2, &[("ext", triple_plus_one as *const u8)]).expect("compiles");
    let f = c.function("f").expect("f is defined");
    // SAFETY: `f` is `i64 f(i64)` after convert-to-llvm, and `c` is alive.
    let f: extern "C" fn(i64) -> i64 = unsafe { std::mem::transmute(f) };
    assert_eq!(f(5), 49);
    assert!(c.function("no_such_function").is_none());
}

/// A rank-1 memref descriptor as the runtime returns one (`flowgate_rt_tensor_data`).
#[repr(C)]
struct Desc1 {
    allocated: *const u8,
    aligned: *const u8,
    offset: i64,
    size: i64,
    stride: i64,
}

static BYTES: [u8; 4] = [7, 11, 13, 17];

/// The bytes from `start` on (`memref<?xi8>` has offset 0: the view starts at `aligned`).
extern "C" fn view_of_bytes(start: i32, size: i64) -> Desc1 {
    let p = BYTES.as_ptr();
    Desc1 { allocated: p, aligned: p.wrapping_add(start as usize), offset: 0, size: size - i64::from(start), stride: 1 }
}

/// An import returning a memref by value (our ABI) is called through upstream's C interface,
/// which passes the result's address first: one calling sequence on x86-64, refused elsewhere.
#[test]
fn imports_returning_a_memref_by_value() {
    let src = "func.func private @view(i32, i64) -> memref<?xi8>
func.func @f(%o: i32, %i: index) -> i8 {
  %n = arith.constant 4 : i64
  %m = func.call @view(%o, %n) : (i32, i64) -> memref<?xi8>
  %v = memref.load %m[%i] : memref<?xi8>
  return %v : i8
}
";
    let mut ctx = context();
    let m = parse(&mut ctx, src);
    let r = jit::compile(&mut ctx, m, 2, &[("view", view_of_bytes as *const u8)]);
    if !cfg!(target_arch = "x86_64") {
        let e = r.err().expect("refused off x86-64").to_string();
        assert!(e.contains("returns a memref"), "{e}");
        return;
    }
    let c = r.expect("compiles");
    let f = c.function("f").expect("f is defined");
    // SAFETY: `f` is `i8 f(i32, i64)` after convert-to-llvm (index is i64), and `c` is alive.
    let f: extern "C" fn(i32, i64) -> i8 = unsafe { std::mem::transmute(f) };
    assert_eq!(f(0, 2), 13);
    assert_eq!(f(1, 2), 17);
    assert_eq!(f(0, 0), 7);
}

/// Every program of lit-tests/Differential/programs through Cranelift (Flowgate's own
/// lowering) and through upstream's lowering and ExecutionEngine: the `i64` checksums must be
/// identical (float results enter them as bit patterns or through exact conversions).
#[test]
fn differential_programs_agree_with_cranelift() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lit-tests/Differential/programs");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("programs dir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let mut n = 0;
    for p in files.iter().filter(|p| p.extension().is_some_and(|e| e == "mlir")) {
        let src = std::fs::read_to_string(p).expect("program reads");
        let name = p.display().to_string();
        let mut ctx = context();
        let lowered = load_and_lower(&mut ctx, &name, &src, &flowgate_registry::all_passes(), OptLevel::Speed, false)
            .expect("lowers");
        let want = flowgate_codegen_cranelift::jit::run(&ctx, lowered.module, "main", OptLevel::Speed).expect("runs");
        let mut ctx = context();
        let m = parse_source(&mut ctx, &name, &src, ParserConfig::default()).expect("parses");
        flowgate_ir::verify::verify(&ctx, m).expect("verifies");
        // -O0: at -O2 LLVM folds `sinf` of constants through the host's `sin` (see
        // lit-tests/Differential/run-backends-diff.sh), which can change the last bit.
        let got = jit::run(&mut ctx, m, "main", 0).unwrap_or_else(|e| panic!("{name}: {e}"));
        let show = |o: &flowgate_codegen::run::RunOutput| o.values.iter().map(|v| v.to_string()).collect::<Vec<_>>();
        assert_eq!(show(&got), show(&want), "{name}");
        n += 1;
    }
    assert!(n >= 20, "only {n} programs found");
}
