// RUN: %onnx-opt %s -cse | FileCheck %s
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// Common subexpression elimination: identical side-effect-free ops (same name, operands,
// attributes/properties and result types) are merged when the first dominates the second,
// also into nested regions and dominated blocks, but not between sibling regions or blocks
// that do not dominate each other; commutative ops match with their operands swapped; calls
// are not merged; trivially dead ops are erased.


// CHECK-LABEL: func.func @simple_constant(
// CHECK-SAME: ) -> (i32, i32) {
// CHECK-NEXT: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C1_I32]], %[[C1_I32]] : i32, i32
// CHECK-NEXT: }
func.func @simple_constant() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @basic(
// CHECK-SAME: %[[ARG0:.*]]: index) -> (index, index) {
// CHECK-NEXT: %[[VAL_2:.*]] = arith.muli %[[ARG0]], %[[ARG0]] : index
// CHECK-NEXT: return %[[VAL_2]], %[[VAL_2]] : index, index
// CHECK-NEXT: }
func.func @basic(%a: index) -> (index, index) {
  %0 = arith.muli %a, %a : index
  %1 = arith.muli %a, %a : index
  return %0, %1 : index, index
}

// CHECK-LABEL: func.func @different_attributes(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> (i1, i1, i32, i32) {
// CHECK-NEXT: %[[VAL_3:.*]] = arith.cmpi slt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[VAL_4:.*]] = arith.cmpi sgt, %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[VAL_5:.*]] = arith.addi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: %[[VAL_6:.*]] = arith.addi %[[ARG0]], %[[ARG1]] overflow<nsw> : i32
// CHECK-NEXT: return %[[VAL_3]], %[[VAL_4]], %[[VAL_5]], %[[VAL_6]] : i1, i1, i32, i32
// CHECK-NEXT: }
func.func @different_attributes(%a: i32, %b: i32) -> (i1, i1, i32, i32) {
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi sgt, %a, %b : i32
  %2 = arith.addi %a, %b : i32
  %3 = arith.addi %a, %b overflow<nsw> : i32
  return %0, %1, %2, %3 : i1, i1, i32, i32
}

// CHECK-LABEL: func.func @different_types(
// CHECK-SAME: ) -> (i32, i64) {
// CHECK-DAG: %[[C1_I32:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C1_I64:.*]] = arith.constant 1 : i64
// CHECK: return %[[C1_I32]], %[[C1_I64]] : i32, i64
// CHECK-NEXT: }
func.func @different_types() -> (i32, i64) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i64
  return %0, %1 : i32, i64
}

// CHECK-LABEL: func.func @different_operand_order(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> (i32, i32) {
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addi %[[ARG0]], %[[ARG1]] : i32
// CHECK-NEXT: return %[[VAL_3]], %[[VAL_3]] : i32, i32
// CHECK-NEXT: }
func.func @different_operand_order(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func private @side_effect(
// CHECK-SAME: ) -> i32{{$}}
func.func private @side_effect() -> i32

// CHECK-LABEL: func.func @calls_not_merged(
// CHECK-SAME: ) -> (i32, i32) {
// CHECK-NEXT: %[[VAL_1:.*]] = call @side_effect() : () -> i32
// CHECK-NEXT: %[[VAL_2:.*]] = call @side_effect() : () -> i32
// CHECK-NEXT: return %[[VAL_1]], %[[VAL_2]] : i32, i32
// CHECK-NEXT: }
func.func @calls_not_merged() -> (i32, i32) {
  %0 = func.call @side_effect() : () -> i32
  %1 = func.call @side_effect() : () -> i32
  return %0, %1 : i32, i32
}

// CHECK-LABEL: func.func @multiple_results(
// CHECK-SAME: %[[ARG0:.*]]: i32, %[[ARG1:.*]]: i32) -> (i32, i1, i32, i1) {
// CHECK-NEXT: %[[SUM:.*]], %[[OVERFLOW:.*]] = arith.addui_extended %[[ARG0]], %[[ARG1]] : i32, i1
// CHECK-NEXT: return %[[SUM]], %[[OVERFLOW]], %[[SUM]], %[[OVERFLOW]] : i32, i1, i32, i1
// CHECK-NEXT: }
func.func @multiple_results(%a: i32, %b: i32) -> (i32, i1, i32, i1) {
  %0:2 = arith.addui_extended %a, %b : i32, i1
  %1:2 = arith.addui_extended %a, %b : i32, i1
  return %0#0, %0#1, %1#0, %1#1 : i32, i1, i32, i1
}

// CHECK-LABEL: func.func @dead_op_removed(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_2:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32
// CHECK-NEXT: return %[[VAL_2]] : i32
// CHECK-NEXT: }
func.func @dead_op_removed(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @nested_region_uses_dominating_op(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_3:.*]] = arith.addi %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: %[[VAL_4:.*]] = scf.if %[[ARG0]] -> (i32) {
// CHECK-NEXT: scf.yield %[[VAL_3]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[VAL_3]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @nested_region_uses_dominating_op(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %r = scf.if %c -> (i32) {
    %1 = arith.addi %a, %a : i32
    scf.yield %1 : i32
  } else {
    scf.yield %0 : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @sibling_regions_not_merged(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_3:.*]] = scf.if %[[ARG0]] -> (i32) {
// CHECK-NEXT: %[[VAL_4:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: scf.yield %[[VAL_4]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[VAL_5:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: scf.yield %[[VAL_5]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @sibling_regions_not_merged(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %1 = arith.muli %a, %a : i32
    scf.yield %1 : i32
  } else {
    %2 = arith.muli %a, %a : i32
    scf.yield %2 : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @dominating_block(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_3:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: }
func.func @dominating_block(%c: i1, %a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  return %1 : i32
^bb2:
  return %0 : i32
}

// CHECK-LABEL: func.func @non_dominating_blocks(
// CHECK-SAME: %[[ARG0:.*]]: i1, %[[ARG1:.*]]: i32) -> i32 {
// CHECK-NEXT: cf.cond_br %[[ARG0]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[VAL_3:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: return %[[VAL_3]] : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %[[VAL_4:.*]] = arith.muli %[[ARG1]], %[[ARG1]] : i32
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @non_dominating_blocks(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  return %1 : i32
^bb2:
  %2 = arith.muli %a, %a : i32
  return %2 : i32
}

// CHECK-LABEL: func.func @chain(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[VAL_2:.*]] = arith.addi %[[ARG0]], %[[ARG0]] : i32
// CHECK-NEXT: %[[VAL_3:.*]] = arith.muli %[[VAL_2]], %[[ARG0]] : i32
// CHECK-NEXT: %[[VAL_4:.*]] = arith.subi %[[VAL_3]], %[[VAL_3]] : i32
// CHECK-NEXT: return %[[VAL_4]] : i32
// CHECK-NEXT: }
func.func @chain(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.addi %a, %a : i32
  %3 = arith.muli %2, %a : i32
  %4 = arith.subi %1, %3 : i32
  return %4 : i32
}
