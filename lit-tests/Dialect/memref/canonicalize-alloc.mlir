// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// Constant sizes of alloc/alloca become static dimensions; a cast keeps the old type.

// CHECK-LABEL: func.func @alloc_constant_sizes(
// CHECK-SAME:    %[[N:.*]]: index)
// CHECK:         %[[A:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<4x?xf32>
// CHECK:         %[[C:.*]] = memref.cast %[[A]] : memref<4x?xf32> to memref<?x?xf32>
// CHECK:         return %[[C]]
func.func @alloc_constant_sizes(%n: index) -> memref<?x?xf32> {
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4, %n) {alignment = 64 : i64} : memref<?x?xf32>
  return %a : memref<?x?xf32>
}

// -----

// A negative constant size is left dynamic.

// CHECK-LABEL: func.func @alloca_negative_size(
// CHECK:         memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK-NOT:     memref.cast
func.func @alloca_negative_size() -> f32 {
  %c = arith.constant -3 : index
  %c0 = arith.constant 0 : index
  %a = memref.alloca(%c) : memref<?xf32>
  %v = memref.load %a[%c0] : memref<?xf32>
  return %v : f32
}

// -----

// Symbol operands of a strided layout stay.

// CHECK-LABEL: func.func @alloc_with_symbols(
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[A:.*]] = memref.alloc()[%[[C1]], %[[C1]]] : memref<1xi32, strided<[?], offset: ?>>
// CHECK:         memref.cast %[[A]] : memref<1xi32, strided<[?], offset: ?>> to memref<?xi32, strided<[?], offset: ?>>
func.func @alloc_with_symbols() -> memref<?xi32, strided<[?], offset: ?>> {
  %c1 = arith.constant 1 : index
  %0 = memref.alloc(%c1)[%c1, %c1] : memref<?xi32, strided<[?], offset: ?>>
  return %0 : memref<?xi32, strided<[?], offset: ?>>
}

// -----

// Allocations only stored into and deallocated go with those users; one stored as a value
// (published) stays.

// CHECK-LABEL: func.func @dead_allocs(
// CHECK-SAME:    %[[SRC:.*]]: memref<2xf32>, %[[V:.*]]: f32, %[[H:.*]]: memref<memref<4xf32>>)
// CHECK-NOT:     memref.realloc
// CHECK:         %[[KEPT:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.store %[[KEPT]], %[[H]][]
// CHECK-NEXT:    return %[[SRC]]
func.func @dead_allocs(%src: memref<2xf32>, %v: f32, %h: memref<memref<4xf32>>) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  memref.store %v, %a[%c0] : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  %r = memref.realloc %src : memref<2xf32> to memref<4xf32>
  memref.store %v, %r[%c0] : memref<4xf32>
  %kept = memref.alloc() : memref<4xf32>
  memref.store %kept, %h[] : memref<memref<4xf32>>
  return %src : memref<2xf32>
}
