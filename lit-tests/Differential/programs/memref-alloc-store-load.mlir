// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}4264081508046630052{{$}}
// CHECK: {{^}}checksum: 4264081508046630052{{$}}

// memref.alloc (static and dynamic), alloca, store/load in loops, a global
// constant table, memref.copy, a subview, memref.dim and dealloc.
memref.global "private" constant @primes : memref<8xi64> = dense<[2, 3, 5, 7, 11, 13, 17, 19]>

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0 : i64
  %p = memref.get_global @primes : memref<8xi64>
  %a = memref.alloc(%c12) : memref<?x8xi64>
  scf.for %i = %c0 to %c12 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %pj = memref.load %p[%j] : memref<8xi64>
      %ii = arith.index_cast %i : index to i64
      %v = arith.muli %pj, %ii : i64
      %v1 = arith.addi %v, %pj : i64
      memref.store %v1, %a[%i, %j] : memref<?x8xi64>
    }
  }
  // Copy into a second buffer and modify it in place.
  %b = memref.alloc(%c12) : memref<?x8xi64>
  memref.copy %a, %b : memref<?x8xi64> to memref<?x8xi64>
  scf.for %i = %c1 to %c12 step %c2 {
    %row = arith.subi %i, %c1 : index
    %x = memref.load %b[%row, %c0] : memref<?x8xi64>
    %y = memref.load %b[%i, %c1] : memref<?x8xi64>
    %z = arith.subi %x, %y : i64
    memref.store %z, %b[%i, %c0] : memref<?x8xi64>
  }
  // Sum over a 2-D window of %b through a subview.
  %sv = memref.subview %b[3, 2] [4, 5] [1, 1] : memref<?x8xi64> to memref<4x5xi64, strided<[8, 1], offset: 26>>
  %win = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i64) {
    %r = arith.remui %i, %c2 : index
    %cc = arith.divui %i, %c2 : index
    %e = memref.load %sv[%cc, %r] : memref<4x5xi64, strided<[8, 1], offset: 26>>
    %acc1 = arith.addi %acc, %e : i64
    scf.yield %acc1 : i64
  }
  // Whole-buffer checksum and an alloca scratch cell.
  %cell = memref.alloca() : memref<1xi64>
  memref.store %zero, %cell[%c0] : memref<1xi64>
  %rows = memref.dim %b, %c0 : memref<?x8xi64>
  scf.for %i = %c0 to %rows step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %e = memref.load %b[%i, %j] : memref<?x8xi64>
      %old = memref.load %cell[%c0] : memref<1xi64>
      %k = arith.constant 31 : i64
      %m = arith.muli %old, %k : i64
      %n = arith.addi %m, %e : i64
      memref.store %n, %cell[%c0] : memref<1xi64>
    }
  }
  %all = memref.load %cell[%c0] : memref<1xi64>
  memref.dealloc %a : memref<?x8xi64>
  memref.dealloc %b : memref<?x8xi64>
  %out = arith.xori %all, %win : i64
  return %out : i64
}
