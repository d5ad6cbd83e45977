// REQUIRES: mlir-upstream, mlir-runner
// RUN: python3 %S/gen/difftest.py --onnx-run %onnx-run --onnx-compile %onnx-compile --odd-widths --seed lit-odd-1 --count 60 --batch 30 | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILURE
// CHECK: programs: 60, mismatches: 0, failures: 0

// Issue 23: random programs whose values, loop induction variables, loop-carried values and
// function arguments have odd widths (i2, i3, i5, i7, i12, i17, i31, i33, i48, i63) besides
// the machine ones, against upstream mlir-opt + mlir-runner (gen/progen.py with odd=True).
// The big runs use other seeds, e.g.
//   python3 gen/difftest.py --bin target/release --odd-widths --seed issue23 --count 5000 --batch 100
