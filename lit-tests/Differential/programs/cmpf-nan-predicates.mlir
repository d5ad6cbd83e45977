// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-5936305868453160674{{$}}
// CHECK: {{^}}checksum: -5936305868453160674{{$}}

// Every arith.cmpf predicate, ordered and unordered, over pairs drawn from
// {NaN, -inf, -1.5, -0.0, 0.0, 2.0, +inf}; each result is one bit of the
// checksum. An scf.if on each bit and select on NaN-ness feed it too.
memref.global "private" constant @vals : memref<7xf64> = dense<[0x7FF8000000000000, 0xFFF0000000000000, -1.5, -0.0, 0.0, 2.0, 0x7FF0000000000000]>

func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %v = memref.get_global @vals : memref<7xf64>
  %r = scf.for %i = %c0 to %c7 step %c1 iter_args(%acc = %zero) -> (i64) {
    %a = memref.load %v[%i] : memref<7xf64>
    %inner = scf.for %j = %c0 to %c7 step %c1 iter_args(%acc2 = %acc) -> (i64) {
      %b = memref.load %v[%j] : memref<7xf64>
      %p0 = arith.cmpf false, %a, %b : f64
      %p1 = arith.cmpf oeq, %a, %b : f64
      %p2 = arith.cmpf ogt, %a, %b : f64
      %p3 = arith.cmpf oge, %a, %b : f64
      %p4 = arith.cmpf olt, %a, %b : f64
      %p5 = arith.cmpf ole, %a, %b : f64
      %p6 = arith.cmpf one, %a, %b : f64
      %p7 = arith.cmpf ord, %a, %b : f64
      %p8 = arith.cmpf ueq, %a, %b : f64
      %p9 = arith.cmpf ugt, %a, %b : f64
      %p10 = arith.cmpf uge, %a, %b : f64
      %p11 = arith.cmpf ult, %a, %b : f64
      %p12 = arith.cmpf ule, %a, %b : f64
      %p13 = arith.cmpf une, %a, %b : f64
      %p14 = arith.cmpf uno, %a, %b : f64
      %p15 = arith.cmpf true, %a, %b : f64
      %bits = arith.constant 0 : i64
      %w0 = arith.extui %p0 : i1 to i64
      %w1 = arith.extui %p1 : i1 to i64
      %w2 = arith.extui %p2 : i1 to i64
      %w3 = arith.extui %p3 : i1 to i64
      %w4 = arith.extui %p4 : i1 to i64
      %w5 = arith.extui %p5 : i1 to i64
      %w6 = arith.extui %p6 : i1 to i64
      %w7 = arith.extui %p7 : i1 to i64
      %w8 = arith.extui %p8 : i1 to i64
      %w9 = arith.extui %p9 : i1 to i64
      %w10 = arith.extui %p10 : i1 to i64
      %w11 = arith.extui %p11 : i1 to i64
      %w12 = arith.extui %p12 : i1 to i64
      %w13 = arith.extui %p13 : i1 to i64
      %w14 = arith.extui %p14 : i1 to i64
      %w15 = arith.extui %p15 : i1 to i64
      %k1 = arith.constant 1 : i64
      %k2 = arith.constant 2 : i64
      %k3 = arith.constant 3 : i64
      %k4 = arith.constant 4 : i64
      %k5 = arith.constant 5 : i64
      %k6 = arith.constant 6 : i64
      %k7 = arith.constant 7 : i64
      %k8 = arith.constant 8 : i64
      %k9 = arith.constant 9 : i64
      %k10 = arith.constant 10 : i64
      %k11 = arith.constant 11 : i64
      %k12 = arith.constant 12 : i64
      %k13 = arith.constant 13 : i64
      %k14 = arith.constant 14 : i64
      %k15 = arith.constant 15 : i64
      %x1 = arith.shli %w1, %k1 : i64
      %x2 = arith.shli %w2, %k2 : i64
      %x3 = arith.shli %w3, %k3 : i64
      %x4 = arith.shli %w4, %k4 : i64
      %x5 = arith.shli %w5, %k5 : i64
      %x6 = arith.shli %w6, %k6 : i64
      %x7 = arith.shli %w7, %k7 : i64
      %x8 = arith.shli %w8, %k8 : i64
      %x9 = arith.shli %w9, %k9 : i64
      %x10 = arith.shli %w10, %k10 : i64
      %x11 = arith.shli %w11, %k11 : i64
      %x12 = arith.shli %w12, %k12 : i64
      %x13 = arith.shli %w13, %k13 : i64
      %x14 = arith.shli %w14, %k14 : i64
      %x15 = arith.shli %w15, %k15 : i64
      %y0 = arith.ori %w0, %x1 : i64
      %y1 = arith.ori %y0, %x2 : i64
      %y2 = arith.ori %y1, %x3 : i64
      %y3 = arith.ori %y2, %x4 : i64
      %y4 = arith.ori %y3, %x5 : i64
      %y5 = arith.ori %y4, %x6 : i64
      %y6 = arith.ori %y5, %x7 : i64
      %y7 = arith.ori %y6, %x8 : i64
      %y8 = arith.ori %y7, %x9 : i64
      %y9 = arith.ori %y8, %x10 : i64
      %y10 = arith.ori %y9, %x11 : i64
      %y11 = arith.ori %y10, %x12 : i64
      %y12 = arith.ori %y11, %x13 : i64
      %y13 = arith.ori %y12, %x14 : i64
      %y14 = arith.ori %y13, %x15 : i64
      // Control flow on an unordered predicate.
      %extra = scf.if %p14 -> (i64) {
        %e = arith.constant 1000 : i64
        scf.yield %e : i64
      } else {
        %e = arith.select %p6, %k7, %k3 : i64
        scf.yield %e : i64
      }
      %prime = arith.constant 65537 : i64
      %m = arith.muli %acc2, %prime : i64
      %s = arith.addi %m, %y14 : i64
      %s2 = arith.addi %s, %extra : i64
      scf.yield %s2 : i64
    }
    scf.yield %inner : i64
  }
  // math.isnan / math.isfinite on the same values (upstream MLIR 22 has no
  // LLVM lowering for math.isinf / math.isnormal; isinf is spelled with
  // absf + cmpf here).
  %inf = arith.constant 0x7FF0000000000000 : f64
  %cls = scf.for %i = %c0 to %c7 step %c1 iter_args(%acc = %zero) -> (i64) {
    %a = memref.load %v[%i] : memref<7xf64>
    %n = math.isnan %a : f64
    %abs = math.absf %a : f64
    %f = arith.cmpf oeq, %abs, %inf : f64
    %g = math.isfinite %a : f64
    %nn = arith.extui %n : i1 to i64
    %ff = arith.extui %f : i1 to i64
    %gg = arith.extui %g : i1 to i64
    %k = arith.constant 8 : i64
    %s0 = arith.muli %acc, %k : i64
    %s1 = arith.addi %s0, %nn : i64
    %t = arith.constant 2 : i64
    %f2 = arith.muli %ff, %t : i64
    %s2 = arith.addi %s1, %f2 : i64
    %q = arith.constant 4 : i64
    %g4 = arith.muli %gg, %q : i64
    %s3 = arith.addi %s2, %g4 : i64
    scf.yield %s3 : i64
  }
  %out = arith.xori %r, %cls : i64
  return %out : i64
}
