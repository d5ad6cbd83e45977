// RUN: %onnx-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// A signless i128 holds any 128-bit pattern: the high half of the unsigned range reads as
// negative, as upstream prints it. Signed and unsigned types keep their range.

// CHECK-LABEL: func.func @wide
// CHECK: arith.constant -1 : i128
// CHECK: arith.constant -1 : i128
// CHECK: arith.constant 85070591730234615865843651857942052864 : i128
func.func @wide() -> (i128, i128, i128) {
  %0 = arith.constant 340282366920938463463374607431768211455 : i128
  %1 = arith.constant 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128
  %2 = arith.constant 85070591730234615865843651857942052864 : i128
  return %0, %1, %2 : i128, i128, i128
}

// -----

func.func @too_wide() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 340282366920938463463374607431768211456 : i128
  return
}

// -----

func.func @signed_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 340282366920938463463374607431768211455 : si128
  return
}

// -----

// index is signed: 2^63 and up are out of range, as upstream.
func.func @index_range() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant 18446744073709551615 : index
  return
}

// -----

// `true` and `false` are i1 and take no type.
// expected-error@+1 {{expected '}' in attribute dictionary}}
func.func private @bool_type() attributes {a = true : i32}

// -----

// A string typed `none` is an untyped string.
// CHECK-LABEL: func.func private @string_none()
// CHECK-SAME: attributes {s = "x"}
func.func private @string_none() attributes {s = "x" : none}
