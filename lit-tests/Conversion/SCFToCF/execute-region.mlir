// RUN: %onnx-opt %s -split-input-file -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// scf.execute_region lowers as upstream MLIR 22's -convert-scf-to-cf does it:
// the region's blocks are inlined between a cf.br from the current block and
// a continuation block; each scf.yield becomes cf.br ^cont(%yielded...), and
// ^cont(%results...) holds the ops after the execute_region. A single-block
// region still gets both branches (-convert-scf-to-cf does not canonicalize).

// CHECK-LABEL: func.func @execute_region_single_block(
// CHECK-SAME:      %[[A:.*]]: i64) -> i64
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[X:.*]] = arith.addi %[[A]], %[[A]] : i64
// CHECK-NEXT:    cf.br ^bb2(%[[X]] : i64)
// CHECK-NEXT:  ^bb2(%[[R:.*]]: i64):
// CHECK-NEXT:    return %[[R]] : i64
func.func @execute_region_single_block(%a: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    %x = arith.addi %a, %a : i64
    scf.yield %x : i64
  }
  return %r : i64
}

// -----

// CHECK-LABEL: func.func @execute_region_multi_block(
// CHECK-SAME:      %[[C:.*]]: i1, %[[A:.*]]: i64, %[[B:.*]]: i64) -> i64
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.cond_br %[[C]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb4(%[[A]] : i64)
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    cf.br ^bb4(%[[B]] : i64)
// CHECK-NEXT:  ^bb4(%[[R:.*]]: i64):
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[R]], %[[A]] : i64
// CHECK-NEXT:    return %[[S]] : i64
func.func @execute_region_multi_block(%c: i1, %a: i64, %b: i64) -> i64 {
  %r = scf.execute_region -> i64 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i64
  ^bb2:
    scf.yield %b : i64
  }
  %s = arith.addi %r, %a : i64
  return %s : i64
}

// -----

// CHECK-LABEL: func.func @execute_region_no_results(
// CHECK-SAME:      %[[A:.*]]: i64, %[[M:.*]]: memref<i64>)
// CHECK-NEXT:    cf.br ^bb1
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    memref.store %[[A]], %[[M]][] : memref<i64>
// CHECK-NEXT:    cf.br ^bb2
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return
func.func @execute_region_no_results(%a: i64, %m: memref<i64>) {
  scf.execute_region {
    memref.store %a, %m[] : memref<i64>
    scf.yield
  }
  return
}
