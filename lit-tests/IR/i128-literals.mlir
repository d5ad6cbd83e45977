// Issue 11: 128-bit integer literals up to 2^128 - 1. A signless or unsigned i128 literal past
// i128::MAX is read as its bit pattern (printed as the signless value, as upstream); one more
// than 2^128 - 1, or past the range of si128, is refused.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics -allow-unregistered-dialect

// CHECK: %c-1_i128 = arith.constant -1 : i128
// CHECK: %c85070591730234615865843651857942052864_i128 = arith.constant 85070591730234615865843651857942052864 : i128
// CHECK: %c-170141183460469231731687303715884105728_i128 = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK: %c-170141183460469231731687303715884105728_i128_0 = arith.constant -170141183460469231731687303715884105728 : i128

//--- ok.mlir
func.func @wide() {
  %0 = arith.constant 340282366920938463463374607431768211455 : i128
  %1 = arith.constant 85070591730234615865843651857942052864 : i128
  %2 = arith.constant 170141183460469231731687303715884105728 : i128
  %3 = arith.constant -170141183460469231731687303715884105728 : i128
  return
}

//--- bad.mlir
func.func @too_wide() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 340282366920938463463374607431768211456 : i128
  return
}

// -----

func.func @too_wide_negative() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant -170141183460469231731687303715884105729 : i128
  return
}

// -----

func.func @signed_past_max() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = "test.c"() {v = 170141183460469231731687303715884105728 : si128} : () -> ()
  return
}
