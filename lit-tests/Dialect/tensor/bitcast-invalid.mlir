// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// tensor.bitcast verifier rules with upstream MLIR 22's messages.

func.func @bitcast_to_index(%a: tensor<?xi64>) -> tensor<?xindex> {
  // expected-error @+1 {{'tensor.bitcast' op result #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<?xindex>'}}
  %0 = tensor.bitcast %a : tensor<?xi64> to tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

func.func @bitcast_from_index(%a: tensor<?xindex>) -> tensor<?xi64> {
  // expected-error @+1 {{'tensor.bitcast' op operand #0 must be tensor of signless integer or unsigned integer or signed integer or floating-point values, but got 'tensor<?xindex>'}}
  %0 = tensor.bitcast %a : tensor<?xindex> to tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @bitcast_width(%a: tensor<4xi32>) -> tensor<4xf16> {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xi32>' and result type 'tensor<4xf16>' are cast incompatible}}
  %0 = tensor.bitcast %a : tensor<4xi32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @bitcast_shape(%a: tensor<4xi32>) -> tensor<5xf32> {
  // expected-error @+1 {{'tensor.bitcast' op operand type 'tensor<4xi32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %0 = tensor.bitcast %a : tensor<4xi32> to tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Unranked and dynamic shapes are compatible with any shape.
func.func @bitcast_ok(%a: tensor<*xi32>, %b: tensor<?x2xf64>) -> (tensor<4xf32>, tensor<3x?xi64>) {
  %0 = tensor.bitcast %a : tensor<*xi32> to tensor<4xf32>
  %1 = tensor.bitcast %b : tensor<?x2xf64> to tensor<3x?xi64>
  return %0, %1 : tensor<4xf32>, tensor<3x?xi64>
}
