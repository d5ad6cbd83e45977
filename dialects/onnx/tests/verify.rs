//! Verifier rules added for the importer: opset-8 Scan, `!onnx.unknown`, `optional(T)` ~ `T`,
//! and `onnx.Yield` in the subgraph of any onnx op.

use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::Context;

fn check(src: &str) -> Result<(), String> {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_onnx::register(&mut ctx);
    let m = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).map_err(|d| d.message)?;
    flowgate_ir::verify::verify(&ctx, m).map_err(|d| d.message)
}

const SCAN8: &str = r#"
func.func @f(%lens: LENS, %s: tensor<1x2xf32>, %x: tensor<1x3x2xf32>) {
  %r:2 = "onnx.Scan"(%lens, %s, %x) ({
  ^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
    "onnx.Yield"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, onnx_opset = 8 : i64, directions = DIRS} : (LENS, tensor<1x2xf32>, tensor<1x3x2xf32>) -> (STATE, tensor<1x3x2xf32>)
  return
}
"#;

fn scan8(lens: &str, dirs: &str, state: &str) -> Result<(), String> {
    check(&SCAN8.replace("LENS", lens).replace("DIRS", dirs).replace("STATE", state))
}

#[test]
fn opset8_scan_skips_sequence_lens_and_the_batch_axis() {
    scan8("none", "[0 : i64]", "tensor<1x2xf32>").expect("valid");
    scan8("tensor<1xi64>", "[1 : i64]", "tensor<?x2xf32>").expect("valid with sequence_lens");
    assert_eq!(
        scan8("tensor<1xf32>", "[0 : i64]", "tensor<1x2xf32>").unwrap_err(),
        "'onnx.Scan' op sequence_lens of an opset-8 Scan must be an int64 tensor or none, but is tensor<1xf32>"
    );
    assert_eq!(
        scan8("none", "[2 : i64]", "tensor<1x2xf32>").unwrap_err(),
        "'onnx.Scan' op directions[0] = 2 must be 0 (forward) or 1 (reverse)"
    );
    assert_eq!(
        scan8("none", "[0 : i64]", "tensor<1x3xf32>").unwrap_err(),
        "'onnx.Scan' op state variable #0: tensor<1x3xf32> is not tensor<2xf32> with a leading batch dimension"
    );
    // Without the attribute the same op is an opset-9+ Scan with N = 2 states.
    let modern = SCAN8
        .replace("LENS", "none")
        .replace(", onnx_opset = 8 : i64, directions = DIRS", "")
        .replace("STATE", "tensor<1x2xf32>");
    assert!(check(&modern).unwrap_err().contains("needs N+M = 3"));
}

#[test]
fn unknown_and_optional_types_are_compatible() {
    check(
        r#"
func.func @f(%m: tensor<i64>, %s: !onnx.opt<!onnx.seq<tensor<*xf32>>>, %u: !onnx.unknown) {
  %none = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %none, %s) ({
  ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: !onnx.opt<!onnx.seq<tensor<*xf32>>>):
    %e = "onnx.OptionalGetElement"(%v) : (!onnx.opt<!onnx.seq<tensor<*xf32>>>) -> !onnx.seq<tensor<*xf32>>
    "onnx.Yield"(%u, %e) : (!onnx.unknown, !onnx.seq<tensor<*xf32>>) -> ()
  }) : (tensor<i64>, none, !onnx.opt<!onnx.seq<tensor<*xf32>>>) -> !onnx.seq<tensor<*xf32>>
  return
}
"#,
    )
    .expect("valid");
}

#[test]
fn yield_ends_the_subgraph_of_any_onnx_op() {
    check(
        r#"
func.func @f(%x: tensor<2xf32>) {
  %r = "onnx.FlexAttention"(%x) ({
  ^bb0(%a: tensor<2xf32>):
    "onnx.Yield"(%a) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
"#,
    )
    .expect("valid");
    let err = check(
        r#"
func.func @f(%x: tensor<2xf32>) {
  "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
}
"#,
    )
    .unwrap_err();
    assert!(err.starts_with("'onnx.Yield' op expects parent op to be an onnx op"), "{err}");
}
