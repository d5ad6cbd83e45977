// RUN: %onnx-opt %s | FileCheck %s
// RUN: echo "" | %onnx-opt - | FileCheck %s --check-prefix=EMPTY
// RUN: echo "" | %onnx-opt | FileCheck %s --check-prefix=EMPTY
// RUN: %onnx-opt %s -o %t && FileCheck %s < %t

// Top-level ops that are not a single builtin.module are wrapped in an implicit `module {`.
// Empty input gives an empty module. The output ends with the module's `}`, a newline, and
// one empty line.

// CHECK:       {{^}}module {
// CHECK-NEXT:  {{^}}  func.func private @first()
// CHECK-NEXT:  {{^}}  func.func @second() {
// CHECK-NEXT:  {{^}}    return
// CHECK-NEXT:  {{^}}  }
// CHECK-NEXT:  {{^}}}
// CHECK-EMPTY:
// CHECK-NOT:   {{.}}
func.func private @first()
func.func @second() {
  return
}

// EMPTY:       {{^}}module {
// EMPTY-NEXT:  {{^}}}
// EMPTY-EMPTY:
// EMPTY-NOT:   {{.}}
