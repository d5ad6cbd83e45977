// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func @select_of_compare
// CHECK-NEXT: return %arg1, %arg0
func.func @select_of_compare(%a: i64, %b: i64) -> (i64, i64) {
  %eq = arith.cmpi eq, %a, %b : i64
  %0 = arith.select %eq, %a, %b : i64
  %ne = arith.cmpi ne, %a, %b : i64
  %1 = arith.select %ne, %a, %b : i64
  return %0, %1 : i64, i64
}

// Another predicate, or other values: unchanged.
// CHECK-LABEL: func @select_of_compare_kept
// CHECK-COUNT-2: arith.select
func.func @select_of_compare_kept(%a: i64, %b: i64, %c: i64) -> (i64, i64) {
  %lt = arith.cmpi slt, %a, %b : i64
  %0 = arith.select %lt, %a, %b : i64
  %eq = arith.cmpi eq, %a, %b : i64
  %1 = arith.select %eq, %a, %c : i64
  return %0, %1 : i64, i64
}

// -----

// CHECK-LABEL: func @select_to_extui
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[E:.*]] = arith.extui %arg0 : i1 to i64
// CHECK-DAG: %[[N:.*]] = arith.xori %arg0, %[[T]] : i1
// CHECK-DAG: %[[F:.*]] = arith.extui %[[N]] : i1 to i64
// CHECK: return %[[E]], %[[F]]
func.func @select_to_extui(%c: i1) -> (i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %0 = arith.select %c, %c1, %c0 : i64
  %1 = arith.select %c, %c0, %c1 : i64
  return %0, %1 : i64, i64
}

// A vector result, or values other than 0 and 1: unchanged.
// CHECK-LABEL: func @select_to_extui_kept
// CHECK-COUNT-2: arith.select
func.func @select_to_extui_kept(%c: i1) -> (vector<2xi64>, i64) {
  %v0 = arith.constant dense<0> : vector<2xi64>
  %v1 = arith.constant dense<1> : vector<2xi64>
  %0 = arith.select %c, %v1, %v0 : vector<2xi64>
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %1 = arith.select %c, %c2, %c0 : i64
  return %0, %1 : vector<2xi64>, i64
}

// -----

// CHECK-LABEL: func @nested_and_negated
// CHECK-DAG: %[[A:.*]] = arith.select %arg0, %arg1, %arg3 : i32
// CHECK-DAG: %[[B:.*]] = arith.select %arg0, %arg3, %arg2 : i32
// CHECK-DAG: %[[C:.*]] = arith.select %arg0, %arg2, %arg1 : i32
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @nested_and_negated(%p: i1, %a: i32, %b: i32, %c: i32) -> (i32, i32, i32) {
  %s = arith.select %p, %a, %b : i32
  %0 = arith.select %p, %s, %c : i32
  %1 = arith.select %p, %c, %s : i32
  %true = arith.constant true
  %n = arith.xori %p, %true : i1
  %2 = arith.select %n, %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}

// A nested select on another condition: unchanged.
// CHECK-LABEL: func @nested_other_condition
// CHECK-COUNT-2: arith.select
func.func @nested_other_condition(%p: i1, %q: i1, %a: i32, %b: i32, %c: i32) -> i32 {
  %s = arith.select %q, %a, %b : i32
  %0 = arith.select %p, %s, %c : i32
  return %0 : i32
}

// -----

// CHECK-LABEL: func @select_constant_vectors
// CHECK: %[[C:.*]] = arith.constant dense<[1, 5, 3]> : vector<3xi32>
// CHECK: return %[[C]]
func.func @select_constant_vectors() -> vector<3xi32> {
  %c = arith.constant dense<[true, false, true]> : vector<3xi1>
  %a = arith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = arith.constant dense<[4, 5, 6]> : vector<3xi32>
  %0 = arith.select %c, %a, %b : vector<3xi1>, vector<3xi32>
  return %0 : vector<3xi32>
}
