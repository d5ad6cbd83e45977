// RUN: %onnx-opt %s --canonicalize --split-input-file | FileCheck %s

// Constant bounds and steps become static entries (and the loop prints in its `in` form);
// other operands stay.
// CHECK-LABEL: func @constant_bounds
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%arg2, 10) shared_outs
func.func @constant_bounds(%in: tensor<?x10xf32>, %out: tensor<?x10xf32>, %n: index) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.forall (%i, %j) = (%c0, %c0) to (%n, %c10) step (%c1, %c1) shared_outs(%o = %out) -> (tensor<?x10xf32>) {
    %s = tensor.extract_slice %in[%i, %j] [1, 1] [1, 1] : tensor<?x10xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x10xf32>
    }
  }
  return %r : tensor<?x10xf32>
}

// -----

// A shared output cast to a less static type is used directly; the result is cast back.
// CHECK-LABEL: func @fold_output_cast
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]]) in (2) shared_outs(%[[O:.*]] = %arg0) -> (tensor<2xi32>)
// CHECK:   tensor.parallel_insert_slice %{{.*}} into %[[O]][%[[I]]] [1] [1] : tensor<1xi32> into tensor<2xi32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<2xi32> to tensor<?xi32>
// CHECK: return %[[C]]
func.func @fold_output_cast(%out: tensor<2xi32>) -> tensor<?xi32> {
  %cst = arith.constant dense<[7]> : tensor<1xi32>
  %out_cast = tensor.cast %out : tensor<2xi32> to tensor<?xi32>
  %r = scf.forall (%i) = (0) to (2) step (1) shared_outs(%o = %out_cast) -> tensor<?xi32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %cst into %o[%i] [1] [1] : tensor<1xi32> into tensor<?xi32>
    }
  }
  return %r : tensor<?xi32>
}

// A cast to a more static type is not folded.
// CHECK-LABEL: func @keep_output_cast
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<?xi32> to tensor<2xi32>
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %[[C]]) -> (tensor<2xi32>)
func.func @keep_output_cast(%out: tensor<?xi32>) -> tensor<2xi32> {
  %cst = arith.constant dense<[7]> : tensor<1xi32>
  %out_cast = tensor.cast %out : tensor<?xi32> to tensor<2xi32>
  %r = scf.forall (%i) in (2) shared_outs(%o = %out_cast) -> tensor<2xi32> {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %cst into %o[%i] [1] [1] : tensor<1xi32> into tensor<2xi32>
    }
  }
  return %r : tensor<2xi32>
}

// -----

// The size of a result is the size of its shared output.
// CHECK-LABEL: func @dim_of_result
// CHECK: %[[D:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?x?xf32>
// CHECK: return %[[D]]
func.func @dim_of_result(%in: tensor<1x5xf32>, %out: tensor<?x?xf32>, %n: index) -> index {
  %c1 = arith.constant 1 : index
  %r = scf.forall (%i) in (%n) shared_outs(%o = %out) -> (tensor<?x?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %in into %o[%i, 0] [1, 5] [1, 1] : tensor<1x5xf32> into tensor<?x?xf32>
    }
  }
  %d = tensor.dim %r, %c1 : tensor<?x?xf32>
  return %d : index
}
