// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s
// RUN: %if mlir-upstream %{ %onnx-opt %s | %mlir-opt | FileCheck %s %}
// RUN: %if mlir-upstream %{ %mlir-opt %s | %onnx-opt | FileCheck %s %}

// Round trip of the tensor ops Flowgate uses, in upstream MLIR 22 syntax.

// CHECK-LABEL: func.func @empty(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT:    %[[E0:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT:    %[[E1:.*]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[E2:.*]] = tensor.empty(%[[N]], %[[M]]) : tensor<?x2x?xi64>
// CHECK-NEXT:    %[[E3:.*]] = tensor.empty() : tensor<f64>
// CHECK-NEXT:    %[[E4:.*]] = tensor.empty() : tensor<0xi1>
func.func @empty(%n: index, %m: index) {
  %e0 = tensor.empty() : tensor<4x8xf32>
  %e1 = tensor.empty(%n) : tensor<?x8xf32>
  %e2 = tensor.empty(%n, %m) : tensor<?x2x?xi64>
  %e3 = tensor.empty() : tensor<f64>
  %e4 = tensor.empty() : tensor<0xi1>
  return
}

// CHECK-LABEL: func.func @extract_insert(
// CHECK-SAME:      %[[T:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<i64>, %[[I:.*]]: index, %[[J:.*]]: index, %[[F:.*]]: f32)
// CHECK-NEXT:    %[[X:.*]] = tensor.extract %[[T]][%[[I]], %[[J]]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = tensor.extract %[[S]][] : tensor<i64>
// CHECK-NEXT:    %[[T2:.*]] = tensor.insert %[[F]] into %[[T]][%[[J]], %[[I]]] : tensor<4x8xf32>
// CHECK-NEXT:    %[[S2:.*]] = tensor.insert %[[Y]] into %[[S]][] : tensor<i64>
// CHECK-NEXT:    return %[[X]], %[[T2]], %[[S2]] : f32, tensor<4x8xf32>, tensor<i64>
func.func @extract_insert(%t: tensor<4x8xf32>, %s: tensor<i64>, %i: index, %j: index, %f: f32) -> (f32, tensor<4x8xf32>, tensor<i64>) {
  %x = tensor.extract %t[%i, %j] : tensor<4x8xf32>
  %y = tensor.extract %s[] : tensor<i64>
  %t2 = tensor.insert %f into %t[%j, %i] : tensor<4x8xf32>
  %s2 = tensor.insert %y into %s[] : tensor<i64>
  return %x, %t2, %s2 : f32, tensor<4x8xf32>, tensor<i64>
}

// CHECK-LABEL: func.func @extract_slice(
// CHECK-SAME:      %[[T:.*]]: tensor<4x8xf32>, %[[D:.*]]: tensor<?x8xf32>, %[[N:.*]]: index, %[[I:.*]]: index)
// CHECK-NEXT:    %[[S1:.*]] = tensor.extract_slice %[[T]][0, 2] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>
// CHECK-NEXT:    %[[S2:.*]] = tensor.extract_slice %[[D]][%[[I]], 0] [%[[N]], 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
// CHECK-NEXT:    %[[S3:.*]] = tensor.extract_slice %[[T]][0, %[[I]]] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
// CHECK-NEXT:    %[[S4:.*]] = tensor.extract_slice %[[T]][0, 0] [2, 4] [2, 2] : tensor<4x8xf32> to tensor<2x4xf32>
func.func @extract_slice(%t: tensor<4x8xf32>, %d: tensor<?x8xf32>, %n: index, %i: index) {
  %s1 = tensor.extract_slice %t[0, 2] [2, 4] [1, 1] : tensor<4x8xf32> to tensor<2x4xf32>
  %s2 = tensor.extract_slice %d[%i, 0] [%n, 8] [1, 1] : tensor<?x8xf32> to tensor<?x8xf32>
  %s3 = tensor.extract_slice %t[0, %i] [4, 1] [1, 1] : tensor<4x8xf32> to tensor<4xf32>
  %s4 = tensor.extract_slice %t[0, 0] [2, 4] [2, 2] : tensor<4x8xf32> to tensor<2x4xf32>
  return
}

// CHECK-LABEL: func.func @insert_slice(
// CHECK-SAME:      %[[T:.*]]: tensor<4x8xf32>, %[[P:.*]]: tensor<2x4xf32>, %[[R:.*]]: tensor<4xf32>, %[[D:.*]]: tensor<?x8xf32>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[A:.*]] = tensor.insert_slice %[[P]] into %[[T]][1, 2] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x8xf32>
// CHECK-NEXT:    %[[B:.*]] = tensor.insert_slice %[[R]] into %[[A]][0, %[[I]]] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x8xf32>
// CHECK-NEXT:    %[[C:.*]] = tensor.insert_slice %[[P]] into %[[D]][%[[I]], 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x8xf32>
// CHECK-NEXT:    return %[[B]], %[[C]] : tensor<4x8xf32>, tensor<?x8xf32>
func.func @insert_slice(%t: tensor<4x8xf32>, %p: tensor<2x4xf32>, %r: tensor<4xf32>, %d: tensor<?x8xf32>, %i: index) -> (tensor<4x8xf32>, tensor<?x8xf32>) {
  %a = tensor.insert_slice %p into %t[1, 2] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<4x8xf32>
  %b = tensor.insert_slice %r into %a[0, %i] [4, 1] [1, 1] : tensor<4xf32> into tensor<4x8xf32>
  %c = tensor.insert_slice %p into %d[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x8xf32>
  return %b, %c : tensor<4x8xf32>, tensor<?x8xf32>
}

// CHECK-LABEL: func.func @dim(
// CHECK-SAME:      %[[D:.*]]: tensor<?x8xf32>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = tensor.dim %[[D]], %[[C0]] : tensor<?x8xf32>
// CHECK-NEXT:    %[[DI:.*]] = tensor.dim %[[D]], %[[I]] : tensor<?x8xf32>
// CHECK-NEXT:    return %[[D0]], %[[DI]] : index, index
func.func @dim(%d: tensor<?x8xf32>, %i: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %d, %c0 : tensor<?x8xf32>
  %di = tensor.dim %d, %i : tensor<?x8xf32>
  return %d0, %di : index, index
}

// Elements are listed in row-major order.
// CHECK-LABEL: func.func @from_elements(
// CHECK-SAME:      %[[F:.*]]: f32, %[[G:.*]]: f32, %[[K:.*]]: i64)
// CHECK-NEXT:    %[[V:.*]] = tensor.from_elements %[[F]], %[[G]], %[[F]] : tensor<3xf32>
// CHECK-NEXT:    %[[S:.*]] = tensor.from_elements %[[K]] : tensor<i64>
// CHECK-NEXT:    %[[M:.*]] = tensor.from_elements %[[F]], %[[G]], %[[G]], %[[F]] : tensor<2x2xf32>
func.func @from_elements(%f: f32, %g: f32, %k: i64) {
  %v = tensor.from_elements %f, %g, %f : tensor<3xf32>
  %s = tensor.from_elements %k : tensor<i64>
  %m = tensor.from_elements %f, %g, %g, %f : tensor<2x2xf32>
  return
}

// CHECK-LABEL: func.func @cast(
// CHECK-SAME:      %[[T:.*]]: tensor<4x8xf32>, %[[D:.*]]: tensor<?x8xf32>)
// CHECK-NEXT:    %[[C1:.*]] = tensor.cast %[[D]] : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK-NEXT:    %[[C2:.*]] = tensor.cast %[[T]] : tensor<4x8xf32> to tensor<?x?xf32>
// CHECK-NEXT:    %[[C3:.*]] = tensor.cast %[[T]] : tensor<4x8xf32> to tensor<*xf32>
// CHECK-NEXT:    %[[C4:.*]] = tensor.cast %[[C3]] : tensor<*xf32> to tensor<?x8xf32>
func.func @cast(%t: tensor<4x8xf32>, %d: tensor<?x8xf32>) {
  %c1 = tensor.cast %d : tensor<?x8xf32> to tensor<4x8xf32>
  %c2 = tensor.cast %t : tensor<4x8xf32> to tensor<?x?xf32>
  %c3 = tensor.cast %t : tensor<4x8xf32> to tensor<*xf32>
  %c4 = tensor.cast %c3 : tensor<*xf32> to tensor<?x8xf32>
  return
}

// One block argument per dimension; only the dynamic sizes are operands.
// CHECK-LABEL: func.func @generate(
// CHECK-SAME:      %[[N:.*]]: index, %[[F:.*]]: f32)
// CHECK-NEXT:    %[[G:.*]] = tensor.generate %[[N]] {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK-NEXT:      tensor.yield %[[V]] : i64
// CHECK-NEXT:    } : tensor<?x3xi64>
// CHECK-NEXT:    %[[H:.*]] = tensor.generate {
// CHECK-NEXT:    ^bb0(%[[C:.*]]: index):
// CHECK-NEXT:      tensor.yield %[[F]] : f32
// CHECK-NEXT:    } : tensor<4xf32>
// CHECK-NEXT:    return %[[G]], %[[H]] : tensor<?x3xi64>, tensor<4xf32>
func.func @generate(%n: index, %f: f32) -> (tensor<?x3xi64>, tensor<4xf32>) {
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %v = arith.index_cast %a : index to i64
    tensor.yield %v : i64
  } : tensor<?x3xi64>
  %h = tensor.generate {
  ^bb0(%c: index):
    tensor.yield %f : f32
  } : tensor<4xf32>
  return %g, %h : tensor<?x3xi64>, tensor<4xf32>
}

// Tensors flow through scf iter_args and results, as the ONNX import produces.
// CHECK-LABEL: func.func @tensor_iter_args(
// CHECK-SAME:      %[[T:.*]]: tensor<4xf32>, %[[N:.*]]: index, %[[F:.*]]: f32)
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[T]]) -> (tensor<4xf32>) {
// CHECK-NEXT:      %[[K:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK-NEXT:      %[[U:.*]] = tensor.insert %[[F]] into %[[ACC]][%[[K]]] : tensor<4xf32>
// CHECK-NEXT:      scf.yield %[[U]] : tensor<4xf32>
// CHECK-NEXT:    }
func.func @tensor_iter_args(%t: tensor<4xf32>, %n: index, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (tensor<4xf32>) {
    %k = arith.remui %i, %c4 : index
    %u = tensor.insert %f into %acc[%k] : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
