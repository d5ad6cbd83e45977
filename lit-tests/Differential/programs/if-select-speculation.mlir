// REQUIRES: mlir-upstream
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// The -O2 passes keep the meaning (scf-if-to-select converts most ifs here, never the guarded
// divisions, the long branch or the one that stores).
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt --scf-if-to-select --scf-for-strength-reduction %s | FileCheck %s
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt --scf-if-to-select=max-ops-per-branch=8 %s | FileCheck %s
// RUN: %onnx-opt %s --scf-if-to-select | FileCheck %s --check-prefix=CONVERTED
// CONVERTED-COUNT-4: scf.if
// CONVERTED-NOT: scf.if
// The same program through Flowgate alone: JIT (onnx-run) and AOT (onnx-compile + cc).
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}-2302307134648039833{{$}}
// CHECK: {{^}}checksum: -2302307134648039833{{$}}

// Branches that are only safe because of their condition must stay branches:
// a division by a divisor that may be 0, INT_MIN rem -1, a store. Branches
// whose ops are speculatable become selects, even where the unselected value
// is poison upstream (a shift by 32 or more) or NaN (sqrt of a negative).
// Every value is folded into a hash: h = h * 1000003 ^ v.
func.func @main() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c300 = arith.constant 300 : index
  %k = arith.constant 1000003 : i64
  %h0 = arith.constant 17 : i64
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %cm3 = arith.constant -3 : i32
  %c32 = arith.constant 32 : i32
  %c40 = arith.constant 40 : i32
  %intmin = arith.constant -2147483648 : i32
  %golden = arith.constant -1640531535 : i32
  %fz = arith.constant 0.0 : f64
  %cell = memref.alloca() : memref<i32>
  memref.store %z, %cell[] : memref<i32>
  %r = scf.for %i = %c0 to %c300 step %c1 iter_args(%h = %h0) -> (i64) {
    %a = arith.index_cast %i : index to i32
    %a7 = arith.remsi %a, %c7 : i32
    %b = arith.subi %a7, %c3 : i32
    %a5 = arith.remsi %a, %c5 : i32
    %every5 = arith.cmpi eq, %a5, %z : i32
    %mixed = arith.muli %a, %golden : i32
    %a2 = arith.select %every5, %intmin, %mixed : i32

    // A divisor that may be zero: stays.
    %nz = arith.cmpi ne, %b, %z : i32
    %q1 = scf.if %nz -> (i32) {
      %d = arith.divui %a2, %b : i32
      scf.yield %d : i32
    } else {
      scf.yield %z : i32
    }

    // INT_MIN rem -1 (and a zero divisor) excluded by the condition: stays.
    %ismin = arith.cmpi eq, %a2, %intmin : i32
    %ism1 = arith.cmpi eq, %b, %m1 : i32
    %bad = arith.andi %ismin, %ism1 : i1
    %true = arith.constant true
    %notbad = arith.xori %bad, %true : i1
    %good = arith.andi %nz, %notbad : i1
    %q2 = scf.if %good -> (i32) {
      %d = arith.remsi %a2, %b : i32
      scf.yield %d : i32
    } else {
      scf.yield %one : i32
    }

    // Divisions by safe constants: converted.
    %a2_2 = arith.andi %a, %one : i32
    %even = arith.cmpi eq, %a2_2, %z : i32
    %q3 = scf.if %even -> (i32) {
      %d = arith.divsi %a2, %c7 : i32
      %e = arith.ceildivsi %a2, %cm3 : i32
      %s = arith.addi %d, %e : i32
      scf.yield %s : i32
    } else {
      %f = arith.floordivsi %a2, %c5 : i32
      %g = arith.remui %a2, %m1 : i32
      %x = arith.xori %f, %g : i32
      scf.yield %x : i32
    }

    // A shift whose amount may reach 40, selected only when below 32: converted.
    %amt = arith.remsi %a, %c40 : i32
    %small = arith.cmpi slt, %amt, %c32 : i32
    %q4:2 = scf.if %small -> (i32, i1) {
      %s = arith.shli %a2, %amt : i32
      %t = arith.shrsi %s, %c2 : i32
      scf.yield %t, %small : i32, i1
    } else {
      scf.yield %b, %small : i32, i1
    }

    // Floats: sqrt of a negative is NaN in the unselected arm: converted.
    %bf = arith.sitofp %b : i32 to f64
    %pos = arith.cmpf oge, %bf, %fz : f64
    %q5 = scf.if %pos -> (f64) {
      %s = math.sqrt %bf : f64
      scf.yield %s : f64
    } else {
      %n = arith.negf %bf : f64
      %s = math.sqrt %n : f64
      %t = arith.subf %fz, %s : f64
      scf.yield %t : f64
    }
    %q5i = arith.bitcast %q5 : f64 to i64

    // Nested ifs with index results: the inner one goes first, then the outer.
    %a3 = arith.remsi %a, %c3 : i32
    %by3 = arith.cmpi eq, %a3, %z : i32
    %q6 = scf.if %by3 -> (index) {
      %in = scf.if %even -> (index) {
        %p = arith.muli %i, %i : index
        scf.yield %p : index
      } else {
        %p = arith.addi %i, %c1 : index
        scf.yield %p : index
      }
      %t = arith.subi %in, %c1 : index
      scf.yield %t : index
    } else {
      scf.yield %i : index
    }
    %q6i = arith.index_cast %q6 : index to i32

    // Too many ops for the default budget: stays (converted with max-ops-per-branch=8).
    %q7 = scf.if %even -> (i32) {
      %x1 = arith.muli %a2, %c7 : i32
      %x2 = arith.addi %x1, %b : i32
      %x3 = arith.xori %x2, %a : i32
      %x4 = arith.shrui %x3, %c3 : i32
      %x5 = arith.ori %x4, %c5 : i32
      scf.yield %x5 : i32
    } else {
      scf.yield %a2 : i32
    }

    // A store: stays.
    %q8 = scf.if %every5 -> (i32) {
      %old = memref.load %cell[] : memref<i32>
      %new = arith.addi %old, %a : i32
      memref.store %new, %cell[] : memref<i32>
      scf.yield %new : i32
    } else {
      scf.yield %b : i32
    }

    %s1 = arith.addi %q1, %q2 : i32
    %s2 = arith.xori %s1, %q3 : i32
    %s3 = arith.addi %s2, %q4#0 : i32
    %s4 = arith.xori %s3, %q6i : i32
    %s5 = arith.addi %s4, %q7 : i32
    %s6 = arith.xori %s5, %q8 : i32
    %s6e = arith.extsi %s6 : i32 to i64
    %f1 = arith.extui %q4#1 : i1 to i64
    %m = arith.muli %h, %k : i64
    %h1 = arith.xori %m, %s6e : i64
    %m2 = arith.muli %h1, %k : i64
    %h2 = arith.xori %m2, %q5i : i64
    %h3 = arith.addi %h2, %f1 : i64
    scf.yield %h3 : i64
  }
  %last = memref.load %cell[] : memref<i32>
  %le = arith.extsi %last : i32 to i64
  %mm = arith.muli %r, %k : i64
  %res = arith.xori %mm, %le : i64
  return %res : i64
}
