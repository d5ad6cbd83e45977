// REQUIRES: mlir-bridge
// Every program of programs/ gives the same result through upstream MLIR in process (onnx-run
// --backend mlir: upstream's convert-scf-to-cf, convert-to-llvm and ExecutionEngine at
// -O0/-O2/-O3), through LLVM when onnx-run also has `--backend llvm`, and through Cranelift.
// The script prints each mismatch and fails on any.
// RUN: bash %S/run-backends-diff.sh %onnx-run %S/programs | FileCheck %s
// CHECK: backends: cranelift mlir
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILURE
// CHECK: programs: {{[1-9][0-9]*}}
