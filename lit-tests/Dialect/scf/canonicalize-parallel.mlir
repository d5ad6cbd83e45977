// RUN: %onnx-opt %s -split-input-file -canonicalize | FileCheck %s

// scf.parallel: dimensions that run once are bound to their lower bound; with none left the
// body and the reductions run inline; a loop whose body is only another loop becomes one loop.

// CHECK-LABEL: func.func @one_dim_once(
// CHECK-SAME:    %[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[V:.*]]: f32)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C4:.*]] = arith.constant 4 : index
// CHECK:         scf.parallel (%[[J:.*]]) = (%[[C0]]) to (%[[N]]) step (%[[C1]]) {
// CHECK-NEXT:      memref.store %[[V]], %[[M]][%[[C4]], %[[J]]]
func.func @one_dim_once(%m: memref<?x?xf32>, %n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  scf.parallel (%i, %j) = (%c4, %c0) to (%c6, %n) step (%c4, %c1) {
    memref.store %v, %m[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return
}

// -----

// CHECK-LABEL: func.func @all_once(
// CHECK-SAME:    %[[INIT:.*]]: index)
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %[[S:.*]] = arith.maxsi %[[INIT]], %[[C2]] : index
// CHECK-NEXT:    return %[[S]]
func.func @all_once(%init: index) -> index {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %r = scf.parallel (%i) = (%c2) to (%c3) step (%c2) init (%init) -> index {
    scf.reduce(%i : index) {
    ^bb0(%a: index, %b: index):
      %m = arith.maxsi %a, %b : index
      scf.reduce.return %m : index
    }
  }
  return %r : index
}

// -----

// CHECK-LABEL: func.func @nested(
// CHECK:         scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) {
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NOT:     scf.parallel
func.func @nested(%m: memref<?x?xf32>, %a: index, %b: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    scf.parallel (%j) = (%c0) to (%b) step (%c1) {
      memref.store %v, %m[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A single-trip loop that yields its iter_arg yields the init.
// CHECK-LABEL: func.func @single_trip_forward(
// CHECK-SAME:    %[[A:.*]]: i32)
// CHECK-NEXT:    return %[[A]] : i32
func.func @single_trip_forward(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a) -> i32 {
    scf.yield %x : i32
  }
  return %r : i32
}
