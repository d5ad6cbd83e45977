// UNSUPPORTED: mlir-bridge, upstream-as-flowgate
// Tools built without the cargo feature `mlir` say which feature the upstream flags need.
// RUN: not %onnx-run --backend mlir %s 2>&1 | FileCheck %s --check-prefix=BACKEND
// RUN: not %onnx-opt --upstream-verify %s 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not %onnx-opt --upstream-pass-pipeline='builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: %onnx-run %s | FileCheck %s --check-prefix=OK
// BACKEND: error: backend 'mlir' needs the cargo feature `mlir`, which this onnx-run was built without
// VERIFY: error: --upstream-verify needs upstream MLIR: this onnx-opt was built without the cargo feature `mlir`
// PIPELINE: error: --upstream-pass-pipeline needs upstream MLIR
// OK: {{^}}1{{$}}
func.func @main() -> i64 {
  %c = arith.constant 1 : i64
  return %c : i64
}
