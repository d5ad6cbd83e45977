// RUN: %onnx-opt %s -split-input-file -scf-for-to-while | FileCheck %s --implicit-check-not=scf.for
// Upstream's pass on the same input prints the same text (custom form, split chunks and all).
// RUN: %onnx-opt %s -split-input-file -scf-for-to-while > %t.ours
// RUN: %if mlir-upstream %{ %mlir-opt %s -split-input-file -scf-for-to-while > %t.theirs %}
// RUN: %if mlir-upstream %{ diff %t.ours %t.theirs %}
// The generic form too, read back by upstream (this compares the IR, not the two printers).
// RUN: %if mlir-upstream %{ %onnx-opt %s -split-input-file -scf-for-to-while -mlir-print-op-generic | %mlir-opt -split-input-file -mlir-print-op-generic > %t.ours.generic %}
// RUN: %if mlir-upstream %{ %mlir-opt %s -split-input-file -scf-for-to-while -mlir-print-op-generic | %mlir-opt -split-input-file -mlir-print-op-generic > %t.theirs.generic %}
// RUN: %if mlir-upstream %{ diff %t.ours.generic %t.theirs.generic %}

// An index loop with an iter_arg: the induction variable is carried first, the
// bound test is `slt`, the step is added at the start of the after region.

// CHECK-LABEL: func.func @index_loop(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[X:.*]]: i64)
// CHECK:         %[[W:.*]]:2 = scf.while (%[[IV:.*]] = %[[LB]], %[[ACC:.*]] = %[[X]]) : (index, i64) -> (index, i64) {
// CHECK:           %[[C:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK:           scf.condition(%[[C]]) %[[IV]], %[[ACC]] : index, i64
// CHECK:         } do {
// CHECK:         ^bb0(%[[IV2:.*]]: index, %[[ACC2:.*]]: i64):
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[IV2]], %[[ST]] : index
// CHECK-NEXT:      %[[I64:.*]] = arith.index_cast %[[IV2]] : index to i64
// CHECK-NEXT:      %[[SUM:.*]] = arith.addi %[[ACC2]], %[[I64]] : i64
// CHECK-NEXT:      scf.yield %[[NEXT]], %[[SUM]] : index, i64
// CHECK:         return %[[W]]#1 : i64
func.func @index_loop(%lb: index, %ub: index, %st: index, %x: i64) -> i64 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %x) -> (i64) {
    %c = arith.index_cast %i : index to i64
    %n = arith.addi %acc, %c : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// -----

// An `unsigned` loop compares `ult`; its attributes (`unsignedCmp` included)
// go to the while, as upstream copies the for op's whole attribute dictionary.

// CHECK-LABEL: func.func @unsigned_loop(
// CHECK:         scf.while
// CHECK:           arith.cmpi ult, %{{.*}}, %{{.*}} : i8
// CHECK:         } attributes {tag = 7 : i64, unsignedCmp}
func.func @unsigned_loop(%lb: i8, %ub: i8, %st: i8) -> i8 {
  %r = scf.for unsigned %i = %lb to %ub step %st iter_args(%a = %lb) -> (i8) : i8 {
    %n = arith.xori %a, %i : i8
    scf.yield %n : i8
  } {tag = 7}
  return %r : i8
}

// -----

// Nested loops with iter_args: both become while loops; the inner one starts
// at the outer induction variable and carries the outer iter_arg.

// CHECK-LABEL: func.func @nested(
// CHECK:         %[[OUT:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}, %[[A:.*]] = %{{.*}}, %[[B:.*]] = %{{.*}}) : (i32, i32, i64) -> (i32, i32, i64) {
// CHECK:           arith.cmpi slt, %[[I]], %{{.*}} : i32
// CHECK:         } do {
// CHECK:         ^bb0(%[[I2:.*]]: i32, %[[A2:.*]]: i32, %[[B2:.*]]: i64):
// CHECK:           arith.addi %[[I2]], %{{.*}} : i32
// CHECK:           %[[IN:.*]]:2 = scf.while (%[[J:.*]] = %[[I2]], %{{.*}} = %[[A2]]) : (i32, i32) -> (i32, i32) {
// CHECK:             arith.cmpi slt, %[[J]], %{{.*}} : i32
// CHECK:           scf.yield %{{.*}}, %[[IN]]#1, %{{.*}} : i32, i32, i64
// CHECK:         return %[[OUT]]#1, %[[OUT]]#2 : i32, i64
func.func @nested(%lb: i32, %ub: i32) -> (i32, i64) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %z = arith.constant 0 : i64
  %r:2 = scf.for %i = %lb to %ub step %c3 iter_args(%a = %lb, %b = %z) -> (i32, i64) : i32 {
    %s = scf.for %j = %i to %ub step %c1 iter_args(%t = %a) -> (i32) : i32 {
      %u = arith.addi %t, %j : i32
      scf.yield %u : i32
    }
    %w = arith.extsi %s : i32 to i64
    %b2 = arith.addi %b, %w : i64
    scf.yield %s, %b2 : i32, i64
  }
  return %r#0, %r#1 : i32, i64
}

// -----

// No iter_args and effects in the body: the while only carries the induction
// variable, and its result is unused but the loop stays.

// CHECK-LABEL: func.func @store_loop(
// CHECK:         %{{.*}} = scf.while (%[[I:.*]] = %{{.*}}) : (index) -> index {
// CHECK:           scf.condition(%{{.*}}) %[[I]] : index
// CHECK:         memref.store
func.func @store_loop(%m: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c2 {
    memref.store %i, %m[%i] : memref<?xindex>
  }
  return
}

// -----

// A loop with nothing to do (no results, no effects) is erased by the greedy
// driver that runs the pattern, as upstream's is.

// CHECK-LABEL: func.func @dead_loop(
// CHECK-NEXT:    return
func.func @dead_loop(%lb: index, %ub: index, %st: index) {
  scf.for %i = %lb to %ub step %st {
    %x = arith.addi %i, %i : index
  }
  return
}
