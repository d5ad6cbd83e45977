//! The If/Loop/Scan contracts on textual IR.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::Context;

fn check(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_onnx::register(&mut ctx);
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)?;
    flowgate_ir::verify::verify(&ctx, m).map_err(|d| d.message)?;
    Ok(print_op(&ctx, m, PrintFlags::default()))
}

const LOOP: &str = r#"func.func @main(%m: tensor<i64>, %c: tensor<i1>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>) {
  %r:2 = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cond: tensor<i1>, %v: tensor<2xf32>):
    %s = "onnx.Add"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%cond, %s, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, tensor<i1>, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<?x2xf32>
}"#;

#[test]
fn valid_loop_round_trips_in_generic_form() {
    let out = check(LOOP).unwrap();
    assert!(out.contains("%0:2 = \"onnx.Loop\"(%arg0, %arg1, %arg2) ({"), "{out}");
    assert!(out.contains("^bb0(%arg3: tensor<i64>, %arg4: tensor<i1>, %arg5: tensor<2xf32>):"), "{out}");
    assert_eq!(check(&out).unwrap(), out);
}

#[test]
fn loop_body_arity_is_checked() {
    let bad = LOOP.replace("%i: tensor<i64>, %cond", "%cond");
    let e = check(&bad).unwrap_err();
    assert!(e.contains("body has 2 inputs but a Loop with N=1 carried values needs 2+N = 3"), "{e}");
    let bad = LOOP.replace(
        "(%cond, %s, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>)",
        "(%cond, %s) : (tensor<i1>, tensor<2xf32>)",
    );
    let e = check(&bad).unwrap_err();
    assert!(e.contains("needs 1+N+K = 3"), "{e}");
}

#[test]
fn loop_carried_types_must_agree() {
    let bad = LOOP.replace("%v: tensor<2xf32>", "%v: tensor<2xf64>").replace(
        "%s = \"onnx.Add\"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        "%s = \"onnx.Cast\"(%v) : (tensor<2xf64>) -> tensor<2xf32>",
    );
    let e = check(&bad.replace(
        "(%cond, %s, %v) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>)",
        "(%cond, %s, %s) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>)",
    ))
    .unwrap_err();
    assert!(e.contains("carried value #0: initial value and body input #2 disagree"), "{e}");
}

#[test]
fn if_branches_take_no_inputs_and_match_outputs() {
    let good = r#"func.func @f(%c: tensor<1xi1>, %a: tensor<f32>) -> tensor<f32> {
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%a) : (tensor<f32>) -> ()
  }, {
    %n = "onnx.Neg"(%a) : (tensor<f32>) -> tensor<f32>
    "onnx.Yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<1xi1>) -> tensor<f32>
  return %r : tensor<f32>
}"#;
    check(good).unwrap();
    let e = check(
        &good
            .replace("%c: tensor<1xi1>", "%c: tensor<2xi1>")
            .replace("(tensor<1xi1>) -> tensor<f32>", "(tensor<2xi1>) -> tensor<f32>"),
    )
    .unwrap_err();
    assert!(e.contains("condition must be a single-element bool tensor"), "{e}");
    let e = check(
        &good
            .replace("    \"onnx.Yield\"(%a) : (tensor<f32>) -> ()\n  }, {", "    \"onnx.Yield\"() : () -> ()\n  }, {"),
    )
    .unwrap_err();
    assert!(e.contains("then_branch yields 0 outputs but the If node has 1 output"), "{e}");
}

#[test]
fn scan_axes_and_arity() {
    let good = r#"func.func @f(%s: tensor<2xf32>, %x: tensor<3x2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>) {
  %r:2 = "onnx.Scan"(%s, %x) ({
  ^bb0(%st: tensor<2xf32>, %xi: tensor<2xf32>):
    %n = "onnx.Add"(%st, %xi) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%n, %n) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_input_axes = [0 : i64], scan_input_directions = [1 : i64]} : (tensor<2xf32>, tensor<3x2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>)
  return %r#0, %r#1 : tensor<2xf32>, tensor<3x2xf32>
}"#;
    check(good).unwrap();
    let e = check(&good.replace("scan_input_axes = [0 : i64]", "scan_input_axes = [2 : i64]")).unwrap_err();
    assert!(e.contains("scan_input_axes[0] = 2 is out of range [-2, 1] for rank 2"), "{e}");
    let e = check(&good.replace("scan_input_directions = [1 : i64]", "scan_input_directions = [2 : i64]")).unwrap_err();
    assert!(e.contains("must be 0 (forward) or 1 (reverse)"), "{e}");
    let e = check(&good.replace("num_scan_inputs = 1", "num_scan_inputs = 3")).unwrap_err();
    assert!(e.contains("num_scan_inputs = 3 must be between 1 and the number of inputs (2)"), "{e}");
}

#[test]
fn unknown_onnx_ops_are_kept() {
    let src = r#"func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %r = "onnx.Fancy"(%a) {alpha = 1.000000e+00 : f32} : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"#;
    let out = check(src).unwrap();
    assert!(out.contains("\"onnx.Fancy\"(%arg0) {alpha = 1.000000e+00 : f32}"), "{out}");
}
