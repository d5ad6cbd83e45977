// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -convert-onnx-to-loops="compiled-tensors=false" | FileCheck %s
// These test the handle tier: the compiled-tensor tier (compiled-tensors.mlir) is off, or the
// static shapes below would be memrefs.

// Constant subgraphs run once per module: an op whose operands are all constants (blobs made
// through their own slot, register constants, results of such ops) announces a slot global to
// the runtime right before the call that makes its result. An op with a function argument
// among its operands is computed every time; so are random generators.

// CHECK-LABEL: func.func @memo(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr
// CHECK:         %[[C:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[SG:.*]] = memref.get_global @[[SLOT:__flowgate_const_slot_[0-9]+]] : memref<8xi8>
// CHECK:         %[[SV:.*]] = memref.cast %[[SG]] : memref<8xi8> to memref<?xi8>
// CHECK:         call @flowgate_rt_memo_next(%[[SV]], %[[NODE:.*]]) : (memref<?xi8>, i32) -> ()
// CHECK-NEXT:    %[[K:.*]] = call @flowgate_rt_binary(%[[NODE]], %{{.*}}, %[[C]], %[[C]])
// CHECK:         call @flowgate_rt_memo_next(
// CHECK-NEXT:    %[[COS:.*]] = call @flowgate_rt_unary(%{{.*}}, %{{.*}}, %[[K]])
// CHECK-NOT:     call @flowgate_rt_memo_next
// CHECK:         call @flowgate_rt_binary(%{{.*}}, %{{.*}}, %[[X]], %[[COS]])
// CHECK:         return
// CHECK:       memref.global "private" @[[SLOT]] : memref<8xi8> = dense<"0x0000000000000000">
func.func @memo(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "onnx.Constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %k = "onnx.Mul"(%c, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %cos = "onnx.Cos"(%k) : (tensor<4xf32>) -> tensor<4xf32>
  %y = "onnx.Add"(%x, %cos) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
