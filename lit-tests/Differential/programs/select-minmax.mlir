// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}7128251500957736463{{$}}
// CHECK: {{^}}checksum: 7128251500957736463{{$}}

// arith.select on integers, floats and index in a loop, signed/unsigned
// min/max, and float min/max with NaN (maximumf/minimumf propagate NaN,
// maxnumf/minnumf ignore it).
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %zero = arith.constant 0 : i64
  %fz = arith.constant 0.0 : f64
  %nan = arith.constant 0x7FF8000000000000 : f64
  %seven = arith.constant 7 : i64
  %mid = arith.constant 20 : i64
  %r:3 = scf.for %i = %c0 to %c40 step %c1 iter_args(%acc = %zero, %facc = %fz, %iacc = %c0) -> (i64, f64, index) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.subi %ii, %mid : i64
    %neg = arith.cmpi slt, %v, %zero : i64
    %absv = arith.subi %zero, %v : i64
    %a = arith.select %neg, %absv, %v : i64
    %mxs = arith.maxsi %v, %seven : i64
    %mns = arith.minsi %v, %seven : i64
    %mxu = arith.maxui %v, %seven : i64
    %mnu = arith.minui %v, %seven : i64
    %t1 = arith.addi %a, %mxs : i64
    %t2 = arith.xori %t1, %mns : i64
    %t3 = arith.addi %t2, %mxu : i64
    %t4 = arith.xori %t3, %mnu : i64
    %k = arith.constant 131 : i64
    %m = arith.muli %acc, %k : i64
    %acc1 = arith.addi %m, %t4 : i64
    // Floats: every fifth value is NaN.
    %vf = arith.sitofp %v : i64 to f64
    %five = arith.constant 5 : index
    %rem = arith.remui %i, %five : index
    %isfifth = arith.cmpi eq, %rem, %c0 : index
    %x = arith.select %isfifth, %nan, %vf : f64
    %mx1 = arith.maximumf %x, %facc : f64
    %mx2 = arith.maxnumf %x, %facc : f64
    %mn1 = arith.minimumf %x, %facc : f64
    %mn2 = arith.minnumf %x, %facc : f64
    %isn = arith.cmpf uno, %mx1, %mx1 : f64
    %pick = arith.select %isn, %mx2, %mn1 : f64
    %sum = arith.addf %pick, %mn2 : f64
    %facc1 = arith.select %isfifth, %facc, %sum : f64
    // Index select.
    %big = arith.cmpi sgt, %v, %seven : i64
    %iacc1 = arith.select %big, %i, %iacc : index
    scf.yield %acc1, %facc1, %iacc1 : i64, f64, index
  }
  %fb = arith.bitcast %r#1 : f64 to i64
  %ib = arith.index_cast %r#2 : index to i64
  %o1 = arith.xori %r#0, %fb : i64
  %o2 = arith.addi %o1, %ib : i64
  return %o2 : i64
}
