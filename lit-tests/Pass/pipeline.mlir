// RUN: %onnx-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' | FileCheck %s --check-prefixes=CHECK,TOP-ONLY
// RUN: %onnx-opt %s --pass-pipeline=' builtin.module( func.func( canonicalize , cse ) ) ' | FileCheck %s --check-prefixes=CHECK,TOP-ONLY
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(canonicalize,cse)' | FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: %onnx-opt %s -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,BOTH
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(builtin.module(func.func(cse)))' | FileCheck %s --check-prefix=INNER-ONLY

// Textual pass pipelines: a pass nested under `func.func(...)` runs on the functions directly
// inside the anchor module, not on those of a nested module; a pass on `builtin.module(...)`
// itself (as pass flags run) sees everything; whitespace in the pipeline is ignored.

// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT:    %[[SQ:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    %[[SUM:.*]] = arith.addi %[[SQ]], %[[SQ]] : i32
// CHECK-NEXT:    return %[[SUM]] : i32
// INNER-ONLY-LABEL: func.func @top(
// INNER-ONLY-NEXT:    arith.constant 0 : i32
// INNER-ONLY-NEXT:    arith.addi
// INNER-ONLY-NEXT:    arith.muli
// INNER-ONLY-NEXT:    arith.muli
// INNER-ONLY-NEXT:    arith.addi
func.func @top(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %0 = arith.muli %x, %x : i32
  %1 = arith.muli %x, %x : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// CHECK-LABEL: module @nested {
// CHECK-NEXT:    func.func @inner(
// TOP-ONLY-NEXT:   arith.muli
// TOP-ONLY-NEXT:   arith.muli
// TOP-ONLY-NEXT:   arith.addi
// BOTH-NEXT:       arith.muli
// BOTH-NEXT:       arith.addi
// INNER-ONLY-LABEL: func.func @inner(
// INNER-ONLY-NEXT:    arith.muli
// INNER-ONLY-NEXT:    arith.addi
module @nested {
  func.func @inner(%a: i32) -> i32 {
    %0 = arith.muli %a, %a : i32
    %1 = arith.muli %a, %a : i32
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
