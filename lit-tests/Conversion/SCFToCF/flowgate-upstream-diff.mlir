// Our -convert-scf-to-cf output is byte-for-byte upstream's (but for the switch width below), compared in generic form on a
// mix of every lowered op, nested (for in for, if without else, while and do-while,
// multi-block execute_region, index_switch, 2-d parallel with two reductions).
// UNSUPPORTED: upstream-as-flowgate
// RUN: %onnx-opt %s -convert-scf-to-cf -mlir-print-op-generic > %t.ours
// One deliberate difference: upstream casts the index_switch flag to i32 (so case 2^32 matches
// 0); we switch on all 64 bits. The sed turns upstream's i32 switch into ours; the file has
// no other i32.
// RUN: %if mlir-upstream %{ %mlir-opt %s -convert-scf-to-cf -mlir-print-op-generic | sed -e 's/(index) -> i32/(index) -> i64/' -e 's/(i32) -> ()/(i64) -> ()/' -e 's/xi32>/xi64>/' > %t.theirs %}
// RUN: %if mlir-upstream %{ diff %t.ours %t.theirs %}
// RUN: %onnx-opt %s -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.

// CHECK-LABEL: func.func @mixed(
// CHECK:         cf.br ^bb1(%{{.*}}, %{{.*}} : index, index)
// CHECK:       ^bb1(%[[IV:.*]]: index, %[[ACC:.*]]: index):
// CHECK:         arith.cmpi slt, %[[IV]]
// CHECK:         cf.switch
// CHECK:         return
func.func @mixed(%lb: index, %ub: index, %st: index, %c: i1, %m: memref<?xindex>) -> index {
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %lb) -> (index) {
    %inner = scf.for %j = %i to %ub step %st iter_args(%a2 = %acc) -> (index) {
      scf.if %c {
        memref.store %j, %m[%j] : memref<?xindex>
      }
      %e = scf.execute_region -> index {
        %v = memref.load %m[%j] : memref<?xindex>
        cf.br ^bb1(%v : index)
      ^bb1(%w: index):
        %mx = arith.maxsi %w, %a2 : index
        scf.yield %mx : index
      }
      scf.yield %e : index
    }
    scf.yield %inner : index
  }
  %w:2 = scf.while (%a = %r, %b = %lb) : (index, index) -> (index, index) {
    scf.condition(%c) %a, %b : index, index
  } do {
  ^bb0(%p: index, %q: index):
    %n = arith.maxsi %p, %q : index
    scf.yield %n, %q : index, index
  }
  %dw = scf.while (%a = %w#0) : (index) -> index {
    scf.condition(%c) %a : index
  } do {
  ^bb0(%p: index):
    scf.yield %p : index
  }
  %s = scf.index_switch %w#1 -> index
  case 0 {
    scf.yield %lb : index
  }
  case 3 {
    %l = memref.load %m[%ub] : memref<?xindex>
    scf.yield %l : index
  }
  default {
    scf.yield %w#0 : index
  }
  %p:2 = scf.parallel (%x, %y) = (%lb, %lb) to (%ub, %ub) step (%st, %st) init (%s, %lb) -> (index, index) {
    %v = memref.load %m[%x] : memref<?xindex>
    scf.reduce(%v, %y : index, index) {
    ^bb0(%l: index, %rr: index):
      %mx = arith.maxsi %l, %rr : index
      scf.reduce.return %mx : index
    }, {
    ^bb0(%l: index, %rr: index):
      %mn = arith.minsi %l, %rr : index
      scf.reduce.return %mn : index
    }
  }
  %sum = arith.maxsi %p#0, %p#1 : index
  return %sum : index
}
