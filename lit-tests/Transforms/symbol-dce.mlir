// RUN: %onnx-opt %s -split-input-file -symbol-dce | FileCheck %s

// Private symbols that nothing live references are erased; references from dead symbols do
// not keep anything alive.

// CHECK-LABEL: module {
// CHECK-NOT:     @unused
// CHECK-NOT:     @dead_caller
// CHECK-NOT:     @dead_callee
// CHECK:         func.func private @used()
// CHECK:         func.func @public()
// CHECK-NEXT:      call @used()
func.func private @unused()
func.func private @dead_caller() {
  call @dead_callee() : () -> ()
  return
}
func.func private @dead_callee()
func.func private @used()
func.func @public() {
  call @used() : () -> ()
  return
}

// -----

// A constant reference keeps a private function alive.

// CHECK-LABEL: module {
// CHECK:         func.func private @referenced()
// CHECK:         func.func @user()
func.func private @referenced()
func.func @user() -> (() -> ()) {
  %0 = func.constant @referenced : () -> ()
  return %0 : () -> ()
}

// -----

// Live nested symbol tables are processed too; a nested reference keeps its target alive, and
// an unused private nested table goes as a whole.

// CHECK-LABEL: module {
// CHECK:         func.func @outer()
// CHECK:         module @inner {
// CHECK-NEXT:      func.func @f()
// CHECK-NOT:       @g
// CHECK:         }
// CHECK-NOT:     @hidden
module {
  func.func @outer() {
    return
  }
  module @inner {
    func.func @f() {
      return
    }
    func.func private @g()
  }
  module @hidden attributes {sym_visibility = "private"} {
    func.func @h() {
      return
    }
  }
}
