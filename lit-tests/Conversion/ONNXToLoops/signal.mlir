// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s --convert-onnx-to-loops | FileCheck %s

// DFT: an absent dft_length is -1; the axis input (opset 20) is unboxed to a register scalar
// once at entry; inverse and onesided are flags.

// CHECK-LABEL: func.func @dft(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr, %[[A:.*]]: !llvm.ptr)
// CHECK:         %[[AXIS:.*]] = call @flowgate_rt_unbox_i64(%{{[^,]*}}, %[[A]])
// CHECK:         %[[LEN:.*]] = arith.constant -1 : i64
// CHECK:         %[[INV:.*]] = arith.constant 1 : i32
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         call @flowgate_rt_dft(%{{[^,]*}}, %[[X]], %[[LEN]], %[[AXIS]], %[[INV]], %[[ONE]])
func.func @dft(%x: tensor<1x6x10x2xf32>, %axis: tensor<i64>) -> tensor<1x10x10x1xf32> {
  %n = "onnx.NoValue"() : () -> none
  %y = "onnx.DFT"(%x, %n, %axis) {inverse = 1 : i64, onesided = 1 : i64} : (tensor<1x6x10x2xf32>, none, tensor<i64>) -> tensor<1x10x10x1xf32>
  return %y : tensor<1x10x10x1xf32>
}

// STFT: frame_step and frame_length are unboxed to register scalars (an absent frame_length is
// -1), an absent window is a null handle, onesided defaults to 1.

// CHECK-LABEL: func.func @stft(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr, %[[S:.*]]: !llvm.ptr, %[[W:.*]]: !llvm.ptr)
// CHECK:         %[[STEP:.*]] = call @flowgate_rt_unbox_i64(%{{[^,]*}}, %[[S]])
// CHECK:         %[[LEN:.*]] = arith.constant -1 : i64
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i32
// CHECK:         call @flowgate_rt_stft(%{{[^,]*}}, %[[X]], %[[STEP]], %[[W]], %[[LEN]], %[[ONE]])
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null()
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         call @flowgate_rt_stft(%{{[^,]*}}, %[[X]], %[[STEP]], %[[NULL]], %{{[^,]*}}, %[[ZERO]])
func.func @stft(%x: tensor<1x128x1xf32>, %step: tensor<i64>, %w: tensor<16xf32>) -> (tensor<1x?x9x2xf32>, tensor<1x?x16x2xf32>) {
  %n = "onnx.NoValue"() : () -> none
  %y = "onnx.STFT"(%x, %step, %w, %n) : (tensor<1x128x1xf32>, tensor<i64>, tensor<16xf32>, none) -> tensor<1x?x9x2xf32>
  %len = "onnx.Constant"() {value = dense<16> : tensor<i64>} : () -> tensor<i64>
  %z = "onnx.STFT"(%x, %step, %n, %len) {onesided = 0 : i64} : (tensor<1x128x1xf32>, tensor<i64>, none, tensor<i64>) -> tensor<1x?x16x2xf32>
  return %y, %z : tensor<1x?x9x2xf32>, tensor<1x?x16x2xf32>
}
