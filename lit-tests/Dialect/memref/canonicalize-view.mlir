// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// memref.view, memref.assume_alignment and memref.memory_space_cast folds.

// CHECK-LABEL: func @view_constant_sizes
//       CHECK:   %[[V:.*]] = memref.view %{{.*}}[%{{.*}}][%{{.*}}] : memref<2048xi8> to memref<7x?xf32>
//       CHECK:   memref.cast %[[V]] : memref<7x?xf32> to memref<?x?xf32>
func.func @view_constant_sizes(%buf: memref<2048xi8>, %n: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %0 = memref.view %buf[%c0][%c7, %n] : memref<2048xi8> to memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

// CHECK-LABEL: func @view_of_cast
//  CHECK-SAME: (%[[B:.*]]: memref<128xi8>)
//       CHECK:   memref.view %[[B]][%{{.*}}][] : memref<128xi8> to memref<i32>
func.func @view_of_cast(%buf: memref<128xi8>) -> memref<i32> {
  %c0 = arith.constant 0 : index
  %0 = memref.cast %buf : memref<128xi8> to memref<?xi8>
  %1 = memref.view %0[%c0][] : memref<?xi8> to memref<i32>
  return %1 : memref<i32>
}

// -----

// A view of all of its source with the same static type is the source; a shift or a dynamic
// size keeps it.
// CHECK-LABEL: func @view_same_type
//  CHECK-SAME: (%[[B:.*]]: memref<128xi8>, %[[D:.*]]: memref<?xi8>, %[[N:.*]]: index)
//       CHECK:   %[[S:.*]] = memref.view %[[B]][%{{.*}}][] : memref<128xi8> to memref<128xi8>
//       CHECK:   %[[E:.*]] = memref.view %[[D]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?xi8>
//       CHECK:   return %[[B]], %[[S]], %[[E]]
func.func @view_same_type(%buf: memref<128xi8>, %dyn: memref<?xi8>, %n: index) -> (memref<128xi8>, memref<128xi8>, memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = memref.view %buf[%c0][] : memref<128xi8> to memref<128xi8>
  %1 = memref.view %buf[%c1][] : memref<128xi8> to memref<128xi8>
  %2 = memref.view %dyn[%c0][%n] : memref<?xi8> to memref<?xi8>
  return %0, %1, %2 : memref<128xi8>, memref<128xi8>, memref<?xi8>
}

// -----

// CHECK-LABEL: func @assume_alignment_chain
//       CHECK:   %[[A:.*]] = memref.assume_alignment %{{.*}}, 16
//       CHECK:   %[[B:.*]] = memref.assume_alignment %[[A]], 32
//       CHECK:   return %[[A]], %[[B]]
func.func @assume_alignment_chain(%m: memref<128xf32>) -> (memref<128xf32>, memref<128xf32>) {
  %0 = memref.assume_alignment %m, 16 : memref<128xf32>
  %1 = memref.assume_alignment %0, 16 : memref<128xf32>
  %2 = memref.assume_alignment %1, 32 : memref<128xf32>
  return %1, %2 : memref<128xf32>, memref<128xf32>
}

// -----

// CHECK-LABEL: func @memory_space_casts
//  CHECK-SAME: (%[[M:.*]]: memref<?xf32>)
//  CHECK-NEXT:   %[[C:.*]] = memref.memory_space_cast %[[M]] : memref<?xf32> to memref<?xf32, 2>
//  CHECK-NEXT:   return %[[M]], %[[C]]
func.func @memory_space_casts(%m: memref<?xf32>) -> (memref<?xf32>, memref<?xf32, 2>) {
  %0 = memref.memory_space_cast %m : memref<?xf32> to memref<?xf32>
  %1 = memref.memory_space_cast %m : memref<?xf32> to memref<?xf32, 1>
  %2 = memref.memory_space_cast %1 : memref<?xf32, 1> to memref<?xf32, 2>
  return %0, %2 : memref<?xf32>, memref<?xf32, 2>
}
