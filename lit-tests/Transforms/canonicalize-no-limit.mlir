// Issue 11: as upstream, -1 means "no limit" for canonicalize's max-iterations and
// max-num-rewrites.
// RUN: %onnx-opt %s --pass-pipeline='builtin.module(canonicalize{max-iterations=-1 max-num-rewrites=-1})' | FileCheck %s
// RUN: %onnx-opt %s --canonicalize=max-iterations=-1 | FileCheck %s
// RUN: not %onnx-opt %s --canonicalize=max-iterations=many 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error:

// CHECK-LABEL: func.func @f(
// CHECK-SAME:      %[[X:.*]]: i32) -> i32
// CHECK-NEXT:    return %[[X]] : i32
func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  return %y : i32
}
