// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-2182590359489331777{{$}}
// CHECK: {{^}}checksum: -2182590359489331777{{$}}

// scf.parallel nested in scf.for, an scf.parallel nested in an scf.parallel,
// and f32/f64 reductions (sum, product, min) whose accumulation order the
// sequential lowering fixes, so the bits must match exactly.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c13 = arith.constant 13 : index
  %m = memref.alloc() : memref<8x13xf32>
  %tenth = arith.constant 0.1 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c13) step (%c1) {
      %ij = arith.muli %i, %c13 : index
      %l = arith.addi %ij, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      %v = arith.mulf %f, %tenth : f32
      %s = math.sin %v : f32
      memref.store %s, %m[%i, %j] : memref<8x13xf32>
    }
  }
  %z32 = arith.constant 0.0 : f32
  %one64 = arith.constant 1.0 : f64
  %big = arith.constant 1.0e30 : f32
  %zero = arith.constant 0 : i64
  %out = scf.for %round = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> (i64) {
    %r:3 = scf.parallel (%i, %j) = (%c0, %round) to (%c8, %c13) step (%c1, %c2)
        init (%z32, %one64, %big) -> (f32, f64, f32) {
      %v = memref.load %m[%i, %j] : memref<8x13xf32>
      %vd = arith.extf %v : f32 to f64
      %half = arith.constant 0.5 : f64
      %p = arith.addf %vd, %half : f64
      scf.reduce(%v, %p, %v : f32, f64, f32) {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        scf.reduce.return %s : f32
      }, {
      ^bb0(%a: f64, %b: f64):
        %s = arith.mulf %a, %b : f64
        scf.reduce.return %s : f64
      }, {
      ^bb0(%a: f32, %b: f32):
        %s = arith.minimumf %a, %b : f32
        scf.reduce.return %s : f32
      }
    }
    %b0 = arith.bitcast %r#0 : f32 to i32
    %b1 = arith.bitcast %r#1 : f64 to i64
    %b2 = arith.bitcast %r#2 : f32 to i32
    %e0 = arith.extui %b0 : i32 to i64
    %e2 = arith.extui %b2 : i32 to i64
    %k = arith.constant 1000003 : i64
    %t0 = arith.muli %acc, %k : i64
    %t1 = arith.xori %t0, %e0 : i64
    %t2 = arith.addi %t1, %b1 : i64
    %t3 = arith.xori %t2, %e2 : i64
    scf.yield %t3 : i64
  }
  memref.dealloc %m : memref<8x13xf32>
  return %out : i64
}
