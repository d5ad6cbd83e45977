// Flowgate only: upstream mlir-opt has no --list-passes (it lists passes in --help).
// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt --list-passes | FileCheck %s

// --list-passes prints every registered pass, one per line, starting with its flag name.
// Only the passes every build has are checked.

// CHECK-DAG: {{^ *}}canonicalize
// CHECK-DAG: {{^ *}}cse
// CHECK-DAG: {{^ *}}convert-scf-to-cf
// CHECK-DAG: {{^ *}}onnx-float16-in-f32
