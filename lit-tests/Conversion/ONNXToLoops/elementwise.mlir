// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// HardSigmoid takes its alpha and beta (defaults 0.2 and 0.5); HardSwish is the same kernel
// with alpha 1/6, beta 1/2 and the swish flag. Clip passes absent bounds as null handles.

// CHECK-LABEL: func.func @activations(
// CHECK:         %[[A:.*]] = arith.constant 5.000000e-01 : f64
// CHECK:         %[[B:.*]] = arith.constant 5.000000e-01 : f64
// CHECK:         %[[F:.*]] = arith.constant 0 : i32
// CHECK:         call @flowgate_rt_hard_sigmoid(%{{.*}}, %arg0, %[[A]], %[[B]], %[[F]])
// CHECK:         %[[A6:.*]] = arith.constant 0.16666666666666666 : f64
// CHECK:         %[[T:.*]] = arith.constant 1 : i32
// CHECK:         call @flowgate_rt_hard_sigmoid(%{{.*}}, %arg0, %[[A6]], %{{.*}}, %[[T]])
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null()
// CHECK:         %[[HI:.*]] = call @flowgate_rt_box_f32(
// CHECK-NEXT:    call @flowgate_rt_clip(%{{.*}}, %arg0, %[[NULL]], %[[HI]])
func.func @activations(%x: tensor<3xf32>, %hi: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %h = "onnx.HardSigmoid"(%x) {alpha = 0.5 : f32} : (tensor<3xf32>) -> tensor<3xf32>
  %s = "onnx.HardSwish"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %n = "onnx.NoValue"() : () -> none
  %c = "onnx.Clip"(%x, %n, %hi) : (tensor<3xf32>, none, tensor<f32>) -> tensor<3xf32>
  return %h, %s, %c : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// Clip-6 takes its bounds as attributes: they are boxed to the input's element type (FLOAT=1).

// CHECK-LABEL: func.func @clip6(
// CHECK:         %[[LO:.*]] = arith.constant -1.000000e+00 : f64
// CHECK:         %[[BLO:.*]] = call @flowgate_rt_box_f64(%[[LO]], %c1_i32{{[_0-9]*}})
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null()
// CHECK:         call @flowgate_rt_clip(%{{[^,]*}}, %arg0, %[[BLO]], %[[NULL]])
func.func @clip6(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = "onnx.Clip"(%x) {min = -1.0 : f32} : (tensor<3xf32>) -> tensor<3xf32>
  return %c : tensor<3xf32>
}

// LeakyRelu takes its alpha (default 0.01 as an ONNX float, so the f32 value) as an f64
// argument of its kernel.

// CHECK-LABEL: func.func @leaky_relu(
// CHECK:         %[[A:.*]] = arith.constant 0.20000000298023224 : f64
// CHECK:         call @flowgate_rt_leaky_relu(%{{.*}}, %arg0, %[[A]])
// CHECK:         %[[D:.*]] = arith.constant 0.0099999997764825821 : f64
// CHECK:         call @flowgate_rt_leaky_relu(%{{.*}}, %arg0, %[[D]])
func.func @leaky_relu(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %a = "onnx.LeakyRelu"(%x) {alpha = 0.2 : f32} : (tensor<3xf32>) -> tensor<3xf32>
  %d = "onnx.LeakyRelu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %a, %d : tensor<3xf32>, tensor<3xf32>
}
