// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.while lowers as upstream MLIR 22's -convert-scf-to-cf does it:
//   ^entry:  cf.br ^before(%init...)
//   ^before(%args...): the 'before' region;
//            cf.cond_br %cond, ^after(%forwarded...), ^exit
//   ^after(%args...):  the 'after' region; cf.br ^before(%yielded...)
//   ^exit:   ops after the loop (no block arguments); the loop results are
//            the values scf.condition forwarded, used directly.
// When the 'after' region only yields its arguments unchanged (a do-while),
// there is no 'after' block: cf.cond_br %cond, ^before(%forwarded...), ^exit.

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME:      %[[INIT:.*]]: i32, %[[LIMIT:.*]]: i32) -> (i32, f64)
// CHECK-NEXT:    cf.br ^bb1(%[[INIT]] : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[X]], %[[LIMIT]] : i32
// CHECK-NEXT:    %[[F:.*]] = arith.sitofp %[[X]] : i32 to f64
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2(%[[X]], %[[F]] : i32, f64), ^bb3
// CHECK-NEXT:  ^bb2(%[[Y:.*]]: i32, %[[G:.*]]: f64):
// CHECK-NEXT:    %[[Y2:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK-NEXT:    cf.br ^bb1(%[[Y2]] : i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[X]], %[[F]] : i32, f64
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

// -----

// Do-while form: the 'after' region is a plain forwarding yield.
// CHECK-LABEL: func.func @do_while(
// CHECK-SAME:      %[[INIT:.*]]: i32, %[[LIMIT:.*]]: i32) -> i32
// CHECK-NEXT:    cf.br ^bb1(%[[INIT]] : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[X2:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[X2]], %[[LIMIT]] : i32
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb1(%[[X2]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %[[X2]] : i32
func.func @do_while(%init: i32, %limit: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %x2 = arith.addi %x, %x : i32
    %cmp = arith.cmpi slt, %x2, %limit : i32
    scf.condition(%cmp) %x2 : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// No carried values: the blocks have no arguments.
// CHECK-LABEL: func.func @while_no_values(
// CHECK-SAME:      %[[M:.*]]: memref<i1>)
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[C:.*]] = memref.load %[[M]][] : memref<i1>
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    memref.store %[[FALSE]], %[[M]][] : memref<i1>
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return
func.func @while_no_values(%m: memref<i1>) {
  scf.while : () -> () {
    %c = memref.load %m[] : memref<i1>
    scf.condition(%c)
  } do {
    %f = arith.constant false
    memref.store %f, %m[] : memref<i1>
    scf.yield
  }
  return
}

// -----

// Different types before and after: two loop-carried values, one forwarded.
// CHECK-LABEL: func.func @while_different_types(
// CHECK-SAME:      %[[A:.*]]: index, %[[B:.*]]: f32, %[[LIM:.*]]: f32) -> f32
// CHECK-NEXT:    cf.br ^bb1(%[[A]], %[[B]] : index, f32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: index, %[[Y:.*]]: f32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpf olt, %[[Y]], %[[LIM]] : f32
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2(%[[Y]] : f32), ^bb3
// CHECK-NEXT:  ^bb2(%[[Z:.*]]: f32):
// CHECK-NEXT:    %[[Z2:.*]] = arith.addf %[[Z]], %[[Z]] : f32
// CHECK-NEXT:    cf.br ^bb1(%[[A]], %[[Z2]] : index, f32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    return %[[Y]] : f32
func.func @while_different_types(%a: index, %b: f32, %lim: f32) -> f32 {
  %r = scf.while (%x = %a, %y = %b) : (index, f32) -> f32 {
    %cmp = arith.cmpf olt, %y, %lim : f32
    scf.condition(%cmp) %y : f32
  } do {
  ^bb0(%z: f32):
    %z2 = arith.addf %z, %z : f32
    scf.yield %a, %z2 : index, f32
  }
  return %r : f32
}

// -----

// An scf.if in the 'after' region: its merge and forwarding blocks come
// before the back edge, which leaves from the forwarding block's successor.
// CHECK-LABEL: func.func @while_with_if(
// CHECK-SAME:      %[[INIT:.*]]: i32, %[[LIMIT:.*]]: i32) -> i32
// CHECK-NEXT:    cf.br ^bb1(%[[INIT]] : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[X]], %[[LIMIT]] : i32
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2(%[[X]] : i32), ^bb7
// CHECK-NEXT:  ^bb2(%[[Y:.*]]: i32):
// CHECK-NEXT:    %[[GT:.*]] = arith.cmpi sgt, %[[Y]], %[[LIMIT]] : i32
// CHECK-NEXT:    cf.cond_br %[[GT]], ^bb3, ^bb4
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    %[[Y3:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK-NEXT:    cf.br ^bb5(%[[Y3]] : i32)
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    cf.br ^bb5(%[[LIMIT]] : i32)
// CHECK-NEXT:  ^bb5(%[[Y2:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb6
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    cf.br ^bb1(%[[Y2]] : i32)
// CHECK-NEXT:  ^bb7:
// CHECK-NEXT:    return %[[X]] : i32
func.func @while_with_if(%init: i32, %limit: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %cmp = arith.cmpi slt, %x, %limit : i32
    scf.condition(%cmp) %x : i32
  } do {
  ^bb0(%y: i32):
    %c = arith.cmpi sgt, %y, %limit : i32
    %y2 = scf.if %c -> i32 {
      %y3 = arith.addi %y, %y : i32
      scf.yield %y3 : i32
    } else {
      scf.yield %limit : i32
    }
    scf.yield %y2 : i32
  }
  return %r : i32
}

// -----

// scf.while nested in scf.for: the for body's first block enters the while.
// CHECK-LABEL: func.func @while_in_for(
// CHECK-SAME:      %[[N:.*]]: index, %[[A:.*]]: i64, %[[LIM:.*]]: i64) -> i64
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    cf.br ^bb1(%[[C0]], %[[A]] : index, i64)
// CHECK-NEXT:  ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: i64):
// CHECK-NEXT:    %[[CMP:.*]] = arith.cmpi slt, %[[IV]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CMP]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[ACC]] : i64)
// CHECK-NEXT:  ^bb3(%[[W:.*]]: i64):
// CHECK-NEXT:    %[[LT:.*]] = arith.cmpi slt, %[[W]], %[[LIM]] : i64
// CHECK-NEXT:    cf.cond_br %[[LT]], ^bb4(%[[W]] : i64), ^bb5
// CHECK-NEXT:  ^bb4(%[[V:.*]]: i64):
// CHECK-NEXT:    %[[V2:.*]] = arith.addi %[[V]], %[[LIM]] : i64
// CHECK-NEXT:    cf.br ^bb3(%[[V2]] : i64)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[NEXT]], %[[W]] : index, i64)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    return %[[ACC]] : i64
func.func @while_in_for(%n: index, %a: i64, %lim: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i64) {
    %w = scf.while (%y = %acc) : (i64) -> i64 {
      %lt = arith.cmpi slt, %y, %lim : i64
      scf.condition(%lt) %y : i64
    } do {
    ^bb0(%v: i64):
      %v2 = arith.addi %v, %lim : i64
      scf.yield %v2 : i64
    }
    scf.yield %w : i64
  }
  return %r : i64
}
