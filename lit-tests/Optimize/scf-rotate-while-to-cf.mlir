// After rotation, convert-scf-to-cf lowers a for loop to a guarded do-while: the loop block
// ends in one conditional branch back to itself (upstream's DoWhileLowering), where the plain
// lowering has a header test plus an unconditional jump back from the body.
// RUN: %onnx-opt %s -scf-for-to-while -scf-rotate-while -convert-scf-to-cf | FileCheck %s
// RUN: %onnx-opt %s -convert-scf-to-cf | FileCheck %s --check-prefix=PLAIN
// The same CFG as upstream's passes in a row.
// RUN: %onnx-opt %s -scf-for-to-while -scf-rotate-while -convert-scf-to-cf > %t.ours
// RUN: %if mlir-upstream %{ %mlir-opt %s -scf-for-to-while | %mlir-opt -test-wrap-scf-while-loop-in-zero-trip-check -convert-scf-to-cf > %t.theirs %}
// RUN: %if mlir-upstream %{ diff %t.ours %t.theirs %}

// CHECK-LABEL: func.func @sum(
// CHECK-SAME:      %[[N:.*]]: index)
// CHECK:         %[[GUARD:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : index
// CHECK:         cf.cond_br %[[GUARD]], ^[[PRE:.*]], ^[[SKIP:.*]]
// CHECK:       ^[[PRE]]:
// CHECK-NEXT:    cf.br ^[[LOOP:bb[0-9]+]](
// CHECK:       ^[[LOOP]](%[[IV:.*]]: index, %[[ACC:.*]]: i64):
// CHECK-NEXT:    %[[NEXT:.*]] = arith.addi %[[IV]], %{{.*}} : index
// CHECK-NEXT:    %[[V:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[ACC]], %[[V]] : i64
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[C]], ^[[LOOP]](%[[NEXT]], %[[S]] : index, i64), ^{{.*}}
// CHECK-NOT:     cf.br ^[[LOOP]](
// CHECK:         return

// PLAIN-LABEL: func.func @sum(
// PLAIN:       ^[[HEAD:bb[0-9]+]](%{{.*}}: index, %{{.*}}: i64):
// PLAIN:         cf.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^{{.*}}
// PLAIN:       ^[[BODY]]:
// PLAIN:         cf.br ^[[HEAD]](
func.func @sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %v = arith.index_cast %i : index to i64
    %s = arith.addi %acc, %v : i64
    scf.yield %s : i64
  }
  return %r : i64
}
