//! Round trips and verifier messages checked against upstream `mlir-opt` 22: the `.expected`
//! and `_expected` files are its output for the matching inputs.

use flowgate_ir::testing::{assert_custom_syntax_matches, parse_and_verify, print};
use flowgate_ir::{Context, OpId};

fn register(c: &mut Context) {
    flowgate_builtin::register(c);
    flowgate_func::register(c);
    flowgate_math::register(c);
}

fn check(src: &str) -> Result<(Context, OpId), String> {
    parse_and_verify(&register, src)
}

#[test]
fn custom_syntax_matches_upstream() {
    let g = assert_custom_syntax_matches(&register, include_str!("ops_input.mlir"), include_str!("ops_expected.mlir"));
    assert!(g.contains("\"math.sin\"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32"), "{g}");
}

#[test]
fn sincos_has_two_results() {
    let (c, m) =
        check("func.func @f(%x: f32) -> f32 {\n  %s:2 = math.sincos %x fastmath<fast> : f32\n  return %s#1 : f32\n}")
            .unwrap();
    let out = print(&c, m, false);
    assert!(out.contains("%sin, %cos = math.sincos %arg0 fastmath<fast> : f32"), "{out}");
    assert!(check(&out).is_ok());
}

#[test]
fn every_upstream_op_is_registered() {
    let names: Vec<&str> = flowgate_math::op_names().collect();
    for op in [
        "sin",
        "cos",
        "tan",
        "exp",
        "exp2",
        "expm1",
        "log",
        "log2",
        "log10",
        "log1p",
        "sqrt",
        "rsqrt",
        "cbrt",
        "powf",
        "ipowi",
        "fpowi",
        "atan",
        "atan2",
        "tanh",
        "sinh",
        "cosh",
        "asin",
        "acos",
        "erf",
        "erfc",
        "absf",
        "absi",
        "ceil",
        "floor",
        "round",
        "roundeven",
        "trunc",
        "fma",
        "copysign",
        "ctlz",
        "cttz",
        "ctpop",
        "isnan",
        "isinf",
        "isfinite",
        "isnormal",
        "acosh",
        "asinh",
        "atanh",
        "sincos",
        "clampf",
    ] {
        assert!(names.contains(&format!("math.{op}").as_str()), "{op}");
    }
}

#[test]
fn invalid_ir_gets_upstream_messages() {
    let cases: Vec<&str> = include_str!("invalid_input.mlir").split("// -----\n").collect();
    let want: Vec<&str> = include_str!("invalid_expected.txt").lines().collect();
    assert_eq!(cases.len(), want.len());
    for (src, msg) in cases.iter().zip(&want) {
        match check(src) {
            Ok(_) => panic!("expected '{msg}' for\n{src}"),
            Err(e) => assert_eq!(e, *msg, "{src}"),
        }
    }
}
