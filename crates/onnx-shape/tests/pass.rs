//! `--onnx-shape-inference` on textual IR: unknown types, ranks and dimensions are refined, what
//! is stated is kept, and function signatures follow their returned values.

use flowgate_ir::asm::{parse_source, print_op, ParserConfig, PrintFlags};
use flowgate_ir::Context;
use flowgate_onnx_shape::OnnxShapeInference;
use flowgate_pass::Pass;

fn run(src: &str) -> String {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_onnx::register(&mut ctx);
    let module = parse_source(&mut ctx, "t.mlir", src, ParserConfig::default()).expect("parses");
    flowgate_ir::verify::verify(&ctx, module).expect("verifies before");
    OnnxShapeInference.run(&mut ctx, module).expect("runs");
    flowgate_ir::verify::verify(&ctx, module).unwrap_or_else(|d| panic!("verifies after: {}", d.message));
    print_op(&ctx, module, PrintFlags::default())
}

#[test]
fn refines_elementwise_and_shape_ops_and_the_signature() {
    let out = run(r#"
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<*xf32>, !onnx.unknown) {
  %0 = "onnx.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "onnx.Transpose"(%0) {perm = [1 : i64, 0 : i64]} : (tensor<*xf32>) -> !onnx.unknown
  %2 = "onnx.Shape"(%1) : (!onnx.unknown) -> tensor<?xi64>
  %3 = "onnx.Equal"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> !onnx.unknown
  %s = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %e = "onnx.Constant"() {value = dense<9> : tensor<1xi64>} : () -> tensor<1xi64>
  %x = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
  %4 = "onnx.Slice"(%a, %s, %e, %x) : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>
  %5 = "onnx.Slice"(%a, %s, %e, %b) : (tensor<2x3xf32>, tensor<1xi64>, tensor<1xi64>, tensor<3xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, !onnx.unknown
}
"#);
    assert!(out.contains(r#""onnx.Add"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>"#), "{out}");
    assert!(out.contains("-> tensor<3x2xf32>"), "{out}");
    assert!(out.contains(r#""onnx.Shape"(%1) : (tensor<3x2xf32>) -> tensor<2xi64>"#), "{out}");
    assert!(out.contains("-> tensor<2x3xi1>"), "{out}");
    assert!(out.contains("tensor<1xi64>) -> tensor<2x2xf32>"), "constant slice: {out}");
    assert!(out.contains("tensor<3xf32>) -> tensor<?x?xf32>"), "unknown axes keep the rank: {out}");
    assert!(out.contains("-> (tensor<2x3xf32>, tensor<3x2xf32>)"), "signature refined: {out}");
}

#[test]
fn refines_loop_if_and_scan_results_from_their_bodies() {
    let out = run(r#"
func.func @f(%m: tensor<i64>, %c: tensor<i1>, %x: tensor<2xf32>, %xs: tensor<5x2xf32>) {
  %none = "onnx.NoValue"() : () -> none
  %r:2 = "onnx.Loop"(%m, %none, %x) ({
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %v: tensor<2xf32>):
    %n = "onnx.Neg"(%v) : (tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%ci, %n, %n) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> (!onnx.unknown, !onnx.unknown)
  %p = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    %k = "onnx.Constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
    "onnx.Yield"(%k) : (tensor<3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<*xf32>
  %s:2 = "onnx.Scan"(%x, %xs) ({
  ^bb0(%acc: tensor<2xf32>, %e: tensor<2xf32>):
    %t = "onnx.Add"(%acc, %e) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "onnx.Yield"(%t, %t) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, scan_output_axes = [1 : i64]} : (tensor<2xf32>, tensor<5x2xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}
"#);
    assert!(out.contains("-> (tensor<2xf32>, tensor<?x2xf32>)"), "loop: {out}");
    assert!(out.contains("}) : (tensor<i1>) -> tensor<?xf32>"), "if: {out}");
    assert!(out.contains("-> (tensor<2xf32>, tensor<2x5xf32>)"), "scan: {out}");
}

#[test]
fn keeps_stated_types_and_unknown_ops() {
    let src = r#"
func.func @f(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "onnx.Relu"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  %1 = "onnx.Mystery"(%0) : (tensor<4xf32>) -> !onnx.unknown
  return %0 : tensor<4xf32>
}
"#;
    let out = run(src);
    assert!(out.contains(r#""onnx.Relu"(%arg0) : (tensor<?xf32>) -> tensor<4xf32>"#), "{out}");
    assert!(out.contains("-> !onnx.unknown"), "{out}");
}

#[test]
fn loop_and_scan_bodies_take_the_operands_shapes() {
    let out = run(r#"
func.func @f(%m: tensor<i64>, %x: tensor<2xf32>, %xs: tensor<5x3xf32>) {
  %none = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %none, %x) ({
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %v: tensor<?xf32>):
    %n = "onnx.Neg"(%v) : (tensor<?xf32>) -> tensor<?xf32>
    "onnx.Yield"(%ci, %n) : (tensor<i1>, tensor<?xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> !onnx.unknown
  %s:2 = "onnx.Scan"(%x, %xs) ({
  ^bb0(%h: tensor<?xf32>, %t: tensor<?xf32>):
    %e = "onnx.Exp"(%t) : (tensor<?xf32>) -> tensor<*xf32>
    %a = "onnx.Add"(%h, %h) : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
    "onnx.Yield"(%a, %e) : (tensor<*xf32>, tensor<*xf32>) -> ()
  }) {num_scan_inputs = 1 : i64} : (tensor<2xf32>, tensor<5x3xf32>) -> (!onnx.unknown, !onnx.unknown)
  return
}
"#);
    assert!(out.contains(r#""onnx.Neg"(%arg5) : (tensor<2xf32>) -> tensor<2xf32>"#), "{out}");
    assert!(out.contains("(tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32>"), "loop result: {out}");
    assert!(out.contains(r#""onnx.Exp"(%arg4) : (tensor<3xf32>) -> tensor<3xf32>"#), "slice: {out}");
    assert!(
        out.contains(r#""onnx.Add"(%arg3, %arg3) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#),
        "state: {out}"
    );
    assert!(out.contains("-> (tensor<2xf32>, tensor<5x3xf32>)"), "scan results: {out}");
}

#[test]
fn a_carried_value_whose_shape_changes_stays_symbolic() {
    let out = run(r#"
func.func @f(%m: tensor<i64>, %x: tensor<2xf32>) {
  %none = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %none, %x) ({
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %v: tensor<?xf32>):
    %n = "onnx.Concat"(%v, %v) {axis = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
    "onnx.Yield"(%ci, %n) : (tensor<i1>, tensor<*xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> !onnx.unknown
  return
}
"#);
    assert!(out.contains("(tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>"), "{out}");
    assert!(!out.contains("tensor<4xf32>"), "the tentative refinement is undone: {out}");
}

/// A `split` input that is not a constant leaves the split axis unknown: the parts need not be
/// equal (RotaryEmbedding's expansion splits 8 into `[8, 0]` computed from a `Shape`).
#[test]
fn split_sizes_from_a_computed_value_are_unknown() {
    let out = run(r#"
func.func @f(%a: tensor<2x8xf32>, %s: tensor<2xi64>) {
  %0:2 = "onnx.Split"(%a, %s) {axis = 1 : i64} : (tensor<2x8xf32>, tensor<2xi64>) -> (tensor<*xf32>, tensor<*xf32>)
  %k = "onnx.Constant"() {value = dense<[8, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %1:2 = "onnx.Split"(%a, %k) {axis = 1 : i64} : (tensor<2x8xf32>, tensor<2xi64>) -> (tensor<*xf32>, tensor<*xf32>)
  %2:2 = "onnx.Split"(%a) {axis = 1 : i64, num_outputs = 2 : i64} : (tensor<2x8xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}
"#);
    assert!(out.contains("tensor<2xi64>) -> (tensor<2x?xf32>, tensor<2x?xf32>)"), "computed sizes: {out}");
    assert!(out.contains("tensor<2xi64>) -> (tensor<2x8xf32>, tensor<2x0xf32>)"), "constant sizes: {out}");
    assert!(out.contains("(tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)"), "equal parts: {out}");
}

/// Det drops the two matrix axes.
#[test]
fn det_drops_the_matrix_axes() {
    let out = run(r#"
func.func @f(%a: tensor<5x3x3xf32>, %b: tensor<2x2xf64>) {
  %0 = "onnx.Det"(%a) : (tensor<5x3x3xf32>) -> tensor<*xf32>
  %1 = "onnx.Det"(%b) : (tensor<2x2xf64>) -> tensor<*xf64>
  return
}
"#);
    assert!(out.contains("(tensor<5x3x3xf32>) -> tensor<5xf32>"), "{out}");
    assert!(out.contains("(tensor<2x2xf64>) -> tensor<f64>"), "{out}");
}

/// ImageDecoder's image size is in its bytes; only the channel count is known.
#[test]
fn image_decoder_knows_only_its_channels() {
    let out = run(r#"
func.func @f(%a: tensor<100xui8>) {
  %0 = "onnx.ImageDecoder"(%a) : (tensor<100xui8>) -> tensor<*xui8>
  %1 = "onnx.ImageDecoder"(%a) {pixel_format = "Grayscale"} : (tensor<100xui8>) -> tensor<*xui8>
  %2 = "onnx.ImageDecoder"(%a) {pixel_format = "BGR"} : (tensor<100xui8>) -> tensor<*xui8>
  return
}
"#);
    assert!(out.contains("(tensor<100xui8>) -> tensor<?x?x3xui8>"), "{out}");
    assert!(out.contains("{pixel_format = \"Grayscale\"} : (tensor<100xui8>) -> tensor<?x?x1xui8>"), "{out}");
    assert_eq!(out.matches("tensor<?x?x3xui8>").count(), 2, "{out}");
}
