// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-run %s | FileCheck %s
// RUN: %onnx-run -O0 %s | FileCheck %s
// RUN: %onnx-opt %s --convert-scf-to-cf | %onnx-run -O0 | FileCheck %s
// RUN: bash %S/run-aot.sh %onnx-compile %cc %s %t | FileCheck %s
// Not in programs/: upstream's lowering truncates the flag to i32 (its bug, issue 11), so
// run-diff.sh and the harnesses over programs/ cannot compare with it. The expected value is
// worked out by hand: the flags pick cases 4, 1, 2, 3, 5, 5, 5 and the result is the base-31
// number of those digits.
// CHECK: {{^}}3580585255{{$}}

// scf.index_switch with case values beyond i32 (2^32, -1, INT64_MIN) on run-time flags: the
// flags are loaded from memory inside a loop and passed through a call, so nothing folds
// them. 2^32 - 1 and INT64_MAX must not match -1, and 0 must not match 2^32.
func.func private @pick(%flag: index) -> i64 {
  %r = scf.index_switch %flag -> i64
  case 4294967296 {
    %k = arith.constant 1 : i64
    scf.yield %k : i64
  }
  case -1 {
    %k = arith.constant 2 : i64
    scf.yield %k : i64
  }
  case -9223372036854775808 {
    %k = arith.constant 3 : i64
    scf.yield %k : i64
  }
  case 0 {
    %k = arith.constant 4 : i64
    scf.yield %k : i64
  }
  default {
    %k = arith.constant 5 : i64
    scf.yield %k : i64
  }
  return %r : i64
}

func.func @main() -> i64 {
  %flags = memref.alloca() : memref<7xindex>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %f1 = arith.constant 4294967296 : index
  %f2 = arith.constant -1 : index
  %f3 = arith.constant -9223372036854775808 : index
  %f5 = arith.constant 4294967295 : index
  %f6 = arith.constant 9223372036854775807 : index
  memref.store %c0, %flags[%c0] : memref<7xindex>
  memref.store %f1, %flags[%c1] : memref<7xindex>
  memref.store %f2, %flags[%c2] : memref<7xindex>
  memref.store %f3, %flags[%c3] : memref<7xindex>
  memref.store %c7, %flags[%c4] : memref<7xindex>
  memref.store %f5, %flags[%c5] : memref<7xindex>
  memref.store %f6, %flags[%c6] : memref<7xindex>
  %zero = arith.constant 0 : i64
  %c31 = arith.constant 31 : i64
  %h = scf.for %i = %c0 to %c7 step %c1 iter_args(%acc = %zero) -> (i64) {
    %flag = memref.load %flags[%i] : memref<7xindex>
    %id = func.call @pick(%flag) : (index) -> i64
    %m = arith.muli %acc, %c31 : i64
    %n = arith.addi %m, %id : i64
    scf.yield %n : i64
  }
  return %h : i64
}
