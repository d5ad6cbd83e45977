// RUN: %onnx-opt %s | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// The names the printer chooses, pinned literally (no captures) because they are part of the
// output format. Source names are not kept. Per isolated region (func.func) numbering starts
// over: entry block arguments are %arg0.., results and other block arguments %0.., blocks
// ^bb0.. (the entry block's label is omitted). A nested region's entry arguments continue the
// %argN count of the enclosing region, its results the %N count; sibling regions reuse the same
// numbers. Constants are named after their value (%c0_i32, %c7 for index, %c-1_i8, %true,
// %false, %cst for floats and dense); clashes get a suffix _N from one counter per function.

// CHECK-LABEL: func.func @entry_and_block_arguments(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb1(%0, %arg0 : i32, i32)
// CHECK-NEXT: ^bb1(%1: i32, %2: i32):  // pred: ^bb0
// CHECK-NEXT: %3 = arith.muli %1, %2 : i32
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
func.func @entry_and_block_arguments(%a: i32, %b: i32) -> i32 {
  %x = arith.addi %a, %b : i32
  cf.br ^next(%x, %a : i32, i32)
^next(%p: i32, %q: i32):
  %y = arith.muli %p, %q : i32
  return %y : i32
}

// CHECK-LABEL: func.func @constant_names(%arg0: i32) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %c7 = arith.constant 7 : index
// CHECK-NEXT: %c-3 = arith.constant -3 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %c0_i32_1 = arith.constant 0 : i32
// CHECK-NEXT: %cst_2 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %true_3 = arith.constant true
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @constant_names(%v: i32) {
  %0 = arith.constant 0 : i32
  %1 = arith.constant -1 : i8
  %2 = arith.constant 7 : index
  %3 = arith.constant -3 : index
  %4 = arith.constant true
  %5 = arith.constant false
  %6 = arith.constant 1.0 : f32
  %7 = arith.constant dense<0> : vector<4xi32>
  %8 = arith.constant 0 : i32
  %9 = arith.constant 1.0 : f32
  %10 = arith.constant true
  %11 = arith.constant 0 : i64
  return
}

// CHECK-LABEL: func.func @special_result_names(%arg0: i32, %arg1: i32) {
// CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT: %f = constant @special_result_names : (i32, i32) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @special_result_names(%a: i32, %b: i32) {
  %0:2 = arith.addui_extended %a, %b : i32, i1
  %1:2 = arith.mulsi_extended %a, %b : i32
  %2:2 = arith.mului_extended %a, %b : i32
  %f = func.constant @special_result_names : (i32, i32) -> ()
  return
}

// CHECK-LABEL: func.func @nested_regions(%arg0: i1, %arg1: index, %arg2: index, %arg3: index) -> index {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %0 = scf.for %arg4 = %arg1 to %arg2 step %arg3 iter_args(%arg5 = %c0) -> (index) {
// CHECK-NEXT: %3 = arith.addi %arg5, %arg4 : index
// CHECK-NEXT: %4 = scf.if %arg0 -> (index) {
// CHECK-NEXT: %5 = arith.muli %3, %3 : index
// CHECK-NEXT: scf.yield %5 : index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %4 : index
// CHECK-NEXT: }
// CHECK-NEXT: %1 = arith.addi %0, %0 : index
// CHECK-NEXT: %2 = scf.while (%arg4 = %1) : (index) -> index {
// CHECK-NEXT: %3 = arith.cmpi slt, %arg4, %arg2 : index
// CHECK-NEXT: scf.condition(%3) %arg4 : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg4: index):
// CHECK-NEXT: %3 = arith.addi %arg4, %arg3 : index
// CHECK-NEXT: scf.yield %3 : index
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : index
// CHECK-NEXT: }
func.func @nested_regions(%c: i1, %lb: index, %ub: index, %step: index) -> index {
  %zero = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %zero) -> (index) {
    %t = arith.addi %acc, %i : index
    %u = scf.if %c -> (index) {
      %v = arith.muli %t, %t : index
      scf.yield %v : index
    } else {
      scf.yield %t : index
    }
    scf.yield %u : index
  }
  %s = arith.addi %r, %r : index
  %w = scf.while (%arg = %s) : (index) -> index {
    %cond = arith.cmpi slt, %arg, %ub : index
    scf.condition(%cond) %arg : index
  } do {
  ^bb0(%arg2: index):
    %n = arith.addi %arg2, %step : index
    scf.yield %n : index
  }
  return %w : index
}

// CHECK-LABEL: func.func @numbering_restarts_per_function(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
func.func @numbering_restarts_per_function(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
