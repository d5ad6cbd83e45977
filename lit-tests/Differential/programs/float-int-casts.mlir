// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-7366294635549410350{{$}}
// CHECK: {{^}}checksum: -7366294635549410350{{$}}

// Float/int conversions with values always in range of the target type
// (out-of-range fptosi/fptoui is poison): truncation toward zero of negative
// and positive fractions, unsigned conversions, f32 <-> f64, and the float
// rounding ops.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0 : i64
  %scale = arith.constant 0.37 : f64
  %shift = arith.constant -11.5 : f64
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (i64) {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %g = arith.mulf %f, %scale : f64
    %x = arith.addf %g, %shift : f64
    %s32 = arith.fptosi %x : f64 to i32
    %s64 = arith.fptosi %x : f64 to i64
    %xs = arith.truncf %x : f64 to f32
    %s16 = arith.fptosi %xs : f32 to i16
    %ax = math.absf %x : f64
    %u32 = arith.fptoui %ax : f64 to i32
    %fl = math.floor %x : f64
    %ce = math.ceil %x : f64
    %ro = math.round %x : f64
    %re = math.roundeven %x : f64
    %tr = math.trunc %x : f64
    %fli = arith.fptosi %fl : f64 to i64
    %cei = arith.fptosi %ce : f64 to i64
    %roi = arith.fptosi %ro : f64 to i64
    %rei = arith.fptosi %re : f64 to i64
    %tri = arith.fptosi %tr : f64 to i64
    %back = arith.sitofp %s32 : i32 to f32
    %backd = arith.extf %back : f32 to f64
    %diff = arith.subf %x, %backd : f64
    %bits = arith.bitcast %diff : f64 to i64
    %uf = arith.uitofp %u32 : i32 to f64
    %ufb = arith.bitcast %uf : f64 to i64
    %a1 = arith.extsi %s32 : i32 to i64
    %a2 = arith.extsi %s16 : i16 to i64
    %a3 = arith.extui %u32 : i32 to i64
    %t1 = arith.addi %a1, %s64 : i64
    %t2 = arith.muli %t1, %a2 : i64
    %t3 = arith.addi %t2, %a3 : i64
    %t4 = arith.addi %t3, %fli : i64
    %t5 = arith.muli %t4, %cei : i64
    %t6 = arith.addi %t5, %roi : i64
    %t7 = arith.muli %t6, %rei : i64
    %t8 = arith.addi %t7, %tri : i64
    %t9 = arith.xori %t8, %bits : i64
    %t10 = arith.addi %t9, %ufb : i64
    %k = arith.constant 1099511628211 : i64
    %m = arith.muli %acc, %k : i64
    %acc1 = arith.xori %m, %t10 : i64
    scf.yield %acc1 : i64
  }
  return %r : i64
}
