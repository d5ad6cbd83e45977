// The default dialect of a region is that of the op holding it, or none: like upstream, ops
// inside scf regions print with their full name (default-dialect-nested-invalid.mlir: an
// unprefixed `call` there is an error).
// RUN: %onnx-opt %s | FileCheck %s
// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %if mlir-upstream %{ %mlir-opt %s | FileCheck %s %}

// CHECK-LABEL: func.func @in_if
// CHECK: scf.if
// CHECK-NEXT: func.call @g()
// CHECK: } else {
// CHECK-NEXT: func.call @g()
// CHECK: return
func.func private @g() -> i64
func.func @in_if(%c: i1) -> i64 {
  %r = scf.if %c -> (i64) {
    %a = func.call @g() : () -> i64
    scf.yield %a : i64
  } else {
    %b = func.call @g() : () -> i64
    scf.yield %b : i64
  }
  return %r : i64
}
