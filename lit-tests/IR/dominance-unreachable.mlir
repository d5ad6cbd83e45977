// Issue 11: like upstream, the ops of a block that the entry cannot reach are not checked for
// dominance (their nested regions still are). Passes and code generation cope with them.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir --cse --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: %onnx-opt %t/ok.mlir --convert-scf-to-cf --cse | %onnx-opt | FileCheck %s
// RUN: %onnx-run -O0 -e later_block %t/ok.mlir | FileCheck %s --check-prefix=RUN-RESULT
// RUN: %onnx-run -O2 -e same_block %t/ok.mlir | FileCheck %s --check-prefix=RUN-RESULT
// RUN: %onnx-opt %t/bad.mlir -verify-diagnostics

// CHECK-LABEL: func.func @same_block
// CHECK: ^bb1:
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[B:.*]], %[[B]] : i32
// CHECK-NEXT: %[[B]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-LABEL: func.func @later_block
// CANON-LABEL: func.func @same_block
// CANON-NEXT: arith.constant 7 : i32
// CANON-NEXT: return
// RUN-RESULT: 7

//--- ok.mlir
func.func @same_block() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
^dead:
  %a = arith.addi %b, %b : i32
  %b = arith.addi %a, %a : i32
  cf.br ^dead
}
func.func @later_block() -> i32 {
  %c = arith.constant 7 : i32
  return %c : i32
^dead1:
  %a = arith.addi %b, %b : i32
  cf.br ^dead2
^dead2:
  %b = arith.constant 1 : i32
  cf.br ^dead1
}

//--- bad.mlir
// Nested regions of an unreachable block are still checked, as upstream.
func.func @nested_in_dead(%p: i1) -> i32 {
  %c = arith.constant 0 : i32
  return %c : i32
^dead:
  %r = scf.if %p -> i32 {
    // expected-error @+1 {{operand #0 does not dominate this use}}
    scf.yield %b : i32
  } else {
    scf.yield %c : i32
  }
  // expected-note @+1 {{operand defined here}}
  %b = arith.constant 1 : i32
  cf.br ^dead
}
