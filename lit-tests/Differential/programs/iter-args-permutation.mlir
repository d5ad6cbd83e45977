// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-5499206343079400233{{$}}
// CHECK: {{^}}checksum: -5499206343079400233{{$}}

// Loop-carried values that swap and rotate: the back edge passes block
// arguments to themselves in a different order, so a lowering that copies
// them one at a time instead of in parallel gets a different answer. The same
// for scf.while, whose 'after' region yields its arguments permuted.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %a0 = arith.constant 0 : i64
  %b0 = arith.constant 1 : i64
  // Fibonacci by swapping: (a, b) -> (b, a + b).
  %fib:2 = scf.for %i = %c0 to %c50 step %c1 iter_args(%a = %a0, %b = %b0) -> (i64, i64) {
    %s = arith.addi %a, %b : i64
    scf.yield %b, %s : i64, i64
  }
  // Rotation of three values plus a pure swap: (x, y, z, p, q) -> (y, z, x, q, p).
  %x0 = arith.constant 3 : i64
  %y0 = arith.constant 5 : i64
  %z0 = arith.constant 7 : i64
  %c31 = arith.constant 31 : index
  %rot:5 = scf.for %i = %c0 to %c31 step %c1
      iter_args(%x = %x0, %y = %y0, %z = %z0, %p = %a0, %q = %b0) -> (i64, i64, i64, i64, i64) {
    %ii = arith.index_cast %i : index to i64
    %x1 = arith.muli %x, %ii : i64
    %x2 = arith.addi %x1, %z : i64
    scf.yield %y, %z, %x2, %q, %p : i64, i64, i64, i64, i64
  }
  // A while whose 'after' region swaps its two arguments back to 'before'.
  %lim = arith.constant 1000000 : i64
  %two = arith.constant 2 : i64
  %w:2 = scf.while (%u = %x0, %v = %y0) : (i64, i64) -> (i64, i64) {
    %small = arith.cmpi slt, %u, %lim : i64
    scf.condition(%small) %v, %u : i64, i64
  } do {
  ^bb0(%v1: i64, %u1: i64):
    %u2 = arith.muli %u1, %two : i64
    %u3 = arith.addi %u2, %v1 : i64
    scf.yield %u3, %v1 : i64, i64
  }
  %k = arith.constant 1000003 : i64
  %o1 = arith.muli %fib#0, %k : i64
  %o2 = arith.addi %o1, %fib#1 : i64
  %o3 = arith.xori %o2, %rot#0 : i64
  %o4 = arith.muli %o3, %k : i64
  %o5 = arith.addi %o4, %rot#1 : i64
  %o6 = arith.xori %o5, %rot#2 : i64
  %p7 = arith.constant 7 : i64
  %q11 = arith.constant 11 : i64
  %pw = arith.muli %rot#3, %p7 : i64
  %qw = arith.muli %rot#4, %q11 : i64
  %o7 = arith.addi %o6, %pw : i64
  %o8 = arith.xori %o7, %qw : i64
  %o9 = arith.addi %o8, %w#0 : i64
  %o10 = arith.xori %o9, %w#1 : i64
  return %o10 : i64
}
