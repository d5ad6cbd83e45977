// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// LSTM is one runtime call returning the sequence [Y, Y_h, Y_c]; absent inputs are null handles,
// the attributes are scalars (hidden_size, direction 2 = bidirectional, layout, input_forget,
// clip) and the activations a constant DOUBLE tensor of (code, alpha, beta) triples.

// CHECK-LABEL: func.func @lstm(
// CHECK:         %[[B:.*]] = call @flowgate_rt_null()
// CHECK:         %[[H:.*]] = arith.constant 3 : i64
// CHECK:         %[[DIR:.*]] = arith.constant 2 : i32
// CHECK:         %[[CLIP:.*]] = arith.constant 5.000000e+00 : f64
// CHECK:         %[[ACTS:.*]] = call @flowgate_rt_constant(
// CHECK:         %[[S:.*]] = call @flowgate_rt_lstm(%{{[^,]*}}, %arg0, %arg1, %arg2, %[[B]], %{{[^,]*}}, %arg3, %{{[^,]*}}, %{{[^,]*}}, %[[H]], %[[DIR]], %{{[^,]*}}, %{{[^,]*}}, %[[CLIP]], %[[ACTS]])
// CHECK:         call @flowgate_rt_seq_at(%{{[^,]*}}, %[[S]], %c0_i64{{.*}})
// CHECK:         call @flowgate_rt_seq_at(%{{[^,]*}}, %[[S]], %c1_i64{{.*}})
// CHECK-NOT:     call @flowgate_rt_seq_at
// CHECK:         return
// The triples: Sigmoid (0), Tanh (1), HardSigmoid (3) with the one given alpha 0.5 and the
// default beta 0.5; the second HardSigmoid finds the alpha list used up and takes 0.2.
// CHECK:         memref.global "private" constant @{{.*}} : memref<168xi8> = dense<"0x0B0000000000000001000000000000001200000000000000000000000000000000000000000000000000000000000000000000000000F03F000000000000000000000000000000000000000000000840000000000000E03F000000000000E03F000000000000000000000000000000000000000000000000000000000000F03F0000000000000000000000000000000000000000000008409A9999999999C93F000000000000E03F">
func.func @lstm(%x: tensor<2x1x4xf32>, %w: tensor<2x12x4xf32>, %r: tensor<2x12x3xf32>, %h0: tensor<2x1x3xf32>) -> (tensor<2x2x1x3xf32>, tensor<2x1x3xf32>) {
  %n = "onnx.NoValue"() : () -> none
  %y, %yh = "onnx.LSTM"(%x, %w, %r, %n, %n, %h0) {hidden_size = 3 : i64, direction = "bidirectional", clip = 5.0 : f32, activations = ["Sigmoid", "Tanh", "HardSigmoid", "Sigmoid", "Tanh", "HardSigmoid"], activation_alpha = [0.5 : f32]} : (tensor<2x1x4xf32>, tensor<2x12x4xf32>, tensor<2x12x3xf32>, none, none, tensor<2x1x3xf32>) -> (tensor<2x2x1x3xf32>, tensor<2x1x3xf32>)
  return %y, %yh : tensor<2x2x1x3xf32>, tensor<2x1x3xf32>
}
