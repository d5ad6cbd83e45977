// REQUIRES: mlir-upstream
// UNSUPPORTED: upstream-as-flowgate
// RUN: env MLIR_OPT=%mlir-opt MLIR_RUNNER=%mlir-runner bash %S/../run-diff.sh %onnx-opt %s | FileCheck %s
// RUN: %onnx-run %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-run -O0 %s | FileCheck %s --check-prefix=NATIVE
// RUN: %onnx-opt %s --canonicalize | %onnx-run -O0 | FileCheck %s --check-prefix=NATIVE
// RUN: bash %S/../run-aot.sh %onnx-compile %cc %s %t | FileCheck %s --check-prefix=NATIVE
// NATIVE: {{^}}6769149975943124244{{$}}
// CHECK: {{^}}checksum: 6769149975943124244{{$}}

// Issue 11: constant-bound scf.for loops whose trip count depends on the loop's width and
// signedness. A signed i1 loop reads `true` as -1 (false to true runs 0 times, true to false
// once); an increment that wraps past the maximum lands below the upper bound and the loop goes
// on (i8 100 to 120 step 100 runs 13 times, not once); unsigned loops compare unsigned and take
// steps such as 255 : i8. The folder (--canonicalize, run by onnx-run at every level) must
// agree with the lowering.
func.func @main() -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %c31 = arith.constant 31 : i64
  %lb0 = arith.constant false
  %ub0 = arith.constant true
  %st0 = arith.constant true
  %n0 = scf.for %i = %lb0 to %ub0 step %st0 iter_args(%a = %zero) -> (i64) : i1 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m0 = arith.muli %zero, %c31 : i64
  %h0 = arith.addi %m0, %n0 : i64  // 0 trips
  %lb1 = arith.constant true
  %ub1 = arith.constant false
  %st1 = arith.constant true
  %n1 = scf.for %i = %lb1 to %ub1 step %st1 iter_args(%a = %zero) -> (i64) : i1 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m1 = arith.muli %h0, %c31 : i64
  %h1 = arith.addi %m1, %n1 : i64  // 1 trips
  %lb2 = arith.constant false
  %ub2 = arith.constant true
  %st2 = arith.constant true
  %n2 = scf.for unsigned %i = %lb2 to %ub2 step %st2 iter_args(%a = %zero) -> (i64) : i1 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m2 = arith.muli %h1, %c31 : i64
  %h2 = arith.addi %m2, %n2 : i64  // 1 trips
  %lb3 = arith.constant true
  %ub3 = arith.constant false
  %st3 = arith.constant true
  %n3 = scf.for unsigned %i = %lb3 to %ub3 step %st3 iter_args(%a = %zero) -> (i64) : i1 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m3 = arith.muli %h2, %c31 : i64
  %h3 = arith.addi %m3, %n3 : i64  // 0 trips
  %lb4 = arith.constant 100 : i8
  %ub4 = arith.constant 120 : i8
  %st4 = arith.constant 100 : i8
  %n4 = scf.for %i = %lb4 to %ub4 step %st4 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m4 = arith.muli %h3, %c31 : i64
  %h4 = arith.addi %m4, %n4 : i64  // 13 trips
  %lb5 = arith.constant 100 : i8
  %ub5 = arith.constant 127 : i8
  %st5 = arith.constant 27 : i8
  %n5 = scf.for %i = %lb5 to %ub5 step %st5 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m5 = arith.muli %h4, %c31 : i64
  %h5 = arith.addi %m5, %n5 : i64  // 1 trips
  %lb6 = arith.constant 0 : i8
  %ub6 = arith.constant -1 : i8
  %st6 = arith.constant -1 : i8
  %n6 = scf.for unsigned %i = %lb6 to %ub6 step %st6 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m6 = arith.muli %h5, %c31 : i64
  %h6 = arith.addi %m6, %n6 : i64  // 1 trips
  %lb7 = arith.constant -6 : i8
  %ub7 = arith.constant -1 : i8
  %st7 = arith.constant 3 : i8
  %n7 = scf.for unsigned %i = %lb7 to %ub7 step %st7 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m7 = arith.muli %h6, %c31 : i64
  %h7 = arith.addi %m7, %n7 : i64  // 87 trips
  %lb8 = arith.constant -128 : i8
  %ub8 = arith.constant 127 : i8
  %st8 = arith.constant 127 : i8
  %n8 = scf.for %i = %lb8 to %ub8 step %st8 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m8 = arith.muli %h7, %c31 : i64
  %h8 = arith.addi %m8, %n8 : i64  // 129 trips
  %lb9 = arith.constant -128 : i8
  %ub9 = arith.constant 0 : i8
  %st9 = arith.constant 127 : i8
  %n9 = scf.for %i = %lb9 to %ub9 step %st9 iter_args(%a = %zero) -> (i64) : i8 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m9 = arith.muli %h8, %c31 : i64
  %h9 = arith.addi %m9, %n9 : i64  // 2 trips
  %lb10 = arith.constant 0 : i32
  %ub10 = arith.constant -1 : i32
  %st10 = arith.constant -1 : i32
  %n10 = scf.for unsigned %i = %lb10 to %ub10 step %st10 iter_args(%a = %zero) -> (i64) : i32 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m10 = arith.muli %h9, %c31 : i64
  %h10 = arith.addi %m10, %n10 : i64  // 1 trips
  %lb11 = arith.constant -9223372036854775808 : i64
  %ub11 = arith.constant 0 : i64
  %st11 = arith.constant 9223372036854775807 : i64
  %n11 = scf.for %i = %lb11 to %ub11 step %st11 iter_args(%a = %zero) -> (i64) : i64 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m11 = arith.muli %h10, %c31 : i64
  %h11 = arith.addi %m11, %n11 : i64  // 2 trips
  %lb12 = arith.constant -32768 : i16
  %ub12 = arith.constant 32767 : i16
  %st12 = arith.constant 32767 : i16
  %n12 = scf.for %i = %lb12 to %ub12 step %st12 iter_args(%a = %zero) -> (i64) : i16 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m12 = arith.muli %h11, %c31 : i64
  %h12 = arith.addi %m12, %n12 : i64  // 32769 trips
  %lb13 = arith.constant 9223372036854775805 : i64
  %ub13 = arith.constant 9223372036854775807 : i64
  %st13 = arith.constant 1 : i64
  %n13 = scf.for %i = %lb13 to %ub13 step %st13 iter_args(%a = %zero) -> (i64) : i64 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m13 = arith.muli %h12, %c31 : i64
  %h13 = arith.addi %m13, %n13 : i64  // 2 trips
  %lb14 = arith.constant -3 : i64
  %ub14 = arith.constant -1 : i64
  %st14 = arith.constant 2 : i64
  %n14 = scf.for unsigned %i = %lb14 to %ub14 step %st14 iter_args(%a = %zero) -> (i64) : i64 {
    %s = arith.addi %a, %one : i64
    scf.yield %s : i64
  }
  %m14 = arith.muli %h13, %c31 : i64
  %h14 = arith.addi %m14, %n14 : i64  // 1 trips
  return %h14 : i64
}
