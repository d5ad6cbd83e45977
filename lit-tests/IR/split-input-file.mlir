// RUN: %onnx-opt %s -split-input-file | FileCheck %s
// RUN: %onnx-opt %s -split-input-file --mlir-print-op-generic | %onnx-opt -split-input-file | FileCheck %s

// `-split-input-file` parses and prints each chunk between marker lines (two slashes, a space,
// five dashes) on its own: each is wrapped in its own implicit module, names and symbols do not
// clash across chunks, and the outputs are separated by an empty line and a marker line. The
// checks spell the marker as a regex so that it does not split this file.

// CHECK-LABEL: module {
// CHECK-NEXT:    func.func @same_name(%arg0: i32) -> i32 {
// CHECK-NEXT:      return %arg0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// [-]----$}}
func.func @same_name(%a: i32) -> i32 {
  return %a : i32
}

// -----

// CHECK-NEXT:  module @explicit {
// CHECK-NEXT:    func.func @same_name(%arg0: f32) -> f32 {
// CHECK-NEXT:      return %arg0 : f32
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NEXT:  {{^// [-]----$}}
module @explicit {
  func.func @same_name(%a: f32) -> f32 {
    return %a : f32
  }
}

// -----

// CHECK-NEXT:  module {
// CHECK-NEXT:    func.func private @one()
// CHECK-NEXT:    func.func private @two()
// CHECK-NEXT:  }
// CHECK-EMPTY:
// CHECK-NOT:   {{.}}
func.func private @one()
func.func private @two()
