// RUN: %onnx-opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// A branch to a block whose only predecessor is the branch merges the two.
// CHECK-LABEL: func @br_merges_blocks
// CHECK-SAME: (%[[A:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[R]] : i32
func.func @br_merges_blocks(%a: i32) -> i32 {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32):
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}

// -----

// Blocks that only forward are skipped; the branches then reach the same block and become a
// select.
// CHECK-LABEL: func @br_passthrough
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[S]] : i32
func.func @br_passthrough(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%x: i32):
  return %x : i32
}

// -----

// Only the forwarding block is skipped; the other successor stays.
// CHECK-LABEL: func @cond_br_passthrough_one_side
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32)
// CHECK-NEXT: cf.cond_br %[[C]], ^[[X:bb[0-9]+]](%[[A]] : i32), ^[[Y:bb[0-9]+]]
// CHECK-DAG: ^[[X]](%[[V:.*]]: i32):
// CHECK-DAG: return %[[V]] : i32
// CHECK-DAG: ^[[Y]]:
// CHECK-DAG: "test.use"
func.func @cond_br_passthrough_one_side(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%a : i32)
^bb2:
  "test.use"() : () -> ()
  cf.br ^bb3(%a : i32)
^bb3(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func @cond_br_true
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: return %[[A]] : i32
func.func @cond_br_true(%a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func @cond_br_false
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: return %[[B]] : i32
func.func @cond_br_false(%a: i32, %b: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}

// -----

// CHECK-LABEL: func @cond_br_same_successor
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: i32)
// CHECK-NEXT: return %[[A]] : i32
func.func @cond_br_same_successor(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  return %x : i32
}

// -----

// The loop header has two predecessors, so it is not merged.
// CHECK-LABEL: func @loop_kept
// CHECK: cf.br ^[[H:.*]](%{{.*}} : i32)
// CHECK: ^[[H]](%{{.*}}: i32):
// CHECK: cf.cond_br
func.func @loop_kept(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %next = arith.addi %i, %c1 : i32
  cf.br ^bb1(%next : i32)
^bb3:
  return %i : i32
}

// -----

// CHECK-LABEL: func @assert_true
// CHECK-NEXT: return
func.func @assert_true() {
  %t = arith.constant true
  cf.assert %t, "never fires"
  return
}

// -----

// CHECK-LABEL: func @assert_kept
// CHECK-NEXT: cf.assert %{{.*}}, "may fire"
func.func @assert_kept(%c: i1) {
  cf.assert %c, "may fire"
  return
}
