// RUN: %onnx-opt %s -split-input-file -scf-parallel-for-to-nested-fors | FileCheck %s --implicit-check-not=scf.parallel

// As upstream MLIR 22's -scf-parallel-for-to-nested-fors: one scf.for per dimension, dimension 0
// outermost. Upstream's pass leaves a loop with reductions as it is; this one converts it too,
// as -convert-scf-to-cf's first step does (upstream's and ours): each reduction accumulator is
// an iter_arg of every loop of the nest, the reduction region inlined after the body with
// lhs = the accumulator and rhs = the reduced value. -O2 runs it before the loop optimizations
// (crates/codegen/src/pipeline.rs).

// CHECK-LABEL: func.func @sum_of_squares(
// CHECK-SAME:      %[[M:.*]]: memref<?x?xf32>, %[[R:.*]]: index, %[[C:.*]]: index)
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         %[[OUT:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[R]] step %{{.*}} iter_args(%[[A:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:      %[[IN:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[C]] step %{{.*}} iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK-NEXT:        %[[X:.*]] = memref.load %[[M]][%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK-NEXT:        %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:        %[[T:.*]] = arith.addf %[[B]], %[[SQ]] : f32
// CHECK-NEXT:        scf.yield %[[T]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[IN]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[OUT]] : f32
func.func @sum_of_squares(%m: memref<?x?xf32>, %r: index, %c: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.parallel (%i, %j) = (%c0, %c0) to (%r, %c) step (%c1, %c1) init (%zero) -> f32 {
    %x = memref.load %m[%i, %j] : memref<?x?xf32>
    %sq = arith.mulf %x, %x : f32
    scf.reduce(%sq : f32) {
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      scf.reduce.return %t : f32
    }
  }
  return %s : f32
}

// -----

// A parallel loop nested in another (no reductions): the outer nest first, then the inner one,
// now inside the outer's innermost scf.for.

// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for %[[I:.*]] =
// CHECK-NEXT:      scf.for %[[J:.*]] =
// CHECK-NEXT:        memref.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]] : memref<?x?xindex>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @nested(%m: memref<?x?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      memref.store %i, %m[%i, %j] : memref<?x?xindex>
    }
  }
  return
}
