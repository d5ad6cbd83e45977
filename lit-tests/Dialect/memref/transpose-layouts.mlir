// RUN: %onnx-opt %s -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: %onnx-opt %s -split-input-file -mlir-print-op-generic | %onnx-opt -split-input-file | FileCheck %s --check-prefix=ROUND
// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// memref.transpose prints its permutation with canonical dimension names; its result is the
// source's sizes and strides permuted, in any spelling of that layout. Two transposes fold into
// one; an identity transpose to the same type is its source.

// ROUND-LABEL: func @round_trip
//       ROUND:   memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
//       ROUND:   memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<3x4xf32> to memref<4x3xf32, strided<[1, 4]>>
//       ROUND:   memref.memory_space_cast %{{.*}} : memref<?xf32> to memref<?xf32, 1>
func.func @round_trip(%a: memref<?x?xf32>, %b: memref<3x4xf32>, %c: memref<?xf32>) {
  %0 = memref.transpose %a (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  %1 = memref.transpose %b (i, j) -> (j, i) : memref<3x4xf32> to memref<4x3xf32, strided<[1, 4]>>
  %2 = memref.memory_space_cast %c : memref<?xf32> to memref<?xf32, 1>
  return
}

// -----

// CANON-LABEL: func @double
//  CANON-SAME: (%[[M:.*]]: memref<1x2x3xf32>)
//  CANON-NEXT:   %[[T:.*]] = memref.transpose %[[M]] (d0, d1, d2) -> (d2, d0, d1) : memref<1x2x3xf32> to memref<3x1x2xf32, strided<[1, 6, 3]>>
//  CANON-NEXT:   return %[[T]]
func.func @double(%m: memref<1x2x3xf32>) -> memref<3x1x2xf32, strided<[1, 6, 3]>> {
  %0 = memref.transpose %m (d0, d1, d2) -> (d1, d0, d2) : memref<1x2x3xf32> to memref<2x1x3xf32, strided<[3, 6, 1]>>
  %1 = memref.transpose %0 (d0, d1, d2) -> (d2, d1, d0) : memref<2x1x3xf32, strided<[3, 6, 1]>> to memref<3x1x2xf32, strided<[1, 6, 3]>>
  return %1 : memref<3x1x2xf32, strided<[1, 6, 3]>>
}

// -----

// CANON-LABEL: func @back_to_identity
//  CANON-SAME: (%[[M:.*]]: memref<2x3xf32>)
//  CANON-NEXT:   return %[[M]]
func.func @back_to_identity(%m: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %1 = memref.transpose %0 (d0, d1) -> (d1, d0) : memref<3x2xf32, strided<[1, 3]>> to memref<2x3xf32>
  return %1 : memref<2x3xf32>
}

// -----

// A single non-identity transpose stays.
// CANON-LABEL: func @single
//       CANON:   memref.transpose
func.func @single(%m: memref<2x3xf32>) -> memref<3x2xf32, strided<[1, 3]>> {
  %0 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  return %0 : memref<3x2xf32, strided<[1, 3]>>
}
