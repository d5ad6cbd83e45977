// The tools run the lowering pipeline themselves; -O2 (the default) adds the loop
// optimizations of crates/optimize before convert-scf-to-cf, -O0 does not. Both end with
// legalize-int-widths (odd-width integers to machine widths, issue 23); memref views are
// expanded after convert-scf-to-cf (issue 24).
// RUN: %onnx-run %s --print-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %onnx-run -O2 %s --print-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %onnx-compile %s -o %t.o --print-pipeline 2>&1 | FileCheck %s --check-prefixes=CHECK,O2
// RUN: %onnx-run -O0 %s --print-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=CHECK
// RUN: %onnx-compile -O0 %s -o %t.o --print-pipeline 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: %onnx-run %s --time 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
// RUN: %onnx-run %s | FileCheck %s --check-prefix=RESULT

// The onnx lowerings only matter for onnx input; without onnx ops they are listed, not warned.
// CHECK-NOT: warning
// CHECK: pass: onnx-float16-in-f32
// CHECK-NEXT: pass: convert-onnx-to-scf
// CHECK: pass: canonicalize
// CHECK-NEXT: pass: cse
// O2-NEXT: pass: scf-parallel-for-to-nested-fors
// O2-NEXT: pass: scf-if-to-select
// O2-NEXT: pass: scf-for-strength-reduction
// O2-NEXT: pass: arith-divisibility-to-mul
// O2-NEXT: pass: scf-reload-loop-floats
// O2-NEXT: pass: scf-for-to-while{cleanup=false}
// O2-NEXT: pass: scf-rotate-while{cleanup=false}
// CHECK-NEXT: pass: convert-scf-to-cf
// CHECK-NEXT: pass: expand-strided-metadata
// CHECK-NEXT: pass: canonicalize
// CHECK-NEXT: pass: legalize-int-widths
// CHECK-NOT: pass:
// CHECK-NOT: warning

// TIME: compile: {{[0-9]+\.[0-9]+}} ms (lowering passes {{[0-9]+\.[0-9]+}} ms)
// TIME-NEXT: run: median {{[0-9]+\.[0-9]+}} ms, min {{[0-9]+\.[0-9]+}} ms (1 runs)
// TIME-NEXT: peak memory: {{[0-9]+\.[0-9]+}} MiB

// RESULT: 45
func.func @main() -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c10 = arith.constant 10 : i64
  %s = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> (i64) : i64 {
    %a = arith.addi %acc, %i : i64
    scf.yield %a : i64
  }
  return %s : i64
}
