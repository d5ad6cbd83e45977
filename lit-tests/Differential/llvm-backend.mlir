// REQUIRES: llvm-backend
// Every program of programs/ gives the same result through the LLVM backend (onnx-run
// --backend llvm at -O0/-O2/-O3, and onnx-compile --backend llvm -O3 linked with C) as through
// the Cranelift backend. The script prints each mismatch and fails on any.
// RUN: bash %S/run-llvm-diff.sh %onnx-run %onnx-compile %cc %S/programs %t | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: programs: {{[1-9][0-9]*}}
