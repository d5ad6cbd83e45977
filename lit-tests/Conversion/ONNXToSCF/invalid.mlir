// RUN: %onnx-opt %s -split-input-file -verify-diagnostics --convert-onnx-to-scf
// Flowgate only: upstream mlir-opt has no onnx dialect.
// UNSUPPORTED: upstream-as-flowgate

// What the conversion rejects: each error names the node (its location) and fails the pass.

// With sequence_lens, onnxruntime zero-fills the scan outputs of sequences shorter than the
// longest; the zeros are a constant, so the per-step output needs a static shape.
func.func @scan8_sequence_lens_dynamic_output(%lens: tensor<2xi64>, %x: tensor<2x4x?xf32>) -> tensor<2x4x?xf32> {
  // expected-error @below {{'onnx.Scan' op Scan-8 with sequence_lens zero-fills scan outputs, which needs a static shape, but scan output #0 is tensor<?xf32>}}
  %r = "onnx.Scan"(%lens, %x) ({
  ^bb0(%e: tensor<?xf32>):
    "onnx.Yield"(%e) : (tensor<?xf32>) -> ()
  }) {num_scan_inputs = 1 : i64, onnx_opset = 8 : i64} : (tensor<2xi64>, tensor<2x4x?xf32>) -> tensor<2x4x?xf32>
  return %r : tensor<2x4x?xf32>
}

// -----

func.func @if_branches_disagree(%c: tensor<i1>, %x: tensor<2xf32>) -> !onnx.unknown {
  // expected-error @below {{'onnx.If' op branches yield incompatible types for result #0: tensor<2xf32> and !onnx.seq<tensor<2xf32>>}}
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    %s = "onnx.SequenceConstruct"(%x) : (tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
    "onnx.Yield"(%s) : (!onnx.seq<tensor<2xf32>>) -> ()
  }) : (tensor<i1>) -> !onnx.unknown
  return %r : !onnx.unknown
}

// -----

func.func @loop_carried_disagree(%m: tensor<i64>, %x: tensor<2xf32>) -> !onnx.unknown {
  %c = "onnx.NoValue"() : () -> none
  // expected-error @below {{'onnx.Loop' op carried value #0 has incompatible types tensor<2xf32>, !onnx.unknown, !onnx.seq<tensor<2xf32>>, !onnx.unknown}}
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: !onnx.unknown):
    %s = "onnx.SequenceConstruct"(%x) : (tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
    "onnx.Yield"(%cin, %s) : (tensor<i1>, !onnx.seq<tensor<2xf32>>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> !onnx.unknown
  return %r : !onnx.unknown
}

// -----

func.func @condition_of_unknown_type(%c: !onnx.unknown, %x: tensor<2xf32>) -> tensor<2xf32> {
  %m = "onnx.NoValue"() : () -> none
  // expected-error @below {{'onnx.Loop' op condition must be a single-element tensor, but is !onnx.unknown}}
  %r = "onnx.Loop"(%m, %c, %x) ({
  ^bb0(%i: tensor<i64>, %cin: tensor<i1>, %v: tensor<2xf32>):
    "onnx.Yield"(%cin, %v) : (tensor<i1>, tensor<2xf32>) -> ()
  }) : (none, !onnx.unknown, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

// Other ops with graph attributes (kept as generic onnx ops by the importer, such as
// FlexAttention's score_mod) are not converted; their subgraph's onnx.Yield would be left, so
// the pass fails.
func.func @other_subgraph(%s: !onnx.seq<tensor<2xf32>>) -> !onnx.seq<tensor<2xf32>> {
  %r = "onnx.FlexAttention"(%s) ({
  ^bb0(%e: tensor<2xf32>):
    // expected-error @below {{failed to convert a subgraph of 'onnx.FlexAttention' to scf}}
    "onnx.Yield"(%e) : (tensor<2xf32>) -> ()
  }) : (!onnx.seq<tensor<2xf32>>) -> !onnx.seq<tensor<2xf32>>
  return %r : !onnx.seq<tensor<2xf32>>
}

// -----

// A SequenceMap whose first input is not a sequence is refused by the verifier.
func.func @sequence_map_tensor(%x: tensor<2xf32>) -> !onnx.seq<tensor<2xf32>> {
  // expected-error @below {{input_sequence must be a sequence, but is tensor<2xf32>}}
  %r = "onnx.SequenceMap"(%x) ({
  ^bb0(%e: tensor<2xf32>):
    "onnx.Yield"(%e) : (tensor<2xf32>) -> ()
  }) : (tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
  return %r : !onnx.seq<tensor<2xf32>>
}
