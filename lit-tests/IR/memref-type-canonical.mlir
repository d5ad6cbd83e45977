// RUN: %onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// Memory space 0 is the default one: the type is the same as without it, so it prints without
// it and a cast between the two spellings is a no-op cast of equal types.

// CHECK-LABEL: func.func @space_zero(
// CHECK-SAME:    %{{.*}}: memref<2x5xf32>, %{{.*}}: memref<*xf32>, %{{.*}}: memref<4xf32, 1>)
func.func @space_zero(%a: memref<2x5xf32, 0>, %b: memref<*xf32, 0>, %c: memref<4xf32, 1>) {
  return
}

// -----

func.func @map_rank(%a: index) {
  // expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
  %0 = memref.alloc() : memref<4x4xf32, affine_map<(d0) -> (d0)>>
  return
}
