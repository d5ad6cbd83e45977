// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.if lowers as upstream MLIR 22's -convert-scf-to-cf does it:
//   cf.cond_br %c, ^then, ^else   (^else is the continuation when there is
//                                 no else region)
//   ^then...: then region;  cf.br ^merge(%yielded...)
//   ^else...: else region;  cf.br ^merge(%yielded...)
//   without results: ^merge is the block holding the ops after the scf.if;
//   with results:    ^merge(%r...) only branches on: cf.br ^cont, and ^cont
//                    holds the ops after the scf.if, which use ^merge's args.

// CHECK-LABEL: func.func @if_no_else(
// CHECK-SAME:      %[[C:.*]]: i1, %[[M:.*]]: memref<f32>, %[[V:.*]]: f32)
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.store %[[V]], %[[M]][] : memref<f32>
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @if_no_else(%c: i1, %m: memref<f32>, %v: f32) {
  scf.if %c {
    memref.store %v, %m[] : memref<f32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_else_no_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[M:.*]]: memref<f32>, %[[V:.*]]: f32, %[[W:.*]]: f32)
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.store %[[V]], %[[M]][] : memref<f32>
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    memref.store %[[W]], %[[M]][] : memref<f32>
// CHECK-NEXT:    cf.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return
func.func @if_else_no_results(%c: i1, %m: memref<f32>, %v: f32, %w: f32) {
  scf.if %c {
    memref.store %v, %m[] : memref<f32>
  } else {
    memref.store %w, %m[] : memref<f32>
  }
  return
}

// -----

// CHECK-LABEL: func.func @if_results(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[K1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[S]], %[[K1]] : f32, i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[D:.*]] = arith.subf %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[K2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[D]], %[[K2]] : f32, i32)
// CHECK-NEXT:  ^bb3(%[[R0:.*]]: f32, %[[R1:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[Q:.*]] = arith.addf %[[R0]], %[[A]] : f32
// CHECK-NEXT:    return %[[Q]], %[[R1]] : f32, i32
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
  %q = arith.addf %r#0, %a : f32
  return %q, %r#1 : f32, i32
}

// -----

// A branch may yield a value from above; it becomes a branch operand.
// CHECK-LABEL: func.func @if_yield_outer(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : i64)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[B]] : i64)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: i64):
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    return %[[R]] : i64
func.func @if_yield_outer(%c: i1, %a: i64, %b: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    scf.yield %a : i64
  } else {
    scf.yield %b : i64
  }
  return %r : i64
}

// -----

// scf.if inside a loop body: the if splits the body; the block after the
// merge holds the loop increment and back edge.
// CHECK-LABEL: func.func @if_in_for(
// CHECK-SAME:      %[[N:.*]]: index, %[[A:.*]]: i64, %[[LIM:.*]]: i64) -> i64
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]], %[[A]] : index, i64)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: i64):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb7
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi slt, %[[ACC]], %[[LIM]] : i64
// CHECK-NEXT:    cf.cond_br %[[LT]], ^bb3, ^bb4
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[D:.*]] = arith.addi %[[ACC]], %[[ACC]] : i64
// CHECK-NEXT:    cf.br ^bb5(%[[D]] : i64)
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    cf.br ^bb5(%[[ACC]] : i64)
// CHECK-NEXT:  ^bb5(%[[X:.*]]: i64):
// CHECK-NEXT:    cf.br ^bb6
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[X]] : index, i64)
// CHECK-NEXT:  ^bb7:
// CHECK-NEXT:    return %[[ACC]] : i64
func.func @if_in_for(%n: index, %a: i64, %lim: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i64) {
    %c = arith.cmpi slt, %acc, %lim : i64
    %x = scf.if %c -> (i64) {
      %d = arith.addi %acc, %acc : i64
      scf.yield %d : i64
    } else {
      scf.yield %acc : i64
    }
    scf.yield %x : i64
  }
  return %r : i64
}

// -----

// Nested ifs: the inner if's blocks, its merge block and its forwarding
// block all come before the outer else-branch.
// CHECK-LABEL: func.func @nested_if(
// CHECK-SAME:      %[[C:.*]]: i1, %[[D:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb1, ^bb6
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.cond_br %[[D]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb4(%[[A]] : i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    cf.br ^bb4(%[[B]] : i32)
// CHECK-NEXT:  ^bb4(%[[IN:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb5
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    cf.br ^bb7(%[[IN]] : i32)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    %[[S:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT:    cf.br ^bb7(%[[S]] : i32)
// CHECK-NEXT:  ^bb7(%[[OUT:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb8
// CHECK-NEXT:  ^bb8:
// CHECK-NEXT:    return %[[OUT]] : i32
func.func @nested_if(%c: i1, %d: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %x = scf.if %d -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %x : i32
  } else {
    %s = arith.subi %a, %b : i32
    scf.yield %s : i32
  }
  return %r : i32
}
