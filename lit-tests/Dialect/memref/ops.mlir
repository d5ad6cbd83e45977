// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s
// RUN: %if mlir-upstream %{ %onnx-opt %s | %mlir-opt | FileCheck %s %}
// RUN: %if mlir-upstream %{ %mlir-opt %s | %onnx-opt | FileCheck %s %}

// Round trip of the memref ops Flowgate uses, in upstream MLIR 22 syntax.

// CHECK-DAG: memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
// CHECK-DAG: memref.global @buffer : memref<2x3xf32> = uninitialized
// CHECK-DAG: memref.global "private" @zero : memref<f64> = dense<0.000000e+00>
// CHECK-DAG: memref.global "private" constant @aligned : memref<2xi64> = dense<7> {alignment = 64 : i64}
memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>
memref.global @buffer : memref<2x3xf32> = uninitialized
memref.global "private" @zero : memref<f64> = dense<0.0>
memref.global "private" constant @aligned : memref<2xi64> = dense<7> {alignment = 64}

// CHECK-LABEL: func.func @get_global(
// CHECK-SAME:      %[[I:.*]]: index)
// CHECK-NEXT:    %[[T:.*]] = memref.get_global @table : memref<4xi32>
// CHECK-NEXT:    %[[B:.*]] = memref.get_global @buffer : memref<2x3xf32>
// CHECK-NEXT:    %[[Z:.*]] = memref.get_global @zero : memref<f64>
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[T]][%[[I]]] : memref<4xi32>
// CHECK-NEXT:    return %[[X]] : i32
func.func @get_global(%i: index) -> i32 {
  %t = memref.get_global @table : memref<4xi32>
  %b = memref.get_global @buffer : memref<2x3xf32>
  %z = memref.get_global @zero : memref<f64>
  %x = memref.load %t[%i] : memref<4xi32>
  return %x : i32
}

// CHECK-LABEL: func.func @alloc_dealloc(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-NEXT:    %[[A:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc(%[[N]]) : memref<?x8xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc(%[[N]], %[[M]]) : memref<?x?xi64>
// CHECK-NEXT:    %[[D:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<4x?xf64>
// CHECK-NEXT:    %[[E:.*]] = memref.alloc() : memref<i1>
// CHECK-NEXT:    memref.dealloc %[[A]] : memref<4x8xf32>
// CHECK-NEXT:    memref.dealloc %[[B]] : memref<?x8xf32>
// CHECK-NEXT:    memref.dealloc %[[C]] : memref<?x?xi64>
// CHECK-NEXT:    memref.dealloc %[[D]] : memref<4x?xf64>
// CHECK-NEXT:    memref.dealloc %[[E]] : memref<i1>
func.func @alloc_dealloc(%n: index, %m: index) {
  %a = memref.alloc() : memref<4x8xf32>
  %b = memref.alloc(%n) : memref<?x8xf32>
  %c = memref.alloc(%n, %m) : memref<?x?xi64>
  %d = memref.alloc(%n) {alignment = 64} : memref<4x?xf64>
  %e = memref.alloc() : memref<i1>
  memref.dealloc %a : memref<4x8xf32>
  memref.dealloc %b : memref<?x8xf32>
  memref.dealloc %c : memref<?x?xi64>
  memref.dealloc %d : memref<4x?xf64>
  memref.dealloc %e : memref<i1>
  return
}

// CHECK-LABEL: func.func @alloca(
// CHECK-SAME:      %[[N:.*]]: index)
// CHECK-NEXT:    %[[A:.*]] = memref.alloca() : memref<16xi64>
// CHECK-NEXT:    %[[B:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloca() {alignment = 16 : i64} : memref<2x2xindex>
func.func @alloca(%n: index) {
  %a = memref.alloca() : memref<16xi64>
  %b = memref.alloca(%n) : memref<?xf32>
  %c = memref.alloca() {alignment = 16} : memref<2x2xindex>
  return
}

// CHECK-LABEL: func.func @load_store(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?x8xf32>, %[[S:.*]]: memref<i32>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT:    %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT:    memref.store %[[X]], %[[B]][%[[J]], %[[I]]] : memref<?x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = memref.load %[[S]][] : memref<i32>
// CHECK-NEXT:    memref.store %[[Y]], %[[S]][] : memref<i32>
// CHECK-NEXT:    %[[Z:.*]] = memref.load %[[B]][%[[I]], %[[J]]] {nontemporal = true} : memref<?x8xf32>
// CHECK-NEXT:    return %[[Z]] : f32
func.func @load_store(%a: memref<4x8xf32>, %b: memref<?x8xf32>, %s: memref<i32>, %i: index, %j: index) -> f32 {
  %x = memref.load %a[%i, %j] : memref<4x8xf32>
  memref.store %x, %b[%j, %i] : memref<?x8xf32>
  %y = memref.load %s[] : memref<i32>
  memref.store %y, %s[] : memref<i32>
  %z = memref.load %b[%i, %j] {nontemporal = true} : memref<?x8xf32>
  return %z : f32
}

// CHECK-LABEL: func.func @dim(
// CHECK-SAME:      %[[B:.*]]: memref<?x8xf32>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = memref.dim %[[B]], %[[C0]] : memref<?x8xf32>
// CHECK-NEXT:    %[[DI:.*]] = memref.dim %[[B]], %[[I]] : memref<?x8xf32>
// CHECK-NEXT:    return %[[D0]], %[[DI]] : index, index
func.func @dim(%b: memref<?x8xf32>, %i: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %d0 = memref.dim %b, %c0 : memref<?x8xf32>
  %di = memref.dim %b, %i : memref<?x8xf32>
  return %d0, %di : index, index
}

// CHECK-LABEL: func.func @copy(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?x8xf32>, %[[C:.*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT:    memref.copy %[[A]], %[[B]] : memref<4x8xf32> to memref<?x8xf32>
// CHECK-NEXT:    memref.copy %[[B]], %[[C]] : memref<?x8xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @copy(%a: memref<4x8xf32>, %b: memref<?x8xf32>, %c: memref<?x?xf32, strided<[?, 1], offset: ?>>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<?x8xf32>
  memref.copy %b, %c : memref<?x8xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  return
}

// CHECK-LABEL: func.func @cast(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?x8xf32>)
// CHECK-NEXT:    %[[C1:.*]] = memref.cast %[[B]] : memref<?x8xf32> to memref<4x8xf32>
// CHECK-NEXT:    %[[C2:.*]] = memref.cast %[[A]] : memref<4x8xf32> to memref<?x?xf32>
// CHECK-NEXT:    %[[C3:.*]] = memref.cast %[[A]] : memref<4x8xf32> to memref<*xf32>
// CHECK-NEXT:    %[[C4:.*]] = memref.cast %[[C3]] : memref<*xf32> to memref<4x8xf32>
// CHECK-NEXT:    %[[C5:.*]] = memref.cast %[[A]] : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
func.func @cast(%a: memref<4x8xf32>, %b: memref<?x8xf32>) {
  %c1 = memref.cast %b : memref<?x8xf32> to memref<4x8xf32>
  %c2 = memref.cast %a : memref<4x8xf32> to memref<?x?xf32>
  %c3 = memref.cast %a : memref<4x8xf32> to memref<*xf32>
  %c4 = memref.cast %c3 : memref<*xf32> to memref<4x8xf32>
  %c5 = memref.cast %a : memref<4x8xf32> to memref<4x8xf32, strided<[?, ?], offset: ?>>
  return
}

// CHECK-LABEL: func.func @subview(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?x8xf32>, %[[N:.*]]: index, %[[I:.*]]: index)
// CHECK-NEXT:    %[[S1:.*]] = memref.subview %[[A]][1, 2] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 10>>
// CHECK-NEXT:    %[[S2:.*]] = memref.subview %[[B]][%[[I]], 0] [%[[N]], 8] [1, 1] : memref<?x8xf32> to memref<?x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:    %[[S3:.*]] = memref.subview %[[A]][0, %[[I]]] [4, 1] [1, 1] : memref<4x8xf32> to memref<4xf32, strided<[8], offset: ?>>
// CHECK-NEXT:    %[[S4:.*]] = memref.subview %[[A]][0, 0] [2, 4] [2, 2] : memref<4x8xf32> to memref<2x4xf32, strided<[16, 2]>>
func.func @subview(%a: memref<4x8xf32>, %b: memref<?x8xf32>, %n: index, %i: index) {
  %s1 = memref.subview %a[1, 2] [2, 4] [1, 1] : memref<4x8xf32> to memref<2x4xf32, strided<[8, 1], offset: 10>>
  %s2 = memref.subview %b[%i, 0] [%n, 8] [1, 1] : memref<?x8xf32> to memref<?x8xf32, strided<[8, 1], offset: ?>>
  %s3 = memref.subview %a[0, %i] [4, 1] [1, 1] : memref<4x8xf32> to memref<4xf32, strided<[8], offset: ?>>
  %s4 = memref.subview %a[0, 0] [2, 4] [2, 2] : memref<4x8xf32> to memref<2x4xf32, strided<[16, 2]>>
  return
}

// CHECK-LABEL: func.func @reinterpret_cast(
// CHECK-SAME:      %[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<?x8xf32>, %[[N:.*]]: index, %[[OFF:.*]]: index)
// CHECK-NEXT:    %[[R1:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
// CHECK-NEXT:    %[[R2:.*]] = memref.reinterpret_cast %[[B]] to offset: [%[[OFF]]], sizes: [%[[N]], 4], strides: [4, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
// CHECK-NEXT:    %[[R3:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [], strides: [] : memref<4x8xf32> to memref<f32>
func.func @reinterpret_cast(%a: memref<4x8xf32>, %b: memref<?x8xf32>, %n: index, %off: index) {
  %r1 = memref.reinterpret_cast %a to offset: [0], sizes: [32], strides: [1] : memref<4x8xf32> to memref<32xf32>
  %r2 = memref.reinterpret_cast %b to offset: [%off], sizes: [%n, 4], strides: [4, 1] : memref<?x8xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %r3 = memref.reinterpret_cast %a to offset: [0], sizes: [], strides: [] : memref<4x8xf32> to memref<f32>
  return
}
