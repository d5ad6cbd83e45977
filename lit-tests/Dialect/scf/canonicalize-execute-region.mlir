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
