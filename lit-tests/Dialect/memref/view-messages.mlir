// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics

// View ops report upstream's messages, in upstream's order.

func.func @space_before_element(%m: memref<*xf32>) {
  // expected-error@+1 {{different memory spaces specified for source type 'memref<*xf32>' and result memref type 'memref<4xi32, 3>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [4], strides: [1] : memref<*xf32> to memref<4xi32, 3>
  return
}

// -----

func.func @not_strided(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{base type 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not strided}}
  %0 = memref.subview %m[0, 0][2, 2][1, 1] : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>> to memref<2x2xf32>
  return
}

// -----

func.func @rank_too_large(%m: memref<4xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x1xf32>'}}
  %0 = memref.subview %m[0][4][1] : memref<4xf32> to memref<4x1xf32>
  return
}

// -----

func.func @dynamic_entries(%m: memref<4xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "memref.subview"(%m) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808>, static_sizes = array<i64: 1>, static_strides = array<i64: 1>}> : (memref<4xf32>) -> memref<1xf32, strided<[1], offset: ?>>
  return
}

// -----

// expected-error@+1 {{'memref.global' op visibility expected to be one of ["public", "private", "nested"], but got "hidden"}}
memref.global "hidden" @g : memref<2xf32> = uninitialized

// -----

// A stack allocation needs an enclosing function (or alloca_scope) to own it.
"x.region"() ({
  // expected-error@+1 {{'memref.alloca' op requires an ancestor op with AutomaticAllocationScope trait}}
  %0 = memref.alloca() : memref<1xf32>
  "x.end"() : () -> ()
}) : () -> ()
