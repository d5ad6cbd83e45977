// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Blocks and values may be used before they are defined in the text, as long as the
// definition dominates the use. Blocks print in their textual order, renumbered.


// CHECK-LABEL: func.func @forward_block_and_value(
// CHECK-SAME: %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[X:.*]], %[[X]] : i32
// CHECK-NEXT: return %[[R]] : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[X]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: }
func.func @forward_block_and_value(%a: i32) -> i32 {
  cf.br ^def
^use:
  %r = arith.addi %x, %x : i32
  return %r : i32
^def:
  %x = arith.muli %a, %a : i32
  cf.br ^use
}

// CHECK-LABEL: func.func @forward_reference_across_blocks_in_a_loop(
// CHECK-SAME: %[[N:.*]]: index) -> index {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: cf.br ^bb2(%[[C0]] : index)
// CHECK-NEXT: ^bb1:  // pred: ^bb2
// CHECK-NEXT: return %[[I:.*]] : index
// CHECK-NEXT: ^bb2(%[[I]]: index):  // 2 preds: ^bb0, ^bb3
// CHECK-NEXT: %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: cf.cond_br %[[MORE]], ^bb3, ^bb1
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT: cf.br ^bb2(%[[NEXT]] : index)
// CHECK-NEXT: }
func.func @forward_reference_across_blocks_in_a_loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  cf.br ^header(%c0 : index)
^exit:
  return %i : index
^header(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %c1 = arith.constant 1 : index
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next : index)
}
