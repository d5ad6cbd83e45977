// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}1227837853639934688{{$}}
// CHECK: {{^}}checksum: 1227837853639934688{{$}}

// Two's complement wrap-around of i8, i16, i32 and i64 loop-carried values
// (arith ops without overflow flags wrap), plus truncation and sign/zero
// extension.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %a0 = arith.constant 1 : i8
  %b0 = arith.constant 1 : i16
  %d0 = arith.constant 2147483000 : i32
  %e0 = arith.constant 9223372036854775000 : i64
  %k8 = arith.constant 3 : i8
  %k16 = arith.constant 251 : i16
  %k32 = arith.constant 65599 : i32
  %k64 = arith.constant 6364136223846793005 : i64
  %inc64 = arith.constant 1442695040888963407 : i64
  %r:4 = scf.for %i = %c0 to %c300 step %c1
      iter_args(%a = %a0, %b = %b0, %d = %d0, %e = %e0) -> (i8, i16, i32, i64) {
    %ii = arith.index_cast %i : index to i32
    %a1 = arith.muli %a, %k8 : i8
    %it8 = arith.trunci %ii : i32 to i8
    %a2 = arith.addi %a1, %it8 : i8
    %b1 = arith.muli %b, %k16 : i16
    %b2 = arith.subi %b1, %b : i16
    %d1 = arith.addi %d, %k32 : i32
    %d2 = arith.muli %d1, %ii : i32
    %e1 = arith.muli %e, %k64 : i64
    %e2 = arith.addi %e1, %inc64 : i64
    scf.yield %a2, %b2, %d2, %e2 : i8, i16, i32, i64
  }
  %as = arith.extsi %r#0 : i8 to i64
  %au = arith.extui %r#0 : i8 to i64
  %bs = arith.extsi %r#1 : i16 to i64
  %bu = arith.extui %r#1 : i16 to i64
  %ds = arith.extsi %r#2 : i32 to i64
  %du = arith.extui %r#2 : i32 to i64
  %s1 = arith.addi %as, %au : i64
  %s2 = arith.muli %s1, %bs : i64
  %s3 = arith.xori %s2, %bu : i64
  %s4 = arith.addi %s3, %ds : i64
  %s5 = arith.subi %s4, %du : i64
  %s6 = arith.xori %s5, %r#3 : i64
  // Shifts within range.
  %sh = arith.constant 13 : i64
  %s7 = arith.shli %s6, %sh : i64
  %s8 = arith.shrsi %s6, %sh : i64
  %s9 = arith.shrui %s6, %sh : i64
  %t1 = arith.xori %s7, %s8 : i64
  %t2 = arith.addi %t1, %s9 : i64
  return %t2 : i64
}
