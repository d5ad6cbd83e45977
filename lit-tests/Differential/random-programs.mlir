// REQUIRES: mlir-upstream, mlir-runner
// RUN: python3 %S/gen/difftest.py --onnx-run %onnx-run --onnx-compile %onnx-compile --seed lit-1 --count 60 --batch 30 | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILURE
// CHECK: programs: 60, mismatches: 0, failures: 0

// A small fixed-seed run of the random differential test (issue 11; gen/progen.py makes the
// programs, gen/difftest.py runs them through upstream mlir-opt + mlir-runner, onnx-run -O0,
// onnx-run -O2 and onnx-compile + cc). The big runs use other seeds, e.g.
//   python3 gen/difftest.py --bin target/release --seed issue11 --count 20000 --batch 100
