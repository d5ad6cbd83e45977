// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// Identity reshapes fold; an expand of an expand and a collapse of a collapse compose; a
// collapse of an expand back to the same type folds.

// CHECK-LABEL: func.func @compose(
// CHECK-SAME:    %[[A:.*]]: memref<5xi8>, %[[B:.*]]: memref<?x?x?x?xf32>, %[[C:.*]]: memref<12x4xf32>, %[[D:.*]]: memref<?x?xf32>, %[[S0:.*]]: index, %[[S1:.*]]: index)
// CHECK:         %[[CB:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1, 2], [3]] : memref<?x?x?x?xf32> into memref<?x?xf32>
// CHECK:         %[[ED:.*]] = memref.expand_shape %[[D]] {{\[\[}}0, 1, 2], [3]] output_shape [%[[S0]], 2, 3, %[[S1]]] : memref<?x?xf32> into memref<?x2x3x?xf32>
// CHECK:         return %[[A]], %[[CB]], %[[C]], %[[ED]]
func.func @compose(%a: memref<5xi8>, %b: memref<?x?x?x?xf32>, %c: memref<12x4xf32>, %d: memref<?x?xf32>, %s0: index, %s1: index)
    -> (memref<5xi8>, memref<?x?xf32>, memref<12x4xf32>, memref<?x2x3x?xf32>) {
  %0 = memref.collapse_shape %a [[0]] : memref<5xi8> into memref<5xi8>
  %1 = memref.collapse_shape %b [[0, 1], [2], [3]] : memref<?x?x?x?xf32> into memref<?x?x?xf32>
  %2 = memref.collapse_shape %1 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
  %3 = memref.expand_shape %c [[0, 1], [2]] output_shape [3, 4, 4] : memref<12x4xf32> into memref<3x4x4xf32>
  %4 = memref.collapse_shape %3 [[0, 1], [2]] : memref<3x4x4xf32> into memref<12x4xf32>
  %5 = memref.expand_shape %d [[0, 1], [2]] output_shape [%s0, 6, %s1] : memref<?x?xf32> into memref<?x6x?xf32>
  %6 = memref.expand_shape %5 [[0], [1, 2], [3]] output_shape [%s0, 2, 3, %s1] : memref<?x6x?xf32> into memref<?x2x3x?xf32>
  return %0, %2, %4, %6 : memref<5xi8>, memref<?x?xf32>, memref<12x4xf32>, memref<?x2x3x?xf32>
}

// -----

// Compositions need identity layouts: a strided source keeps both ops.

// CHECK-LABEL: func.func @no_compose_strided(
// CHECK:         memref.expand_shape
// CHECK:         memref.collapse_shape
func.func @no_compose_strided(%arg0: memref<?x?xf32, strided<[?, 1], offset: 0>>, %sz0: index, %sz1: index)
    -> memref<?xf32, strided<[?], offset: 0>> {
  %1 = memref.expand_shape %arg0 [[0, 1], [2]] output_shape [%sz0, 4, %sz1] :
    memref<?x?xf32, strided<[?, 1], offset: 0>> into memref<?x4x?xf32, strided<[?, ?, 1], offset: 0>>
  %2 = memref.collapse_shape %1 [[0, 1, 2]] :
    memref<?x4x?xf32, strided<[?, ?, 1], offset: 0>> into memref<?xf32, strided<[?], offset: 0>>
  return %2 : memref<?xf32, strided<[?], offset: 0>>
}

// -----

// A collapse reads through a cast that only makes the type more dynamic, casting its result
// back; a cast to a more static type stays.

// CHECK-LABEL: func.func @collapse_of_cast(
// CHECK-SAME:    %[[A:.*]]: memref<?x512x1x1xf32>, %[[B:.*]]: memref<?x4xf32>)
// CHECK:         %[[C:.*]] = memref.collapse_shape %[[A]] {{\[\[}}0], [1, 2, 3]] : memref<?x512x1x1xf32> into memref<?x512xf32>
// CHECK:         %[[D:.*]] = memref.cast %[[C]] : memref<?x512xf32> to memref<?x?xf32>
// CHECK:         %[[S:.*]] = memref.cast %[[B]] : memref<?x4xf32> to memref<8x4xf32>
// CHECK:         %[[E:.*]] = memref.collapse_shape %[[S]] {{\[\[}}0, 1]] : memref<8x4xf32> into memref<32xf32>
// CHECK:         return %[[D]], %[[E]]
func.func @collapse_of_cast(%a: memref<?x512x1x1xf32>, %b: memref<?x4xf32>) -> (memref<?x?xf32>, memref<32xf32>) {
  %0 = memref.cast %a : memref<?x512x1x1xf32> to memref<?x?x?x?xf32>
  %1 = memref.collapse_shape %0 [[0], [1, 2, 3]] : memref<?x?x?x?xf32> into memref<?x?xf32>
  %2 = memref.cast %b : memref<?x4xf32> to memref<8x4xf32>
  %3 = memref.collapse_shape %2 [[0, 1]] : memref<8x4xf32> into memref<32xf32>
  return %1, %3 : memref<?x?xf32>, memref<32xf32>
}

// -----

// An expand of a static-to-dynamic cast expands the static source when the sizes of each
// static group are constants; a size computed at run time keeps the cast.

// CHECK-LABEL: func.func @expand_of_cast(
// CHECK-SAME:    %[[A:.*]]: memref<8x4xf32>, %[[N:.*]]: index)
// CHECK:         %[[K:.*]] = memref.cast %[[A]] : memref<8x4xf32> to memref<?x4xf32>
// CHECK:         %[[E:.*]] = memref.expand_shape %[[A]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 1, 4, 4] : memref<8x4xf32> into memref<2x1x4x4xf32>
// CHECK:         %[[C:.*]] = memref.cast %[[E]] : memref<2x1x4x4xf32> to memref<?x1x4x4xf32>
// CHECK:         %[[F:.*]] = memref.expand_shape %[[K]] {{\[\[}}0, 1, 2], [3]] output_shape [%[[N]], 1, 4, 4] : memref<?x4xf32> into memref<?x1x4x4xf32>
// CHECK:         return %[[C]], %[[F]]
func.func @expand_of_cast(%a: memref<8x4xf32>, %n: index) -> (memref<?x1x4x4xf32>, memref<?x1x4x4xf32>) {
  %c2 = arith.constant 2 : index
  %0 = memref.cast %a : memref<8x4xf32> to memref<?x4xf32>
  %1 = memref.expand_shape %0 [[0, 1, 2], [3]] output_shape [%c2, 1, 4, 4] : memref<?x4xf32> into memref<?x1x4x4xf32>
  %2 = memref.expand_shape %0 [[0, 1, 2], [3]] output_shape [%n, 1, 4, 4] : memref<?x4xf32> into memref<?x1x4x4xf32>
  return %1, %2 : memref<?x1x4x4xf32>, memref<?x1x4x4xf32>
}

// -----

// strided<[1]> is the identity layout of one dimension.

// CHECK-LABEL: func.func @strided_unit_identity(
// CHECK-SAME:    %[[M:.*]]: memref<?xf32, strided<[1]>, 3>
// CHECK:         %[[C:.*]] = memref.cast %[[M]] : memref<?xf32, strided<[1]>, 3> to memref<?xf32, 3>
// CHECK:         return %[[C]]
func.func @strided_unit_identity(%m: memref<?xf32, strided<[1]>, 3>, %sz0: index) -> memref<?xf32, 3> {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [1, %sz0] : memref<?xf32, strided<[1]>, 3> into memref<1x?xf32, 3>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<1x?xf32, 3> into memref<?xf32, 3>
  return %1 : memref<?xf32, 3>
}
