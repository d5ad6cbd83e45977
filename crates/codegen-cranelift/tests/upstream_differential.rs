//! Differential test against upstream MLIR: for each arith integer op and width (i1 to i64), a
//! program folds `op(a, b)` over all pairs of i8-derived values (and over f32 values including NaN and infinities) into a checksum; Flowgate's
//! JIT and upstream's `mlir-opt --arith-expand --convert-to-llvm | mlir-runner` must agree.
//! Pairs where upstream's result is undefined (poison or UB) are skipped. Runs only when
//! upstream's tools are installed at /usr/lib/llvm-22/bin (the test script installs them).

mod common;
use common::*;
use flowgate_codegen_cranelift::OptLevel;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = "/usr/lib/llvm-22/bin";

/// Which pairs upstream leaves undefined.
#[derive(Copy, Clone)]
enum Skip {
    None,
    /// b == 0
    ZeroDivisor,
    /// b == 0, or a == MIN and b == -1
    SignedDivision,
    /// b as unsigned >= 8
    ShiftAmount,
    /// `%af` is NaN or infinite (float-to-int conversions of those are poison)
    NotFinite,
    /// `%af` is negative, NaN or infinite
    NegativeOrNotFinite,
}

/// A checksum program over all pairs of i8 values; `op_line` computes `%r` (of type `rty`)
/// from `%at` and `%bt` of type `ty` (for types wider than i8, the i8 value times
/// 0x0101010101010101, so every byte varies), or from `%af`/`%bf` (f32 values derived from the
/// i8 values) for float ops.
fn program(op_line: &str, rty: &str, skip: Skip, ty: &str) -> String {
    let width: u32 = ty[1..].parse().unwrap_or(8);
    // For i1, MIN and -1 are both the value 1, and the width does not fit.
    let min = if width == 1 { "1".to_string() } else { format!("{}", -(1i128 << (width - 1))) };
    let m1 = if width == 1 { "1" } else { "-1" };
    let w = if width == 1 { "1".to_string() } else { width.to_string() };
    let typed = [k("zT", "0", ty), k("minT", &min, ty), k("m1T", m1, ty), k("wT", &w, ty)].concat();
    let skip_cond = match skip {
        Skip::None => "%skip = \"arith.constant\"() <{value = false}> : () -> i1\n".to_string(),
        Skip::ZeroDivisor => cmp("skip", "arith.cmpi", 0, "bt", "zT", ty),
        Skip::SignedDivision => [
            cmp("bz", "arith.cmpi", 0, "bt", "zT", ty),
            cmp("amin", "arith.cmpi", 0, "at", "minT", ty),
            cmp("bm1", "arith.cmpi", 0, "bt", "m1T", ty),
            bin("ovf", "arith.andi", "amin", "bm1", "i1", "i1"),
            bin("skip", "arith.ori", "bz", "ovf", "i1", "i1"),
        ]
        .concat(),
        // For i1 the width (1) does not fit; every amount but 0 is too large.
        Skip::ShiftAmount if width == 1 => cmp("skip", "arith.cmpi", 1, "bt", "zT", ty),
        Skip::ShiftAmount => cmp("skip", "arith.cmpi", 9, "bt", "wT", ty),
        // |af| < inf is false for NaN and infinities (ordered less-than).
        Skip::NotFinite => [
            un("absf", "math.absf", "af", "f32", "f32"),
            cmp("fin", "arith.cmpf", 4, "absf", "inf", "f32"),
            k("tru", "1", "i1"),
            bin("skip", "arith.xori", "fin", "tru", "i1", "i1"),
        ]
        .concat(),
        Skip::NegativeOrNotFinite => [
            un("absf", "math.absf", "af", "f32", "f32"),
            cmp("fin", "arith.cmpf", 4, "absf", "inf", "f32"),
            k("fz", "0.0", "f32"),
            cmp("nonneg", "arith.cmpf", 3, "af", "fz", "f32"),
            bin("ok", "arith.andi", "fin", "nonneg", "i1", "i1"),
            k("tru", "1", "i1"),
            bin("skip", "arith.xori", "ok", "tru", "i1", "i1"),
        ]
        .concat(),
    };
    let operands = match width {
        1 | 8 | 16 | 32 => [
            k("spread", if width <= 8 { "1" } else { "72340172838076673" }, "i64"),
            bin("as", "arith.muli", "a", "spread", "i64", "i64"),
            bin("bs", "arith.muli", "b", "spread", "i64", "i64"),
            un("at", "arith.trunci", "as", "i64", ty),
            un("bt", "arith.trunci", "bs", "i64", ty),
        ]
        .concat(),
        _ => [
            k("spread", "72340172838076673", "i64"),
            bin("at", "arith.muli", "a", "spread", "i64", "i64"),
            bin("bt", "arith.muli", "b", "spread", "i64", "i64"),
        ]
        .concat(),
    };
    // The i64 reading of %r: integers sign-extended, i1 zero-extended, floats as bits with every
    // NaN made one value (NaN payloads are not specified).
    let widen = match rty {
        "i1" => un("re", "arith.extui", "r", "i1", "i64"),
        "i64" => "%re = \"arith.addi\"(%r, %zero) : (i64, i64) -> i64\n".to_string(),
        "f32" => [
            cmp("isnan", "arith.cmpf", 14, "r", "r", "f32"),
            un("rb", "arith.bitcast", "r", "f32", "i32"),
            k("nanv", "12345", "i32"),
            "%rc = \"arith.select\"(%isnan, %nanv, %rb) : (i1, i32, i32) -> i32\n".into(),
            un("re", "arith.extsi", "rc", "i32", "i64"),
        ]
        .concat(),
        "f64" => [
            cmp("isnan", "arith.cmpf", 14, "r", "r", "f64"),
            un("rb", "arith.bitcast", "r", "f64", "i64"),
            k("nanv", "12345", "i64"),
            "%re = \"arith.select\"(%isnan, %nanv, %rb) : (i1, i64, i64) -> i64\n".into(),
        ]
        .concat(),
        "index" => un("re", "arith.index_cast", "r", "index", "i64"),
        _ => un("re", "arith.extsi", "r", rty, "i64"),
    };
    let body = [
        k("lo", "-128", "i64"),
        k("hi", "128", "i64"),
        k("one", "1", "i64"),
        k("k31", "31", "i64"),
        k("zero", "0", "i64"),
        k("z8", "0", "i8"),
        k("min8", "-128", "i8"),
        k("m18", "-1", "i8"),
        k("max8", "127", "i8"),
        k("m127", "-127", "i8"),
        k("eight", "8", "i8"),
        k("eighth", "0.125", "f32"),
        k("nan", "0x7FC00000", "f32"),
        k("inf", "0x7F800000", "f32"),
        k("ninf", "0xFF800000", "f32"),
        "\"cf.br\"(%lo, %zero)[^outer] : (i64, i64) -> ()\n".into(),
        "^outer(%a: i64, %acc: i64):\n".into(),
        cmp("ca", "arith.cmpi", 2, "a", "hi", "i64"),
        "\"cf.cond_br\"(%ca, %lo, %acc)[^inner, ^exit] <{operandSegmentSizes = array<i32: 1, 2, 0>}> : (i1, i64, i64) -> ()\n".into(),
        "^inner(%b: i64, %acc1: i64):\n".into(),
        cmp("cb", "arith.cmpi", 2, "b", "hi", "i64"),
        "\"cf.cond_br\"(%cb)[^body, ^next] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n".into(),
        "^body:\n".into(),
        un("a8", "arith.trunci", "a", "i64", "i8"),
        un("b8", "arith.trunci", "b", "i64", "i8"),
        operands,
        typed,
        f32_of("af", "a8"),
        f32_of("bf", "b8"),
        skip_cond,
        "\"cf.cond_br\"(%skip, %acc1)[^cont, ^do] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()\n".into(),
        "^do:\n".into(),
        op_line.to_string(),
        widen,
        bin("h", "arith.muli", "acc1", "k31", "i64", "i64"),
        bin("h2", "arith.addi", "h", "re", "i64", "i64"),
        "\"cf.br\"(%h2)[^cont] : (i64) -> ()\n".into(),
        "^cont(%acc2: i64):\n".into(),
        bin("b2", "arith.addi", "b", "one", "i64", "i64"),
        "\"cf.br\"(%b2, %acc2)[^inner] : (i64, i64) -> ()\n".into(),
        "^next:\n".into(),
        bin("a2", "arith.addi", "a", "one", "i64", "i64"),
        "\"cf.br\"(%a2, %acc1)[^outer] : (i64, i64) -> ()\n".into(),
        "^exit:\n".into(),
        ret(&[("acc", "i64")]),
    ]
    .concat();
    main_module("i64", &body)
}

/// `%out` = x / 8 as f32, except -128 is NaN, 127 is +inf and -127 is -inf.
fn f32_of(out: &str, x: &str) -> String {
    [
        un(&format!("{out}i"), "arith.sitofp", x, "i8", "f32"),
        bin(&format!("{out}s"), "arith.mulf", &format!("{out}i"), "eighth", "f32", "f32"),
        cmp(&format!("{out}n"), "arith.cmpi", 0, x, "min8", "i8"),
        cmp(&format!("{out}p"), "arith.cmpi", 0, x, "max8", "i8"),
        cmp(&format!("{out}m"), "arith.cmpi", 0, x, "m127", "i8"),
        format!("%{out}1 = \"arith.select\"(%{out}n, %nan, %{out}s) : (i1, f32, f32) -> f32\n"),
        format!("%{out}2 = \"arith.select\"(%{out}p, %inf, %{out}1) : (i1, f32, f32) -> f32\n"),
        format!("%{out} = \"arith.select\"(%{out}m, %ninf, %{out}2) : (i1, f32, f32) -> f32\n"),
    ]
    .concat()
}

fn upstream(src: &str) -> String {
    let lower = |input: &str, cmd: &mut Command| -> String {
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "upstream failed: {}\n{input}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let llvm = lower(src, Command::new(format!("{BIN}/mlir-opt")).args(["--arith-expand", "--convert-to-llvm"]));
    lower(&llvm, Command::new(format!("{BIN}/mlir-runner")).args(["-e", "main", "-entry-point-result=i64"]))
        .trim()
        .to_string()
}

fn check(name: &str, src: &str) {
    let ours = try_run(src, OptLevel::Speed).unwrap_or_else(|e| panic!("{name}: {e}"));
    let ours0 = try_run(src, OptLevel::None).unwrap_or_else(|e| panic!("{name}: {e}"));
    let theirs = upstream(src);
    assert_eq!(ours, std::slice::from_ref(&theirs), "{name}: Flowgate -O2 differs from upstream");
    assert_eq!(ours0, [theirs], "{name}: Flowgate -O0 differs from upstream");
}

fn have_upstream() -> bool {
    let ok = Path::new(BIN).join("mlir-runner").exists() && Path::new(BIN).join("mlir-opt").exists();
    if !ok {
        eprintln!("note: upstream mlir-opt/mlir-runner not installed; differential test not run");
    }
    ok
}

#[test]
fn integer_ops_match_upstream() {
    if !have_upstream() {
        return;
    }
    let ops: &[(&str, Skip)] = &[
        ("addi", Skip::None),
        ("subi", Skip::None),
        ("muli", Skip::None),
        ("andi", Skip::None),
        ("ori", Skip::None),
        ("xori", Skip::None),
        ("divsi", Skip::SignedDivision),
        ("remsi", Skip::SignedDivision),
        ("ceildivsi", Skip::SignedDivision),
        ("floordivsi", Skip::SignedDivision),
        ("divui", Skip::ZeroDivisor),
        ("remui", Skip::ZeroDivisor),
        ("ceildivui", Skip::ZeroDivisor),
        ("shli", Skip::ShiftAmount),
        ("shrsi", Skip::ShiftAmount),
        ("shrui", Skip::ShiftAmount),
        ("maxsi", Skip::None),
        ("minsi", Skip::None),
        ("maxui", Skip::None),
        ("minui", Skip::None),
    ];
    for ty in ["i1", "i8", "i16", "i32", "i64"] {
        for (op, skip) in ops {
            let line = bin("r", &format!("arith.{op}"), "at", "bt", ty, ty);
            check(&format!("{op} {ty}"), &program(&line, ty, *skip, ty));
        }
        for pred in 0..10 {
            let line = cmp("r", "arith.cmpi", pred, "at", "bt", ty);
            check(&format!("cmpi {pred} {ty}"), &program(&line, "i1", Skip::None, ty));
        }
    }
}

#[test]
fn float_ops_match_upstream() {
    if !have_upstream() {
        return;
    }
    for op in ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf", "remf"] {
        let line = bin("r", &format!("arith.{op}"), "af", "bf", "f32", "f32");
        check(op, &program(&line, "f32", Skip::None, "i8"));
    }
    for pred in 0..16 {
        let line = cmp("r", "arith.cmpf", pred, "af", "bf", "f32");
        check(&format!("cmpf {pred}"), &program(&line, "i1", Skip::None, "i8"));
    }
}

#[test]
fn casts_and_math_match_upstream() {
    if !have_upstream() {
        return;
    }
    // (name, the line computing %r, its type, the operand type of %at/%bt, skip)
    let cases: &[(&str, String, &str, &str, Skip)] = &[
        ("extsi", un("r", "arith.extsi", "at", "i8", "i32"), "i32", "i8", Skip::None),
        ("extui", un("r", "arith.extui", "at", "i8", "i64"), "i64", "i8", Skip::None),
        ("extsi i1", un("r", "arith.extsi", "at", "i1", "i16"), "i16", "i1", Skip::None),
        ("trunci", un("r", "arith.trunci", "at", "i32", "i8"), "i8", "i32", Skip::None),
        ("trunci i1", un("r", "arith.trunci", "at", "i64", "i1"), "i1", "i64", Skip::None),
        ("index_cast", un("r", "arith.index_cast", "at", "i32", "index"), "index", "i32", Skip::None),
        ("index_castui", un("r", "arith.index_castui", "at", "i16", "index"), "index", "i16", Skip::None),
        ("sitofp", un("r", "arith.sitofp", "at", "i8", "f32"), "f32", "i8", Skip::None),
        ("sitofp i64", un("r", "arith.sitofp", "at", "i64", "f32"), "f32", "i64", Skip::None),
        ("uitofp i64", un("r", "arith.uitofp", "at", "i64", "f32"), "f32", "i64", Skip::None),
        ("uitofp i64 f64", un("r", "arith.uitofp", "at", "i64", "f64"), "f64", "i64", Skip::None),
        ("uitofp i1", un("r", "arith.uitofp", "at", "i1", "f64"), "f64", "i1", Skip::None),
        ("sitofp i1", un("r", "arith.sitofp", "at", "i1", "f32"), "f32", "i1", Skip::None),
        ("fptosi", un("r", "arith.fptosi", "af", "f32", "i32"), "i32", "i8", Skip::NotFinite),
        ("fptosi i8", un("r", "arith.fptosi", "af", "f32", "i8"), "i8", "i8", Skip::NotFinite),
        ("fptoui", un("r", "arith.fptoui", "af", "f32", "i16"), "i16", "i8", Skip::NegativeOrNotFinite),
        ("extf", un("r", "arith.extf", "af", "f32", "f64"), "f64", "i8", Skip::None),
        ("bitcast", un("r", "arith.bitcast", "af", "f32", "i32"), "i32", "i8", Skip::NotFinite),
        ("negf", un("r", "arith.negf", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("absi", un("r", "math.absi", "at", "i16", "i16"), "i16", "i16", Skip::None),
        ("ctlz", un("r", "math.ctlz", "at", "i32", "i32"), "i32", "i32", Skip::None),
        ("cttz", un("r", "math.cttz", "at", "i64", "i64"), "i64", "i64", Skip::None),
        ("ctpop", un("r", "math.ctpop", "at", "i16", "i16"), "i16", "i16", Skip::None),
        ("floor", un("r", "math.floor", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("ceil", un("r", "math.ceil", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("round", un("r", "math.round", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("roundeven", un("r", "math.roundeven", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("trunc", un("r", "math.trunc", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("sqrt", un("r", "math.sqrt", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("absf", un("r", "math.absf", "af", "f32", "f32"), "f32", "i8", Skip::None),
        ("copysign", bin("r", "math.copysign", "af", "bf", "f32", "f32"), "f32", "i8", Skip::None),
    ];
    for (name, line, rty, ty, skip) in cases {
        check(name, &program(line, rty, *skip, ty));
    }
}
