// RUN: %onnx-opt %s -split-input-file -verify-diagnostics -mlir-print-local-scope | FileCheck %s

// Affine-map layouts that are linear in the dimensions are strided (upstream's
// getStridesAndOffset): a symbol or an expression of symbols is a dynamic stride or offset.
// A strided layout's dynamic entries are the symbols an alloc must be given.

// CHECK-LABEL: func @strided_maps
//       CHECK:   memref.subview %{{.*}}[%{{.*}}] [%{{.*}}] [%{{.*}}] : memref<64xf32, affine_map<(d0)[s0] -> (d0 + s0)>> to memref<?xf32, affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>>
//       CHECK:   memref.subview %{{.*}}[%{{.*}}, 8] [8, 8] [1, 1] : memref<16x16xf32> to memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>
//       CHECK:   memref.alloc(%{{.*}})[%{{.*}}, %{{.*}}] : memref<?x4xf32, strided<[?, 1], offset: ?>>
func.func @strided_maps(%m: memref<64xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, %n: memref<16x16xf32>, %i: index) {
  %0 = memref.subview %m[%i][%i][%i] : memref<64xf32, affine_map<(d0)[s0] -> (d0 + s0)>> to memref<?xf32, affine_map<(d0)[s0, s1] -> (d0 * s1 + s0)>>
  %1 = memref.subview %n[%i, 8][8, 8][1, 1] : memref<16x16xf32> to memref<8x8xf32, affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>>
  %2 = memref.alloc(%i)[%i, %i] : memref<?x4xf32, strided<[?, 1], offset: ?>>
  return
}

// -----

func.func @not_linear(%m: memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>) {
  // expected-error@+1 {{base type 'memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>' is not strided}}
  %0 = memref.subview %m[0][2][1] : memref<8xf32, affine_map<(d0) -> (d0 mod 4)>> to memref<2xf32>
  return
}

// -----

func.func @strided_alloc_symbols(%i: index) {
  // expected-error@+1 {{symbol operand count does not equal memref symbol count}}
  %0 = memref.alloc(%i)[%i] : memref<?x4xf32, strided<[?, 1], offset: ?>>
  return
}
