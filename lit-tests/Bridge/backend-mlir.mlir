// REQUIRES: mlir-bridge
// onnx-run --backend mlir: upstream MLIR 22 lowers (convert-scf-to-cf ... convert-to-llvm) and
// its ExecutionEngine runs the program in process. Results print as with the other backends.
// RUN: %onnx-run --backend mlir %s | FileCheck %s
// RUN: %onnx-run --backend mlir -O0 %s | FileCheck %s
// RUN: %onnx-run --backend mlir -O3 -e two %s | FileCheck %s --check-prefix=TWO
// RUN: %onnx-run %s | FileCheck %s
// The C library's functions resolve from the process.
// RUN: %onnx-run --backend mlir -e uses_libc %s | FileCheck %s --check-prefix=LIBC
// RUN: not %onnx-run --backend mlir -e takes_args %s 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not %onnx-run --backend mlir -O7 %s 2>&1 | FileCheck %s --check-prefix=LEVEL

// CHECK: {{^}}4950{{$}}
// TWO: {{^}}-7{{$}}
// TWO-NEXT: {{^}}2.500000e-01{{$}}
// TWO-NEXT: {{^}}1{{$}}
// LIBC: {{^}}17{{$}}
// ARGS: error: entry point 'takes_args' must take no arguments
// LEVEL: error: unknown optimization level '-O7'
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c100 step %c1 iter_args(%s = %z) -> (i64) {
    %x = arith.index_cast %i : index to i64
    %t = arith.addi %s, %x : i64
    scf.yield %t : i64
  }
  return %r : i64
}

func.func @two() -> (i32, f32, i1) {
  %a = arith.constant -7 : i32
  %b = arith.constant 0.25 : f32
  %c = arith.constant true
  return %a, %b, %c : i32, f32, i1
}

func.func @takes_args(%a: i64) -> i64 {
  return %a : i64
}

func.func private @labs(i64) -> i64

func.func @uses_libc() -> i64 {
  %c = arith.constant -17 : i64
  %r = func.call @labs(%c) : (i64) -> i64
  return %r : i64
}
