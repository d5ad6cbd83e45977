// Issue 11: func.constant's syntax is upstream's `attr-dict $value : type`: the attribute
// dictionary comes first, and a value that is not a flat symbol reference is refused where it
// starts.
// RUN: split-file %s %t
// RUN: %onnx-opt %t/ok.mlir | FileCheck %s
// RUN: %onnx-opt %t/ok.mlir | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %t/bad.mlir -split-input-file -verify-diagnostics

// CHECK: %f = constant {a = 1 : i64} @g : () -> ()
// CHECK: %f_0 = constant @g : () -> ()

//--- ok.mlir
func.func private @g()
func.func @f() {
  %0 = func.constant {a = 1} @g : () -> ()
  %1 = func.constant @g : () -> ()
  return
}

//--- bad.mlir
func.func @f() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = constant "" : index
  return
}

// -----

func.func private @g()
func.func @f() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %0 = func.constant @g::@h : () -> ()
  return
}
