// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops="compiled-tensors=false" | FileCheck %s
// These test the handle tier: the compiled-tensor tier (compiled-tensors.mlir) is off, or the
// static shapes below would be memrefs.
// UNSUPPORTED: upstream-as-flowgate

// Reference counting: a loop-carried tensor moves from iteration to iteration (its last use is
// the yield), the previous one is released after its last use in the body, and a value
// captured from outside the loop lives until the loop ends.

// CHECK-LABEL: func.func @carried(
// CHECK:         %[[C:.*]] = call @flowgate_rt_constant_cached(
// CHECK:         %[[INIT:.*]] = call @flowgate_rt_binary(%{{.*}}, %{{.*}}, %{{.*}}, %[[C]])
// CHECK-NOT:     call @flowgate_rt_retain
// CHECK:         %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[V:.*]] = %[[INIT]]) -> (!llvm.ptr) {
// CHECK:           %[[N:.*]] = func.call @flowgate_rt_binary(%{{.*}}, %{{.*}}, %[[V]], %[[C]])
// CHECK-NEXT:      func.call @flowgate_rt_release(%[[V]]) : (!llvm.ptr) -> ()
// CHECK:           scf.yield %[[N]] : !llvm.ptr
// CHECK:         }
// CHECK-NEXT:    call @flowgate_rt_release(%[[C]]) : (!llvm.ptr) -> ()
// CHECK:         return %[[R]] : !llvm.ptr
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @carried(%x: tensor<2xf32>, %n: tensor<i64>) -> tensor<2xf32> {
    %c = "onnx.Constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %0 = "onnx.Add"(%x, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %m = tensor.extract %n[] : tensor<i64>
    %ub = arith.index_cast %m : i64 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%a = %0) -> (tensor<2xf32>) {
      %2 = "onnx.Add"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      scf.yield %2 : tensor<2xf32>
    }
    return %r : tensor<2xf32>
  }
}

// -----

// A function argument is borrowed: returning it takes a reference (retain), nothing releases
// it. A branch yielding a value captured from outside retains it; the value itself is released
// after the scf.if.

// CHECK-LABEL: func.func @borrowed(
// CHECK-SAME:      %[[X:.*]]: !llvm.ptr, %[[C:.*]]: !llvm.ptr)
// CHECK:         %[[Y:.*]] = call @flowgate_rt_unary(
// CHECK:         %[[R:.*]] = scf.if %{{.*}} -> (!llvm.ptr) {
// CHECK-NEXT:      func.call @flowgate_rt_retain(%[[Y]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:      scf.yield %[[Y]] : !llvm.ptr
// CHECK-NEXT:    } else {
// CHECK-NEXT:      func.call @flowgate_rt_retain(%[[X]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:      scf.yield %[[X]] : !llvm.ptr
// CHECK-NEXT:    }
// CHECK-NEXT:    call @flowgate_rt_release(%[[Y]]) : (!llvm.ptr) -> ()
// CHECK-NOT:     call @flowgate_rt_release(%[[X]])
// CHECK:         return %[[R]]
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @borrowed(%x: tensor<2xf32>, %c: tensor<i1>) -> tensor<2xf32> {
    %y = "onnx.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    %b = tensor.extract %c[] : tensor<i1>
    %r = scf.if %b -> (tensor<2xf32>) {
      scf.yield %y : tensor<2xf32>
    } else {
      scf.yield %x : tensor<2xf32>
    }
    return %r : tensor<2xf32>
  }
}

// -----

// A sequence extended in a loop is consumed by the insert (in place when it is the only
// reference), and a while loop that calls the runtime also stops after a run-time error.

// CHECK-LABEL: func.func @seq_loop(
// CHECK:         scf.while (%[[I:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (i64, !llvm.ptr) -> (i64, !llvm.ptr) {
// CHECK:           %[[GO:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i64
// CHECK:           %[[OK:.*]] = func.call @flowgate_rt_ok() : () -> i1
// CHECK:           %[[BOTH:.*]] = arith.andi %[[GO]], %[[OK]] : i1
// CHECK:           scf.condition(%[[BOTH]]) %[[I]], %[[S]] : i64, !llvm.ptr
// CHECK:         } do {
// CHECK:           func.call @flowgate_rt_seq_insert_consume(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @seq_loop(%x: tensor<2xf32>, %n: tensor<i64>) -> !onnx.seq<tensor<2xf32>> {
    %s0 = "onnx.SequenceEmpty"() {dtype = 1 : i64} : () -> !onnx.seq<tensor<2xf32>>
    %m = tensor.extract %n[] : tensor<i64>
    %zero = arith.constant 0 : i64
    %r:2 = scf.while (%i = %zero, %s = %s0) : (i64, !onnx.seq<tensor<2xf32>>) -> (i64, !onnx.seq<tensor<2xf32>>) {
      %go = arith.cmpi slt, %i, %m : i64
      scf.condition(%go) %i, %s : i64, !onnx.seq<tensor<2xf32>>
    } do {
    ^bb0(%i2: i64, %s2: !onnx.seq<tensor<2xf32>>):
      %t = "onnx.SequenceInsert"(%s2, %x) : (!onnx.seq<tensor<2xf32>>, tensor<2xf32>) -> !onnx.seq<tensor<2xf32>>
      %one = arith.constant 1 : i64
      %i3 = arith.addi %i2, %one : i64
      scf.yield %i3, %t : i64, !onnx.seq<tensor<2xf32>>
    }
    return %r#1 : !onnx.seq<tensor<2xf32>>
  }
}
