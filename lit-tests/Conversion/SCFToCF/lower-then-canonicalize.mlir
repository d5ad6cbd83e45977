// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf -canonicalize | FileCheck %s --implicit-check-not=scf.

// -canonicalize after -convert-scf-to-cf, as upstream MLIR 22 does it: a block
// with a single predecessor that branches to it unconditionally is merged
// into it (the scf.if merge block and its forwarding block become one), and
// a block that only forwards its arguments with cf.br is bypassed by
// rewriting its predecessors' branch operands.

// Seed 003, Example 1: ^merge and ^cont merge into one block.
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

// Seed 003, Example 2: the else block only forwards the default, so the
// cond_br passes it to the merge block directly.
// CHECK-LABEL: func.func @rfc_example2(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT:    %[[DEF:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2(%[[DEF]] : f32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[X1:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    cf.br ^bb2(%[[X1]] : f32)
// CHECK-NEXT:  ^bb2(%[[X:.*]]: f32):
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

// -----

// Seed 002's conditional reduce: both rules apply inside the loop, and the
// two equal constants are uniqued.
// CHECK-LABEL: func.func @conditional_reduce(
// CHECK-SAME:      %[[BUF:.*]]: memref<1024xf32>, %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index) -> f32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[ZERO]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ITER:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb5
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[T:.*]] = memref.load %[[BUF]][%[[IV]]] : memref<1024xf32>
// CHECK-NEXT:    %[[COND:.*]] = arith.cmpf ugt, %[[T]], %[[ZERO]] : f32
// CHECK-NEXT:    cf.cond_br %[[COND]], ^bb3, ^bb4(%[[ITER]] : f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[NEW:.*]] = arith.addf %[[ITER]], %[[T]] : f32
// CHECK-NEXT:    cf.br ^bb4(%[[NEW]] : f32)
// CHECK-NEXT:  ^bb4(%[[NEXT:.*]]: f32):
// CHECK-NEXT:    %[[IV2:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[IV2]], %[[NEXT]] : index, f32)
// CHECK-NEXT:  ^bb5:
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

// scf.execute_region's entry branch and exit branch both disappear.
// CHECK-LABEL: func.func @execute_region(
// CHECK-SAME:      %[[A:.*]]: i64) -> i64
// CHECK-NEXT:    %[[X:.*]] = arith.addi %[[A]], %[[A]] : i64
// CHECK-NEXT:    return %[[X]] : i64
func.func @execute_region(%a: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    %x = arith.addi %a, %a : i64
    scf.yield %x : i64
  }
  return %r : i64
}
