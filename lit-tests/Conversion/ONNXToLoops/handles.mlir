// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops="compiled-tensors=false" | FileCheck %s
// These test the handle tier: the compiled-tensor tier (compiled-tensors.mlir) is off, or the
// static shapes below would be memrefs.
// UNSUPPORTED: upstream-as-flowgate

// Tensors of rank >= 1 are runtime values: each op is a call to its family's kernel, with the
// node's index in the module's node-name table first. A constant tensor is a blob global
// (dtype, rank, dims, data) wrapped by flowgate_rt_constant_cached at function entry, with a
// writable 8-byte slot global that keeps the tensor after the first call.

// CHECK-LABEL: module attributes {flowgate.node_names = [
// CHECK-LABEL: func.func @tensor_ops(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr) -> !llvm.ptr
// CHECK:         %[[G:.*]] = memref.get_global @__flowgate_const_0 : memref<32xi8>
// CHECK:         %[[V:.*]] = memref.cast %[[G]] : memref<32xi8> to memref<?xi8>
// CHECK:         %[[SG:.*]] = memref.get_global @__flowgate_const_slot_1 : memref<8xi8>
// CHECK:         %[[SV:.*]] = memref.cast %[[SG]] : memref<8xi8> to memref<?xi8>
// CHECK:         %[[C:.*]] = call @flowgate_rt_constant_cached(%[[V]], %[[SV]]) : (memref<?xi8>, memref<?xi8>) -> !llvm.ptr
// CHECK:         %[[S:.*]] = call @flowgate_rt_binary(%{{.*}}, %{{.*}}, %[[X]], %[[C]])
// CHECK:         call @flowgate_rt_release(%[[C]])
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null() : () -> !llvm.ptr
// CHECK:         %[[T:.*]] = call @flowgate_rt_transpose(%{{.*}}, %[[S]], %[[NULL]]) : (i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK-NOT:     call @flowgate_rt_release(%[[NULL]])
// CHECK:         call @flowgate_rt_release(%[[S]])
// CHECK:         return %[[T]] : !llvm.ptr
// CHECK:       memref.global "private" constant @__flowgate_const_0 : memref<32xi8> = dense<"0x0100000000000000010000000000000002000000000000000000803F00000040">
// CHECK:       memref.global "private" @__flowgate_const_slot_1 : memref<8xi8> = dense<"0x0000000000000000">
// CHECK:       func.func private @flowgate_rt_binary(i32, i32, !llvm.ptr, !llvm.ptr) -> !llvm.ptr
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @tensor_ops(%x: tensor<2xf32>) -> tensor<2xf32> {
    %c = "onnx.Constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %0 = "onnx.Add"(%x, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %1 = "onnx.Transpose"(%0) : (tensor<2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}

// -----

// Variadic inputs travel as a runtime sequence; a result of a shape op that is rank-0 comes back
// into a register (Size returns i64 directly).

// CHECK-LABEL: func.func @concat_size(
// CHECK:         %[[E:.*]] = call @flowgate_rt_seq_empty(%{{.*}}) : (i32) -> !llvm.ptr
// CHECK:         %[[S1:.*]] = call @flowgate_rt_seq_insert_consume(%{{.*}}, %[[E]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:         %[[S2:.*]] = call @flowgate_rt_seq_insert_consume(%{{.*}}, %[[S1]], %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:         %[[CAT:.*]] = call @flowgate_rt_concat(%{{.*}}, %[[S2]], %{{.*}}) : (i32, !llvm.ptr, i64) -> !llvm.ptr
// CHECK:         call @flowgate_rt_release(%[[S2]])
// CHECK:         %[[N:.*]] = call @flowgate_rt_size(%{{.*}}, %[[CAT]]) : (i32, !llvm.ptr) -> i64
// CHECK:         arith.addi %[[N]], %[[N]] : i64
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @concat_size(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<i64> {
    %0 = "onnx.Concat"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    %1 = "onnx.Size"(%0) : (tensor<5xf32>) -> tensor<i64>
    %2 = "onnx.Add"(%1, %1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    return %2 : tensor<i64>
  }
}

// -----

// Absent optional inputs are null handles; sequences and optionals are runtime values.

// CHECK-LABEL: func.func @optional_inputs(
// CHECK:         %[[NULL:.*]] = call @flowgate_rt_null() : () -> !llvm.ptr
// CHECK:         call @flowgate_rt_slice(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NULL]], %{{.*}})
// CHECK:         call @flowgate_rt_opt_none() : () -> !llvm.ptr
// CHECK:         call @flowgate_rt_opt_has(%{{.*}}, %{{.*}}) : (i32, !llvm.ptr) -> i1
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @optional_inputs(%x: tensor<4xf32>, %s: tensor<1xi64>, %e: tensor<1xi64>) -> (tensor<?xf32>, tensor<i1>) {
    %none = "onnx.NoValue"() : () -> none
    %st = "onnx.Constant"() {value = dense<1> : tensor<1xi64>} : () -> tensor<1xi64>
    %0 = "onnx.Slice"(%x, %s, %e, %none, %st) : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, none, tensor<1xi64>) -> tensor<?xf32>
    %1 = "onnx.Optional"() {type = tensor<f32>} : () -> !onnx.opt<tensor<f32>>
    %2 = "onnx.OptionalHasElement"(%1) : (!onnx.opt<tensor<f32>>) -> tensor<i1>
    return %0, %2 : tensor<?xf32>, tensor<i1>
  }
}
