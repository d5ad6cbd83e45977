// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --split-input-file --verify-diagnostics --convert-onnx-to-loops | FileCheck %s

// Selection and index-driven movement are one runtime call each. TopK returns the sequence
// [Values, Indices]; Compress says whether it has an axis; the Scatter reductions are codes
// (none=0, add=1, mul=2, max=3, min=4).

// CHECK-LABEL: func.func @select(
// CHECK:         %[[AXIS:.*]] = arith.constant -1 : i64
// CHECK:         %[[LARGEST:.*]] = arith.constant 0 : i32
// CHECK:         %[[S:.*]] = call @flowgate_rt_top_k(%{{[^,]*}}, %arg0, %arg1, %[[AXIS]], %[[LARGEST]])
// CHECK:         call @flowgate_rt_seq_at(%{{[^,]*}}, %[[S]],
// CHECK:         call @flowgate_rt_seq_at(%{{[^,]*}}, %[[S]],
// CHECK:         call @flowgate_rt_non_zero(%{{[^,]*}}, %arg0)
// CHECK:         %[[NOAXIS:.*]] = arith.constant 0 : i32
// CHECK:         call @flowgate_rt_compress(%{{[^,]*}}, %arg0, %arg2, %[[NOAXIS]],
func.func @select(%x: tensor<3x4xf32>, %k: tensor<1xi64>, %c: tensor<2xi1>) -> (tensor<3x2xf32>, tensor<3x2xi64>, tensor<2x?xi64>, tensor<?xf32>) {
  %v, %i = "onnx.TopK"(%x, %k) {largest = 0 : i64} : (tensor<3x4xf32>, tensor<1xi64>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  %nz = "onnx.NonZero"(%x) : (tensor<3x4xf32>) -> tensor<2x?xi64>
  %cp = "onnx.Compress"(%x, %c) : (tensor<3x4xf32>, tensor<2xi1>) -> tensor<?xf32>
  return %v, %i, %nz, %cp : tensor<3x2xf32>, tensor<3x2xi64>, tensor<2x?xi64>, tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_gather(
// CHECK:         %[[AX:.*]] = arith.constant 1 : i64
// CHECK:         %[[MUL:.*]] = arith.constant 2 : i32
// CHECK:         call @flowgate_rt_scatter_elements(%{{[^,]*}}, %arg0, %arg1, %arg2, %[[AX]], %[[MUL]])
// CHECK:         %[[MAX:.*]] = arith.constant 3 : i32
// CHECK:         call @flowgate_rt_scatter_nd(%{{[^,]*}}, %arg0, %arg1, %arg2, %[[MAX]])
// CHECK:         %[[BD:.*]] = arith.constant 1 : i64
// CHECK:         call @flowgate_rt_gather_nd(%{{[^,]*}}, %arg0, %arg1, %[[BD]])
// CHECK:         call @flowgate_rt_reverse_sequence(%{{[^,]*}}, %arg0, %arg3, %c0_i64{{[_0-9]*}}, %c1_i64{{[_0-9]*}})
// CHECK:         call @flowgate_rt_array_feature_extractor(%{{[^,]*}}, %arg0, %arg3)
func.func @scatter_gather(%d: tensor<2x2xf32>, %i: tensor<2x2xi64>, %u: tensor<2x2xf32>, %l: tensor<2xi64>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = "onnx.ScatterElements"(%d, %i, %u) {axis = 1 : i64, reduction = "mul"} : (tensor<2x2xf32>, tensor<2x2xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = "onnx.ScatterND"(%d, %i, %u) {reduction = "max"} : (tensor<2x2xf32>, tensor<2x2xi64>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = "onnx.GatherND"(%d, %i) {batch_dims = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xi64>) -> tensor<2xf32>
  %r = "onnx.ReverseSequence"(%d, %l) {batch_axis = 0 : i64, time_axis = 1 : i64} : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  %f = "onnx.ArrayFeatureExtractor"(%d, %l) {onnx.domain = "ai.onnx.ml"} : (tensor<2x2xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  return %a, %b, %c, %r, %f : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// An op of another domain that shares a default op's name is not taken for it.
func.func @custom_domain(%d: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{op type 'NonZero' of domain 'com.example' is not supported by convert-onnx-to-loops}}
  %a = "onnx.NonZero"(%d) {onnx.domain = "com.example"} : (tensor<2xf32>) -> tensor<2xf32>
  return %a : tensor<2xf32>
}

// -----

// Pad: the constant mode keeps its own entry; reflect, edge and wrap pass a mode code (1, 2, 3)
// as the last argument (its value shows in the constant's name).

// CHECK-LABEL: func.func @pad_modes(
// CHECK:         call @flowgate_rt_pad(%{{[^,]*}}, %arg0, %arg1, %{{[^,]*}}, %{{[^,]*}})
// CHECK:         call @flowgate_rt_pad_mode(%{{[^,]*}}, %arg0, %arg1, %{{[^,]*}}, %{{[^,]*}}, %c1_i32{{(_[0-9]+)?}})
// CHECK:         call @flowgate_rt_pad_mode(%{{[^,]*}}, %arg0, %arg1, %{{[^,]*}}, %{{[^,]*}}, %c2_i32{{(_[0-9]+)?}})
// CHECK:         call @flowgate_rt_pad_mode(%{{[^,]*}}, %arg0, %arg1, %{{[^,]*}}, %{{[^,]*}}, %c3_i32{{(_[0-9]+)?}})
func.func @pad_modes(%x: tensor<3x4xf32>, %p: tensor<4xi64>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c = "onnx.Pad"(%x, %p) : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  %r = "onnx.Pad"(%x, %p) {mode = "reflect"} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  %e = "onnx.Pad"(%x, %p) {mode = "edge"} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  %w = "onnx.Pad"(%x, %p) {mode = "wrap"} : (tensor<3x4xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  return %c, %r, %e, %w : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}
