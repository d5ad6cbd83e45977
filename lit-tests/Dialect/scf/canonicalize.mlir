// RUN: %onnx-opt %s -canonicalize -split-input-file | FileCheck %s

// scf canonicalizations that upstream MLIR 22's -canonicalize also performs,
// with upstream's exact result. Side effects (memref.store) keep regions alive
// where a case is not about dead code.

// CHECK-LABEL: func.func @if_true_with_results(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[S]] : f32
func.func @if_true_with_results(%a: f32, %b: f32) -> f32 {
  %true = arith.constant true
  %r = scf.if %true -> (f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  } else {
    %d = arith.subf %a, %b : f32
    scf.yield %d : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @if_false_with_results(
// CHECK-SAME:      %[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT:    %[[D:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    return %[[D]] : f32
func.func @if_false_with_results(%a: f32, %b: f32) -> f32 {
  %false = arith.constant false
  %r = scf.if %false -> (f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  } else {
    %d = arith.subf %a, %b : f32
    scf.yield %d : f32
  }
  return %r : f32
}

// -----

// CHECK-LABEL: func.func @if_true_no_else(
// CHECK-SAME:      %[[M:.*]]: memref<f32>, %[[V:.*]]: f32)
// CHECK-NEXT:    memref.store %[[V]], %[[M]][] : memref<f32>
// CHECK-NEXT:    return
func.func @if_true_no_else(%m: memref<f32>, %v: f32) {
  %true = arith.constant true
  scf.if %true {
    memref.store %v, %m[] : memref<f32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_false_no_else(
// CHECK-NEXT:    return
func.func @if_false_no_else(%m: memref<f32>, %v: f32) {
  %false = arith.constant false
  scf.if %false {
    memref.store %v, %m[] : memref<f32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_remove_unused_result(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32, %[[M:.*]]: memref<f32>) -> f32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      memref.store %[[S]], %[[M]][] : memref<f32>
// CHECK-NEXT:      %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT:      scf.yield %[[P]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:      memref.store %[[D]], %[[M]][] : memref<f32>
// CHECK-NEXT:      %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f32
// CHECK-NEXT:      scf.yield %[[Q]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @if_remove_unused_result(%c: i1, %a: f32, %b: f32, %m: memref<f32>) -> f32 {
  %r:2 = scf.if %c -> (f32, f32) {
    %s = arith.addf %a, %b : f32
    memref.store %s, %m[] : memref<f32>
    %p = arith.mulf %a, %b : f32
    scf.yield %s, %p : f32, f32
  } else {
    %d = arith.subf %a, %b : f32
    memref.store %d, %m[] : memref<f32>
    %q = arith.divf %a, %b : f32
    scf.yield %d, %q : f32, f32
  }
  return %r#1 : f32
}

// -----

// An scf.if without side effects whose results are unused disappears.
// CHECK-LABEL: func.func @if_dead(
// CHECK-NEXT:    return
func.func @if_dead(%c: i1, %a: i32) {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  return
}

// -----

// Branches that only yield values defined above become arith.select.
// CHECK-LABEL: func.func @if_to_select(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @if_to_select(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @if_yields_condition(
// CHECK-SAME:      %[[C:.*]]: i1) -> i1
// CHECK-NEXT:    return %[[C]] : i1
func.func @if_yields_condition(%c: i1) -> i1 {
  %true = arith.constant true
  %false = arith.constant false
  %r = scf.if %c -> (i1) {
    scf.yield %true : i1
  } else {
    scf.yield %false : i1
  }
  return %r : i1
}

// -----

// Constant bounds with lb > ub: the loop runs zero times and its results are
// the initial values.
// CHECK-LABEL: func.func @for_zero_trip_constant(
// CHECK-SAME:      %[[A:.*]]: i32, %[[M:.*]]: memref<i32>) -> i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @for_zero_trip_constant(%a: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c4 to %c0 step %c1 iter_args(%x = %a) -> (i32) {
    %x2 = arith.addi %x, %x : i32
    memref.store %x2, %m[] : memref<i32>
    scf.yield %x2 : i32
  }
  return %r : i32
}

// -----

// The same SSA value as lower and upper bound: zero trips whatever its value.
// CHECK-LABEL: func.func @for_zero_trip_same_bounds(
// CHECK-NEXT:    return
func.func @for_zero_trip_same_bounds(%lb: index, %step: index, %m: memref<index>) {
  scf.for %i = %lb to %lb step %step {
    memref.store %i, %m[] : memref<index>
  }
  return
}

// -----

// CHECK-LABEL: func.func @for_zero_trip_i32(
// CHECK-SAME:      %[[A:.*]]: f64, %[[M:.*]]: memref<f64>) -> f64
// CHECK-NEXT:    return %[[A]] : f64
func.func @for_zero_trip_i32(%a: f64, %m: memref<f64>) -> f64 {
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c10 to %c10 step %c1 iter_args(%x = %a) -> (f64) : i32 {
    memref.store %x, %m[] : memref<f64>
    scf.yield %x : f64
  }
  return %r : f64
}

// -----

// Unsigned comparison: lb = -1 is 255 as an unsigned i8, above ub = 5, so the
// loop runs zero times (a signed loop would run six times).
// CHECK-LABEL: func.func @for_zero_trip_unsigned(
// CHECK-SAME:      %[[A:.*]]: f64, %[[M:.*]]: memref<f64>) -> f64
// CHECK-NEXT:    return %[[A]] : f64
func.func @for_zero_trip_unsigned(%a: f64, %m: memref<f64>) -> f64 {
  %lb = arith.constant -1 : i8
  %ub = arith.constant 5 : i8
  %c1 = arith.constant 1 : i8
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%x = %a) -> (f64) : i8 {
    %y = arith.addf %x, %x : f64
    memref.store %y, %m[] : memref<f64>
    scf.yield %y : f64
  }
  return %r : f64
}

// -----

// One iteration (lb + step >= ub): the body is inlined with the induction
// variable replaced by the lower bound and the iter_args by their inits.
// CHECK-LABEL: func.func @for_single_trip(
// CHECK-SAME:      %[[A:.*]]: i64, %[[M:.*]]: memref<8xi64>) -> i64
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[M]][%[[C2]]] : memref<8xi64>
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[V]] : i64
// CHECK-NEXT:    return %[[S]] : i64
func.func @for_single_trip(%a: i64, %m: memref<8xi64>) -> i64 {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %r = scf.for %i = %c2 to %c3 step %c5 iter_args(%x = %a) -> (i64) {
    %v = memref.load %m[%i] : memref<8xi64>
    %s = arith.addi %x, %v : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// -----

// An iter_arg that the body never reads and whose result is unused goes away.
// CHECK-LABEL: func.func @for_remove_unused_iter_arg(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[A:.*]]: i32, %[[B:.*]]: f32, %[[M:.*]]: memref<i32>) -> i32
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]] iter_args(%[[X:.*]] = %[[A]]) -> (i32) {
// CHECK-NEXT:      %[[X2:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      memref.store %[[X2]], %[[M]][] : memref<i32>
// CHECK-NEXT:      scf.yield %[[X2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @for_remove_unused_iter_arg(%lb: index, %ub: index, %st: index, %a: i32, %b: f32, %m: memref<i32>) -> i32 {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %b) -> (i32, f32) {
    %x2 = arith.addi %x, %x : i32
    memref.store %x2, %m[] : memref<i32>
    %y2 = arith.constant 1.0 : f32
    scf.yield %x2, %y2 : i32, f32
  }
  return %r#0 : i32
}

// -----

// An iter_arg yielded unchanged is loop invariant: its result is its init.
// CHECK-LABEL: func.func @for_remove_passthrough_iter_arg(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[A:.*]]: i32, %[[B:.*]]: f32, %[[M:.*]]: memref<i32>) -> (i32, f32)
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]] iter_args(%[[X:.*]] = %[[A]]) -> (i32) {
// CHECK-NEXT:      %[[X2:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:      memref.store %[[X2]], %[[M]][] : memref<i32>
// CHECK-NEXT:      scf.yield %[[X2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[B]] : i32, f32
func.func @for_remove_passthrough_iter_arg(%lb: index, %ub: index, %st: index, %a: i32, %b: f32, %m: memref<i32>) -> (i32, f32) {
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%x = %a, %y = %b) -> (i32, f32) {
    %x2 = arith.addi %x, %x : i32
    memref.store %x2, %m[] : memref<i32>
    scf.yield %x2, %y : i32, f32
  }
  return %r#0, %r#1 : i32, f32
}

// -----

// CHECK-LABEL: func.func @for_dead(
// CHECK-NEXT:    return
func.func @for_dead(%lb: index, %ub: index, %st: index, %a: i32) {
  %r = scf.for %i = %lb to %ub step %st iter_args(%x = %a) -> (i32) {
    %x2 = arith.addi %x, %x : i32
    scf.yield %x2 : i32
  }
  return
}

// -----

// Constant-condition folding reaches into a loop body that is itself inlined.
// CHECK-LABEL: func.func @nested_constant_if_in_single_trip_for(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32, %[[M:.*]]: memref<i32>) -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    memref.store %[[S]], %[[M]][] : memref<i32>
// CHECK-NEXT:    return %[[S]] : i32
func.func @nested_constant_if_in_single_trip_for(%a: i32, %b: i32, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a) -> (i32) {
    %y = scf.if %true -> (i32) {
      %s = arith.addi %x, %b : i32
      scf.yield %s : i32
    } else {
      scf.yield %x : i32
    }
    memref.store %y, %m[] : memref<i32>
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// A value carried through a while loop unchanged is forwarded and dropped.
// CHECK-LABEL: func.func @while_remove_passthrough(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: f32, %[[LIM:.*]]: i32, %[[M:.*]]: memref<i32>) -> i32
// CHECK-NEXT:    %[[R:.*]] = scf.while (%[[X:.*]] = %[[A]]) : (i32) -> i32 {
// CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[X]], %[[LIM]] : i32
// CHECK-NEXT:      scf.condition(%[[C]]) %[[X]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[Y:.*]]: i32):
// CHECK-NEXT:      %[[Y2:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK-NEXT:      memref.store %[[Y2]], %[[M]][] : memref<i32>
// CHECK-NEXT:      scf.yield %[[Y2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @while_remove_passthrough(%a: i32, %b: f32, %lim: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, f32) -> (i32, f32) {
    %c = arith.cmpi slt, %x, %lim : i32
    scf.condition(%c) %x, %y : i32, f32
  } do {
  ^bb0(%x1: i32, %y1: f32):
    %x2 = arith.addi %x1, %x1 : i32
    memref.store %x2, %m[] : memref<i32>
    scf.yield %x2, %y1 : i32, f32
  }
  return %r#0 : i32
}

// -----

// CHECK-LABEL: func.func @index_switch_constant_case(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @index_switch_constant_case(%a: i32, %b: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %r = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %a : i32
  }
  case 2 {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  }
  default {
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @index_switch_constant_default(
// CHECK-SAME:      %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32
// CHECK-NEXT:    %[[P:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT:    return %[[P]] : i32
func.func @index_switch_constant_default(%a: i32, %b: i32) -> i32 {
  %c9 = arith.constant 9 : index
  %r = scf.index_switch %c9 -> i32
  case 1 {
    scf.yield %a : i32
  }
  default {
    %p = arith.muli %a, %b : i32
    scf.yield %p : i32
  }
  return %r : i32
}

// -----

// A single-block execute_region is inlined into its parent.
// CHECK-LABEL: func.func @execute_region_inline(
// CHECK-SAME:      %[[A:.*]]: i32, %[[M:.*]]: memref<i32>) -> i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:    memref.store %[[S]], %[[M]][] : memref<i32>
// CHECK-NEXT:    return %[[S]] : i32
func.func @execute_region_inline(%a: i32, %m: memref<i32>) -> i32 {
  %r = scf.execute_region -> i32 {
    %s = arith.addi %a, %a : i32
    memref.store %s, %m[] : memref<i32>
    scf.yield %s : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @parallel_zero_trip(
// CHECK-SAME:      %[[A:.*]]: f32, %[[M:.*]]: memref<?xf32>) -> f32
// CHECK-NEXT:    return %[[A]] : f32
func.func @parallel_zero_trip(%a: f32, %m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c1) to (%c0) step (%c1) init (%a) -> f32 {
    %e = memref.load %m[%i] : memref<?xf32>
    scf.reduce(%e : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.addf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
