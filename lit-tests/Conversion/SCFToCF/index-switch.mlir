// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.index_switch lowers as upstream MLIR 22's -convert-scf-to-cf does it, but for the
// width of the flag: upstream casts it to i32, so that case 2^32 matches 0 (issue 11); we
// keep all 64 bits:
//   %v = arith.index_cast %flag : index to i64
//   cf.switch %v : i64, [ default: ^default, c0: ^case0, c1: ^case1, ... ]
//   (default listed first, then the cases in source order)
//   ^case0, ^case1, ..., ^default: the regions in source order, each ending
//   in cf.br ^cont(%yielded...)
//   ^cont(%results...): the ops after the switch. Unlike scf.if there is no
//   extra forwarding block.

// CHECK-LABEL: func.func @index_switch(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[A:.*]]: i32) -> i32
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[FLAG]] : index to i64
// CHECK-NEXT:    cf.switch %[[V]] : i64, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      2: ^bb1,
// CHECK-NEXT:      5: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:    cf.br ^bb4(%[[T]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[K:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    cf.br ^bb4(%[[K]] : i32)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    cf.br ^bb4(%[[A]] : i32)
// CHECK-NEXT:  ^bb4(%[[R:.*]]: i32):
// CHECK-NEXT:    %[[Q:.*]] = arith.muli %[[R]], %[[A]] : i32
// CHECK-NEXT:    return %[[Q]] : i32
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
  %q = arith.muli %r, %a : i32
  return %q : i32
}

// -----

// CHECK-LABEL: func.func @index_switch_no_results(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[M:.*]]: memref<i64>)
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[FLAG]] : index to i64
// CHECK-NEXT:    cf.switch %[[V]] : i64, [
// CHECK-NEXT:      default: ^bb3,
// CHECK-NEXT:      7: ^bb1,
// CHECK-NEXT:      -1: ^bb2
// CHECK-NEXT:    ]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[K:.*]] = arith.constant 7 : i64
// CHECK-NEXT:    memref.store %[[K]], %[[M]][] : memref<i64>
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    cf.br ^bb4
// CHECK-NEXT:  ^bb4:
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

// -----

// Only a default region: a switch with no cases.
// CHECK-LABEL: func.func @index_switch_default_only(
// CHECK-SAME:      %[[FLAG:.*]]: index, %[[A:.*]]: f64, %[[B:.*]]: i1) -> (f64, i1)
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[FLAG]] : index to i64
// CHECK-NEXT:    cf.switch %[[V]] : i64, [
// CHECK-NEXT:      default: ^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[N:.*]] = arith.negf %[[A]] : f64
// CHECK-NEXT:    cf.br ^bb2(%[[N]], %[[B]] : f64, i1)
// CHECK-NEXT:  ^bb2(%[[R0:.*]]: f64, %[[R1:.*]]: i1):
// CHECK-NEXT:    return %[[R0]], %[[R1]] : f64, i1
func.func @index_switch_default_only(%flag: index, %a: f64, %b: i1) -> (f64, i1) {
  %r:2 = scf.index_switch %flag -> f64, i1
  default {
    %n = arith.negf %a : f64
    scf.yield %n, %b : f64, i1
  }
  return %r#0, %r#1 : f64, i1
}

// -----

// Case values beyond i32 stay distinct: 2^32, -1, INT64_MIN and 0.
// CHECK-LABEL: func.func @index_switch_wide_cases(
// CHECK-SAME:      %[[FLAG:.*]]: index) -> i64
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[FLAG]] : index to i64
// CHECK-NEXT:    cf.switch %[[V]] : i64, [
// CHECK-NEXT:      default: ^bb5,
// CHECK-NEXT:      4294967296: ^bb1,
// CHECK-NEXT:      -1: ^bb2,
// CHECK-NEXT:      -9223372036854775808: ^bb3,
// CHECK-NEXT:      0: ^bb4
// CHECK-NEXT:    ]
func.func @index_switch_wide_cases(%flag: index) -> i64 {
  %r = scf.index_switch %flag -> i64
  case 4294967296 {
    %k = arith.constant 1 : i64
    scf.yield %k : i64
  }
  case -1 {
    %k = arith.constant 2 : i64
    scf.yield %k : i64
  }
  case -9223372036854775808 {
    %k = arith.constant 3 : i64
    scf.yield %k : i64
  }
  case 0 {
    %k = arith.constant 4 : i64
    scf.yield %k : i64
  }
  default {
    %k = arith.constant 5 : i64
    scf.yield %k : i64
  }
  return %r : i64
}
