// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// NonMaxSuppression passes its absent scalar inputs as null handles; RoiAlign its mode codes
// (half_pixel 1, max 1), output size, sampling ratio and spatial scale.

// CHECK-LABEL: func.func @detect(
// CHECK:         %[[N1:.*]] = call @flowgate_rt_null()
// CHECK:         %[[N2:.*]] = call @flowgate_rt_null()
// CHECK:         %[[CPB:.*]] = arith.constant 1 : i32
// CHECK:         call @flowgate_rt_non_max_suppression(%{{[^,]*}}, %arg0, %arg1, %arg2, %[[N1]], %[[N2]], %[[CPB]])
// CHECK:         %[[SCALE:.*]] = arith.constant 2.500000e-01 : f64
// CHECK:         call @flowgate_rt_roi_align(%{{[^,]*}}, %arg3, %arg4, %arg5, %c1_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}}, %c3_i64{{[_0-9]*}}, %c2_i64{{[_0-9]*}}, %c0_i64{{[_0-9]*}}, %[[SCALE]])
func.func @detect(%b: tensor<1x4x4xf32>, %s: tensor<1x1x4xf32>, %m: tensor<1xi64>, %x: tensor<1x1x8x8xf32>, %r: tensor<2x4xf32>, %i: tensor<2xi64>) -> (tensor<?x3xi64>, tensor<2x1x3x2xf32>) {
  %n = "onnx.NoValue"() : () -> none
  %sel = "onnx.NonMaxSuppression"(%b, %s, %m, %n, %n) {center_point_box = 1 : i64} : (tensor<1x4x4xf32>, tensor<1x1x4xf32>, tensor<1xi64>, none, none) -> tensor<?x3xi64>
  %y = "onnx.RoiAlign"(%x, %r, %i) {mode = "max", coordinate_transformation_mode = "half_pixel", output_height = 3 : i64, output_width = 2 : i64, spatial_scale = 0.25 : f32} : (tensor<1x1x8x8xf32>, tensor<2x4xf32>, tensor<2xi64>) -> tensor<2x1x3x2xf32>
  return %sel, %y : tensor<?x3xi64>, tensor<2x1x3x2xf32>
}
