// RUN: %onnx-opt %s -split-input-file -scf-rotate-while | FileCheck %s
// RUN: %onnx-opt %s -split-input-file -scf-rotate-while="force-create-check=true" | FileCheck %s --check-prefix=FORCE
// RUN: %onnx-opt %s -split-input-file -scf-rotate-while="max-before-ops=1000" | FileCheck %s --check-prefix=NOLIMIT
//
// Without the size limit our output is upstream's: its test pass runs the same
// utility (scf::wrapWhileLoopInZeroTripCheck) on every function.
// RUN: %onnx-opt %s -split-input-file -scf-rotate-while="max-before-ops=1000" > %t.ours
// RUN: %if mlir-upstream %{ %mlir-opt %s -split-input-file -test-wrap-scf-while-loop-in-zero-trip-check > %t.theirs %}
// RUN: %if mlir-upstream %{ diff %t.ours %t.theirs %}
// RUN: %onnx-opt %s -split-input-file -scf-rotate-while="force-create-check=true max-before-ops=1000" > %t.ours.force
// RUN: %if mlir-upstream %{ %mlir-opt %s -split-input-file -test-wrap-scf-while-loop-in-zero-trip-check=force-create-check > %t.theirs.force %}
// RUN: %if mlir-upstream %{ diff %t.ours.force %t.theirs.force %}
// And after scf-for-to-while, against the two upstream passes in a row.
// RUN: %onnx-opt %s -split-input-file -scf-for-to-while -scf-rotate-while="max-before-ops=1000" > %t.ours.for
// RUN: %if mlir-upstream %{ %mlir-opt %s -split-input-file -scf-for-to-while | %mlir-opt -split-input-file -test-wrap-scf-while-loop-in-zero-trip-check > %t.theirs.for %}
// RUN: %if mlir-upstream %{ diff %t.ours.for %t.theirs.for %}

// A counting loop as scf-for-to-while produces it. The test on the initial
// values guards a loop that runs the body, then the test, and whose after
// region only forwards; when the guard fails the initial values are the results.

// CHECK-LABEL: func.func @counting(
// CHECK-SAME:      %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[ST:.*]]: i32)
// CHECK:         %[[PRE:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK:         %[[IF:.*]]:2 = scf.if %[[PRE]] -> (i32, i32) {
// CHECK:           %[[W:.*]]:2 = scf.while (%[[I:.*]] = %[[LB]], %[[A:.*]] = %[[LB]]) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:        %[[N:.*]] = arith.addi %[[I]], %[[ST]] : i32
// CHECK-NEXT:        %[[S:.*]] = arith.addi %[[A]], %[[I]] : i32
// CHECK-NEXT:        %[[C:.*]] = arith.cmpi slt, %[[N]], %[[UB]] : i32
// CHECK-NEXT:        scf.condition(%[[C]]) %[[N]], %[[S]] : i32, i32
// CHECK-NEXT:      } do {
// CHECK-NEXT:      ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32):
// CHECK-NEXT:        scf.yield %[[X]], %[[Y]] : i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[W]]#0, %[[W]]#1 : i32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[LB]], %[[LB]] : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[IF]]#1 : i32
func.func @counting(%lb: i32, %ub: i32, %st: i32) -> i32 {
  %r:2 = scf.while (%i = %lb, %a = %lb) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %ub : i32
    scf.condition(%c) %i, %a : i32, i32
  } do {
  ^bb0(%i: i32, %a: i32):
    %n = arith.addi %i, %st : i32
    %s = arith.addi %a, %i : i32
    scf.yield %n, %s : i32, i32
  }
  return %r#1 : i32
}

// -----

// A before region with effects is rotated too, as upstream does: it still runs
// once more than the after region, in the same order. It forwards values of
// other types than it receives.

// CHECK-LABEL: func.func @effects_in_before(
// CHECK:         memref.store %{{.*}}, %[[M:.*]][%{{.*}}] : memref<4xi32>
// CHECK:         scf.if
// CHECK:           scf.while
// CHECK:             arith.addi
// CHECK:             memref.store %{{.*}}, %[[M]][%{{.*}}] : memref<4xi32>
// CHECK:             scf.condition
func.func @effects_in_before(%x: i32, %m: memref<4xi32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %ub = arith.constant 100 : i32
  %r = scf.while (%a = %x) : (i32) -> i64 {
    memref.store %a, %m[%c0] : memref<4xi32>
    %c = arith.cmpi slt, %a, %ub : i32
    %w = arith.extsi %a : i32 to i64
    scf.condition(%c) %w : i64
  } do {
  ^bb0(%b: i64):
    %t = arith.trunci %b : i64 to i32
    %n = arith.addi %t, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i64
}

// -----

// A loop already in do-while form (its after region starts with the yield) is
// left alone, unless forced.

// CHECK-LABEL: func.func @do_while(
// CHECK-NOT:     scf.if
// CHECK:         scf.while
// CHECK-NOT:     scf.if
// CHECK:         return
// FORCE-LABEL: func.func @do_while(
// FORCE:         %[[PRE:.*]] = arith.cmpi
// FORCE:         scf.if %[[PRE]]
// FORCE:           scf.while
func.func @do_while(%x: i32, %ub: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %n = arith.addi %a, %c1 : i32
    %c = arith.cmpi slt, %n, %ub : i32
    scf.condition(%c) %n : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// Nested loops: both are rotated; the inner one, in the outer after region,
// moves into the new outer loop's before region.

// CHECK-LABEL: func.func @nested(
// CHECK:         scf.if
// CHECK:           scf.while
// CHECK:             scf.if
// CHECK:               scf.while
// CHECK-COUNT-2:   } do {
func.func @nested(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %a = %c0) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i, %a : i32, i32
  } do {
  ^bb0(%i: i32, %a: i32):
    %s:2 = scf.while (%j = %i, %b = %a) : (i32, i32) -> (i32, i32) {
      %d = arith.cmpi slt, %j, %n : i32
      scf.condition(%d) %j, %b : i32, i32
    } do {
    ^bb0(%j: i32, %b: i32):
      %j2 = arith.addi %j, %c1 : i32
      %b2 = arith.addi %b, %j : i32
      scf.yield %j2, %b2 : i32, i32
    }
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %s#1 : i32, i32
  }
  return %r#1 : i32
}

// -----

// A before region of 17 ops is over the default limit (16): copying it in
// front of the loop would cost more code than the branch it saves is worth.

// CHECK-LABEL: func.func @large_before(
// CHECK-NOT:     scf.if
// CHECK:         return
// NOLIMIT-LABEL: func.func @large_before(
// NOLIMIT:         scf.if
func.func @large_before(%x: i32, %ub: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %v1 = arith.muli %a, %a : i32
    %v2 = arith.addi %v1, %a : i32
    %v3 = arith.xori %v2, %ub : i32
    %v4 = arith.muli %v3, %v2 : i32
    %v5 = arith.addi %v4, %v1 : i32
    %v6 = arith.xori %v5, %a : i32
    %v7 = arith.muli %v6, %v5 : i32
    %v8 = arith.addi %v7, %v4 : i32
    %v9 = arith.xori %v8, %v3 : i32
    %v10 = arith.muli %v9, %v8 : i32
    %v11 = arith.addi %v10, %v7 : i32
    %v12 = arith.xori %v11, %v6 : i32
    %v13 = arith.muli %v12, %v11 : i32
    %v14 = arith.addi %v13, %v10 : i32
    %v15 = arith.xori %v14, %v9 : i32
    %v16 = arith.andi %v15, %ub : i32
    %c = arith.cmpi slt, %v16, %ub : i32
    scf.condition(%c) %v16 : i32
  } do {
  ^bb0(%b: i32):
    %n = arith.addi %b, %x : i32
    scf.yield %n : i32
  }
  return %r : i32
}
