// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

func.func @atomic_rmw_subscripts(%m: memref<16x10xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{expects the number of subscripts to be equal to memref rank}}
  %x = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<16x10xf32>) -> f32
  return
}

// -----

func.func @subview_offset_at_end(%m: memref<10xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 10 >= 10}}
  %0 = memref.subview %m [10][1][1] : memref<10xf32> to memref<1xf32, strided<[1], offset: 10>>
  return
}

// -----

func.func @subview_runs_out(%m: memref<9xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 9}}
  %0 = memref.subview %m [3][4][2] : memref<9xf32> to memref<4xf32, strided<[2], offset: 3>>
  return
}

// -----

// Even an empty slice may not start at the end.
func.func @empty_subview_at_end(%m: memref<10xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 10 >= 10}}
  %0 = memref.subview %m [10][0][1] : memref<10xf32> to memref<0xf32, strided<[1], offset: 10>>
  return
}

// -----

// A strided layout's map has a symbol per dynamic offset or stride.
func.func @alloc_strided_symbols() {
  // expected-error@+1 {{symbol operand count does not equal memref symbol count: expected 2, got 0}}
  %0 = memref.alloc() : memref<4xf32, strided<[?], offset: ?>>
  return
}
