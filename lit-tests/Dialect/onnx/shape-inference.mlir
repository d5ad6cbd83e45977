// RUN: %onnx-opt %s --onnx-shape-inference | FileCheck %s

// Unknown types, ranks and dimensions of onnx results are refined from operands, attributes and
// constant operands; the function signature follows the refined returned values.

// CHECK-LABEL: func.func @elementwise_and_shapes
// CHECK-SAME:      -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xi64>)
func.func @elementwise_and_shapes(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<*xf32>, !onnx.unknown, tensor<?xi64>) {
  // CHECK: "onnx.Add"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %0 = "onnx.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  // CHECK: "onnx.Transpose"(%{{.*}}) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "onnx.Transpose"(%0) {perm = [1, 0]} : (tensor<*xf32>) -> !onnx.unknown
  // CHECK: "onnx.Shape"(%{{.*}}) : (tensor<3x2xf32>) -> tensor<2xi64>
  %2 = "onnx.Shape"(%1) : (!onnx.unknown) -> tensor<?xi64>
  // CHECK: return %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xi64>
  return %0, %1, %2 : tensor<*xf32>, !onnx.unknown, tensor<?xi64>
}

// A Loop's carried result joins the initial value and the body's output, and its scan output
// gets a leading `?`; If results unify the branches (2 and 3 give `?`).

// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%m: tensor<i64>, %c: tensor<i1>, %x: tensor<2xf32>) {
  %none = "onnx.NoValue"() : () -> none
  // CHECK: }) : (tensor<i64>, none, tensor<2xf32>) -> (tensor<2xf32>, tensor<?x2xf32>)
  %r:2 = "onnx.Loop"(%m, %none, %x) ({
  ^bb0(%i: tensor<i64>, %ci: tensor<i1>, %v: tensor<2xf32>):
    %n = "onnx.Neg"(%v) : (tensor<2xf32>) -> tensor<*xf32>
    "onnx.Yield"(%ci, %v, %n) : (tensor<i1>, tensor<2xf32>, tensor<*xf32>) -> ()
  }) : (tensor<i64>, none, tensor<2xf32>) -> (!onnx.unknown, tensor<*xf32>)
  // CHECK: }) : (tensor<i1>) -> tensor<?xf32>
  %p = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    %k = "onnx.Constant"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
    "onnx.Yield"(%k) : (tensor<3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<*xf32>
  return
}

// Stated types are never contradicted; unknown operators are left alone.

// CHECK-LABEL: func.func @kept
func.func @kept(%a: tensor<?xf32>) -> tensor<4xf32> {
  // CHECK: "onnx.Relu"(%arg0) : (tensor<?xf32>) -> tensor<4xf32>
  %0 = "onnx.Relu"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  // CHECK: "onnx.Mystery"(%{{.*}}) : (tensor<4xf32>) -> !onnx.unknown
  %1 = "onnx.Mystery"(%0) : (tensor<4xf32>) -> !onnx.unknown
  return %0 : tensor<4xf32>
}

// Data-dependent sizes: Unique's results have `?` where the count of distinct values goes,
// and its inverse indices one entry per element (no axis) or per slice; TfIdfVectorizer has
// one column more than the largest n-gram index; TensorScatter has the cache's type.

// CHECK-LABEL: func.func @data_dependent
func.func @data_dependent(%x: tensor<2x3xf32>, %t: tensor<2x6xi32>, %c: tensor<2x4x5xf32>, %u: tensor<2x1x5xf32>) {
  // CHECK: "onnx.Unique"(%arg0) : (tensor<2x3xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<6xi64>, tensor<?xi64>)
  %a:4 = "onnx.Unique"(%x) : (tensor<2x3xf32>) -> (!onnx.unknown, !onnx.unknown, !onnx.unknown, !onnx.unknown)
  // CHECK: "onnx.Unique"(%arg0) {axis = -1 : i64} : (tensor<2x3xf32>) -> (tensor<2x?xf32>, tensor<?xi64>, tensor<3xi64>)
  %b:3 = "onnx.Unique"(%x) {axis = -1 : i64} : (tensor<2x3xf32>) -> (!onnx.unknown, !onnx.unknown, !onnx.unknown)
  // CHECK: "onnx.TfIdfVectorizer"(%arg1) {{.*}} : (tensor<2x6xi32>) -> tensor<2x7xf32>
  %v = "onnx.TfIdfVectorizer"(%t) {max_gram_length = 2 : i64, max_skip_count = 0 : i64, min_gram_length = 1 : i64, mode = "TF", ngram_counts = [0, 4], ngram_indexes = [0, 1, 2, 3, 4, 6, 5], pool_int64s = [2, 3, 5, 4, 5, 6, 7, 8, 6, 7]} : (tensor<2x6xi32>) -> !onnx.unknown
  // CHECK: "onnx.TensorScatter"(%arg2, %arg3) : (tensor<2x4x5xf32>, tensor<2x1x5xf32>) -> tensor<2x4x5xf32>
  %s = "onnx.TensorScatter"(%c, %u) : (tensor<2x4x5xf32>, tensor<2x1x5xf32>) -> !onnx.unknown
  return
}
