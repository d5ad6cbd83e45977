// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// Nested regions: a region that is not isolated from above sees the values of the regions
// that enclose it; a nested region may hold several blocks; the generic form writes regions
// as `({...}, {...})`; a name can be defined again in a sibling region (the scopes differ).


// CHECK-LABEL: func.func @outer_values_visible_in_nested_regions(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[N:.*]]: index) -> i32 {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[S:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[A]]) -> (i32) {
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[ACC]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[T]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[S]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// CHECK-NEXT: }
func.func @outer_values_visible_in_nested_regions(%c: i1, %a: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.if %c -> (i32) {
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
      %t = arith.addi %acc, %a : i32
      scf.yield %t : i32
    }
    scf.yield %s : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @blocks_inside_a_nested_region(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[R:.*]] = scf.execute_region -> i32 {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2(%[[A]] : i32)
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: cf.br ^bb2(%[[D]] : i32)
// CHECK-NEXT: ^bb2(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// CHECK-NEXT: }
func.func @blocks_inside_a_nested_region(%c: i1, %a: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2(%a : i32)
  ^bb1:
    %d = arith.muli %a, %a : i32
    cf.br ^bb2(%d : i32)
  ^bb2(%x: i32):
    scf.yield %x : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @generic_op_with_two_regions(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: scf.yield %[[A]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[B]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// CHECK-NEXT: }
func.func @generic_op_with_two_regions(%c: i1, %a: i32) -> i32 {
  %r = "scf.if"(%c) ({
    "scf.yield"(%a) : (i32) -> ()
  }, {
    %b = "arith.addi"(%a, %a) : (i32, i32) -> i32
    "scf.yield"(%b) : (i32) -> ()
  }) : (i1) -> i32
  return %r : i32
}

// CHECK-LABEL: func.func @same_source_name_in_sibling_regions(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT: %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[X]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[X_:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: scf.yield %[[X_]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// CHECK-NEXT: }
func.func @same_source_name_in_sibling_regions(%c: i1, %a: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x : i32
  } else {
    %x = arith.muli %a, %a : i32
    scf.yield %x : i32
  }
  return %r : i32
}
