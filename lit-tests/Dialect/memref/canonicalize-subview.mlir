// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// memref.subview folds: constant operands become static ones (cast back to the old type),
// a cast that only loses information moves past the subview, a subview of all of its source
// is its source, and a subview of a subview that changes nothing is the inner one.

// CHECK-LABEL: func @constant_operands
//  CHECK-SAME: (%[[M:.*]]: memref<?x?xf32>, %[[I:.*]]: index)
//       CHECK:   %[[S:.*]] = memref.subview %[[M]][0, %[[I]]] [4, 2] [1, 1] : memref<?x?xf32> to memref<4x2xf32, strided<[?, 1], offset: ?>>
//       CHECK:   %[[C:.*]] = memref.cast %[[S]] : memref<4x2xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
//       CHECK:   return %[[C]]
func.func @constant_operands(%m: memref<?x?xf32>, %i: index) -> memref<?x?xf32, strided<[?, ?], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %0 = memref.subview %m[%c0, %i] [%c4, %c2] [%c1, %c1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x?xf32, strided<[?, ?], offset: ?>>
}

// -----

// A zero stride, a negative size and a slice out of bounds stay dynamic.
// CHECK-LABEL: func @no_fold_invalid_constants
//       CHECK:   memref.subview %{{.*}}[1] [1] [%{{.*}}] : memref<10xf32> to memref<1xf32, strided<[?], offset: 1>>
//       CHECK:   memref.subview %{{.*}}[0] [%{{.*}}] [1] : memref<10xf32> to memref<?xf32, strided<[1]>>
//       CHECK:   memref.subview %{{.*}}[2] [%{{.*}}] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: 2>>
func.func @no_fold_invalid_constants(%m: memref<10xf32>) -> (memref<1xf32, strided<[?], offset: 1>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1], offset: 2>>) {
  %c0 = arith.constant 0 : index
  %cm3 = arith.constant -3 : index
  %c11 = arith.constant 11 : index
  %0 = memref.subview %m[1] [1] [%c0] : memref<10xf32> to memref<1xf32, strided<[?], offset: 1>>
  %1 = memref.subview %m[0] [%cm3] [1] : memref<10xf32> to memref<?xf32, strided<[1]>>
  %2 = memref.subview %m[2] [%c11] [1] : memref<10xf32> to memref<?xf32, strided<[1], offset: 2>>
  return %0, %1, %2 : memref<1xf32, strided<[?], offset: 1>>, memref<?xf32, strided<[1]>>, memref<?xf32, strided<[1], offset: 2>>
}

// -----

// Rank reduction keeps the dimensions the op dropped, told apart by their strides.
// CHECK-LABEL: func @rank_reducing
//       CHECK:   %[[S:.*]] = memref.subview %{{.*}}[0, %{{.*}}, %{{.*}}] [1, 1, %{{.*}}] [1, 1, 1] : memref<1x384x384xf32> to memref<1x?xf32, strided<[384, 1], offset: ?>>
//       CHECK:   memref.cast %[[S]] : memref<1x?xf32, strided<[384, 1], offset: ?>> to memref<?x?xf32, strided<[384, 1], offset: ?>>
func.func @rank_reducing(%m: memref<1x384x384xf32>, %i: index) -> memref<?x?xf32, strided<[384, 1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %0 = memref.subview %m[0, %i, %i] [1, %c1, %i] [1, 1, 1] : memref<1x384x384xf32> to memref<?x?xf32, strided<[384, 1], offset: ?>>
  return %0 : memref<?x?xf32, strided<[384, 1], offset: ?>>
}

// -----

// CHECK-LABEL: func @cast_source
//  CHECK-SAME: (%[[M:.*]]: memref<16x16xf32>)
//       CHECK:   %[[S:.*]] = memref.subview %[[M]][0, 0] [3, 4] [1, 1] : memref<16x16xf32> to memref<3x4xf32, strided<[16, 1]>>
//       CHECK:   %[[C:.*]] = memref.cast %[[S]] : memref<3x4xf32, strided<[16, 1]>> to memref<3x4xf32, strided<[?, 1]>>
//       CHECK:   return %[[C]]
func.func @cast_source(%m: memref<16x16xf32>) -> memref<3x4xf32, strided<[?, 1]>> {
  %0 = memref.cast %m : memref<16x16xf32> to memref<?x?xf32>
  %1 = memref.subview %0[0, 0] [3, 4] [1, 1] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 1]>>
  return %1 : memref<3x4xf32, strided<[?, 1]>>
}

// -----

// A cast towards a more static type stays before the subview.
// CHECK-LABEL: func @no_fold_cast_more_static
//       CHECK:   %[[C:.*]] = memref.cast
//       CHECK:   memref.subview %[[C]]
func.func @no_fold_cast_more_static(%m: memref<?x?xf32>) -> memref<3x4xf32, strided<[16, 1]>> {
  %0 = memref.cast %m : memref<?x?xf32> to memref<16x16xf32>
  %1 = memref.subview %0[0, 0] [3, 4] [1, 1] : memref<16x16xf32> to memref<3x4xf32, strided<[16, 1]>>
  return %1 : memref<3x4xf32, strided<[16, 1]>>
}

// -----

// CHECK-LABEL: func @whole_source
//  CHECK-SAME: (%[[M:.*]]: memref<4x6xf32>)
//  CHECK-NEXT:   %[[C:.*]] = memref.cast %[[M]] : memref<4x6xf32> to memref<4x6xf32, strided<[6, 1]>>
//  CHECK-NEXT:   return %[[M]], %[[C]]
func.func @whole_source(%m: memref<4x6xf32>) -> (memref<4x6xf32>, memref<4x6xf32, strided<[6, 1]>>) {
  %0 = memref.subview %m[0, 0] [4, 6] [1, 1] : memref<4x6xf32> to memref<4x6xf32>
  %1 = memref.subview %m[0, 0] [4, 6] [1, 1] : memref<4x6xf32> to memref<4x6xf32, strided<[6, 1]>>
  return %0, %1 : memref<4x6xf32>, memref<4x6xf32, strided<[6, 1]>>
}

// -----

// An offset, a stride or a dynamic size keeps the subview.
// CHECK-LABEL: func @no_fold_part
//   CHECK-COUNT-3: memref.subview
func.func @no_fold_part(%m: memref<4x6xf32>, %n: memref<?xf32>, %d: index) -> (memref<4x5xf32, strided<[6, 1], offset: 1>>, memref<4x3xf32, strided<[6, 2]>>, memref<?xf32, strided<[1]>>) {
  %0 = memref.subview %m[0, 1] [4, 5] [1, 1] : memref<4x6xf32> to memref<4x5xf32, strided<[6, 1], offset: 1>>
  %1 = memref.subview %m[0, 0] [4, 3] [1, 2] : memref<4x6xf32> to memref<4x3xf32, strided<[6, 2]>>
  %2 = memref.subview %n[0] [%d] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
  return %0, %1, %2 : memref<4x5xf32, strided<[6, 1], offset: 1>>, memref<4x3xf32, strided<[6, 2]>>, memref<?xf32, strided<[1]>>
}

// -----

// CHECK-LABEL: func @subview_of_noop_subview
//       CHECK:   %[[S:.*]] = memref.subview %{{.*}}[5] [%{{.*}}] [1]
//  CHECK-NEXT:   return %[[S]]
func.func @subview_of_noop_subview(%m: memref<?xf32, strided<[?], offset: ?>>, %sz: index) -> memref<?xf32, strided<[?], offset: ?>> {
  %0 = memref.subview %m[5] [%sz] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  %1 = memref.subview %0[0] [%sz] [1] : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  return %1 : memref<?xf32, strided<[?], offset: ?>>
}

// -----

// casts of casts read the first source; a cast to its own type is its source.
// CHECK-LABEL: func @cast_chain
//  CHECK-SAME: (%[[M:.*]]: memref<4xf32>)
//  CHECK-NEXT:   %[[C:.*]] = memref.cast %[[M]] : memref<4xf32> to memref<?xf32>
//  CHECK-NEXT:   return %[[C]], %[[M]]
func.func @cast_chain(%m: memref<4xf32>) -> (memref<?xf32>, memref<4xf32>) {
  %0 = memref.cast %m : memref<4xf32> to memref<*xf32>
  %1 = memref.cast %0 : memref<*xf32> to memref<?xf32>
  %2 = memref.cast %m : memref<4xf32> to memref<4xf32>
  return %1, %2 : memref<?xf32>, memref<4xf32>
}
