// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// The examples of the seed documents (the `loop` dialect documentation, seed
// 002, and the if-with-yield RFC, seed 003) in today's spelling, each with the
// CFG that upstream MLIR 22's -convert-scf-to-cf gives.

// Seed 002: sum-reduce a memref with an iter_arg.
// CHECK-LABEL: func.func @reduce(
// CHECK-SAME:      %[[BUF:.*]]: memref<1024xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[SUM0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[SUM0]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ITER:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[T:.*]] = memref.load %[[BUF]][%[[IV]]] : memref<1024xf32>
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addf %[[ITER]], %[[T]] : f32
// CHECK-NEXT:    %[[IV2:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[IV2]], %[[NEXT]] : index, f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[ITER]] : f32
func.func @reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %sum_0 = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %sum_next = arith.addf %sum_iter, %t : f32
    scf.yield %sum_next : f32
  }
  return %sum : f32
}

// -----

// Seed 002: conditional reduce, an scf.if with a result inside the loop.
// CHECK-LABEL: func.func @conditional_reduce(
// CHECK-SAME:      %[[BUF:.*]]: memref<1024xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[SUM0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[SUM0]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ITER:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb7
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[T:.*]] = memref.load %[[BUF]][%[[IV]]] : memref<1024xf32>
// CHECK-NEXT:    %[[COND:.*]] = arith.cmpf ugt, %[[T]], %[[ZERO]] : f32
// CHECK-NEXT:    cf.cond_br %[[COND]], ^bb3, ^bb4
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[NEW:.*]] = arith.addf %[[ITER]], %[[T]] : f32
// CHECK-NEXT:    cf.br ^bb5(%[[NEW]] : f32)
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    cf.br ^bb5(%[[ITER]] : f32)
// CHECK-NEXT:  ^bb5(%[[NEXT:.*]]: f32):
// CHECK-NEXT:    cf.br ^bb6
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    %[[IV2:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[IV2]], %[[NEXT]] : index, f32)
// CHECK-NEXT:  ^bb7:
// CHECK-NEXT:    return %[[ITER]] : f32
func.func @conditional_reduce(%buffer: memref<1024xf32>, %lb: index, %ub: index, %step: index) -> f32 {
  %sum_0 = arith.constant 0.0 : f32
  %c0 = arith.constant 0.0 : f32
  %sum = scf.for %iv = %lb to %ub step %step iter_args(%sum_iter = %sum_0) -> (f32) {
    %t = memref.load %buffer[%iv] : memref<1024xf32>
    %cond = arith.cmpf ugt, %t, %c0 : f32
    %sum_next = scf.if %cond -> (f32) {
      %new_sum = arith.addf %sum_iter, %t : f32
      scf.yield %new_sum : f32
    } else {
      scf.yield %sum_iter : f32
    }
    scf.yield %sum_next : f32
  }
  return %sum : f32
}

// -----

// Seed 002: scf.parallel with a reduction. Today the reduction needs an
// `init` value and a result; the loop becomes one sequential loop whose
// header carries the accumulator.
// CHECK-LABEL: func.func @parallel_reduce(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[INIT]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[RES:.*]] = arith.addf %[[ACC]], %[[ONE]] : f32
// CHECK-NEXT:    %[[IV2:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[IV2]], %[[RES]] : index, f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[ACC]] : f32
func.func @parallel_reduce(%lb: index, %ub: index, %step: index) -> f32 {
  %init = arith.constant 0.0 : f32
  %r = scf.parallel (%iv) = (%lb) to (%ub) step (%step) init (%init) -> f32 {
    %one = arith.constant 1.0 : f32
    scf.reduce(%one : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %res = arith.addf %lhs, %rhs : f32
      scf.reduce.return %res : f32
    }
  }
  return %r : f32
}

// -----

// Seed 003, Example 1: both branches define the merged value.
// CHECK-LABEL: func.func @rfc_example1(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[X1:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.br ^bb3(%[[X1]] : f32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[X2:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.br ^bb3(%[[X2]] : f32)
// CHECK-NEXT:  ^bb3(%[[X:.*]]: f32):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %[[X]] : f32
func.func @rfc_example1(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
  %x = scf.if %arg0 -> (f32) {
    %x1 = arith.addf %arg1, %arg2 : f32
    scf.yield %x1 : f32
  } else {
    %x2 = arith.subf %arg1, %arg2 : f32
    scf.yield %x2 : f32
  }
  return %x : f32
}

// -----

// Seed 003, Example 2: the else branch yields a default defined above.
// CHECK-LABEL: func.func @rfc_example2(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT:    %[[DEF:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[X1:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.br ^bb3(%[[X1]] : f32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[DEF]] : f32)
// CHECK-NEXT:  ^bb3(%[[X:.*]]: f32):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %[[X]] : f32
func.func @rfc_example2(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
  %x_default = arith.subf %arg1, %arg2 : f32
  %x = scf.if %arg0 -> (f32) {
    %x1 = arith.addf %arg1, %arg2 : f32
    scf.yield %x1 : f32
  } else {
    scf.yield %x_default : f32
  }
  return %x : f32
}
