// memref.copy: between two static memrefs without layouts, one memmove of all their bytes (the
// last element checks that every row was copied); from a strided view, an element loop. Loads
// and stores of static memrefs address with constant strides, also through a loop-carried one.
// RUN: %onnx-run %s | FileCheck %s

// CHECK: 1.200000e+01
// CHECK-NEXT: 1.000000e+00
// CHECK-NEXT: 1.100000e+01
// CHECK-NEXT: 4.100000e+01
func.func @main() -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %ten = arith.constant 10.0 : f32
  %a = memref.alloc() : memref<2x3xf32>
  %b = memref.alloc() : memref<2x3xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %fi = arith.sitofp %ii : i64 to f32
      %fj = arith.sitofp %jj : i64 to f32
      %t = arith.mulf %fi, %ten : f32
      %v = arith.addf %t, %fj : f32
      memref.store %v, %a[%i, %j] : memref<2x3xf32>
    }
  }
  memref.copy %a, %b : memref<2x3xf32> to memref<2x3xf32>
  %last = memref.load %b[%c1, %c2] : memref<2x3xf32>
  %col = memref.subview %a[0, 1] [2, 1] [1, 1] : memref<2x3xf32> to memref<2x1xf32, strided<[3, 1], offset: 1>>
  %c = memref.alloc() : memref<2x1xf32>
  memref.copy %col, %c : memref<2x1xf32, strided<[3, 1], offset: 1>> to memref<2x1xf32>
  %first = memref.load %c[%c0, %c0] : memref<2x1xf32>
  %second = memref.load %c[%c1, %c0] : memref<2x1xf32>
  // Carried through a loop: the descriptor is a block argument, the address still static.
  %r = scf.for %k = %c0 to %c3 step %c1 iter_args(%m = %b) -> (memref<2x3xf32>) {
    %x = memref.load %m[%c1, %c1] : memref<2x3xf32>
    %y = arith.addf %x, %ten : f32
    memref.store %y, %m[%c1, %c1] : memref<2x3xf32>
    scf.yield %m : memref<2x3xf32>
  }
  %z = memref.load %r[%c1, %c1] : memref<2x3xf32>
  memref.dealloc %a : memref<2x3xf32>
  memref.dealloc %b : memref<2x3xf32>
  memref.dealloc %c : memref<2x1xf32>
  return %last, %first, %second, %z : f32, f32, f32, f32
}
