// RUN: %onnx-opt %s --split-input-file | %onnx-opt --split-input-file | FileCheck %s
// RUN: %onnx-opt %s --split-input-file --mlir-print-op-generic | %onnx-opt --split-input-file | FileCheck %s

// scf.forall round-trips in both forms: `in (ubs)` when lower bounds are 0 and steps 1, the
// full `= (lbs) to (ubs) step (steps)` form otherwise; the terminator prints only when the
// loop has results.

// CHECK-LABEL: func @normalized
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (%arg2, 8) shared_outs(%[[O:.*]] = %arg1) -> (tensor<?x8xf32>) {
// CHECK:   %[[S:.*]] = tensor.extract_slice %arg0[%[[I]], %[[J]]] [1, 1] [1, 1]
// CHECK:   scf.forall.in_parallel {
// CHECK:     tensor.parallel_insert_slice %[[S]] into %[[O]][%[[I]], %[[J]]] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x8xf32>
// CHECK:   }
// CHECK: }
func.func @normalized(%in: tensor<?x8xf32>, %out: tensor<?x8xf32>, %n: index) -> tensor<?x8xf32> {
  %r = scf.forall (%i, %j) in (%n, 8) shared_outs(%o = %out) -> (tensor<?x8xf32>) {
    %s = tensor.extract_slice %in[%i, %j] [1, 1] [1, 1] : tensor<?x8xf32> to tensor<1x1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<?x8xf32>
    }
  }
  return %r : tensor<?x8xf32>
}

// CHECK-LABEL: func @bounds_and_steps
// CHECK: scf.forall (%{{.*}}) = (2) to (%arg0) step (3) {
// CHECK-NEXT: func.call @work
// CHECK-NEXT: }
func.func private @work(index)
func.func @bounds_and_steps(%n: index) {
  scf.forall (%i) = (2) to (%n) step (3) {
    func.call @work(%i) : (index) -> ()
  }
  return
}
