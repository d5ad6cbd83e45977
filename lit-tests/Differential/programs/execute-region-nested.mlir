// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-2099824569258796685{{$}}
// CHECK: {{^}}checksum: -2099824569258796685{{$}}

// scf.execute_region with several blocks and early exits inside a loop,
// holding an scf.if; a while inside an if inside a for.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c30 = arith.constant 30 : index
  %zero = arith.constant 0 : i64
  %three = arith.constant 3 : i64
  %ten = arith.constant 10 : i64
  %r = scf.for %i = %c0 to %c30 step %c1 iter_args(%acc = %zero) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %e = scf.execute_region -> i64 {
      %m = arith.remui %ii, %three : i64
      %isz = arith.cmpi eq, %m, %zero : i64
      cf.cond_br %isz, ^zero, ^nonzero
    ^zero:
      %a = arith.muli %ii, %ten : i64
      scf.yield %a : i64
    ^nonzero:
      %one = arith.constant 1 : i64
      %isone = arith.cmpi eq, %m, %one : i64
      cf.cond_br %isone, ^one(%ii : i64), ^two
    ^one(%x: i64):
      %b = scf.if %isone -> (i64) {
        %bb = arith.addi %x, %acc : i64
        scf.yield %bb : i64
      } else {
        scf.yield %x : i64
      }
      scf.yield %b : i64
    ^two:
      %c = arith.subi %acc, %ii : i64
      scf.yield %c : i64
    }
    %odd = arith.andi %ii, %three : i64
    %take = arith.cmpi eq, %odd, %three : i64
    %w = scf.if %take -> (i64) {
      %loop = scf.while (%v = %e) : (i64) -> i64 {
        %big = arith.cmpi sgt, %v, %ten : i64
        scf.condition(%big) %v : i64
      } do {
      ^bb0(%v2: i64):
        %h = arith.divsi %v2, %three : i64
        scf.yield %h : i64
      }
      scf.yield %loop : i64
    } else {
      scf.yield %e : i64
    }
    %k = arith.constant 37 : i64
    %s = arith.muli %acc, %k : i64
    %s1 = arith.addi %s, %w : i64
    scf.yield %s1 : i64
  }
  return %r : i64
}
