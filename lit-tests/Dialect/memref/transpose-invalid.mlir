// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

func.func @not_permutation(%v: memref<?x?xf32>) {
  // expected-error @+1 {{expected a permutation map}}
  memref.transpose %v (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @bad_rank(%v: memref<?x?xf32>) {
  // expected-error @+1 {{expected a permutation map of same rank as the input}}
  memref.transpose %v (i) -> (i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @expression(%v: memref<?x?xf32>) {
  // expected-error @+1 {{expected a permutation map}}
  memref.transpose %v (i, j) -> (i + j, j) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @wrong_strides(%v: memref<2x3xf32>) {
  // expected-error @+1 {{'memref.transpose' op result type 'memref<3x2xf32>' is not equivalent to the canonical transposed input type}}
  memref.transpose %v (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32>
  return
}
