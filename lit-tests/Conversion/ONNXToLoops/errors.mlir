// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops -verify-diagnostics
// UNSUPPORTED: upstream-as-flowgate

module attributes {onnx.opset_import = {ai.onnx = 17 : i64, ai.onnx.preview.training = 1 : i64}} {
  func.func @unknown_op(%x: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{op type 'Gradient' of domain 'ai.onnx.preview.training' is not supported by convert-onnx-to-loops}}
    %0 = "onnx.Gradient"(%x) {onnx.domain = "ai.onnx.preview.training", xs = ["x"], y = "x"} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @pad_mode(%x: tensor<2xf32>, %p: tensor<2xi64>) -> tensor<?xf32> {
    // expected-error @+1 {{Pad mode 'mirror' is not one of constant, reflect, edge, wrap}}
    %0 = "onnx.Pad"(%x, %p) {mode = "mirror"} : (tensor<2xf32>, tensor<2xi64>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
}

// -----

module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @string_constant() -> tensor<1x!onnx.unknown> {
    // expected-error @+1 {{Constant: only the value, value_float(s) and value_int(s) attributes are supported}}
    %0 = "onnx.Constant"() {value_string = "a"} : () -> tensor<1x!onnx.unknown>
    return %0 : tensor<1x!onnx.unknown>
  }
}

// -----

// An op the lowering does not convert may not carry an ONNX value: it is refused by name (the
// structural type conversion retypes only region-branch ops and branch targets).
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @not_lowered(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{'arith.addf' carries an ONNX value, which convert-onnx-to-loops does not convert}}
    %0 = arith.addf %a, %b : tensor<2xf32>
    %1 = "onnx.Neg"(%0) : (tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
