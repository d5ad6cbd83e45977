// REQUIRES: mlir-bridge
// UNSUPPORTED: upstream-as-flowgate
// onnx-opt --upstream-pass-pipeline: upstream MLIR 22's passes run in process on the output of
// ours, and the result is read back into our IR and printed by us (with the locations of this
// file still on it).
// RUN: %onnx-opt %s --upstream-pass-pipeline='builtin.module(convert-scf-to-cf)' | FileCheck %s
// RUN: %onnx-opt %s --upstream-pass-pipeline='builtin.module(convert-scf-to-cf)' --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// Our passes first, then upstream's, then our printer: the same result either way round.
// RUN: %onnx-opt %s --convert-scf-to-cf --upstream-pass-pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=BOTH
// Upstream's output in a dialect we do not have (llvm) reads back as unregistered ops.
// RUN: %onnx-opt %s --allow-unregistered-dialect --upstream-pass-pipeline='builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)' | FileCheck %s --check-prefix=LLVM
// RUN: not %onnx-opt %s --upstream-pass-pipeline='builtin.module(convert-scf-to-cf,convert-to-llvm)' 2>&1 | FileCheck %s --check-prefix=NOLLVM
// RUN: not %onnx-opt %s --upstream-pass-pipeline='builtin.module(no-such-pass)' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @sum
// CHECK-NOT: scf.
// CHECK: cf.cond_br
// CHECK: return
// LOC: arith.addi {{.*}} loc("{{.*}}upstream-pass-pipeline.mlir":[[# @LINE + 13]]:10)
// BOTH-LABEL: func.func @sum
// BOTH: cf.cond_br
// LLVM: "llvm.func"
// LLVM: "llvm.cond_br"
// NOLLVM: error: operation being parsed with an unregistered dialect
// BAD: error: invalid upstream pass pipeline: {{.*}}'no-such-pass' does not refer to a registered pass
func.func @sum(%n: index) -> i64 {
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
