// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// scf canonicalizations: an empty else goes; a multi-trip loop that only yields outside values
// is those values; loop-carried values that only cycle among iter_args with one init are that
// init; duplicate iter_args merge; index_switch results that are unused or the same outside
// value everywhere go.

func.func private @touch(i32)

// CHECK-LABEL: func.func @drop_empty_else(
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      func.call @touch
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @drop_empty_else(%c: i1, %v: i32) {
  scf.if %c {
    func.call @touch(%v) : (i32) -> ()
  } else {
  }
  return
}

// -----

// CHECK-LABEL: func.func @outside_yield(
// CHECK-SAME:    %{{.*}}: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    return %[[B]] : i32
func.func @outside_yield(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%x = %a) -> i32 {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

func.func private @touch(i32)

// CHECK-LABEL: func.func @swap_cycle(
// CHECK-SAME:    %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[ST:[^:]*]]: index, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
// CHECK:         %[[R:.*]]:2 = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[ST]] iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (i32, i32) {
// CHECK-NEXT:      func.call @touch(%[[A]])
// CHECK-NEXT:      scf.yield %[[Y]], %[[X]] : i32, i32
// CHECK:         return %[[A]], %[[A]], %[[R]]#0, %[[R]]#1
func.func @swap_cycle(%lb: index, %ub: index, %st: index, %a: i32, %b: i32) -> (i32, i32, i32, i32) {
  // Iter_args 0 and 1 swap values but both start as %a: always %a. Iter_args 2 and 3 swap
  // values with different inits: they stay.
  %r:4 = scf.for %i = %lb to %ub step %st iter_args(%p = %a, %q = %a, %x = %a, %y = %b) -> (i32, i32, i32, i32) {
    func.call @touch(%p) : (i32) -> ()
    scf.yield %q, %p, %y, %x : i32, i32, i32, i32
  }
  return %r#0, %r#1, %r#2, %r#3 : i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @duplicates(
// CHECK:         %[[R:.*]] = scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK:         return %[[R]], %[[R]]
func.func @duplicates(%lb: index, %ub: index, %st: index, %a: i32) -> (i32, i32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %a) -> (i32, i32) {
    %s = arith.muli %x, %y : i32
    scf.yield %s, %s : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// -----

// CHECK-LABEL: func.func @switch_results(
// CHECK-SAME:    %[[I:.*]]: index, %[[M:.*]]: memref<i32>, %[[V:.*]]: i32)
// CHECK:         scf.index_switch %[[I]]
// CHECK-NOT:     ->
// CHECK:         return %[[V]] : i32
func.func @switch_results(%i: index, %m: memref<i32>, %v: i32) -> i32 {
  %dead, %same = scf.index_switch %i -> i32, i32
  case 3 {
    %c = arith.constant 3 : i32
    memref.store %c, %m[] : memref<i32>
    scf.yield %c, %v : i32, i32
  }
  default {
    %c = arith.constant 4 : i32
    memref.store %c, %m[] : memref<i32>
    scf.yield %c, %v : i32, i32
  }
  return %same : i32
}
