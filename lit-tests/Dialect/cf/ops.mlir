// RUN: %onnx-opt %s | %onnx-opt | FileCheck %s
// RUN: %onnx-opt %s --mlir-print-op-generic | %onnx-opt | FileCheck %s

// cf.br, cf.cond_br (operands on both sides, branch weights), cf.switch and cf.assert.
// Blocks print as ^bbN in order, with a comment listing their predecessors sorted by number:
// `// pred: ^bb0`, `// 2 preds: ^bb0, ^bb1`, `// no predecessors`. cf.switch prints its case
// values as unsigned numbers (-7 : i32 as 4294967289), and a default-only switch closes its
// bracket on the `default:` line.


// CHECK-LABEL: func.func @br(
// CHECK-SAME: ) {
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @br() {
  cf.br ^bb1
^bb1:
  return
}

// CHECK-LABEL: func.func @br_with_operands(
// CHECK-SAME: %[[A:.*]]: i32, %[[X:.*]]: f32) -> (i32, f32) {
// CHECK-NEXT: cf.br ^bb1(%[[A]], %[[X]] : i32, f32)
// CHECK-NEXT: ^bb1(%[[B:.*]]: i32, %[[Y:.*]]: f32):  // pred: ^bb0
// CHECK-NEXT: return %[[B]], %[[Y]] : i32, f32
// CHECK-NEXT: }
func.func @br_with_operands(%a: i32, %x: f32) -> (i32, f32) {
  cf.br ^bb1(%a, %x : i32, f32)
^bb1(%b: i32, %y: f32):
  return %b, %y : i32, f32
}

// CHECK-LABEL: func.func @cond_br(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i64) -> i32 {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[A]] : i32), ^bb2(%[[B]], %[[A]] : i64, i32)
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NEXT: ^bb2(%[[Y:.*]]: i64, %[[Z:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT: return %[[Z]] : i32
// CHECK-NEXT: }
func.func @cond_br(%c: i1, %a: i32, %b: i64) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%b, %a : i64, i32)
^bb1(%x: i32):
  return %x : i32
^bb2(%y: i64, %z: i32):
  return %z : i32
}

// CHECK-LABEL: func.func @cond_br_no_operands(
// CHECK-SAME: %[[C:.*]]: i1) {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb1
// CHECK-NEXT: ^bb1:  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_no_operands(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb1
^bb1:
  return
}

// CHECK-LABEL: func.func @cond_br_weights(
// CHECK-SAME: %[[C:.*]]: i1) {
// CHECK-NEXT: cf.cond_br %[[C]] weights([90, 10]), ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @cond_br_weights(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2 {branch_weights = array<i32: 90, 10>}
^bb1:
  return
^bb2:
  return
}

// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[N:.*]]: index) -> index {
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: cf.br ^bb1(%[[C0]], %[[C0]] : index, index)
// CHECK-NEXT: ^bb1(%[[I:.*]]: index, %[[ACC:.*]]: index):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT: %[[COND:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: cf.cond_br %[[COND]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT: %[[ACC2:.*]] = arith.addi %[[ACC]], %[[I]] : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT: cf.br ^bb1(%[[NEXT]], %[[ACC2]] : index, index)
// CHECK-NEXT: ^bb3:  // pred: ^bb1
// CHECK-NEXT: return %[[ACC]] : index
// CHECK-NEXT: }
func.func @loop(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^header(%c0, %c0 : index, index)
^header(%i: index, %acc: index):
  %cond = arith.cmpi slt, %i, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %acc2 = arith.addi %acc, %i : index
  %next = arith.addi %i, %c1 : index
  cf.br ^header(%next, %acc2 : index, index)
^exit:
  return %acc : index
}

// CHECK-LABEL: func.func @switch(
// CHECK-SAME: %[[FLAG:.*]]: i32, %[[A:.*]]: i32, %[[X:.*]]: f32) -> f32 {
// CHECK-NEXT: cf.switch %[[FLAG]] : i32, [
// CHECK-NEXT: default: ^bb1(%[[X]] : f32),
// CHECK-NEXT: 0: ^bb2(%[[A]] : i32),
// CHECK-NEXT: 42: ^bb3,
// CHECK-NEXT: 4294967289: ^bb1(%[[X]] : f32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%[[Y:.*]]: f32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT: return %[[Y]] : f32
// CHECK-NEXT: ^bb2(%[[B:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[B]] : i32 to f32
// CHECK-NEXT: return %[[F]] : f32
// CHECK-NEXT: ^bb3:  // pred: ^bb0
// CHECK-NEXT: return %[[X]] : f32
// CHECK-NEXT: }
func.func @switch(%flag: i32, %a: i32, %x: f32) -> f32 {
  cf.switch %flag : i32, [
    default: ^bb1(%x : f32),
    0: ^bb2(%a : i32),
    42: ^bb3,
    -7: ^bb1(%x : f32)
  ]
^bb1(%y: f32):
  return %y : f32
^bb2(%b: i32):
  %f = arith.sitofp %b : i32 to f32
  return %f : f32
^bb3:
  return %x : f32
}

// CHECK-LABEL: func.func @switch_default_only(
// CHECK-SAME: %[[FLAG:.*]]: i64) {
// CHECK-NEXT: cf.switch %[[FLAG]] : i64, [
// CHECK-NEXT: default: ^bb1]
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @switch_default_only(%flag: i64) {
  cf.switch %flag : i64, [
    default: ^bb1
  ]
^bb1:
  return
}

// CHECK-LABEL: func.func @assert(
// CHECK-SAME: %[[C:.*]]: i1) {
// CHECK-NEXT: cf.assert %[[C]], "expected \22c\22 to hold\0A"
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assert(%c: i1) {
  cf.assert %c, "expected \"c\" to hold\n"
  return
}

// CHECK-LABEL: func.func @many_predecessors(
// CHECK-SAME: %[[C:.*]]: i1, %[[D:.*]]: i1) {
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %[[D]], ^bb2, ^bb3
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @many_predecessors(%c: i1, %d: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %d, ^bb2, ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  return
}

// CHECK-LABEL: func.func @forward_and_unreachable(
// CHECK-SAME: ) {
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb1:  // no predecessors
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @forward_and_unreachable() {
  cf.br ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  return
}
