// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s
// Our printed form must parse with upstream, and upstream's with ours.
// RUN: %if mlir-upstream %{ %onnx-opt %s | %mlir-opt | FileCheck %s %}
// RUN: %if mlir-upstream %{ %mlir-opt %s | %onnx-opt | FileCheck %s %}

// Round trip of every scf op in its custom syntax (LLVM 22 spelling).

// CHECK-LABEL: func.func @for_index(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index)
// CHECK-NEXT:    scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:      arith.addi %[[IV]], %[[IV]] : index
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @for_index(%lb: index, %ub: index, %step: index) {
  scf.for %iv = %lb to %ub step %step {
    %x = arith.addi %iv, %iv : index
  }
  return
}

// Integer (non-index) bounds print a trailing `: type`.
// CHECK-LABEL: func.func @for_i32(
// CHECK-SAME:      %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[STEP:.*]]: i32)
// CHECK-NEXT:    scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] : i32 {
// CHECK-NEXT:      arith.addi %[[IV]], %[[IV]] : i32
// CHECK-NEXT:    }
func.func @for_i32(%lb: i32, %ub: i32, %step: i32) {
  scf.for %iv = %lb to %ub step %step : i32 {
    %x = arith.addi %iv, %iv : i32
  }
  return
}

// CHECK-LABEL: func.func @for_unsigned_i64(
// CHECK-SAME:      %[[LB:.*]]: i64, %[[UB:.*]]: i64, %[[STEP:.*]]: i64)
// CHECK-NEXT:    scf.for unsigned %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] : i64 {
// CHECK-NEXT:      arith.muli %[[IV]], %[[IV]] : i64
// CHECK-NEXT:    }
func.func @for_unsigned_i64(%lb: i64, %ub: i64, %step: i64) {
  scf.for unsigned %iv = %lb to %ub step %step : i64 {
    %x = arith.muli %iv, %iv : i64
  }
  return
}

// CHECK-LABEL: func.func @for_unsigned_index(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index)
// CHECK-NEXT:    scf.for unsigned %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:    }
func.func @for_unsigned_index(%lb: index, %ub: index, %step: index) {
  scf.for unsigned %iv = %lb to %ub step %step {
  }
  return
}

// CHECK-LABEL: func.func @for_iter_args(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: i64)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (f32, i64) {
// CHECK-NEXT:      %[[X2:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:      %[[Y2:.*]] = arith.addi %[[Y]], %[[Y]] : i64
// CHECK-NEXT:      scf.yield %[[X2]], %[[Y2]] : f32, i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : f32, i64
func.func @for_iter_args(%lb: index, %ub: index, %step: index, %a: f32, %b: i64) -> (f32, i64) {
  %r:2 = scf.for %iv = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (f32, i64) {
    %x2 = arith.addf %x, %x : f32
    %y2 = arith.addi %y, %y : i64
    scf.yield %x2, %y2 : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}

// With integer bounds the `: type` comes after the result types.
// CHECK-LABEL: func.func @for_iter_args_i32(
// CHECK-SAME:      %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[STEP:.*]]: i32, %[[A:.*]]: i32)
// CHECK-NEXT:    %[[R:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[X:.*]] = %[[A]]) -> (i32) : i32 {
// CHECK-NEXT:      %[[X2:.*]] = arith.addi %[[X]], %[[IV]] : i32
// CHECK-NEXT:      scf.yield %[[X2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @for_iter_args_i32(%lb: i32, %ub: i32, %step: i32, %a: i32) -> i32 {
  %r = scf.for %iv = %lb to %ub step %step iter_args(%x = %a) -> (i32) : i32 {
    %x2 = arith.addi %x, %iv : i32
    scf.yield %x2 : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_unsigned_iter_args(
// CHECK-SAME:      %[[LB:.*]]: i8, %[[UB:.*]]: i8, %[[STEP:.*]]: i8, %[[A:.*]]: f64)
// CHECK-NEXT:    %[[R:.*]] = scf.for unsigned %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[X:.*]] = %[[A]]) -> (f64) : i8 {
// CHECK-NEXT:      scf.yield %[[X]] : f64
// CHECK-NEXT:    }
func.func @for_unsigned_iter_args(%lb: i8, %ub: i8, %step: i8, %a: f64) -> f64 {
  %r = scf.for unsigned %iv = %lb to %ub step %step iter_args(%x = %a) -> (f64) : i8 {
    scf.yield %x : f64
  }
  return %r : f64
}

// An empty yield is elided when printing.
// CHECK-LABEL: func.func @for_nested(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: memref<?x?xf32>, %[[V:.*]]: f32)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT:      scf.for %[[J:.*]] = %[[I]] to %[[N]] step %[[C1]] {
// CHECK-NEXT:        memref.store %[[V]], %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     scf.yield
// CHECK:         return
func.func @for_nested(%n: index, %m: memref<?x?xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %i to %n step %c1 {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.yield
    }
  }
  return
}

// CHECK-LABEL: func.func @if_no_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[M:.*]]: memref<f32>, %[[V:.*]]: f32)
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      memref.store %[[V]], %[[M]][] : memref<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_no_results(%c: i1, %m: memref<f32>, %v: f32) {
  scf.if %c {
    memref.store %v, %m[] : memref<f32>
  }
  return
}

// CHECK-LABEL: func.func @if_else_no_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[M:.*]]: memref<f32>, %[[V:.*]]: f32, %[[W:.*]]: f32)
// CHECK-NEXT:    scf.if %[[C]] {
// CHECK-NEXT:      memref.store %[[V]], %[[M]][] : memref<f32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      memref.store %[[W]], %[[M]][] : memref<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @if_else_no_results(%c: i1, %m: memref<f32>, %v: f32, %w: f32) {
  scf.if %c {
    memref.store %v, %m[] : memref<f32>
  } else {
    memref.store %w, %m[] : memref<f32>
  }
  return
}

// CHECK-LABEL: func.func @if_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %[[C]] -> (f32, i32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[K1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:      scf.yield %[[S]], %[[K1]] : f32, i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:      %[[K2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:      scf.yield %[[D]], %[[K2]] : f32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : f32, i32
func.func @if_results(%c: i1, %a: f32, %b: f32) -> (f32, i32) {
  %r:2 = scf.if %c -> (f32, i32) {
    %s = arith.addf %a, %b : f32
    %k1 = arith.constant 1 : i32
    scf.yield %s, %k1 : f32, i32
  } else {
    %d = arith.subf %a, %b : f32
    %k2 = arith.constant 2 : i32
    scf.yield %d, %k2 : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

// A branch may yield a value defined above the scf.if.
// CHECK-LABEL: func.func @if_yield_outer(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    %[[DEF:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[R:.*]] = scf.if %[[C]] -> (f32) {
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[DEF]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @if_yield_outer(%c: i1, %a: f32, %b: f32) -> f32 {
  %def = arith.subf %a, %b : f32
  %r = scf.if %c -> (f32) {
    %s = arith.addf %a, %b : f32
    scf.yield %s : f32
  } else {
    scf.yield %def : f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME:      %[[INIT:.*]]: i32, %[[LIMIT:.*]]: i32)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.while (%[[X:.*]] = %[[INIT]]) : (i32) -> (i32, f64) {
// CHECK-NEXT:      %[[CMP:.*]] = arith.cmpi slt, %[[X]], %[[LIMIT]] : i32
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT:      scf.condition(%[[CMP]]) %[[X]], %[[F]] : i32, f64
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[Y:.*]]: i32, %[[G:.*]]: f64):
// CHECK-NEXT:      %[[Y2:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[Y2]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : i32, f64
func.func @while_loop(%init: i32, %limit: i32) -> (i32, f64) {
  %r:2 = scf.while (%x = %init) : (i32) -> (i32, f64) {
    %cmp = arith.cmpi slt, %x, %limit : i32
    %f = arith.sitofp %x : i32 to f64
    scf.condition(%cmp) %x, %f : i32, f64
  } do {
  ^bb0(%y: i32, %g: f64):
    %y2 = arith.addi %y, %y : i32
    scf.yield %y2 : i32
  }
  return %r#0, %r#1 : i32, f64
}

// A while with no carried values and no results.
// CHECK-LABEL: func.func @while_no_values(
// CHECK-SAME:      %[[C:.*]]: i1)
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      scf.condition(%[[C]])
// CHECK-NEXT:    } do {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
func.func @while_no_values(%c: i1) {
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// The before and after regions may carry different types.
// CHECK-LABEL: func.func @while_different_types(
// CHECK-SAME:      %[[A:.*]]: index, %[[B:.*]]: f32)
// CHECK-NEXT:    %[[R:.*]] = scf.while (%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) : (index, f32) -> f32 {
// CHECK-NEXT:      %[[CMP:.*]] = arith.cmpf olt, %[[Y]], %[[B]] : f32
// CHECK-NEXT:      scf.condition(%[[CMP]]) %[[Y]] : f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[Z:.*]]: f32):
// CHECK-NEXT:      scf.yield %[[A]], %[[Z]] : index, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @while_different_types(%a: index, %b: f32) -> f32 {
  %r = scf.while (%x = %a, %y = %b) : (index, f32) -> f32 {
    %cmp = arith.cmpf olt, %y, %b : f32
    scf.condition(%cmp) %y : f32
  } do {
  ^bb0(%z: f32):
    scf.yield %a, %z : index, f32
  }
  return %r : f32
}

// CHECK-LABEL: func.func @parallel_no_results(
// CHECK-SAME:      %[[M:.*]]: memref<?x?xf32>, %[[N0:.*]]: index, %[[N1:.*]]: index, %[[V:.*]]: f32)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[C0]], %[[C1]]) to (%[[N0]], %[[N1]]) step (%[[C1]], %[[C2]]) {
// CHECK-NEXT:      memref.store %[[V]], %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @parallel_no_results(%m: memref<?x?xf32>, %n0: index, %n1: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%n0, %n1) step (%c1, %c2) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// The body terminator is always scf.reduce (with no operands when there are no
// results); the parser inserts it when it is left out, the printer prints it.
// CHECK-LABEL: func.func @parallel_explicit_terminator(
// CHECK-SAME:      %[[N:.*]]: index)
// CHECK-NEXT:    scf.parallel (%[[I:.*]]) = (%[[N]]) to (%[[N]]) step (%[[N]]) {
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
func.func @parallel_explicit_terminator(%n: index) {
  scf.parallel (%i) = (%n) to (%n) step (%n) {
    scf.reduce
  }
  return
}

// Two reductions in one scf.reduce, one region each, in result order.
// CHECK-LABEL: func.func @parallel_reduce(
// CHECK-SAME:      %[[M:.*]]: memref<?x?xf32>, %[[N0:.*]]: index, %[[N1:.*]]: index)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[CNT0:.*]] = arith.constant 0 : i64
// CHECK-NEXT:    %[[R:.*]]:2 = scf.parallel (%[[I:.*]], %[[J:.*]]) = (%[[C0]], %[[C0]]) to (%[[N0]], %[[N1]]) step (%[[C1]], %[[C1]]) init (%[[ZERO]], %[[CNT0]]) -> (f32, i64) {
// CHECK-NEXT:      %[[E:.*]] = memref.load %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:      scf.reduce(%[[E]], %[[ONE]] : f32, i64) {
// CHECK-NEXT:      ^bb0(%[[L0:.*]]: f32, %[[R0:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[L0]], %[[R0]] : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }, {
// CHECK-NEXT:      ^bb0(%[[L1:.*]]: i64, %[[R1:.*]]: i64):
// CHECK-NEXT:        %[[T:.*]] = arith.addi %[[L1]], %[[R1]] : i64
// CHECK-NEXT:        scf.reduce.return %[[T]] : i64
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : f32, i64
func.func @parallel_reduce(%m: memref<?x?xf32>, %n0: index, %n1: index) -> (f32, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %cnt0 = arith.constant 0 : i64
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1)
      init (%zero, %cnt0) -> (f32, i64) {
    %e = memref.load %m[%i, %j] : memref<?x?xf32>
    %one = arith.constant 1 : i64
    scf.reduce(%e, %one : f32, i64) {
    ^bb0(%l0: f32, %r0: f32):
      %s = arith.addf %l0, %r0 : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%l1: i64, %r1: i64):
      %t = arith.addi %l1, %r1 : i64
      scf.reduce.return %t : i64
    }
  }
  return %r#0, %r#1 : f32, i64
}

// A single-result parallel prints `-> f32` without parentheses.
// CHECK-LABEL: func.func @parallel_single_reduce(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[INIT:.*]]: f32)
// CHECK-NEXT:    %[[R:.*]] = scf.parallel (%[[I:.*]]) = (%[[LB]]) to (%[[UB]]) step (%[[STEP]]) init (%[[INIT]]) -> f32 {
// CHECK-NEXT:      %[[F:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      scf.reduce(%[[F]] : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[RR:.*]]: f32):
// CHECK-NEXT:        %[[MX:.*]] = arith.maximumf %[[L]], %[[RR]] : f32
// CHECK-NEXT:        scf.reduce.return %[[MX]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @parallel_single_reduce(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%step) init (%init) -> f32 {
    %f = arith.constant 1.0 : f32
    scf.reduce(%f : f32) {
    ^bb0(%l: f32, %rr: f32):
      %mx = arith.maximumf %l, %rr : f32
      scf.reduce.return %mx : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @execute_region(
// CHECK-SAME:      %[[A:.*]]: i64)
// CHECK-NEXT:    %[[R:.*]] = scf.execute_region -> i64 {
// CHECK-NEXT:      %[[S:.*]] = arith.addi %[[A]], %[[A]] : i64
// CHECK-NEXT:      scf.yield %[[S]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i64
func.func @execute_region(%a: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    %s = arith.addi %a, %a : i64
    scf.yield %s : i64
  }
  return %r : i64
}

// execute_region is the one scf op whose region may hold several blocks.
// CHECK-LABEL: func.func @execute_region_multi_block(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK-NEXT:    %[[R:.*]] = scf.execute_region -> i64 {
// CHECK-NEXT:      cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      scf.yield %[[A]] : i64
// CHECK-NEXT:    ^bb2:
// CHECK-NEXT:      scf.yield %[[B]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i64
func.func @execute_region_multi_block(%c: i1, %a: i64, %b: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i64
  ^bb2:
    scf.yield %b : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @execute_region_no_results(
// CHECK-SAME:      %[[M:.*]]: memref<i64>, %[[A:.*]]: i64)
// CHECK-NEXT:    scf.execute_region {
// CHECK-NEXT:      memref.store %[[A]], %[[M]][] : memref<i64>
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
func.func @execute_region_no_results(%m: memref<i64>, %a: i64) {
  scf.execute_region {
    memref.store %a, %m[] : memref<i64>
    scf.yield
  }
  return
}

// CHECK-LABEL: func.func @index_switch(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[A:.*]]: i32)
// CHECK-NEXT:    %[[R:.*]] = scf.index_switch %[[FLAG]] -> i32
// CHECK-NEXT:    case 2 {
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:      scf.yield %[[T]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    case 5 {
// CHECK-NEXT:      %[[K:.*]] = arith.constant 5 : i32
// CHECK-NEXT:      scf.yield %[[K]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @index_switch(%flag: index, %a: i32) -> i32 {
  %r = scf.index_switch %flag -> i32
  case 2 {
    %t = arith.addi %a, %a : i32
    scf.yield %t : i32
  }
  case 5 {
    %k = arith.constant 5 : i32
    scf.yield %k : i32
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}

// Case values need not be sorted; negative values are allowed.
// CHECK-LABEL: func.func @index_switch_no_results(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[M:.*]]: memref<i64>)
// CHECK-NEXT:    scf.index_switch %[[FLAG]]
// CHECK-NEXT:    case 7 {
// CHECK-NEXT:      %[[K:.*]] = arith.constant 7 : i64
// CHECK-NEXT:      memref.store %[[K]], %[[M]][] : memref<i64>
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    case -1 {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @index_switch_no_results(%flag: index, %m: memref<i64>) {
  scf.index_switch %flag
  case 7 {
    %k = arith.constant 7 : i64
    memref.store %k, %m[] : memref<i64>
    scf.yield
  }
  case -1 {
    scf.yield
  }
  default {
  }
  return
}

// CHECK-LABEL: func.func @index_switch_multi_results(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: i1)
// CHECK-NEXT:    %[[R:.*]]:2 = scf.index_switch %[[FLAG]] -> f32, i1
// CHECK-NEXT:    case 0 {
// CHECK-NEXT:      scf.yield %[[A]], %[[B]] : f32, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT:      scf.yield %[[N]], %[[B]] : f32, i1
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1 : f32, i1
func.func @index_switch_multi_results(%flag: index, %a: f32, %b: i1) -> (f32, i1) {
  %r:2 = scf.index_switch %flag -> f32, i1
  case 0 {
    scf.yield %a, %b : f32, i1
  }
  default {
    %n = arith.negf %a : f32
    scf.yield %n, %b : f32, i1
  }
  return %r#0, %r#1 : f32, i1
}

// Nesting of every op, as the ONNX lowering produces it.
// CHECK-LABEL: func.func @nested_all(
// CHECK-SAME:      %[[N:.*]]: index, %[[C:.*]]: i1)
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64) {
// CHECK-NEXT:      %[[X:.*]] = scf.if %[[C]] -> (i64) {
// CHECK-NEXT:        %[[W:.*]] = scf.while (%[[Y:.*]] = %[[ACC]]) : (i64) -> i64 {
// CHECK:               scf.condition
// CHECK:             } do {
// CHECK:             }
// CHECK-NEXT:        scf.yield %[[W]] : i64
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ACC]] : i64
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[X]] : i64
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i64
func.func @nested_all(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %hundred = arith.constant 100 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %x = scf.if %c -> (i64) {
      %w = scf.while (%y = %acc) : (i64) -> i64 {
        %lt = arith.cmpi slt, %y, %hundred : i64
        scf.condition(%lt) %y : i64
      } do {
      ^bb0(%z: i64):
        %z1 = arith.addi %z, %hundred : i64
        scf.yield %z1 : i64
      }
      scf.yield %w : i64
    } else {
      scf.yield %acc : i64
    }
    scf.yield %x : i64
  }
  return %r : i64
}
