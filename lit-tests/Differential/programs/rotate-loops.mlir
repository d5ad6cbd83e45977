// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// Rotated first (scf-for-to-while, scf-rotate-while, also forced and without the size limit),
// then lowered by Flowgate; upstream lowers the original program.
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt --scf-for-to-while --scf-rotate-while %s | FileCheck %s
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt --scf-for-to-while "--scf-rotate-while=force-create-check=true max-before-ops=1000" %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-2670008152975963107{{$}}
// CHECK: {{^}}checksum: -2670008152975963107{{$}}

// Loops whose rotation must keep the trip count: zero-trip loops (lower bound
// at or above the upper bound, signed and unsigned), single-trip loops,
// non-unit steps that overshoot the bound, count-down while loops (negative
// steps), nested loops with several iter_args where the inner bounds depend on
// the outer induction variable, a while whose before region stores to memory
// and forwards values of other types, and a do-while.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %k31 = arith.constant 31 : i64

  // Zero trips: lb == ub, lb > ub (index and i32), and an unsigned loop from
  // 250 to 4 (i8) that is ten trips when read signed.
  %z1 = scf.for %i = %c7 to %c7 step %c1 iter_args(%a = %one) -> (i64) {
    %b = arith.muli %a, %k31 : i64
    scf.yield %b : i64
  }
  %z2 = scf.for %i = %c13 to %c10 step %c3 iter_args(%a = %z1) -> (i64) {
    %b = arith.addi %a, %k31 : i64
    scf.yield %b : i64
  }
  %lb32 = arith.constant 5 : i32
  %ub32 = arith.constant -5 : i32
  %st32 = arith.constant 2 : i32
  %z3 = scf.for %i = %lb32 to %ub32 step %st32 iter_args(%a = %z2) -> (i64) : i32 {
    %w = arith.extsi %i : i32 to i64
    %b = arith.addi %a, %w : i64
    scf.yield %b : i64
  }
  %lb8 = arith.constant -6 : i8
  %ub8 = arith.constant 4 : i8
  %st8 = arith.constant 1 : i8
  %z4 = scf.for unsigned %i = %lb8 to %ub8 step %st8 iter_args(%a = %z3) -> (i64) : i8 {
    %w = arith.extui %i : i8 to i64
    %b = arith.addi %a, %w : i64
    scf.yield %b : i64
  }
  // The same bounds signed: ten trips.
  %z5 = scf.for %i = %lb8 to %ub8 step %st8 iter_args(%a = %z4) -> (i64) : i8 {
    %w = arith.extsi %i : i8 to i64
    %m = arith.muli %a, %k31 : i64
    %b = arith.addi %m, %w : i64
    scf.yield %b : i64
  }

  // Single trip, and a step of 3 over [0, 10) that overshoots to 12.
  %s1:2 = scf.for %i = %c3 to %c7 step %c10 iter_args(%a = %z5, %n = %zero) -> (i64, i64) {
    %w = arith.index_cast %i : index to i64
    %b = arith.addi %a, %w : i64
    %n2 = arith.addi %n, %one : i64
    scf.yield %b, %n2 : i64, i64
  }
  %s2:2 = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %s1#0, %n = %s1#1) -> (i64, i64) {
    %w = arith.index_cast %i : index to i64
    %m = arith.muli %a, %k31 : i64
    %b = arith.xori %m, %w : i64
    %n2 = arith.addi %n, %one : i64
    scf.yield %b, %n2 : i64, i64
  }

  // Count-down while loops (step -3): from 20 while > 0, and from -1 (zero trips).
  %m3 = arith.constant -3 : i64
  %twenty = arith.constant 20 : i64
  %d1:2 = scf.while (%i = %twenty, %a = %s2#0) : (i64, i64) -> (i64, i64) {
    %c = arith.cmpi sgt, %i, %zero : i64
    scf.condition(%c) %i, %a : i64, i64
  } do {
  ^bb0(%i: i64, %a: i64):
    %m = arith.muli %a, %k31 : i64
    %b = arith.addi %m, %i : i64
    %n = arith.addi %i, %m3 : i64
    scf.yield %n, %b : i64, i64
  }
  %neg1 = arith.constant -1 : i64
  %d2:2 = scf.while (%i = %neg1, %a = %d1#1) : (i64, i64) -> (i64, i64) {
    %c = arith.cmpi sgt, %i, %zero : i64
    scf.condition(%c) %i, %a : i64, i64
  } do {
  ^bb0(%i: i64, %a: i64):
    %b = arith.addi %a, %twenty : i64
    %n = arith.addi %i, %m3 : i64
    scf.yield %n, %b : i64, i64
  }

  // Triangular nest with three iter_args: the inner loop runs j from i to 10
  // step 2 (zero trips when i >= 10 would apply), the innermost from 0 to j.
  %c2 = arith.constant 2 : index
  %t:3 = scf.for %i = %c0 to %c10 step %c1 iter_args(%a = %d2#1, %b = %zero, %n = %d2#0) -> (i64, i64, i64) {
    %in:2 = scf.for %j = %i to %c10 step %c2 iter_args(%x = %a, %y = %b) -> (i64, i64) {
      %deep = scf.for %k = %c0 to %j step %c3 iter_args(%z = %y) -> (i64) {
        %kw = arith.index_cast %k : index to i64
        %zk = arith.addi %z, %kw : i64
        scf.yield %zk : i64
      }
      %jw = arith.index_cast %j : index to i64
      %xm = arith.muli %x, %k31 : i64
      %x2 = arith.addi %xm, %jw : i64
      scf.yield %x2, %deep : i64, i64
    }
    %n2 = arith.addi %n, %in#1 : i64
    scf.yield %in#0, %in#1, %n2 : i64, i64, i64
  }

  // A before region that stores to memory (the store runs once more than the
  // body) and forwards an i32 where it receives an i64.
  %mem = memref.alloca() : memref<1xi64>
  memref.store %zero, %mem[%c0] : memref<1xi64>
  %lim = arith.constant 9 : i64
  %e = scf.while (%i = %zero) : (i64) -> i32 {
    %old = memref.load %mem[%c0] : memref<1xi64>
    %cnt = arith.addi %old, %one : i64
    memref.store %cnt, %mem[%c0] : memref<1xi64>
    %c = arith.cmpi slt, %i, %lim : i64
    %w = arith.trunci %i : i64 to i32
    scf.condition(%c) %w : i32
  } do {
  ^bb0(%w: i32):
    %i = arith.extsi %w : i32 to i64
    %two = arith.constant 2 : i64
    %n = arith.addi %i, %two : i64
    scf.yield %n : i64
  }
  %stores = memref.load %mem[%c0] : memref<1xi64>
  %ew = arith.extsi %e : i32 to i64

  // A do-while: runs once even though its condition is false at once.
  %dw = scf.while (%a = %t#0) : (i64) -> i64 {
    %b = arith.muli %a, %k31 : i64
    %c = arith.cmpi slt, %b, %zero : i64
    %d = arith.cmpi sgt, %b, %zero : i64
    %f = arith.andi %c, %d : i1
    scf.condition(%f) %b : i64
  } do {
  ^bb0(%b: i64):
    scf.yield %b : i64
  }

  %r1 = arith.muli %dw, %k31 : i64
  %r2 = arith.addi %r1, %t#1 : i64
  %r3 = arith.muli %r2, %k31 : i64
  %r4 = arith.addi %r3, %t#2 : i64
  %r5 = arith.muli %r4, %k31 : i64
  %r6 = arith.addi %r5, %stores : i64
  %r7 = arith.muli %r6, %k31 : i64
  %r8 = arith.addi %r7, %ew : i64
  %r9 = arith.muli %r8, %k31 : i64
  %r10 = arith.addi %r9, %s2#1 : i64
  return %r10 : i64
}
