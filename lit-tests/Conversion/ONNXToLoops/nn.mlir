// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --split-input-file --convert-onnx-to-loops | FileCheck %s

// Conv is one runtime call (im2col + GEMM): auto_pad as a code, group as i64, and the list
// attributes (kernel_shape, strides, dilations, pads) as constant INT64 tensors built at function
// entry, null when absent.

// CHECK-LABEL: func.func @conv(
// CHECK:         %[[PADS:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[STRIDES:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[AP:.*]] = arith.constant 1 : i32
// CHECK:         %[[G:.*]] = arith.constant 2 : i64
// CHECK:         %[[K:.*]] = call @flowgate_rt_null()
// CHECK:         %[[D:.*]] = call @flowgate_rt_null()
// CHECK:         call @flowgate_rt_conv(%{{.*}}, %arg0, %arg1, %arg2, %[[AP]], %[[G]], %[[K]], %[[STRIDES]], %[[D]], %[[PADS]])
func.func @conv(%x: tensor<1x2x5x5xf32>, %w: tensor<4x1x3x3xf32>, %b: tensor<4xf32>) -> tensor<1x4x3x3xf32> {
  %y = "onnx.Conv"(%x, %w, %b) {group = 2 : i64, strides = [2, 2], pads = [1, 1, 1, 1], auto_pad = "SAME_UPPER"} : (tensor<1x2x5x5xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x3x3xf32>
  return %y : tensor<1x4x3x3xf32>
}

// -----

// An absent bias is a null handle; ConvTranspose adds output_padding and output_shape.

// CHECK-LABEL: func.func @conv_transpose(
// CHECK:         %[[OP:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[B:.*]] = call @flowgate_rt_null()
// CHECK:         call @flowgate_rt_conv_transpose(%{{[^,]*}}, %arg0, %arg1, %[[B]], %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}, %[[OP]], %{{[^,]*}})
func.func @conv_transpose(%x: tensor<1x1x3xf32>, %w: tensor<1x2x3xf32>) -> tensor<1x2x6xf32> {
  %n = "onnx.NoValue"() : () -> none
  %y = "onnx.ConvTranspose"(%x, %w, %n) {strides = [2], output_padding = [1]} : (tensor<1x1x3xf32>, tensor<1x2x3xf32>, none) -> tensor<1x2x6xf32>
  return %y : tensor<1x2x6xf32>
}

// -----

// MaxPool with its Indices output asks for kind 2 and takes both results out of the returned
// sequence; AveragePool is kind 0 with ceil_mode and count_include_pad.

// CHECK-LABEL: func.func @pools(
// CHECK:         %[[K2:.*]] = arith.constant 2 : i32
// CHECK:         %[[S:.*]] = call @flowgate_rt_pool(%{{.*}}, %[[K2]], %arg0,
// CHECK:         call @flowgate_rt_seq_at(%{{.*}}, %[[S]], %{{.*}})
// CHECK:         call @flowgate_rt_seq_at(%{{.*}}, %[[S]], %{{.*}})
// The constants' names spell their values: kind 0, auto_pad 0, ceil_mode 1, count_include_pad 1.
// CHECK:         call @flowgate_rt_pool(%{{[^,]*}}, %c0_i32{{(_[0-9]+)?}}, %arg0, %c0_i32{{(_[0-9]+)?}}, %c1_i32{{(_[0-9]+)?}}, %c1_i32{{(_[0-9]+)?}},
// CHECK:         call @flowgate_rt_global_pool(
// CHECK:         %[[EPS:.*]] = arith.constant 0.0099999997764825821 : f64
// CHECK:         call @flowgate_rt_instance_norm(%{{.*}}, %arg0, %arg1, %arg2, %[[EPS]])
func.func @pools(%x: tensor<1x1x4x4xf32>, %s: tensor<1xf32>, %b: tensor<1xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x4x4xf32>) {
  %m, %i = "onnx.MaxPool"(%x) {kernel_shape = [2, 2], strides = [2, 2]} : (tensor<1x1x4x4xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  %a = "onnx.AveragePool"(%x) {kernel_shape = [3, 3], strides = [2, 2], ceil_mode = 1 : i64, count_include_pad = 1 : i64} : (tensor<1x1x4x4xf32>) -> tensor<1x1x2x2xf32>
  %g = "onnx.GlobalAveragePool"(%x) : (tensor<1x1x4x4xf32>) -> tensor<1x1x1x1xf32>
  %n = "onnx.InstanceNormalization"(%x, %s, %b) {epsilon = 0.01 : f32} : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  return %m, %i, %a, %g, %n : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>, tensor<1x1x2x2xf32>, tensor<1x1x1x1xf32>, tensor<1x1x4x4xf32>
}
