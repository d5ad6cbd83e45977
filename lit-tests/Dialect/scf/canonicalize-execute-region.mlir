// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// scf.execute_region results that every yield gives as the same value from above are that
// value.

func.func private @effect()

// CHECK-LABEL: func.func @outside_value(
// CHECK-SAME:    %[[A:.*]]: i32, %[[C:.*]]: i1)
// CHECK:         %[[R:.*]] = scf.execute_region -> i64 no_inline {
// CHECK:           scf.yield %{{.*}} : i64
// CHECK-NOT:       i32
// CHECK:         return %[[A]], %[[R]] : i32, i64
func.func @outside_value(%a: i32, %c: i1) -> (i32, i64) {
  %r:2 = scf.execute_region -> (i32, i64) no_inline {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    func.call @effect() : () -> ()
    %x = arith.constant 1 : i64
    scf.yield %a, %x : i32, i64
  ^bb2:
    %y = arith.constant 2 : i64
    scf.yield %a, %y : i32, i64
  }
  return %r#0, %r#1 : i32, i64
}

// -----

// A multi-block region directly in a function moves into the function: the block is split
// before the op, yields become branches to the rest, whose argument is the result.
// CHECK-LABEL: func @multi_block_inline
// CHECK-NOT: scf.execute_region
// CHECK:   cf.cond_br %arg0, ^[[T:bb[0-9]+]], ^[[POST:bb[0-9]+]](%arg2 : i32)
// CHECK: ^[[T]]:
// CHECK:   call @effect()
// CHECK:   cf.br ^[[POST]](%arg1 : i32)
// CHECK: ^[[POST]](%[[R:.*]]: i32):
// CHECK:   return %[[R]]
func.func private @effect()
func.func @multi_block_inline(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^t, ^f
  ^t:
    func.call @effect() : () -> ()
    scf.yield %x : i32
  ^f:
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

// Marked no_inline: unchanged.
// CHECK-LABEL: func @multi_block_no_inline
// CHECK: scf.execute_region -> i32 no_inline {
func.func @multi_block_no_inline(%c: i1, %x: i32, %y: i32) -> i32 {
  %b = scf.execute_region -> i32 no_inline {
    cf.cond_br %c, ^t, ^f
  ^t:
    scf.yield %x : i32
  ^f:
    scf.yield %y : i32
  }
  return %b : i32
}
