// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}6636526683425623779{{$}}
// CHECK: {{^}}checksum: 6636526683425623779{{$}}

// Triangular loop nest (the inner bounds depend on the outer induction
// variable), with if/else with results, an if without else that stores, and
// a negative lower bound.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %zero = arith.constant 0 : i64
  %seven = arith.constant 7 : i64
  %three = arith.constant 3 : i64
  %cell = memref.alloca() : memref<i64>
  memref.store %zero, %cell[] : memref<i64>
  %r = scf.for %i = %c0 to %c20 step %c1 iter_args(%acc = %zero) -> (i64) {
    %inner = scf.for %j = %i to %c20 step %c2 iter_args(%acc2 = %acc) -> (i64) {
      %ij = arith.muli %i, %j : index
      %v = arith.index_cast %ij : index to i64
      %odd = arith.andi %v, %three : i64
      %isodd = arith.cmpi eq, %odd, %three : i64
      %next = scf.if %isodd -> (i64) {
        %m = arith.muli %acc2, %seven : i64
        %m2 = arith.addi %m, %v : i64
        scf.yield %m2 : i64
      } else {
        %d = arith.subi %acc2, %v : i64
        scf.yield %d : i64
      }
      %big = arith.cmpi sgt, %v, %three : i64
      scf.if %big {
        %old = memref.load %cell[] : memref<i64>
        %new = arith.addi %old, %v : i64
        memref.store %new, %cell[] : memref<i64>
      }
      scf.yield %next : i64
    }
    scf.yield %inner : i64
  }
  %neg = arith.constant -5 : i32
  %five = arith.constant 5 : i32
  %one32 = arith.constant 1 : i32
  %z32 = arith.constant 0 : i32
  %s = scf.for %k = %neg to %five step %one32 iter_args(%t = %z32) -> (i32) : i32 {
    %sq = arith.muli %k, %k : i32
    %sgn = arith.muli %sq, %k : i32
    %t2 = arith.addi %t, %sgn : i32
    scf.yield %t2 : i32
  }
  %cellv = memref.load %cell[] : memref<i64>
  %s64 = arith.extsi %s : i32 to i64
  %o1 = arith.addi %r, %cellv : i64
  %o2 = arith.muli %o1, %seven : i64
  %o3 = arith.addi %o2, %s64 : i64
  return %o3 : i64
}
