// The same program gives the same result through Flowgate's JIT and through upstream MLIR's
// own lowering and mlir-runner.
// REQUIRES: mlir-runner
// RUN: %onnx-run %s --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --arith-expand --convert-to-llvm | %mlir-runner -e main -entry-point-result=i64 | FileCheck %s

// A checksum over ceildivsi, floordivsi, remsi, divui and shifts of i - 50 by 7 for i in 0..100.
// CHECK: -111771
"func.func"() <{function_type = () -> i64, sym_name = "main"}> ({
  %c0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "arith.constant"() <{value = 1 : i64}> : () -> i64
  %c3 = "arith.constant"() <{value = 3 : i64}> : () -> i64
  %c7 = "arith.constant"() <{value = 7 : i64}> : () -> i64
  %m7 = "arith.constant"() <{value = -7 : i64}> : () -> i64
  %c50 = "arith.constant"() <{value = 50 : i64}> : () -> i64
  %n = "arith.constant"() <{value = 100 : i64}> : () -> i64
  "cf.br"(%c0, %c0)[^head] : (i64, i64) -> ()
^head(%i: i64, %acc: i64):
  %c = "arith.cmpi"(%i, %n) <{predicate = 2 : i64}> : (i64, i64) -> i1
  "cf.cond_br"(%c)[^body, ^exit] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
^body:
  %x = "arith.subi"(%i, %c50) : (i64, i64) -> i64
  %a = "arith.ceildivsi"(%x, %c7) : (i64, i64) -> i64
  %b = "arith.floordivsi"(%x, %m7) : (i64, i64) -> i64
  %r = "arith.remsi"(%x, %c7) : (i64, i64) -> i64
  %u = "arith.divui"(%x, %c7) : (i64, i64) -> i64
  %uu = "arith.shrui"(%u, %c50) : (i64, i64) -> i64
  %sh = "arith.shrsi"(%x, %c3) : (i64, i64) -> i64
  %t0 = "arith.muli"(%a, %c3) : (i64, i64) -> i64
  %t1 = "arith.addi"(%t0, %b) : (i64, i64) -> i64
  %t2 = "arith.muli"(%t1, %c7) : (i64, i64) -> i64
  %t3 = "arith.addi"(%t2, %r) : (i64, i64) -> i64
  %t4 = "arith.addi"(%t3, %uu) : (i64, i64) -> i64
  %t5 = "arith.xori"(%t4, %sh) : (i64, i64) -> i64
  %acc2 = "arith.addi"(%acc, %t5) : (i64, i64) -> i64
  %i2 = "arith.addi"(%i, %c1) : (i64, i64) -> i64
  "cf.br"(%i2, %acc2)[^head] : (i64, i64) -> ()
^exit:
  "func.return"(%acc) : (i64) -> ()
}) : () -> ()
