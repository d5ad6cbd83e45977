// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// memref.reinterpret_cast reads through the views that keep its source's base pointer; a
// reinterpret_cast rebuilding what extract_strided_metadata took apart is a cast of the
// original; constant or type-known operands become static ones; extract_strided_metadata
// gives constants for what the source type knows.

// CHECK-LABEL: func @through_views
//  CHECK-SAME: (%[[M:.*]]: memref<?xi8>, %[[A:.*]]: index, %[[B:.*]]: index)
//  CHECK-NEXT:   %[[R0:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[B]]], strides: [1]
//  CHECK-NEXT:   %[[R1:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[B]]], strides: [1]
//  CHECK-NEXT:   %[[R2:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[B]]], strides: [1]
//  CHECK-NEXT:   return %[[R0]], %[[R1]], %[[R2]]
func.func @through_views(%m: memref<?xi8>, %a: index, %b: index) -> (memref<?xi8>, memref<?xi8>, memref<?xi8>) {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [%a], strides: [1] : memref<?xi8> to memref<?xi8>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [%b], strides: [1] : memref<?xi8> to memref<?xi8>
  %2 = memref.cast %m : memref<?xi8> to memref<5xi8>
  %3 = memref.reinterpret_cast %2 to offset: [0], sizes: [%b], strides: [1] : memref<5xi8> to memref<?xi8>
  %4 = memref.subview %m[0] [%a] [1] : memref<?xi8> to memref<?xi8>
  %5 = memref.reinterpret_cast %4 to offset: [0], sizes: [%b], strides: [1] : memref<?xi8> to memref<?xi8>
  return %1, %3, %5 : memref<?xi8>, memref<?xi8>, memref<?xi8>
}

// -----

// A subview with an offset moves the base the reinterpret_cast would see: no fold.
// CHECK-LABEL: func @no_fold_offset_subview
//       CHECK:   %[[S:.*]] = memref.subview
//       CHECK:   memref.reinterpret_cast %[[S]]
func.func @no_fold_offset_subview(%m: memref<?xi8>, %a: index) -> memref<?xi8> {
  %0 = memref.subview %m[1] [%a] [1] : memref<?xi8> to memref<?xi8, strided<[1], offset: 1>>
  %1 = memref.reinterpret_cast %0 to offset: [0], sizes: [%a], strides: [1] : memref<?xi8, strided<[1], offset: 1>> to memref<?xi8>
  return %1 : memref<?xi8>
}

// -----

// CHECK-LABEL: func @noop
//  CHECK-SAME: (%[[M:.*]]: memref<2x3xf32>)
//  CHECK-NEXT:   return %[[M]]
func.func @noop(%m: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [2, 3], strides: [3, 1] : memref<2x3xf32> to memref<2x3xf32>
  return %0 : memref<2x3xf32>
}

// -----

// CHECK-LABEL: func @constants
//       CHECK:   %[[R:.*]] = memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [10, 10], strides: [10, 1] : memref<f32> to memref<10x10xf32, strided<[10, 1]>>
//       CHECK:   %[[C:.*]] = memref.cast %[[R]] : memref<10x10xf32, strided<[10, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//       CHECK:   return %[[C]]
func.func @constants(%m: memref<f32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %0 = memref.reinterpret_cast %m to offset: [%c0], sizes: [%c10, %c10], strides: [%c10, %c1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// CHECK-LABEL: func @of_metadata
//  CHECK-SAME: (%[[M:.*]]: memref<8x2xf32>)
//  CHECK-NEXT:   %[[C:.*]] = memref.cast %[[M]] : memref<8x2xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//  CHECK-NEXT:   return %[[C]]
func.func @of_metadata(%m: memref<8x2xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#0, %sizes#1], strides: [%strides#0, %strides#1] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// Other strides: the reinterpret_cast stays, reading the original's base.
// CHECK-LABEL: func @of_metadata_other_strides
//  CHECK-SAME: (%[[M:.*]]: memref<8x2xf32>)
//       CHECK:   memref.reinterpret_cast %[[M]] to offset: [0], sizes: [2, 8], strides: [1, 2]
func.func @of_metadata_other_strides(%m: memref<8x2xf32>) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x2xf32> -> memref<f32>, index, index, index, index, index
  %0 = memref.reinterpret_cast %base to offset: [%offset], sizes: [%sizes#1, %sizes#0], strides: [1, %strides#0] : memref<f32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// CHECK-LABEL: func @metadata_constants
//  CHECK-SAME: (%[[M:.*]]: memref<3x?xi32, strided<[4, ?], offset: ?>>)
//   CHECK-DAG:   %[[C3:.*]] = arith.constant 3 : index
//   CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
//       CHECK:   %[[BASE:.*]], %[[OFF:.*]], %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[M]]
//       CHECK:   return %[[BASE]], %[[OFF]], %[[C3]], %[[SIZES]]#1, %[[C4]], %[[STRIDES]]#1
func.func @metadata_constants(%m: memref<3x?xi32, strided<[4, ?], offset: ?>>) -> (memref<i32>, index, index, index, index, index) {
  %cast = memref.cast %m : memref<3x?xi32, strided<[4, ?], offset: ?>> to memref<?x?xi32, strided<[?, ?], offset: ?>>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %cast : memref<?x?xi32, strided<[?, ?], offset: ?>> -> memref<i32>, index, index, index, index, index
  return %base, %offset, %sizes#0, %sizes#1, %strides#0, %strides#1 : memref<i32>, index, index, index, index, index
}

// -----

// An unranked source cannot feed extract_strided_metadata: the cast stays.
// CHECK-LABEL: func @metadata_of_unranked_cast
//       CHECK:   %[[C:.*]] = memref.cast
//       CHECK:   memref.extract_strided_metadata %[[C]]
func.func @metadata_of_unranked_cast(%m: memref<*xi32>) -> (memref<i32>, index, index, index) {
  %cast = memref.cast %m : memref<*xi32> to memref<?xi32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %cast : memref<?xi32> -> memref<i32>, index, index, index
  return %base, %offset, %size, %stride : memref<i32>, index, index, index
}
