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
