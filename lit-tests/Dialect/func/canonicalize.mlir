// RUN: %onnx-opt %s -canonicalize | FileCheck %s

// func.call_indirect of a func.constant becomes a direct call; a func.constant with no use is
// dead; a call is not (it may have side effects).


// CHECK-LABEL: func.func private @callee(
// CHECK-SAME: i32) -> i32{{$}}
func.func private @callee(i32) -> i32

// CHECK-LABEL: func.func @call_indirect_of_constant(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_2:.*]] = call @callee(%[[ARG0]]) : (i32) -> i32
// CHECK-NEXT: return %[[VAL_2]] : i32
// CHECK-NEXT: }
func.func @call_indirect_of_constant(%a: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @dead_constant_removed(
// CHECK-SAME: ) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_constant_removed() {
  %f = func.constant @callee : (i32) -> i32
  return
}

// CHECK-LABEL: func.func @unused_call_kept(
// CHECK-SAME: %[[ARG0:.*]]: i32) {
// CHECK-NEXT: %[[VAL_2:.*]] = call @callee(%[[ARG0]]) : (i32) -> i32
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @unused_call_kept(%a: i32) {
  %0 = func.call @callee(%a) : (i32) -> i32
  return
}

// CHECK-LABEL: func.func @return_folded_operands(
// CHECK-SAME: ) -> i32 {
// CHECK-NEXT: %[[C3_I32:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[VAL_2:.*]] = call @callee(%[[C3_I32]]) : (i32) -> i32
// CHECK-NEXT: return %[[VAL_2]] : i32
// CHECK-NEXT: }
func.func @return_folded_operands() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  %1 = func.call @callee(%0) : (i32) -> i32
  return %1 : i32
}
