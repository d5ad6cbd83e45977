// REQUIRES: mlir-upstream
// Upstream MLIR parses and verifies what --arith-divisibility-to-mul emits, and the rewritten
// tests survive its round trip (8 of them are `ule`/`ugt` compares).
// RUN: %onnx-opt %S/arith-divisibility-to-mul.mlir -split-input-file --arith-divisibility-to-mul | %mlir-opt -split-input-file | FileCheck %s
// CHECK-COUNT-8: arith.cmpi {{ule|ugt}}
// CHECK-NOT: arith.cmpi {{ule|ugt}}

// Every differential program keeps its result with the pass in front of Flowgate's lowering
// (run-diff.sh fails on a mismatch with upstream's lowering of the untouched program).
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/cmpf-nan-predicates.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/execute-region-nested.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/float-int-casts.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/for-mixed-iter-args.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/index-switch.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/integer-overflow-wrap.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/iter-args-permutation.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/math-ops.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/memref-alloc-store-load.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/nested-for-if.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/parallel-2d-reductions.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/parallel-in-for-float.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/select-minmax.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/signed-unsigned-divrem.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/unsigned-and-integer-for.mlir | FileCheck %s --check-prefix=DIFF
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --arith-divisibility-to-mul %S/../Differential/programs/while-collatz.mlir | FileCheck %s --check-prefix=DIFF
// DIFF: {{^}}checksum: {{-?[0-9]+$}}
