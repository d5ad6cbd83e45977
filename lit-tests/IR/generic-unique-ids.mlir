// The generic form prints unique SSA ids, like upstream (shouldPrintUniqueSSAIDs): counters
// never restart, and regions are numbered from a stack, so the last function and the else
// branch come first.
// RUN: %onnx-opt --mlir-print-op-generic %s | FileCheck %s
// RUN: %if mlir-upstream %{ %onnx-opt --mlir-print-op-generic %s > %t.ours %}
// RUN: %if mlir-upstream %{ %mlir-opt --mlir-print-op-generic %s > %t.upstream %}
// RUN: %if mlir-upstream %{ diff %t.ours %t.upstream %}

// CHECK:      ^bb0(%arg2: i64):
// CHECK-NEXT:   %6 = "arith.addi"(%arg2, %arg2)
// CHECK:      ^bb0(%arg0: i1, %arg1: i64):
// CHECK-NEXT:   %0 = "scf.if"(%arg0) ({
// CHECK-NEXT:     %3 = "arith.addi"(%arg1, %arg1)
// CHECK-NEXT:     %4 = "scf.if"(%arg0) ({
// CHECK-NEXT:       %5 = "arith.addi"(%3, %arg1)
// CHECK:          %2 = "arith.muli"(%arg1, %arg1)
// CHECK:        %1 = "arith.addi"(%0, %arg1)
func.func @f(%x: i64) -> i64 {
  %a = arith.addi %x, %x : i64
  return %a : i64
}
func.func @g(%c: i1, %x: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %a = arith.addi %x, %x : i64
    %r2 = scf.if %c -> (i64) {
      %q = arith.addi %a, %x : i64
      scf.yield %q : i64
    } else {
      scf.yield %a : i64
    }
    scf.yield %r2 : i64
  } else {
    %b = arith.muli %x, %x : i64
    scf.yield %b : i64
  }
  %s = arith.addi %r, %x : i64
  return %s : i64
}
