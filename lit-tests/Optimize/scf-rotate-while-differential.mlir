// REQUIRES: mlir-upstream, mlir-runner
// Every differential program, rotated (scf-for-to-while, then scf-rotate-while) before
// Flowgate's convert-scf-to-cf, must compute what upstream's lowering of the original computes.
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/Inputs/diff-all-programs.sh %S/../Differential/run-diff.sh %S/../Differential/programs %onnx-opt --scf-for-to-while --scf-rotate-while | FileCheck %s --implicit-check-not=FAILED
// Forced rotation without the size limit: also the do-while loops, and every before region.
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/Inputs/diff-all-programs.sh %S/../Differential/run-diff.sh %S/../Differential/programs %onnx-opt --scf-for-to-while "--scf-rotate-while=force-create-check=true max-before-ops=1000" | FileCheck %s --implicit-check-not=FAILED

// CHECK: for-mixed-iter-args.mlir checksum:
// CHECK: nested-for-if.mlir checksum:
// CHECK: rotate-loops.mlir checksum: -2670008152975963107
// CHECK: unsigned-and-integer-for.mlir checksum:
// CHECK: while-collatz.mlir checksum:
// CHECK: programs: {{1[7-9]|[2-9][0-9]}}
