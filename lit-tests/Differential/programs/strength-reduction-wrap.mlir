// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The -O2 loop passes keep the meaning (scf-for-strength-reduction rewrites every loop here).
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt --scf-if-to-select --scf-for-strength-reduction %s | FileCheck %s
// RUN: %onnx-opt %s --scf-for-strength-reduction | FileCheck %s --check-prefix=REDUCED
// REDUCED: scf.for {{.*}} -> (i64, i64, i8)  : i8 {
// REDUCED: scf.for {{.*}} -> (i64, i32, i32, i32, i32)  : i32 {
// REDUCED: scf.for {{.*}} -> (i64, i32)  : i32 {
// REDUCED: scf.for {{.*}} -> (i64, i32)  : i32 {
// REDUCED: scf.for {{.*}} -> (i64, index, index) {
// REDUCED: scf.for {{.*}} -> (i64, index) {
// REDUCED: scf.for unsigned {{.*}} -> (i64, i16)  : i16 {
// REDUCED: scf.for {{.*}} -> (i64, i64, i64)  : i64 {
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-8225404049863465961{{$}}
// CHECK: {{^}}checksum: -8225404049863465961{{$}}

// Products of induction variables and loop-invariant values, in loops where
// the products, the increments and the induction variables themselves wrap:
//  1. i8 loops with run-time steps, negative ones included (odd, so the
//     induction variable visits every residue and the loop ends once it wraps
//     past the bound), and factors that overflow i8;
//  2. an i32 loop whose products overflow, one product inside an scf.if, one
//     product yielded;
//  3. zero-trip loops, whose new results are never advanced;
//  4. a triangular index nest (the inner start is the outer induction
//     variable) with a factor near 2^47;
//  5. an unsigned i16 loop near the top of the range;
//  6. an i64 loop with a huge negative step that ends by wrapping.
// Every value is folded into a hash: h = h * 1000003 ^ v.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %k = arith.constant 1000003 : i64
  %h0 = arith.constant 17 : i64
  %one64 = arith.constant 1 : i64

  // 1. i8 loops: step = 42*t - 127 (-127, -85, -43, -1, 41, 83, 125),
  //    lb = 13*t - 50, ub = 100, x = 37*t + 90 (wraps).
  %c42 = arith.constant 42 : i8
  %c127 = arith.constant 127 : i8
  %c13 = arith.constant 13 : i8
  %c50 = arith.constant 50 : i8
  %c37 = arith.constant 37 : i8
  %c90 = arith.constant 90 : i8
  %c100 = arith.constant 100 : i8
  %h1 = scf.for %t = %c0 to %c7 step %c1 iter_args(%h = %h0) -> (i64) {
    %t8 = arith.index_cast %t : index to i8
    %st = arith.muli %t8, %c42 : i8
    %s = arith.subi %st, %c127 : i8
    %lt = arith.muli %t8, %c13 : i8
    %lb = arith.subi %lt, %c50 : i8
    %xt = arith.muli %t8, %c37 : i8
    %x = arith.addi %xt, %c90 : i8
    %r:2 = scf.for %i = %lb to %c100 step %s iter_args(%a = %h, %n = %h0) -> (i64, i64) : i8 {
      %p = arith.muli %i, %x : i8
      %q = arith.muli %x, %i : i8
      %pq = arith.xori %p, %c37 : i8
      %d = arith.addi %pq, %q : i8
      %de = arith.extsi %d : i8 to i64
      %m = arith.muli %a, %k : i64
      %a2 = arith.xori %m, %de : i64
      %n2 = arith.addi %n, %one64 : i64
      scf.yield %a2, %n2 : i64, i64
    }
    %m = arith.muli %r#0, %k : i64
    %h2 = arith.xori %m, %r#1 : i64
    scf.yield %h2 : i64
  }

  // 2. i32: i from -1000 to 100000 step 977; x = 123456789, y = -987654321.
  %lb32 = arith.constant -1000 : i32
  %ub32 = arith.constant 100000 : i32
  %s32 = arith.constant 977 : i32
  %x32 = arith.constant 123456789 : i32
  %y32 = arith.constant -987654321 : i32
  %three = arith.constant 3 : i32
  %z32 = arith.constant 0 : i32
  %r2:3 = scf.for %i = %lb32 to %ub32 step %s32 iter_args(%a = %h1, %last = %z32, %cnt = %z32) -> (i64, i32, i32) : i32 {
    %p = arith.muli %i, %x32 : i32
    %odd = arith.andi %i, %three : i32
    %c = arith.cmpi eq, %odd, %three : i32
    %v = scf.if %c -> (i32) {
      %q = arith.muli %y32, %i : i32
      scf.yield %q : i32
    } else {
      scf.yield %p : i32
    }
    %w = arith.addi %v, %p : i32
    %we = arith.extsi %w : i32 to i64
    %m = arith.muli %a, %k : i64
    %a2 = arith.xori %m, %we : i64
    %yielded = arith.muli %i, %y32 : i32
    %cnt2 = arith.addi %cnt, %three : i32
    scf.yield %a2, %yielded, %cnt2 : i64, i32, i32
  }
  %le = arith.extsi %r2#1 : i32 to i64
  %ce = arith.extsi %r2#2 : i32 to i64
  %m2 = arith.muli %r2#0, %k : i64
  %h3a = arith.xori %m2, %le : i64
  %m3 = arith.muli %h3a, %k : i64
  %h3 = arith.xori %m3, %ce : i64

  // 3. Zero-trip loops: lb == ub and lb > ub.
  %r3 = scf.for %i = %ub32 to %ub32 step %s32 iter_args(%a = %h3) -> (i64) : i32 {
    %p = arith.muli %i, %x32 : i32
    %pe = arith.extsi %p : i32 to i64
    %a2 = arith.addi %a, %pe : i64
    scf.yield %a2 : i64
  }
  %r4 = scf.for %i = %ub32 to %lb32 step %three iter_args(%a = %r3) -> (i64) : i32 {
    %p = arith.muli %y32, %i : i32
    %pe = arith.extsi %p : i32 to i64
    %a2 = arith.addi %a, %pe : i64
    scf.yield %a2 : i64
  }

  // 4. Triangular index nest: i in [0, 30), j in [i, 40) step 3, x = 2^47 - 3,
  //    y = 7; j*x overflows 64 bits only through the sum.
  %c3 = arith.constant 3 : index
  %c30 = arith.constant 30 : index
  %c40 = arith.constant 40 : index
  %xi = arith.constant 140737488355325 : index
  %yi = arith.constant 7 : index
  %r5 = scf.for %i = %c0 to %c30 step %c1 iter_args(%a = %r4) -> (i64) {
    %iy = arith.muli %yi, %i : index
    %in = scf.for %j = %i to %c40 step %c3 iter_args(%b = %a) -> (i64) {
      %jx = arith.muli %j, %xi : index
      %ix = arith.muli %i, %xi : index
      %u = arith.addi %jx, %iy : index
      %u2 = arith.xori %u, %ix : index
      %ue = arith.index_cast %u2 : index to i64
      %m = arith.muli %b, %k : i64
      %b2 = arith.xori %m, %ue : i64
      scf.yield %b2 : i64
    }
    scf.yield %in : i64
  }

  // 5. Unsigned i16: i from 65000 to 65535 step 97, x = 40000.
  %lb16 = arith.constant 65000 : i16
  %ub16 = arith.constant 65535 : i16
  %s16 = arith.constant 97 : i16
  %x16 = arith.constant 40000 : i16
  %r6 = scf.for unsigned %i = %lb16 to %ub16 step %s16 iter_args(%a = %r5) -> (i64) : i16 {
    %p = arith.muli %i, %x16 : i16
    %pe = arith.extui %p : i16 to i64
    %m = arith.muli %a, %k : i64
    %a2 = arith.xori %m, %pe : i64
    scf.yield %a2 : i64
  }

  // 6. i64 with step -(2^62 + 1): 0, -(2^62+1), then wraps to 2^63 - 2 >= 10.
  %z64 = arith.constant 0 : i64
  %big = arith.constant 4611686018427387905 : i64
  %neg = arith.subi %z64, %big : i64
  %ub64 = arith.constant 10 : i64
  %x64 = arith.constant 6364136223846793005 : i64
  %r7:2 = scf.for %i = %z64 to %ub64 step %neg iter_args(%a = %r6, %n = %z64) -> (i64, i64) : i64 {
    %p = arith.muli %x64, %i : i64
    %m = arith.muli %a, %k : i64
    %a2 = arith.xori %m, %p : i64
    %n2 = arith.addi %n, %one64 : i64
    scf.yield %a2, %n2 : i64, i64
  }
  %m7 = arith.muli %r7#0, %k : i64
  %res = arith.xori %m7, %r7#1 : i64
  return %res : i64
}
