// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// UNSUPPORTED: upstream-as-flowgate
// (Upstream adds a second error, "failed to infer returned types", after the one checked here.)

// Upstream infers the results of extract_strided_metadata from the source type and reports a
// mismatch with the declared ones.

func.func @wrong_count(%m: memref<4xf32>) {
  // expected-error@+1 {{inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<f32>', 'index', 'index'}}
  %b, %o, %s = memref.extract_strided_metadata %m : memref<4xf32> -> memref<f32>, index, index
  return
}

// -----

func.func @wrong_base(%m: memref<4xf32>) {
  // expected-error@+1 {{inferred type(s) 'memref<f32>', 'index', 'index', 'index' are incompatible with return type(s) of operation 'memref<i32>', 'index', 'index', 'index'}}
  %b, %o, %s, %t = memref.extract_strided_metadata %m : memref<4xf32> -> memref<i32>, index, index, index
  return
}

// -----

func.func @not_index(%m: memref<4xf32>) {
  // expected-error@+1 {{result #0 must be index, but got 'i64'}}
  %p = memref.extract_aligned_pointer_as_index %m : memref<4xf32> -> i64
  return
}
