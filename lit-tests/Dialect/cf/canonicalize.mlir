// RUN: %onnx-opt %s -canonicalize | FileCheck %s

// cf canonicalizations and canonicalize's region simplification: constant conditions and
// flags, a branch to a block with a single predecessor merges the blocks, pass-through blocks
// and identical successors fold (to arith.select where the operands differ), unreachable
// blocks and always-true asserts go away, a real loop stays.


// CHECK-LABEL: func.func @cond_br_true(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @cond_br_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @cond_br_false(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addi %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @cond_br_false(%a: i32, %b: i32) -> i32 {
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i32):
  %0 = arith.addi %y, %y : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cond_br_same_successor_and_operands(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @cond_br_same_successor_and_operands(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @cond_br_same_successor_different_operands(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_4:.*]] = arith.select %[[ARG0]], %[[ARG1]], %[[ARG2]] : i32
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @cond_br_same_successor_different_operands(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @br_single_predecessor(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_2:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.muli %[[VAL_2]], %[[VAL_2]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @br_single_predecessor(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  cf.br ^bb1(%0 : i32)
^bb1(%x: i32):
  %1 = arith.muli %x, %x : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @br_chain(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @br_chain(%a: i32) -> i32 {
  cf.br ^bb1
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @br_passthrough(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_4:.*]] = arith.select %[[ARG0]], %[[ARG1]], %[[ARG2]] : i32
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @br_passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @unreachable_block_removed(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @unreachable_block_removed(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @identical_block_arguments(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @identical_block_arguments(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %a, %a : i32
  cf.br ^bb3(%a : i32)
^bb2:
  %1 = arith.muli %a, %a : i32
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @switch_constant_flag(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @switch_constant_flag(%a: i32, %b: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.switch %c1 : i32, [
    default: ^bb1(%a : i32),
    1: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @switch_default_only(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG1]] : i32
// CHECK-NEXT: }
func.func @switch_default_only(%f: i32, %a: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @switch_case_same_as_default(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32, %[[ARG2:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.switch %[[ARG0]] : i32, [
// CHECK-NEXT: default: ^bb1(%[[ARG1]] : i32),
// CHECK-NEXT: 4: ^bb1(%[[ARG2]] : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[VAL_4:.*]]: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @switch_case_same_as_default(%f: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^bb1(%a : i32),
    3: ^bb1(%a : i32),
    4: ^bb1(%b : i32)
  ]
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @assert_true(
// CHECK-SAME: ) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert_true() {
  %true = arith.constant true
  cf.assert %true, "always"
  return
}

// CHECK-LABEL: func.func @assert_kept(
// CHECK-SAME: %[[ARG0:.*]]: i1) {
// CHECK-NEXT: cf.assert %[[ARG0]], "maybe"
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert_kept(%c: i1) {
  cf.assert %c, "maybe"
  return
}

// CHECK-LABEL: func.func @loop_kept(
// CHECK-SAME: %[[ARG0:.*]]: index) -> index {
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: cf.br ^bb1(%[[C0]] : index)
// CHECK-NEXT: ^bb1(%[[VAL_4:.*]]: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %[[VAL_5:.*]] = arith.cmpi slt, %[[VAL_4]], %[[ARG0]] : index
// CHECK-NEXT: cf.cond_br %[[VAL_5]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[VAL_6:.*]] = arith.addi %[[VAL_4]], %[[C1]] : index
// CHECK-NEXT: cf.br ^bb1(%[[VAL_6]] : index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %[[VAL_4]] : index
// CHECK-NEXT: }
func.func @loop_kept(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  return %i : index
}
