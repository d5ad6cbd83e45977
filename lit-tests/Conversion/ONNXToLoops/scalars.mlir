// RUN: %onnx-opt %s -split-input-file -convert-onnx-to-loops | FileCheck %s
// UNSUPPORTED: upstream-as-flowgate

// Rank-0 tensors of native element types are SSA scalars: their ops are arith/math ops, and
// nothing calls the runtime except to unbox the arguments and box the results at the function
// boundary (arguments and results are always runtime values).

// CHECK-LABEL: func.func @float_ops(
// CHECK-SAME:      %[[A:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr) -> !llvm.ptr
// CHECK-DAG:     %[[X:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %[[A]]) : (i32, !llvm.ptr) -> f32
// CHECK-DAG:     %[[Y:.*]] = call @flowgate_rt_unbox_f32(%{{.*}}, %[[B]]) : (i32, !llvm.ptr) -> f32
// CHECK:         %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:         %[[E:.*]] = math.exp %[[S]] : f32
// CHECK:         %[[NEG:.*]] = arith.cmpf olt, %[[E]], %[[Z:.*]] : f32
// CHECK:         %[[M:.*]] = arith.select %[[NEG]], %[[Z]], %[[E]] : f32
// CHECK:         %[[R:.*]] = call @flowgate_rt_box_f32(%[[M]], %{{.*}}) : (f32, i32) -> !llvm.ptr
// CHECK-NOT:     call @flowgate_rt_binary
// CHECK:         return %[[R]] : !llvm.ptr
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @float_ops(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
    %0 = "onnx.Add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %1 = "onnx.Exp"(%0) : (tensor<f32>) -> tensor<f32>
    %2 = "onnx.Relu"(%1) : (tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}

// -----

// Comparisons follow the signedness of the ONNX type; Not is an xor with true; Cast from bool
// zero-extends; Where is a select.

// CHECK-LABEL: func.func @int_ops(
// CHECK:         %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK:         %[[ULT:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[N:.*]] = arith.xori %[[LT]], %[[T]] : i1
// CHECK:         %[[A:.*]] = arith.andi %[[N]], %[[ULT]] : i1
// CHECK:         %[[C:.*]] = arith.extui %[[A]] : i1 to i64
// CHECK:         %[[W:.*]] = arith.select %[[A]], %[[C]], %{{.*}} : i64
// CHECK:         call @flowgate_rt_box_i64(%[[W]], %{{.*}}) : (i64, i32) -> !llvm.ptr
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @int_ops(%a: tensor<i64>, %b: tensor<i64>, %u: tensor<ui32>, %v: tensor<ui32>) -> tensor<i64> {
    %0 = "onnx.Less"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %1 = "onnx.Less"(%u, %v) : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    %2 = "onnx.Not"(%0) : (tensor<i1>) -> tensor<i1>
    %3 = "onnx.And"(%2, %1) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %4 = "onnx.Cast"(%3) {to = 7 : i64} : (tensor<i1>) -> tensor<i64>
    %5 = "onnx.Where"(%3, %4, %a) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    return %5 : tensor<i64>
  }
}

// -----

// Integer division by a constant other than zero cannot fail: it is a plain `divsi`
// (scalar-ops.mlir has the guarded form for other divisors).

// CHECK-LABEL: func.func @int_div(
// CHECK:         %[[S:.*]] = arith.addi
// CHECK:         %[[Q:.*]] = arith.divsi %[[S]], %{{.*}} : i64
// CHECK-NOT:     flowgate_rt_binary
// CHECK:         call @flowgate_rt_box_i64(%[[Q]],
module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @int_div(%a: tensor<i64>) -> tensor<i64> {
    %c = "onnx.Constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
    %0 = "onnx.Add"(%a, %c) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %1 = "onnx.Div"(%0, %c) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    return %1 : tensor<i64>
  }
}
