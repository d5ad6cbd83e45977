// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// Gemm is one runtime call: alpha and beta as f64, transA and transB as i32, and a null handle
// for an absent C.

// CHECK-LABEL: func.func @gemm(
// CHECK:         %[[ALPHA:.*]] = arith.constant 2.500000e-01 : f64
// CHECK-NEXT:    %[[BETA:.*]] = arith.constant 1.000000e+00 : f64
// CHECK-NEXT:    %[[TA:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[TB:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    call @flowgate_rt_gemm(%{{.*}}, %arg0, %arg1, %arg2, %[[ALPHA]], %[[BETA]], %[[TA]], %[[TB]])
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null()
// CHECK:         call @flowgate_rt_gemm(%{{.*}}, %arg0, %arg1, %[[NULL]],
func.func @gemm(%a: tensor<3x2xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %y = "onnx.Gemm"(%a, %b, %c) {alpha = 0.25 : f32, transA = 1 : i64} : (tensor<3x2xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %n = "onnx.NoValue"() : () -> none
  %z = "onnx.Gemm"(%a, %b, %n) {transA = 1 : i64} : (tensor<3x2xf32>, tensor<3x4xf32>, none) -> tensor<2x4xf32>
  return %y, %z : tensor<2x4xf32>, tensor<2x4xf32>
}
