// REQUIRES: mlir-bridge
// UNSUPPORTED: upstream-as-flowgate
// onnx-opt --upstream-verify: after our pipeline, upstream MLIR 22's verifier (in process,
// through crates/mlir-bridge) judges the output. Upstream does not know the onnx dialect: it
// rejects such a module unless --allow-unregistered-dialect, and the error points at the op in
// this file, as our own diagnostics do.
// RUN: %onnx-opt %s --split-input-file --upstream-verify --allow-unregistered-dialect | FileCheck %s
// RUN: not %onnx-opt %s --split-input-file --upstream-verify 2>&1 | FileCheck %s --check-prefix=ERR
// Lowered to scf, the same module is upstream's (tensor, scf, func): it verifies.
// RUN: %onnx-opt %s --split-input-file --convert-onnx-to-scf --upstream-verify | FileCheck %s --check-prefix=LOWERED

// CHECK-LABEL: func.func @upstream_dialects
// LOWERED-LABEL: func.func @upstream_dialects
func.func @upstream_dialects(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i64) {
    %x = arith.index_cast %i : index to i64
    %t = arith.addi %s, %x : i64
    scf.yield %t : i64
  }
  return %r : i64
}

// -----

// CHECK-LABEL: func.func @onnx_ops
// LOWERED-LABEL: func.func @onnx_ops
// LOWERED: scf.if
// LOWERED-NOT: onnx.
func.func @onnx_ops(%c: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  // ERR: upstream-verify.mlir:[[# @LINE + 1]]:8: error: operation being parsed with an unregistered dialect
  %r = "onnx.If"(%c) ({
    "onnx.Yield"(%x) : (tensor<2xf32>) -> ()
  }, {
    "onnx.Yield"(%y) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
