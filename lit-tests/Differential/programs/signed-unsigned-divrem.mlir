// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}8983799446362226510{{$}}
// CHECK: {{^}}checksum: 8983799446362226510{{$}}

// Signed and unsigned division and remainder (truncating, floor and ceil
// forms) over a grid of negative and positive operands; divisors are never
// zero and the signed INT_MIN / -1 case never occurs.
func.func @main() -> i64 {
  %lo = arith.constant -23 : i32
  %hi = arith.constant 24 : i32
  %one = arith.constant 1 : i32
  %dlo = arith.constant -7 : i32
  %dhi = arith.constant 8 : i32
  %z = arith.constant 0 : i32
  %z64 = arith.constant 0 : i64
  %k = arith.constant 1000003 : i64
  %res = scf.for %x = %lo to %hi step %one iter_args(%acc = %z64) -> (i64) : i32 {
    %inner = scf.for %y = %dlo to %dhi step %one iter_args(%acc2 = %acc) -> (i64) : i32 {
      %iszero = arith.cmpi eq, %y, %z : i32
      %next = scf.if %iszero -> (i64) {
        scf.yield %acc2 : i64
      } else {
        %q1 = arith.divsi %x, %y : i32
        %r1 = arith.remsi %x, %y : i32
        %q2 = arith.divui %x, %y : i32
        %r2 = arith.remui %x, %y : i32
        %q3 = arith.floordivsi %x, %y : i32
        %q4 = arith.ceildivsi %x, %y : i32
        %q5 = arith.ceildivui %x, %y : i32
        %t1 = arith.addi %q1, %r1 : i32
        %t2 = arith.xori %t1, %q2 : i32
        %t3 = arith.addi %t2, %r2 : i32
        %t4 = arith.muli %t3, %q3 : i32
        %t5 = arith.subi %t4, %q4 : i32
        %t6 = arith.xori %t5, %q5 : i32
        %w = arith.extsi %t6 : i32 to i64
        %m = arith.muli %acc2, %k : i64
        %s = arith.addi %m, %w : i64
        scf.yield %s : i64
      }
      scf.yield %next : i64
    }
    scf.yield %inner : i64
  }
  // i64 and index forms as well.
  %a = arith.constant -9000000000000 : i64
  %b = arith.constant 77777 : i64
  %c = arith.constant -3 : index
  %d = arith.constant 2 : index
  %q = arith.divsi %a, %b : i64
  %r = arith.remsi %a, %b : i64
  %qu = arith.divui %a, %b : i64
  %ru = arith.remui %a, %b : i64
  %qi = arith.divsi %c, %d : index
  %ri = arith.remsi %c, %d : index
  %fi = arith.floordivsi %c, %d : index
  %qi64 = arith.index_cast %qi : index to i64
  %ri64 = arith.index_cast %ri : index to i64
  %fi64 = arith.index_cast %fi : index to i64
  %u1 = arith.addi %res, %q : i64
  %u2 = arith.xori %u1, %r : i64
  %u3 = arith.addi %u2, %qu : i64
  %u4 = arith.xori %u3, %ru : i64
  %u5 = arith.addi %u4, %qi64 : i64
  %u6 = arith.muli %u5, %ri64 : i64
  %u7 = arith.addi %u6, %fi64 : i64
  return %u7 : i64
}
