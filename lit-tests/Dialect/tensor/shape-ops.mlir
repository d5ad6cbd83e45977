// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s -mlir-print-op-generic | %onnx-opt | FileCheck %s

// Custom forms of the shape-changing tensor ops survive a round trip, also through the
// generic form.

// CHECK-LABEL: func.func @shapes(
// CHECK-SAME:    %[[T:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: f32, %[[N:.*]]: index, %[[SH:.*]]: tensor<2xi64>
func.func @shapes(%t: tensor<2x3x4xf32>, %s: f32, %n: index, %sh: tensor<2xi64>) {
  // CHECK: tensor.splat %[[S]] : tensor<2x2xf32>
  %a = tensor.splat %s : tensor<2x2xf32>
  // CHECK: tensor.splat %[[S]][%[[N]]] : tensor<?x5xf32>
  %b = tensor.splat %s[%n] : tensor<?x5xf32>
  // CHECK: tensor.rank %[[T]] : tensor<2x3x4xf32>
  %r = tensor.rank %t : tensor<2x3x4xf32>
  // CHECK: tensor.reshape %[[T]](%[[SH]]) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %c = tensor.reshape %t(%sh) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  // CHECK: %[[COL:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %d = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  // CHECK: tensor.expand_shape %[[COL]] {{\[}}[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %e = tensor.expand_shape %d [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  // CHECK: tensor.concat dim(1) %[[T]], %[[T]] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  %f = tensor.concat dim(1) %t, %t : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x6x4xf32>
  // CHECK: tensor.pad %[[T]] nofold low[0, %[[N]], 1] high[1, 0, 2] {
  // CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
  // CHECK-NEXT:   tensor.yield %[[S]] : f32
  // CHECK-NEXT: } : tensor<2x3x4xf32> to tensor<3x?x7xf32>
  %g = tensor.pad %t nofold low[0, %n, 1] high[1, 0, 2] {
  ^bb0(%i: index, %j: index, %k: index):
    tensor.yield %s : f32
  } : tensor<2x3x4xf32> to tensor<3x?x7xf32>
  return
}

// CHECK-LABEL: func.func @gather_scatter(
func.func @gather_scatter(%t: tensor<4x5xf32>, %idx: tensor<3x1xi32>, %u: tensor<3x5xf32>) {
  // CHECK: %[[G:.*]] = tensor.gather %{{.*}}[%{{.*}}] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xi32>) -> tensor<3x1x5xf32>
  %g = tensor.gather %t[%idx] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xi32>) -> tensor<3x1x5xf32>
  // CHECK: tensor.scatter %{{.*}} into %{{.*}}[%{{.*}}] scatter_dims([0]) unique : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xi32>) -> tensor<4x5xf32>
  %s = tensor.scatter %u into %t[%idx] scatter_dims([0]) unique : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xi32>) -> tensor<4x5xf32>
  return
}
