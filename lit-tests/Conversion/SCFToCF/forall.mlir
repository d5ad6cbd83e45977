// RUN: %onnx-opt %s -convert-scf-to-cf | FileCheck %s --implicit-check-not=scf.
// RUN: %onnx-run %s -e sum_of_products | FileCheck %s --check-prefix=EXEC
// RUN: %onnx-run -O2 %s -e sum_of_products | FileCheck %s --check-prefix=EXEC

// scf.forall without shared outputs lowers as upstream's -convert-scf-to-cf does: first to an
// scf.parallel over the same space (static bounds and steps become index constants, lower
// bounds, then upper bounds, then steps), then to a nest of loops, dimension 0 outermost.

// CHECK-LABEL: func.func @mixed_bounds(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: memref<?x8xindex>)
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         cf.br ^bb1(%[[C2]] : index)
// CHECK:       ^bb1(%[[I:.*]]: index):
// CHECK:         arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK:         cf.br ^bb3(%[[C0]] : index)
// CHECK:       ^bb3(%[[J:.*]]: index):
// CHECK:         arith.cmpi slt, %[[J]], %[[C8]] : index
// CHECK:         memref.store %[[J]], %[[M]][%[[I]], %[[J]]]
// CHECK:         arith.addi %[[J]], %[[C1]] : index
// CHECK:         arith.addi %[[I]], %[[C3]] : index
// CHECK:         return
func.func @mixed_bounds(%n: index, %m: memref<?x8xindex>) {
  scf.forall (%i, %j) = (2, 0) to (%n, 8) step (3, 1) {
    memref.store %j, %m[%i, %j] : memref<?x8xindex>
  }
  return
}

// The lowered loop runs: the sum over i in [0, 4), j in [0, 5) of i * j is 6 * 10 = 60.
// EXEC: 60
func.func @sum_of_products() -> index {
  %c0 = arith.constant 0 : index
  %acc = memref.alloca() : memref<index>
  memref.store %c0, %acc[] : memref<index>
  scf.forall (%i, %j) in (4, 5) {
    %p = arith.muli %i, %j : index
    %old = memref.load %acc[] : memref<index>
    %new = arith.addi %old, %p : index
    memref.store %new, %acc[] : memref<index>
  }
  %r = memref.load %acc[] : memref<index>
  return %r : index
}
