// RUN: %onnx-opt %s -split-input-file -verify-diagnostics
// RUN: not %onnx-opt %s -split-input-file 2>&1 | FileCheck %s

// As mlir-opt, the split marker ends a chunk wherever it occurs, even inside a line: the
// string literal below is unterminated, and the next chunk starts after the marker.

// expected-error@+1 {{expected '"' in string literal}}
"J// -----
func.func private @after_split()

// CHECK-DAG: error: expected '"' in string literal
// CHECK-DAG: func.func private @after_split()
