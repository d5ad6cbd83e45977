// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}709760611573496128{{$}}
// CHECK: {{^}}checksum: 709760611573496128{{$}}

// math ops inside loops and branches (transcendental, rounding, integer bit
// counting, integer and float powers); float results enter the checksum as
// bit patterns. Both paths use the same upstream finish (LLVM intrinsics or
// libm), so only the control flow differs.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %zero = arith.constant 0 : i64
  %step = arith.constant 0.3125 : f64
  %base = arith.constant -3.0 : f64
  %r = scf.for %i = %c0 to %c24 step %c1 iter_args(%acc = %zero) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %m = arith.mulf %fi, %step : f64
    %x = arith.addf %m, %base : f64
    %pos = arith.cmpf ogt, %x, %base : f64
    %y = scf.if %pos -> (f64) {
      %ax = math.absf %x : f64
      %l = math.log1p %ax : f64
      %sq = math.sqrt %ax : f64
      %cb = math.cbrt %x : f64
      %t = math.tanh %x : f64
      %e = math.exp %t : f64
      %s1 = arith.addf %l, %sq : f64
      %s2 = arith.addf %s1, %cb : f64
      %s3 = arith.addf %s2, %e : f64
      scf.yield %s3 : f64
    } else {
      %s = math.sin %x : f64
      %c = math.cos %x : f64
      %a = math.atan2 %s, %c : f64
      %er = math.erf %a : f64
      %s1 = arith.addf %a, %er : f64
      scf.yield %s1 : f64
    }
    %fl = math.floor %y : f64
    %cs = math.copysign %fl, %x : f64
    %pw = math.powf %step, %fl : f64
    %n = arith.trunci %ii : i64 to i32
    %fp = math.fpowi %y, %n : f64, i32
    %fpb = arith.bitcast %fp : f64 to i64
    %yb = arith.bitcast %y : f64 to i64
    %csb = arith.bitcast %cs : f64 to i64
    %pwb = arith.bitcast %pw : f64 to i64
    %three = arith.constant 3 : i64
    %ip = math.ipowi %ii, %three : i64
    %cl = math.ctlz %yb : i64
    %ct = math.cttz %yb : i64
    %cp = math.ctpop %yb : i64
    %t1 = arith.xori %yb, %csb : i64
    %t2 = arith.addi %t1, %pwb : i64
    %t3 = arith.xori %t2, %fpb : i64
    %t4 = arith.addi %t3, %ip : i64
    %t5 = arith.addi %t4, %cl : i64
    %t6 = arith.muli %t5, %ct : i64
    %t7 = arith.addi %t6, %cp : i64
    %k = arith.constant 1099511628211 : i64
    %mm = arith.muli %acc, %k : i64
    %acc1 = arith.xori %mm, %t7 : i64
    scf.yield %acc1 : i64
  }
  return %r : i64
}
