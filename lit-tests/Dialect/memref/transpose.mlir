// RUN: %onnx-opt %s -split-input-file | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=CANON

// memref.transpose prints its permutation with canonical dimension names; a transpose of a
// transpose composes, and an identity that keeps the type folds away.

// CHECK-LABEL: func.func @transpose_strided(
// CHECK:         memref.transpose %{{.*}} (d0, d1) -> (d1, d0) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
// CANON-LABEL: func.func @transpose_strided(
// CANON:         memref.transpose
func.func @transpose_strided(%m: memref<?x?xf32>) -> memref<?x?xf32, strided<[1, ?]>> {
  %0 = memref.transpose %m (i, j) -> (j, i) : memref<?x?xf32> to memref<?x?xf32, strided<[1, ?]>>
  return %0 : memref<?x?xf32, strided<[1, ?]>>
}

// -----

// CANON-LABEL: func.func @double_transpose(
// CANON-SAME:    %[[A:.*]]: memref<1x2x3x4x5xf32>
// CANON:         %[[T:.*]] = memref.transpose %[[A]] (d0, d1, d2, d3, d4) -> (d4, d2, d1, d3, d0)
// CANON-NOT:     memref.transpose
// CANON:         return %[[T]]
func.func @double_transpose(%arg0: memref<1x2x3x4x5xf32>) -> memref<5x3x2x4x1xf32, strided<[1, 20, 60, 5, 120]>> {
  %0 = memref.transpose %arg0 (d0, d1, d2, d3, d4) -> (d1, d0, d4, d3, d2) : memref<1x2x3x4x5xf32> to memref<2x1x5x4x3xf32, strided<[60, 120, 1, 5, 20]>>
  %1 = memref.transpose %0 (d1, d0, d4, d3, d2) -> (d4, d2, d1, d3, d0) : memref<2x1x5x4x3xf32, strided<[60, 120, 1, 5, 20]>> to memref<5x3x2x4x1xf32, strided<[1, 20, 60, 5, 120]>>
  return %1 : memref<5x3x2x4x1xf32, strided<[1, 20, 60, 5, 120]>>
}

// -----

// CANON-LABEL: func.func @transpose_back(
// CANON-SAME:    %[[A:.*]]: memref<2x3xf32>
// CANON-NEXT:    return %[[A]]
func.func @transpose_back(%a: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = memref.transpose %a (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %1 = memref.transpose %0 (i, j) -> (j, i) : memref<3x2xf32, strided<[1, 3]>> to memref<2x3xf32>
  return %1 : memref<2x3xf32>
}
