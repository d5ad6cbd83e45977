// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// Resize is one runtime call: absent roi/scales/sizes are null handles, axes a constant INT64
// tensor, and the string attributes codes (mode linear=1, coordinate_transformation_mode
// align_corners=3, nearest_mode floor=2, keep_aspect_ratio_policy not_smaller=2).

// CHECK-LABEL: func.func @resize(
// CHECK:         %[[AXES:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[ROI:.*]] = call @flowgate_rt_null()
// CHECK:         %[[SCALES:.*]] = call @flowgate_rt_null()
// CHECK:         %[[A:.*]] = arith.constant -7.500000e-01 : f64
// CHECK:         %[[E:.*]] = arith.constant 0.000000e+00 : f64
// CHECK:         call @flowgate_rt_resize(%{{[^,]*}}, %arg0, %[[ROI]], %[[SCALES]], %arg1, %[[AXES]], %c1_i32{{[_0-9]*}}, %c3_i32{{[_0-9]*}}, %c2_i32{{[_0-9]*}}, %[[A]], %c0_i32{{[_0-9]*}}, %[[E]], %c2_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}})
func.func @resize(%x: tensor<1x1x4x4xf32>, %sizes: tensor<2xi64>) -> tensor<1x1x?x?xf32> {
  %n = "onnx.NoValue"() : () -> none
  %y = "onnx.Resize"(%x, %n, %n, %sizes) {mode = "linear", coordinate_transformation_mode = "align_corners", nearest_mode = "floor", keep_aspect_ratio_policy = "not_smaller", axes = [2, 3]} : (tensor<1x1x4x4xf32>, none, none, tensor<2xi64>) -> tensor<1x1x?x?xf32>
  return %y : tensor<1x1x?x?xf32>
}

// GridSample: opset-16 mode names (bicubic) and opset-20 ones (cubic) give one code (2);
// padding_mode reflection is 2, align_corners 1.

// CHECK-LABEL: func.func @grid_sample(
// CHECK:         call @flowgate_rt_grid_sample(%{{[^,]*}}, %arg0, %arg1, %c2_i32{{[_0-9]*}}, %c2_i32{{[_0-9]*}}, %c1_i32{{[_0-9]*}})
// CHECK:         call @flowgate_rt_grid_sample(%{{[^,]*}}, %arg0, %arg1, %c2_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}}, %c0_i32{{[_0-9]*}})
func.func @grid_sample(%x: tensor<1x1x4x4xf32>, %g: tensor<1x2x2x2xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>) {
  %a = "onnx.GridSample"(%x, %g) {mode = "bicubic", padding_mode = "reflection", align_corners = 1 : i64} : (tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>
  %b = "onnx.GridSample"(%x, %g) {mode = "cubic"} : (tensor<1x1x4x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %a, %b : tensor<1x1x2x2xf32>, tensor<1x1x2x2xf32>
}
