// RUN: %onnx-opt %s -canonicalize | FileCheck %s

// Region DCE removes block arguments that switches forward to, in the default destination and
// in cases; the switch's operandSegmentSizes and case_operand_segments must follow.

// CHECK-LABEL: func.func @switch_dead_arguments(
// CHECK-SAME: %[[F:.*]]: i32, %[[A:.*]]: i32, %[[B:.*]]: i32) {
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 1: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2
// CHECK-NEXT: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 1: ^bb2
// CHECK-NEXT: ]
// CHECK-NEXT: }
func.func @switch_dead_arguments(%f: i32, %a: i32, %b: i32) {
  cf.br ^bb2(%a : i32)
^bb1(%x1: i32):
  cf.switch %f : i32, [default: ^bb3(%a : i32), 1: ^bb2(%x1 : i32)]
^bb2(%x2: i32):
  %v2 = arith.addi %x2, %b : i32
  cf.switch %f : i32, [default: ^bb1(%a : i32), 42: ^bb3(%a : i32), 1: ^bb2(%b : i32), 3: ^bb1(%a : i32)]
^bb3(%x3: i32):
  cf.br ^bb1(%b : i32)
}

// CHECK-LABEL: func.func @switch_live_case_argument(
// CHECK-SAME: %[[F:.*]]: i32, %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^bb1(%[[A]] : i32),
// CHECK-NEXT: 5: ^bb1(%[[B]] : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return %[[X]] : i32
func.func @switch_live_case_argument(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [default: ^bb1(%a, %b : i32, i32), 5: ^bb1(%b, %a : i32, i32)]
^bb1(%x: i32, %dead: i32):
  return %x : i32
}
