// RUN: %onnx-opt %s -split-input-file -verify-diagnostics

// memref.transpose and memref.memory_space_cast report upstream's messages.

func.func @not_permutation(%v: memref<?x?xf32>) {
  // expected-error@+1 {{expected a permutation map}}
  %0 = memref.transpose %v (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @bad_rank(%v: memref<?x?xf32>) {
  // expected-error@+1 {{expected a permutation map of same rank as the input}}
  %0 = memref.transpose %v (i) -> (i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @wrong_layout(%v: memref<3x4xf32>) {
  // expected-error@+1 {{result type 'memref<4x3xf32>' is not equivalent to the canonical transposed input type 'memref<4x3xf32, affine_map<(d0, d1) -> (d0 + d1 * 4)>>'}}
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<3x4xf32> to memref<4x3xf32>
  return
}

// -----

func.func @space_cast_shape(%v: memref<4xf32>) {
  // expected-error@+1 {{operand type 'memref<4xf32>' and result type 'memref<?xf32, 1>' are cast incompatible}}
  %0 = memref.memory_space_cast %v : memref<4xf32> to memref<?xf32, 1>
  return
}

// -----

func.func @not_dimensions(%v: memref<?x?xf32>) {
  // expected-error@+1 {{expected a permutation map}}
  %0 = memref.transpose %v (i, j) -> (i + j, j) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @wrong_dynamic_layout(%v: memref<?x?xf32, strided<[?, 1], offset: ?>, 1>) {
  // expected-error@+1 {{result type 'memref<?x?xf32, 1>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 + s0 + d1 * s1)>, 1>'}}
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<?x?xf32, strided<[?, 1], offset: ?>, 1> to memref<?x?xf32, 1>
  return
}
