// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}2119461345275517807{{$}}
// CHECK: {{^}}checksum: 2119461345275517807{{$}}

// scf.for carrying i32, i64, f32, f64 and index values at once; floats enter
// the checksum through their exact bit patterns.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c37 = arith.constant 37 : index
  %i32_0 = arith.constant 7 : i32
  %i64_0 = arith.constant 1 : i64
  %f32_0 = arith.constant 0.5 : f32
  %f64_0 = arith.constant 1.25 : f64
  %k3 = arith.constant 3 : i32
  %k31 = arith.constant 31 : i64
  %fa = arith.constant 1.5 : f32
  %fb = arith.constant 0.75 : f64
  %r:5 = scf.for %i = %c0 to %c37 step %c1
      iter_args(%a = %i32_0, %b = %i64_0, %x = %f32_0, %y = %f64_0, %n = %c0)
      -> (i32, i64, f32, f64, index) {
    %ii = arith.index_cast %i : index to i32
    %a1 = arith.muli %a, %k3 : i32
    %a2 = arith.addi %a1, %ii : i32
    %a3 = arith.xori %a2, %ii : i32
    %b1 = arith.muli %b, %k31 : i64
    %a64 = arith.extsi %a3 : i32 to i64
    %b2 = arith.addi %b1, %a64 : i64
    %x1 = arith.mulf %x, %fa : f32
    %xi = arith.sitofp %ii : i32 to f32
    %x2 = arith.subf %x1, %xi : f32
    %y1 = arith.mulf %y, %fb : f64
    %xe = arith.extf %x2 : f32 to f64
    %y2 = arith.addf %y1, %xe : f64
    %n1 = arith.addi %n, %i : index
    %n2 = arith.muli %n1, %c3 : index
    scf.yield %a3, %b2, %x2, %y2, %n2 : i32, i64, f32, f64, index
  }
  %ra = arith.extui %r#0 : i32 to i64
  %rx32 = arith.bitcast %r#2 : f32 to i32
  %rx = arith.extui %rx32 : i32 to i64
  %ry = arith.bitcast %r#3 : f64 to i64
  %rn = arith.index_cast %r#4 : index to i64
  %s1 = arith.addi %ra, %r#1 : i64
  %s2 = arith.xori %s1, %rx : i64
  %s3 = arith.addi %s2, %ry : i64
  %s4 = arith.xori %s3, %rn : i64
  return %s4 : i64
}
