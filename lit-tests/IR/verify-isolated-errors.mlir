// Issue 11: as upstream's verifier, each function (an isolated-from-above op) is verified on
// its own, so the errors of all failing functions of a module are reported, not just the
// first; within one function the first error still stops it. Ops outside functions fail
// before any function is looked at.
// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// RUN: not %onnx-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: verify-isolated-errors.mlir:12:8: error: 'arith.constant' op integer return type must be signless
// CHECK: verify-isolated-errors.mlir:21:8: error: 'arith.addi' op requires the same type for all operands and results
func.func @first() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  %s = "arith.constant"() {value = -1 : si32} : () -> si32
  return
}
func.func @fine() {
  return
}
func.func @second(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %c = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

// A failure outside the functions stops verification before them.
func.func @unchecked() {
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  return
}
// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
func.return
