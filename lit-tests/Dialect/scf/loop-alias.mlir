// RUN: %onnx-opt %s | FileCheck %s
// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// UNSUPPORTED: upstream-as-flowgate
// Cross-check of the CHECK lines: the same input spelled `scf.` through upstream.
// RUN: %if mlir-upstream %{ sed -e 's/"loop\./"scf./g' -e 's/ loop\./ scf./g' %s | %mlir-opt | FileCheck %s %}

// Flowgate-only: the seeds call the dialect `loop`; `loop.<op>` is accepted as
// an alias of `scf.<op>` and always printed as `scf.<op>`.

// Seed 002's sum-reduce, in today's syntax apart from the dialect name.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:      %[[BUF:.*]]: memref<1024xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[SUM0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ITER:.*]] = %[[SUM0]]) -> (f32) {
// CHECK-NEXT:      %[[T:.*]] = memref.load %[[BUF]][%[[IV]]] : memref<1024xf32>
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addf %[[ITER]], %[[T]] : f32
// CHECK-NEXT:      scf.yield %[[NEXT]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[SUM]] : f32
// CHECK-NOT:     loop.
func.func @reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %sum_0 = arith.constant 0.0 : f32
  %sum = loop.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %sum_next = arith.addf %sum_iter, %t : f32
    loop.yield %sum_next : f32
  }
  return %sum : f32
}

// Seed 002's conditional reduce: loop.if with results nested in loop.for.
// CHECK-LABEL: func.func @conditional_reduce(
// CHECK-SAME:      %[[BUF:.*]]: memref<1024xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[SUM0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[SUM:.*]] = scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ITER:.*]] = %[[SUM0]]) -> (f32) {
// CHECK-NEXT:      %[[T:.*]] = memref.load %[[BUF]][%[[IV]]] : memref<1024xf32>
// CHECK-NEXT:      %[[COND:.*]] = arith.cmpf ugt, %[[T]], %[[ZERO]] : f32
// CHECK-NEXT:      %[[NEXT:.*]] = scf.if %[[COND]] -> (f32) {
// CHECK-NEXT:        %[[NEW:.*]] = arith.addf %[[ITER]], %[[T]] : f32
// CHECK-NEXT:        scf.yield %[[NEW]] : f32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        scf.yield %[[ITER]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[NEXT]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[SUM]] : f32
func.func @conditional_reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %sum_0 = arith.constant 0.0 : f32
  %c0 = arith.constant 0.0 : f32
  %sum = loop.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %cond = arith.cmpf ugt, %t, %c0 : f32
    %sum_next = loop.if %cond -> (f32) {
      %new_sum = arith.addf %sum_iter, %t : f32
      loop.yield %new_sum : f32
    } else {
      loop.yield %sum_iter : f32
    }
    loop.yield %sum_next : f32
  }
  return %sum : f32
}

// loop.parallel with loop.reduce / loop.reduce.return. Today the reduce is the
// body's terminator and carries one region per result.
// CHECK-LABEL: func.func @parallel_sum(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[R:.*]] = scf.parallel (%[[IV:.*]]) = (%[[LB]]) to (%[[UB]]) step (%[[STEP]]) init (%[[INIT]]) -> f32 {
// CHECK-NEXT:      %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      scf.reduce(%[[ONE]] : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[RR:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[L]], %[[RR]] : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
func.func @parallel_sum(%lb: index, %ub: index, %step: index) -> f32 {
  %init = arith.constant 0.0 : f32
  %r = loop.parallel (%iv) = (%lb) to (%ub) step (%step) init (%init) -> f32 {
    %one = arith.constant 1.0 : f32
    loop.reduce(%one : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %res = arith.addf %lhs, %rhs : f32
      loop.reduce.return %res : f32
    }
  }
  return %r : f32
}

// loop.if without results and without else; loop.parallel without results.
// CHECK-LABEL: func.func @no_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[M:.*]]: memref<4xf32>, %[[V:.*]]: f32)
// CHECK:         scf.if %[[C]] {
// CHECK-NEXT:      scf.parallel (%[[I:.*]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT:        memref.store %[[V]], %[[M]][%[[I]]] : memref<4xf32>
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @no_results(%c: i1, %m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  loop.if %c {
    loop.parallel (%i) = (%c0) to (%c4) step (%c1) {
      memref.store %v, %m[%i] : memref<4xf32>
    }
  }
  return
}

// The alias holds for the ops the loop dialect did not have yet, and in the
// generic form.
// CHECK-LABEL: func.func @other_ops(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i32, %[[F:.*]]: index)
// CHECK-NEXT:    %[[W:.*]] = scf.while (%[[X:.*]] = %[[A]]) : (i32) -> i32 {
// CHECK-NEXT:      scf.condition(%[[C]]) %[[X]] : i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[Y:.*]]: i32):
// CHECK-NEXT:      scf.yield %[[Y]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[E:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT:      scf.yield %[[W]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = scf.index_switch %[[F]] -> i32
// CHECK-NEXT:    case 1 {
// CHECK-NEXT:      scf.yield %[[E]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[G:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      scf.yield %[[S]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[G]] : i32
func.func @other_ops(%c: i1, %a: i32, %f: index) -> i32 {
  %w = loop.while (%x = %a) : (i32) -> i32 {
    loop.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    loop.yield %y : i32
  }
  %e = loop.execute_region -> i32 {
    loop.yield %w : i32
  }
  %s = loop.index_switch %f -> i32
  case 1 {
    loop.yield %e : i32
  }
  default {
    loop.yield %a : i32
  }
  %g = "loop.if"(%c) ({
    "loop.yield"(%s) : (i32) -> ()
  }, {
    "loop.yield"(%a) : (i32) -> ()
  }) : (i1) -> i32
  return %g : i32
}
