// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file --scf-if-to-select | FileCheck %s
// RUN: %onnx-opt %s -allow-unregistered-dialect -split-input-file '--scf-if-to-select=max-ops-per-branch=5' | FileCheck %s --check-prefix=FIVE
// Upstream mlir-opt parses and verifies the output, and prints the same thing back.
// RUN: %if mlir-upstream %{ %onnx-opt %s -allow-unregistered-dialect -split-input-file --scf-if-to-select | %mlir-opt -allow-unregistered-dialect -split-input-file | FileCheck %s %}
// RUN: not %onnx-opt %s '--scf-if-to-select=max-ops-per-branch=many' 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: invalid value 'many' for integer option 'max-ops-per-branch'

// If-conversion: an scf.if with results whose branches hold at most
// max-ops-per-branch (default 4) speculatable ops becomes the ops of both
// branches, hoisted in order (then before else), and one arith.select per
// result whose yielded values differ.

// CHECK-LABEL: func.func @two_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[E:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %[[T]], %[[E]] : i32
// CHECK-NEXT:    return %[[S]], %[[A]] : i32, i32
func.func @two_results(%c: i1, %a: i32, %b: i32) -> (i32, i32) {
  %r:2 = scf.if %c -> (i32, i32) {
    %t = arith.addi %a, %b : i32
    scf.yield %t, %a : i32, i32
  } else {
    %e = arith.subi %a, %b : i32
    scf.yield %e, %a : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// Empty branches are just a select; float and math ops are speculatable.
// CHECK-LABEL: func.func @float_and_math(
// CHECK-SAME:      %[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT:    %[[S0:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %[[Q:.*]] = math.sqrt %[[X]] : f32
// CHECK-NEXT:    %[[D:.*]] = arith.divf %[[Q]], %[[Y]] : f32
// CHECK-NEXT:    %[[E:.*]] = math.exp %[[Y]] : f32
// CHECK-NEXT:    %[[S1:.*]] = arith.select %[[C]], %[[D]], %[[E]] : f32
// CHECK-NEXT:    return %[[S0]], %[[S1]] : f32, f32
func.func @float_and_math(%c: i1, %x: f32, %y: f32) -> (f32, f32) {
  %r0 = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    scf.yield %y : f32
  }
  %r1 = scf.if %c -> (f32) {
    %q = math.sqrt %x : f32
    %d = arith.divf %q, %y : f32
    scf.yield %d : f32
  } else {
    %e = math.exp %y : f32
    scf.yield %e : f32
  }
  return %r0, %r1 : f32, f32
}

// -----

// Integer division is speculated only by a constant divisor that is not 0
// (nor -1 for the signed ones, where INT_MIN / -1 overflows).
// CHECK-LABEL: func.func @division(
// CHECK:         arith.divsi %{{.*}}, %c7_i32
// CHECK:         arith.remui %{{.*}}, %c-1_i32
// CHECK:         arith.select
// CHECK:         scf.if
// CHECK:           arith.divsi %{{.*}}, %{{.*}} : i32
// CHECK:         scf.if
// CHECK:           arith.divui %{{.*}}, %c0_i32
// CHECK:         scf.if
// CHECK:           arith.floordivsi %{{.*}}, %c-1_i32
// CHECK:         return
func.func @division(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %ok = scf.if %c -> (i32) {
    %q = arith.divsi %a, %c7 : i32
    scf.yield %q : i32
  } else {
    %r = arith.remui %a, %cm1 : i32
    scf.yield %r : i32
  }
  %dyn = scf.if %c -> (i32) {
    %q = arith.divsi %a, %b : i32
    scf.yield %q : i32
  } else {
    scf.yield %a : i32
  }
  %zero = scf.if %c -> (i32) {
    %q = arith.divui %a, %c0 : i32
    scf.yield %q : i32
  } else {
    scf.yield %a : i32
  }
  %minus1 = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %q = arith.floordivsi %a, %cm1 : i32
    scf.yield %q : i32
  }
  return %ok, %dyn, %zero, %minus1 : i32, i32, i32, i32
}

// -----

// Memory effects, unknown ops and ops with regions stay in their branch;
// so does math.ipowi, whose upstream lowering divides by zero for 0^-n.
// CHECK-LABEL: func.func @not_speculatable(
// CHECK-COUNT-5: scf.if
// CHECK-NOT:     arith.select
func.func @not_speculatable(%c: i1, %m: memref<i32>, %a: i32) -> (i32, i32, i32, i32, i32) {
  %load = scf.if %c -> (i32) {
    %v = memref.load %m[] : memref<i32>
    scf.yield %v : i32
  } else {
    scf.yield %a : i32
  }
  %unknown = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    %v = "test.opaque"(%a) : (i32) -> i32
    scf.yield %v : i32
  }
  %store = scf.if %c -> (i32) {
    memref.store %a, %m[] : memref<i32>
    scf.yield %a : i32
  } else {
    %v = arith.addi %a, %a : i32
    scf.yield %v : i32
  }
  %region = scf.if %c -> (i32) {
    %v = scf.execute_region -> i32 {
      scf.yield %a : i32
    }
    scf.yield %v : i32
  } else {
    scf.yield %a : i32
  }
  %ipowi = scf.if %c -> (i32) {
    %v = math.ipowi %a, %a : i32
    scf.yield %v : i32
  } else {
    scf.yield %a : i32
  }
  return %load, %unknown, %store, %region, %ipowi : i32, i32, i32, i32, i32
}

// -----

// Five ops in a branch are too many by default, not with max-ops-per-branch=5.
// CHECK-LABEL: func.func @too_many_ops(
// CHECK:         scf.if
// CHECK-NOT:     arith.select
// FIVE-LABEL:  func.func @too_many_ops(
// FIVE-NOT:      scf.if
// FIVE:          arith.select
func.func @too_many_ops(%c: i1, %a: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %x1 = arith.muli %a, %a : i64
    %x2 = arith.addi %x1, %a : i64
    %x3 = arith.xori %x2, %a : i64
    %x4 = arith.shli %x3, %a : i64
    %x5 = arith.ori %x4, %a : i64
    scf.yield %x5 : i64
  } else {
    scf.yield %a : i64
  }
  return %r : i64
}

// -----

// Ifs without results (and so also without else) are not select material.
// CHECK-LABEL: func.func @no_results(
// CHECK-COUNT-2: scf.if
func.func @no_results(%c: i1, %m: memref<index>, %i: index) {
  scf.if %c {
    memref.store %i, %m[] : memref<index>
  }
  scf.if %c {
    %j = arith.addi %i, %i : index
    memref.store %j, %m[] : memref<index>
  } else {
    memref.store %i, %m[] : memref<index>
  }
  return
}

// -----

// Post-order: the inner if (index results) goes first; its two ops and select
// then fit in the outer branch, which converts too.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[C:[^:]*]]: i1, %[[D:[^:]*]]: i1, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index)
// CHECK-NEXT:    %[[P:.*]] = arith.muli %[[I]], %[[J]] : index
// CHECK-NEXT:    %[[Q:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK-NEXT:    %[[IN:.*]] = arith.select %[[D]], %[[P]], %[[Q]] : index
// CHECK-NEXT:    %[[T:.*]] = arith.subi %[[IN]], %[[J]] : index
// CHECK-NEXT:    %[[OUT:.*]] = arith.select %[[C]], %[[T]], %[[I]] : index
// CHECK-NEXT:    return %[[OUT]] : index
func.func @nested(%c: i1, %d: i1, %i: index, %j: index) -> index {
  %r = scf.if %c -> (index) {
    %in = scf.if %d -> (index) {
      %p = arith.muli %i, %j : index
      scf.yield %p : index
    } else {
      %q = arith.addi %i, %j : index
      scf.yield %q : index
    }
    %t = arith.subi %in, %j : index
    scf.yield %t : index
  } else {
    scf.yield %i : index
  }
  return %r : index
}

// -----

// Inside a loop body, with a condition computed in the loop.
// CHECK-LABEL: func.func @in_loop(
// CHECK:         scf.for
// CHECK-NOT:       scf.if
// CHECK:           %[[CMP:.*]] = arith.cmpi slt
// CHECK:           %[[NEG:.*]] = arith.subi
// CHECK:           arith.select %[[CMP]], %[[NEG]], %{{.*}} : i64
func.func @in_loop(%n: index, %v: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (i64) {
    %neg = arith.cmpi slt, %acc, %zero : i64
    %abs = scf.if %neg -> (i64) {
      %m = arith.subi %zero, %acc : i64
      scf.yield %m : i64
    } else {
      scf.yield %acc : i64
    }
    %next = arith.addi %abs, %v : i64
    scf.yield %next : i64
  }
  return %r : i64
}
