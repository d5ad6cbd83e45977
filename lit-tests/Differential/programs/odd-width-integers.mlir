// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-3252210032044331361{{$}}
// CHECK: {{^}}checksum: -3252210032044331361{{$}}

// Issue 23: integers of odd widths (i3 and i5 induction variables, i17/i33/i63 loop-carried
// values, i12 block arguments of a while loop, an i7 function argument and result) with every
// arith op that wraps, reads unsigned, or converts, at the declared width. Upstream MLIR
// (LLVM) is the reference; Flowgate's backends see these widths only after
// --legalize-int-widths.
func.func private @opaque7(%x: i7) -> i7 {
  %one = arith.constant 1 : i7
  %y = arith.addi %x, %one : i7
  return %y : i7
}

func.func @main() -> i64 {
  %c31 = arith.constant 31 : i64
  %h0 = arith.constant 7 : i64
  // A signed i3 loop from -4 to 3 and an unsigned one from 0 to 7: the increment wraps at 3
  // bits, and the comparison reads the declared width.
  %lb = arith.constant -4 : i3
  %ub = arith.constant 3 : i3
  %st = arith.constant 1 : i3
  %a0 = arith.constant 65535 : i17
  %b0 = arith.constant 4294967295 : i33
  %d0 = arith.constant 4611686018427387903 : i63
  %r:4 = scf.for %i = %lb to %ub step %st iter_args(%a = %a0, %b = %b0, %d = %d0, %h = %h0)
      -> (i17, i33, i63, i64) : i3 {
    %i17 = arith.extsi %i : i3 to i17
    %a1 = arith.muli %a, %a : i17
    %a2 = arith.addi %a1, %i17 : i17
    %b33 = arith.extui %i : i3 to i33
    %b1 = arith.shli %b, %b33 : i33
    %b2 = arith.subi %b1, %b33 : i33
    %k63 = arith.constant 6364136223846793005 : i63
    %d1 = arith.muli %d, %k63 : i63
    %d2 = arith.xori %d1, %d : i63
    %e1 = arith.extsi %a2 : i17 to i64
    %e2 = arith.extui %b2 : i33 to i64
    %e3 = arith.extsi %d2 : i63 to i64
    %m1 = arith.muli %h, %c31 : i64
    %h1 = arith.addi %m1, %e1 : i64
    %m2 = arith.muli %h1, %c31 : i64
    %h2 = arith.addi %m2, %e2 : i64
    %m3 = arith.muli %h2, %c31 : i64
    %h3 = arith.addi %m3, %e3 : i64
    scf.yield %a2, %b2, %d2, %h3 : i17, i33, i63, i64
  }
  %ulb = arith.constant 0 : i5
  %uub = arith.constant -1 : i5
  %ust = arith.constant 3 : i5
  %u:2 = scf.for unsigned %j = %ulb to %uub step %ust iter_args(%x = %ulb, %g = %r#3) -> (i5, i64) : i5 {
    // Every op at i5, signed and unsigned readings of the same bits.
    %seven = arith.constant 7 : i5
    %jj = arith.ori %j, %seven : i5
    %q1 = arith.divui %jj, %seven : i5
    %q2 = arith.remui %jj, %seven : i5
    %q3 = arith.divsi %jj, %seven : i5
    %q4 = arith.remsi %jj, %seven : i5
    %q5 = arith.ceildivsi %jj, %seven : i5
    %q6 = arith.floordivsi %jj, %seven : i5
    %q7 = arith.ceildivui %jj, %seven : i5
    %two = arith.constant 2 : i5
    %q8 = arith.shrui %jj, %two : i5
    %q9 = arith.shrsi %jj, %two : i5
    %p1 = arith.cmpi slt, %jj, %x : i5
    %p2 = arith.cmpi ult, %jj, %x : i5
    %s1 = arith.select %p1, %q1, %q2 : i5
    %s2 = arith.select %p2, %q3, %q4 : i5
    %mx = arith.maxui %s1, %s2 : i5
    %mn = arith.minsi %q5, %q6 : i5
    %t1 = arith.addi %mx, %mn : i5
    %t2 = arith.addi %t1, %q7 : i5
    %t3 = arith.xori %t2, %q8 : i5
    %t4 = arith.subi %t3, %q9 : i5
    %sum, %carry = arith.addui_extended %jj, %x : i5, i1
    %t5 = arith.addi %t4, %sum : i5
    // Conversions at the declared width.
    %ix = arith.index_cast %t5 : i5 to index
    %iu = arith.index_castui %t5 : i5 to index
    %f1 = arith.sitofp %t5 : i5 to f64
    %f2 = arith.uitofp %t5 : i5 to f64
    %g1 = arith.fptosi %f1 : f64 to i17
    %g2 = arith.fptoui %f2 : f64 to i17
    %w = arith.index_cast %iu : index to i12
    %t6 = arith.trunci %w : i12 to i5
    %v1 = arith.index_cast %ix : index to i64
    %v2 = arith.index_cast %iu : index to i64
    %v3 = arith.extsi %g1 : i17 to i64
    %v4 = arith.extui %g2 : i17 to i64
    %v5 = arith.extui %carry : i1 to i64
    %v6 = arith.extsi %p2 : i1 to i64
    %k1 = arith.muli %g, %c31 : i64
    %k2 = arith.addi %k1, %v1 : i64
    %k3 = arith.muli %k2, %c31 : i64
    %k4 = arith.addi %k3, %v2 : i64
    %k5 = arith.muli %k4, %c31 : i64
    %k6 = arith.addi %k5, %v3 : i64
    %k7 = arith.muli %k6, %c31 : i64
    %k8 = arith.addi %k7, %v4 : i64
    %k9 = arith.muli %k8, %c31 : i64
    %k10 = arith.addi %k9, %v5 : i64
    %k11 = arith.muli %k10, %c31 : i64
    %k12 = arith.addi %k11, %v6 : i64
    scf.yield %t6, %k12 : i5, i64
  }
  // A while loop whose i12 block arguments wrap past 2047, and a call with an i7 argument.
  %w0 = arith.constant 2040 : i12
  %wl:2 = scf.while (%n = %w0, %acc = %u#1) : (i12, i64) -> (i12, i64) {
    %lim = arith.constant -2040 : i12
    %go = arith.cmpi ne, %n, %lim : i12
    scf.condition(%go) %n, %acc : i12, i64
  } do {
  ^bb0(%n2: i12, %acc2: i64):
    %five = arith.constant 5 : i12
    %nn = arith.addi %n2, %five : i12
    %n7 = arith.trunci %nn : i12 to i7
    %c7 = func.call @opaque7(%n7) : (i7) -> i7
    %e7 = arith.extsi %c7 : i7 to i64
    %z7 = arith.extui %c7 : i7 to i64
    %a1 = arith.muli %acc2, %c31 : i64
    %a2 = arith.addi %a1, %e7 : i64
    %a3 = arith.xori %a2, %z7 : i64
    scf.yield %nn, %a3 : i12, i64
  }
  %last = arith.extsi %wl#0 : i12 to i64
  %res = arith.addi %wl#1, %last : i64
  return %res : i64
}
