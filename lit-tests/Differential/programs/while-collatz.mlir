// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-5571055450511915018{{$}}
// CHECK: {{^}}checksum: -5571055450511915018{{$}}

// scf.while nested in scf.for: Collatz step counts and peaks of 1..99, then a
// do-while (the 'after' region only forwards) counting decimal digits, and a
// while whose 'before' region forwards values of other types than it gets.
func.func @main() -> i64 {
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %ten = arith.constant 10 : i64
  %hundred = arith.constant 100 : i64
  %total:2 = scf.for %i = %c1 to %c100 step %c1
      iter_args(%sum = %zero, %maxsteps = %zero) -> (i64, i64) {
    %start = arith.index_cast %i : index to i64
    %w:3 = scf.while (%n = %start, %cnt = %zero, %hi = %start)
        : (i64, i64, i64) -> (i64, i64, i64) {
      %notone = arith.cmpi ne, %n, %one : i64
      scf.condition(%notone) %n, %cnt, %hi : i64, i64, i64
    } do {
    ^bb0(%n1: i64, %c: i64, %h: i64):
      %rem = arith.remui %n1, %two : i64
      %even = arith.cmpi eq, %rem, %zero : i64
      %half = arith.divui %n1, %two : i64
      %tri = arith.muli %n1, %three : i64
      %tri1 = arith.addi %tri, %one : i64
      %nn = arith.select %even, %half, %tri1 : i64
      %c1n = arith.addi %c, %one : i64
      %h1 = arith.maxui %h, %nn : i64
      scf.yield %nn, %c1n, %h1 : i64, i64, i64
    }
    // Digits of the peak: a do-while.
    %digits:2 = scf.while (%v = %w#2, %d = %zero) : (i64, i64) -> (i64, i64) {
      %v1 = arith.divui %v, %ten : i64
      %d1 = arith.addi %d, %one : i64
      %more = arith.cmpi ne, %v1, %zero : i64
      scf.condition(%more) %v1, %d1 : i64, i64
    } do {
    ^bb0(%v2: i64, %d2: i64):
      scf.yield %v2, %d2 : i64, i64
    }
    %s1 = arith.addi %sum, %w#1 : i64
    %pk = arith.remui %w#2, %hundred : i64
    %s2 = arith.addi %s1, %pk : i64
    %s3 = arith.muli %s2, %digits#1 : i64
    %m = arith.maxsi %maxsteps, %w#1 : i64
    scf.yield %s3, %m : i64, i64
  }
  // 'before' gets (i32, f64) and forwards (f64) only; 'after' rebuilds both.
  %k0 = arith.constant 0 : i32
  %f0 = arith.constant 1.0 : f64
  %lim = arith.constant 1.0e6 : f64
  %kone = arith.constant 1 : i32
  %fscale = arith.constant 2.5 : f64
  %grown = scf.while (%k = %k0, %f = %f0) : (i32, f64) -> f64 {
    %small = arith.cmpf olt, %f, %lim : f64
    scf.condition(%small) %f : f64
  } do {
  ^bb0(%g: f64):
    %g1 = arith.mulf %g, %fscale : f64
    %kf = arith.fptosi %g : f64 to i32
    scf.yield %kf, %g1 : i32, f64
  }
  %gi = arith.fptosi %grown : f64 to i64
  %k = arith.constant 1000000 : i64
  %hi = arith.muli %total#1, %k : i64
  %r1 = arith.addi %hi, %total#0 : i64
  %r2 = arith.xori %r1, %gi : i64
  return %r2 : i64
}
