// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// Loads, stores, atomic_rmw and dealloc read through a memref.cast of a ranked memref; a
// stored value and an unranked cast source are left alone.

// CHECK-LABEL: func.func @access_through_cast(
// CHECK-SAME:    %[[M:.*]]: memref<4xf32>, %[[U:.*]]: memref<*xf32>, %[[H:.*]]: memref<memref<?xf32>>, %[[I:.*]]: index, %[[V:.*]]: f32)
// CHECK:         %[[CM:.*]] = memref.cast %[[M]] : memref<4xf32> to memref<?xf32>
// CHECK:         %[[CU:.*]] = memref.cast %[[U]] : memref<*xf32> to memref<?xf32>
// CHECK:         memref.load %[[M]][%[[I]]] : memref<4xf32>
// CHECK:         memref.store %[[V]], %[[M]][%[[I]]] : memref<4xf32>
// CHECK:         memref.atomic_rmw addf %[[V]], %[[M]][%[[I]]] : (f32, memref<4xf32>) -> f32
// CHECK:         memref.store %[[CM]], %[[H]][] : memref<memref<?xf32>>
// CHECK:         memref.load %[[CU]][%[[I]]] : memref<?xf32>
// CHECK:         memref.dealloc %[[M]] : memref<4xf32>
func.func @access_through_cast(%m: memref<4xf32>, %u: memref<*xf32>, %h: memref<memref<?xf32>>, %i: index, %v: f32) -> (f32, f32, f32) {
  %cm = memref.cast %m : memref<4xf32> to memref<?xf32>
  %cu = memref.cast %u : memref<*xf32> to memref<?xf32>
  %a = memref.load %cm[%i] : memref<?xf32>
  memref.store %v, %cm[%i] : memref<?xf32>
  %b = memref.atomic_rmw addf %v, %cm[%i] : (f32, memref<?xf32>) -> f32
  memref.store %cm, %h[] : memref<memref<?xf32>>
  %c = memref.load %cu[%i] : memref<?xf32>
  memref.dealloc %cm : memref<?xf32>
  return %a, %b, %c : f32, f32, f32
}

// -----

// A copy reads through casts that only make the type more dynamic; copies onto themselves
// and copies of no elements go.

// CHECK-LABEL: func.func @copies(
// CHECK-SAME:    %[[A:.*]]: memref<?xf32>, %[[U:.*]]: memref<*xf32>, %[[E:.*]]: memref<0x10xf32>, %[[D:.*]]: memref<?x10xf32>, %[[S:.*]]: memref<?xf32>)
// CHECK:         %[[CU:.*]] = memref.cast %[[U]]
// CHECK-NEXT:    memref.copy %[[A]], %[[CU]] : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-NEXT:    memref.copy %[[S]], %[[A]] : memref<?xf32> to memref<?xf32>
// CHECK-NEXT:    return
func.func @copies(%a: memref<?xf32>, %u: memref<*xf32>, %e: memref<0x10xf32>, %d: memref<?x10xf32>, %s: memref<?xf32>) {
  %ca = memref.cast %a : memref<?xf32> to memref<?xf32, strided<[?], offset: ?>>
  %cu = memref.cast %u : memref<*xf32> to memref<?xf32, strided<[?], offset: ?>>
  memref.copy %ca, %cu : memref<?xf32, strided<[?], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
  memref.copy %a, %a : memref<?xf32> to memref<?xf32>
  memref.copy %e, %d : memref<0x10xf32> to memref<?x10xf32>
  memref.copy %d, %e : memref<?x10xf32> to memref<0x10xf32>
  memref.copy %s, %a : memref<?xf32> to memref<?xf32>
  return
}

// -----

// A cast to a more static type does not fold into a copy.

// CHECK-LABEL: func.func @copy_static_cast(
// CHECK:         %[[C:.*]] = memref.cast
// CHECK:         memref.copy %[[C]], %{{.*}} : memref<4xf32> to memref<4xf32>
func.func @copy_static_cast(%a: memref<?xf32>, %b: memref<4xf32>) {
  %c = memref.cast %a : memref<?xf32> to memref<4xf32>
  memref.copy %c, %b : memref<4xf32> to memref<4xf32>
  return
}

// -----

// dim of a static size and rank of a ranked memref are constants; dim of a dynamic size of an
// alloc/alloca is its size operand; dim reads through a cast; an unknown or out-of-range
// index, and an unranked operand, are left.

// CHECK-LABEL: func.func @dims(
// CHECK-SAME:    %[[N:.*]]: index, %[[M:.*]]: memref<4x?xf32>, %[[U:.*]]: memref<*xf32>, %[[I:.*]]: index)
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK:         %[[D1:.*]] = memref.dim %[[M]], %[[C1]] : memref<4x?xf32>
// CHECK:         %[[DI:.*]] = memref.dim %[[M]], %[[I]] : memref<4x?xf32>
// CHECK:         %[[D7:.*]] = memref.dim %[[M]], %[[C7]] : memref<4x?xf32>
// CHECK:         %[[R:.*]] = memref.rank %[[U]] : memref<*xf32>
// CHECK:         return %[[N]], %[[C4]], %[[D1]], %[[DI]], %[[D7]], %[[C2]], %[[R]]
func.func @dims(%n: index, %m: memref<4x?xf32>, %u: memref<*xf32>, %i: index) -> (index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %a = memref.alloca(%n) : memref<2x?xf32>
  %d0 = memref.dim %a, %c1 : memref<2x?xf32>
  %cast = memref.cast %m : memref<4x?xf32> to memref<?x?xf32>
  %d1 = memref.dim %cast, %c0 : memref<?x?xf32>
  %d2 = memref.dim %cast, %c1 : memref<?x?xf32>
  %d3 = memref.dim %m, %i : memref<4x?xf32>
  %d4 = memref.dim %m, %c7 : memref<4x?xf32>
  %r0 = memref.rank %m : memref<4x?xf32>
  %r1 = memref.rank %u : memref<*xf32>
  return %d0, %d1, %d2, %d3, %d4, %r0, %r1 : index, index, index, index, index, index, index
}

// -----

// dim of a memref.reshape loads the size from the shape operand right after the reshape
// (an i32 shape is cast to index); not when the index is defined after the reshape.

// CHECK-LABEL: func.func @dim_of_reshape(
// CHECK-SAME:    %[[X:.*]]: memref<*xf32>, %[[S:.*]]: memref<?xi32>, %[[I:.*]]: index)
// CHECK-NEXT:    arith.constant 0 : i32
// CHECK-NEXT:    %[[L:.*]] = memref.load %[[S]][%[[I]]] : memref<?xi32>
// CHECK-NEXT:    %[[C:.*]] = arith.index_cast %[[L]] : i32 to index
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    return %[[C]]
func.func @dim_of_reshape(%x: memref<*xf32>, %s: memref<?xi32>, %i: index) -> index {
  %r = memref.reshape %x(%s) : (memref<*xf32>, memref<?xi32>) -> memref<*xf32>
  %c = arith.constant 0 : i32
  memref.store %c, %s[%i] : memref<?xi32>
  %d = memref.dim %r, %i : memref<*xf32>
  return %d : index
}

// CHECK-LABEL: func.func @dim_of_reshape_index_after(
// CHECK:         memref.reshape
// CHECK:         memref.dim
// CHECK-NOT:     memref.load
func.func @dim_of_reshape_index_after(%x: memref<*xf32>, %s: memref<?xindex>, %i: index) -> index {
  %r = memref.reshape %x(%s) : (memref<*xf32>, memref<?xindex>) -> memref<*xf32>
  %c4 = arith.constant 4 : index
  %j = arith.muli %i, %c4 : index
  %d = memref.dim %r, %j : memref<*xf32>
  return %d : index
}

// -----

// dim of a subview is its size operand, counted past the dimensions it drops; a static size
// of the result is a constant.

// CHECK-LABEL: func.func @dim_of_subview(
// CHECK-SAME:    %[[M:.*]]: memref<?x?x?xf32>, %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:         return %[[B]], %[[A]]
func.func @dim_of_subview(%m: memref<?x?x?xf32>, %a: index, %b: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = memref.subview %m[0, 0, 0] [1, %b, %a] [1, 1, 1] : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %d0 = memref.dim %s, %c0 : memref<?x?xf32, strided<[?, 1]>>
  %d1 = memref.dim %s, %c1 : memref<?x?xf32, strided<[?, 1]>>
  return %d0, %d1 : index, index
}
