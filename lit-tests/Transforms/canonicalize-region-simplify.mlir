// Flowgate only: upstream mlir-opt 22 still erases these unreachable blocks under
// region-simplify=disabled; Flowgate leaves the CFG alone when asked to.
// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{region-simplify=disabled})' | FileCheck %s --check-prefix=OFF
// RUN: %onnx-opt %s -allow-unregistered-dialect -pass-pipeline='builtin.module(canonicalize{region-simplify=normal})' | FileCheck %s --check-prefix=ON

// OFF-LABEL: func.func @unreachable_blocks(
// OFF:         "unreg.op"()
// OFF:         "unreg.br"()[^bb2]
// ON-LABEL:  func.func @unreachable_blocks(
// ON-NOT:      "unreg.op"
// ON-NOT:      ^bb2
func.func @unreachable_blocks(%a: i32) -> i32 {
  "unreg.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
^bb2:
  %0 = "unreg.op"() : () -> i32
  "unreg.br"()[^bb3] : () -> ()
^bb3:
  "unreg.br"()[^bb2] : () -> ()
}
