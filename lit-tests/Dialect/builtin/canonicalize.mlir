// RUN: %onnx-opt %s -canonicalize | FileCheck %s

// unrealized_conversion_cast folds: A -> B -> A and A -> A give the input back, a dead cast
// goes away, and A -> B -> C stays.


// CHECK-LABEL: func.func @cast_round_trip(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @cast_round_trip(%a: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to i32
  return %1 : i32
}

// CHECK-LABEL: func.func @cast_identity(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> i32 {
// CHECK-NEXT: return %[[ARG0]] : i32
// CHECK-NEXT: }
func.func @cast_identity(%a: i32) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @cast_chain(
// CHECK-SAME: %[[ARG0:.*]]: i32) -> f32 {
// CHECK-NEXT: %[[VAL_2:.*]] = builtin.unrealized_conversion_cast %[[ARG0]] : i32 to i64
// CHECK-NEXT: %[[VAL_3:.*]] = builtin.unrealized_conversion_cast %[[VAL_2]] : i64 to f32
// CHECK-NEXT: return %[[VAL_3]] : f32
// CHECK-NEXT: }
func.func @cast_chain(%a: i32) -> f32 {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  %1 = builtin.unrealized_conversion_cast %0 : i64 to f32
  return %1 : f32
}

// CHECK-LABEL: func.func @dead_cast(
// CHECK-SAME: %[[ARG0:.*]]: i32) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @dead_cast(%a: i32) {
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  return
}
