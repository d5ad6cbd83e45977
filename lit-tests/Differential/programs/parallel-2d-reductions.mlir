// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}50211814{{$}}
// CHECK: {{^}}checksum: 50211814{{$}}

// A 2-D scf.parallel with non-unit steps and lower bounds and two reductions
// (integer sum and signed max) over a matrix filled by a 2-D scf.parallel.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c17 = arith.constant 17 : index
  %c23 = arith.constant 23 : index
  %m = memref.alloc(%c17, %c23) : memref<?x?xi64>
  %k = arith.constant 7919 : i64
  %mod = arith.constant 1009 : i64
  %off = arith.constant 500 : i64
  scf.parallel (%i, %j) = (%c0, %c0) to (%c17, %c23) step (%c1, %c1) {
    %ij = arith.muli %i, %c23 : index
    %lin = arith.addi %ij, %j : index
    %l = arith.index_cast %lin : index to i64
    %h = arith.muli %l, %k : i64
    %r = arith.remui %h, %mod : i64
    %v = arith.subi %r, %off : i64
    memref.store %v, %m[%i, %j] : memref<?x?xi64>
  }
  %zero = arith.constant 0 : i64
  %minval = arith.constant -9223372036854775808 : i64
  %res:2 = scf.parallel (%i, %j) = (%c1, %c2) to (%c17, %c23) step (%c2, %c3)
      init (%zero, %minval) -> (i64, i64) {
    %v = memref.load %m[%i, %j] : memref<?x?xi64>
    %ii = arith.index_cast %i : index to i64
    %w = arith.muli %v, %ii : i64
    scf.reduce(%w, %v : i64, i64) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%a: i64, %b: i64):
      %mx = arith.maxsi %a, %b : i64
      scf.reduce.return %mx : i64
    }
  }
  memref.dealloc %m : memref<?x?xi64>
  %big = arith.constant 100000 : i64
  %hi = arith.muli %res#1, %big : i64
  %out = arith.addi %hi, %res#0 : i64
  return %out : i64
}
