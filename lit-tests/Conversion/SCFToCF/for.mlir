// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.for lowers as upstream MLIR 22's -convert-scf-to-cf does it:
//   ^entry:  ops before the loop; cf.br ^header(%lb, %init...)
//   ^header(%iv, %iter...): %c = arith.cmpi slt|ult, %iv, %ub
//                           cf.cond_br %c, ^body, ^exit
//   ^body:   the loop body; %next = arith.addi %iv, %step
//            cf.br ^header(%next, %yielded...)
//   ^exit:   ops after the loop; the loop results are the header's
//            iter_arg block arguments (the exit block has no arguments).

// CHECK-LABEL: func.func @simple_for(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[M:.*]]: memref<?xindex>)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]] : index)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.store %[[IV]], %[[M]][%[[IV]]] : memref<?xindex>
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]] : index)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return
func.func @simple_for(%lb: index, %ub: index, %step: index, %m: memref<?xindex>) {
  scf.for %i = %lb to %ub step %step {
    memref.store %i, %m[%i] : memref<?xindex>
  }
  return
}

// -----

// The induction variable comes first, then the iter_args in order.
// CHECK-LABEL: func.func @for_iter_args(
// CHECK-SAME:      %[[LB:.*]]: index, %[[UB:.*]]: index, %[[STEP:.*]]: index, %[[A:.*]]: f32, %[[B:.*]]: i64)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[A]], %[[B]] : index, f32, i64)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[X:.*]]: f32, %[[Y:.*]]: i64):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[X2:.*]] = arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:    %[[Y2:.*]] = arith.addi %[[Y]], %[[Y]] : i64
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[X2]], %[[Y2]] : index, f32, i64)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[X]], %[[Y]] : f32, i64
func.func @for_iter_args(%lb: index, %ub: index, %step: index, %a: f32, %b: i64) -> (f32, i64) {
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%x = %a, %y = %b) -> (f32, i64) {
    %x2 = arith.addf %x, %x : f32
    %y2 = arith.addi %y, %y : i64
    scf.yield %x2, %y2 : f32, i64
  }
  return %r#0, %r#1 : f32, i64
}

// -----

// Integer bounds keep their type; `unsigned` compares with ult.
// CHECK-LABEL: func.func @for_unsigned_i32(
// CHECK-SAME:      %[[LB:.*]]: i32, %[[UB:.*]]: i32, %[[STEP:.*]]: i32)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]], %[[LB]] : i32, i32)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: i32, %[[X:.*]]: i32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi ult, %[[IV]], %[[UB]] : i32
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[X2:.*]] = arith.addi %[[X]], %[[IV]] : i32
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : i32
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[X2]] : i32, i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[X]] : i32
func.func @for_unsigned_i32(%lb: i32, %ub: i32, %step: i32) -> i32 {
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%x = %lb) -> (i32) : i32 {
    %x2 = arith.addi %x, %i : i32
    scf.yield %x2 : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @for_signed_i64(
// CHECK-SAME:      %[[LB:.*]]: i64, %[[UB:.*]]: i64, %[[STEP:.*]]: i64, %[[M:.*]]: memref<i64>)
// CHECK-NEXT:    cf.br ^bb1(%[[LB]] : i64)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: i64):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : i64
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.store %[[IV]], %[[M]][] : memref<i64>
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : i64
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]] : i64)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return
func.func @for_signed_i64(%lb: i64, %ub: i64, %step: i64, %m: memref<i64>) {
  scf.for %i = %lb to %ub step %step : i64 {
    memref.store %i, %m[] : memref<i64>
  }
  return
}

// -----

// Ops before and after the loop stay in the entry and exit blocks.
// CHECK-LABEL: func.func @for_surrounded(
// CHECK-SAME:      %[[N:.*]]: index, %[[A:.*]]: i64) -> i64
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[INIT:.*]] = arith.muli %[[A]], %[[A]] : i64
// CHECK-NEXT:    cf.br ^bb1(%[[C0]], %[[INIT]] : index, i64)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[X:.*]]: i64):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[X2:.*]] = arith.addi %[[X]], %[[A]] : i64
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[X2]] : index, i64)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[OUT:.*]] = arith.subi %[[X]], %[[A]] : i64
// CHECK-NEXT:    return %[[OUT]] : i64
func.func @for_surrounded(%n: index, %a: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.muli %a, %a : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (i64) {
    %x2 = arith.addi %x, %a : i64
    scf.yield %x2 : i64
  }
  %out = arith.subi %r, %a : i64
  return %out : i64
}

// -----

// Nested loops: the inner loop splits the outer body. The outer body's first
// block holds the ops before the inner loop and enters the inner header; the
// block after the inner loop holds the rest of the outer body and the outer
// back edge.
// CHECK-LABEL: func.func @nested_for(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index, %[[A:.*]]: i64) -> i64
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]], %[[A]] : index, i64)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[ACC:.*]]: i64):
// CHECK-NEXT:    %[[CMPI:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[II:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:    cf.br ^bb3(%[[I]], %[[ACC]] : index, i64)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index, %[[ACC2:.*]]: i64):
// CHECK-NEXT:    %[[CMPJ:.*]] = arith.cmpi slt, %[[J]], %[[M]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[JJ:.*]] = arith.index_cast %[[J]] : index to i64
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[ACC2]], %[[JJ]] : i64
// CHECK-NEXT:    %[[JNEXT:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[JNEXT]], %[[S]] : index, i64)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[T:.*]] = arith.muli %[[ACC2]], %[[II]] : i64
// CHECK-NEXT:    %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[INEXT]], %[[T]] : index, i64)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return %[[ACC]] : i64
func.func @nested_for(%n: index, %m: index, %a: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %inner = scf.for %j = %i to %m step %c1 iter_args(%acc2 = %acc) -> (i64) {
      %jj = arith.index_cast %j : index to i64
      %s = arith.addi %acc2, %jj : i64
      scf.yield %s : i64
    }
    %t = arith.muli %inner, %ii : i64
    scf.yield %t : i64
  }
  return %r : i64
}

// -----

// A loop body that starts with the inner loop leaves an entry block that only
// branches to the inner header.
// CHECK-LABEL: func.func @nested_for_no_ops(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: memref<?x?xindex>)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]] : index)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index):
// CHECK-NEXT:    %[[CMPI:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[C0]] : index)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index):
// CHECK-NEXT:    %[[CMPJ:.*]] = arith.cmpi slt, %[[J]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMPJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    memref.store %[[J]], %[[M]][%[[I]], %[[J]]] : memref<?x?xindex>
// CHECK-NEXT:    %[[JNEXT:.*]] = arith.addi %[[J]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[JNEXT]] : index)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[INEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[INEXT]] : index)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return
func.func @nested_for_no_ops(%n: index, %m: memref<?x?xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %j, %m[%i, %j] : memref<?x?xindex>
    }
  }
  return
}
