// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.parallel lowers as upstream MLIR 22's -convert-scf-to-cf does it: first
// into a nest of sequential scf.for loops (dimension 0 outermost), each
// carrying every reduction accumulator as an iter_arg, then each scf.for as in
// for.mlir. In the innermost body, after the body's own ops, every reduction
// region is inlined in order with lhs = the accumulator (block argument) and
// rhs = the value passed to scf.reduce; the reduce.return values are the new
// accumulators. The parallel's results are the outermost header's
// accumulator arguments.
//   ^bb0: cf.br ^bb1(%lb0, %init...)
//   ^bb1(%i, %acc...): cmpi slt %i, %ub0; cf.cond_br ^bb2, ^exit
//   ^bb2: cf.br ^bb3(%lb1, %acc...)           (outer body's entry block)
//   ^bb3(%j, %acc2...): cmpi slt %j, %ub1; cf.cond_br ^bb4, ^bb5
//   ^bb4: body; reductions; %j+%step1; cf.br ^bb3(%j', %new...)
//   ^bb5: %i+%step0; cf.br ^bb1(%i', %acc2...)
//   ^exit: uses %acc...

// CHECK-LABEL: func.func @parallel_1d(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[M:.*]]: memref<?xindex>)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]] : index)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[I]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.store %[[I]], %[[M]][%[[I]]] : memref<?xindex>
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[I]], %[[ST]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]] : index)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return
func.func @parallel_1d(%lb: index, %ub: index, %st: index, %m: memref<?xindex>) {
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    memref.store %i, %m[%i] : memref<?xindex>
  }
  return
}

// -----

// CHECK-LABEL: func.func @parallel_2d_no_results(
// CHECK-SAME:      %[[M:.*]]: memref<?x?xf32>, %[[N0:.*]]: index, %[[N1:.*]]: index, %[[V:.*]]: f32)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : index)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index):
// CHECK-NEXT:    %[[CMPI:.*]] = arith.cmpi slt, %[[I]], %[[N0]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[C1]] : index)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index):
// CHECK-NEXT:    %[[CMPJ:.*]] = arith.cmpi slt, %[[J]], %[[N1]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    memref.store %[[V]], %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:    %[[JNEXT:.*]] = arith.addi %[[J]], %[[C2]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[JNEXT]] : index)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[INEXT]] : index)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return
func.func @parallel_2d_no_results(%m: memref<?x?xf32>, %n0: index, %n1: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.parallel (%i, %j) = (%c0, %c1) to (%n0, %n1) step (%c1, %c2) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
  }
  return
}

// -----

// Two reductions over a 2-D space; the second reduction region has two ops.
// CHECK-LABEL: func.func @parallel_2d_two_reductions(
// CHECK-SAME:      %[[M:.*]]: memref<?x?xf32>, %[[LB0:.*]]: index, %[[LB1:.*]]: index, %[[UB0:.*]]: index, %[[UB1:.*]]: index, %[[S0:.*]]: index, %[[S1:.*]]: index, %[[F0:.*]]: f32, %[[K0:.*]]: i64) -> (f32, i64)
// CHECK-NEXT:    cf.br ^bb1(%[[LB0]], %[[F0]], %[[K0]] : index, f32, i64)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[MAX:.*]]: f32, %[[CNT:.*]]: i64):
// CHECK-NEXT:    %[[CMPI:.*]] = arith.cmpi slt, %[[I]], %[[UB0]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[LB1]], %[[MAX]], %[[CNT]] : index, f32, i64)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index, %[[MAX2:.*]]: f32, %[[CNT2:.*]]: i64):
// CHECK-NEXT:    %[[CMPJ:.*]] = arith.cmpi slt, %[[J]], %[[UB1]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[E:.*]] = memref.load %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[NEWMAX:.*]] = arith.maximumf %[[MAX2]], %[[E]] : f32
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[CNT2]], %[[ONE]] : i64
// CHECK-NEXT:    %[[NEWCNT:.*]] = arith.muli %[[T]], %[[CNT2]] : i64
// CHECK-NEXT:    %[[JNEXT:.*]] = arith.addi %[[J]], %[[S1]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[JNEXT]], %[[NEWMAX]], %[[NEWCNT]] : index, f32, i64)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[INEXT:.*]] = arith.addi %[[I]], %[[S0]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[INEXT]], %[[MAX2]], %[[CNT2]] : index, f32, i64)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return %[[MAX]], %[[CNT]] : f32, i64
func.func @parallel_2d_two_reductions(%m: memref<?x?xf32>, %lb0: index, %lb1: index, %ub0: index, %ub1: index, %s0: index, %s1: index, %f0: f32, %k0: i64) -> (f32, i64) {
  %r:2 = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1)
      init (%f0, %k0) -> (f32, i64) {
    %e = memref.load %m[%i, %j] : memref<?x?xf32>
    %one = arith.constant 1 : i64
    scf.reduce(%e, %one : f32, i64) {
    ^bb0(%l0: f32, %r0: f32):
      %mx = arith.maximumf %l0, %r0 : f32
      scf.reduce.return %mx : f32
    }, {
    ^bb0(%l1: i64, %r1: i64):
      %t = arith.addi %l1, %r1 : i64
      %t2 = arith.muli %t, %l1 : i64
      scf.reduce.return %t2 : i64
    }
  }
  return %r#0, %r#1 : f32, i64
}

// -----

// A non-commutative reduction pins the operand order: lhs is the accumulator.
// CHECK-LABEL: func.func @parallel_sub_reduction(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[ST:.*]]: index, %[[INIT:.*]]: f32) -> f32
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[INIT]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[ACC:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[I]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.subf %[[ACC]], %[[ONE]] : f32
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[I]], %[[ST]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[S]] : index, f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[ACC]] : f32
func.func @parallel_sub_reduction(%lb: index, %ub: index, %st: index, %init: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%init) -> f32 {
    %one = arith.constant 1.0 : f32
    scf.reduce(%one : f32) {
    ^bb0(%l: f32, %rr: f32):
      %s = arith.subf %l, %rr : f32
      scf.reduce.return %s : f32
    }
  }
  return %r : f32
}
