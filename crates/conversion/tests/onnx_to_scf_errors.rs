//! `convert-onnx-to-scf` on malformed control flow that the onnx verifier would reject (the
//! pass may be run on unverified IR through the API): every case is a diagnostic naming the
//! op, never a panic.

use flowgate_conversion::onnx_to_scf::convert_onnx_to_scf;
use flowgate_ir::asm::{parse_source, ParserConfig};
use flowgate_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    flowgate_builtin::register(&mut ctx);
    flowgate_func::register(&mut ctx);
    flowgate_onnx::register(&mut ctx);
    flowgate_arith::register(&mut ctx);
    flowgate_scf::register(&mut ctx);
    flowgate_tensor::register(&mut ctx);
    ctx
}

/// Parse `body` as a function with arguments `args` (not verified) and convert it.
fn convert(args: &str, body: &str) -> Result<(), String> {
    let src = format!("func.func @f({args}) {{\n{body}\n  return\n}}\n");
    let mut ctx = context();
    let module =
        parse_source(&mut ctx, "t.mlir", &src, ParserConfig::default()).map_err(|d| format!("parse: {}", d.message))?;
    convert_onnx_to_scf(&mut ctx, module).map_err(|d| d.message)
}

#[test]
fn malformed_control_flow_is_an_error_not_a_panic() {
    let cases: &[(&str, &str, &str)] = &[
        // If without regions' yields, with a yield count that does not match.
        (
            "%c: tensor<i1>, %x: tensor<2xf32>",
            r#"%r = "onnx.If"(%c) ({ "onnx.Yield"() : () -> () }, { "onnx.Yield"(%x) : (tensor<2xf32>) -> () }) : (tensor<i1>) -> tensor<2xf32>"#,
            "one value per result",
        ),
        // If whose branch ends in something else.
        (
            "%c: tensor<i1>, %x: tensor<2xf32>",
            r#"%r = "onnx.If"(%c) ({ %n = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32> }, { "onnx.Yield"(%x) : (tensor<2xf32>) -> () }) : (tensor<i1>) -> tensor<2xf32>"#,
            "to end with 'onnx.Yield'",
        ),
        // If with a condition that is not single-element.
        (
            "%c: tensor<3xi1>, %x: tensor<2xf32>",
            r#"%r = "onnx.If"(%c) ({ "onnx.Yield"(%x) : (tensor<2xf32>) -> () }, { "onnx.Yield"(%x) : (tensor<2xf32>) -> () }) : (tensor<3xi1>) -> tensor<2xf32>"#,
            "condition must be a single-element tensor",
        ),
        // Loop without operands.
        (
            "%x: tensor<2xf32>",
            r#""onnx.Loop"() ({ ^bb0(%i: tensor<i64>, %c: tensor<i1>): "onnx.Yield"(%c) : (tensor<i1>) -> () }) : () -> ()"#,
            "expects trip count and condition operands",
        ),
        // Loop whose body takes the wrong number of arguments.
        (
            "%m: tensor<i64>, %x: tensor<2xf32>",
            r#"%n = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %n, %x) ({ ^bb0(%i: tensor<i64>, %c: tensor<i1>): "onnx.Yield"(%c, %x) : (tensor<i1>, tensor<2xf32>) -> () }) : (tensor<i64>, none, tensor<2xf32>) -> tensor<2xf32>"#,
            "body signature",
        ),
        // Loop with more carried values than results.
        (
            "%m: tensor<i64>, %x: tensor<2xf32>",
            r#"%n = "onnx.NoValue"() : () -> none
  "onnx.Loop"(%m, %n, %x) ({ ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: tensor<2xf32>): "onnx.Yield"(%c, %v) : (tensor<i1>, tensor<2xf32>) -> () }) : (tensor<i64>, none, tensor<2xf32>) -> ()"#,
            "a result per carried value",
        ),
        // Loop with a trip count that is not int64.
        (
            "%m: tensor<i32>, %x: tensor<2xf32>",
            r#"%n = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %n, %x) ({ ^bb0(%i: tensor<i64>, %c: tensor<i1>, %v: tensor<2xf32>): "onnx.Yield"(%c, %v) : (tensor<i1>, tensor<2xf32>) -> () }) : (tensor<i32>, none, tensor<2xf32>) -> tensor<2xf32>"#,
            "trip count M must be an int64 tensor",
        ),
        // Loop with a scan output that is not a tensor.
        (
            "%m: tensor<i64>, %s: !onnx.seq<tensor<f32>>",
            r#"%n = "onnx.NoValue"() : () -> none
  %r = "onnx.Loop"(%m, %n) ({ ^bb0(%i: tensor<i64>, %c: tensor<i1>): "onnx.Yield"(%c, %s) : (tensor<i1>, !onnx.seq<tensor<f32>>) -> () }) : (tensor<i64>, none) -> tensor<?xf32>"#,
            "cannot stack values",
        ),
        // Scan without num_scan_inputs, and with too many.
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "num_scan_inputs",
        ),
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) {num_scan_inputs = 3 : i64} : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "num_scan_inputs",
        ),
        // Scan attribute lists of the wrong length or values.
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) {num_scan_inputs = 1 : i64, scan_input_axes = [0, 1]} : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "scan_input_axes has 2 entries but there are 1",
        ),
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) {num_scan_inputs = 1 : i64, scan_output_directions = [2]} : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "scan_output_directions[0] = 2",
        ),
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) {num_scan_inputs = 1 : i64, scan_input_axes = [7]} : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "out of range for rank 2",
        ),
        (
            "%x: tensor<5x2xf32>",
            r#"%r = "onnx.Scan"(%x) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"(%e) : (tensor<2xf32>) -> () }) {num_scan_inputs = 1 : i64, scan_output_axes = [-3]} : (tensor<5x2xf32>) -> tensor<5x2xf32>"#,
            "scan_output_axes[0] = -3 is out of range",
        ),
        // Scan whose scan input is not a tensor.
        (
            "%s: !onnx.seq<tensor<2xf32>>",
            r#""onnx.Scan"(%s) ({ ^bb0(%e: tensor<2xf32>): "onnx.Yield"() : () -> () }) {num_scan_inputs = 1 : i64} : (!onnx.seq<tensor<2xf32>>) -> ()"#,
            "must be a tensor",
        ),
        // Opset-8 Scan without any operand.
        (
            "%x: tensor<5x2xf32>",
            r#""onnx.Scan"() ({ ^bb0: "onnx.Yield"() : () -> () }) {num_scan_inputs = 1 : i64, onnx_opset = 8 : i64} : () -> ()"#,
            "sequence_lens",
        ),
        // A region with no block.
        ("%c: tensor<i1>", r#"%r = "onnx.If"(%c) ({}, {}) : (tensor<i1>) -> tensor<2xf32>"#, "exactly one block"),
    ];
    for (args, body, want) in cases {
        match convert(args, body) {
            Ok(()) => panic!("no error for:\n{body}"),
            Err(msg) => assert!(msg.contains(want), "for:\n{body}\nexpected '{want}' in: {msg}"),
        }
    }
}
