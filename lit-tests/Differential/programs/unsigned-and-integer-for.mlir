// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-985002217937700371{{$}}
// CHECK: {{^}}checksum: -985002217937700371{{$}}

// scf.for with integer bounds: signed i32 and i64, `unsigned` i8 and i32
// loops whose bounds mean different trip counts signed and unsigned, and
// zero-trip and single-trip loops.
func.func @main() -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  // Unsigned i8 from 250 to 4: zero trips; signed, the same bits run from
  // -6 to 4: ten trips.
  %lb8 = arith.constant -6 : i8
  %ub8 = arith.constant 4 : i8
  %st8 = arith.constant 1 : i8
  %u8 = scf.for unsigned %i = %lb8 to %ub8 step %st8 iter_args(%a = %zero) -> (i64) : i8 {
    %w = arith.extui %i : i8 to i64
    %a1 = arith.addi %a, %w : i64
    scf.yield %a1 : i64
  }
  %s8 = scf.for %i = %lb8 to %ub8 step %st8 iter_args(%a = %zero) -> (i64) : i8 {
    %w = arith.extsi %i : i8 to i64
    %k = arith.constant 3 : i64
    %m = arith.muli %a, %k : i64
    %a1 = arith.addi %m, %w : i64
    scf.yield %a1 : i64
  }
  // Unsigned i8 from 200 to 240 step 7: the induction variable is above the
  // signed range all along (and its last increment, 242, does not wrap).
  %lb8b = arith.constant -56 : i8
  %ub8b = arith.constant -16 : i8
  %st8b = arith.constant 7 : i8
  %u8b = scf.for unsigned %i = %lb8b to %ub8b step %st8b iter_args(%a = %zero) -> (i64) : i8 {
    %w = arith.extui %i : i8 to i64
    %k = arith.constant 5 : i64
    %m = arith.muli %a, %k : i64
    %a1 = arith.addi %m, %w : i64
    scf.yield %a1 : i64
  }
  // Unsigned i32 loop from 5 to 4000000000 step 400000000 (signed, the upper
  // bound is negative; the last increment, 4000000005, does not wrap).
  %lb32 = arith.constant 5 : i32
  %ub32 = arith.constant -294967296 : i32
  %st32 = arith.constant 400000000 : i32
  %u32 = scf.for unsigned %i = %lb32 to %ub32 step %st32 iter_args(%a = %zero) -> (i64) : i32 {
    %w = arith.extui %i : i32 to i64
    %a1 = arith.xori %a, %w : i64
    %a2 = arith.addi %a1, %one : i64
    scf.yield %a2 : i64
  }
  // Signed i64 loop with a negative lower bound and step 3.
  %lb64 = arith.constant -50 : i64
  %ub64 = arith.constant 51 : i64
  %st64 = arith.constant 3 : i64
  %s64 = scf.for %i = %lb64 to %ub64 step %st64 iter_args(%a = %zero) -> (i64) : i64 {
    %sq = arith.muli %i, %i : i64
    %a1 = arith.subi %sq, %a : i64
    scf.yield %a1 : i64
  }
  // Zero-trip (lb == ub) and single-trip loops with index bounds.
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %seed = arith.constant 12345 : i64
  %z = scf.for %i = %c4 to %c4 step %c5 iter_args(%a = %seed) -> (i64) {
    %a1 = arith.muli %a, %a : i64
    scf.yield %a1 : i64
  }
  %s1 = scf.for %i = %c4 to %c5 step %c9 iter_args(%a = %seed) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %a1 = arith.addi %a, %ii : i64
    scf.yield %a1 : i64
  }
  %k = arith.constant 1000003 : i64
  %o1 = arith.muli %u8, %k : i64
  %o2 = arith.addi %o1, %s8 : i64
  %o3 = arith.muli %o2, %k : i64
  %o4 = arith.addi %o3, %u8b : i64
  %o5 = arith.muli %o4, %k : i64
  %o6 = arith.addi %o5, %u32 : i64
  %o7 = arith.muli %o6, %k : i64
  %o8 = arith.addi %o7, %s64 : i64
  %o9 = arith.xori %o8, %z : i64
  %o10 = arith.addi %o9, %s1 : i64
  return %o10 : i64
}
