// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -split-input-file -expand-strided-metadata -canonicalize | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -expand-strided-metadata | FileCheck %s --check-prefix=RAW

// Issue 24: view ops become extract_strided_metadata, index arithmetic and one
// reinterpret_cast, as upstream's expand-strided-metadata does (arith in place of
// affine.apply), so that no code generator computes a view's strides. Upstream's output of
// the same inputs, folded, gives the same offsets, sizes and strides. After canonicalize the
// cast reads the source itself (the base of its own metadata).

// RAW-LABEL: func.func @subview(
// RAW:         memref.extract_strided_metadata
// RAW-NOT:     memref.subview
// RAW:         memref.reinterpret_cast
// CHECK-LABEL: func.func @subview(
// CHECK-SAME:      %[[M:.*]]: memref<4x6xf32>, %[[I:.*]]: index)
// CHECK:         %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[O:.*]] = arith.addi %[[I]], %[[C6]] : index
// CHECK:         %[[R:.*]] = memref.reinterpret_cast %[[M]] to offset: [%[[O]]], sizes: [2, 3], strides: [6, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 2], offset: ?>>
// CHECK:         return %[[R]]
func.func @subview(%m: memref<4x6xf32>, %i: index) -> memref<2x3xf32, strided<[6, 2], offset: ?>> {
  %s = memref.subview %m[1, %i] [2, 3] [1, 2] : memref<4x6xf32> to memref<2x3xf32, strided<[6, 2], offset: ?>>
  return %s : memref<2x3xf32, strided<[6, 2], offset: ?>>
}

// -----

// A rank-reducing subview drops the unit dimension the result type does not have.
// CHECK-LABEL: func.func @rank_reducing(
// CHECK-SAME:      %[[M:.*]]: memref<4x6xf32>, %[[I:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C6:.*]] = arith.constant 6 : index
// CHECK:         %[[T:.*]] = arith.muli %[[I]], %[[C6]] : index
// CHECK:         %[[O:.*]] = arith.addi %[[T]], %[[C1]] : index
// CHECK:         memref.reinterpret_cast %[[M]] to offset: [%[[O]]], sizes: [%[[N]]], strides: [6] : memref<4x6xf32> to memref<?xf32, strided<[6], offset: ?>>
func.func @rank_reducing(%m: memref<4x6xf32>, %i: index, %n: index) -> memref<?xf32, strided<[6], offset: ?>> {
  %r = memref.subview %m[%i, 1] [%n, 1] [1, 1] : memref<4x6xf32> to memref<?xf32, strided<[6], offset: ?>>
  return %r : memref<?xf32, strided<[6], offset: ?>>
}

// -----

// Dynamic source strides: the new ones are products of the source's, computed at run time.
// CHECK-LABEL: func.func @dynamic_source(
// CHECK:         %[[B:.*]], %[[OFF:.*]], %[[S:.*]]:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %{{.*}}
// CHECK:         %[[X:.*]] = arith.muli %[[ST]]#0, %{{.*}} : index
// CHECK:         %[[Y:.*]] = arith.muli %[[ST]]#1, %{{.*}} : index
// CHECK:         memref.reinterpret_cast %arg0 to offset: [%{{.*}}], sizes: [2, 2], strides: [%[[X]], %[[Y]]]
func.func @dynamic_source(%m: memref<?x?xf32, strided<[?, ?], offset: ?>>) -> memref<2x2xf32, strided<[?, ?], offset: ?>> {
  %s = memref.subview %m[1, 1] [2, 2] [2, 3] : memref<?x?xf32, strided<[?, ?], offset: ?>> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  return %s : memref<2x2xf32, strided<[?, ?], offset: ?>>
}

// -----

// CHECK-LABEL: func.func @collapse(
// CHECK-SAME:      %[[M:.*]]: memref<4x6xf32>)
// CHECK:         memref.reinterpret_cast %[[M]] to offset: [0], sizes: [24], strides: [1] : memref<4x6xf32> to memref<24xf32>
func.func @collapse(%m: memref<4x6xf32>) -> memref<24xf32> {
  %c = memref.collapse_shape %m [[0, 1]] : memref<4x6xf32> into memref<24xf32>
  return %c : memref<24xf32>
}

// -----

// A dynamic collapsed size is the product of the group's sizes.
// CHECK-LABEL: func.func @collapse_dynamic(
// CHECK:         %[[B:.*]], %[[OFF:.*]], %[[S:.*]]:3, %[[ST:.*]]:3 = memref.extract_strided_metadata
// CHECK:         %[[P:.*]] = arith.muli %[[S]]#0, %{{.*}} : index
// CHECK:         memref.reinterpret_cast %arg0 to offset: [0], sizes: [%[[P]], 2], strides: [2, 1]
func.func @collapse_dynamic(%m: memref<?x4x2xi32>) -> memref<?x2xi32> {
  %c = memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x2xi32> into memref<?x2xi32>
  return %c : memref<?x2xi32>
}

// -----

// CHECK-LABEL: func.func @expand(
// CHECK-SAME:      %[[M:.*]]: memref<?x4xf32>, %[[N:.*]]: index)
// CHECK:         memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[N]], 2, 2, 4], strides: [16, 8, 4, 1] : memref<?x4xf32> to memref<?x2x2x4xf32>
func.func @expand(%m: memref<?x4xf32>, %n: index) -> memref<?x2x2x4xf32> {
  %e = memref.expand_shape %m [[0, 1, 2], [3]] output_shape [%n, 2, 2, 4] : memref<?x4xf32> into memref<?x2x2x4xf32>
  return %e : memref<?x2x2x4xf32>
}
