// REQUIRES: mlir-upstream
// Every differential program, lowered by Flowgate after the -O2 passes
// scf-parallel-for-to-nested-fors, scf-if-to-select and scf-for-strength-reduction, and by upstream mlir-opt
// without them, must compute the same checksum under mlir-runner. run-diff.sh
// fails (and the loop with it) on the first mismatch; "N of N" proves that no
// program was skipped. The second run lets if-conversion take larger branches.
// RUN: bash -c 'set -e; n=0; all=$(ls %S/../Differential/programs/*.mlir | wc -l); for p in %S/../Differential/programs/*.mlir; do MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --scf-parallel-for-to-nested-fors --scf-if-to-select --scf-for-strength-reduction "$p" >/dev/null || { echo "FAILED: $p"; exit 1; }; n=$((n+1)); done; echo "programs: $n of $all"' | FileCheck %s
// RUN: bash -c 'set -e; n=0; all=$(ls %S/../Differential/programs/*.mlir | wc -l); for p in %S/../Differential/programs/*.mlir; do MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../Differential/run-diff.sh %onnx-opt --scf-for-strength-reduction --scf-if-to-select=max-ops-per-branch=16 "$p" >/dev/null || { echo "FAILED: $p"; exit 1; }; n=$((n+1)); done; echo "programs: $n of $all"' | FileCheck %s
// CHECK-NOT: FAILED
// CHECK: programs: [[N:[1-9][0-9]*]] of [[N]]
